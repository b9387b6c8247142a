// PassManager: runs the passes of a level (and every lower level) to a fixpoint. The loop only
// runs passes, keeps the graph sorted and reports progress; everything else it offers (timing,
// statistics, snapshots, verify-after-pass, stop-after-N, failure dumps) is an instrument
// (passes/pass_instrumentation.h) attached to it, as in MLIR. `Optimize` is the convenience that
// attaches the usual instruments from OptimizeOptions.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "common/progress.h"
#include "common/status.h"
#include "ir/model.h"
#include "passes/pass.h"

namespace onnxlens::passes {

class ConstantEvaluator;
class PassInstrumentation;
struct PassFailure;

/// What a pass manager runs.
struct PipelineOptions {
  Level level = Level::kExtended;
  PassOptions pass_options;
  /// Pass names not to run (unknown names are an error).
  std::set<std::string> disabled;
  /// Rounds of a level's pass list at most (ONNX Runtime: 10).
  int max_rounds = 10;
  /// Extra passes to run last in their level (tests register deliberately broken passes).
  std::vector<std::shared_ptr<Pass>> extra_passes;
  /// Computes nodes for constant folding (the runtime's: runtime::ReferenceConstantEvaluator());
  /// null = constant folding folds nothing. Must outlive the run.
  const ConstantEvaluator* evaluator = nullptr;
};

/// Optimize(): the pipeline and which of the standard instruments to attach.
struct OptimizeOptions : PipelineOptions {
  /// Stop after this many steps (pass runs that changed the graph); 0 = no limit.
  int stop_after = 0;
  /// Run the IR verifier after every pass that changed the graph; on by default in debug builds.
#ifdef NDEBUG
  bool verify_each = false;
#else
  bool verify_each = true;
#endif
  /// Keep a copy of the model after every step (`optimize --steps --verify` bisects them).
  bool snapshots = false;
  /// Called with the model after every step, where a snapshot would be taken: the GUI's trace
  /// takes its view snapshot here instead of copying the model. An error ends the run.
  std::function<Status(const ir::Model&)> on_step;
  /// When set, receives the failing pass and its error when the run fails in a pass or in
  /// verification, and with `keep_failure_text` the model text before that pass.
  PassFailure* failure = nullptr;
  bool keep_failure_text = false;
};

/// One pass run that changed the graph.
struct Step {
  int index = 0;  ///< 1-based, over the whole optimization
  std::string pass;
  Level level = Level::kBasic;
  int round = 0;  ///< 1-based round within the level
  /// Statistics instrument, by provenance (see StatisticsInstrumentation): nodes gone without a
  /// counterpart, new, changed in place, and made from several nodes before.
  int nodes_removed = 0, nodes_added = 0, nodes_modified = 0, nodes_fused = 0;
  int64_t nodes_after = 0;                    ///< statistics instrument
  int initializers_removed = 0;               ///< statistics instrument (main graph and subgraphs)
  double millis = 0;                          ///< timing instrument
  std::shared_ptr<const ir::Model> snapshot;  ///< snapshot instrument
};

struct OptimizeResult {
  std::vector<Step> steps;
  int64_t nodes_before = 0, nodes_after = 0;  ///< main graph and subgraphs
  double millis = 0;                          ///< timing instrument
  bool stopped_early = false;                 ///< an instrument (stop-after) ended the run
};

/// Names and summaries of every pass, in run order, with their level.
struct PassInfo {
  std::string name, summary;
  Level level;
  bool contrib;
};
std::vector<PassInfo> ListPasses();

class PassManager {
 public:
  /// Every registered pass (CreateAllPasses) and options.extra_passes.
  explicit PassManager(PipelineOptions options);
  /// Exactly `passes` (in this order within each level) and options.extra_passes.
  PassManager(PipelineOptions options, std::vector<std::shared_ptr<Pass>> passes);
  ~PassManager();
  PassManager(const PassManager&) = delete;
  PassManager& operator=(const PassManager&) = delete;

  /// Attaches an instrument. Begin/Before hooks run in the order instruments were added,
  /// After/End hooks in reverse order, so the last one added wraps the passes most tightly (add
  /// timing last).
  void AddInstrumentation(std::shared_ptr<PassInstrumentation> instrumentation);

  /// Optimizes `model` in place. Reports Stage::kOptimizing with the pass name as detail before
  /// every pass run. Errors: an unknown disabled pass, a failing pass or a result an instrument
  /// rejects (the message names the pass), Cancelled when `job` is cancelled.
  Expected<OptimizeResult> Run(ir::Model& model, const JobControl& job = {});

 private:
  Status CheckDisabled() const;
  std::vector<Pass*> PassesOf(Level level) const;
  Expected<bool> RunLevel(Level level, PassContext& ctx, const JobControl& job,
                          OptimizeResult& result);
  Expected<bool> RunPass(Pass& pass, Level level, int round, PassContext& ctx,
                         OptimizeResult& result);
  bool StopRequested(const OptimizeResult& result) const;

  PipelineOptions options_;
  std::vector<std::shared_ptr<Pass>> passes_;
  std::vector<std::shared_ptr<PassInstrumentation>> instruments_;
  int runs_ = 0;  ///< pass runs so far in the current Run
};

/// Optimizes `model` in place with a PassManager over every registered pass and the instruments
/// `options` asks for (statistics and timing always).
Expected<OptimizeResult> Optimize(ir::Model& model, const OptimizeOptions& options,
                                  const JobControl& job = {});

}  // namespace onnxlens::passes
