// Internal to core/api: run-time value files, ONNX TensorProto / SequenceProto / OptionalProto
// (as in the ONNX test data sets).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "api/value_io.h"
#include "common/status.h"
#include "kernels/rt_value.h"

namespace onnxlens::api {

using kernels::RtValue;

/// Reads a .pb file holding a TensorProto, SequenceProto or OptionalProto (which one is tried in
/// that order unless `hint` says "sequence" / "optional"). `name` receives the stored name.
Expected<RtValue> ReadValuePb(const std::filesystem::path& path, std::string* name,
                              const std::string& hint = {});
/// ReadValuePb on bytes already in memory (a file's content); `source` names them in errors.
Expected<RtValue> ParseValuePb(std::string_view bytes, const std::string& source, std::string* name,
                               const std::string& hint = {});
/// ReadNpy on bytes already in memory (a file's content); `source` names them in errors.
Expected<ir::Tensor> ParseNpy(std::string_view bytes, const std::string& source);
Status WriteTensorPb(const ir::Tensor& t, const std::string& name,
                     const std::filesystem::path& path);

}  // namespace onnxlens::api
