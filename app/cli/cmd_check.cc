// `onnxlens-cli check`: CI gates with exit status 0 (every gate holds), 1 (one fails or cannot be
// measured) or 2 (bad usage: no gate, a baseline that is not one or of another model); text, JSON
// and JUnit XML (options: main.cc).
#include <cstdio>
#include <nlohmann/json.hpp>

#include "api/check.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"
#include "common/file_util.h"
#include "common/strings.h"

namespace onnxlens::cli {

namespace {

// The files `check` reads, which --junit never replaces (with or without --force).
WritePolicy JUnitPolicy(const CheckArgs& args) {
  const api::CheckRequest& r = args.request;
  WritePolicy policy;
  policy.force = args.force;
  policy.read.push_back({r.model, "the model"});
  if (!r.gates.baseline.empty())
    policy.read.push_back({r.gates.baseline, "the --max-ratio baseline"});
  if (!r.gates.reference.empty())
    policy.read.push_back({r.gates.reference, "the --reference model"});
  AddInputFolder(&policy, r.gates.expected, "--expected");
  AddInputFolder(&policy, r.bench.inputs_dir, "--inputs");
  return policy;
}

}  // namespace

int RunCheck(const CheckArgs& args) {
  if (Status st = api::ValidateCheckRequest(args.request); !st.ok()) {
    PrintError(st.message());
    return kExitUsage;
  }
  const WritePolicy policy = JUnitPolicy(args);
  if (!args.junit.empty()) {
    if (Status st = CheckWritePolicy(args.junit, policy); !st.ok()) {
      PrintError("--junit: " + st.message());
      return kExitUsage;
    }
  }
  ProgressBar bar(!args.json);
  JobControl job = bar.Job();
  auto report = api::RunCheck(args.request, job);
  bar.Done();
  if (!report.ok()) {
    PrintError(report.status().message());
    return kExitFailure;
  }
  if (!args.junit.empty()) {
    const std::string xml = api::CheckJUnitXml(*report);
    Status st = CheckWritePolicy(args.junit, policy);
    if (st.ok()) {
      st = WriteFileAtomically(args.junit, [&](std::FILE* f) -> Status {
        if (std::fwrite(xml.data(), 1, xml.size(), f) != xml.size())
          return IoError(Quote(args.junit.string()) + ": write failed");
        return Status::Ok();
      });
    }
    if (!st.ok()) {
      PrintError("--junit: " + st.message());
      return kExitFailure;
    }
  }
  if (args.json) {
    PrintJson(api::ToJson(*report));
  } else {
    std::printf("%s", api::FormatCheckReport(*report).c_str());
  }
  return report->passed() ? kExitOk : kExitFailure;
}

}  // namespace onnxlens::cli
