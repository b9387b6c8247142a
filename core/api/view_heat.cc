// Heat of a graph view.
#include "api/view_heat.h"

#include <algorithm>

#include "api/trace.h"

namespace onnxlens::api {

ViewHeat HeatOfView(const GraphViewModel& model, const SnapshotGraph& graph,
                    const std::unordered_map<std::string, double>& shares) {
  std::vector<double> node_share(graph.nodes.size(), -1);
  for (size_t n = 0; n < graph.nodes.size(); ++n) {
    const SnapshotNode& node = graph.nodes[n];
    auto it = shares.find(TraceNodeLabel(node.name, node.op_type, node.id));
    if (it != shares.end()) node_share[n] = it->second;
  }
  ViewHeat heat = HeatOfView(model, node_share);
  // Nodes of the profile the graph does not have count towards the hottest too.
  for (const auto& [node, share] : shares) heat.hottest = std::max(heat.hottest, share);
  return heat;
}

ViewHeat HeatOfView(const GraphViewModel& model, const std::vector<double>& node_share) {
  ViewHeat heat;
  for (double share : node_share) heat.hottest = std::max(heat.hottest, share);
  const auto& items = model.items;
  const auto& h = model.layout.hierarchy;
  heat.item_share.assign(items.size(), -1);
  heat.group_share.assign(h.groups.size(), -1);
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].kind != ViewItemKind::kNode) continue;
    const int n = items[i].index;
    if (n < 0 || n >= static_cast<int>(node_share.size()) || node_share[n] < 0) continue;
    const double share = node_share[n];
    heat.item_share[i] = share;
    ++heat.profiled;
    if (heat.hottest_item < 0 || share > heat.item_share[heat.hottest_item])
      heat.hottest_item = static_cast<int>(i);
    if (i >= h.group_of_node.size()) continue;
    for (int g = h.group_of_node[i]; g > 0; g = h.groups[g].parent)
      heat.group_share[g] = std::max(heat.group_share[g], share);
  }
  return heat;
}

}  // namespace onnxlens::api
