// Graph snapshots.
#include "api/graph_snapshot.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>

#include "api/op_category.h"
#include "api/op_doc.h"
#include "common/strings.h"
#include "ir/model.h"
#include "ir/tensor.h"
#include "kernels/registry.h"
#include "onnx/model_io.h"

namespace onnxlens::api {

namespace {

std::string Item(int64_t v) { return std::to_string(v); }
std::string Item(float v) {  // as a stream prints it (6 significant digits)
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%g", static_cast<double>(v));
  return buf;
}
std::string Item(const std::string& v) { return v; }

// "[1, 2, 3]"; past `limit` items "…, … (N)". Built by hand: a stream per attribute was a tenth
// of a 50,000-node snapshot.
template <typename T>
std::string List(const std::vector<T>& v, size_t limit = 16) {
  std::string o = "[";
  for (size_t i = 0; i < v.size() && i < limit; ++i) {
    if (i) o += ", ";
    o += Item(v[i]);
  }
  if (v.size() > limit) o += ", … (" + std::to_string(v.size()) + ")";
  o += "]";
  return o;
}

std::string TensorText(const ir::Tensor& t) {
  return std::string(ir::DataTypeName(t.dtype())) + "[" + Join(t.dims(), ",") + "] tensor";
}

SnapshotAttribute DescribeAttribute(const ir::Attribute& a) {
  SnapshotAttribute s{a.name, std::string(ir::AttrTypeName(a.type)), {}};
  switch (a.type) {
    case ir::AttrType::kFloat:
      s.value = FormatFloat(a.f);
      break;
    case ir::AttrType::kInt:
      s.value = std::to_string(a.i);
      break;
    case ir::AttrType::kString:
      s.value = "\"" + EscapeString(a.s) + "\"";
      break;
    case ir::AttrType::kFloats:
      s.value = List(a.floats);
      break;
    case ir::AttrType::kInts:
      s.value = List(a.ints);
      break;
    case ir::AttrType::kStrings:
      s.value = List(a.strings);
      break;
    case ir::AttrType::kTensor:
      s.value = TensorText(a.t);
      break;
    case ir::AttrType::kTensors:
      s.value = std::to_string(a.tensors.size()) + " tensors";
      break;
    case ir::AttrType::kGraph:
      s.value = "graph";
      break;
    case ir::AttrType::kGraphs:
      s.value = std::to_string(a.graphs.size()) + " graphs";
      break;
    default:
      s.value = "(" + s.type + ")";
      break;
  }
  if (!a.ref_attr_name.empty()) s.value = "@" + a.ref_attr_name;
  return s;
}

// (domain, op) pairs the runtime implements (contrib ops the schema registry does not hold).
const std::set<std::pair<std::string, std::string>>& RuntimeOps() {
  static const std::set<std::pair<std::string, std::string>> ops = [] {
    kernels::KernelRegistry r;
    kernels::RegisterReferenceKernels(r);
    kernels::RegisterCpuKernels(r);
    std::set<std::pair<std::string, std::string>> s;
    for (const auto& p : r.Ops(kernels::kReferenceProvider)) s.insert(p);
    for (const auto& p : r.Ops(kernels::kCpuProvider)) s.insert(p);
    return s;
  }();
  return ops;
}

class Builder {
 public:
  Builder(GraphSnapshot* out, const ir::Model& model, const SnapshotTensorKeep& keep)
      : out_(out), model_(model), keep_(keep) {}

  int Add(const ir::Graph& g, const std::string& path, int parent_graph, int parent_node) {
    const int gi = static_cast<int>(out_->graphs.size());
    out_->graphs.emplace_back();
    {
      SnapshotGraph& sg = out_->graphs[gi];
      sg.name = g.name();
      sg.path = path;
      sg.parent_graph = parent_graph;
      sg.parent_node = parent_node;
    }
    const size_t value_count = g.values().size();
    std::unordered_map<const ir::Value*, int> value_index;
    value_index.reserve(value_count);
    out_->graphs[gi].nodes.reserve(g.num_nodes());
    // Sized once: grown by doubling, a 50,000-node snapshot's vectors held a third more than
    // their contents (a trace keeps one snapshot per step).
    out_->graphs[gi].values.reserve(value_count);
    auto value = [&](const ir::Value* v) {
      auto it = value_index.find(v);
      if (it != value_index.end()) return it->second;
      SnapshotGraph& sg = out_->graphs[gi];
      SnapshotValue sv;
      sv.name = v->name();
      const ir::TypeInfo& t = v->type();
      sv.type = ir::TypeToString(t);
      if (t.is_tensor()) {
        if (t.elem_type != ir::DataType::kUndefined) sv.dtype = ir::DataTypeName(t.elem_type);
        if (t.shape) sv.shape_label = ir::ShapeLabel(*t.shape);
      }
      sv.graph_input = v->is_graph_input() && v->owner() == &g;
      sv.graph_output = v->is_graph_output() && v->owner() == &g;
      sv.initializer = v->is_initializer();
      if (const ir::Tensor* t = v->initializer()) {
        sv.numel = t->numel();
        sv.nbytes = static_cast<int64_t>(t->nbytes());
        Keep(*t, &sv);
      }
      sv.outer = v->owner() != &g;
      sg.values.push_back(std::move(sv));
      const int vi = static_cast<int>(sg.values.size()) - 1;
      value_index[v] = vi;
      return vi;
    };
    for (const ir::Value* v : g.inputs()) out_->graphs[gi].inputs.push_back(value(v));
    for (const ir::Value* v : g.initializers()) value(v);
    auto order = g.TopologicalOrder();
    const std::vector<ir::Node*> nodes = order.ok() ? *order : g.nodes();
    std::vector<std::pair<int, const ir::Node*>> bodies;
    for (const ir::Node* n : nodes) {
      SnapshotNode sn;
      sn.id = n->id();
      sn.name = n->name();
      sn.op_type = n->op_type();
      sn.domain = n->domain() == "ai.onnx" ? "" : n->domain();
      sn.origins = n->origins;
      sn.opset = model_.OpsetVersion(sn.domain);
      const OpFacts& facts = FactsOf(sn.domain, sn.op_type, sn.opset);
      sn.category = facts.category;
      sn.inputs.reserve(n->inputs().size());
      sn.outputs.reserve(n->outputs().size());
      sn.attributes.reserve(n->attributes().size());
      if (const auto& doc = facts.doc) {
        sn.input_names.reserve(n->inputs().size());
        for (size_t k = 0; k < n->inputs().size(); ++k) {
          // a variadic last parameter names every remaining input
          const size_t p = std::min(k, doc->inputs.empty() ? 0 : doc->inputs.size() - 1);
          sn.input_names.push_back(doc->inputs.empty() ? "" : doc->inputs[p].name);
        }
      } else {
        sn.input_names.assign(n->inputs().size(), "");
      }
      const int ni = static_cast<int>(out_->graphs[gi].nodes.size());
      for (const ir::Value* v : n->inputs()) {
        const int vi = v ? value(v) : -1;
        sn.inputs.push_back(vi);
        if (vi >= 0) out_->graphs[gi].values[vi].consumers.push_back(ni);
      }
      for (const ir::Value* v : n->outputs()) {
        const int vi = v ? value(v) : -1;
        sn.outputs.push_back(vi);
        if (vi >= 0) out_->graphs[gi].values[vi].producer = ni;
      }
      sn.known = facts.known;
      for (const ir::Attribute& a : n->attributes()) sn.attributes.push_back(DescribeAttribute(a));
      if (sn.op_type == "Constant" && sn.domain.empty() && sn.outputs.size() == 1 &&
          sn.outputs[0] >= 0) {
        if (const ir::Attribute* a = n->FindAttribute("value");
            a && a->type == ir::AttrType::kTensor)
          Keep(a->t, &out_->graphs[gi].values[sn.outputs[0]]);
      }
      out_->graphs[gi].nodes.push_back(std::move(sn));
      ++out_->node_count_total;
      if (n->HasSubgraphs()) bodies.emplace_back(ni, n);
    }
    for (const ir::Value* v : g.outputs()) out_->graphs[gi].outputs.push_back(value(v));
    for (auto& [ni, owner_node] : bodies) {
      std::vector<std::pair<const ir::Graph*, std::string>> graphs;
      for (const ir::Attribute& a : owner_node->attributes()) {
        if (a.type == ir::AttrType::kGraph && a.g) graphs.emplace_back(a.g.get(), a.name);
        if (a.type == ir::AttrType::kGraphs) {
          for (size_t k = 0; k < a.graphs.size(); ++k)
            if (a.graphs[k])
              graphs.emplace_back(a.graphs[k].get(), a.name + "[" + std::to_string(k) + "]");
        }
      }
      for (const auto& [body, attribute] : graphs) {
        const SnapshotNode& owner = out_->graphs[gi].nodes[ni];
        const std::string label =
            (owner.name.empty() ? owner.op_type + "_" + std::to_string(owner.id) : owner.name) +
            "/" + body->name();
        const int bi = Add(*body, path.empty() ? label : path + "/" + label, gi, ni);
        out_->graphs[bi].attribute = attribute;
        out_->graphs[gi].nodes[ni].subgraphs.push_back(bi);
      }
    }
    return gi;
  }

 private:
  void Keep(const ir::Tensor& t, SnapshotValue* sv) const {
    if (!keep_ || keep_(t))
      sv->data = std::make_shared<const ir::Tensor>(t);
    else
      sv->data_dropped = true;
  }

  // What a snapshot says of every node of one op: looked up once per (domain, op, opset).
  struct OpFacts {
    std::optional<OpDoc> doc;
    std::string category;
    bool known = false;
  };
  const OpFacts& FactsOf(const std::string& domain, const std::string& op, int64_t opset) {
    auto key = std::make_tuple(domain, op, opset);
    auto it = facts_.find(key);
    if (it != facts_.end()) return it->second;
    OpFacts f;
    f.doc = FindOpDoc(domain, op, opset);
    f.category = std::string(OpCategoryName(CategorizeOp(domain, op)));
    f.known = f.doc.has_value() || RuntimeOps().count({domain, op}) > 0;
    return facts_.emplace(std::move(key), std::move(f)).first->second;
  }

  GraphSnapshot* out_;
  const ir::Model& model_;
  const SnapshotTensorKeep& keep_;
  std::map<std::tuple<std::string, std::string, int64_t>, OpFacts> facts_;
};

}  // namespace

GraphSnapshot SnapshotOf(const ir::Model& model, const SnapshotTensorKeep& keep) {
  GraphSnapshot s;
  if (model.graph) Builder(&s, model, keep).Add(*model.graph, "", -1, -1);
  auto& p = s.properties;
  p.emplace_back("format", "ONNX v" + std::to_string(model.ir_version));
  if (!model.producer_name.empty())
    p.emplace_back("producer", model.producer_name + (model.producer_version.empty()
                                                          ? std::string()
                                                          : " " + model.producer_version));
  if (model.model_version != 0) p.emplace_back("version", std::to_string(model.model_version));
  if (!model.domain.empty()) p.emplace_back("domain", model.domain);
  std::string opsets;
  for (const ir::OpsetImport& o : model.opset_imports)
    opsets += (opsets.empty() ? "" : ", ") +
              (o.domain.empty() ? std::string("ai.onnx") : o.domain) + " " +
              std::to_string(o.version);
  p.emplace_back("imports", opsets);
  if (model.graph && !model.graph->name().empty()) p.emplace_back("graph", model.graph->name());
  if (!model.doc_string.empty()) p.emplace_back("description", model.doc_string);
  for (const auto& [k, v] : model.metadata) p.emplace_back("metadata: " + k, v);
  return s;
}

std::shared_ptr<const GraphSnapshot> SharedSnapshotOf(
    const std::shared_ptr<const ir::Model>& model) {
  struct Kept {
    std::weak_ptr<const ir::Model> model;
    std::weak_ptr<const GraphSnapshot> snapshot;
  };
  static std::mutex mu;
  static std::vector<Kept> kept;  // a few entries: the models the program holds snapshots of
  // One model is one control block: a later model at a freed model's address is not it.
  const auto same = [&](const Kept& k) {
    return !k.model.owner_before(model) && !model.owner_before(k.model);
  };
  {
    std::lock_guard<std::mutex> lock(mu);
    kept.erase(
        std::remove_if(kept.begin(), kept.end(),
                       [](const Kept& k) { return k.model.expired() || k.snapshot.expired(); }),
        kept.end());
    for (const Kept& k : kept) {
      if (!same(k)) continue;
      if (auto s = k.snapshot.lock()) return s;
    }
  }
  auto made = std::make_shared<const GraphSnapshot>(SnapshotOf(*model));
  std::lock_guard<std::mutex> lock(mu);
  kept.push_back({model, made});
  return made;
}

Expected<std::shared_ptr<const GraphSnapshot>> SnapshotModelFile(const std::string& path) {
  OL_ASSIGN_OR_RETURN(onnx_io::LoadedModel loaded, onnx_io::LoadModelFile(path));
  return std::make_shared<const GraphSnapshot>(SnapshotOf(*loaded.model));
}

}  // namespace onnxlens::api
