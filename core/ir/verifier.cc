// Graph verifier.
#include "ir/verifier.h"

#include "common/strings.h"

namespace onnxlens::ir {

namespace {

bool IsDefinedIn(const Value* v) {
  return v->is_graph_input() || v->is_initializer() || v->is_sparse_initializer() ||
         (v->producer() && v->producer()->owner() == v->owner());
}

std::string Where(const Graph& g) {
  return g.parent() ? "subgraph " + Quote(g.name()) : "graph " + Quote(g.name());
}

Status CheckValueRef(const Graph& g, const Value* v, const std::string& who) {
  if (!g.IsWithin(v->owner())) {
    return InvalidModel(Where(g) + ": " + who + " reads " + Quote(v->name()) + " of " +
                        Where(*v->owner()) + ", which does not enclose it");
  }
  if (!IsDefinedIn(v)) {
    return InvalidModel(Where(g) + ": " + who + " reads " + Quote(v->name()) +
                        ", which is not a graph input, an initializer or the output of a node");
  }
  return Status::Ok();
}

Status VerifyOne(const Graph& g) {
  for (const Node* node : g.nodes()) {
    if (node->owner() != &g) return Internal("node " + node->Describe() + " has a wrong owner");
    const auto& ins = node->inputs();
    for (size_t i = 0; i < ins.size(); ++i) {
      const Value* v = ins[i];
      if (!v) continue;
      OL_RETURN_IF_ERROR(
          CheckValueRef(g, v, "node " + node->Describe() + " input #" + std::to_string(i)));
      bool listed = false;
      for (const Use& u : v->uses()) listed |= (u.node == node && u.index == static_cast<int>(i));
      if (!listed) {
        return Internal("value " + Quote(v->name()) + " does not list its use by " +
                        node->Describe());
      }
    }
    const auto& outs = node->outputs();
    for (size_t i = 0; i < outs.size(); ++i) {
      const Value* v = outs[i];
      if (!v) continue;
      if (v->producer() != node || v->producer_output() != static_cast<int>(i)) {
        return InvalidModel(Where(g) + ": value " + Quote(v->name()) +
                            " is produced by more than one node, among them " + node->Describe());
      }
      if (v->owner() != &g) {
        return InvalidModel(Where(g) + ": node " + node->Describe() + " writes " +
                            Quote(v->name()) + " of another graph");
      }
      if (v->is_graph_input() || v->is_initializer()) {
        return InvalidModel(Where(g) + ": value " + Quote(v->name()) + " is produced by node " +
                            node->Describe() + " but is also a graph input or initializer");
      }
    }
    for (const Graph* sub : node->Subgraphs()) {
      if (sub->parent() != &g || sub->parent_node() != node) {
        return Internal("subgraph " + Quote(sub->name()) + " of " + node->Describe() +
                        " has a wrong parent");
      }
    }
  }
  for (const Value* v : g.values()) {
    for (const Use& u : v->uses()) {
      if (u.index < 0 || static_cast<size_t>(u.index) >= u.node->inputs().size() ||
          u.node->inputs()[u.index] != v) {
        return Internal("value " + Quote(v->name()) + " lists a stale use");
      }
    }
  }
  for (const Value* v : g.outputs()) {
    OL_RETURN_IF_ERROR(CheckValueRef(g, v, "graph output"));
  }
  OL_RETURN_IF_ERROR(g.TopologicalOrder().status());
  return Status::Ok();
}

}  // namespace

Status VerifyGraph(const Graph& graph) {
  Status status;
  graph.ForEachGraph([&](const Graph& g) {
    if (status.ok()) status = VerifyOne(g);
  });
  return status;
}

Status VerifyModel(const Model& model) {
  if (!model.graph) return InvalidModel("model has no graph");
  return VerifyGraph(*model.graph);
}

}  // namespace onnxlens::ir
