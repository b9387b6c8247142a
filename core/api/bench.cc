// Benchmark a model file.
#include "api/bench.h"

#include <sys/resource.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <tuple>

#include "api/internal/inputs.h"
#include "api/run.h"
#include "common/cpu_isa.h"
#include "common/machine_load.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "passes/pass.h"
#include "runtime/session.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

namespace {

using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::vector<std::string> SplitOn(const std::string& s, const std::string& seps) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (seps.find(c) != std::string::npos) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

Status ApplySetting(const std::string& key, const std::string& value, BenchConfig* c) {
  if (key == "level") {
    if (!passes::ParseLevel(value).ok())
      return InvalidArgument("unknown level " + Quote(value) +
                             " (disabled, basic, extended, layout, all)");
    c->level = value;
  } else if (key == "threads") {
    char* end = nullptr;
    const long n = std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end != '\0' || n < 0 || n > 1024)
      return InvalidArgument("threads needs a whole number 0..1024, not " + Quote(value));
    c->threads = static_cast<int>(n);
  } else if (key == "executor") {
    if (value != "sequential" && value != "parallel")
      return InvalidArgument("executor is sequential or parallel, not " + Quote(value));
    c->executor = value;
  } else if (key == "inter-op") {
    char* end = nullptr;
    const long n = std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end != '\0' || n < 0 || n > 1024)
      return InvalidArgument("inter-op needs a whole number 0..1024, not " + Quote(value));
    c->inter_op = static_cast<int>(n);
  } else if (key == "profile") {
    if (value != "on" && value != "off")
      return InvalidArgument("profile is on or off, not " + Quote(value));
    c->profile = value == "on";
  } else {
    // Any other key names a free dimension of the model (`batch=8`).
    const bool name_ok = !key.empty() && std::all_of(key.begin(), key.end(), [](char ch) {
      return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '.' || ch == '-' ||
             ch == ':' || ch == '/';
    });
    char* end = nullptr;
    const long long n = std::strtoll(value.c_str(), &end, 10);
    if (!name_ok || value.empty() || *end != '\0' || n < 1 || n > (int64_t{1} << 31)) {
      return InvalidArgument(
          Quote(key + "=" + value) +
          " is neither a setting (level, threads, profile, executor, inter-op) nor a free "
          "dimension with a whole number >= 1 (e.g. batch=8)");
    }
    c->dims[key] = n;
  }
  return Status::Ok();
}

// Peak resident set size of this process in bytes: VmHWM, which ResetPeakRss() can reset (Linux
// 4.0+); getrusage's never-reset maximum otherwise.
int64_t PeakRssBytes() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line)) {
    if (StartsWith(line, "VmHWM:")) return std::atoll(line.c_str() + 6) * 1024;
  }
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<int64_t>(ru.ru_maxrss) * 1024;
}

void ResetPeakRss() {
  std::ofstream f("/proc/self/clear_refs");
  if (f) f << "5";
}

struct CpuTimes {
  double user = 0, system = 0;
};

CpuTimes ProcessCpu() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return {ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6,
          ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6};
}

// A loaded model with a session and its inputs, ready to be run repeatedly.
struct Prepared {
  std::unique_ptr<runtime::Session> session;
  std::map<std::string, kernels::RtValue> inputs;
  RangeOverrides ranges;
  BenchResult result;
  MachineLoad load;  ///< sampled before the runs
};

Expected<Prepared> Prepare(const fs::path& path, const BenchConfig& config,
                           const BenchOptions& options) {
  Prepared p;
  p.result.model = path.string();
  p.result.config = config;
  p.result.warmup = options.warmup;
  auto t0 = Clock::now();
  InputRequest req;
  req.inputs_dir = options.inputs_dir;
  req.seed = options.seed;
  req.dims = options.dims;
  for (const auto& [name, value] : config.dims) req.dims[name] = value;
  req.ranges = options.ranges;
  req.providers = options.providers;
  req.max_memory_bytes = options.max_memory_bytes;
  Expected<ModelForRun> loaded = LoadModelForRun(path, req);
  if (!loaded.ok() && !config.dims.empty())
    return loaded.status().WithContext("benchmark of " + config.ToString());
  OL_ASSIGN_OR_RETURN(ModelForRun prepared, std::move(loaded));
  p.result.items = config.Items();
  p.result.load_ms = MsSince(t0);
  p.result.chosen_dims = prepared.chosen;
  p.ranges = prepared.ranges;
  std::shared_ptr<const ir::Model> model = prepared.model;
  for (const ir::Value* v : model->graph->inputs()) {
    if (v->is_initializer()) continue;
    p.result.inputs.push_back(v->name());
    p.result.input_types.push_back(ir::TypeToString(v->type()));
  }
  for (const ir::Value* v : model->graph->outputs()) p.result.outputs.push_back(v->name());
  runtime::SessionOptions so;
  so.optimization_level = config.level;
  // 0: the cores other programs leave free, so the default is never slower than one thread on
  // a loaded machine (common/machine_load.h).
  so.intra_op_threads = ResolveThreadCount(config.threads);
  OL_ASSIGN_OR_RETURN(so.executor, runtime::ParseExecutor(config.executor));
  so.inter_op_threads = config.inter_op;
  so.providers = options.providers;
  so.max_memory_bytes = options.max_memory_bytes;
  if (options.max_loop_iterations >= 0) so.max_loop_iterations = options.max_loop_iterations;
  so.run_timeout_seconds = options.timeout_seconds;
  so.enable_arena = options.enable_arena;
  so.enable_mem_pattern = options.enable_mem_pattern;
  so.enable_profiling = config.profile;
  t0 = Clock::now();
  OL_ASSIGN_OR_RETURN(p.session, runtime::Session::Create(model, so));
  p.result.session_ms = MsSince(t0);
  p.result.threads = p.session->threads() * p.session->inter_op_threads();
  p.result.cpu_isa = std::string(IsaName(EffectiveIsa()));
  p.load = SampleMachineLoad();
  OL_ASSIGN_OR_RETURN(p.inputs, MakeInputs(*p.session, options.inputs_dir, options.seed, p.ranges));
  return p;
}

// One timed run; a profiled session drops its events so a long run does not grow without bound.
Expected<double> TimedRun(Prepared& p) {
  const auto t0 = Clock::now();
  auto out = p.session->Run(p.inputs);
  const double ms = MsSince(t0);
  if (!out.ok()) return out.status();
  if (auto* prof = p.session->profiler()) prof->Clear();
  return ms;
}

// Counts runs and reports them: "done/total", or in duration mode (total 0) "done" with the
// fraction of the time spent.
struct RunCounter {
  const JobControl& job;
  int64_t total = 0;
  int64_t done = 0;

  Status Tick(Stage stage, double time_fraction = 0) {
    ++done;
    const bool counted = total > 0;
    const double fraction = counted ? static_cast<double>(done) / total : time_fraction;
    std::string detail = std::to_string(done);
    if (counted) detail += "/" + std::to_string(total);
    if (!job.Report(stage, fraction, std::move(detail))) return Cancelled("benchmark cancelled");
    return Status::Ok();
  }
};

Status Warm(Prepared& p, const BenchOptions& options, RunCounter* counter) {
  OL_ASSIGN_OR_RETURN(p.result.first_run_ms, TimedRun(p));
  for (int i = 1; i < options.warmup; ++i) {
    OL_RETURN_IF_ERROR(TimedRun(p).status());
    OL_RETURN_IF_ERROR(counter->Tick(Stage::kWarmingUp));
  }
  return Status::Ok();
}

// The session's memory plan and arena figures after its runs.
void NoteMemory(const runtime::Session& session, BenchResult& r) {
  const runtime::memory::MemoryStats st = session.memory_stats();
  if (auto plan = session.memory_plan()) {
    r.planned_peak_bytes = plan->planned_peak;
    r.planned_naive_bytes = plan->naive_sum;
  }
  r.arena_high_water_bytes = st.planned_arena_bytes + st.dynamic.high_water_bytes;
  const runtime::ParallelRegions regions = session.parallel_regions();
  r.parallel_regions = regions.regions;
  r.regions_side_by_side = regions.side_by_side;
  r.regions_decided = regions.decided;
  r.region_timing_runs = regions.calibration_runs;
}

// The busier of two samples (before and after the runs).
MachineLoad Busier(MachineLoad a, const MachineLoad& b) {
  if (b.busy_cores > a.busy_cores) a.busy_cores = b.busy_cores;
  a.loadavg1 = std::max(a.loadavg1, b.loadavg1);
  return a;
}

double WaitSeconds(int64_t ns0, int64_t ns1) { return 1e-9 * static_cast<double>(ns1 - ns0); }

void Finish(BenchResult& r, double wall_s, CpuTimes cpu0, CpuTimes cpu1, const MachineLoad& load,
            double wait_s) {
  r.stats = ComputeLatencyStats(r.latencies_ms);
  r.noise = ClassifyLatencyNoise(r.stats, r.threads, load, wait_s, wall_s);
  r.wall_s = wall_s;
  r.throughput = wall_s > 0 ? static_cast<double>(r.latencies_ms.size()) / wall_s : 0;
  r.cpu_user_s = cpu1.user - cpu0.user;
  r.cpu_system_s = cpu1.system - cpu0.system;
  r.cpu_percent = wall_s > 0 ? 100.0 * (r.cpu_user_s + r.cpu_system_s) / wall_s : 0;
  r.peak_rss_bytes = PeakRssBytes();
  r.items_per_s = r.throughput * static_cast<double>(r.items);
  r.ms_per_item = r.items > 0 ? r.stats.p50 / static_cast<double>(r.items) : 0;
}

int64_t CountedRuns(const BenchOptions& o) {
  if (o.runs > 0) return o.runs;
  return o.duration_s > 0 ? 0 : 100;
}

std::string Ms(double v) {
  char b[32];
  std::snprintf(b, sizeof b, v >= 100 ? "%.1f" : "%.3f", v);
  return b;
}

std::string Fixed1(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}

// Fixed-width text table: the first `left` columns left aligned, the rest right aligned.
std::string TextTable(const std::vector<std::vector<std::string>>& rows, size_t left = 1) {
  std::vector<size_t> w;
  for (const auto& r : rows) {
    if (w.size() < r.size()) w.resize(r.size(), 0);
    for (size_t i = 0; i < r.size(); ++i) w[i] = std::max(w[i], r[i].size());
  }
  std::string out;
  for (const auto& r : rows) {
    std::string line = " ";
    for (size_t i = 0; i < r.size(); ++i) {
      const std::string pad(w[i] - r[i].size(), ' ');
      line += " " + (i < left ? r[i] + pad : pad + r[i]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

nlohmann::json NoiseJson(const LatencyNoise& n) {
  return {{"spread_percent", n.spread_percent},
          {"noisy", n.noisy},
          {"cores", n.cores},
          {"busy_cores", n.busy_cores},
          {"loadavg1", n.loadavg1},
          {"runqueue_wait_percent", n.wait_percent},
          {"threads", n.threads},
          {"loaded", n.loaded},
          {"warnings", LatencyNoiseWarnings(n)}};
}

nlohmann::json StatsJson(const LatencyStats& s) {
  return {{"count", s.count},   {"min", s.min}, {"max", s.max}, {"mean", s.mean},
          {"stddev", s.stddev}, {"p10", s.p10}, {"p25", s.p25}, {"p50", s.p50},
          {"p75", s.p75},       {"p90", s.p90}, {"p95", s.p95}, {"p99", s.p99},
          {"p99_9", s.p999},    {"mad", s.mad}};
}

}  // namespace

std::string BenchConfig::ToString() const {
  std::string s = "level=" + level + " threads=" + std::to_string(threads);
  if (profile) s += " profile=on";
  if (executor != "sequential") s += " executor=" + executor;
  if (inter_op != 0) s += " inter-op=" + std::to_string(inter_op);
  for (const auto& [name, value] : dims) s += " " + name + "=" + std::to_string(value);
  return s;
}

int64_t BenchConfig::Items() const {
  int64_t n = 1;
  for (const auto& [name, value] : dims)
    n = value > 0 && n <= (int64_t{1} << 40) / value ? n * value : n;
  return n;
}

void MarkKnees(std::vector<BenchResult>* results) {
  std::map<std::tuple<std::string, int, bool>, std::vector<BenchResult*>> curves;
  for (BenchResult& r : *results) {
    r.knee = false;
    if (!r.config.dims.empty())
      curves[{r.config.level, r.config.threads, r.config.profile}].push_back(&r);
  }
  for (auto& [key, curve] : curves) {
    std::set<int64_t> counts;
    double best = 0;
    for (const BenchResult* r : curve) {
      counts.insert(r->items);
      best = std::max(best, r->items_per_s);
    }
    if (counts.size() < 3 || best <= 0) continue;
    BenchResult* knee = nullptr;
    for (BenchResult* r : curve) {
      if (r->items_per_s >= 0.9 * best && (!knee || r->items < knee->items)) knee = r;
    }
    if (knee) knee->knee = true;
  }
}

Expected<BenchConfig> ParseBenchConfig(const std::string& text, BenchConfig base) {
  const auto items = SplitOn(text, " ,;");
  if (items.empty()) return InvalidArgument("empty configuration (e.g. level=extended threads=2)");
  for (const auto& item : items) {
    const auto eq = item.find('=');
    if (eq == std::string::npos)
      return InvalidArgument("configuration item " + Quote(item) + " is not key=value");
    OL_RETURN_IF_ERROR(ApplySetting(item.substr(0, eq), item.substr(eq + 1), &base));
  }
  return base;
}

Expected<std::vector<BenchConfig>> ParseBenchSweep(const std::vector<std::string>& axes_text,
                                                   const BenchConfig& base) {
  std::vector<std::pair<std::string, std::vector<std::string>>> axes;
  for (const auto& text : axes_text) {
    for (const auto& axis : SplitOn(text, " ;")) {
      const auto eq = axis.find('=');
      if (eq == std::string::npos || eq == 0)
        return InvalidArgument("sweep axis " + Quote(axis) + " is not key=v1,v2,...");
      auto values = SplitOn(axis.substr(eq + 1), ",");
      if (values.empty()) return InvalidArgument("sweep axis " + Quote(axis) + " has no values");
      axes.emplace_back(axis.substr(0, eq), std::move(values));
    }
  }
  if (axes.empty())
    return InvalidArgument("empty sweep (e.g. level=disabled,extended threads=1,2)");
  std::vector<BenchConfig> configs = {base};
  for (const auto& [key, values] : axes) {
    std::vector<BenchConfig> next;
    for (const auto& c : configs) {
      for (const auto& v : values) {
        BenchConfig d = c;
        OL_RETURN_IF_ERROR(ApplySetting(key, v, &d));
        next.push_back(d);
      }
    }
    configs = std::move(next);
    if (configs.size() > 256) return InvalidArgument("sweep has more than 256 combinations");
  }
  return configs;
}

std::string FormatLatencyWithSpread(const LatencyStats& s) {
  return Ms(s.p50) + " ms (P10-P90 " + Ms(s.p10) + "-" + Ms(s.p90) + ", MAD " + Ms(s.mad) + ")";
}

Expected<BenchResult> BenchModelFile(const fs::path& model, const BenchConfig& config,
                                     const BenchOptions& options, const JobControl& job) {
  ResetPeakRss();
  if (!job.Report(Stage::kCreatingSession, 0)) return Cancelled("benchmark cancelled");
  OL_ASSIGN_OR_RETURN(Prepared p, Prepare(model, config, options));
  const int64_t counted = CountedRuns(options);
  RunCounter counter{job, counted > 0 ? counted + std::max(0, options.warmup - 1) : 0};
  OL_RETURN_IF_ERROR(Warm(p, options, &counter));
  const int64_t wait0 = ProcessRunQueueWaitNs();
  const CpuTimes cpu0 = ProcessCpu();
  const auto t0 = Clock::now();
  const double limit_ms = options.duration_s * 1000.0;
  while (counted > 0 ? static_cast<int64_t>(p.result.latencies_ms.size()) < counted
                     : p.result.latencies_ms.empty() || MsSince(t0) < limit_ms) {
    OL_ASSIGN_OR_RETURN(double ms, TimedRun(p));
    p.result.latencies_ms.push_back(ms);
    OL_RETURN_IF_ERROR(counter.Tick(Stage::kBenchmarking, MsSince(t0) / std::max(limit_ms, 1.0)));
  }
  const double wall_s = MsSince(t0) / 1000.0;
  const CpuTimes cpu1 = ProcessCpu();
  const double wait_s = WaitSeconds(wait0, ProcessRunQueueWaitNs());
  Finish(p.result, wall_s, cpu0, cpu1, Busier(p.load, SampleMachineLoad()), wait_s);
  NoteMemory(*p.session, p.result);
  return std::move(p.result);
}

Expected<std::pair<BenchResult, BenchResult>> BenchAlternating(const fs::path& model,
                                                               const BenchConfig& a,
                                                               const BenchConfig& b,
                                                               const BenchOptions& options,
                                                               const JobControl& job) {
  ResetPeakRss();
  if (!job.Report(Stage::kCreatingSession, 0)) return Cancelled("benchmark cancelled");
  OL_ASSIGN_OR_RETURN(Prepared pa, Prepare(model, a, options));
  OL_ASSIGN_OR_RETURN(Prepared pb, Prepare(model, b, options));
  const int64_t counted = CountedRuns(options);
  RunCounter counter{job, counted > 0 ? 2 * (counted + std::max(0, options.warmup - 1)) : 0};
  OL_RETURN_IF_ERROR(Warm(pa, options, &counter));
  OL_RETURN_IF_ERROR(Warm(pb, options, &counter));
  double wall_a = 0, wall_b = 0, wait_a = 0, wait_b = 0;
  CpuTimes cpu_a, cpu_b;
  const auto t0 = Clock::now();
  const double limit_ms = options.duration_s * 1000.0;
  auto one = [&](Prepared& p, double* wall, CpuTimes* cpu, double* wait) -> Status {
    const int64_t w0 = ProcessRunQueueWaitNs();
    const CpuTimes c0 = ProcessCpu();
    const auto s = Clock::now();
    OL_ASSIGN_OR_RETURN(double ms, TimedRun(p));
    *wall += MsSince(s) / 1000.0;
    const CpuTimes c1 = ProcessCpu();
    cpu->user += c1.user - c0.user;
    cpu->system += c1.system - c0.system;
    *wait += WaitSeconds(w0, ProcessRunQueueWaitNs());
    p.result.latencies_ms.push_back(ms);
    return counter.Tick(Stage::kBenchmarking, MsSince(t0) / std::max(limit_ms, 1.0));
  };
  while (counted > 0 ? static_cast<int64_t>(pb.result.latencies_ms.size()) < counted
                     : pb.result.latencies_ms.empty() || MsSince(t0) < limit_ms) {
    OL_RETURN_IF_ERROR(one(pa, &wall_a, &cpu_a, &wait_a));
    OL_RETURN_IF_ERROR(one(pb, &wall_b, &cpu_b, &wait_b));
  }
  const MachineLoad after = SampleMachineLoad();
  Finish(pa.result, wall_a, {}, cpu_a, Busier(pa.load, after), wait_a);
  Finish(pb.result, wall_b, {}, cpu_b, Busier(pb.load, after), wait_b);
  NoteMemory(*pa.session, pa.result);
  NoteMemory(*pb.session, pb.result);
  return std::make_pair(std::move(pa.result), std::move(pb.result));
}

std::string FormatParallelRegions(int regions, int side_by_side, bool decided, int timing_runs) {
  if (regions <= 0) return "";
  const std::string runs = std::to_string(timing_runs);
  if (!decided)
    return std::to_string(regions) + ", still being timed both ways (the first " + runs +
           " runs of these input shapes)";
  return std::to_string(side_by_side) + " of " + std::to_string(regions) + " run side by side, " +
         std::to_string(regions - side_by_side) +
         " one after another (each timed both ways over the first " + runs +
         " runs of these input shapes)";
}

std::string FormatBenchResult(const BenchResult& r) {
  const LatencyStats& s = r.stats;
  std::string out = r.model + "  (" + r.config.ToString() + ", " + std::to_string(r.threads) +
                    " thread(s) resolved)\n";
  std::vector<std::vector<std::string>> rows = {
      {"instruction set",
       r.cpu_isa + (MaxIsa() ? " (capped by ONNXLENS_MAX_ISA / --max-isa)" : "")},
      {"model load", Ms(r.load_ms) + " ms"},
      {"session creation", Ms(r.session_ms) + " ms"},
      {"first inference", Ms(r.first_run_ms) + " ms"},
      {"warm-up runs", std::to_string(r.warmup) + " (not counted)"},
      {"counted runs", std::to_string(s.count)},
      {"min", Ms(s.min) + " ms"},
      {"max", Ms(s.max) + " ms"},
      {"mean", Ms(s.mean) + " ms"},
      {"stddev", Ms(s.stddev) + " ms"},
      {"P10", Ms(s.p10) + " ms"},
      {"P50", Ms(s.p50) + " ms"},
      {"P90", Ms(s.p90) + " ms"},
      {"P95", Ms(s.p95) + " ms"},
      {"P99", Ms(s.p99) + " ms"},
      {"P99.9", Ms(s.p999) + " ms"},
      {"MAD", Ms(s.mad) + " ms (median absolute deviation)"},
      {"spread",
       Fixed1(r.noise.spread_percent) + " % (P10-P90 of P50)" + (r.noise.noisy ? " - noisy" : "")},
      {"machine load", std::to_string(r.noise.busy_cores) + " of " + std::to_string(r.noise.cores) +
                           " core(s) busy with other programs, load average " +
                           Fixed1(r.noise.loadavg1) + ", run-queue wait " +
                           Fixed1(r.noise.wait_percent) + " %"},
      {"throughput", Ms(r.throughput) + " inferences/s"},
      {"peak RSS", FormatBytes(static_cast<uint64_t>(r.peak_rss_bytes))},
      {"planned peak", r.planned_peak_bytes ? FormatBytes(r.planned_peak_bytes) + " (naive sum " +
                                                  FormatBytes(r.planned_naive_bytes) + ")"
                                            : std::string("none (memory patterns off)")},
      {"arena high-water", FormatBytes(r.arena_high_water_bytes)},
      {"CPU", Fixed1(r.cpu_percent) + " % of one core (user " + Ms(r.cpu_user_s) + " s, system " +
                  Ms(r.cpu_system_s) + " s)"},
  };
  if (r.parallel_regions > 0) {
    rows.push_back(
        {"parallel regions", FormatParallelRegions(r.parallel_regions, r.regions_side_by_side,
                                                   r.regions_decided, r.region_timing_runs)});
  }
  out += TextTable(rows, 2);
  for (const std::string& w : LatencyNoiseWarnings(r.noise)) out += "warning: " + w + "\n";
  return out;
}

std::string FormatBenchTable(const std::vector<BenchResult>& results) {
  // The free dimensions some configuration sets: a column each, then per-item figures.
  std::set<std::string> dim_names;
  bool any_knee = false, any_parallel = false;
  for (const auto& r : results) {
    for (const auto& [name, value] : r.config.dims) dim_names.insert(name);
    any_knee |= r.knee;
    any_parallel |= r.config.executor != "sequential";
  }
  std::vector<std::string> header = {"level", "threads", "profile"};
  if (any_parallel) header.push_back("executor");
  header.insert(header.end(), dim_names.begin(), dim_names.end());
  for (const char* h :
       {"session ms", "first ms", "min", "P10", "P50", "P90", "P99", "mean", "spread %", "inf/s"})
    header.push_back(h);
  if (!dim_names.empty()) {
    header.push_back("ms/item");
    header.push_back("items/s");
  }
  header.push_back("peak RSS");
  header.push_back("CPU %");
  std::vector<std::vector<std::string>> rows = {header};
  for (const auto& r : results) {
    const LatencyStats& s = r.stats;
    std::vector<std::string> row = {r.config.level, std::to_string(r.threads),
                                    r.config.profile ? "on" : "off"};
    if (any_parallel) row.push_back(r.config.executor);
    for (const std::string& name : dim_names) {
      auto it = r.config.dims.find(name);
      row.push_back(it == r.config.dims.end() ? "-" : std::to_string(it->second));
    }
    for (double v : {r.session_ms, r.first_run_ms, s.min, s.p10, s.p50, s.p90, s.p99, s.mean})
      row.push_back(Ms(v));
    row.push_back(Fixed1(r.noise.spread_percent) + (r.noise.noisy ? "!" : ""));
    row.push_back(Ms(r.throughput));
    if (!dim_names.empty()) {
      row.push_back(Ms(r.ms_per_item));
      row.push_back(Ms(r.items_per_s));
    }
    row.push_back(FormatBytes(static_cast<uint64_t>(r.peak_rss_bytes)));
    row.push_back(Fixed1(r.cpu_percent));
    if (any_knee) row.push_back(r.knee ? "<- knee" : "");
    rows.push_back(std::move(row));
  }
  std::string out =
      TextTable(rows, 1) + "  latencies in ms over the counted runs (warm-up excluded)\n";
  out += "  spread: (P90 - P10) / P50; ! marks a row too noisy to compare (over " +
         Fixed1(kNoisySpreadPercent) + " %)\n";
  std::set<std::string> warned;
  for (const auto& r : results) {
    LatencyNoise n = r.noise;
    n.noisy = false;  // marked per row above
    for (const std::string& w : LatencyNoiseWarnings(n))
      if (warned.insert(w.substr(0, 40)).second) out += "warning: " + w + "\n";
  }
  bool any_noisy = false;
  for (const auto& r : results) any_noisy |= r.noise.noisy;
  if (any_noisy)
    out += "warning: noisy rows (!) - close other programs or use --threads 1, then compare\n";
  if (!dim_names.empty()) {
    out +=
        "  items per run: the product of the swept dimensions (batch=8: 8); ms/item = P50 / "
        "items\n";
  }
  if (any_knee) {
    out +=
        "  knee: the fewest items reaching 90% of the best items/s at the same level and "
        "threads; larger sizes add latency for little throughput\n";
  }
  return out;
}

std::string FormatBenchComparison(const BenchResult& a, const BenchResult& b) {
  std::vector<std::vector<std::string>> rows = {{"ms", "A", "B", "B/A"}};
  auto row = [&](const char* name, double x, double y) {
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.3f", x > 0 ? y / x : 0.0);
    rows.push_back({name, Ms(x), Ms(y), ratio});
  };
  row("min", a.stats.min, b.stats.min);
  row("P10", a.stats.p10, b.stats.p10);
  row("P50", a.stats.p50, b.stats.p50);
  row("P90", a.stats.p90, b.stats.p90);
  row("P95", a.stats.p95, b.stats.p95);
  row("P99", a.stats.p99, b.stats.p99);
  row("P99.9", a.stats.p999, b.stats.p999);
  row("mean", a.stats.mean, b.stats.mean);
  row("max", a.stats.max, b.stats.max);
  row("MAD", a.stats.mad, b.stats.mad);
  row("session", a.session_ms, b.session_ms);
  rows.push_back({"spread %", Fixed1(a.noise.spread_percent), Fixed1(b.noise.spread_percent), ""});
  std::string out = "A: " + a.config.ToString() + "\nB: " + b.config.ToString() + "\n" +
                    "alternating A B A B ..., " + std::to_string(b.stats.count) +
                    " counted runs each\n";
  out += TextTable(rows) + "  B/A < 1: B is faster\n";
  const LatencyDifference d = CompareLatencies(a.latencies_ms, b.latencies_ms);
  if (d.verdict == LatencyVerdict::kWithinNoise)
    out += "  P50 differs by " + Fixed1(d.change_percent) + " %, within the runs' noise\n";
  for (const std::string& w : LatencyNoiseWarnings(CombineLatencyNoise(a.noise, b.noise)))
    out += "warning: " + w + "\n";
  return out;
}

std::string BenchCsv(const std::vector<BenchResult>& results) {
  std::ostringstream o;
  o << "model,level,threads,profile,load_ms,session_ms,first_run_ms,warmup,runs,min_ms,max_ms,"
       "mean_ms,stddev_ms,p50_ms,p90_ms,p95_ms,p99_ms,p99_9_ms,throughput,peak_rss_bytes,"
       "cpu_percent,dims,items,items_per_s,ms_per_item,knee,p10_ms,mad_ms,spread_percent,noisy,"
       "busy_cores,loaded\n";
  for (const auto& r : results) {
    const LatencyStats& s = r.stats;
    std::string model = r.model;
    if (model.find_first_of(",\"\n") != std::string::npos) {
      std::string q = "\"";
      for (char c : model) q += c == '"' ? std::string("\"\"") : std::string(1, c);
      model = q + "\"";
    }
    o << model << ',' << r.config.level << ',' << r.threads << ','
      << (r.config.profile ? "on" : "off") << ',' << r.load_ms << ',' << r.session_ms << ','
      << r.first_run_ms << ',' << r.warmup << ',' << s.count << ',' << s.min << ',' << s.max << ','
      << s.mean << ',' << s.stddev << ',' << s.p50 << ',' << s.p90 << ',' << s.p95 << ',' << s.p99
      << ',' << s.p999 << ',' << r.throughput << ',' << r.peak_rss_bytes << ',' << r.cpu_percent
      << ',';
    std::string dims;  // "batch=8 sequence=128": no comma, no quoting needed
    for (const auto& [name, value] : r.config.dims)
      dims += (dims.empty() ? "" : " ") + name + "=" + std::to_string(value);
    o << dims << ',' << r.items << ',' << r.items_per_s << ',' << r.ms_per_item << ','
      << (r.knee ? "yes" : "no") << ',' << s.p10 << ',' << s.mad << ',' << r.noise.spread_percent
      << ',' << (r.noise.noisy ? "yes" : "no") << ',' << r.noise.busy_cores << ','
      << (r.noise.loaded ? "yes" : "no") << '\n';
  }
  return o.str();
}

nlohmann::json BenchToJson(const std::vector<BenchResult>& results, bool alternating) {
  nlohmann::json j;
  j["schema"] = "onnxlens.bench/1";
  j["alternating"] = alternating;
  j["results"] = nlohmann::json::array();
  for (const auto& r : results) {
    j["results"].push_back(
        {{"model", r.model},
         {"inputs", r.inputs},
         {"outputs", r.outputs},
         {"input_types", r.input_types},
         {"config",
          {{"level", r.config.level},
           {"threads", r.config.threads},
           {"profile", r.config.profile},
           {"executor", r.config.executor},
           {"inter_op", r.config.inter_op},
           {"dims", r.config.dims}}},
         {"items", r.items},
         {"items_per_s", r.items_per_s},
         {"ms_per_item", r.ms_per_item},
         {"knee", r.knee},
         {"threads", r.threads},
         {"cpu_isa", r.cpu_isa},
         {"load_ms", r.load_ms},
         {"session_ms", r.session_ms},
         {"first_run_ms", r.first_run_ms},
         {"warmup", r.warmup},
         {"latency_ms", StatsJson(r.stats)},
         {"latencies_ms", r.latencies_ms},
         {"wall_s", r.wall_s},
         {"throughput", r.throughput},
         {"cpu",
          {{"user_s", r.cpu_user_s}, {"system_s", r.cpu_system_s}, {"percent", r.cpu_percent}}},
         {"peak_rss_bytes", r.peak_rss_bytes},
         {"planned_peak_bytes", r.planned_peak_bytes},
         {"planned_naive_bytes", r.planned_naive_bytes},
         {"arena_high_water_bytes", r.arena_high_water_bytes}});
    if (r.parallel_regions > 0) {
      j["results"].back()["parallel_regions"] = {{"regions", r.parallel_regions},
                                                 {"side_by_side", r.regions_side_by_side},
                                                 {"decided", r.regions_decided},
                                                 {"timing_runs", r.region_timing_runs}};
    }
    if (!r.chosen_dims.empty()) j["results"].back()["chosen_dims"] = r.chosen_dims;
    j["results"].back()["noise"] = NoiseJson(r.noise);
  }
  if (alternating && results.size() == 2) {
    const LatencyStats &a = results[0].stats, &b = results[1].stats;
    auto ratio = [](double x, double y) { return x > 0 ? y / x : 0.0; };
    j["ratio_b_over_a"] = {{"min", ratio(a.min, b.min)},    {"p50", ratio(a.p50, b.p50)},
                           {"p90", ratio(a.p90, b.p90)},    {"p95", ratio(a.p95, b.p95)},
                           {"p99", ratio(a.p99, b.p99)},    {"p99_9", ratio(a.p999, b.p999)},
                           {"mean", ratio(a.mean, b.mean)}, {"max", ratio(a.max, b.max)}};
  }
  return j;
}

}  // namespace onnxlens::api
