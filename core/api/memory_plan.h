// The memory plan of a model file: one run on given or random inputs records the buffers the
// kernels make and the runtime's planner places them in one arena (common/memory_plan.h). For
// `info --memory` and the GUI's Memory view.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "api/input_spec.h"
#include "common/memory_plan.h"
#include "common/progress.h"
#include "common/provider_order.h"
#include "common/status.h"

namespace onnxlens::api {

struct MemoryPlanOptions {
  std::string level = "disabled";    ///< the session's optimization level
  int threads = 1;                   ///< intra-op threads of the planning run
  std::filesystem::path inputs_dir;  ///< empty: random inputs from `seed`
  uint64_t seed = 0;
  DimOverrides dims;  ///< --dim: free dimension values
  std::vector<std::string> providers = DefaultProviderOrder();
};

/// Loads `model`, runs it once and returns the session's plan for those input shapes. `job` gets
/// Stage::kCreatingSession, then kRunning.
Expected<MemoryPlan> PlanModelMemory(const std::filesystem::path& model,
                                     const MemoryPlanOptions& options, const JobControl& job = {});

/// Schema "onnxlens.memory/1" (docs/cli-json.md): the summary, the buffers alive at the peak and
/// every buffer.
nlohmann::json ToJson(const MemoryPlan& plan);
/// The summary and the `top` largest buffers alive at the peak, as text.
std::string FormatMemoryPlan(const MemoryPlan& plan, size_t top = 12);

}  // namespace onnxlens::api
