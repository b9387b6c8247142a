// IR -> ModelProto.
#include "onnx/exporter.h"

#include <unordered_set>

#include "common/strings.h"
#include "onnx/proto_convert.h"

namespace onnxlens::onnx_io {

namespace {

using ir::AttrType;

class Exporter {
 public:
  explicit Exporter(const ExportOptions& opt) : opt_(opt) {}

  Status ExportGraph(const ir::Graph& g, onnx::GraphProto* gp);

 private:
  Status ExportTensor(const ir::Tensor& t, const std::string& name, bool allow_external,
                      onnx::TensorProto* tp) {
    tp->set_name(name);
    if (allow_external && opt_.external && t.dtype() != ir::DataType::kString &&
        t.nbytes() >= opt_.external_threshold) {
      tp->set_data_type(static_cast<int32_t>(t.dtype()));
      for (int64_t d : t.dims()) tp->add_dims(d);
      return opt_.external(t, tp);
    }
    TensorToProto(t, tp);
    return Status::Ok();
  }

  static void ValueInfo(const ir::Value& v, onnx::ValueInfoProto* vi) {
    vi->set_name(v.name());
    if (!v.doc_string.empty()) vi->set_doc_string(v.doc_string);
    if (v.type().known()) TypeToProto(v.type(), vi->mutable_type());
  }

  Status ExportAttribute(const ir::Attribute& a, onnx::AttributeProto* ap);

  const ExportOptions& opt_;
};

Status Exporter::ExportAttribute(const ir::Attribute& a, onnx::AttributeProto* ap) {
  ap->set_name(a.name);
  if (!a.doc_string.empty()) ap->set_doc_string(a.doc_string);
  if (!a.ref_attr_name.empty()) ap->set_ref_attr_name(a.ref_attr_name);
  ap->set_type(static_cast<onnx::AttributeProto::AttributeType>(a.type));
  switch (a.type) {
    case AttrType::kFloat:
      ap->set_f(a.f);
      break;
    case AttrType::kInt:
      ap->set_i(a.i);
      break;
    case AttrType::kString:
      ap->set_s(a.s);
      break;
    case AttrType::kTensor:
      OL_RETURN_IF_ERROR(ExportTensor(a.t, "", false, ap->mutable_t()));
      break;
    case AttrType::kGraph:
      if (a.g) OL_RETURN_IF_ERROR(ExportGraph(*a.g, ap->mutable_g()));
      break;
    case AttrType::kFloats:
      for (float f : a.floats) ap->add_floats(f);
      break;
    case AttrType::kInts:
      for (int64_t i : a.ints) ap->add_ints(i);
      break;
    case AttrType::kStrings:
      for (const auto& s : a.strings) ap->add_strings(s);
      break;
    case AttrType::kTensors:
      for (const auto& t : a.tensors)
        OL_RETURN_IF_ERROR(ExportTensor(t, "", false, ap->add_tensors()));
      break;
    case AttrType::kGraphs:
      for (const auto& g : a.graphs) OL_RETURN_IF_ERROR(ExportGraph(*g, ap->add_graphs()));
      break;
    case AttrType::kSparseTensor:
      if (!a.opaque.empty()) ap->mutable_sparse_tensor()->ParseFromString(a.opaque[0]);
      break;
    case AttrType::kSparseTensors:
      for (const auto& s : a.opaque) ap->add_sparse_tensors()->ParseFromString(s);
      break;
    case AttrType::kTypeProto:
      if (!a.opaque.empty()) ap->mutable_tp()->ParseFromString(a.opaque[0]);
      break;
    case AttrType::kTypeProtos:
      for (const auto& s : a.opaque) ap->add_type_protos()->ParseFromString(s);
      break;
    case AttrType::kUndefined:
      break;
  }
  return Status::Ok();
}

Status Exporter::ExportGraph(const ir::Graph& g, onnx::GraphProto* gp) {
  gp->set_name(g.name());
  if (!g.doc_string.empty()) gp->set_doc_string(g.doc_string);
  for (const ir::Value* v : g.inputs()) ValueInfo(*v, gp->add_input());
  for (const ir::Value* v : g.initializers()) {
    OL_RETURN_IF_ERROR(ExportTensor(*v->initializer(), v->name(), true, gp->add_initializer()));
  }
  for (const auto& sp : g.sparse_initializers()) {
    if (!gp->add_sparse_initializer()->ParseFromString(sp.serialized)) {
      return Internal("sparse initializer " + Quote(sp.value->name()) + " does not re-serialize");
    }
  }
  OL_ASSIGN_OR_RETURN(std::vector<ir::Node*> order, g.TopologicalOrder());
  // ONNX Runtime refuses a graph with two nodes of one name ("two nodes with same node name"): a
  // name met again (a pass named two new nodes alike, or the source file did) gets a suffix.
  std::unordered_set<std::string> names, written;
  for (const ir::Node* n : order) names.insert(n->name());
  for (const ir::Node* n : order) {
    auto* np = gp->add_node();
    np->set_op_type(n->op_type());
    if (!n->name().empty()) {
      std::string name = n->name();
      for (int k = 2; written.count(name); ++k) {
        name = n->name() + "_" + std::to_string(k);
        if (names.count(name)) name = n->name();  // taken by another node: try the next k
      }
      written.insert(name);
      np->set_name(name);
    }
    if (!n->domain().empty()) np->set_domain(n->domain());
    if (!n->doc_string.empty()) np->set_doc_string(n->doc_string);
    for (const ir::Value* v : n->inputs()) np->add_input(v ? v->name() : "");
    for (const ir::Value* v : n->outputs()) np->add_output(v ? v->name() : "");
    for (const auto& a : n->attributes()) {
      OL_RETURN_IF_ERROR(ExportAttribute(a, np->add_attribute()));
    }
  }
  for (const ir::Value* v : g.outputs()) ValueInfo(*v, gp->add_output());
  for (const ir::Value* v : g.values()) {
    if (!opt_.intermediate_value_info) break;
    if (v->is_graph_input() || v->is_graph_output() || v->is_initializer() ||
        v->is_sparse_initializer() || !v->type().known() || !v->producer()) {
      continue;
    }
    ValueInfo(*v, gp->add_value_info());
  }
  return Status::Ok();
}

}  // namespace

Expected<onnx::ModelProto> ExportModel(const ir::Model& m, const ExportOptions& options) {
  if (!m.graph) return InvalidArgument("the model has no graph");
  onnx::ModelProto proto;
  proto.set_ir_version(m.ir_version);
  if (!m.producer_name.empty()) proto.set_producer_name(m.producer_name);
  if (!m.producer_version.empty()) proto.set_producer_version(m.producer_version);
  if (!m.domain.empty()) proto.set_domain(m.domain);
  if (m.model_version) proto.set_model_version(m.model_version);
  if (!m.doc_string.empty()) proto.set_doc_string(m.doc_string);
  for (const auto& o : m.opset_imports) {
    auto* op = proto.add_opset_import();
    op->set_domain(o.domain);
    op->set_version(o.version);
  }
  for (const auto& [k, v] : m.metadata) {
    auto* kv = proto.add_metadata_props();
    kv->set_key(k);
    kv->set_value(v);
  }
  for (const auto& f : m.functions) {
    if (!proto.add_functions()->ParseFromString(f))
      return Internal("a function does not re-serialize");
  }
  for (const auto& t : m.training_info) {
    if (!proto.add_training_info()->ParseFromString(t)) {
      return Internal("training info does not re-serialize");
    }
  }
  Exporter exporter(options);
  OL_RETURN_IF_ERROR(exporter.ExportGraph(*m.graph, proto.mutable_graph()));
  return proto;
}

}  // namespace onnxlens::onnx_io
