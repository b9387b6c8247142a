// `onnxlens-cli conformance [--suite DIR]... [--filter REGEX] [--json] [--threads N] [--level L]`.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "api/conformance.h"
#include "cli/args.h"
#include "cli/commands.h"

namespace onnxlens::cli {

int RunConformance(const std::vector<std::string>& argv) {
  // --suite may repeat: collect them before the generic parser sees the rest.
  std::vector<std::string> rest;
  api::ConformanceOptions opt;
  for (size_t i = 0; i < argv.size(); ++i) {
    if (argv[i] == "--suite" && i + 1 < argv.size()) {
      opt.suites.emplace_back(argv[++i]);
    } else if (argv[i].rfind("--suite=", 0) == 0) {
      opt.suites.emplace_back(argv[i].substr(8));
    } else {
      rest.push_back(argv[i]);
    }
  }
  auto args = Args::Parse(rest, {"--json", "--verbose"}, {"--filter", "--threads", "--level"});
  if (!args.ok()) {
    PrintError(args.status().message());
    return kExitUsage;
  }
  if (!args->positionals().empty()) {
    PrintError("conformance takes no positional arguments (use --suite DIR)");
    return kExitUsage;
  }
  if (opt.suites.empty()) opt.suites = api::DefaultConformanceSuites();
  if (auto f = args->Get("--filter")) opt.filter = *f;
  if (auto l = args->Get("--level")) opt.level = *l;
  if (auto t = args->Get("--threads")) opt.threads = std::atoi(t->c_str());
  auto report = api::RunConformance(opt);
  if (!report.ok()) {
    PrintError(report.status().message());
    return kExitFailure;
  }
  if (args->Has("--json")) {
    std::printf("%s\n", api::ToJson(*report).dump(2).c_str());
  } else {
    for (const auto& c : report->cases) {
      if (c.status != "pass" || args->Has("--verbose")) {
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
