// `onnxlens-cli profile MODEL [--level L] [--threads N] [--warmup N] [--runs N | --duration S]
//  [--inputs DIR | --random
//  [--seed N]] [-o TRACE.json] [--summary] [--top N]` and `onnxlens-cli trace-summary TRACE.json
//  [--top N]` (reads ONNX Runtime's profile files too).
#include <cstdio>
#include <cstdlib>

#include "api/profile.h"
#include "api/trace.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "common/strings.h"

namespace onnxlens::cli {

namespace {

// ReadIntOption, printing its error.
bool ReadCount(const Args& args, const char* flag, int min, int* out) {
  const Status st = ReadIntOption(args, flag, min, out);
  if (!st.ok()) PrintError(st.message());
  return st.ok();
}

}  // namespace

int RunProfile(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, {"--summary", "--random"},
                          {"--level", "--threads", "--runs", "--warmup", "--duration", "--inputs",
                           "--seed", "-o", "--top"});
  if (!args.ok()) {
    PrintError(args.status().message());
    return kExitUsage;
  }
  if (args->positionals().size() != 1) {
    PrintError("profile takes exactly one MODEL");
    return kExitUsage;
  }
  api::ProfileOptions opt;
  int top = 20;
  if (!ReadCount(*args, "--threads", 0, &opt.threads) ||
      !ReadCount(*args, "--runs", 1, &opt.runs) || !ReadCount(*args, "--warmup", 0, &opt.warmup) ||
      !ReadCount(*args, "--top", 1, &top))
    return kExitUsage;
  if (auto v = args->Get("--duration")) {
    char* end = nullptr;
    opt.duration_s = std::strtod(v->c_str(), &end);
    if (end == v->c_str() || *end != '\0' || !(opt.duration_s > 0) || opt.duration_s > 3600) {
      PrintError("--duration is seconds, more than 0 and at most 3600, got " + Quote(*v));
      return kExitUsage;
    }
    if (args->Get("--runs")) {
      PrintError("--runs and --duration exclude each other");
      return kExitUsage;
    }
  }
  if (auto v = args->Get("--level")) opt.level = *v;
  if (auto v = args->Get("--inputs")) {
    if (args->Has("--random")) {
      PrintError("--inputs and --random exclude each other");
      return kExitUsage;
    }
    opt.inputs_dir = *v;
  }
  if (auto v = args->Get("--seed")) opt.seed = std::strtoull(v->c_str(), nullptr, 10);
  const std::string model = args->positionals()[0];
  auto result = api::ProfileModelFile(model, opt);
  if (!result.ok()) {
    PrintError(result.status().message());
    return kExitFailure;
  }
  if (auto out = args->Get("-o")) {
    Status st = api::WriteTraceFile(*out, result->events, result->metadata);
    if (!st.ok()) {
      PrintError(st.message());
      return kExitFailure;
    }
    std::printf("wrote %s (%zu events); open it in https://ui.perfetto.dev or chrome://tracing\n",
                out->c_str(), result->events.size());
  }
  if (args->Has("--summary") || !args->Get("-o")) {
    std::printf("%s", api::FormatTraceSummary(result->summary, static_cast<size_t>(top)).c_str());
  }
  return kExitOk;
}

int RunTraceSummary(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, {}, {"--top"});
  if (!args.ok()) {
    PrintError(args.status().message());
    return kExitUsage;
  }
  if (args->positionals().size() != 1) {
    PrintError("trace-summary takes exactly one TRACE.json");
    return kExitUsage;
  }
  int top = 20;
  if (!ReadCount(*args, "--top", 1, &top)) return kExitUsage;
  auto trace = api::ReadTraceFile(args->positionals()[0]);
  if (!trace.ok()) {
    PrintError(trace.status().message());
    return kExitFailure;
  }
  if (trace->skipped > 0) {
    std::fprintf(stderr, "onnxlens-cli: warning: skipped %lld event(s): %s\n",
                 static_cast<long long>(trace->skipped),
                 Join(trace->skipped_reasons, "; ").c_str());
  }
  const profiling::TraceSummary s = api::SummarizeTrace(trace->events);
  if (s.node_events == 0) {
    PrintError(args->positionals()[0] +
               ": no node kernel events (\"<node>_kernel_time\", cat Node)");
    return kExitFailure;
  }
  std::printf("%s", api::FormatTraceSummary(s, static_cast<size_t>(top)).c_str());
  return kExitOk;
}

}  // namespace onnxlens::cli
