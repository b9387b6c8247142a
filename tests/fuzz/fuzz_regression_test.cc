// Replays the fuzzers' regression corpus (tests/data/fuzz/<target>/: inputs that once crashed,
// hung or leaked, each committed with its fix) through the same bodies the fuzzers run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "common/file_util.h"
#include "fuzz/fuzz_targets.h"
#include "test_paths.h"

namespace onnxlens::fuzz {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> CorpusFiles(const std::string& target) {
  std::vector<fs::path> files;
  const fs::path dir = testing::SourceDir() / "tests/data/fuzz" / target;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return files;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().filename().string()[0] != '.') files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

void Replay(const std::string& target, int (*body)(const uint8_t*, size_t)) {
  const std::vector<fs::path> files = CorpusFiles(target);
  ASSERT_FALSE(files.empty()) << "no files in tests/data/fuzz/" << target;
  size_t processed = 0;
  for (const fs::path& file : files) {
    SCOPED_TRACE(file.string());
    // A crash, sanitizer report or hang ends the test here: the last file named is the culprit.
    std::fprintf(stderr, "replaying %s\n", file.string().c_str());
    auto bytes = ReadFile(file, uint64_t{16} << 20);
    ASSERT_TRUE(bytes.ok()) << bytes.status().message();
    EXPECT_EQ(body(reinterpret_cast<const uint8_t*>(bytes->data()), bytes->size()), 0);
    ++processed;
  }
  EXPECT_EQ(processed, files.size());
}

TEST(FuzzRegression, EveryModelInputIsProcessedWithoutCrashing) { Replay("model", FuzzModel); }
TEST(FuzzRegression, EveryTraceInputIsProcessedWithoutCrashing) { Replay("trace", FuzzTrace); }
TEST(FuzzRegression, EveryTensorFileInputIsProcessedWithoutCrashing) {
  Replay("tensor_file", FuzzTensorFile);
}
TEST(FuzzRegression, EveryImageInputIsProcessedWithoutCrashing) { Replay("image", FuzzImage); }

}  // namespace
}  // namespace onnxlens::fuzz
