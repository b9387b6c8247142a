// `onnxlens-cli optimize`: steps, op table, verification, export, or the pass list (options:
// main.cc).
#include <cstdio>
#include <nlohmann/json.hpp>

#include "api/optimize.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"
#include "common/strings.h"

namespace onnxlens::cli {

namespace {

void PrintPassList() {
  for (const auto& p : api::ListOptimizerPasses()) {
    std::printf("  %-9s %-34s %s%s\n", p.level.c_str(), p.name.c_str(), p.summary.c_str(),
                p.contrib ? " [com.microsoft]" : "");
  }
}

}  // namespace

int RunOptimize(const OptimizeArgs& args) {
  if (args.list) {
    PrintPassList();
    return kExitOk;
  }
  const api::OptimizeRequest& req = args.request;
  if (!req.output.empty() &&
      OutputRefused(args.model, req.output, req.force, {{"--inputs", req.inputs_dir}}))
    return kExitFailure;
  ProgressBar bar(!args.json);
  auto report = api::OptimizeModelFile(args.model, args.request, bar.Job());
  bar.Done();
  if (!report.ok()) {
    PrintError(report.status().message());
    return kExitFailure;
  }
  const api::OptimizeReport& r = *report;
  if (args.json) {
    PrintJson(api::ToJson(r));
    return r.verify.ran && !r.verify.ok ? kExitFailure : kExitOk;
  }
  std::printf("%s: level %s, %lld -> %lld nodes in %.1f ms (%zu step(s)%s)\n", r.model.c_str(),
              r.level.c_str(), static_cast<long long>(r.nodes_before),
              static_cast<long long>(r.nodes_after), r.millis, r.steps.size(),
              r.stopped_early ? ", stopped early" : "");
  if (!r.outputs_removed.empty() || !r.outputs_added.empty()) {
    std::printf("outputs: %s%s%s%s; pruning removed %lld node(s) and %lld initializer(s)\n",
                r.outputs_removed.empty() ? "" : "removed ", Join(r.outputs_removed, ", ").c_str(),
                !r.outputs_removed.empty() && !r.outputs_added.empty() ? "; " : "",
                r.outputs_added.empty() ? "" : ("added " + Join(r.outputs_added, ", ")).c_str(),
                static_cast<long long>(r.pruned_nodes),
                static_cast<long long>(r.pruned_initializers));
  }
  if (args.steps) {
    std::printf("\n  %4s  %-34s %-9s %5s %8s %6s %6s %9s %7s %9s %12s\n", "step", "pass", "level",
                "round", "removed", "added", "fused", "modified", "nodes", "ms", "initializers");
    for (const auto& s : r.steps) {
      const std::string inits =
          s.initializers_removed ? "-" + std::to_string(s.initializers_removed) : "";
      std::printf("  %4d  %-34s %-9s %5d %8d %6d %6d %9d %7lld %9.2f %12s\n", s.index,
                  s.pass.c_str(), s.level.c_str(), s.round, s.removed, s.added, s.fused, s.modified,
                  static_cast<long long>(s.nodes_after), s.millis, inits.c_str());
    }
  }
  // An output edit always shows the op table: it is how the user sees what pruning removed.
  const bool edited = !r.outputs_removed.empty() || !r.outputs_added.empty();
  if (args.table || edited) std::printf("\n%s", api::FormatOpTable(r).c_str());
  if (args.request.dump) std::printf("\n%s", r.text.c_str());
  if (r.verify.ran) {
    std::printf("\nverify (rtol 1e-3, atol 1e-4): %s\n",
                r.verify.ok ? "outputs match" : "OUTPUTS DIFFER");
    for (const auto& o : r.verify.outputs) {
      std::printf("  %-28s %s  max |diff| %.3g  max rel %.3g  cosine %.6f%s%s\n", o.name.c_str(),
                  o.ok ? "ok  " : "FAIL", o.max_abs_diff, o.max_rel_diff, o.cosine,
                  o.reason.empty() ? "" : "  ", o.reason.c_str());
    }
    if (!r.verify.ok) {
      if (!r.verify.culprit_pass.empty())
        std::printf("  first differing step: %d (%s), found by bisection in %d runs\n",
                    r.verify.culprit_step, r.verify.culprit_pass.c_str(), r.verify.runs);
      else
        std::printf("  no single step reproduces the difference\n");
    }
  }
  if (!r.written.empty()) {
    std::printf("\nwrote %s (%s format); ONNX checker: %s\n", r.written.c_str(), r.format.c_str(),
                r.checker_passed ? "passed" : r.checker_message.c_str());
  }
  return r.verify.ran && !r.verify.ok ? kExitFailure : kExitOk;
}

}  // namespace onnxlens::cli
