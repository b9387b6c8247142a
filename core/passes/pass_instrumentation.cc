// The standard pass instruments.
#include "passes/pass_instrumentation.h"

#include <algorithm>
#include <cstring>

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

namespace {

using NodeFacts = StatisticsInstrumentation::NodeFacts;

// A constant input: an initializer, or a Constant node's output (its `value` tensor when it has
// one), as the graph diff's IsConstant sees it.
NodeFacts::Input InputFacts(const ir::Value* v) {
  NodeFacts::Input in;
  if (!v) return in;
  if (const ir::Tensor* t = ConstantOf(v)) {
    in.kind = NodeFacts::Input::kConstant;
    in.tensor = std::make_shared<const ir::Tensor>(*t);  // shares the storage
    return in;
  }
  const ir::Node* p = v->producer();
  if (p && p->op_type() == "Constant" && p->domain().empty()) {
    in.kind = NodeFacts::Input::kConstant;
    if (const ir::Attribute* a = p->FindAttribute("value"); a && a->type == ir::AttrType::kTensor)
      in.tensor = std::make_shared<const ir::Tensor>(a->t);
    return in;
  }
  in.kind = NodeFacts::Input::kComputed;
  return in;
}

bool SameData(const std::shared_ptr<const ir::Tensor>& a,
              const std::shared_ptr<const ir::Tensor>& b) {
  if (!a || !b) return !a && !b;
  if (a->nbytes() != b->nbytes() || a->dtype() != b->dtype()) return false;
  return a->raw() == b->raw() || a->nbytes() == 0 ||
         std::memcmp(a->raw(), b->raw(), a->nbytes()) == 0;
}

// The graph diff's SameNode on the IR (api/graph_diff.cc).
bool SameNode(const NodeFacts& a, const NodeFacts& b) {
  if (a.op_and_attributes != b.op_and_attributes || a.outputs != b.outputs ||
      a.inputs.size() != b.inputs.size())
    return false;
  for (size_t i = 0; i < a.inputs.size(); ++i) {
    const NodeFacts::Input &x = a.inputs[i], &y = b.inputs[i];
    if ((x.kind == NodeFacts::Input::kNone) != (y.kind == NodeFacts::Input::kNone)) return false;
    if (x.kind == NodeFacts::Input::kConstant && y.kind == NodeFacts::Input::kConstant &&
        !SameData(x.tensor, y.tensor))
      return false;
  }
  return true;
}

}  // namespace

std::unordered_map<ir::NodeId, NodeFacts> StatisticsInstrumentation::Facts(const ir::Model& model) {
  ++signature_computations_;
  std::unordered_map<ir::NodeId, NodeFacts> out;
  out.reserve(facts_.size());
  model.graph->ForEachGraph([&](const ir::Graph& sub) {
    for (const ir::Node* n : sub.nodes()) {
      NodeFacts& f = out[n->id()];
      f.op_and_attributes = OpAndAttributesHash(*n);
      f.outputs = n->outputs().size();
      f.inputs.reserve(n->inputs().size());
      for (const ir::Value* v : n->inputs()) f.inputs.push_back(InputFacts(v));
      f.stands_for = n->origins.empty() ? std::vector<ir::NodeId>{n->id()} : n->origins;
    }
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
  facts_ = Facts(model);
  initializers_ = Initializers(model);
}

Status StatisticsInstrumentation::AfterPass(const PassRunInfo&, const ir::Model& model,
                                            bool changed, Step& step) {
  if (!changed) return Status::Ok();  // the last facts still describe the model
  auto after = Facts(model);
  std::unordered_map<ir::NodeId, std::vector<ir::NodeId>> before_by_origin;
  for (const auto& [id, f] : facts_)
    for (ir::NodeId o : f.stands_for) before_by_origin[o].push_back(id);
  std::unordered_set<ir::NodeId> have_counterpart;
  std::vector<ir::NodeId> counterparts;
  for (const auto& [id, f] : after) {
    counterparts.clear();
    if (facts_.count(id)) counterparts.push_back(id);
    for (ir::NodeId o : f.stands_for) {
      const auto it = before_by_origin.find(o);
      if (it != before_by_origin.end())
        counterparts.insert(counterparts.end(), it->second.begin(), it->second.end());
    }
    std::sort(counterparts.begin(), counterparts.end());
    counterparts.erase(std::unique(counterparts.begin(), counterparts.end()), counterparts.end());
    have_counterpart.insert(counterparts.begin(), counterparts.end());
    if (counterparts.empty())
      ++step.nodes_added;
    else if (counterparts.size() > 1)
      ++step.nodes_fused;
    else if (counterparts[0] != id || !SameNode(facts_.at(id), f))
      ++step.nodes_modified;
  }
  for (const auto& [id, f] : facts_) step.nodes_removed += have_counterpart.count(id) ? 0 : 1;
  step.nodes_after = static_cast<int64_t>(model.graph->NumNodesRecursive());
  facts_ = std::move(after);
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
