// The passes layer uses ir (and common) only: no kernels, providers, runtime, onnx or api header
// anywhere in core/passes, so constant folding can only compute through a ConstantEvaluator.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "test_paths.h"

namespace onnxlens::passes {
namespace {

TEST(PassesLayer, IncludesOnlyIrCommonAndPassesHeaders) {
  static const std::regex kInclude(R"(^\s*#\s*include\s*"([^"]+)\")");
  static const std::regex kAllowed(R"(^(common|ir|passes)/.*)");
  int files = 0;
  for (const auto& e :
       std::filesystem::directory_iterator(::onnxlens::testing::SourceDir() / "core/passes")) {
    const auto ext = e.path().extension();
    if (ext != ".h" && ext != ".cc") continue;
    ++files;
    std::ifstream f(e.path());
    std::string line;
    while (std::getline(f, line)) {
      std::smatch m;
      if (!std::regex_search(line, m, kInclude)) continue;
      EXPECT_TRUE(std::regex_match(m[1].str(), kAllowed))
          << e.path().filename() << " includes \"" << m[1] << "\": passes may use ir only";
    }
  }
  EXPECT_GT(files, 10);
}

}  // namespace
}  // namespace onnxlens::passes
