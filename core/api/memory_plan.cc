// PlanModelMemory: a session, one run, its plan; the plan as JSON and text.
#include "api/memory_plan.h"

#include <algorithm>
#include <cstdio>

#include "api/internal/inputs.h"
#include "common/strings.h"
#include "runtime/session.h"

namespace onnxlens::api {

Expected<MemoryPlan> PlanModelMemory(const std::filesystem::path& model,
                                     const MemoryPlanOptions& options, const JobControl& job) {
  if (!job.Report(Stage::kCreatingSession, 0)) return Cancelled("memory planning cancelled");
  InputRequest req;
  req.inputs_dir = options.inputs_dir;
  req.seed = options.seed;
  req.dims = options.dims;
  req.providers = options.providers;
  OL_ASSIGN_OR_RETURN(ModelForRun prepared, LoadModelForRun(model, req));
  runtime::SessionOptions so;
  so.optimization_level = options.level;
  so.intra_op_threads = options.threads;
  so.providers = options.providers;
  so.enable_mem_pattern = true;
  OL_ASSIGN_OR_RETURN(auto session, runtime::Session::Create(prepared.model, so));
  OL_ASSIGN_OR_RETURN(auto inputs,
                      MakeInputs(*session, options.inputs_dir, options.seed, prepared.ranges));
  if (!job.Report(Stage::kRunning, 0.5)) return Cancelled("memory planning cancelled");
  OL_RETURN_IF_ERROR(session->Run(inputs).status());
  auto plan = session->memory_plan();
  if (!plan) return Internal("the run left no memory plan");
  return *plan;
}

namespace {

nlohmann::json BufferJson(const PlannedBuffer& b) {
  return {{"tensor", b.tensor},         {"producer", b.producer},   {"op", b.producer_op},
          {"node_id", b.producer_id},   {"offset", b.offset},       {"size", b.size},
          {"first_step", b.first_step}, {"last_step", b.last_step}, {"in_place_of", b.in_place_of}};
}

}  // namespace

nlohmann::json ToJson(const MemoryPlan& plan) {
  nlohmann::json j;
  j["schema"] = "onnxlens.memory/1";
  j["signature"] = plan.signature;
  j["steps"] = plan.steps.size();
  j["planned_peak_bytes"] = plan.planned_peak;
  j["naive_sum_bytes"] = plan.naive_sum;
  j["weights_bytes"] = plan.weights_bytes;
  j["outputs_bytes"] = plan.outputs_bytes;
  j["peak_step"] = plan.peak_step;
  j["peak_live_bytes"] = plan.peak_live;
  j["in_place"] = plan.in_place;
  j["alive_at_peak"] = BuffersAliveAt(plan, plan.peak_step);
  j["buffers"] = nlohmann::json::array();
  for (const PlannedBuffer& b : plan.buffers) j["buffers"].push_back(BufferJson(b));
  return j;
}

std::string FormatMemoryPlan(const MemoryPlan& plan, size_t top) {
  char line[512];
  std::string out;
  auto add = [&](const char* k, const std::string& v) {
    std::snprintf(line, sizeof line, "%-16s %s\n", k, v.c_str());
    out += line;
  };
  add("input shapes", plan.signature.empty() ? "-" : plan.signature);
  const double saved =
      plan.naive_sum ? 100.0 * (1.0 - static_cast<double>(plan.planned_peak) / plan.naive_sum) : 0;
  std::snprintf(line, sizeof line, "%s (%.0f%% less than the naive sum)",
                FormatBytes(plan.planned_peak).c_str(), saved);
  add("planned peak", line);
  add("naive sum", FormatBytes(plan.naive_sum) + " over " + std::to_string(plan.buffers.size()) +
                       " buffers (" + std::to_string(plan.in_place) + " written in place)");
  add("weights", FormatBytes(plan.weights_bytes));
  add("outputs", FormatBytes(plan.outputs_bytes) + " (outside the arena)");
  const std::string at =
      plan.peak_step >= 0 && static_cast<size_t>(plan.peak_step) < plan.steps.size()
          ? plan.steps[static_cast<size_t>(plan.peak_step)]
          : std::string("-");
  add("peak at step",
      std::to_string(plan.peak_step) + " (" + at + "): " + FormatBytes(plan.peak_live) + " alive");
  const std::vector<int> alive = BuffersAliveAt(plan, plan.peak_step);
  if (!alive.empty()) {
    out += "\nalive at the peak (largest first)\n";
    std::snprintf(line, sizeof line, "  %-40s %-24s %10s %10s %s\n", "tensor", "producer", "size",
                  "offset", "steps");
    out += line;
    for (size_t i = 0; i < alive.size() && i < top; ++i) {
      const PlannedBuffer& b = plan.buffers[static_cast<size_t>(alive[i])];
      const std::string name = b.tensor.empty() ? "(scratch)" : b.tensor;
      std::snprintf(line, sizeof line, "  %-40s %-24s %10s %10llu %d-%d\n", name.c_str(),
                    b.producer.c_str(), FormatBytes(b.size).c_str(),
                    static_cast<unsigned long long>(b.offset), b.first_step, b.last_step);
      out += line;
    }
    if (alive.size() > top) out += "  ... and " + std::to_string(alive.size() - top) + " more\n";
  }
  return out;
}

}  // namespace onnxlens::api
