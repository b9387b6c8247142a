// Graph verifier.
#include "ir/verifier.h"

#include <algorithm>
#include <unordered_map>
#include <utility>
#include <vector>

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

// `who` is made only for an error: verification runs after every pass in debug builds and on
// graphs of 200,000 nodes, where a string per input was most of its time.
template <typename Who>
Status CheckValueRef(const Graph& g, const Value* v, const Who& who) {
  if (!g.IsWithin(v->owner())) {
    return InvalidModel(Where(g) + ": " + who() + " reads " + Quote(v->name()) + " of " +
                        Where(*v->owner()) + ", which does not enclose it");
  }
  if (!IsDefinedIn(v)) {
    return InvalidModel(Where(g) + ": " + who() + " reads " + Quote(v->name()) +
                        ", which is not a graph input, an initializer or the output of a node");
  }
  return Status::Ok();
}

Status VerifyOne(const Graph& g) {
  // Input slots naming each value; compared with its use list below (scanning the use list per
  // slot was quadratic in a weight shared by 80,000 nodes).
  std::unordered_map<const Value*, size_t> references;
  for (const Node* node : g.nodes()) {
    if (node->owner() != &g) return Internal("node " + node->Describe() + " has a wrong owner");
    const auto& ins = node->inputs();
    for (size_t i = 0; i < ins.size(); ++i) {
      const Value* v = ins[i];
      if (!v) continue;
      OL_RETURN_IF_ERROR(CheckValueRef(
          g, v, [&] { return "node " + node->Describe() + " input #" + std::to_string(i); }));
      ++references[v];
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
  std::vector<std::pair<const Node*, int>> listed;
  for (const Value* v : g.values()) {
    listed.clear();
    for (const Use& u : v->uses()) {
      if (u.index < 0 || static_cast<size_t>(u.index) >= u.node->inputs().size() ||
          u.node->inputs()[u.index] != v) {
        return Internal("value " + Quote(v->name()) + " lists a stale use");
      }
      if (u.node->owner() == &g) listed.emplace_back(u.node, u.index);
    }
    std::sort(listed.begin(), listed.end());
    if (std::adjacent_find(listed.begin(), listed.end()) != listed.end())
      return Internal("value " + Quote(v->name()) + " lists a use twice");
    auto it = references.find(v);
    const size_t slots = it == references.end() ? 0 : it->second;
    if (listed.size() != slots) {
      return Internal("value " + Quote(v->name()) + " is read by " + std::to_string(slots) +
                      " input slot(s) of this graph but lists " + std::to_string(listed.size()) +
                      " use(s) by them");
    }
    if (it != references.end()) references.erase(it);
  }
  for (const Value* v : g.outputs()) {
    OL_RETURN_IF_ERROR(CheckValueRef(g, v, [] { return std::string("graph output"); }));
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
