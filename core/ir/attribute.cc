// Attribute construction helpers.
#include "ir/attribute.h"

#include "ir/graph.h"

namespace onnxlens::ir {

Attribute::Attribute() = default;
Attribute::~Attribute() = default;
Attribute::Attribute(Attribute&&) noexcept = default;
Attribute& Attribute::operator=(Attribute&&) noexcept = default;

std::string_view AttrTypeName(AttrType type) {
  switch (type) {
    case AttrType::kUndefined:
      return "undefined";
    case AttrType::kFloat:
      return "float";
    case AttrType::kInt:
      return "int";
    case AttrType::kString:
      return "string";
    case AttrType::kTensor:
      return "tensor";
    case AttrType::kGraph:
      return "graph";
    case AttrType::kFloats:
      return "floats";
    case AttrType::kInts:
      return "ints";
    case AttrType::kStrings:
      return "strings";
    case AttrType::kTensors:
      return "tensors";
    case AttrType::kGraphs:
      return "graphs";
    case AttrType::kSparseTensor:
      return "sparse_tensor";
    case AttrType::kSparseTensors:
      return "sparse_tensors";
    case AttrType::kTypeProto:
      return "type_proto";
    case AttrType::kTypeProtos:
      return "type_protos";
  }
  return "undefined";
}

Attribute Attribute::Int(std::string name, int64_t v) {
  Attribute a;
  a.name = std::move(name);
  a.type = AttrType::kInt;
  a.i = v;
  return a;
}

Attribute Attribute::Float(std::string name, float v) {
  Attribute a;
  a.name = std::move(name);
  a.type = AttrType::kFloat;
  a.f = v;
  return a;
}

Attribute Attribute::String(std::string name, std::string v) {
  Attribute a;
  a.name = std::move(name);
  a.type = AttrType::kString;
  a.s = std::move(v);
  return a;
}

Attribute Attribute::Ints(std::string name, std::vector<int64_t> v) {
  Attribute a;
  a.name = std::move(name);
  a.type = AttrType::kInts;
  a.ints = std::move(v);
  return a;
}

Attribute Attribute::Floats(std::string name, std::vector<float> v) {
  Attribute a;
  a.name = std::move(name);
  a.type = AttrType::kFloats;
  a.floats = std::move(v);
  return a;
}

Attribute Attribute::FromTensor(std::string name, Tensor v) {
  Attribute a;
  a.name = std::move(name);
  a.type = AttrType::kTensor;
  a.t = std::move(v);
  return a;
}

}  // namespace onnxlens::ir
