// Node attributes of every ONNX kind, including subgraphs (If/Loop/Scan bodies).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/tensor.h"

namespace onnxlens::ir {

class Graph;

/// Numbered as ONNX's AttributeProto.AttributeType.
enum class AttrType : int32_t {
  kUndefined = 0,
  kFloat = 1,
  kInt = 2,
  kString = 3,
  kTensor = 4,
  kGraph = 5,
  kFloats = 6,
  kInts = 7,
  kStrings = 8,
  kTensors = 9,
  kGraphs = 10,
  kSparseTensor = 11,
  kSparseTensors = 12,
  kTypeProto = 13,
  kTypeProtos = 14,
};

std::string_view AttrTypeName(AttrType type);

/// One attribute. Only the fields of its `type` are meaningful. Sparse tensors and type protos,
/// which no operator of the standard domains uses for computation, are kept as serialized
/// protobuf bytes in `opaque` so they survive a round trip.
struct Attribute {
  Attribute();
  ~Attribute();
  Attribute(Attribute&&) noexcept;
  Attribute& operator=(Attribute&&) noexcept;
  Attribute(const Attribute&) = delete;
  Attribute& operator=(const Attribute&) = delete;

  std::string name;
  AttrType type = AttrType::kUndefined;
  std::string doc_string;
  std::string ref_attr_name;  ///< set inside function bodies: refers to a caller's attribute

  float f = 0.f;
  int64_t i = 0;
  std::string s;
  Tensor t;
  std::unique_ptr<Graph> g;
  std::vector<float> floats;
  std::vector<int64_t> ints;
  std::vector<std::string> strings;
  std::vector<Tensor> tensors;
  std::vector<std::unique_ptr<Graph>> graphs;
  std::vector<std::string> opaque;

  static Attribute Int(std::string name, int64_t v);
  static Attribute Float(std::string name, float v);
  static Attribute String(std::string name, std::string v);
  static Attribute Ints(std::string name, std::vector<int64_t> v);
  static Attribute Floats(std::string name, std::vector<float> v);
  static Attribute FromTensor(std::string name, Tensor v);
};

}  // namespace onnxlens::ir
