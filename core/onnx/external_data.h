// External tensor data (ONNX's data_location = EXTERNAL): safe resolution of the side files and
// bounds-checked reads.
#pragma once

#include <onnx/onnx_pb.h>

#include <filesystem>
#include <set>
#include <string_view>

#include "common/status.h"
#include "ir/tensor.h"

namespace onnxlens::onnx_io {

/// Reads external data relative to one model directory. A location that is absolute, contains
/// "..", or resolves (through symlinks) outside that directory is rejected; offset and length
/// are checked against the file size before any allocation.
class ExternalDataDirectory {
 public:
  explicit ExternalDataDirectory(std::filesystem::path model_dir);

  Expected<ir::Tensor> Read(const onnx::TensorProto& tp, ir::DataType dtype,
                            std::vector<int64_t> dims, uint64_t expected_bytes,
                            std::string_view what);

  /// Every side file read so far (canonical paths).
  const std::set<std::filesystem::path>& files() const { return files_; }

 private:
  Expected<std::filesystem::path> Resolve(const std::string& location, std::string_view what);

  std::filesystem::path dir_;
  std::set<std::filesystem::path> files_;
};

}  // namespace onnxlens::onnx_io
