// PassManager: runs the passes of a level (and every lower level) to a fixpoint, with the
// instrumentation in one place: a step record (and optionally a snapshot of the model) after
// every pass that changed something, verification after each pass, stop-after-N, disabled passes.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "common/status.h"
#include "ir/model.h"
#include "passes/pass.h"

namespace onnxlens::passes {

struct OptimizeOptions {
  Level level = Level::kExtended;
  PassOptions pass_options;
  /// Pass names not to run (unknown names are an error).
  std::set<std::string> disabled;
  /// Stop after this many steps (pass runs that changed the graph); 0 = no limit.
  int stop_after = 0;
  /// Run the IR verifier after every pass; on by default in debug builds.
#ifdef NDEBUG
  bool verify_each = false;
#else
  bool verify_each = true;
#endif
  /// Keep a copy of the model after every step (for the GUI's pass-by-pass view).
  bool snapshots = false;
  /// Rounds of a level's pass list at most (ONNX Runtime: 10).
  int max_rounds = 10;
  /// Extra passes to run last in their level (tests register deliberately broken passes).
  std::vector<std::shared_ptr<Pass>> extra_passes;
  /// Called after every pass run with the steps so far; returning false cancels (kCancelled).
  std::function<bool(int steps)> keep_going;
};

/// One pass run that changed the graph.
struct Step {
  int index = 0;  ///< 1-based, over the whole optimization
  std::string pass;
  Level level = Level::kBasic;
  int round = 0;  ///< 1-based round within the level
  int nodes_removed = 0, nodes_added = 0, nodes_modified = 0;
  int64_t nodes_after = 0;
  double millis = 0;
  std::shared_ptr<const ir::Model> snapshot;  ///< with OptimizeOptions::snapshots
};

struct OptimizeResult {
  std::vector<Step> steps;
  int64_t nodes_before = 0, nodes_after = 0;  ///< main graph and subgraphs
  double millis = 0;
  bool stopped_early = false;  ///< stop_after cut the run short
};

/// Names and summaries of every pass, in run order, with their level.
struct PassInfo {
  std::string name, summary;
  Level level;
  bool contrib;
};
std::vector<PassInfo> ListPasses();

/// Optimizes `model` in place.
Expected<OptimizeResult> Optimize(ir::Model& model, const OptimizeOptions& options);

}  // namespace onnxlens::passes
