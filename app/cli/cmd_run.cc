// `onnxlens-cli run MODEL [--inputs DIR | --random [--seed N]] [--outputs DIR] [--format pb|npy]
//  [--threads N] [--providers cpu,reference] [--json]`.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "api/run.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "common/strings.h"

namespace onnxlens::cli {

int RunRun(const std::vector<std::string>& argv) {
  auto args =
      Args::Parse(argv, {"--random", "--json"},
                  {"--inputs", "--seed", "--outputs", "--format", "--threads", "--providers"});
  if (!args.ok()) {
    PrintError(args.status().message());
    return kExitUsage;
  }
  if (args->positionals().size() != 1) {
    PrintError("run takes exactly one MODEL");
    return kExitUsage;
  }
  api::RunOptions opt;
  if (auto v = args->Get("--inputs")) {
    if (args->Has("--random")) {
      PrintError("--inputs and --random exclude each other");
      return kExitUsage;
    }
    opt.inputs_dir = *v;
  }
  if (auto v = args->Get("--seed")) opt.seed = std::strtoull(v->c_str(), nullptr, 10);
  if (auto v = args->Get("--outputs")) opt.outputs_dir = *v;
  if (auto v = args->Get("--format")) {
    if (*v != "pb" && *v != "npy") {
      PrintError("--format is pb or npy");
      return kExitUsage;
    }
    opt.format = *v;
  }
  if (auto v = args->Get("--threads")) {
    auto n = ParseInt("--threads", *v);
    if (!n.ok() || *n < 0) {
      PrintError("--threads needs a number >= 0");
      return kExitUsage;
    }
    opt.threads = *n;
  }
  if (auto v = args->Get("--providers")) opt.providers = SplitList(*v);
  auto report = api::RunModelFile(args->positionals()[0], opt);
  if (!report.ok()) {
    PrintError(report.status().message());
    return kExitFailure;
  }
  if (args->Has("--json")) {
    std::printf("%s\n", api::ToJson(*report).dump(2).c_str());
    return kExitOk;
  }
  std::printf("session created in %.1f ms, ran in %.1f ms on %d thread(s)\n",
              report->session_seconds * 1e3, report->run_seconds * 1e3, report->threads);
  for (const auto& o : report->outputs) {
    std::printf("  %-28s %-8s [%s]", o.name.c_str(), o.dtype.c_str(), Join(o.shape, ",").c_str());
    if (o.dtype != "string" && o.dtype != "sequence" && o.dtype != "none") {
      std::printf("  min %.6g  max %.6g  mean %.6g", o.min, o.max, o.mean);
    }
    if (!o.file.empty()) std::printf("  -> %s", o.file.c_str());
    std::printf("\n");
  }
  return kExitOk;
}

}  // namespace onnxlens::cli
