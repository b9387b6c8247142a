// The pass manager: the loop over levels, rounds and passes, calling the instruments' hooks.
#include "passes/pass_manager.h"

#include <cmath>
#include <utility>

#include "common/strings.h"
#include "passes/graph_util.h"
#include "passes/pass_instrumentation.h"

namespace onnxlens::passes {

namespace {

// Passes append the nodes they make, in subgraphs too; a subgraph is validated in its stored order
// (node_validator.h), so every graph is sorted, not only the main one.
Status SortEveryGraph(ir::Graph& main) {
  Status status;
  ForEachGraphMut(main, [&](ir::Graph& g) {
    if (status.ok()) status = g.SortNodes();
  });
  return status;
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

PassManager::PassManager(PipelineOptions options) : options_(std::move(options)) {
  for (auto& p : CreateAllPasses()) passes_.push_back(std::move(p));
  for (const auto& p : options_.extra_passes) passes_.push_back(p);
}

PassManager::PassManager(PipelineOptions options, std::vector<std::shared_ptr<Pass>> passes)
    : options_(std::move(options)), passes_(std::move(passes)) {
  for (const auto& p : options_.extra_passes) passes_.push_back(p);
}

PassManager::~PassManager() = default;

void PassManager::AddInstrumentation(std::shared_ptr<PassInstrumentation> instrumentation) {
  instruments_.push_back(std::move(instrumentation));
}

Status PassManager::CheckDisabled() const {
  for (const std::string& name : options_.disabled) {
    bool known = false;
    for (const auto& p : passes_) known = known || p->name() == name;
    if (!known) return InvalidArgument("no pass named " + Quote(name) + " (see 'optimize --list')");
  }
  return Status::Ok();
}

std::vector<Pass*> PassManager::PassesOf(Level level) const {
  std::vector<Pass*> out;
  for (const auto& pass : passes_) {
    if (pass->level() != level || options_.disabled.count(std::string(pass->name()))) continue;
    if (pass->needs_contrib_ops() && options_.pass_options.format == Format::kStandard) continue;
    out.push_back(pass.get());
  }
  return out;
}

bool PassManager::StopRequested(const OptimizeResult& result) const {
  for (const auto& inst : instruments_) {
    if (inst->StopRequested(result)) return true;
  }
  return false;
}

Expected<OptimizeResult> PassManager::Run(ir::Model& model, const JobControl& job) {
  if (!model.graph) return InvalidArgument("the model has no graph");
  OL_RETURN_IF_ERROR(CheckDisabled());
  PassContext ctx;
  ctx.model = &model;
  ctx.options = options_.pass_options;
  ctx.evaluator = options_.evaluator;

  runs_ = 0;
  OptimizeResult result;
  result.nodes_before = static_cast<int64_t>(model.graph->NumNodesRecursive());
  for (const auto& inst : instruments_) inst->RunBegin(model);
  for (int lv = 1; lv <= static_cast<int>(options_.level) && !result.stopped_early; ++lv) {
    OL_RETURN_IF_ERROR(RunLevel(static_cast<Level>(lv), ctx, job, result).status());
  }
  result.nodes_after = static_cast<int64_t>(model.graph->NumNodesRecursive());
  for (auto it = instruments_.rbegin(); it != instruments_.rend(); ++it)
    (*it)->RunEnd(model, result);
  job.Report(Stage::kOptimizing, 1.0);
  return result;
}

// Runs one level's passes round after round until a round changes nothing; returns whether any
// pass changed the graph.
Expected<bool> PassManager::RunLevel(Level level, PassContext& ctx, const JobControl& job,
                                     OptimizeResult& result) {
  const std::vector<Pass*> passes = PassesOf(level);
  const double levels = static_cast<double>(options_.level);
  bool changed_in_level = false;
  for (int round = 1; round <= options_.max_rounds; ++round) {
    bool changed_in_round = false;
    for (size_t i = 0; i < passes.size(); ++i) {
      // Round r covers [1 - 2^(1-r), 1 - 2^-r) of its level: the number of rounds is unknown.
      const double in_level = 1 - std::ldexp(1.0, 1 - round) +
                              std::ldexp(1.0, -round) * static_cast<double>(i) / passes.size();
      const double fraction = (static_cast<int>(level) - 1 + in_level) / levels;
      if (!job.Report(Stage::kOptimizing, fraction, std::string(passes[i]->name())))
        return job.CheckCancelled("optimization");
      OL_ASSIGN_OR_RETURN(bool changed, RunPass(*passes[i], level, round, ctx, result));
      if (!changed) continue;
      changed_in_round = changed_in_level = true;
      if ((result.stopped_early = StopRequested(result))) return true;
    }
    if (!changed_in_round) break;
  }
  // A fusion leaves the weights it replaced unread (attention's packed Q/K/V leave 37 biases of
  // bert_tiny): after a level above basic changed the graph, dead-node-elimination runs once
  // more (unless disabled), as ONNX Runtime's graph resolve drops unused initializers after
  // every transformer. A step of its own, so the stepper and the statistics show it.
  if (level != Level::kBasic && changed_in_level) {
    for (const auto& pass : passes_) {
      if (pass->name() != "dead-node-elimination" ||
          options_.disabled.count(std::string(pass->name())))
        continue;
      OL_ASSIGN_OR_RETURN(bool changed, RunPass(*pass, level, 1, ctx, result));
      if (changed) result.stopped_early = StopRequested(result);
    }
  }
  return changed_in_level;
}

// One pass run between the instruments' hooks; a step is recorded when it changed the graph.
Expected<bool> PassManager::RunPass(Pass& pass, Level level, int round, PassContext& ctx,
                                    OptimizeResult& result) {
  ir::Model& model = *ctx.model;
  const PassRunInfo info{&pass, level, round, ++runs_};
  for (const auto& inst : instruments_) inst->BeforePass(info, model);
  const std::string name = Quote(std::string(pass.name()));
  Expected<bool> changed = pass.Run(*model.graph, ctx);
  Status status = changed.ok() ? Status::Ok() : changed.status().WithContext("pass " + name);
  if (status.ok() && *changed)
    status = SortEveryGraph(*model.graph).WithContext("after pass " + name);
  Step step;
  step.index = static_cast<int>(result.steps.size()) + 1;
  step.pass = std::string(pass.name());
  step.level = level;
  step.round = round;
  for (auto it = instruments_.rbegin(); status.ok() && it != instruments_.rend(); ++it)
    status = (*it)->AfterPass(info, model, *changed, step);
  if (!status.ok()) {
    for (auto it = instruments_.rbegin(); it != instruments_.rend(); ++it)
      (*it)->AfterPassFailed(info, model, status);
    return status;
  }
  if (*changed) result.steps.push_back(std::move(step));
  return *changed;
}

Expected<OptimizeResult> Optimize(ir::Model& model, const OptimizeOptions& options,
                                  const JobControl& job) {
  PassManager pm(options);
  // Added in this order, their After hooks run in reverse: timing measures the pass (with the
  // re-sort of a graph it changed) and nothing else; the verifier rejects a broken graph before
  // it is snapshotted or counted.
  pm.AddInstrumentation(std::make_shared<StatisticsInstrumentation>());
  if (options.snapshots) pm.AddInstrumentation(std::make_shared<SnapshotInstrumentation>());
  if (options.on_step)
    pm.AddInstrumentation(std::make_shared<StepCallbackInstrumentation>(options.on_step));
  std::shared_ptr<FailureDumpInstrumentation> dump;
  if (options.failure) {
    dump = std::make_shared<FailureDumpInstrumentation>(options.keep_failure_text);
    pm.AddInstrumentation(dump);
  }
  if (options.verify_each) pm.AddInstrumentation(std::make_shared<VerifierInstrumentation>());
  if (options.stop_after > 0)
    pm.AddInstrumentation(std::make_shared<StopAfterInstrumentation>(options.stop_after));
  pm.AddInstrumentation(std::make_shared<TimingInstrumentation>());
  auto result = pm.Run(model, job);
  if (dump) *options.failure = dump->failure();
  return result;
}

}  // namespace onnxlens::passes
