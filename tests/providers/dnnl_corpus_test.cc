// Every corpus model matches ONNX Runtime's outputs with the dnnl provider first (dnnl, cpu,
// reference) at every optimization level (rtol 1e-3, atol 1e-4, as the default-order corpus test).
#include <gtest/gtest.h>

#include "api/conformance.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

TEST(DnnlCorpusTest, EveryModelMatchesOnnxRuntimeAtEveryLevel) {
  const auto models = testing::CorpusModels();
  if (models.empty()) GTEST_SKIP() << "../shared/corpus is absent: corpus outputs not checked";
  for (const char* level : {"disabled", "basic", "extended", "layout"}) {
    ConformanceOptions opt;
    opt.atol = 1e-4;
    opt.threads = 2;
    opt.level = level;
    opt.providers = {"dnnl", "cpu", "reference"};
    for (const auto& dir : models) {
      const ConformanceCase c = RunConformanceTest(dir, opt);
      EXPECT_EQ(c.status, "pass") << dir << " at " << level << ": " << c.reason;
      std::printf("[ %s @ %s ] %s in %.2f s\n", c.name.c_str(), level, c.status.c_str(), c.seconds);
    }
  }
}

}  // namespace
}  // namespace onnxlens::api
