// The pass manager.
#include "passes/pass_manager.h"

#include <chrono>
#include <unordered_map>

#include "common/strings.h"
#include "ir/verifier.h"
#include "kernels/registry.h"
#include "passes/graph_util.h"

namespace onnxlens::passes {

namespace {

using Clock = std::chrono::steady_clock;

// Node id -> signature over the whole model.
std::unordered_map<ir::NodeId, uint64_t> Signatures(const ir::Graph& g) {
  std::unordered_map<ir::NodeId, uint64_t> out;
  g.ForEachGraph([&](const ir::Graph& sub) {
    for (const ir::Node* n : sub.nodes()) out[n->id()] = NodeSignature(*n);
  });
  return out;
}

}  // namespace

std::string_view LevelName(Level level) {
  switch (level) {
    case Level::kDisabled:
      return "disabled";
    case Level::kBasic:
      return "basic";
    case Level::kExtended:
      return "extended";
    case Level::kLayout:
      return "layout";
  }
  return "?";
}

Expected<Level> ParseLevel(std::string_view name) {
  if (name == "disabled" || name == "0") return Level::kDisabled;
  if (name == "basic" || name == "1") return Level::kBasic;
  if (name == "extended" || name == "2") return Level::kExtended;
  if (name == "layout" || name == "all" || name == "3" || name == "99") return Level::kLayout;
  return InvalidArgument("unknown optimization level " + Quote(std::string(name)) +
                         " (disabled, basic, extended, layout or all)");
}

std::vector<PassInfo> ListPasses() {
  std::vector<PassInfo> out;
  for (const auto& p : CreateAllPasses()) {
    out.push_back(
        {std::string(p->name()), std::string(p->summary()), p->level(), p->needs_contrib_ops()});
  }
  return out;
}

Expected<OptimizeResult> Optimize(ir::Model& model, const OptimizeOptions& options) {
  if (!model.graph) return InvalidArgument("the model has no graph");
  std::vector<std::shared_ptr<Pass>> passes;
  for (auto& p : CreateAllPasses()) passes.push_back(std::move(p));
  for (const auto& p : options.extra_passes) passes.push_back(p);
  for (const std::string& name : options.disabled) {
    bool known = false;
    for (const auto& p : passes) known = known || p->name() == name;
    if (!known) return InvalidArgument("no pass named " + Quote(name) + " (see 'optimize --list')");
  }
  kernels::KernelRegistry registry;
  kernels::RegisterReferenceKernels(registry);
  PassContext ctx;
  ctx.model = &model;
  ctx.options = options.pass_options;
  ctx.registry = &registry;

  OptimizeResult result;
  const auto start = Clock::now();
  result.nodes_before = static_cast<int64_t>(model.graph->NumNodesRecursive());
  for (int lv = 1; lv <= static_cast<int>(options.level); ++lv) {
    const Level level = static_cast<Level>(lv);
    for (int round = 1; round <= options.max_rounds; ++round) {
      bool changed_in_round = false;
      for (const auto& pass : passes) {
        if (pass->level() != level || options.disabled.count(std::string(pass->name()))) continue;
        if (pass->needs_contrib_ops() && ctx.options.format == Format::kStandard) continue;
        const auto before = Signatures(*model.graph);
        const auto t0 = Clock::now();
        auto changed = pass->Run(*model.graph, ctx);
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        if (!changed.ok())
          return changed.status().WithContext("pass " + Quote(std::string(pass->name())));
        if (options.keep_going && !options.keep_going(static_cast<int>(result.steps.size())))
          return Cancelled("optimization cancelled");
        if (!*changed) continue;
        OL_RETURN_IF_ERROR(
            model.graph->SortNodes().WithContext("after pass " + Quote(std::string(pass->name()))));
        if (options.verify_each) {
          Status st = ir::VerifyModel(model);
          if (!st.ok())
            return Internal("pass " + Quote(std::string(pass->name())) +
                            " left an invalid graph: " + st.message());
        }
        const auto after = Signatures(*model.graph);
        Step step;
        step.index = static_cast<int>(result.steps.size()) + 1;
        step.pass = std::string(pass->name());
        step.level = level;
        step.round = round;
        step.millis = ms;
        for (const auto& [id, sig] : before) {
          auto it = after.find(id);
          if (it == after.end())
            ++step.nodes_removed;
          else if (it->second != sig)
            ++step.nodes_modified;
        }
        for (const auto& [id, sig] : after) step.nodes_added += before.count(id) ? 0 : 1;
        step.nodes_after = static_cast<int64_t>(model.graph->NumNodesRecursive());
        if (options.snapshots) step.snapshot = model.Clone();
        result.steps.push_back(std::move(step));
        changed_in_round = true;
        if (options.stop_after > 0 && static_cast<int>(result.steps.size()) >= options.stop_after) {
          result.stopped_early = true;
          break;
        }
      }
      if (result.stopped_early || !changed_in_round) break;
    }
    if (result.stopped_early) break;
  }
  result.nodes_after = static_cast<int64_t>(model.graph->NumNodesRecursive());
  result.millis = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return result;
}

}  // namespace onnxlens::passes
