// Profile a model file.
#include "api/profile.h"

#include <algorithm>
#include <map>

#include "api/internal/inputs.h"
#include "api/run.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "profiling/profiler.h"
#include "runtime/session.h"

namespace onnxlens::api {

Expected<ProfileResult> ProfileModelFile(const std::filesystem::path& path,
                                         const ProfileOptions& options) {
  if (options.runs < 1 && options.duration_s <= 0)
    return InvalidArgument("--runs must be at least 1");
  if (options.warmup < 0) return InvalidArgument("--warmup must be at least 0");
  auto keep_going = [&options](double fraction, const char* stage) {
    return !options.progress || options.progress(std::min(1.0, fraction), stage);
  };
  if (!keep_going(0, "loading")) return Cancelled("profiling cancelled");
  auto profiler = std::make_shared<profiling::Profiler>();
  const double load_start = profiler->NowUs();
  OL_ASSIGN_OR_RETURN(onnx_io::LoadedModel loaded, onnx_io::LoadModelFile(path));
  profiler->AddComplete("model_loading_uri", "Session", load_start, profiler->NowUs(),
                        {{"uri", path.string(), false}});
  std::shared_ptr<const ir::Model> model(std::move(loaded.model));
  runtime::SessionOptions so;
  so.optimization_level = options.level;
  so.intra_op_threads = options.threads;
  so.providers = options.providers;
  so.enable_profiling = true;
  so.profiler = profiler;
  OL_ASSIGN_OR_RETURN(auto session, runtime::Session::Create(model, so));
  OL_ASSIGN_OR_RETURN(auto inputs, MakeInputs(*session, options.inputs_dir, options.seed));
  // Loading and session creation stay in the trace; warm-up runs do not.
  std::vector<profiling::TraceEvent> setup;
  if (options.warmup > 0) {
    setup = profiler->Events();
    for (int i = 0; i < options.warmup; ++i) {
      if (!keep_going(0, "warming up")) return Cancelled("profiling cancelled");
      OL_RETURN_IF_ERROR(session->Run(inputs).status());
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
    if (!keep_going(done, "profiling")) return Cancelled("profiling cancelled");
    OL_RETURN_IF_ERROR(session->Run(inputs).status());
    ++runs;
  }
  ProfileResult result;
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
  result.metadata = {{"model", path.string()},
                     {"level", options.level},
                     {"threads", std::to_string(session->threads())},
                     {"runs", std::to_string(runs)},
                     {"warmup", std::to_string(options.warmup)}};
  result.summary = profiling::Summarize(result.events);
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
