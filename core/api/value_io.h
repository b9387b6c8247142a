// Reading and writing run-time values: ONNX TensorProto / SequenceProto / OptionalProto files (as
// in the ONNX test data sets) and NumPy .npy files.
#pragma once

#include <filesystem>
#include <string>

#include "common/status.h"
#include "kernels/rt_value.h"

namespace onnxlens::api {

using kernels::RtValue;

/// Reads a .pb file holding a TensorProto, SequenceProto or OptionalProto (which one is tried in
/// that order unless `hint` says "sequence" / "optional"). `name` receives the stored name.
Expected<RtValue> ReadValuePb(const std::filesystem::path& path, std::string* name,
                              const std::string& hint = {});
Status WriteTensorPb(const ir::Tensor& t, const std::string& name,
                     const std::filesystem::path& path);

/// NumPy .npy (format 1.0/2.0, little-endian, C order).
Expected<ir::Tensor> ReadNpy(const std::filesystem::path& path);
Status WriteNpy(const ir::Tensor& t, const std::filesystem::path& path);

}  // namespace onnxlens::api
