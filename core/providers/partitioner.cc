// PartitionModel: capability queries in preference order, node by node, subgraphs included.
#include "providers/partitioner.h"

#include <algorithm>
#include <set>

namespace onnxlens::providers {

namespace {

std::string Domain(const ir::Node& n) { return n.domain() == "ai.onnx" ? "" : n.domain(); }

std::string UnplacedText(const ir::Node& n, int64_t opset) {
  std::string types;
  for (const ir::Value* v : n.inputs()) {
    types += types.empty() ? "" : ",";
    types += v && v->type().is_tensor() ? std::string(ir::DataTypeName(v->type().elem_type)) : "?";
  }
  const std::string domain = Domain(n);
  return (domain.empty() ? "ai.onnx" : domain) + ":" + n.op_type() + " (opset " +
         std::to_string(opset) + ", inputs " + types + ")";
}

Status PlaceGraph(const ir::Model& model, const ir::Graph& g, bool main_graph,
                  const std::vector<const ExecutionProvider*>& providers, Partition* out) {
  OL_ASSIGN_OR_RETURN(std::vector<ir::Node*> order, g.TopologicalOrder());
  std::vector<const ir::Graph*> subgraphs;
  for (const ir::Node* n : order) {
    const int64_t opset = model.OpsetVersion(Domain(*n));
    NodePlacement p;
    p.node_id = n->id();
    p.graph = main_graph ? "" : g.name();
    p.node = n->name().empty() ? n->Describe() : n->name();
    p.op_type = n->op_type();
    p.domain = Domain(*n);
    for (const ExecutionProvider* ep : providers) {
      const Capability c = ep->GetCapability(g, *n, opset);
      if (!c.accepted()) {
        if (p.provider.empty()) p.declined.push_back({ep->name(), c.reason, c.sentence});
        continue;
      }
      if (p.provider.empty()) {
        p.provider = ep->name();
      } else {
        p.fallback = ep->name();
        break;
      }
    }
    if (p.provider.empty()) {
      out->unplaced_descriptions[n->id()] = UnplacedText(*n, opset);
    } else {
      ++out->counts[p.provider];
    }
    out->index[n->id()] = out->nodes.size();
    out->nodes.push_back(std::move(p));
    for (const ir::Graph* sub : n->Subgraphs()) subgraphs.push_back(sub);
  }
  for (const ir::Graph* sub : subgraphs)
    OL_RETURN_IF_ERROR(PlaceGraph(model, *sub, false, providers, out));
  return Status::Ok();
}

}  // namespace

const NodePlacement* Partition::Find(ir::NodeId id) const {
  auto it = index.find(id);
  return it == index.end() ? nullptr : &nodes[it->second];
}

std::vector<std::string> Partition::Unplaced() const {
  std::set<std::string> unique;
  for (const auto& [id, text] : unplaced_descriptions) unique.insert(text);
  return {unique.begin(), unique.end()};
}

Expected<Partition> PartitionModel(const ir::Model& model,
                                   const std::vector<const ExecutionProvider*>& providers) {
  if (!model.graph) return InvalidArgument("no model");
  Partition out;
  for (const ExecutionProvider* ep : providers) out.providers.push_back(ep->name());
  // One record per node: no slack from growing (a session keeps them; 50,000 nodes).
  const size_t nodes = static_cast<size_t>(model.graph->NumNodesRecursive());
  out.nodes.reserve(nodes);
  out.index.reserve(nodes);
  OL_RETURN_IF_ERROR(PlaceGraph(model, *model.graph, true, providers, &out));
  return out;
}

}  // namespace onnxlens::providers
