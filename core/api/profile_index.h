// What a profile says about the graph as loaded: which nodes each fused kernel was made from (the
// kernel events' "origins"), and each node's share of the kernel time (the graph's heat colours).
// Plain data for the GUI's Profile tab, graph heat and node page.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "api/graph_snapshot.h"
#include "common/trace_event.h"
#include "common/trace_summary.h"

namespace onnxlens::api {

/// Fused kernels (by node label) and the nodes of the model as loaded they were made from.
struct OriginIndex {
  std::unordered_map<std::string, std::vector<std::string>> origins;  ///< kernel -> nodes
  std::unordered_map<std::string, std::string> fused_into;            ///< node -> kernel

  /// The nodes `kernel` was made from; empty when it is not a fused kernel.
  const std::vector<std::string>& OriginsOf(const std::string& kernel) const;
  /// The kernel that ran `node`: the kernel it was fused into, else `node` itself.
  const std::string& KernelOf(const std::string& node) const;
  bool IsFusedKernel(const std::string& label) const { return origins.count(label) > 0; }
};

/// Indexes the "origins" of every kernel event (the first event of a kernel counts).
OriginIndex IndexOrigins(const std::vector<profiling::TraceEvent>& events);

/// Each node's share of the kernel time in percent (the summary's by-node rows). A fused kernel's
/// share is split evenly over the nodes it was made from, so a profile of the optimized model
/// colours the graph as loaded.
std::unordered_map<std::string, double> HeatShares(const profiling::TraceSummary& summary,
                                                   const OriginIndex& index);

/// How far a profile belongs to a model: the nodes it profiled (fused kernels counted by the
/// nodes they were made from, as HeatShares keys them) and how many of those the model has.
struct TraceModelMatch {
  int64_t profiled = 0;  ///< nodes with a share in the profile
  int64_t matched = 0;   ///< of those, nodes of the model (any graph, by trace label)
  /// Fewer than half of the profiled nodes are the model's: a trace of another model (or of a
  /// changed one); the GUI warns.
  bool Mismatch() const { return profiled > 0 && matched * 2 < profiled; }
};
TraceModelMatch MatchTraceToModel(const std::unordered_map<std::string, double>& shares,
                                  const GraphSnapshot& snapshot);

}  // namespace onnxlens::api
