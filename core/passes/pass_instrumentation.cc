// The standard pass instruments.
#include "passes/pass_instrumentation.h"

#include "common/strings.h"
#include "ir/text_format.h"
#include "ir/verifier.h"
#include "passes/graph_util.h"

namespace onnxlens::passes {

namespace {

std::string PassName(const PassRunInfo& run) { return Quote(std::string(run.pass->name())); }

}  // namespace

void TimingInstrumentation::RunBegin(const ir::Model&) { run_start_ = Clock::now(); }

void TimingInstrumentation::BeforePass(const PassRunInfo&, const ir::Model&) {
  pass_start_ = Clock::now();
}

Status TimingInstrumentation::AfterPass(const PassRunInfo&, const ir::Model&, bool, Step& step) {
  step.millis = std::chrono::duration<double, std::milli>(Clock::now() - pass_start_).count();
  return Status::Ok();
}

void TimingInstrumentation::RunEnd(const ir::Model&, OptimizeResult& result) {
  result.millis = std::chrono::duration<double, std::milli>(Clock::now() - run_start_).count();
}

std::unordered_map<ir::NodeId, uint64_t> StatisticsInstrumentation::Signatures(
    const ir::Model& model) {
  ++signature_computations_;
  std::unordered_map<ir::NodeId, uint64_t> out;
  out.reserve(signatures_.size());
  model.graph->ForEachGraph([&](const ir::Graph& sub) {
    for (const ir::Node* n : sub.nodes()) out[n->id()] = NodeSignature(*n);
  });
  return out;
}

std::unordered_map<const ir::Graph*, std::unordered_set<std::string>>
StatisticsInstrumentation::Initializers(const ir::Model& model) {
  std::unordered_map<const ir::Graph*, std::unordered_set<std::string>> out;
  model.graph->ForEachGraph([&](const ir::Graph& sub) {
    auto& names = out[&sub];
    for (const ir::Value* v : sub.initializers()) names.insert(v->name());
  });
  return out;
}

void StatisticsInstrumentation::RunBegin(const ir::Model& model) {
  signatures_ = Signatures(model);
  initializers_ = Initializers(model);
}

Status StatisticsInstrumentation::AfterPass(const PassRunInfo&, const ir::Model& model,
                                            bool changed, Step& step) {
  if (!changed) return Status::Ok();  // the last signatures still describe the model
  auto after = Signatures(model);
  for (const auto& [id, sig] : signatures_) {
    auto it = after.find(id);
    if (it == after.end())
      ++step.nodes_removed;
    else if (it->second != sig)
      ++step.nodes_modified;
  }
  for (const auto& [id, sig] : after) step.nodes_added += signatures_.count(id) ? 0 : 1;
  step.nodes_after = static_cast<int64_t>(model.graph->NumNodesRecursive());
  signatures_ = std::move(after);
  // Initializers no node reads any more (a fusion's old weights) go without a node changing.
  auto inits = Initializers(model);
  for (const auto& [graph, names] : initializers_) {
    const auto it = inits.find(graph);
    for (const std::string& name : names)
      step.initializers_removed += it == inits.end() || !it->second.count(name) ? 1 : 0;
  }
  initializers_ = std::move(inits);
  return Status::Ok();
}

Status SnapshotInstrumentation::AfterPass(const PassRunInfo&, const ir::Model& model, bool changed,
                                          Step& step) {
  if (changed) step.snapshot = model.Clone();
  return Status::Ok();
}

Status StepCallbackInstrumentation::AfterPass(const PassRunInfo&, const ir::Model& model,
                                              bool changed, Step&) {
  return changed ? fn_(model) : Status::Ok();
}

Status VerifierInstrumentation::AfterPass(const PassRunInfo& run, const ir::Model& model,
                                          bool changed, Step&) {
  if (!changed) return Status::Ok();
  const Status st = ir::VerifyModel(model);
  if (st.ok()) return st;
  return Internal("pass " + PassName(run) + " left an invalid graph: " + st.message());
}

bool StopAfterInstrumentation::StopRequested(const OptimizeResult& result) const {
  return steps_ > 0 && static_cast<int>(result.steps.size()) >= steps_;
}

void FailureDumpInstrumentation::RunBegin(const ir::Model&) {
  failure_ = PassFailure{};
  before_.reset();
  stale_ = true;
}

void FailureDumpInstrumentation::BeforePass(const PassRunInfo&, const ir::Model& model) {
  // Copied lazily, before a pass that follows a change: a rejected step never becomes "before".
  if (!keep_text_ || !stale_) return;
  before_ = model.Clone();
  stale_ = false;
}

Status FailureDumpInstrumentation::AfterPass(const PassRunInfo&, const ir::Model&, bool changed,
                                             Step&) {
  stale_ = stale_ || changed;
  return Status::Ok();
}

void FailureDumpInstrumentation::AfterPassFailed(const PassRunInfo& run, const ir::Model&,
                                                 const Status& error) {
  failure_.failed = true;
  failure_.pass = std::string(run.pass->name());
  failure_.level = run.level;
  failure_.round = run.round;
  failure_.message = error.message();
  if (before_) {
    ir::TextOptions to;
    to.node_ids = true;
    failure_.model_text = ir::ModelToText(*before_, to);
  }
}

}  // namespace onnxlens::passes
