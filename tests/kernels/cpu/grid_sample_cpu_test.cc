// The cpu GridSample kernel against the reference kernel: every mode x padding x align_corners,
// N 1..2, C 1 / 3 / 13, outputs 1x1 / 7x13 / 31x17, grids reaching past [-1, 1] (random, and on
// a 1/8 lattice that lands on half pixels, where nearest rounds half to even).
// Tolerance: |cpu - ref| <= 1e-5 + 1e-4 |ref| (float weights and sums against double).
#include <string>

#include "kernels/cpu/cpu_vs_reference.h"
#include "kernels/tensor_util.h"

namespace onnxlens::testing {
namespace {

using kernels::ShapeString;

// A grid of normalized coordinates k / 8 for k in [-12, 12] (cycling), shape [N, Ho, Wo, 2].
ir::Tensor LatticeGrid(int64_t n, int64_t ho, int64_t wo) {
  ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kFloat, {n, ho, wo, 2}).value();
  for (int64_t i = 0; i < t.numel(); ++i)
    t.mutable_data<float>()[i] = static_cast<float>((i * 7) % 25 - 12) / 8.f;
  return t;
}

TEST(GridSampleCpu, MatchesReferenceOnOddShapes) {
  struct Shape {
    int64_t n, c, h, w, ho, wo;
  };
  const Shape shapes[] = {{1, 1, 1, 1, 1, 1},
                          {2, 3, 5, 4, 7, 13},
                          {1, 13, 9, 11, 31, 17},
                          {2, 1, 17, 3, 1, 1},
                          {1, 3, 1, 6, 7, 13},
                          {2, 13, 4, 7, 31, 17},
                          // >= 16384 outputs, 9 blocks of 512 pixels per image: the pool's split
                          {2, 3, 9, 11, 64, 67}};
  uint32_t seed = 1;
  for (const char* mode : {"bilinear", "nearest", "bicubic"})
    for (const char* padding : {"zeros", "border", "reflection"})
      for (int64_t align : {0, 1})
        for (const Shape& s : shapes)
          for (bool lattice : {false, true}) {
            const ir::Tensor x = RandomTensor({s.n, s.c, s.h, s.w}, seed++, -2, 2);
            const ir::Tensor grid = lattice
                                        ? LatticeGrid(s.n, s.ho, s.wo)
                                        : RandomTensor({s.n, s.ho, s.wo, 2}, seed++, -1.7f, 1.7f);
            const std::string what = std::string(mode) + " " + padding +
                                     " align_corners=" + std::to_string(align) + " X " +
                                     ShapeString(x.dims()) + " grid " + ShapeString(grid.dims()) +
                                     (lattice ? " (lattice)" : "");
            HostileRun r{"GridSample",
                         {x, grid},
                         {AString("mode", mode), AString("padding_mode", padding),
                          AInt("align_corners", align)},
                         1,
                         16,
                         ""};
            ExpectCpuMatchesReference(r, 1e-4, 1e-5, what);
          }
}

TEST(GridSampleCpu, NonFiniteGridPointsReadZero) {
  ir::Tensor grid =
      Values<float>(ir::DataType::kFloat, {1, 1, 3, 2}, {NAN, 0.f, 0.f, INFINITY, 0.25f, -0.5f});
  for (const char* padding : {"zeros", "border", "reflection"}) {
    HostileRun r{"GridSample",
                 {RandomTensor({1, 2, 4, 5}, 9), grid},
                 {AString("padding_mode", padding)},
                 1,
                 16,
                 ""};
    ExpectCpuMatchesReference(r, 1e-4, 1e-5, padding);
  }
}

TEST(GridSampleCpu, PaddingZerosReadNothingOfTheInput) {
  // Infinite and NaN pixels, every grid point outside: zeros padding gives 0 (not 0 * inf).
  ir::Tensor x = Values<float>(ir::DataType::kFloat, {1, 1, 2, 2}, {INFINITY, NAN, -INFINITY, 1});
  const ir::Tensor grid =
      Values<float>(ir::DataType::kFloat, {1, 1, 3, 2}, {-5.f, 0.f, 0.f, 7.f, 3.f, -3.f});
  for (const char* mode : {"bilinear", "nearest", "bicubic"}) {
    auto cpu = RunKernel(kernels::kCpuProvider,
                         {"GridSample", {x, grid}, {AString("mode", mode)}, 1, 16, ""}, nullptr);
    ASSERT_TRUE(cpu.ok()) << cpu.status().message();
    for (int i = 0; i < 3; ++i) EXPECT_EQ(cpu->tensor.data<float>()[i], 0.f) << mode << " " << i;
  }
}

TEST(GridSampleCpu, DeclinesAFloat64GridWithASentence) {
  // X float32 with a float64 grid (T2 may differ from T1): the reference kernel runs it.
  const ir::Tensor grid = Values<double>(ir::DataType::kDouble, {1, 1, 1, 2}, {0, 0});
  const HostileRun r{"GridSample", {RandomTensor({1, 1, 2, 2}, 3), grid}, {}, 1, 16, ""};
  auto cpu = RunKernel(kernels::kCpuProvider, r, nullptr);
  ASSERT_FALSE(cpu.ok());
  EXPECT_EQ(cpu.status().code(), StatusCode::kUnsupported);
  EXPECT_THAT(cpu.status().message(), ::testing::HasSubstr("the cpu kernel takes float32"));
  EXPECT_TRUE(RunKernel(kernels::kReferenceProvider, r, nullptr).ok());
}

}  // namespace
}  // namespace onnxlens::testing
