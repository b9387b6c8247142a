// Provider paint.
#include "widgets/provider_paint.h"

#include <algorithm>

namespace onnxlens {
namespace widgets {

const api::NodePlacementInfo* ProviderPaint::placement(int64_t id) const {
  if (!report) return nullptr;
  auto it = placement_of_id.find(id);
  return it == placement_of_id.end() ? nullptr : &report->nodes[it->second];
}

int64_t ProviderPaint::nodes() const {
  int64_t n = unplaced + missing;
  for (int64_t c : counts) n += c;
  return n;
}

bool isReorderOp(const std::string& opType) { return opType.rfind("Reorder", 0) == 0; }

ProviderPaint PaintProviders(std::shared_ptr<const api::PartitionReport> report,
                             std::shared_ptr<const api::GraphSnapshot> snapshot) {
  ProviderPaint p;
  p.report = std::move(report);
  p.snapshot = std::move(snapshot);
  if (!p.report || !p.snapshot) return p;
  p.providers = p.report->providers;
  p.counts.assign(p.providers.size(), 0);
  p.constants.assign(p.providers.size(), 0);
  p.placement_of_id.reserve(p.report->nodes.size());
  for (size_t i = 0; i < p.report->nodes.size(); ++i)
    p.placement_of_id.emplace(p.report->nodes[i].node_id, i);
  std::unordered_map<std::string, int> index;
  for (size_t i = 0; i < p.providers.size(); ++i) index[p.providers[i]] = static_cast<int>(i);
  const auto& graphs = p.snapshot->graphs;
  p.provider.resize(graphs.size());
  p.boundary.resize(graphs.size());
  for (size_t g = 0; g < graphs.size(); ++g) {
    const api::SnapshotGraph& graph = graphs[g];
    std::vector<int>& prov = p.provider[g];
    prov.assign(graph.nodes.size(), ProviderPaint::kMissing);
    for (size_t n = 0; n < graph.nodes.size(); ++n) {
      const api::NodePlacementInfo* at = p.placement(graph.nodes[n].id);
      if (!at) {
        ++p.missing;
        continue;
      }
      auto it = at->provider.empty() ? index.end() : index.find(at->provider);
      if (it == index.end()) {
        prov[n] = ProviderPaint::kUnplaced;
        ++p.unplaced;
      } else {
        prov[n] = it->second;
        ++p.counts[it->second];
        const api::SnapshotNode& node = graph.nodes[n];
        p.constants[it->second] += node.op_type == "Constant" && node.domain.empty();
      }
    }
    std::vector<char>& edge = p.boundary[g];
    edge.assign(graph.nodes.size(), 0);
    for (size_t n = 0; n < graph.nodes.size(); ++n) {
      bool crossed = isReorderOp(graph.nodes[n].op_type);
      for (int v : graph.nodes[n].inputs) {
        if (crossed || prov[n] < 0) break;
        if (v < 0 || v >= static_cast<int>(graph.values.size())) continue;
        const int from = graph.values[v].producer;
        // A Constant's output is a weight, not data flowing between kernels (and the graph
        // draws it as a weight row of this node): no boundary.
        crossed = from >= 0 && prov[from] >= 0 && prov[from] != prov[n] &&
                  !(graph.nodes[from].op_type == "Constant" && graph.nodes[from].domain.empty());
      }
      edge[n] = crossed;
      p.boundaries += crossed;
    }
  }
  return p;
}

}  // namespace widgets
}  // namespace onnxlens
