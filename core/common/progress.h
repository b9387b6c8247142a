// The one progress / cancel convention of every long core job: a fraction in [0, 1], a stage
// *code* (translated by the GUI, never English prose from core) and a cancel token.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "common/status.h"

namespace onnxlens {

/// What a long job is doing. Stable codes: widgets translate them with tr(), the CLI prints
/// StageName(). Add new stages at the end of their group; never reuse a value.
enum class Stage {
  kNone = 0,
  // loading a model
  kReadingFile,
  kParsing,
  kChecking,
  kInferringShapes,
  kBuildingGraph,
  kDescribing,
  kLayingOut,
  // optimizing / verifying
  kOptimizing,
  kSnapshotting,
  kVerifying,
  kVerifyingReference,  ///< running the unoptimized model for the reference outputs
  kBisecting,           ///< searching the pass that broke the outputs
  // running
  kCreatingSession,
  kWarmingUp,
  kRunning,
  kProfiling,
  kBenchmarking,
  kPartitioning,  ///< asking each execution provider which nodes it takes
  // files
  kReadingTrace,
  kWritingTrace,
  kWritingModel,
  kReadingInputs,
  // quantization
  kCalibrating,
  kQuantizing,
  kComparing,
  kDone,
};

/// A stable English identifier ("parsing", "inferring-shapes"): for the CLI, logs and tests; the
/// GUI shows its own translation of the code instead.
std::string_view StageName(Stage stage);

/// One progress report. `detail` is plain data that needs no translation (a pass name, a file
/// name, "12/40"), empty when there is none.
struct Progress {
  Stage stage = Stage::kNone;
  double fraction = 0;  ///< of the whole job, in [0, 1]
  std::string detail;
};

/// A cancel flag shared by the job and whoever may cancel it (copies share the flag).
class CancelToken {
 public:
  CancelToken() : flag_(std::make_shared<std::atomic<bool>>(false)) {}
  void Cancel() const {
    if (flag_) flag_->store(true, std::memory_order_relaxed);
  }
  bool cancelled() const { return flag_ && flag_->load(std::memory_order_relaxed); }
  /// The flag itself, for code that polls a raw atomic (e.g. a layout thread).
  const std::atomic<bool>* flag() const { return flag_.get(); }

 private:
  std::shared_ptr<std::atomic<bool>> flag_;
};

using ProgressFn = std::function<void(const Progress&)>;

/// What a long job receives: where to report and what to poll. Pass by const reference with a
/// default of `{}` (no reports, never cancelled).
struct JobControl {
  ProgressFn progress;
  CancelToken cancel;

  /// Reports (when someone listens) and returns false when the job should stop.
  bool Report(Stage stage, double fraction, std::string detail = {}) const;
  bool cancelled() const { return cancel.cancelled(); }
  /// Cancelled("<what> was cancelled") when the token is set, else Ok — for early returns.
  Status CheckCancelled(std::string_view what) const;
  /// A control for a sub-job that maps its [0, 1] onto [from, to] of this one.
  JobControl Slice(double from, double to) const;
};

}  // namespace onnxlens
