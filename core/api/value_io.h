// NumPy .npy files of tensors (format 1.0/2.0, little-endian, C order): what the views save and
// read. The run-time value files (.pb TensorProto / SequenceProto / OptionalProto) are
// api/internal/value_files.h.
#pragma once

#include <filesystem>

#include "common/status.h"

namespace onnxlens::ir {
class Tensor;
}

namespace onnxlens::api {

Expected<ir::Tensor> ReadNpy(const std::filesystem::path& path);
Status WriteNpy(const ir::Tensor& t, const std::filesystem::path& path);

}  // namespace onnxlens::api
