// `onnxlens-cli convert IN OUT [--external-data] [--force]`: load, then save from the IR.
#include <cstdio>

#include "api/convert.h"
#include "cli/commands.h"

namespace onnxlens::cli {

int RunConvert(const ConvertArgs& args) {
  api::ConvertOptions opt;
  opt.external_data = args.external_data;
  opt.force = args.force;
  auto result = api::ConvertModelFile(args.input, args.output, opt);
  if (!result.ok()) {
    PrintError(result.status().message());
    return kExitFailure;
  }
  std::printf("wrote %s", result->output.c_str());
  if (!result->external_data_file.empty())
    std::printf(" and %s", result->external_data_file.c_str());
  std::printf(" (%d node(s), checker %s)\n", static_cast<int>(result->node_count),
              result->checker_passed ? "passed" : "failed");
  for (const auto& w : result->warnings) std::printf("warning: %s\n", w.c_str());
  return kExitOk;
}

}  // namespace onnxlens::cli
