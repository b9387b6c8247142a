// Architecture rules checked on the source tree: core/ never includes Qt; widgets/ and app/
// reach core only through core/api (and core/common); core/api's headers hold no profiling or
// layout header (their plain data is in core/common); every include inside core/ follows the
// layer map (core/layers.txt), whose edges are all used and match core/README.md's table.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
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

// core/layers.txt: layer -> the layers it may include.
std::map<std::string, std::set<std::string>> LayerMap() {
  std::map<std::string, std::set<std::string>> map;
  std::ifstream f(testing::SourceDir() / "core/layers.txt");
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::set<std::string>& uses = map[line.substr(0, colon)];
    std::istringstream rest(line.substr(colon + 1));
    std::string layer;
    while (rest >> layer) uses.insert(layer);
  }
  return map;
}

// The layer of a path under core/: its folder, kernels/dnnl apart.
std::string LayerOf(const fs::path& relative) {
  auto it = relative.begin();
  if (it == relative.end()) return {};
  const std::string first = it->string();
  if (first == "kernels" && ++it != relative.end() && it->string() == "dnnl" &&
      std::next(it) != relative.end())
    return "kernels/dnnl";
  return first;
}

// Every quoted include of a core/ file that names another core/ file: (file, its layer, the
// included file, its layer).
struct CoreEdge {
  fs::path file;
  std::string from, include, to;
};
std::vector<CoreEdge> CoreEdges() {
  const fs::path core = testing::SourceDir() / "core";
  std::vector<CoreEdge> edges;
  static const std::regex kQuoted(R"re(^\s*#\s*include\s*"([^"]+)")re");
  for (const auto& e : fs::recursive_directory_iterator(core)) {
    const auto ext = e.path().extension();
    if (ext != ".h" && ext != ".cc") continue;
    const std::string from = LayerOf(fs::relative(e.path(), core));
    std::ifstream f(e.path());
    std::string line;
    while (std::getline(f, line)) {
      std::smatch m;
      if (!std::regex_search(line, m, kQuoted)) continue;
      const std::string inc = m[1];
      if (!fs::exists(core / inc)) continue;  // a system or third-party header
      edges.push_back({e.path(), from, inc, LayerOf(fs::path(inc))});
    }
  }
  return edges;
}

TEST(LayeringTest, CoreIncludesFollowTheLayerMap) {
  const auto map = LayerMap();
  ASSERT_FALSE(map.empty()) << "core/layers.txt is missing or empty";
  for (const CoreEdge& e : CoreEdges()) {
    if (e.from == e.to) continue;
    auto it = map.find(e.from);
    if (it == map.end()) {
      ADD_FAILURE() << e.file << ": folder '" << e.from << "' is not in core/layers.txt";
      continue;
    }
    EXPECT_TRUE(it->second.count(e.to))
        << e.file << " includes \"" << e.include << "\": layer '" << e.from << "' may not use '"
        << e.to << "' (core/layers.txt); move the code down a layer or "
        << "pass it in from above";
  }
}

TEST(LayeringTest, EveryEdgeOfTheLayerMapIsUsed) {
  std::set<std::pair<std::string, std::string>> used;
  for (const CoreEdge& e : CoreEdges()) used.insert({e.from, e.to});
  for (const auto& [layer, uses] : LayerMap()) {
    for (const std::string& to : uses) {
      EXPECT_TRUE(used.count({layer, to})) << "core/layers.txt lets '" << layer << "' use '" << to
                                           << "', but no file of it does: drop the edge";
    }
  }
}

TEST(LayeringTest, TheReadmeTableNamesTheLayersOfTheMap) {
  // Rows: | `onnxlens_X` | `folder/` | may use | what it holds |. The "may use" cell lists core
  // layers (common implied) among outside libraries; "all of core" stands for every layer below.
  const auto map = LayerMap();
  std::ifstream f(testing::SourceDir() / "core/README.md");
  static const std::regex kRow(R"(^\| `onnxlens_\w+` \| `([\w/]+)/` \| ([^|]*) \|)");
  std::set<std::string> rows;
  std::string line;
  while (std::getline(f, line)) {
    std::smatch m;
    if (!std::regex_search(line, m, kRow)) continue;
    const std::string layer = m[1];
    std::string cell = std::regex_replace(std::string(m[2]), std::regex(R"(\([^)]*\))"), "");
    rows.insert(layer);
    auto it = map.find(layer);
    if (it == map.end()) {
      ADD_FAILURE() << "core/README.md has a row for '" << layer << "', core/layers.txt does not";
      continue;
    }
    std::set<std::string> expected = it->second, listed;
    expected.erase("common");
    if (cell.find("all of core") != std::string::npos) continue;
    std::istringstream items(cell);
    std::string item;
    while (std::getline(items, item, ',')) {
      std::istringstream words(item);
      std::string word;
      words >> word;
      if (word == "kernels_dnnl") word = "kernels/dnnl";
      if (map.count(word) && word != "common") listed.insert(word);
    }
    EXPECT_EQ(listed, expected) << "core/README.md's 'may use' of '" << layer
                                << "' differs from core/layers.txt";
  }
  for (const auto& [layer, uses] : map)
    EXPECT_TRUE(rows.count(layer)) << "core/README.md has no row for '" << layer << "'";
}

}  // namespace
}  // namespace onnxlens
