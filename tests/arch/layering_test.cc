// Architecture rules checked on the source tree: core/ never includes Qt; widgets/ and app/
// reach core only through core/api (and core/common); core/api's headers hold no profiling or
// layout header (their plain data is in core/common).
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "test_paths.h"

namespace onnxlens {
namespace {

namespace fs = std::filesystem;

std::vector<std::pair<fs::path, std::string>> IncludesUnder(const fs::path& dir) {
  std::vector<std::pair<fs::path, std::string>> out;
  static const std::regex kInclude(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const auto ext = e.path().extension();
    if (ext != ".h" && ext != ".cc" && ext != ".cpp") continue;
    std::ifstream f(e.path());
    std::string line;
    while (std::getline(f, line)) {
      std::smatch m;
      if (std::regex_search(line, m, kInclude)) out.emplace_back(e.path(), m[1]);
    }
  }
  return out;
}

TEST(LayeringTest, CoreIncludesNoQtHeader) {
  static const std::regex kQt(R"(^(Q[A-Za-z]+|Qt[A-Za-z]+/.*|q[a-z]+\.h)$)");
  for (const auto& [file, inc] : IncludesUnder(testing::SourceDir() / "core")) {
    EXPECT_FALSE(std::regex_match(inc, kQt)) << file << " includes Qt header <" << inc << ">";
  }
}

TEST(LayeringTest, AppAndWidgetsUseCoreOnlyThroughTheApi) {
  static const std::regex kCoreInternal(
      R"(^(ir|onnx|passes|kernels|providers|runtime|quant|profiling|layout)/.*)");
  for (const char* dir : {"app", "widgets"}) {
    if (!fs::exists(testing::SourceDir() / dir)) continue;
    for (const auto& [file, inc] : IncludesUnder(testing::SourceDir() / dir)) {
      if (inc.rfind("onnx/onnx", 0) == 0) continue;  // never expected, but not a core header
      EXPECT_FALSE(std::regex_match(inc, kCoreInternal))
          << file << " includes core internal header \"" << inc << "\"; use core/api";
    }
  }
}

TEST(LayeringTest, ApiHeadersHoldNoProfilingOrLayoutHeader) {
  // What app/ and widgets/ see through core/api: plain data from core/common, not the engines.
  static const std::regex kEngine(R"(^(profiling|layout)/.*)");
  for (const auto& [file, inc] : IncludesUnder(testing::SourceDir() / "core/api")) {
    if (file.extension() != ".h") continue;
    EXPECT_FALSE(std::regex_match(inc, kEngine))
        << file << " includes \"" << inc << "\"; put the plain data in core/common";
  }
}

}  // namespace
}  // namespace onnxlens
