// The CLI verbs: each takes its options already parsed and checked (by main.cc, the only file
// that includes CLI11) and returns the process exit code: 0 ok, 1 the work failed, 2 bad usage.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "api/accuracy.h"
#include "api/bench.h"
#include "api/check.h"
#include "api/conformance.h"
#include "api/optimize.h"
#include "api/partition.h"
#include "api/profile.h"
#include "api/quantize.h"
#include "api/report.h"
#include "api/run.h"

namespace onnxlens::cli {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

struct InfoArgs {
  std::string model;
  bool json = false;
  bool shapes = false;
  bool memory = false;
};

struct ConvertArgs {
  std::string input, output;
  bool external_data = false;
  bool force = false;
};

struct RunArgs {
  std::string model;
  api::RunOptions options;
  bool json = false;
};

struct PartitionArgs {
  std::string model;
  api::PartitionOptions options;
  bool json = false;
};

struct ConformanceArgs {
  api::ConformanceOptions options;  ///< empty `suites`: api::DefaultConformanceSuites()
  bool json = false;
  bool verbose = false;
};

struct OptimizeArgs {
  std::string model;  ///< empty only with `list`
  api::OptimizeRequest request;
  bool list = false;
  bool steps = false;
  bool table = false;
  bool json = false;
};

struct ProfileArgs {
  std::string model;
  api::ProfileOptions options;
  std::filesystem::path trace;  ///< -o; empty: print the summary only
  bool force = false;           ///< -o may replace an existing file (never the model)
  bool summary = false;
  int top = 20;
};

struct TraceSummaryArgs {
  std::string trace;
  int top = 20;
};

struct BenchArgs {
  std::string model;
  api::BenchConfig config;
  api::BenchOptions options;
  std::vector<std::string> sweep;  ///< axes "level=a,b" "threads=1,2"; empty: no sweep
  std::vector<std::string> vs;     ///< B's settings "level=extended"; empty: no A/B
  bool json = false;
  bool csv = false;
};

struct QuantizeArgs {
  std::string model;
  api::QuantizeRequest request;
  double target_cosine = 0;  ///< > 0: the mixed-precision search (api/quant_search.h)
  double target_sqnr = 0;
  int max_steps = 12;
  std::filesystem::path eval_dir;
  bool json = false;
};

struct CompareArgs {
  std::string a, b;
  api::CompareModelsRequest request;
  int top = 20;  ///< layer rows printed
  bool json = false;
};

struct CheckArgs {
  api::CheckRequest request;
  std::filesystem::path junit;  ///< --junit OUT.xml; empty: none
  bool force = false;           ///< --junit may replace an existing file (never an input)
  bool json = false;
};

struct ReportArgs {
  api::ReportRequest request;
};

int RunInfo(const InfoArgs& args);
int RunConvert(const ConvertArgs& args);
int RunRun(const RunArgs& args);
int RunPartition(const PartitionArgs& args);
int RunConformance(const ConformanceArgs& args);
int RunOptimize(const OptimizeArgs& args);
int RunProfile(const ProfileArgs& args);
int RunTraceSummary(const TraceSummaryArgs& args);
int RunBench(const BenchArgs& args);
int RunQuantize(const QuantizeArgs& args);
int RunCompare(const CompareArgs& args);
int RunCheck(const CheckArgs& args);
int RunReport(const ReportArgs& args);

/// Prints "onnxlens-cli: error: <message>" on stderr (one line).
void PrintError(const std::string& message);

/// With free dimensions onnxlens chose for random inputs: a note on stderr naming them and --dim.
void PrintChosenDims(const api::DimOverrides& dims);

/// Prints `j` on stdout, indented by 2; bytes of names that are not UTF-8 become U+FFFD.
void PrintJson(const nlohmann::json& j);

/// Checks `output` against the writers' rule (common/file_util.h: CheckWritePolicy) before a long
/// job, so that a refusal comes first: prints the error and returns true when it is refused. Never
/// the model or a file of `input_folders` ({option, folder}; an empty folder is skipped). The
/// api's writers check again, with the model's external data files too.
bool OutputRefused(
    const std::string& model, const std::filesystem::path& output, bool force,
    const std::vector<std::pair<std::string, std::filesystem::path>>& input_folders = {});

}  // namespace onnxlens::cli
