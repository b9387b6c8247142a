// `onnxlens-cli partition MODEL [--level L] [--providers a,b] [--json]`: the provider of every
// node and why the preferred providers declined it (options: main.cc).
#include <cstdio>
#include <nlohmann/json.hpp>

#include "api/partition.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"

namespace onnxlens::cli {

int RunPartition(const PartitionArgs& args) {
  ProgressBar bar(!args.json);
  auto report = api::PartitionModelFile(args.model, args.options, bar.Job());
  bar.Done();
  if (!report.ok()) {
    PrintError(report.status().message());
    return kExitFailure;
  }
  if (args.json) {
    PrintJson(api::ToJson(*report));
  } else {
    std::fputs(api::FormatPartition(*report).c_str(), stdout);
  }
  return report->unplaced.empty() ? kExitOk : kExitFailure;
}

}  // namespace onnxlens::cli
