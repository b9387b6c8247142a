// `onnxlens-cli bench`: one configuration, a sweep or an A/B comparison; text, JSON or CSV
// (options: main.cc).
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "api/bench.h"
#include "cli/commands.h"
#include "common/strings.h"

namespace onnxlens::cli {

namespace {

// A one-line progress bar redrawn in place on stderr (only when stderr is a terminal).
class ProgressBar {
 public:
  ProgressBar() : enabled_(isatty(STDERR_FILENO) != 0) {}
  ~ProgressBar() { Done(); }

  // "warming-up [####      ] 3/10": the stage's StageName(), the fraction and the run count.
  void Update(const Progress& p) {
    if (!enabled_) return;
    const std::string stage(StageName(p.stage));
    if (p.detail.find('/') != std::string::npos) {
      const int width = 30;
      const int fill = static_cast<int>(std::lround(width * p.fraction));
      std::fprintf(stderr, "\r%-12s [%-*s] %s", stage.c_str(), width,
                   std::string(static_cast<size_t>(std::min(fill, width)), '#').c_str(),
                   p.detail.c_str());
    } else {
      std::fprintf(stderr, "\r%-12s %s runs", stage.c_str(), p.detail.c_str());
    }
    std::fflush(stderr);
    drawn_ = true;
  }
  void Done() {
    if (drawn_) std::fprintf(stderr, "\r%60s\r", "");
    drawn_ = false;
  }

 private:
  bool enabled_;
  bool drawn_ = false;
};

}  // namespace

int RunBench(const BenchArgs& args) {
  api::BenchOptions opt = args.options;
  ProgressBar bar;
  JobControl job;
  job.progress = [&bar](const Progress& p) { bar.Update(p); };
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
