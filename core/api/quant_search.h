// Mixed-precision search: quantize statically, compare with the float model, and leave in float
// the fewest nodes that bring the worst output's cosine (or SQNR) to a target — listing what each
// trial bought in accuracy and cost in latency.
//
// Error that a node's quantization adds early in a network is amplified by every layer after it,
// so the node that loses most locally is not the one that costs the output most. The search
// therefore measures each quantized node's sensitivity first — the outputs' error with that node
// alone quantized (its input and output Q/DQ, its weights) — ranks the nodes from the most
// harmful, and bisects on how many of the most harmful stay in float (with any quantized node
// they leave between float ones). Calibration runs once; each trial quantizes a copy of the float
// model in memory and runs the evaluation data through it.
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
  int max_steps = 12;  ///< the most bisection trials (each with a latency measurement)
  /// Evaluation data (held out): test_data_set_N folders. Empty: the calibration data.
  std::filesystem::path eval_dir;
  int latency_runs = 20;              ///< counted runs for each P50, on the first evaluation sample
  std::string latency_level = "all";  ///< the level the latencies are measured at
};

/// One node's sensitivity: the outputs with only that node quantized.
struct QuantSensitivity {
  std::string node, op_type;
  double cosine = 1;  ///< the worst output's
  double sqnr_db = 0;
};

struct QuantSearchStep {
  int step = 0;    ///< 0: every node quantized (beyond the request's own --exclude)
  int ranked = 0;  ///< the most harmful nodes of the ranking left in float in this trial
  /// Quantized nodes that the ranked ones left between float nodes, also left in float (alone
  /// in int8 they would pay a Quantize and a Dequantize for one kernel).
  int islands = 0;
  int excluded = 0;  ///< ranked + islands: the nodes in float
  /// The least harmful of the ranked ones (the last one the ranking added; empty at step 0).
  std::string node;
  std::string op_type;
  bool reached = false;  ///< the target held
  double cosine = 0;     ///< the worst output's
  double sqnr_db = 0;
  double p50_ms = 0;  ///< the quantized model's, on the first evaluation sample
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
  /// Every node quantized at step 0, the most harmful first (empty when step 0 reached the
  /// target).
  std::vector<QuantSensitivity> sensitivity;
  std::vector<QuantSearchStep> steps;  ///< step 0 first, then the bisection's trials
  /// The search's exclusions, the most harmful first then the islands: the smallest trial that
  /// reached the target, else the trial with the best metric.
  std::vector<std::string> excluded;
  int chosen_step = 0;  ///< the step whose exclusions the written model has
};

/// Runs the search on `model` and writes the final quantized model to request.quantize.output.
/// Errors: everything QuantizeModelFile refuses, a mode other than static, an unknown metric, a
/// target out of range (cosine in (0, 1], SQNR in (0, 200] dB), max_steps < 1, an eval folder that
/// is missing or does not fit the model, evaluation data and float outputs over 1 GiB (they are
/// kept in memory). Progress goes through `job`; a cancel writes nothing.
Expected<QuantSearchReport> SearchQuantization(const std::filesystem::path& model,
                                               const QuantSearchRequest& request,
                                               const JobControl& job = {},
                                               const QuantSearchStepCallback& on_step = {});

/// The search part of `onnxlens.quantize/1` JSON ("search": {...}).
nlohmann::json ToJson(const QuantSearchReport& report);

}  // namespace onnxlens::api
