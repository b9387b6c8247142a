// One self-contained HTML report of a model (`onnxlens-cli report`, File → Export Report…): the
// summary and warnings, the op counts at every level, the graph as inline SVG laid out as the
// GUI lays it out (heat from a profile, outlines by execution provider, name-scope groups opened
// by a small inline script), latency percentiles and histogram, the top ops and nodes, and, when
// given, the accuracy of a quantized copy (per output, per layer, an SQNR chart) and a diff
// against another model. No network, no external file: every byte is in the page.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "api/input_spec.h"
#include "common/progress.h"
#include "common/status.h"

namespace onnxlens::api {

struct ReportRequest {
  std::filesystem::path model;
  std::filesystem::path vs;     ///< another model: a diff section (matched by name, then structure)
  std::filesystem::path trace;  ///< a profile of the model (ours or ONNX Runtime's)
  std::filesystem::path quantized;  ///< a quantized copy: an accuracy section
  std::string level = "all";        ///< the level profiled and partitioned
  /// Without a trace: profiled runs (after 2 warm-up runs); 0: no profile section.
  int runs = 20;
  int threads = 0;
  std::filesystem::path inputs_dir;  ///< inputs of the runs (else random)
  int64_t random_samples = 2;        ///< samples of the accuracy comparison without inputs_dir
  uint64_t seed = 0;
  DimOverrides dims;
  RangeOverrides ranges;
  std::filesystem::path output;  ///< the .html written by WriteReport
  bool force = false;            ///< replace an existing output (never an input)
};

/// The page. `job` gets the stages of each part (loading, optimizing, profiling, comparing,
/// laying out); a cancel ends with kCancelled. Errors: a model that does not load, a trace or
/// quantized model that does not fit (a trace of another model, a malformed file), each naming
/// the file.
Expected<std::string> BuildReportHtml(const ReportRequest& request, const JobControl& job = {});

/// BuildReportHtml written to `request.output` (atomically) under the writers' rule: never one of
/// the files read (the model, its external data, the trace, the other models, the inputs), an
/// existing file only with `force`, the folder must exist.
Status WriteReport(const ReportRequest& request, const JobControl& job = {});

}  // namespace onnxlens::api
