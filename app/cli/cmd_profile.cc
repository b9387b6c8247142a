// `onnxlens-cli profile` (run with the profiler, write the trace, print summaries) and
// `trace-summary` (reads ONNX Runtime's profile files too); options: main.cc.
#include <cstdio>

#include "api/profile.h"
#include "api/trace.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"
#include "common/file_util.h"
#include "common/strings.h"

namespace onnxlens::cli {

int RunProfile(const ProfileArgs& args) {
  if (!args.trace.empty() &&
      OutputRefused(args.model, args.trace, args.force, {{"--inputs", args.options.inputs_dir}}))
    return kExitFailure;
  ProgressBar bar;
  auto result = api::ProfileModelFile(args.model, args.options, bar.Job());
  bar.Done();
  if (!result.ok()) {
    PrintError(result.status().message());
    return kExitFailure;
  }
  PrintChosenDims(result->chosen_dims);
  if (!result->parallel_regions.empty())
    std::printf("parallel regions: %s\n", result->parallel_regions.c_str());
  for (const std::string& line : result->parallel_region_lines) std::printf("  %s\n", line.c_str());
  if (!args.trace.empty()) {
    WritePolicy policy = result->trace_policy;
    policy.force = args.force;
    Status st = CheckWritePolicy(args.trace, policy);
    if (st.ok()) st = api::WriteTraceFile(args.trace, result->events, result->metadata, bar.Job());
    bar.Done();
    if (!st.ok()) {
      PrintError(st.message());
      return kExitFailure;
    }
    std::printf("wrote %s (%zu events); open it in https://ui.perfetto.dev or chrome://tracing\n",
                args.trace.c_str(), result->events.size());
  }
  if (args.summary || args.trace.empty()) {
    std::printf("%s",
                api::FormatTraceSummary(result->summary, static_cast<size_t>(args.top)).c_str());
  }
  return kExitOk;
}

int RunTraceSummary(const TraceSummaryArgs& args) {
  ProgressBar bar;
  auto trace = api::ReadTraceFile(args.trace, bar.Job());
  bar.Done();
  if (!trace.ok()) {
    PrintError(trace.status().message());
    return kExitFailure;
  }
  if (trace->skipped > 0) {
    std::fprintf(stderr, "onnxlens-cli: warning: skipped %lld event(s): %s\n",
                 static_cast<long long>(trace->skipped),
                 Join(trace->skipped_reasons, "; ").c_str());
  }
  if (trace->shortened > 0) {
    std::fprintf(stderr,
                 "onnxlens-cli: warning: %lld text(s) over 64 KiB shortened or argument(s) over "
                 "65,536 values left out\n",
                 static_cast<long long>(trace->shortened));
  }
  const profiling::TraceSummary s = api::SummarizeTrace(trace->events);
  if (s.node_events == 0) {
    PrintError(args.trace + ": no node kernel events (\"<node>_kernel_time\", cat Node)");
    return kExitFailure;
  }
  std::printf("%s", api::FormatTraceSummary(s, static_cast<size_t>(args.top)).c_str());
  return kExitOk;
}

}  // namespace onnxlens::cli
