// `onnxlens-cli bench MODEL [--level L] [--threads N] [--profile] [--warmup N] [--runs N |
//  --duration S] [--inputs DIR | --random [--seed N]] [--json | --csv]
//  [--sweep AXIS [AXIS...] | --vs CONFIG]`.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "api/bench.h"
#include "cli/args.h"
#include "cli/commands.h"

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

int RunBench(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, {"--random", "--json", "--csv", "--profile"},
                          {"--level", "--threads", "--warmup", "--runs", "--duration", "--inputs",
                           "--seed", "--sweep", "--vs"});
  if (!args.ok()) {
    PrintError(args.status().message());
    return kExitUsage;
  }
  // `--sweep level=a,b threads=1,2`: the words with '=' after the model are more sweep axes.
  std::vector<std::string> models, axes;
  for (const auto& p : args->positionals()) {
    if (p.find('=') != std::string::npos && !std::filesystem::exists(p))
      axes.push_back(p);
    else
      models.push_back(p);
  }
  if (models.size() != 1) {
    PrintError("bench takes exactly one MODEL");
    return kExitUsage;
  }
  if (!axes.empty() && !args->Get("--sweep")) {
    PrintError("unexpected " + axes[0] + " (did you mean --sweep or --vs?)");
    return kExitUsage;
  }
  api::BenchConfig base;
  api::BenchOptions opt;
  if (auto v = args->Get("--level")) base.level = *v;
  base.profile = args->Has("--profile");
  Status st = ReadIntOption(*args, "--threads", 0, &base.threads);
  if (st.ok()) st = ReadIntOption(*args, "--warmup", 1, &opt.warmup);
  if (st.ok()) st = ReadIntOption(*args, "--runs", 1, &opt.runs);
  if (st.ok()) {
    if (auto v = args->Get("--duration")) {
      char* end = nullptr;
      opt.duration_s = std::strtod(v->c_str(), &end);
      if (v->empty() || *end != '\0' || !(opt.duration_s > 0) || opt.duration_s > 86400)
        st = InvalidArgument("--duration needs seconds > 0, not '" + *v + "'");
      else if (args->Get("--runs"))
        st = InvalidArgument("--runs and --duration exclude each other");
    }
  }
  if (st.ok() && args->Has("--json") && args->Has("--csv"))
    st = InvalidArgument("--json and --csv exclude each other");
  if (st.ok() && args->Get("--sweep") && args->Get("--vs"))
    st = InvalidArgument("--sweep and --vs exclude each other");
  if (st.ok() && args->Get("--inputs") && args->Has("--random"))
    st = InvalidArgument("--inputs and --random exclude each other");
  if (!st.ok()) {
    PrintError(st.message());
    return kExitUsage;
  }
  // Validate the base level through the config parser (one error text for every level word).
  if (auto b = api::ParseBenchConfig("level=" + base.level, base); !b.ok()) {
    PrintError(b.status().message());
    return kExitUsage;
  }
  if (auto v = args->Get("--inputs")) opt.inputs_dir = *v;
  if (auto v = args->Get("--seed")) opt.seed = std::strtoull(v->c_str(), nullptr, 10);
  ProgressBar bar;
  JobControl job;
  job.progress = [&bar](const Progress& p) { bar.Update(p); };
  const std::string model = models[0];

  std::vector<api::BenchResult> results;
  bool alternating = false;
  if (auto vs = args->Get("--vs")) {
    auto b = api::ParseBenchConfig(*vs, base);
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
    if (auto sw = args->Get("--sweep")) {
      axes.insert(axes.begin(), *sw);
      auto c = api::ParseBenchSweep(axes, base);
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

  if (args->Has("--json")) {
    std::printf("%s\n", api::BenchToJson(results, alternating).dump(2).c_str());
  } else if (args->Has("--csv")) {
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
