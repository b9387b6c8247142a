// Pass instrumentation (as MLIR's): hooks a PassManager calls around every pass run, and the
// standard instruments, one concern each: timing, statistics, snapshots, verify-after-pass,
// stop-after-N, failure dump. The pass manager's loop contains none of these.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "common/status.h"
#include "ir/model.h"
#include "passes/pass.h"
#include "passes/pass_manager.h"

namespace onnxlens::passes {

/// Where a run is: what every per-pass hook is told.
struct PassRunInfo {
  const Pass* pass = nullptr;
  Level level = Level::kBasic;
  int round = 0;  ///< 1-based round within the level
  int run = 0;    ///< 1-based count of pass runs so far, changed or not
};

class PassInstrumentation {
 public:
  virtual ~PassInstrumentation() = default;
  /// Before the first pass, on the model as given.
  virtual void RunBegin(const ir::Model& /*model*/) {}
  virtual void BeforePass(const PassRunInfo& /*run*/, const ir::Model& /*model*/) {}
  /// After a pass returned: `changed` as the pass reported it (the graph is sorted again when it
  /// did). `step` is this run's record (index, pass, level and round filled in), kept in the
  /// result only when `changed`; instruments fill in their parts. A non-ok status fails the run
  /// (then AfterPassFailed is called on every instrument); its message names the pass.
  virtual Status AfterPass(const PassRunInfo& /*run*/, const ir::Model& /*model*/, bool /*changed*/,
                           Step& /*step*/) {
    return Status::Ok();
  }
  /// After a pass failed or an AfterPass hook rejected its result; `error` names the pass.
  virtual void AfterPassFailed(const PassRunInfo& /*run*/, const ir::Model& /*model*/,
                               const Status& /*error*/) {}
  /// After every recorded step: true ends the run there (OptimizeResult::stopped_early).
  virtual bool StopRequested(const OptimizeResult& /*result*/) const { return false; }
  /// After the last pass of a successful run.
  virtual void RunEnd(const ir::Model& /*model*/, OptimizeResult& /*result*/) {}
};

/// Step::millis per pass run (the pass and the re-sort of a graph it changed, when added last so
/// that it wraps the pass most tightly) and OptimizeResult::millis for the whole run.
class TimingInstrumentation : public PassInstrumentation {
 public:
  void RunBegin(const ir::Model& model) override;
  void BeforePass(const PassRunInfo& run, const ir::Model& model) override;
  Status AfterPass(const PassRunInfo& run, const ir::Model& model, bool changed,
                   Step& step) override;
  void RunEnd(const ir::Model& model, OptimizeResult& result) override;

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point run_start_, pass_start_;
};

/// Step::nodes_removed / nodes_added / nodes_modified (by node signature, passes/graph_util.h)
/// and nodes_after. The whole-model signatures are computed once at the start and again only
/// after a pass that changed the graph: a pass reporting no change costs nothing here.
/// Step's node counts by provenance, as the Optimize tab's panes colour a step
/// (api::DiffByProvenance): a node after the step stands for its origins (itself when it has
/// none); one with no counterpart before is added, one with several is fused, one with a single
/// counterpart of its own id is unchanged when its op, attributes and constant inputs (by
/// content) are, else modified; a node before with no counterpart after is removed. Rewiring a
/// computed input, or a computed input becoming a constant, is its producers' change, not this
/// node's. A test holds these counts to the diff's on every step of the corpus models.
class StatisticsInstrumentation : public PassInstrumentation {
 public:
  void RunBegin(const ir::Model& model) override;
  Status AfterPass(const PassRunInfo& run, const ir::Model& model, bool changed,
                   Step& step) override;
  /// How many times the whole-model facts were gathered (for tests and measurements).
  int signature_computations() const { return signature_computations_; }

  /// What the counts compare of a node.
  struct NodeFacts {
    uint64_t op_and_attributes = 0;
    size_t outputs = 0;
    /// Per input: none (an omitted optional input), computed, or a constant (its tensor, its
    /// storage shared: kept alive until the next step so that a freed buffer is never
    /// mistaken for a new one at the same address).
    struct Input {
      enum Kind { kNone, kComputed, kConstant } kind = kNone;
      std::shared_ptr<const ir::Tensor> tensor;  ///< a constant's data; null when it has none
    };
    std::vector<Input> inputs;
    std::vector<ir::NodeId> stands_for;  ///< its origins, or itself
  };

 private:
  std::unordered_map<ir::NodeId, NodeFacts> Facts(const ir::Model& model);

  std::unordered_map<ir::NodeId, NodeFacts> facts_;  ///< of the model after the last step
  /// Per graph, the names of its initializers after the last step.
  std::unordered_map<const ir::Graph*, std::unordered_set<std::string>> initializers_;
  static std::unordered_map<const ir::Graph*, std::unordered_set<std::string>> Initializers(
      const ir::Model& model);
  int signature_computations_ = 0;
};

/// Step::snapshot: a copy of the model after every step (tensor data shared copy-on-write).
class SnapshotInstrumentation : public PassInstrumentation {
 public:
  Status AfterPass(const PassRunInfo& run, const ir::Model& model, bool changed,
                   Step& step) override;
};

/// Hands the model after every step to a callback (OptimizeOptions::on_step).
class StepCallbackInstrumentation : public PassInstrumentation {
 public:
  explicit StepCallbackInstrumentation(std::function<Status(const ir::Model&)> fn)
      : fn_(std::move(fn)) {}
  Status AfterPass(const PassRunInfo& run, const ir::Model& model, bool changed,
                   Step& step) override;

 private:
  std::function<Status(const ir::Model&)> fn_;
};

/// Runs the IR verifier (ir/verifier.h) after every pass that changed the graph; an invalid graph
/// fails the run with an Internal error naming the pass.
class VerifierInstrumentation : public PassInstrumentation {
 public:
  Status AfterPass(const PassRunInfo& run, const ir::Model& model, bool changed,
                   Step& step) override;
};

/// Ends the run after `steps` steps (OptimizeResult::stopped_early).
class StopAfterInstrumentation : public PassInstrumentation {
 public:
  explicit StopAfterInstrumentation(int steps) : steps_(steps) {}
  bool StopRequested(const OptimizeResult& result) const override;

 private:
  int steps_;
};

/// What failed: the pass, where, its error, and (when kept) the model text before it ran.
struct PassFailure {
  bool failed = false;
  std::string pass;
  Level level = Level::kBasic;
  int round = 0;
  std::string message;     ///< the run's error (names the pass)
  std::string model_text;  ///< ir/text_format of the model before the pass (keep_text), else ""
};

/// Records the failing pass (a pass error or a rejected result, e.g. by the verifier). With
/// `keep_text` it also keeps a copy of the model before every pass that follows a change (one
/// clone per step, tensor data shared) and renders it as text on failure.
class FailureDumpInstrumentation : public PassInstrumentation {
 public:
  explicit FailureDumpInstrumentation(bool keep_text) : keep_text_(keep_text) {}
  void RunBegin(const ir::Model& model) override;
  void BeforePass(const PassRunInfo& run, const ir::Model& model) override;
  Status AfterPass(const PassRunInfo& run, const ir::Model& model, bool changed,
                   Step& step) override;
  void AfterPassFailed(const PassRunInfo& run, const ir::Model& model,
                       const Status& error) override;
  const PassFailure& failure() const { return failure_; }

 private:
  bool keep_text_;
  bool stale_ = true;  ///< the model changed since `before_` was taken
  std::unique_ptr<ir::Model> before_;
  PassFailure failure_;
};

}  // namespace onnxlens::passes
