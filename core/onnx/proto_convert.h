// Conversions between ONNX protobuf messages (TensorProto, TypeProto) and IR types. Every size
// a file declares is checked against the data it really holds before anything is allocated.
#pragma once

#include <onnx/onnx_pb.h>

#include <functional>
#include <string>
#include <string_view>

#include "common/status.h"
#include "ir/tensor.h"
#include "ir/type_info.h"

namespace onnxlens::onnx_io {

/// Reads the external bytes of a tensor (data_location = EXTERNAL); `expected_bytes` is what the
/// tensor's shape needs.
using ExternalReader =
    std::function<Expected<ir::Tensor>(const onnx::TensorProto&, ir::DataType, std::vector<int64_t>,
                                       uint64_t expected_bytes, std::string_view what)>;

/// Checks, without allocating, that a TensorProto's data type is known, its dims are
/// non-negative with a byte size that fits in 64 bits, and its raw_data or typed field holds
/// exactly what the dims declare (external data is checked when it is read). `what` names the
/// tensor in errors.
Status CheckTensorProtoData(const onnx::TensorProto& tp, std::string_view what);

/// Converts a TensorProto. `what` names the tensor in errors ("initializer 'w'").
Expected<ir::Tensor> TensorFromProto(const onnx::TensorProto& tp, const ExternalReader& external,
                                     std::string_view what);

/// Writes `t` as raw_data (string_data for strings).
void TensorToProto(const ir::Tensor& t, onnx::TensorProto* tp);

ir::TypeInfo TypeFromProto(const onnx::TypeProto& tp);
void TypeToProto(const ir::TypeInfo& t, onnx::TypeProto* tp);

}  // namespace onnxlens::onnx_io
