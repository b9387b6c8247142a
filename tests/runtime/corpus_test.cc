// Every corpus model runs and matches ONNX Runtime's reference outputs (rtol 1e-3, atol 1e-4).
#include <gtest/gtest.h>

#include "api/conformance.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

TEST(CorpusTest, EveryModelMatchesOnnxRuntime) {
  const auto models = testing::CorpusModels();
  if (models.empty()) GTEST_SKIP() << "../shared/corpus is absent: corpus outputs not checked";
  ConformanceOptions opt;
  opt.atol = 1e-4;
  opt.threads = 2;
  for (const auto& dir : models) {
    const ConformanceCase c = RunConformanceTest(dir, opt);
    EXPECT_EQ(c.status, "pass") << dir << ": " << c.reason;
    std::printf("[ %s ] %s in %.2f s\n", c.name.c_str(), c.status.c_str(), c.seconds);
  }
}

TEST(CorpusTest, ReferenceProviderAloneAgreesOnSqueezenet) {
  const auto dir = testing::CorpusDir() / "squeezenet1_1";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "../shared/corpus is absent";
  ConformanceOptions opt;
  opt.atol = 1e-4;
  opt.providers = {"reference"};
  const ConformanceCase c = RunConformanceTest(dir, opt);
  EXPECT_EQ(c.status, "pass") << c.reason;
}

}  // namespace
}  // namespace onnxlens::api
