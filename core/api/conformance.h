// The ONNX backend conformance runner: each test directory holds model.onnx and
// test_data_set_*/{input,output}_*.pb; a test passes when every output matches (rtol 1e-3,
// atol 1e-5 by default, strings exact), as in ONNX's own backend runner.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "common/progress.h"
#include "common/provider_order.h"
#include "common/status.h"

namespace onnxlens::api {

struct ConformanceOptions {
  std::vector<std::filesystem::path> suites;  ///< directories of test directories
  std::string filter;                         ///< regex on the test name (empty = all)
  double rtol = 1e-3;
  double atol = 1e-5;
  int threads = 1;
  std::string level = "disabled";  ///< optimization level the sessions run at
  std::vector<std::string> providers = DefaultProviderOrder();
};

struct ConformanceCase {
  std::string suite;
  std::string name;
  std::string status;  ///< "pass", "fail" (wrong result) or "error" (could not load or run)
  std::string reason;
  double seconds = 0;
};

struct ConformanceReport {
  std::vector<ConformanceCase> cases;
  int passed = 0, failed = 0, errors = 0;
};

/// The default suites: node, simple, pytorch-converted, pytorch-operator of libonnx-testdata.
std::vector<std::filesystem::path> DefaultConformanceSuites();

/// Runs one test directory.
ConformanceCase RunConformanceTest(const std::filesystem::path& dir, const ConformanceOptions& o);

/// `job` gets Stage::kRunning with "done/total" after each test directory; a cancel ends with
/// kCancelled.
Expected<ConformanceReport> RunConformance(const ConformanceOptions& options,
                                           const JobControl& job = {});

nlohmann::json ToJson(const ConformanceReport& report);

}  // namespace onnxlens::api
