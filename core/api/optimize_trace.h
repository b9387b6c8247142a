// One optimization run kept step by step for the GUI's optimization view: a snapshot of the
// original model and of the model after every pass step that changed it, the step list, where each
// level ended, and the original and last models. A model between them (for verification or the
// provider colouring of a step) is made again when asked by replaying the passes up to that step:
// keeping a copy of the model after every step cost 600 MB and a second per 50,000 nodes. Levels
// run in order (basic to a fixpoint, then extended, then layout), so one run up to `layout` yields
// every level's result.
//
// Verification runs the original and a later step on the same inputs and, when an output differs
// beyond tolerance, bisects the steps for the one that first breaks it.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "api/graph_snapshot.h"
#include "api/input_spec.h"
#include "api/optimize.h"
#include "common/progress.h"
#include "common/provider_order.h"
#include "common/status.h"

namespace onnxlens::api {

/// The bytes of tensors made by the passes (folded, padded, constant-folded: not the original's)
/// whose values the step snapshots keep beyond the small ones (SnapshotValue::data_dropped for
/// the rest).
inline constexpr uint64_t kTraceTensorBudget = uint64_t{128} << 20;

struct OptimizeTraceRequest {
  std::string level = "layout";  ///< the last level run
  std::string format = "ort";    ///< "ort" or "standard"
  std::vector<std::string> disabled;
  /// The provider order the optimization is for (OptimizeRequest::providers).
  std::vector<std::string> providers = DefaultProviderOrder();
  /// Free dimensions baked into the model's inputs first (OptimizeRequest::dims).
  DimOverrides dims;
  /// The bytes of larger tensors made by the passes whose values the step snapshots keep.
  uint64_t tensor_budget = kTraceTensorBudget;
};

struct OptimizeTrace {
  std::string model;  ///< the file
  OptimizeTraceRequest request;
  std::vector<OptimizeStepReport> steps;
  /// [0] the original, [k] after step k (1-based like OptimizeStepReport::index).
  std::vector<std::shared_ptr<const GraphSnapshot>> snapshots;
  /// The model before the first step (ModelAt replays the others). The last step's model is not
  /// kept: at 50,000 nodes it held 212 MB (176 MB of them NCHWc filters) for the one view that
  /// asks for it (the providers of the last step), which replays it like any other step.
  std::shared_ptr<const ir::Model> original;
  /// Steps done when each level ended: [0] disabled (0), [1] basic, [2] extended, [3] layout.
  int level_end[4] = {0, 0, 0, 0};
  double millis = 0;

  /// The step count at the end of `level` ("disabled", "basic", "extended", "layout"); -1 if
  /// the name is unknown or the level was not run.
  int StepOfLevel(const std::string& level) const;
  /// The model after `step` (0 = the original): the original, or the original optimized again
  /// with the same request, stopped after `step` steps. Thread-safe.
  Expected<std::shared_ptr<const ir::Model>> ModelAt(int step, const JobControl& job = {}) const;
};

/// Optimizes `model` up to `request.level`, keeping every step. `job` gets the loading stages,
/// Stage::kOptimizing (each step's snapshot is taken inside its pass's share); a cancel ends with
/// kCancelled.
Expected<std::shared_ptr<const OptimizeTrace>> TraceOptimization(
    const std::filesystem::path& model, const OptimizeTraceRequest& request,
    const JobControl& job = {});

struct VerifyRequest {
  std::filesystem::path inputs_dir;  ///< .pb / .npy inputs; empty = random from `seed`
  uint64_t seed = 0;
  DimOverrides dims;      ///< free dims of random inputs (others chosen by name: ChooseFreeDims)
  RangeOverrides ranges;  ///< random value ranges per input
  double rtol = 1e-3, atol = 1e-4;
};

/// Runs chain.front() (the original) and chain.back() on the same inputs and compares every
/// output; when they differ, bisects chain[1..] for the first model that differs and names
/// `steps[k-1]` as the culprit (chain[k] is the model after step k). `job` gets
/// Stage::kVerifyingReference, Stage::kVerifying and Stage::kBisecting (detail: the step range).
Expected<VerifyReport> VerifyChain(const std::vector<std::shared_ptr<const ir::Model>>& chain,
                                   const std::vector<OptimizeStepReport>& steps,
                                   const VerifyRequest& request, const JobControl& job = {});

/// VerifyChain over `count` models that `model_at(k)` makes when bisection needs them (chain[0]
/// is the original); the trace's steps are replayed only for the models the halving visits.
Expected<VerifyReport> VerifyChain(
    int count, const std::function<Expected<std::shared_ptr<const ir::Model>>(int)>& model_at,
    const std::vector<OptimizeStepReport>& steps, const VerifyRequest& request,
    const JobControl& job = {});

/// Verifies the trace's original against its model after `step` (default: the last).
Expected<VerifyReport> VerifyTrace(const OptimizeTrace& trace, int step,
                                   const VerifyRequest& request, const JobControl& job = {});

}  // namespace onnxlens::api
