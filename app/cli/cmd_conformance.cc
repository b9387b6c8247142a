// `onnxlens-cli conformance`: ONNX backend test directories against their expected outputs
// (options: main.cc).
#include <cstdio>
#include <nlohmann/json.hpp>

#include "api/conformance.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"

namespace onnxlens::cli {

int RunConformance(const ConformanceArgs& args) {
  api::ConformanceOptions opt = args.options;
  if (opt.suites.empty()) opt.suites = api::DefaultConformanceSuites();
  ProgressBar bar(!args.json);
  auto report = api::RunConformance(opt, bar.Job());
  bar.Done();
  if (!report.ok()) {
    PrintError(report.status().message());
    return kExitFailure;
  }
  if (args.json) {
    PrintJson(api::ToJson(*report));
  } else {
    for (const auto& c : report->cases) {
      if (c.status != "pass" || args.verbose) {
        std::printf("%-5s %s/%s  %s\n", c.status.c_str(), c.suite.c_str(), c.name.c_str(),
                    c.reason.c_str());
      }
    }
    std::printf("\n%d passed, %d failed, %d errors of %zu tests\n", report->passed, report->failed,
                report->errors, report->cases.size());
  }
  return kExitOk;
}

}  // namespace onnxlens::cli
