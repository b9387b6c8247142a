// `onnxlens-cli info MODEL [--json] [--shapes] [--memory]`.
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

#include "api/memory_plan.h"
#include "api/model_info.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"
#include "common/strings.h"

namespace onnxlens::cli {

namespace {

std::string ShapeText(const api::ValueSummary& v) { return v.type; }

void PrintText(const api::ModelInfo& info, bool shapes) {
  std::printf("model        %s (%s)\n", info.path.c_str(), FormatBytes(info.file_bytes).c_str());
  std::printf("ir_version   %lld\n", static_cast<long long>(info.ir_version));
  std::printf("producer     %s %s\n", info.producer_name.c_str(), info.producer_version.c_str());
  std::string opsets;
  for (const auto& [d, v] : info.opsets) {
    opsets += (opsets.empty() ? "" : ", ") + d + " " + std::to_string(v);
  }
  std::printf("opsets       %s\n", opsets.c_str());
  if (!info.graph_name.empty()) std::printf("graph        %s\n", info.graph_name.c_str());
  for (const auto& [k, v] : info.metadata)
    std::printf("metadata     %s = %s\n", k.c_str(), v.c_str());
  std::printf("\ninputs\n");
  for (const auto& v : info.inputs)
    std::printf("  %-32s %s\n", v.name.c_str(), ShapeText(v).c_str());
  std::printf("outputs\n");
  for (const auto& v : info.outputs)
    std::printf("  %-32s %s\n", v.name.c_str(), ShapeText(v).c_str());
  std::printf("\nnodes        %lld", static_cast<long long>(info.node_count));
  if (info.node_count_total != info.node_count) {
    std::printf(" (%lld with %lld subgraph(s))", static_cast<long long>(info.node_count_total),
                static_cast<long long>(info.subgraph_count));
  }
  std::printf(
      "\ninitializers %lld (%s), %lld parameters\n", static_cast<long long>(info.initializer_count),
      FormatBytes(info.initializer_bytes).c_str(), static_cast<long long>(info.parameter_count));
  if (!info.functions.empty()) std::printf("functions    %s\n", Join(info.functions, ", ").c_str());
  std::printf("checker      %s\n", info.checker_passed ? "passed" : "FAILED (see warnings)");
  const api::ModelCost& cost = info.cost;
  std::printf("compute      %s MACs, %s FLOPs", api::FormatCount(cost.macs).c_str(),
              api::FormatCount(cost.flops).c_str());
  if (!cost.dims.empty()) {
    std::vector<std::string> dims;
    for (const auto& [name, value] : cost.dims) dims.push_back(name + "=" + std::to_string(value));
    std::printf(" with %s (free dimensions as random inputs set them)", Join(dims, " ").c_str());
  } else if (cost.symbolic_dims_as_one) {
    std::printf(" per batch item (symbolic dims as 1)");
  }
  if (cost.uncounted_nodes)
    std::printf("; %lld node(s) not counted", static_cast<long long>(cost.uncounted_nodes));
  std::printf("\nactivations  peak %s, %s in all (estimate, main graph in topological order)\n",
              FormatBytes(cost.activation_peak_bytes).c_str(),
              FormatBytes(cost.activation_total_bytes).c_str());
  std::map<std::string, const api::OpCost*> op_cost;
  for (const api::OpCost& c : cost.by_op) op_cost[c.op] = &c;
  std::printf("\n%-36s %8s %7s %10s %10s\n", "op type", "count", "share", "MACs", "FLOPs");
  for (const auto& [op, n] : info.op_histogram) {
    const double share = info.node_count_total ? 100.0 * n / info.node_count_total : 0.0;
    const auto it = op_cost.find(op);
    std::string macs = "-", flops = "-";
    if (it != op_cost.end() && it->second->uncounted < it->second->nodes) {
      macs = api::FormatCount(it->second->macs);
      flops = api::FormatCount(it->second->flops);
    }
    std::printf("%-36s %8lld %6.1f%% %10s %10s\n", op.c_str(), static_cast<long long>(n), share,
                macs.c_str(), flops.c_str());
  }
  if (shapes) {
    std::printf("\n%-12s %-48s %s\n", "kind", "value", "type");
    for (const auto& v : info.values) {
      const std::string name = v.graph.empty() ? v.name : v.graph + ":" + v.name;
      std::printf("%-12s %-48s %s\n", v.kind.c_str(), name.c_str(), v.type.c_str());
    }
  }
  if (!info.warnings.empty()) {
    std::printf("\nwarnings\n");
    for (const auto& w : info.warnings) std::printf("  %s\n", w.c_str());
  }
}

}  // namespace

int RunInfo(const InfoArgs& args) {
  api::InspectOptions opt;
  opt.with_values = args.shapes;
  ProgressBar bar(!args.json);
  const JobControl job = bar.Job();
  auto info = api::InspectModelFile(args.model, opt, args.memory ? job.Slice(0, 0.5) : job);
  if (!info.ok()) {
    bar.Done();
    PrintError(info.status().message());
    return kExitFailure;
  }
  Expected<MemoryPlan> plan = MemoryPlan{};
  if (args.memory) {
    plan = api::PlanModelMemory(args.model, api::MemoryPlanOptions{}, job.Slice(0.5, 1));
    if (!plan.ok()) {
      bar.Done();
      PrintError(plan.status().message());
      return kExitFailure;
    }
  }
  bar.Done();
  if (args.json) {
    nlohmann::json j = api::ToJson(*info);
    if (args.memory) j["memory"] = api::ToJson(*plan);
    PrintJson(j);
  } else {
    PrintText(*info, opt.with_values);
    if (args.memory) std::printf("\nmemory plan\n%s", api::FormatMemoryPlan(*plan).c_str());
  }
  return kExitOk;
}

}  // namespace onnxlens::cli
