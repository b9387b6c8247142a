// Gates for CI (`onnxlens-cli check`): latency (P50, P99, against a previous `bench --json` with
// the runs' noise taken into account), accuracy (cosine, SQNR, max abs error against a reference
// model or expected outputs), size (nodes, bytes) and whether ONNX Runtime would load the model.
// Every gate is measured and reported with its figure, held or not; a gate that cannot be
// measured (the model does not run) is an error of that gate, not of the whole check.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "api/bench.h"
#include "common/progress.h"
#include "common/status.h"

namespace onnxlens::api {

struct CheckGates {
  std::optional<double> max_p50_ms, max_p99_ms;
  /// A previous `bench --json` of one configuration: the check runs as it did and fails when the
  /// P50 is slower beyond the noise of both series (CompareLatencies) and more than `max_ratio`
  /// times the baseline's, or when the runs' P25 is above `max_ratio` times the baseline's P75
  /// (skewed runs whose spread would hide any slowdown) (1.05 by default: a 5% drift of the
  /// machine's speed between the baseline and now is not a regression).
  std::filesystem::path baseline;
  double max_ratio = 1.05;
  /// Accuracy: against a reference model run on the same inputs, or against the output_N.pb
  /// files of test_data_set_N folders (whose inputs are then the inputs). The worst output counts.
  std::filesystem::path reference;
  std::filesystem::path expected;
  std::optional<double> min_cosine, min_sqnr_db, max_abs_error;
  std::optional<int64_t> max_nodes;        ///< nodes of the main graph as in the file
  std::optional<uint64_t> max_size_bytes;  ///< the file plus its external data files
  bool ort_loadable = false;               ///< onnx_io::OrtLoadFindings is empty
};

struct CheckRequest {
  std::filesystem::path model;
  CheckGates gates;
  /// The timed runs' settings (level, threads, executor, dims); with a baseline they come from
  /// it, and a setting given here that differs is an error.
  BenchConfig config;
  bool level_given = false, threads_given = false;
  BenchOptions bench;  ///< runs, warm-up, inputs, providers and limits of the timed runs
  /// Random samples for the accuracy gates against `reference` without inputs_dir.
  int64_t random_samples = 1;
};

/// One gate and what it measured.
struct GateResult {
  std::string name;      ///< the option: "max-p50-ms", "min-cosine", "ort-loadable"
  std::string limit;     ///< as asked: "10 ms", ">= 0.99", "ONNX Runtime loads it"
  std::string measured;  ///< "12.41 ms", "0.9731 (output 'logits')", "3 findings"
  double value = 0;      ///< the figure compared (NaN when there is none)
  bool passed = false;
  std::string error;                 ///< set when the gate could not be measured (it then fails)
  std::vector<std::string> details;  ///< findings, notes (noise, a baseline on another CPU)
  double seconds = 0;                ///< time spent measuring it (shared measurements count once)
};

struct CheckReport {
  std::string model;
  std::vector<GateResult> gates;
  std::string level;    ///< the timed runs' level (empty without latency gates)
  int threads = 0;      ///< the timed runs' resolved thread count
  std::string cpu_isa;  ///< of the timed runs
  DimOverrides dims;    ///< free dimensions the runs used (given or chosen)
  int64_t runs = 0;     ///< counted timed runs
  bool passed() const;
  int failed() const;  ///< gates that failed or could not be measured
};

/// Checks the request's own inputs before anything runs: a gate needs its source (accuracy gates
/// a reference or expected outputs), the baseline is a readable `onnxlens.bench/1` file of one
/// configuration of this model (same input and output names) whose settings do not conflict.
/// Errors name the file and what is wrong; the CLI exits 2 on them.
Status ValidateCheckRequest(const CheckRequest& request);

/// Measures every gate asked. Errors only for a request ValidateCheckRequest refuses or a cancel;
/// a model that does not load or run fails its gates with the reason.
Expected<CheckReport> RunCheck(const CheckRequest& request, const JobControl& job = {});

/// "PASS max-p50-ms  12.41 ms <= 20 ms" lines and a verdict line.
std::string FormatCheckReport(const CheckReport& report);

/// Schema "onnxlens.check/1" (docs/cli-json.md).
nlohmann::json ToJson(const CheckReport& report);

/// JUnit XML: one <testsuite name="onnxlens check"> with one <testcase> per gate (classname the
/// model's file name), a <failure> for a gate that failed and an <error> for one that could not
/// be measured, the figures in <system-out> and as <properties>; names are XML-escaped.
std::string CheckJUnitXml(const CheckReport& report);

}  // namespace onnxlens::api
