// Which execution provider runs each node, and why the preferred ones did not: the partition a
// session of this model would make, as plain data (CLI `partition`, the GUI's provider colouring).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "common/progress.h"
#include "common/provider_order.h"
#include "common/status.h"

namespace onnxlens::ir {
class Model;
}  // namespace onnxlens::ir

namespace onnxlens::api {

/// The execution providers a session accepts in `providers` (RunOptions, BenchOptions,
/// ProfileOptions, ConformanceOptions, PartitionOptions), in default priority order.
std::vector<std::string> ExecutionProviderNames();

struct PartitionOptions {
  /// Preference order; the reference provider is appended when missing.
  std::vector<std::string> providers = DefaultProviderOrder();
  /// Optimization level the session would run at: "all", as `run` by default.
  std::string level = "all";
};

struct ProviderDecline {
  std::string provider;
  std::string reason;  ///< code: no-kernel, opset-version, data-type, attribute, rank, ...
  std::string sentence;
};

struct NodePlacementInfo {
  int64_t node_id = 0;
  std::string graph;  ///< "" for the main graph
  std::string node, op_type, domain;
  std::string provider;  ///< empty: no provider runs it
  std::string fallback;  ///< runs the cases `provider`'s kernel declines at run time
  std::vector<ProviderDecline> declined;  ///< preferred providers that did not take it, and why
};

struct PartitionReport {
  std::string model;
  std::string level;
  std::vector<std::string> providers;
  std::vector<NodePlacementInfo> nodes;
  std::vector<std::pair<std::string, int64_t>> counts;  ///< per provider, in preference order
  std::vector<std::string> unplaced;  ///< "domain:Op (opset N, inputs ...)" no provider runs
};

/// Loads `path`, optimizes it at `options.level` as a session would, and partitions it. `job`
/// gets the loading stages, Stage::kOptimizing and Stage::kPartitioning; a cancel ends with
/// kCancelled.
Expected<PartitionReport> PartitionModelFile(const std::filesystem::path& path,
                                             const PartitionOptions& options = {},
                                             const JobControl& job = {});

/// Partitions `model` as it is (no optimization; e.g. a step of an optimization trace, whose
/// node ids match that step's GraphSnapshot). `level` only labels the report. `job` gets
/// Stage::kPartitioning; a cancel ends with kCancelled.
Expected<PartitionReport> PartitionLoadedModel(const ir::Model& model,
                                               const std::vector<std::string>& providers,
                                               const std::string& level = "",
                                               const JobControl& job = {});

nlohmann::json ToJson(const PartitionReport& report);
/// Counts per provider, then a row per node: node, op, provider, why not the preferred ones.
std::string FormatPartition(const PartitionReport& report);

}  // namespace onnxlens::api
