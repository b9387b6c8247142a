// The instruction-set cap (common/cpu_isa.h): every ONNXLENS_MAX_ISA value parsed and bad ones
// refused with the accepted list; a cap lowers EffectiveIsa() and the dispatch that consults it
// (the AVX2 element-wise paths, the NCHWc block), never above what the host has.
#include "common/cpu_isa.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include "ir/nchwc.h"
#include "kernels/cpu/vec_math_avx2.h"

namespace onnxlens {
namespace {

constexpr Isa kAll[] = {Isa::kSse4, Isa::kAvx2, Isa::kAvx2Vnni, Isa::kAvx512, Isa::kAvx512Vnni};

// Restores the cap the process started with (the ctest `_avx2` runs set ONNXLENS_MAX_ISA).
class CpuIsaTest : public ::testing::Test {
 protected:
  void SetUp() override { saved_ = MaxIsa(); }
  void TearDown() override { SetMaxIsa(saved_); }
  std::optional<Isa> saved_;
};

TEST_F(CpuIsaTest, ParsesEveryNameAndPrintsItBack) {
  for (Isa isa : kAll) {
    auto p = ParseIsa(IsaName(isa));
    ASSERT_TRUE(p.ok()) << IsaName(isa);
    EXPECT_EQ(*p, isa);
  }
  EXPECT_EQ(IsaName(Isa::kAvx2), "avx2");
  EXPECT_EQ(IsaName(Isa::kAvx512Vnni), "avx512_vnni");
}

TEST_F(CpuIsaTest, RefusesUnknownNamesListingTheAcceptedOnes) {
  for (const char* bad : {"", "AVX2", "avx", "avx-512", "avx512f", "sse4.1", "avx2 ", "native"}) {
    auto p = ParseIsa(bad);
    ASSERT_FALSE(p.ok()) << bad;
    EXPECT_EQ(p.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(p.status().message().find("sse4, avx2, avx2_vnni, avx512 or avx512_vnni"),
              std::string::npos)
        << p.status().message();
  }
}

TEST_F(CpuIsaTest, TheEnvironmentVariableIsReadAndABadValueNamesIt) {
  const char* old = std::getenv("ONNXLENS_MAX_ISA");
  const std::string before = old ? old : "";
  setenv("ONNXLENS_MAX_ISA", "avx2", 1);
  auto ok = MaxIsaFromEnvironment();
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok, std::optional<Isa>(Isa::kAvx2));
  setenv("ONNXLENS_MAX_ISA", "avx3", 1);
  auto bad = MaxIsaFromEnvironment();
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("ONNXLENS_MAX_ISA"), std::string::npos);
  EXPECT_NE(bad.status().message().find("'avx3'"), std::string::npos);
  setenv("ONNXLENS_MAX_ISA", "", 1);
  auto empty = MaxIsaFromEnvironment();
  ASSERT_TRUE(empty.ok());
  EXPECT_FALSE(empty->has_value());
  if (old)
    setenv("ONNXLENS_MAX_ISA", before.c_str(), 1);
  else
    unsetenv("ONNXLENS_MAX_ISA");
}

TEST_F(CpuIsaTest, ACapLowersTheEffectiveIsaButNeverRaisesIt) {
  SetMaxIsa(std::nullopt);
  EXPECT_EQ(EffectiveIsa(), HostIsa());
  for (Isa cap : kAll) {
    SetMaxIsa(cap);
    EXPECT_EQ(MaxIsa(), std::optional<Isa>(cap));
    EXPECT_LE(static_cast<int>(EffectiveIsa()), static_cast<int>(cap)) << IsaName(cap);
    EXPECT_LE(static_cast<int>(EffectiveIsa()), static_cast<int>(HostIsa())) << IsaName(cap);
  }
  SetMaxIsa(Isa::kSse4);
  EXPECT_EQ(EffectiveIsa(), Isa::kSse4);
  EXPECT_FALSE(IsaAllows(Isa::kAvx2));
  if (static_cast<int>(HostIsa()) >= static_cast<int>(Isa::kAvx2)) {
    SetMaxIsa(Isa::kAvx2);
    EXPECT_EQ(EffectiveIsa(), Isa::kAvx2);
    EXPECT_TRUE(IsaAllows(Isa::kAvx2));
    EXPECT_FALSE(IsaAllows(Isa::kAvx512));
    EXPECT_FALSE(IsaHasVnni(EffectiveIsa()));
  }
}

TEST_F(CpuIsaTest, TheCapLowersOurOwnDispatch) {
  SetMaxIsa(Isa::kSse4);
  EXPECT_EQ(ir::NchwcBlockSize(), 0);
#ifdef OL_VEC_AVX2
  EXPECT_FALSE(kernels::vec::HasAvx2Fma());
#endif
  if (static_cast<int>(HostIsa()) < static_cast<int>(Isa::kAvx2)) return;
  SetMaxIsa(Isa::kAvx2);
  EXPECT_EQ(ir::NchwcBlockSize(), 8);
#ifdef OL_VEC_AVX2
  EXPECT_TRUE(kernels::vec::HasAvx2Fma());
#endif
  if (static_cast<int>(HostIsa()) >= static_cast<int>(Isa::kAvx512)) {
    SetMaxIsa(Isa::kAvx512Vnni);
    EXPECT_EQ(ir::NchwcBlockSize(), 16);
  }
}

}  // namespace
}  // namespace onnxlens
