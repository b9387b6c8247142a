// Paths the tests use: the source tree, ../shared (corpus) and ONNX's backend test data.
#pragma once

#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace onnxlens::testing {

inline std::filesystem::path SourceDir() { return ONNXLENS_SOURCE_DIR; }
inline std::filesystem::path SharedDir() { return ONNXLENS_SHARED_DIR; }
inline std::filesystem::path CorpusDir() { return SharedDir() / "corpus"; }
inline std::filesystem::path OnnxTestDataDir() { return ONNXLENS_ONNX_TESTDATA_DIR; }
inline std::filesystem::path BadModelsDir() { return SourceDir() / "tests/data/bad"; }
inline std::filesystem::path SampleModel() {
  return SourceDir() / "resources/models/sample_cnn.onnx";
}

/// The corpus model folders (each has model.onnx), sorted; empty when ../shared is absent.
inline std::vector<std::filesystem::path> CorpusModels() {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  if (!std::filesystem::is_directory(CorpusDir(), ec)) return out;
  for (const auto& e : std::filesystem::directory_iterator(CorpusDir())) {
    if (std::filesystem::exists(e.path() / "model.onnx")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// A fresh, empty temporary directory that is removed when the object dies.
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "onnxlens-test-XXXXXX").string();
    path_ = mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace onnxlens::testing
