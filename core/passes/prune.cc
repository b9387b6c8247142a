// Output pruning and marking (see prune.h).
#include "passes/prune.h"

#include <algorithm>
#include <set>

#include "common/strings.h"
#include "passes/graph_util.h"

namespace onnxlens::passes {

namespace {

std::string OutputList(const ir::Graph& g) {
  std::string out;
  for (const ir::Value* v : g.outputs()) out += (out.empty() ? "" : ", ") + Quote(v->name());
  return out.empty() ? "none" : out;
}

Status CheckOutputNames(const ir::Graph& g, const std::vector<std::string>& names,
                        const char* option) {
  for (const std::string& name : names) {
    const bool found = std::any_of(g.outputs().begin(), g.outputs().end(),
                                   [&](const ir::Value* v) { return v->name() == name; });
    if (!found)
      return InvalidArgument(std::string(option) + ": " + Quote(name) +
                             " is not an output of graph " + Quote(g.name()) +
                             "; its outputs are " + OutputList(g));
  }
  return Status::Ok();
}

}  // namespace

Expected<OutputEditResult> EditOutputs(ir::Model& model, const OutputEdit& edit) {
  ir::Graph& g = *model.graph;
  OutputEditResult r;
  if (!edit.keep.empty() && !edit.drop.empty())
    return InvalidArgument("--keep-outputs and --drop-outputs exclude each other: give one");
  OL_RETURN_IF_ERROR(CheckOutputNames(g, edit.keep, "--keep-outputs"));
  OL_RETURN_IF_ERROR(CheckOutputNames(g, edit.drop, "--drop-outputs"));
  std::vector<ir::Value*> added;
  for (const std::string& name : edit.add) {
    ir::Value* v = g.FindLocalValue(name);
    if (!v)
      return InvalidArgument("--add-outputs: graph " + Quote(g.name()) + " has no tensor " +
                             Quote(name) +
                             " (names as `onnxlens-cli info` or the graph view show)");
    if (!v->type().known())
      return InvalidArgument("--add-outputs: the type of " + Quote(name) +
                             " is not known (shape inference could not tell it), and a graph "
                             "output needs one");
    if (!v->is_graph_output() && std::find(added.begin(), added.end(), v) == added.end())
      added.push_back(v);
  }
  const std::set<std::string> keep(edit.keep.begin(), edit.keep.end());
  const std::set<std::string> drop(edit.drop.begin(), edit.drop.end());
  std::vector<ir::Value*> outputs;
  for (ir::Value* v : g.outputs()) {
    const bool go = (!keep.empty() && !keep.count(v->name())) || drop.count(v->name());
    if (go) {
      r.removed_outputs.push_back(v->name());
    } else {
      outputs.push_back(v);
    }
  }
  for (ir::Value* v : added) {
    outputs.push_back(v);
    r.added_outputs.push_back(v->name());
  }
  if (outputs.empty())
    return InvalidArgument("the edit leaves graph " + Quote(g.name()) +
                           " without outputs; its outputs are " + OutputList(g));
  g.ClearOutputs();
  for (ir::Value* v : outputs) g.AddOutput(v);
  if (r.removed_outputs.empty()) return r;

  r.nodes_removed = RemoveDeadNodes(g);
  std::vector<ir::Value*> unused;
  for (ir::Value* v : g.initializers()) {
    if (v->uses().empty() && !v->is_graph_output() && !v->is_graph_input()) unused.push_back(v);
  }
  g.RemoveInitializers(unused);
  for (ir::Value* v : unused) g.RemoveValue(v);
  r.initializers_removed = static_cast<int>(unused.size());
  for (ir::Value* v : g.values()) {
    if (!v->producer() && v->uses().empty() && !v->is_graph_input() && !v->is_graph_output() &&
        !v->is_initializer() && !v->is_sparse_initializer())
      g.RemoveValue(v);
  }
  return r;
}

}  // namespace onnxlens::passes
