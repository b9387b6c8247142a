// ModelProto -> IR.
#include "onnx/importer.h"

#include <unordered_map>

#include "common/strings.h"
#include "ir/verifier.h"

namespace onnxlens::onnx_io {

namespace {

using ir::AttrType;

class Importer {
 public:
  Importer(const ExternalReader& external, std::vector<std::string>* warnings)
      : external_(external), warnings_(warnings) {}

  Status ImportGraph(const onnx::GraphProto& gp, ir::Graph* g);

 private:
  Status DefineValues(const onnx::GraphProto& gp, ir::Graph* g);
  Status ImportNodes(const onnx::GraphProto& gp, ir::Graph* g);
  Status ImportAttribute(const onnx::AttributeProto& ap, ir::Node* node, ir::Attribute* out);
  void ApplyValueInfo(const onnx::ValueInfoProto& vi, ir::Value* v);

  std::string Where(const ir::Graph& g) const {
    return (g.parent() ? "subgraph " : "graph ") + Quote(g.name());
  }

  const ExternalReader& external_;
  std::vector<std::string>* warnings_;
};

void Importer::ApplyValueInfo(const onnx::ValueInfoProto& vi, ir::Value* v) {
  if (vi.has_type()) {
    ir::TypeInfo t = TypeFromProto(vi.type());
    if (t.known()) v->set_type(std::move(t));
  }
  if (!vi.doc_string().empty()) v->doc_string = vi.doc_string();
}

Status Importer::DefineValues(const onnx::GraphProto& gp, ir::Graph* g) {
  for (const auto& vi : gp.input()) {
    if (vi.name().empty()) return InvalidModel(Where(*g) + ": a graph input has no name");
    if (g->FindLocalValue(vi.name())) {
      return InvalidModel(Where(*g) + ": graph input " + Quote(vi.name()) + " is declared twice");
    }
    ir::Value* v = g->CreateValue(vi.name());
    ApplyValueInfo(vi, v);
    g->AddInput(v);
  }
  for (const auto& tp : gp.initializer()) {
    if (tp.name().empty()) return InvalidModel(Where(*g) + ": an initializer has no name");
    const std::string what = "initializer " + Quote(tp.name());
    ir::Value* v = g->FindLocalValue(tp.name());
    if (v && v->is_initializer()) {
      return InvalidModel(Where(*g) + ": " + what + " is declared twice");
    }
    auto t = TensorFromProto(tp, external_, what);
    if (!t.ok()) return t.status().WithContext(Where(*g));
    if (!v) v = g->CreateValue(tp.name());
    if (!v->type().known()) {
      v->set_type(ir::TypeInfo::Tensor(t->dtype(), ir::DimsFromSizes(t->dims())));
    }
    g->SetInitializer(v, std::move(t).value());
  }
  for (const auto& sp : gp.sparse_initializer()) {
    const std::string& name = sp.values().name();
    if (name.empty()) return InvalidModel(Where(*g) + ": a sparse initializer has no name");
    if (g->FindLocalValue(name) && g->FindLocalValue(name)->is_initializer()) {
      return InvalidModel(Where(*g) + ": sparse initializer " + Quote(name) + " is declared twice");
    }
    ir::Value* v = g->FindLocalValue(name);
    if (!v) v = g->CreateValue(name);
    ir::TypeInfo t;
    t.kind = ir::TypeInfo::Kind::kSparseTensor;
    t.elem_type = ir::DataTypeFromOnnx(sp.values().data_type()).value_or(ir::DataType::kUndefined);
    t.shape = ir::DimsFromSizes(std::vector<int64_t>(sp.dims().begin(), sp.dims().end()));
    if (!v->type().known()) v->set_type(std::move(t));
    g->AddSparseInitializer(v, sp.SerializeAsString());
  }
  // Node outputs: each name may be produced once and must not shadow an input or initializer.
  std::unordered_map<std::string, int> producer_of;
  for (int n = 0; n < gp.node_size(); ++n) {
    const auto& np = gp.node(n);
    for (const auto& out : np.output()) {
      if (out.empty()) continue;
      if (ir::Value* existing = g->FindLocalValue(out)) {
        std::string first = existing->is_graph_input() ? "a graph input"
                            : existing->is_initializer() || existing->is_sparse_initializer()
                                ? "an initializer"
                                : "";
        if (first.empty()) {
          const auto& other = gp.node(producer_of[out]);
          first = "also the output of node " + Quote(other.name()) + " (" + other.op_type() + ")";
        } else {
          first = "already " + first;
        }
        return InvalidModel(Where(*g) + ": node " + Quote(np.name()) + " (" + np.op_type() +
                            ") outputs " + Quote(out) + ", which is " + first +
                            " (duplicate output name)");
      }
      g->CreateValue(out);
      producer_of[out] = n;
    }
  }
  return Status::Ok();
}

Status Importer::ImportAttribute(const onnx::AttributeProto& ap, ir::Node* node, ir::Attribute* a) {
  const std::string what = "node " + node->Describe() + " attribute " + Quote(ap.name());
  a->name = ap.name();
  a->doc_string = ap.doc_string();
  a->ref_attr_name = ap.ref_attr_name();
  auto type = static_cast<AttrType>(ap.type());
  if (type == AttrType::kUndefined) {
    // IR version 1 files may leave the type out; infer it from the field that is set.
    if (ap.has_f())
      type = AttrType::kFloat;
    else if (ap.has_i())
      type = AttrType::kInt;
    else if (ap.has_s())
      type = AttrType::kString;
    else if (ap.has_t())
      type = AttrType::kTensor;
    else if (ap.has_g())
      type = AttrType::kGraph;
    else if (ap.floats_size())
      type = AttrType::kFloats;
    else if (ap.ints_size())
      type = AttrType::kInts;
    else if (ap.strings_size())
      type = AttrType::kStrings;
    else if (ap.tensors_size())
      type = AttrType::kTensors;
    else if (ap.graphs_size())
      type = AttrType::kGraphs;
  }
  a->type = type;
  switch (type) {
    case AttrType::kFloat:
      a->f = ap.f();
      break;
    case AttrType::kInt:
      a->i = ap.i();
      break;
    case AttrType::kString:
      a->s = ap.s();
      break;
    case AttrType::kTensor: {
      OL_ASSIGN_OR_RETURN(a->t, TensorFromProto(ap.t(), external_, what));
      break;
    }
    case AttrType::kGraph: {
      if (!ap.has_g()) {
        if (!ap.ref_attr_name().empty()) break;
        return InvalidModel(what + " is a graph attribute without a graph");
      }
      a->g = std::make_unique<ir::Graph>(ap.g().name(), node->owner());
      a->g->set_parent_node(node);
      OL_RETURN_IF_ERROR(ImportGraph(ap.g(), a->g.get()).WithContext(what));
      break;
    }
    case AttrType::kFloats:
      a->floats.assign(ap.floats().begin(), ap.floats().end());
      break;
    case AttrType::kInts:
      a->ints.assign(ap.ints().begin(), ap.ints().end());
      break;
    case AttrType::kStrings:
      a->strings.assign(ap.strings().begin(), ap.strings().end());
      break;
    case AttrType::kTensors:
      for (const auto& tp : ap.tensors()) {
        OL_ASSIGN_OR_RETURN(ir::Tensor t, TensorFromProto(tp, external_, what));
        a->tensors.push_back(std::move(t));
      }
      break;
    case AttrType::kGraphs:
      for (const auto& gp : ap.graphs()) {
        auto sub = std::make_unique<ir::Graph>(gp.name(), node->owner());
        sub->set_parent_node(node);
        OL_RETURN_IF_ERROR(ImportGraph(gp, sub.get()).WithContext(what));
        a->graphs.push_back(std::move(sub));
      }
      break;
    case AttrType::kSparseTensor:
      a->opaque.push_back(ap.sparse_tensor().SerializeAsString());
      break;
    case AttrType::kSparseTensors:
      for (const auto& s : ap.sparse_tensors()) a->opaque.push_back(s.SerializeAsString());
      break;
    case AttrType::kTypeProto:
      a->opaque.push_back(ap.tp().SerializeAsString());
      break;
    case AttrType::kTypeProtos:
      for (const auto& s : ap.type_protos()) a->opaque.push_back(s.SerializeAsString());
      break;
    case AttrType::kUndefined:
      if (ap.ref_attr_name().empty()) {
        warnings_->push_back(what + " has no type and no value; kept as undefined");
      }
      break;
    default:
      return InvalidModel(what + " has unknown attribute type " + std::to_string(ap.type()));
  }
  return Status::Ok();
}

Status Importer::ImportNodes(const onnx::GraphProto& gp, ir::Graph* g) {
  for (int n = 0; n < gp.node_size(); ++n) {
    const auto& np = gp.node(n);
    if (np.op_type().empty()) {
      return InvalidModel(Where(*g) + ": node #" + std::to_string(n) + " " + Quote(np.name()) +
                          " has no op_type");
    }
    ir::Node* node =
        g->AddNode(np.op_type(), np.domain() == "ai.onnx" ? "" : np.domain(), np.name());
    node->doc_string = np.doc_string();
    for (int i = 0; i < np.input_size(); ++i) {
      const std::string& in = np.input(i);
      if (in.empty()) {
        node->AddInput(nullptr);
        continue;
      }
      ir::Value* v = g->FindValue(in);
      if (!v) {
        return InvalidModel(Where(*g) + ": node " + node->Describe() + " input #" +
                            std::to_string(i) + " " + Quote(in) +
                            " is not defined (not a graph input, initializer, node output or "
                            "outer-scope value)");
      }
      node->AddInput(v);
    }
    for (const auto& out : np.output()) {
      node->AddOutput(out.empty() ? nullptr : g->FindLocalValue(out));
    }
    for (const auto& ap : np.attribute()) {
      if (node->FindAttribute(ap.name())) {
        return InvalidModel(Where(*g) + ": node " + node->Describe() + " has attribute " +
                            Quote(ap.name()) + " twice");
      }
      ir::Attribute a;
      OL_RETURN_IF_ERROR(ImportAttribute(ap, node, &a).WithContext(Where(*g)));
      node->attributes().push_back(std::move(a));
    }
  }
  return Status::Ok();
}

Status Importer::ImportGraph(const onnx::GraphProto& gp, ir::Graph* g) {
  g->set_name(gp.name());
  g->doc_string = gp.doc_string();
  OL_RETURN_IF_ERROR(DefineValues(gp, g));
  OL_RETURN_IF_ERROR(ImportNodes(gp, g));
  for (const auto& vi : gp.output()) {
    ir::Value* v = g->FindValue(vi.name());
    if (!v) {
      return InvalidModel(Where(*g) + ": graph output " + Quote(vi.name()) +
                          " is not produced by any node and is not an input or initializer");
    }
    if (v->owner() == g) ApplyValueInfo(vi, v);
    g->AddOutput(v);
  }
  int stale = 0;
  for (const auto& vi : gp.value_info()) {
    ir::Value* v = g->FindLocalValue(vi.name());
    if (!v) {
      ++stale;
      continue;
    }
    if (!v->is_graph_input() && !v->is_graph_output()) ApplyValueInfo(vi, v);
  }
  if (stale) {
    warnings_->push_back(Where(*g) + ": " + std::to_string(stale) + " value_info entr" +
                         (stale == 1 ? "y names" : "ies name") + " no value of the graph; ignored");
  }
  return Status::Ok();
}

}  // namespace

Expected<ImportResult> ImportModel(const onnx::ModelProto& proto, const ExternalReader& external) {
  if (!proto.has_graph()) return InvalidModel("the model has no graph");
  ImportResult result;
  ir::Model& m = result.model;
  m.ir_version = proto.ir_version();
  m.producer_name = proto.producer_name();
  m.producer_version = proto.producer_version();
  m.domain = proto.domain();
  m.model_version = proto.model_version();
  m.doc_string = proto.doc_string();
  for (const auto& o : proto.opset_import()) {
    m.opset_imports.push_back({o.domain() == "ai.onnx" ? "" : o.domain(), o.version()});
  }
  for (const auto& kv : proto.metadata_props()) m.metadata.emplace_back(kv.key(), kv.value());
  for (const auto& f : proto.functions()) {
    m.functions.push_back(f.SerializeAsString());
    m.function_names.push_back(f.domain() + ":" + f.name());
  }
  for (const auto& t : proto.training_info()) m.training_info.push_back(t.SerializeAsString());

  m.graph = std::make_unique<ir::Graph>();
  Importer importer(external, &result.warnings);
  OL_RETURN_IF_ERROR(importer.ImportGraph(proto.graph(), m.graph.get()));
  OL_RETURN_IF_ERROR(ir::VerifyModel(m));
  return result;
}

}  // namespace onnxlens::onnx_io
