// The CLI verbs. Each returns the process exit code: 0 ok, 1 the work failed, 2 bad usage.
#pragma once

#include <string>
#include <vector>

namespace onnxlens::cli {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

struct Command {
  const char* name;
  const char* summary;
  const char* usage;
  int (*run)(const std::vector<std::string>& args);
};

int RunInfo(const std::vector<std::string>& args);
int RunConvert(const std::vector<std::string>& args);
int RunRun(const std::vector<std::string>& args);
int RunConformance(const std::vector<std::string>& args);
int RunOptimize(const std::vector<std::string>& args);
int RunProfile(const std::vector<std::string>& args);
int RunBench(const std::vector<std::string>& args);
int RunTraceSummary(const std::vector<std::string>& args);

/// Prints "onnxlens-cli: error: <message>" on stderr (one line).
void PrintError(const std::string& message);

}  // namespace onnxlens::cli
