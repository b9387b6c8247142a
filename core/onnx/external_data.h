// External tensor data (ONNX's data_location = EXTERNAL): safe resolution of the side files and
// bounds-checked reads.
#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string_view>

#include "common/status.h"
#include "ir/tensor.h"

namespace onnxlens::onnx_io {

/// The default budget for all external data one model reads.
constexpr uint64_t kDefaultMaxExternalBytes = uint64_t{64} << 30;

/// Reads external data relative to one model directory. A location that is absolute, contains
/// "..", or resolves (through symlinks) outside that directory is rejected; "offset" and
/// "length" must be plain decimals that fit in 64 bits; offset + length is checked against the
/// file size (without overflow), and the running total against the budget, before any
/// allocation. Large, 64-byte aligned tensors are mapped from their file rather than read (as
/// ONNX Runtime does): a page is read only when something touches it, so counting the weights of
/// a 4 GiB model reads none of them. Mappings are private: writing to such a tensor never
/// changes the file, and replacing the file (saves are atomic renames) leaves them intact.
class ExternalDataDirectory {
 public:
  explicit ExternalDataDirectory(std::filesystem::path model_dir);

  /// The budget for all external data read through this object (kDefaultMaxExternalBytes).
  void set_max_total_bytes(uint64_t bytes) { max_total_bytes_ = bytes; }

  Expected<ir::Tensor> Read(const onnx::TensorProto& tp, ir::DataType dtype,
                            std::vector<int64_t> dims, uint64_t expected_bytes,
                            std::string_view what);

  /// Every side file read so far (canonical paths).
  const std::set<std::filesystem::path>& files() const { return files_; }

 private:
  Expected<std::filesystem::path> Resolve(const std::string& location, std::string_view what);
  struct Mapping {
    std::shared_ptr<std::byte> base;  ///< null when the file could not be mapped
    uint64_t size = 0;
  };
  /// The whole of `file` mapped privately, once per file and shared by its tensors.
  const Mapping& Map(const std::filesystem::path& file);
  Expected<ir::Tensor> ReadCopy(const std::filesystem::path& file, uint64_t offset,
                                ir::DataType dtype, std::vector<int64_t> dims,
                                uint64_t expected_bytes, std::string_view what);

  std::filesystem::path dir_;
  std::set<std::filesystem::path> files_;
  std::map<std::filesystem::path, Mapping> maps_;
  uint64_t max_total_bytes_ = kDefaultMaxExternalBytes;
  uint64_t total_bytes_ = 0;  ///< read so far
};

}  // namespace onnxlens::onnx_io
