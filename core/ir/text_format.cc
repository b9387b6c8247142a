// Text form of the IR.
#include "ir/text_format.h"

#include <cinttypes>
#include <cstdio>
#include <sstream>

#include "common/strings.h"

namespace onnxlens::ir {

namespace {

std::string Hex(uint64_t h) {
  char buf[20];
  std::snprintf(buf, sizeof(buf), "%016" PRIx64, h);
  return buf;
}

std::string TensorText(const Tensor& t, const TextOptions& opt) {
  std::string s = std::string(DataTypeName(t.dtype())) + "[" + Join(t.dims(), ",") + "]";
  if (opt.tensor_hashes) s += " #" + Hex(t.ContentHash());
  return s;
}

class Printer {
 public:
  explicit Printer(const TextOptions& opt) : opt_(opt) {}

  void PrintGraph(const Graph& g, int indent) {
    const std::string pad(indent, ' ');
    os_ << "graph \"" << EscapeString(g.name()) << "\" {\n";
    for (const Value* v : g.inputs()) {
      os_ << pad << "  input %" << v->name() << ": " << TypeToString(v->type()) << "\n";
    }
    for (const Value* v : g.initializers()) {
      os_ << pad << "  initializer %" << v->name() << " = " << TensorText(*v->initializer(), opt_)
          << "\n";
    }
    for (const auto& sp : g.sparse_initializers()) {
      os_ << pad << "  sparse_initializer %" << sp.value->name() << " (" << sp.serialized.size()
          << " bytes)\n";
    }
    auto order = g.TopologicalOrder();
    const std::vector<Node*> nodes = order.ok() ? order.value() : g.nodes();
    if (!order.ok()) os_ << pad << "  # " << order.status().message() << "\n";
    for (const Node* n : nodes) PrintNode(*n, indent + 2);
    for (const Value* v : g.outputs()) {
      os_ << pad << "  output %" << v->name() << ": " << TypeToString(v->type()) << "\n";
    }
    os_ << pad << "}";
  }

  std::string str() const { return os_.str(); }
  std::ostringstream& os() { return os_; }

 private:
  void PrintNode(const Node& n, int indent) {
    const std::string pad(indent, ' ');
    os_ << pad;
    for (size_t i = 0; i < n.outputs().size(); ++i) {
      if (i) os_ << ", ";
      const Value* v = n.outputs()[i];
      if (!v) {
        os_ << "_";
        continue;
      }
      os_ << "%" << v->name();
      if (opt_.value_types) os_ << ": " << TypeToString(v->type());
    }
    os_ << " = ";
    if (!n.domain().empty()) os_ << n.domain() << "::";
    os_ << n.op_type();
    if (!n.name().empty()) os_ << "[\"" << EscapeString(n.name()) << "\"]";
    if (opt_.node_ids) os_ << " #" << n.id();
    os_ << "(";
    for (size_t i = 0; i < n.inputs().size(); ++i) {
      if (i) os_ << ", ";
      const Value* v = n.inputs()[i];
      os_ << (v ? "%" + v->name() : std::string("_"));
    }
    os_ << ")";
    if (!n.attributes().empty()) {
      os_ << " {";
      bool first = true;
      for (const Attribute& a : n.attributes()) {
        os_ << (first ? "" : ", ");
        first = false;
        PrintAttribute(a, indent);
      }
      os_ << "}";
    }
    os_ << "\n";
  }

  void PrintAttribute(const Attribute& a, int indent) {
    os_ << a.name << "=";
    if (!a.ref_attr_name.empty()) {
      os_ << "@" << a.ref_attr_name;
      return;
    }
    switch (a.type) {
      case AttrType::kFloat:
        os_ << FormatFloat(a.f);
        break;
      case AttrType::kInt:
        os_ << a.i;
        break;
      case AttrType::kString:
        os_ << "\"" << EscapeString(a.s) << "\"";
        break;
      case AttrType::kTensor:
        os_ << "tensor " << TensorText(a.t, opt_);
        break;
      case AttrType::kGraph:
        PrintGraph(*a.g, indent + 2);
        break;
      case AttrType::kFloats: {
        os_ << "[";
        for (size_t i = 0; i < a.floats.size(); ++i)
          os_ << (i ? "," : "") << FormatFloat(a.floats[i]);
        os_ << "]";
        break;
      }
      case AttrType::kInts:
        os_ << "[" << Join(a.ints, ",") << "]";
        break;
      case AttrType::kStrings: {
        os_ << "[";
        for (size_t i = 0; i < a.strings.size(); ++i)
          os_ << (i ? "," : "") << "\"" << EscapeString(a.strings[i]) << "\"";
        os_ << "]";
        break;
      }
      case AttrType::kTensors: {
        os_ << "[";
        for (size_t i = 0; i < a.tensors.size(); ++i)
          os_ << (i ? ", " : "") << "tensor " << TensorText(a.tensors[i], opt_);
        os_ << "]";
        break;
      }
      case AttrType::kGraphs: {
        os_ << "[";
        for (size_t i = 0; i < a.graphs.size(); ++i) {
          if (i) os_ << ", ";
          PrintGraph(*a.graphs[i], indent + 2);
        }
        os_ << "]";
        break;
      }
      case AttrType::kSparseTensor:
      case AttrType::kSparseTensors:
      case AttrType::kTypeProto:
      case AttrType::kTypeProtos:
      case AttrType::kUndefined:
        os_ << AttrTypeName(a.type) << "(" << a.opaque.size() << ")";
        break;
    }
  }

  const TextOptions& opt_;
  std::ostringstream os_;
};

}  // namespace

std::string GraphToText(const Graph& graph, const TextOptions& options) {
  Printer p(options);
  p.PrintGraph(graph, 0);
  p.os() << "\n";
  return p.str();
}

std::string ModelToText(const Model& m, const TextOptions& options) {
  Printer p(options);
  auto& os = p.os();
  os << "ir_version " << m.ir_version << "\n";
  os << "producer \"" << EscapeString(m.producer_name) << "\" \""
     << EscapeString(m.producer_version) << "\"\n";
  if (!m.domain.empty()) os << "domain \"" << EscapeString(m.domain) << "\"\n";
  if (m.model_version) os << "model_version " << m.model_version << "\n";
  for (const auto& o : m.opset_imports) {
    os << "opset \"" << (o.domain.empty() ? "ai.onnx" : o.domain) << "\" " << o.version << "\n";
  }
  for (const auto& [k, v] : m.metadata) {
    os << "metadata \"" << EscapeString(k) << "\" = \"" << EscapeString(v) << "\"\n";
  }
  for (const auto& f : m.function_names) os << "function " << f << "\n";
  if (!m.training_info.empty()) os << "training_info " << m.training_info.size() << "\n";
  if (m.graph) {
    p.PrintGraph(*m.graph, 0);
    os << "\n";
  }
  return p.str();
}

}  // namespace onnxlens::ir
