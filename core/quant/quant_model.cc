// Shared quantizer helpers (see quant_model.h).
#include "quant/quant_model.h"

#include <algorithm>

#include "common/strings.h"

namespace onnxlens::quant {

namespace {

bool IsQuantizedOp(const ir::Node& n) {
  static const std::set<std::string> kOps = {"QuantizeLinear",
                                             "DequantizeLinear",
                                             "DynamicQuantizeLinear",
                                             "QLinearConv",
                                             "QLinearMatMul",
                                             "MatMulInteger",
                                             "ConvInteger",
                                             "QLinearAdd",
                                             "QLinearMul",
                                             "QLinearConcat",
                                             "QLinearAveragePool",
                                             "QLinearGlobalAveragePool",
                                             "QLinearSigmoid",
                                             "QLinearLeakyRelu",
                                             "QLinearSoftmax",
                                             "DynamicQuantizeMatMul",
                                             "MatMulIntegerToFloat",
                                             "QAttention",
                                             "DynamicQuantizeLSTM",
                                             "QGemm"};
  return kOps.count(n.op_type()) > 0;
}

}  // namespace

Status CheckFilter(const ir::Model& model, const NodeFilter& filter,
                   const std::vector<std::string>& supported) {
  for (const std::string& op : filter.op_types) {
    if (std::find(supported.begin(), supported.end(), op) == supported.end())
      return InvalidArgument("--op-types: unknown op type " + Quote(op) + " (this mode quantizes " +
                             Join(supported, ", ") + ")");
  }
  std::set<std::string> names;
  model.graph->ForEachGraph([&](const ir::Graph& g) {
    for (const ir::Node* n : g.nodes()) names.insert(n->name());
  });
  for (const std::string& n : filter.exclude_nodes)
    if (!names.count(n))
      return InvalidArgument("--exclude: no node is named " + Quote(n) +
                             " (names are those of the model optimized at basic)");
  for (const std::string& n : filter.include_nodes)
    if (!names.count(n))
      return InvalidArgument("--include: no node is named " + Quote(n) +
                             " (names are those of the model optimized at basic)");
  return Status::Ok();
}

bool Selected(const ir::Node& node, const NodeFilter& filter,
              const std::vector<std::string>& supported) {
  if (!node.domain().empty() && node.domain() != "ai.onnx") return false;
  if (std::find(supported.begin(), supported.end(), node.op_type()) == supported.end())
    return false;
  if (!filter.op_types.empty() && !filter.op_types.count(node.op_type())) return false;
  if (filter.exclude_nodes.count(node.name())) return false;
  if (!filter.include_nodes.empty() && !filter.include_nodes.count(node.name())) return false;
  return true;
}

Status CheckNotQuantized(const ir::Model& model) {
  int count = 0;
  const ir::Node* first = nullptr;
  model.graph->ForEachGraph([&](const ir::Graph& g) {
    for (const ir::Node* n : g.nodes()) {
      if (!IsQuantizedOp(*n)) continue;
      if (!first) first = n;
      ++count;
    }
  });
  if (count == 0) return Status::Ok();
  return InvalidArgument("the model is already quantized: it holds " + std::to_string(count) +
                         " quantized node(s), the first " + first->Describe() +
                         "; quantize the float model instead");
}

NodeNamer::NodeNamer(const ir::Graph& g) {
  for (const ir::Node* n : g.nodes()) used_.insert(n->name());
}

std::string NodeNamer::Unique(const std::string& base) {
  std::string name = base;
  for (int i = 1; used_.count(name); ++i) name = base + "_" + std::to_string(i);
  used_.insert(name);
  return name;
}

ir::Value* AddInitializer(ir::Graph& g, const std::string& name, ir::Tensor t) {
  ir::Value* v = g.CreateValue(g.UniqueValueName(name));
  v->set_type(ir::TypeInfo::Tensor(t.dtype(), ir::DimsFromSizes(t.dims())));
  g.SetInitializer(v, std::move(t));
  return v;
}

ir::Value* AddValue(ir::Graph& g, const std::string& name, ir::DataType type,
                    const ir::Value* like) {
  ir::Value* v = g.CreateValue(g.UniqueValueName(name));
  if (like && like->type().is_tensor() && like->type().shape)
    v->set_type(ir::TypeInfo::Tensor(type, *like->type().shape));
  else
    v->set_type(ir::TypeInfo::TensorUnknownRank(type));
  return v;
}

void DropIfUnused(ir::Graph& g, ir::Value* v) {
  if (!v->uses().empty() || v->is_graph_input() || v->is_graph_output()) return;
  g.RemoveInitializer(v);
  g.RemoveValue(v);
}

bool IsFloatTensor(const ir::Value* v) {
  if (!v) return false;
  if (v->initializer()) return v->initializer()->dtype() == ir::DataType::kFloat;
  return v->type().is_tensor() && v->type().elem_type == ir::DataType::kFloat;
}

}  // namespace onnxlens::quant
