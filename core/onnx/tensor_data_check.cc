// Data size checks of every tensor in a ModelProto, run before libonnx reads any of them.
#include "onnx/tensor_data_check.h"

#include <string>

#include "common/strings.h"
#include "onnx/proto_convert.h"

namespace onnxlens::onnx_io {

namespace {

// Subgraphs deeper than this are refused here (the importer and the hazard scan use the same
// bound); recursion on a file-controlled depth must not overflow the stack.
constexpr int kMaxDepth = 64;

std::string NodeName(const onnx::NodeProto& n) {
  return "node " + Quote(n.name()) + " (" + n.op_type() + ")";
}

Status CheckSparse(const onnx::SparseTensorProto& sp, const std::string& what) {
  OL_RETURN_IF_ERROR(CheckTensorProtoData(sp.values(), what + " values"));
  // An empty sparse tensor may leave its indices out.
  if (sp.has_indices()) OL_RETURN_IF_ERROR(CheckTensorProtoData(sp.indices(), what + " indices"));
  for (int64_t d : sp.dims()) {
    if (d < 0) {
      return InvalidModel(what + ": negative dimension " + std::to_string(d));
    }
  }
  return Status::Ok();
}

Status CheckGraph(const onnx::GraphProto& g, const std::string& where, int depth);

template <typename Nodes>
Status CheckNodes(const Nodes& nodes, const std::string& where, int depth) {
  for (const onnx::NodeProto& node : nodes) {
    for (const onnx::AttributeProto& a : node.attribute()) {
      const std::string what = where + ": " + NodeName(node) + " attribute " + Quote(a.name());
      if (a.has_t()) {
        OL_RETURN_IF_ERROR(CheckTensorProtoData(
            a.t(), a.t().name().empty() ? what : what + " (tensor " + Quote(a.t().name()) + ")"));
      }
      for (int i = 0; i < a.tensors_size(); ++i) {
        OL_RETURN_IF_ERROR(
            CheckTensorProtoData(a.tensors(i), what + " tensor #" + std::to_string(i)));
      }
      if (a.has_sparse_tensor()) OL_RETURN_IF_ERROR(CheckSparse(a.sparse_tensor(), what));
      for (int i = 0; i < a.sparse_tensors_size(); ++i) {
        OL_RETURN_IF_ERROR(CheckSparse(a.sparse_tensors(i), what + " #" + std::to_string(i)));
      }
      if (a.has_g()) OL_RETURN_IF_ERROR(CheckGraph(a.g(), what, depth + 1));
      for (int i = 0; i < a.graphs_size(); ++i) {
        OL_RETURN_IF_ERROR(
            CheckGraph(a.graphs(i), what + " graph #" + std::to_string(i), depth + 1));
      }
    }
  }
  return Status::Ok();
}

Status CheckGraph(const onnx::GraphProto& g, const std::string& where, int depth) {
  if (depth > kMaxDepth) {
    return InvalidModel(where + ": subgraphs are nested more than " + std::to_string(kMaxDepth) +
                        " deep");
  }
  for (const onnx::TensorProto& t : g.initializer()) {
    OL_RETURN_IF_ERROR(CheckTensorProtoData(t, where + ": initializer " + Quote(t.name())));
  }
  for (const onnx::SparseTensorProto& sp : g.sparse_initializer()) {
    OL_RETURN_IF_ERROR(
        CheckSparse(sp, where + ": sparse initializer " + Quote(sp.values().name())));
  }
  return CheckNodes(g.node(), where, depth);
}

}  // namespace

Status CheckModelTensorData(const onnx::ModelProto& model) {
  OL_RETURN_IF_ERROR(CheckGraph(model.graph(), "graph " + Quote(model.graph().name()), 0));
  for (const onnx::FunctionProto& f : model.functions()) {
    OL_RETURN_IF_ERROR(CheckNodes(f.node(), "function " + Quote(f.name()), 1));
  }
  return Status::Ok();
}

}  // namespace onnxlens::onnx_io
