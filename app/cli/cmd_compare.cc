// `onnxlens-cli compare`: accuracy of model B against model A on the same inputs (options:
// main.cc).
#include <cstdio>
#include <nlohmann/json.hpp>

#include "api/accuracy.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"
#include "common/strings.h"

namespace onnxlens::cli {

namespace {

std::string Sqnr(double db) {
  if (db >= api::kExactSqnr) return "exact";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", db);
  return buf;
}

}  // namespace

int RunCompare(const CompareArgs& args) {
  ProgressBar bar(!args.json);
  JobControl job = bar.Job();
  auto report = api::CompareModelFiles(args.a, args.b, args.request, job);
  bar.Done();
  if (!report.ok()) {
    PrintError(report.status().message());
    return kExitFailure;
  }
  const api::CompareModelsReport& r = *report;
  // On stderr whatever the output format (as quantize's warnings): the figures that follow compare
  // models that are not versions of one another.
  if (!r.unrelated.empty())
    std::fprintf(stderr,
                 "onnxlens-cli: warning: %s does not look like a float / quantized version of %s: "
                 "%s\n",
                 Quote(r.b).c_str(), Quote(r.a).c_str(), Join(r.unrelated, "; ").c_str());
  if (args.json) {
    PrintJson(api::ToJson(r));
    return kExitOk;
  }
  std::printf("A %s (%llu bytes)\nB %s (%llu bytes, %.2fx)\n%lld %ssample(s)\n\n", r.a.c_str(),
              static_cast<unsigned long long>(r.bytes_a), r.b.c_str(),
              static_cast<unsigned long long>(r.bytes_b),
              r.bytes_a ? static_cast<double>(r.bytes_b) / r.bytes_a : 0.0,
              static_cast<long long>(r.samples), r.random_inputs ? "RANDOM " : "");
  if (r.latency_runs > 0) {
    std::printf(
        "P50 A %s, B %s\n    %.2fx; %d timed runs each, alternated, on the first sample, level "
        "%s\n",
        api::FormatLatencyWithSpread(r.latency_a).c_str(),
        api::FormatLatencyWithSpread(r.latency_b).c_str(),
        r.p50_ms_a > 0 ? r.p50_ms_b / r.p50_ms_a : 0.0, r.latency_runs, r.latency_level.c_str());
    for (const std::string& w : api::LatencyNoiseWarnings(r.latency_noise))
      std::printf("warning: %s\n", w.c_str());
    std::printf("\n");
  }
  std::printf("  %-28s %12s %12s %10s %9s %7s %7s\n", "output", "max |err|", "mean |err|", "cosine",
              "SQNR dB", "top-1", "top-5");
  for (const auto& o : r.outputs) {
    if (!o.problem.empty()) {
      std::printf("  %-28s not compared: %s\n", o.name.c_str(), o.problem.c_str());
      continue;
    }
    std::printf("  %-28s %12.4g %12.4g %10.6f %9s", o.name.c_str(), o.stats.max_abs,
                o.stats.mean_abs, o.stats.cosine, Sqnr(o.stats.sqnr_db).c_str());
    if (o.classifier) std::printf(" %6.1f%% %6.1f%%", 100 * o.top1, 100 * o.top5);
    std::printf("\n");
  }
  if (!r.layers.empty()) {
    std::printf("\nlayers (A's tensor vs B's counterpart), worst SQNR first:\n");
    std::printf("  %-40s %-10s %10s %9s %12s\n", "tensor", "match", "cosine", "SQNR dB",
                "max |err|");
    int shown = 0;
    for (const auto& l : r.layers) {
      if (shown++ >= args.top) break;
      std::printf("  %-40s %-10s %10.6f %9s %12.4g\n", l.tensor.c_str(), l.match.c_str(),
                  l.stats.cosine, Sqnr(l.stats.sqnr_db).c_str(), l.stats.max_abs);
    }
    if (static_cast<int>(r.layers.size()) > args.top)
      std::printf("  ... %zu more (--top N)\n", r.layers.size() - args.top);
  }
  return kExitOk;
}

}  // namespace onnxlens::cli
