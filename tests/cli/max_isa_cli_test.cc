// --max-isa and ONNXLENS_MAX_ISA on the CLI (issue 35): bench records the instruction set it ran
// with, in text and JSON; the profile trace's metadata likewise; unknown values are usage errors.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/cli_run.h"
#include "common/cpu_isa.h"
#include "test_paths.h"

namespace onnxlens {
namespace {

// Sets ONNXLENS_MAX_ISA for the child processes of one test, then restores it.
class ScopedEnv {
 public:
  explicit ScopedEnv(const char* value) {
    if (const char* v = std::getenv("ONNXLENS_MAX_ISA")) old_ = v;
    had_ = std::getenv("ONNXLENS_MAX_ISA") != nullptr;
    if (value)
      setenv("ONNXLENS_MAX_ISA", value, 1);
    else
      unsetenv("ONNXLENS_MAX_ISA");
  }
  ~ScopedEnv() {
    if (had_)
      setenv("ONNXLENS_MAX_ISA", old_.c_str(), 1);
    else
      unsetenv("ONNXLENS_MAX_ISA");
  }

 private:
  std::string old_;
  bool had_ = false;
};

TEST(CliMaxIsa, BenchJsonCarriesTheInstructionSetItRanWith) {
  ScopedEnv env(nullptr);
  const std::string m = Q(testing::SampleModel());
  CliRun sse4 = RunCli("bench " + m + " --runs 1 --warmup 1 --threads 1 --max-isa sse4 --json");
  ASSERT_EQ(sse4.exit_code, 0) << sse4.err;
  EXPECT_EQ(nlohmann::json::parse(sse4.out)["results"][0]["cpu_isa"], "sse4");
  CliRun native = RunCli("bench " + m + " --runs 1 --warmup 1 --threads 1 --json");
  ASSERT_EQ(native.exit_code, 0) << native.err;
  EXPECT_EQ(nlohmann::json::parse(native.out)["results"][0]["cpu_isa"], IsaName(HostIsa()));
  if (static_cast<int>(HostIsa()) >= static_cast<int>(Isa::kAvx2)) {
    CliRun avx2 = RunCli("bench " + m + " --runs 1 --warmup 1 --threads 1 --max-isa avx2");
    ASSERT_EQ(avx2.exit_code, 0) << avx2.err;
    EXPECT_TRUE(Has(avx2.out, "avx2 (capped")) << avx2.out;
  }
}

TEST(CliMaxIsa, TheEnvironmentVariableCapsAndTheOptionWins) {
  const std::string m = Q(testing::SampleModel());
  ScopedEnv env("sse4");
  CliRun r = RunCli("bench " + m + " --runs 1 --warmup 1 --threads 1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["results"][0]["cpu_isa"], "sse4");
  if (static_cast<int>(HostIsa()) >= static_cast<int>(Isa::kAvx2)) {
    CliRun o = RunCli("bench " + m + " --runs 1 --warmup 1 --threads 1 --max-isa avx2 --json");
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(nlohmann::json::parse(o.out)["results"][0]["cpu_isa"], "avx2");
  }
}

TEST(CliMaxIsa, ProfileTraceMetadataRecordsTheInstructionSet) {
  ScopedEnv env(nullptr);
  testing::TempDir tmp;
  const auto trace = tmp.path() / "t.json";
  CliRun r =
      RunCli("profile " + Q(testing::SampleModel()) + " --runs 1 --max-isa sse4 -o " + Q(trace));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(trace);
  const auto j = nlohmann::json::parse(in);
  ASSERT_TRUE(j.contains("otherData")) << j.dump().substr(0, 300);
  EXPECT_EQ(j["otherData"]["cpu_isa"], "sse4");
}

TEST(CliMaxIsa, UnknownValuesAreUsageErrors) {
  const std::string m = Q(testing::SampleModel());
  {
    ScopedEnv env(nullptr);
    for (const char* verb : {"run", "bench", "profile"}) {
      CliRun r = RunCli(std::string(verb) + " " + m + " --max-isa avx3");
      EXPECT_EQ(r.exit_code, 2) << verb;
      EXPECT_TRUE(Has(r.err, "--max-isa")) << verb << ": " << r.err;
    }
  }
  ScopedEnv env("AVX2");
  CliRun r = RunCli("run " + m);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(Has(r.err, "ONNXLENS_MAX_ISA")) << r.err;
  EXPECT_TRUE(Has(r.err, "'AVX2'")) << r.err;
}

}  // namespace
}  // namespace onnxlens
