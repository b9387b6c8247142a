// Stage names and the JobControl helpers.
#include "common/progress.h"

#include <algorithm>

namespace onnxlens {

std::string_view StageName(Stage stage) {
  switch (stage) {
    case Stage::kNone:
      return "";
    case Stage::kReadingFile:
      return "reading-file";
    case Stage::kParsing:
      return "parsing";
    case Stage::kChecking:
      return "checking";
    case Stage::kInferringShapes:
      return "inferring-shapes";
    case Stage::kBuildingGraph:
      return "building-graph";
    case Stage::kDescribing:
      return "describing";
    case Stage::kLayingOut:
      return "laying-out";
    case Stage::kOptimizing:
      return "optimizing";
    case Stage::kSnapshotting:
      return "snapshotting";
    case Stage::kVerifying:
      return "verifying";
    case Stage::kVerifyingReference:
      return "verifying-reference";
    case Stage::kBisecting:
      return "bisecting";
    case Stage::kCreatingSession:
      return "creating-session";
    case Stage::kWarmingUp:
      return "warming-up";
    case Stage::kRunning:
      return "running";
    case Stage::kProfiling:
      return "profiling";
    case Stage::kBenchmarking:
      return "benchmarking";
    case Stage::kPartitioning:
      return "partitioning";
    case Stage::kReadingTrace:
      return "reading-trace";
    case Stage::kWritingTrace:
      return "writing-trace";
    case Stage::kWritingModel:
      return "writing-model";
    case Stage::kReadingInputs:
      return "reading-inputs";
    case Stage::kCalibrating:
      return "calibrating";
    case Stage::kQuantizing:
      return "quantizing";
    case Stage::kComparing:
      return "comparing";
    case Stage::kDone:
      return "done";
  }
  return "";
}

bool JobControl::Report(Stage stage, double fraction, std::string detail) const {
  if (progress) progress(Progress{stage, std::clamp(fraction, 0.0, 1.0), std::move(detail)});
  return !cancel.cancelled();
}

Status JobControl::CheckCancelled(std::string_view what) const {
  if (!cancel.cancelled()) return Status::Ok();
  return Cancelled(std::string(what) + " was cancelled");
}

JobControl JobControl::Slice(double from, double to) const {
  JobControl sub;
  sub.cancel = cancel;
  if (progress) {
    ProgressFn outer = progress;
    sub.progress = [outer, from, to](const Progress& p) {
      outer(Progress{p.stage, from + (to - from) * std::clamp(p.fraction, 0.0, 1.0), p.detail});
    };
  }
  return sub;
}

}  // namespace onnxlens
