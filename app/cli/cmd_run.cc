// `onnxlens-cli run`: one run on given or random inputs; outputs printed or written (options:
// main.cc).
#include <cstdio>
#include <nlohmann/json.hpp>

#include "api/run.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"
#include "common/strings.h"

namespace onnxlens::cli {

int RunRun(const RunArgs& args) {
  ProgressBar bar(!args.json);
  auto report = api::RunModelFile(args.model, args.options, bar.Job());
  bar.Done();
  if (!report.ok()) {
    PrintError(report.status().message());
    return kExitFailure;
  }
  if (!args.json) PrintChosenDims(report->chosen_dims);  // the JSON has chosen_dims
  if (args.json) {
    PrintJson(api::ToJson(*report));
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
