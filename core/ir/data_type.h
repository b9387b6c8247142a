// Element data types of tensors; numbered as ONNX's TensorProto.DataType so conversion is a cast.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace onnxlens::ir {

enum class DataType : int32_t {
  kUndefined = 0,
  kFloat = 1,
  kUint8 = 2,
  kInt8 = 3,
  kUint16 = 4,
  kInt16 = 5,
  kInt32 = 6,
  kInt64 = 7,
  kString = 8,
  kBool = 9,
  kFloat16 = 10,
  kDouble = 11,
  kUint32 = 12,
  kUint64 = 13,
  kComplex64 = 14,
  kComplex128 = 15,
  kBFloat16 = 16,
};

/// The DataType for an ONNX enum value, or nullopt when onnxlens does not know it.
std::optional<DataType> DataTypeFromOnnx(int32_t onnx_value);

/// Bytes per element in the raw (little-endian) layout; 0 for string and undefined.
size_t ElementSize(DataType type);

/// numpy-style name: "float32", "int64", "bool", "string", "bfloat16", ...
std::string_view DataTypeName(DataType type);

/// Parses a name from DataTypeName (also accepts ONNX names: "float", "double").
std::optional<DataType> DataTypeFromName(std::string_view name);

bool IsFloatingPoint(DataType type);

}  // namespace onnxlens::ir
