// Fused-kernel origins and heat shares.
#include "api/profile_index.h"

#include <unordered_set>

#include "api/slice_details.h"
#include "api/trace.h"
#include "profiling/summary.h"

namespace onnxlens::api {

const std::vector<std::string>& OriginIndex::OriginsOf(const std::string& kernel) const {
  static const std::vector<std::string> kNone;
  auto it = origins.find(kernel);
  return it == origins.end() ? kNone : it->second;
}

const std::string& OriginIndex::KernelOf(const std::string& node) const {
  auto it = fused_into.find(node);
  return it == fused_into.end() ? node : it->second;
}

OriginIndex IndexOrigins(const std::vector<profiling::TraceEvent>& events) {
  OriginIndex index;
  for (const profiling::TraceEvent& e : events) {
    if (!profiling::IsKernelEvent(e)) continue;
    std::vector<std::string> nodes = SliceOrigins(e);
    if (nodes.empty()) continue;
    std::string kernel = profiling::KernelNodeName(e);
    if (index.origins.count(kernel)) continue;
    for (const std::string& n : nodes) index.fused_into[n] = kernel;
    index.origins.emplace(std::move(kernel), std::move(nodes));
  }
  return index;
}

std::unordered_map<std::string, double> HeatShares(const profiling::TraceSummary& summary,
                                                   const OriginIndex& index) {
  std::unordered_map<std::string, double> out;
  for (const profiling::SummaryRow& row : summary.by_node) {
    const std::vector<std::string>& nodes = index.OriginsOf(row.key);
    if (nodes.empty()) {
      out[row.key] += row.percent;
      continue;
    }
    for (const std::string& n : nodes) out[n] += row.percent / static_cast<double>(nodes.size());
  }
  return out;
}

TraceModelMatch MatchTraceToModel(const std::unordered_map<std::string, double>& shares,
                                  const GraphSnapshot& snapshot) {
  std::unordered_set<std::string> labels;
  for (const SnapshotGraph& g : snapshot.graphs)
    for (const SnapshotNode& n : g.nodes) labels.insert(TraceNodeLabel(n.name, n.op_type, n.id));
  TraceModelMatch m;
  m.profiled = static_cast<int64_t>(shares.size());
  for (const auto& [node, share] : shares) m.matched += labels.count(node) > 0;
  return m;
}

}  // namespace onnxlens::api
