// The CI gates (see check.h): the request's own inputs checked first, then each gate measured.
#include "api/check.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>

#include "api/accuracy.h"
#include "common/file_util.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "onnx/ort_loadable.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

namespace {

using Clock = std::chrono::steady_clock;
constexpr uint64_t kMaxBaselineBytes = uint64_t{64} << 20;
constexpr size_t kMaxBaselineRuns = 10000000;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double SecondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::string CheckMs(double v) { return FormatFixed(v, 3) + " ms"; }

// What a previous `bench --json` says about the run a check compares with.
struct Baseline {
  std::string model;
  bool has_names = false;
  std::vector<std::string> inputs, outputs, input_types;
  DimOverrides chosen_dims;
  BenchConfig config;
  int threads = 0;
  std::string cpu_isa;
  std::vector<double> latencies;
};

// The baseline file, checked: an onnxlens.bench/1 object with one result whose runs are numbers.
Expected<Baseline> ReadBaseline(const fs::path& path) {
  const std::string where = "--max-ratio " + Quote(path.string());
  auto text = ReadFile(path, kMaxBaselineBytes);
  if (!text.ok()) return InvalidArgument(where + ": " + text.status().message());
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(*text);
  } catch (const nlohmann::json::exception& e) {
    std::string what = e.what();
    const auto bracket = what.find("] ");
    if (bracket != std::string::npos) what = what.substr(bracket + 2);
    return InvalidArgument(where + ": not JSON: " + what);
  }
  const auto bad = [&](const std::string& why) {
    return InvalidArgument(where + ": not a baseline of `onnxlens-cli bench --json`: " + why);
  };
  if (!j.is_object() || !j.contains("schema") || j["schema"] != "onnxlens.bench/1")
    return bad("its schema is not \"onnxlens.bench/1\"");
  if (!j.contains("results") || !j["results"].is_array() || j["results"].empty())
    return bad("it has no results");
  if (j["results"].size() != 1)
    return bad("it holds " + std::to_string(j["results"].size()) +
               " results (a sweep or --vs); give a baseline of one configuration");
  const nlohmann::json& r = j["results"][0];
  if (!r.is_object()) return bad("results[0] is not an object");
  Baseline b;
  try {
    b.model = r.value("model", std::string());
    if (r.contains("inputs") && r.contains("outputs")) {
      b.inputs = r["inputs"].get<std::vector<std::string>>();
      b.outputs = r["outputs"].get<std::vector<std::string>>();
      b.has_names = true;
    }
    if (r.contains("input_types")) b.input_types = r["input_types"].get<std::vector<std::string>>();
    if (r.contains("chosen_dims")) b.chosen_dims = r["chosen_dims"].get<DimOverrides>();
    if (!r.contains("latencies_ms") || !r["latencies_ms"].is_array())
      return bad("results[0].latencies_ms is missing");
    const nlohmann::json& runs = r["latencies_ms"];
    if (runs.size() > kMaxBaselineRuns)
      return bad("more than " + std::to_string(kMaxBaselineRuns) + " runs");
    for (const nlohmann::json& x : runs) {
      if (!x.is_number() || !std::isfinite(x.get<double>()) || x.get<double>() < 0)
        return bad("results[0].latencies_ms holds " + x.dump() + ", not a time in ms");
      b.latencies.push_back(x.get<double>());
    }
    if (b.latencies.size() < 3)
      return bad("it has " + std::to_string(b.latencies.size()) +
                 " counted runs; the noise test needs at least 3 (bench --runs 20)");
    const nlohmann::json& c = r.at("config");
    b.config.level = c.at("level").get<std::string>();
    b.config.threads = c.at("threads").get<int>();
    b.config.executor = c.value("executor", std::string("sequential"));
    b.config.inter_op = c.value("inter_op", 0);
    if (c.contains("dims")) b.config.dims = c["dims"].get<DimOverrides>();
    b.threads = r.value("threads", 0);
    b.cpu_isa = r.value("cpu_isa", std::string());
  } catch (const nlohmann::json::exception& e) {
    std::string what = e.what();
    const auto bracket = what.find("] ");
    if (bracket != std::string::npos) what = what.substr(bracket + 2);
    return bad(what);
  }
  return b;
}

// The model's fed input and output names, when it loads (else empty: its gates say why).
bool ModelNames(const fs::path& model, std::vector<std::string>* inputs,
                std::vector<std::string>* outputs) {
  auto loaded = onnx_io::LoadSharedModelFile(model);
  if (!loaded.ok()) return false;
  for (const ir::Value* v : (*loaded)->graph->inputs()) {
    if (!v->is_initializer()) inputs->push_back(v->name());
  }
  for (const ir::Value* v : (*loaded)->graph->outputs()) outputs->push_back(v->name());
  return true;
}

bool HasAccuracyGate(const CheckGates& g) {
  return g.min_cosine || g.min_sqnr_db || g.max_abs_error;
}

bool HasLatencyGate(const CheckGates& g) {
  return g.max_p50_ms || g.max_p99_ms || !g.baseline.empty();
}

// The timed runs' settings: the request's, or the baseline's.
Expected<BenchConfig> TimedConfig(const CheckRequest& r, const Baseline* base) {
  if (!base) return r.config;
  BenchConfig c = base->config;
  const std::string where = "--max-ratio " + Quote(r.gates.baseline.string());
  if (r.level_given && r.config.level != c.level)
    return InvalidArgument(where + " ran at level " + c.level + "; check compares only runs at " +
                           "the same level (drop --level or take a new baseline)");
  if (base->threads > 0) c.threads = base->threads;
  // The free dimensions the baseline's runs chose are set, not chosen again.
  // A --dim given now is kept (the runs' shapes then differ from the baseline's: an error).
  for (const auto& [name, value] : base->chosen_dims) {
    if (!r.bench.dims.count(name)) c.dims.emplace(name, value);
  }
  if (r.threads_given && r.config.threads != c.threads && r.config.threads != base->config.threads)
    return InvalidArgument(where + " ran with " + std::to_string(c.threads) +
                           " threads; check compares only runs with as many (drop --threads or "
                           "take a new baseline)");
  return c;
}

GateResult Gate(std::string name, std::string limit) {
  GateResult g;
  g.name = std::move(name);
  g.limit = std::move(limit);
  g.value = kNaN;
  return g;
}

// Every gate of `names` fails with `error` (what it needed could not be had).
void FailAll(std::vector<GateResult>* gates, const std::string& error, double seconds) {
  for (GateResult& g : *gates) {
    g.error = error;
    g.passed = false;
    g.seconds = seconds;
  }
}

void StructureGates(const CheckRequest& r, CheckReport* rep) {
  const CheckGates& g = r.gates;
  if (!g.max_nodes && !g.max_size_bytes && !g.ort_loadable) return;
  std::vector<GateResult> gates;
  if (g.max_nodes) gates.push_back(Gate("max-nodes", "at most " + std::to_string(*g.max_nodes)));
  if (g.max_size_bytes)
    gates.push_back(Gate("max-size", "at most " + FormatBytes(*g.max_size_bytes)));
  if (g.ort_loadable) gates.push_back(Gate("ort-loadable", "ONNX Runtime loads it"));
  const auto t0 = Clock::now();
  auto loaded = onnx_io::LoadModelFile(r.model);
  if (!loaded.ok()) {
    FailAll(&gates, loaded.status().message(), SecondsSince(t0));
    for (GateResult& x : gates) rep->gates.push_back(std::move(x));
    return;
  }
  for (GateResult& x : gates) {
    const auto t1 = Clock::now();
    if (x.name == "max-nodes") {
      const auto nodes = static_cast<int64_t>(loaded->model->graph->num_nodes());
      x.value = static_cast<double>(nodes);
      x.measured = std::to_string(nodes) + " nodes";
      x.passed = nodes <= *g.max_nodes;
    } else if (x.name == "max-size") {
      uint64_t bytes = loaded->file_bytes;
      for (const fs::path& f : loaded->external_files) {
        std::error_code ec;
        const auto size = fs::file_size(f, ec);
        if (!ec) bytes += size;
      }
      x.value = static_cast<double>(bytes);
      x.measured = FormatBytes(bytes);
      if (!loaded->external_files.empty())
        x.details.push_back("the model file and " + std::to_string(loaded->external_files.size()) +
                            " external data file(s)");
      x.passed = bytes <= *g.max_size_bytes;
    } else {
      x.details = onnx_io::OrtLoadFindings(*loaded->model);
      x.value = static_cast<double>(x.details.size());
      x.measured = x.details.empty() ? "ONNX Runtime would load it"
                                     : std::to_string(x.details.size()) +
                                           " finding(s), the first: " + x.details.front();
      x.passed = x.details.empty();
    }
    x.seconds = SecondsSince(t1) + (&x == &gates.front() ? loaded->load_seconds : 0);
  }
  for (GateResult& x : gates) rep->gates.push_back(std::move(x));
}

void LatencyGates(const CheckRequest& r, const Baseline* base, const BenchConfig& config,
                  const JobControl& job, CheckReport* rep) {
  const CheckGates& g = r.gates;
  std::vector<GateResult> gates;
  if (g.max_p50_ms) gates.push_back(Gate("max-p50-ms", "at most " + CheckMs(*g.max_p50_ms)));
  if (g.max_p99_ms) gates.push_back(Gate("max-p99-ms", "at most " + CheckMs(*g.max_p99_ms)));
  if (base)
    gates.push_back(Gate("max-ratio", "P50 at most " + FormatFixed(g.max_ratio, 3) +
                                          " x the baseline's beyond the runs' noise"));
  const auto t0 = Clock::now();
  auto bench = BenchModelFile(r.model, config, r.bench, job);
  const double seconds = SecondsSince(t0);
  if (!bench.ok()) {
    FailAll(&gates, bench.status().message(), seconds);
    for (GateResult& x : gates) rep->gates.push_back(std::move(x));
    return;
  }
  rep->level = bench->config.level;
  rep->threads = bench->threads;
  rep->cpu_isa = bench->cpu_isa;
  rep->runs = bench->stats.count;
  // As the runs had them: --dim, then the chosen ones, then the configuration's (bench's order).
  rep->dims = r.bench.dims;
  for (const auto& [name, value] : bench->chosen_dims) rep->dims[name] = value;
  for (const auto& [name, value] : bench->config.dims) rep->dims[name] = value;
  const std::vector<std::string> noise = LatencyNoiseWarnings(bench->noise);
  for (GateResult& x : gates) {
    x.seconds = seconds;
    x.details = noise;
    if (x.name == "max-p50-ms" || x.name == "max-p99-ms") {
      const bool p50 = x.name == "max-p50-ms";
      x.value = p50 ? bench->stats.p50 : bench->stats.p99;
      x.measured = (p50 ? "P50 " : "P99 ") + CheckMs(x.value) + " over " +
                   std::to_string(bench->stats.count) + " runs";
      x.passed = x.value <= (p50 ? *g.max_p50_ms : *g.max_p99_ms);
      continue;
    }
    if (!base->input_types.empty() && base->input_types != bench->input_types) {
      x.error = "the baseline's runs had the inputs " + Join(base->input_types, ", ") +
                ", these runs " + Join(bench->input_types, ", ") +
                ": give the --dim values the baseline was taken with";
      continue;
    }
    if (fs::path(base->model) != r.model)
      x.details.push_back("the baseline was taken on " + Quote(base->model));
    const LatencyDifference d = CompareLatencies(base->latencies, bench->latencies_ms);
    const double ratio = d.median_a > 0 ? d.median_b / d.median_a : kNaN;
    x.value = ratio;
    x.measured = FormatFixed(ratio, 3) + " x (P50 " + CheckMs(d.median_b) + " vs the baseline's " +
                 CheckMs(d.median_a) + ")";
    // Slower beyond the noise: the medians differ by more than the larger interquartile range
    // (Compare Runs' test), or, for skewed runs whose spread swallows any difference, the new
    // runs' P25 is above the baseline's P75 (the middle halves do not overlap) -- each by more
    // than the ratio allowed.
    const LatencyStats now = ComputeLatencyStats(bench->latencies_ms);
    const LatencyStats then = ComputeLatencyStats(base->latencies);
    const bool apart = now.p25 > then.p75 * g.max_ratio;
    x.passed = !((d.verdict == LatencyVerdict::kSlower && ratio > g.max_ratio) || apart);
    if (d.verdict == LatencyVerdict::kWithinNoise)
      x.details.push_back("the difference is within the runs' noise (interquartile range " +
                          CheckMs(d.noise_ms) + ")");
    if (!base->cpu_isa.empty() && base->cpu_isa != bench->cpu_isa)
      x.details.push_back("the baseline ran with " + base->cpu_isa + " kernels, this run with " +
                          bench->cpu_isa + ": another CPU or --max-isa");
  }
  for (GateResult& x : gates) rep->gates.push_back(std::move(x));
}

void AccuracyGates(const CheckRequest& r, const JobControl& job, CheckReport* rep) {
  const CheckGates& g = r.gates;
  if (!HasAccuracyGate(g)) return;
  const std::string against = !g.reference.empty()
                                  ? "against " + Quote(g.reference.string())
                                  : "against the outputs in " + Quote(g.expected.string());
  std::vector<GateResult> gates;
  if (g.min_cosine)
    gates.push_back(Gate("min-cosine", "at least " + FormatFixed(*g.min_cosine, 6)));
  if (g.min_sqnr_db)
    gates.push_back(Gate("min-sqnr", "at least " + FormatFixed(*g.min_sqnr_db, 2) + " dB"));
  if (g.max_abs_error)
    gates.push_back(Gate("max-abs-error", "at most " + FormatFixed(*g.max_abs_error, 6)));
  const auto t0 = Clock::now();
  Expected<std::vector<OutputAgreement>> outputs = std::vector<OutputAgreement>{};
  std::vector<std::string> notes;
  if (!g.reference.empty()) {
    CompareModelsRequest q;
    q.inputs_dir = r.bench.inputs_dir;
    q.random_samples = r.bench.inputs_dir.empty() ? std::max<int64_t>(r.random_samples, 1) : 0;
    q.seed = r.bench.seed;
    q.dims = r.bench.dims;
    q.ranges = r.bench.ranges;
    q.layers = false;
    q.latency_runs = 0;
    q.threads = r.config.threads;
    auto compared = CompareModelFiles(g.reference, r.model, q, job);
    if (compared.ok()) {
      outputs = std::move(compared->outputs);
      notes = compared->unrelated;
      if (compared->random_inputs)
        notes.push_back(std::to_string(compared->samples) + " random sample(s)");
    } else {
      outputs = compared.status();
    }
  } else {
    outputs =
        CompareWithExpectedOutputs(r.model, g.expected, r.config.level, r.config.threads, job);
  }
  const double seconds = SecondsSince(t0);
  if (!outputs.ok()) {
    FailAll(&gates, outputs.status().message(), seconds);
    for (GateResult& x : gates) rep->gates.push_back(std::move(x));
    return;
  }
  for (GateResult& x : gates) {
    x.seconds = seconds;
    x.details = notes;
    const bool cosine = x.name == "min-cosine", sqnr = x.name == "min-sqnr";
    const auto figure_of = [&](const OutputAgreement& o) {
      return cosine ? o.stats.cosine : sqnr ? o.stats.sqnr_db : o.stats.max_abs;
    };
    const OutputAgreement* worst = nullptr;
    for (const OutputAgreement& o : *outputs) {
      if (!o.problem.empty()) {
        x.error = "output " + Quote(o.name) + ": " + o.problem;
        break;
      }
      const double v = figure_of(o);
      if (!worst || (cosine || sqnr ? v < figure_of(*worst) : v > figure_of(*worst))) worst = &o;
    }
    if (!x.error.empty() || !worst) {
      if (x.error.empty()) x.error = "the model has no output to compare";
      continue;
    }
    x.value = figure_of(*worst);
    const std::string figure = sqnr && x.value >= kExactSqnr ? "exact (no error)"
                               : sqnr                        ? FormatFixed(x.value, 2) + " dB"
                                                             : FormatFixed(x.value, 6);
    x.measured = figure + " (output " + Quote(worst->name) + ", " + against + ")";
    x.passed = cosine ? x.value >= *g.min_cosine
               : sqnr ? x.value >= *g.min_sqnr_db
                      : x.value <= *g.max_abs_error;
  }
  for (GateResult& x : gates) rep->gates.push_back(std::move(x));
}

}  // namespace

bool CheckReport::passed() const { return failed() == 0 && !gates.empty(); }

int CheckReport::failed() const {
  int n = 0;
  for (const GateResult& g : gates) n += g.passed ? 0 : 1;
  return n;
}

Status ValidateCheckRequest(const CheckRequest& r) {
  const CheckGates& g = r.gates;
  if (!HasLatencyGate(g) && !HasAccuracyGate(g) && !g.max_nodes && !g.max_size_bytes &&
      !g.ort_loadable)
    return InvalidArgument(
        "check needs at least one gate: --max-p50-ms, --max-p99-ms, --max-ratio, --min-cosine, "
        "--min-sqnr, --max-abs-error, --max-nodes, --max-size or --ort-loadable");
  if (!g.reference.empty() && !g.expected.empty())
    return InvalidArgument("give --reference MODEL or --expected DIR, not both");
  if (HasAccuracyGate(g) && g.reference.empty() && g.expected.empty())
    return InvalidArgument(
        "--min-cosine, --min-sqnr and --max-abs-error compare with something: give --reference "
        "MODEL (run on the same inputs) or --expected DIR (test_data_set_N folders with "
        "output_N.pb)");
  if (!HasAccuracyGate(g) && (!g.reference.empty() || !g.expected.empty()))
    return InvalidArgument(std::string(g.reference.empty() ? "--expected" : "--reference") +
                           " alone checks nothing: add --min-cosine, --min-sqnr or "
                           "--max-abs-error");
  if (!g.expected.empty() && !r.bench.inputs_dir.empty())
    return InvalidArgument("--expected DIR holds the inputs too; drop --inputs");
  if (!(g.max_ratio > 0) || !std::isfinite(g.max_ratio))
    return InvalidArgument("--ratio must be a number above 0");
  std::error_code ec;
  if (!g.reference.empty() && !fs::is_regular_file(g.reference, ec))
    return NotFound("--reference: " + Quote(g.reference.string()) + " is not a file");
  if (!g.expected.empty() && !fs::is_directory(g.expected, ec))
    return NotFound("--expected: the folder " + Quote(g.expected.string()) + " does not exist");
  if (g.baseline.empty()) return Status::Ok();
  OL_ASSIGN_OR_RETURN(const Baseline base, ReadBaseline(g.baseline));
  std::vector<std::string> inputs, outputs;
  const std::string where = "--max-ratio " + Quote(g.baseline.string());
  if (ModelNames(r.model, &inputs, &outputs)) {
    if (base.has_names && (base.inputs != inputs || base.outputs != outputs))
      return InvalidArgument(
          where + " is a baseline of another model: its inputs (" + Join(base.inputs, ", ") +
          ") and outputs (" + Join(base.outputs, ", ") + ") are not those of " +
          Quote(r.model.string()) + " (" + Join(inputs, ", ") + " -> " + Join(outputs, ", ") + ")");
    if (!base.has_names && fs::path(base.model).filename() != r.model.filename())
      return InvalidArgument(where + " is a baseline of " + Quote(base.model) + ", not of " +
                             Quote(r.model.string()) +
                             " (a bench --json of this onnxlens "
                             "names the model's inputs and outputs; take a new baseline)");
  }
  return TimedConfig(r, &base).status();
}

Expected<CheckReport> RunCheck(const CheckRequest& r, const JobControl& job) {
  OL_RETURN_IF_ERROR(ValidateCheckRequest(r));
  CheckReport rep;
  rep.model = r.model.string();
  std::optional<Baseline> base;
  if (!r.gates.baseline.empty()) {
    OL_ASSIGN_OR_RETURN(Baseline b, ReadBaseline(r.gates.baseline));
    base = std::move(b);
  }
  OL_ASSIGN_OR_RETURN(const BenchConfig config, TimedConfig(r, base ? &*base : nullptr));
  StructureGates(r, &rep);
  OL_RETURN_IF_ERROR(job.CheckCancelled("the check"));
  AccuracyGates(r, job, &rep);
  OL_RETURN_IF_ERROR(job.CheckCancelled("the check"));
  if (HasLatencyGate(r.gates)) LatencyGates(r, base ? &*base : nullptr, config, job, &rep);
  OL_RETURN_IF_ERROR(job.CheckCancelled("the check"));
  job.Report(Stage::kDone, 1.0);
  return rep;
}

}  // namespace onnxlens::api
