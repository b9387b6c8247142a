// Mixed-precision search: quantize statically, compare with the float model, and leave in float,
// one node at a time, the node that loses the most accuracy until a target (output cosine or
// SQNR) holds — listing what each exclusion bought in accuracy and cost in latency.
//
// The node tried next is the quantized node whose output tensor lost the most SQNR relative to its
// inputs (the error it adds, not the error it inherits from upstream); an exclusion that does not
// improve the metric is undone and listed as rejected. Each step re-quantizes (a fresh
// calibration of what is still quantized) and re-measures on the evaluation data.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "api/quantize.h"
#include "common/progress.h"
#include "common/status.h"

namespace onnxlens::api {

struct QuantSearchRequest {
  QuantizeRequest quantize;       ///< mode must be "static"; its output gets the final model
  std::string metric = "cosine";  ///< "cosine" or "sqnr" (dB), the worst output's
  double target = 0.999;
  int max_steps = 12;  ///< the most exclusions tried (accepted or rejected)
  /// Evaluation data (held out): test_data_set_N folders. Empty: the calibration data.
  std::filesystem::path eval_dir;
  int latency_runs = 20;                   ///< counted runs for each P50
  std::string latency_level = "all";  ///< the level the latencies are measured at
};

struct QuantSearchStep {
  int step = 0;      ///< 0: nothing excluded beyond the request's own --exclude
  std::string node;  ///< the node tried (empty at step 0)
  std::string op_type;
  std::string tensor;        ///< its output tensor that ranked it
  double added_loss_db = 0;  ///< the SQNR its output lost relative to its inputs
  bool accepted = true;      ///< false: it did not improve the metric and was quantized again
  double cosine = 0;         ///< the worst output's, after this step
  double sqnr_db = 0;
  double p50_ms = 0;  ///< the quantized model's at this step
  int excluded = 0;   ///< nodes in float after this step (the search's, not the request's)
};

/// Called on the searching thread after every step (a GUI lists the steps as they come).
using QuantSearchStepCallback = std::function<void(const QuantSearchStep&)>;

struct QuantSearchReport {
  QuantizeReport quantize;  ///< the final model's
  std::string metric;
  double target = 0;
  bool reached = false;
  std::string eval_source;  ///< the evaluation data ("--eval DIR", "--calib DIR", "--random N")
  int64_t eval_samples = 0;
  double float_p50_ms = 0;
  std::vector<QuantSearchStep> steps;  ///< step 0 first
  std::vector<std::string> excluded;   ///< the search's exclusions, in order
};

/// Runs the search on `model` and writes the final quantized model to request.quantize.output.
/// Errors: everything QuantizeModelFile refuses, a mode other than static, an unknown metric, a
/// target out of range (cosine in (0, 1], SQNR in (0, 200] dB), max_steps < 1, an eval folder that
/// is missing or does not fit the model. `job` gets a slice per step; a cancel writes nothing.
Expected<QuantSearchReport> SearchQuantization(const std::filesystem::path& model,
                                               const QuantSearchRequest& request,
                                               const JobControl& job = {},
                                               const QuantSearchStepCallback& on_step = {});

/// The search part of `onnxlens.quantize/1` JSON ("search": {...}).
nlohmann::json ToJson(const QuantSearchReport& report);

}  // namespace onnxlens::api
