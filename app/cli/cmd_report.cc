// `onnxlens-cli report`: one self-contained HTML file (options: main.cc).
#include <cstdio>

#include "api/report.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"

namespace onnxlens::cli {

int RunReport(const ReportArgs& args) {
  ProgressBar bar;
  const Status st = api::WriteReport(args.request, bar.Job());
  bar.Done();
  if (!st.ok()) {
    PrintError(st.message());
    return kExitFailure;
  }
  std::printf("wrote %s; open it in any browser (it needs no network and no other file)\n",
              args.request.output.c_str());
  return kExitOk;
}

}  // namespace onnxlens::cli
