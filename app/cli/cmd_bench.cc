// `onnxlens-cli bench`: one configuration, a sweep or an A/B comparison; text, JSON or CSV
// (options: main.cc).
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "api/bench.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"
#include "common/strings.h"

namespace onnxlens::cli {

int RunBench(const BenchArgs& args) {
  api::BenchOptions opt = args.options;
  ProgressBar bar(!args.json);
  JobControl job = bar.Job();
  const std::string& model = args.model;
  const api::BenchConfig& base = args.config;

  std::vector<api::BenchResult> results;
  bool alternating = false;
  if (!args.vs.empty()) {
    auto b = api::ParseBenchConfig(Join(args.vs, " "), base);
    if (!b.ok()) {
      PrintError("--vs: " + b.status().message());
      return kExitUsage;
    }
    auto r = api::BenchAlternating(model, base, *b, opt, job);
    bar.Done();
    if (!r.ok()) {
      PrintError(r.status().message());
      return kExitFailure;
    }
    results = {r->first, r->second};
    alternating = true;
  } else {
    std::vector<api::BenchConfig> configs = {base};
    if (!args.sweep.empty()) {
      auto c = api::ParseBenchSweep(args.sweep, base);
      if (!c.ok()) {
        PrintError("--sweep: " + c.status().message());
        return kExitUsage;
      }
      configs = *c;
    }
    for (const auto& c : configs) {
      auto r = api::BenchModelFile(model, c, opt, job);
      bar.Done();
      if (!r.ok()) {
        PrintError(r.status().message());
        return kExitFailure;
      }
      results.push_back(std::move(*r));
    }
  }

  api::MarkKnees(&results);
  // JSON and CSV carry chosen_dims themselves; stderr stays quiet for scripts.
  if (!results.empty() && !args.json && !args.csv) PrintChosenDims(results[0].chosen_dims);
  if (args.json) {
    PrintJson(api::BenchToJson(results, alternating));
  } else if (args.csv) {
    std::printf("%s", api::BenchCsv(results).c_str());
  } else if (alternating) {
    std::printf("%s", api::FormatBenchComparison(results[0], results[1]).c_str());
  } else if (results.size() == 1) {
    std::printf("%s", api::FormatBenchResult(results[0]).c_str());
  } else {
    std::printf("%s\n%s", model.c_str(), api::FormatBenchTable(results).c_str());
  }
  return kExitOk;
}

}  // namespace onnxlens::cli
