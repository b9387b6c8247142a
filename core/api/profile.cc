// Profile a model file.
#include "api/profile.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "api/bench.h"
#include "api/internal/inputs.h"
#include "api/run.h"
#include "common/cpu_isa.h"
#include "common/file_util.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "profiling/profiler.h"
#include "profiling/summary.h"
#include "providers/provider_factory.h"
#include "runtime/session.h"

namespace onnxlens::api {

Expected<ProfileResult> ProfileModelFile(const std::filesystem::path& path,
                                         const ProfileOptions& options, const JobControl& job) {
  if (options.runs < 1 && options.duration_s <= 0)
    return InvalidArgument("--runs must be at least 1");
  if (options.warmup < 0) return InvalidArgument("--warmup must be at least 0");
  // Loading and session creation take the first 5 %, warm-up the next 5 %.
  auto profiler = std::make_shared<profiling::Profiler>();
  const double load_start = profiler->NowUs();
  InputRequest req;
  req.inputs_dir = options.inputs_dir;
  req.seed = options.seed;
  req.dims = options.dims;
  req.ranges = options.ranges;
  req.providers = options.providers;
  req.max_memory_bytes = options.max_memory_bytes;
  OL_ASSIGN_OR_RETURN(ModelForRun prepared, LoadModelForRun(path, req, job.Slice(0, 0.03)));
  profiler->AddComplete("model_loading_uri", "Session", load_start, profiler->NowUs(),
                        {{"uri", path.string(), false}});
  std::shared_ptr<const ir::Model> model = prepared.model;
  runtime::SessionOptions so;
  so.optimization_level = options.level;
  so.intra_op_threads = options.threads;
  OL_ASSIGN_OR_RETURN(so.executor, runtime::ParseExecutor(options.executor));
  so.inter_op_threads = options.inter_op;
  so.providers = options.providers;
  so.max_memory_bytes = options.max_memory_bytes;
  if (options.max_loop_iterations >= 0) so.max_loop_iterations = options.max_loop_iterations;
  so.run_timeout_seconds = options.timeout_seconds;
  so.enable_arena = options.enable_arena;
  so.enable_mem_pattern = options.enable_mem_pattern;
  so.enable_profiling = true;
  so.profiler = profiler;
  if (!job.Report(Stage::kCreatingSession, 0.03)) return Cancelled("profiling cancelled");
  OL_ASSIGN_OR_RETURN(auto session, runtime::Session::Create(model, so));
  OL_ASSIGN_OR_RETURN(auto inputs,
                      MakeInputs(*session, options.inputs_dir, options.seed, prepared.ranges));
  // Loading and session creation stay in the trace; warm-up runs do not.
  std::vector<profiling::TraceEvent> setup;
  if (options.warmup > 0) {
    setup = profiler->Events();
    for (int i = 0; i < options.warmup; ++i) {
      if (!job.Report(Stage::kWarmingUp, 0.05 + 0.05 * i / options.warmup,
                      std::to_string(i + 1) + "/" + std::to_string(options.warmup)))
        return Cancelled("profiling cancelled");
      OL_RETURN_IF_ERROR(session->Run(inputs, &job.cancel).status());
    }
    profiler->Clear();
  }
  int runs = 0;
  const double start_us = profiler->NowUs();
  const double budget_us = options.duration_s * 1e6;
  constexpr int kMaxRuns = 1000000;
  for (;;) {
    const double done = budget_us > 0 ? (profiler->NowUs() - start_us) / budget_us
                                      : static_cast<double>(runs) / options.runs;
    if (budget_us > 0 ? (runs > 0 && done >= 1) || runs >= kMaxRuns : runs >= options.runs) break;
    const std::string detail = budget_us > 0
                                   ? std::to_string(runs + 1)
                                   : std::to_string(runs + 1) + "/" + std::to_string(options.runs);
    if (!job.Report(Stage::kProfiling, 0.1 + 0.9 * std::min(1.0, done), detail))
      return Cancelled("profiling cancelled");
    OL_RETURN_IF_ERROR(session->Run(inputs, &job.cancel).status());
    ++runs;
  }
  ProfileResult result;
  result.chosen_dims = prepared.chosen;
  result.events = profiler->Events();
  if (!setup.empty()) {
    // Metadata stays first; the setup events (earlier than every run) follow it.
    auto first_complete = std::find_if(result.events.begin(), result.events.end(),
                                       [](const profiling::TraceEvent& e) { return e.ph != 'M'; });
    std::vector<profiling::TraceEvent> before;
    for (auto& e : setup)
      if (e.ph != 'M') before.push_back(std::move(e));
    result.events.insert(first_complete, std::make_move_iterator(before.begin()),
                         std::make_move_iterator(before.end()));
  }
  // The file's fingerprint beside its path: Compare Runs tells runs of different models apart
  // by both (every corpus file is named model.onnx; a file re-exported keeps its path).
  Expected<std::string> fingerprint = FileFingerprint(path);
  result.metadata = {{"model", path.string()},
                     {"level", options.level},
                     {"threads", std::to_string(session->threads())},
                     {"cpu_isa", std::string(IsaName(EffectiveIsa()))},
                     {"runs", std::to_string(runs)},
                     {"warmup", std::to_string(options.warmup)}};
  if (fingerprint.ok()) result.metadata.emplace_back("model_fingerprint", *fingerprint);
  if (session->inter_op_threads() > 1) {
    result.metadata.emplace_back("executor", "parallel");
    result.metadata.emplace_back("inter_op_threads", std::to_string(session->inter_op_threads()));
    const runtime::ParallelRegions regions = session->parallel_regions();
    result.parallel_regions = FormatParallelRegions(regions.regions, regions.side_by_side,
                                                    regions.decided, regions.calibration_runs);
    if (!result.parallel_regions.empty())
      result.metadata.emplace_back("parallel_regions", result.parallel_regions);
    for (const auto& d : regions.detail) {
      char line[160];
      std::snprintf(line, sizeof line, "side by side %.0f us, one after another %.0f us: %s",
                    d.side_by_side_us, d.one_after_another_us,
                    d.side_by_side ? "side by side" : "one after another");
      result.parallel_region_lines.push_back(d.first_step + " ...: " + line);
    }
  }
  // The order the session used (the reference fallback appended), so that a saved trace says
  // which providers made it and Compare Runs can name them.
  auto order = providers::ResolveProviderOrder(options.providers);
  if (order.ok()) result.metadata.emplace_back("providers", Join(*order, ","));
  // The free dimensions of random inputs, given (--dim) and chosen: what the timings are for.
  if (options.inputs_dir.empty()) {
    DimOverrides dims = options.dims;
    dims.insert(prepared.chosen.begin(), prepared.chosen.end());
    if (!dims.empty()) result.metadata.emplace_back("input_dims", FormatDimOverrides(dims));
  }
  result.summary = profiling::Summarize(result.events);
  result.trace_policy.read.push_back({path, "the model"});
  for (const auto& f : prepared.loaded.external_files)
    result.trace_policy.read.push_back({f, "external data of the model"});
  AddInputFolder(&result.trace_policy, options.inputs_dir, "--inputs");
  return result;
}

std::vector<OpTimeComparison> CompareOpTimes(const profiling::TraceSummary& a,
                                             const profiling::TraceSummary& b) {
  std::map<std::string, OpTimeComparison> rows;
  auto add = [&rows](const profiling::TraceSummary& s, bool first) {
    const double runs = s.runs > 0 ? static_cast<double>(s.runs) : 1.0;
    for (const profiling::SummaryRow& r : s.by_op) {
      OpTimeComparison& c = rows[r.key];
      c.op = r.key;
      (first ? c.a_ms : c.b_ms) = r.total_us / 1e3 / runs;
      (first ? c.a_calls : c.b_calls) = static_cast<double>(r.count) / runs;
    }
  };
  add(a, true);
  add(b, false);
  std::vector<OpTimeComparison> out;
  for (auto& [op, c] : rows) out.push_back(std::move(c));
  std::stable_sort(out.begin(), out.end(),
                   [](const OpTimeComparison& x, const OpTimeComparison& y) {
                     return std::max(x.a_ms, x.b_ms) > std::max(y.a_ms, y.b_ms);
                   });
  return out;
}

}  // namespace onnxlens::api
