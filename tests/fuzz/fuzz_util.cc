// Helpers shared by the fuzz targets.
#include "fuzz/fuzz_util.h"

#include <stdlib.h>

#include <fstream>
#include <string>

namespace onnxlens::fuzz {

namespace {

class ScratchFolder {
 public:
  ScratchFolder() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "onnxlens-fuzz-XXXXXX").string();
    if (mkdtemp(tmpl.data()) == nullptr) std::abort();
    path_ = tmpl;
    // weights.bin: 4 KiB of a byte pattern; small.bin: 16 bytes.
    std::string pattern(4096, '\0');
    for (size_t i = 0; i < pattern.size(); ++i) pattern[i] = static_cast<char>(i * 7 + 3);
    std::ofstream(path_ / "weights.bin", std::ios::binary) << pattern;
    std::ofstream(path_ / "small.bin", std::ios::binary) << pattern.substr(0, 16);
  }
  ~ScratchFolder() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace

const std::filesystem::path& ScratchDir() {
  static const ScratchFolder folder;
  return folder.path();
}

}  // namespace onnxlens::fuzz
