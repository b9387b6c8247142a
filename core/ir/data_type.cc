// Data type tables.
#include "ir/data_type.h"

namespace onnxlens::ir {

namespace {
struct TypeEntry {
  DataType type;
  std::string_view name;
  size_t size;
};
constexpr TypeEntry kTypes[] = {
    {DataType::kUndefined, "undefined", 0}, {DataType::kFloat, "float32", 4},
    {DataType::kUint8, "uint8", 1},         {DataType::kInt8, "int8", 1},
    {DataType::kUint16, "uint16", 2},       {DataType::kInt16, "int16", 2},
    {DataType::kInt32, "int32", 4},         {DataType::kInt64, "int64", 8},
    {DataType::kString, "string", 0},       {DataType::kBool, "bool", 1},
    {DataType::kFloat16, "float16", 2},     {DataType::kDouble, "float64", 8},
    {DataType::kUint32, "uint32", 4},       {DataType::kUint64, "uint64", 8},
    {DataType::kComplex64, "complex64", 8}, {DataType::kComplex128, "complex128", 16},
    {DataType::kBFloat16, "bfloat16", 2},
};
}  // namespace

std::optional<DataType> DataTypeFromOnnx(int32_t v) {
  if (v < 1 || v > 16) return std::nullopt;
  return static_cast<DataType>(v);
}

size_t ElementSize(DataType type) {
  const auto i = static_cast<size_t>(type);
  return i < std::size(kTypes) ? kTypes[i].size : 0;
}

std::string_view DataTypeName(DataType type) {
  const auto i = static_cast<size_t>(type);
  return i < std::size(kTypes) ? kTypes[i].name : "undefined";
}

std::optional<DataType> DataTypeFromName(std::string_view name) {
  for (const auto& e : kTypes) {
    if (e.name == name && e.type != DataType::kUndefined) return e.type;
  }
  if (name == "float") return DataType::kFloat;
  if (name == "double") return DataType::kDouble;
  if (name == "half") return DataType::kFloat16;
  return std::nullopt;
}

bool IsFloatingPoint(DataType type) {
  return type == DataType::kFloat || type == DataType::kDouble || type == DataType::kFloat16 ||
         type == DataType::kBFloat16;
}

}  // namespace onnxlens::ir
