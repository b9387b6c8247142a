// Heat of a graph view.
#include "api/view_heat.h"

#include <algorithm>

#include "api/trace.h"

namespace onnxlens::api {

ViewHeat HeatOfView(const GraphViewModel& model, const SnapshotGraph& graph,
                    const std::unordered_map<std::string, double>& shares) {
  ViewHeat heat;
  for (const auto& [node, share] : shares) heat.hottest = std::max(heat.hottest, share);
  const auto& items = model.items;
  const auto& h = model.layout.hierarchy;
  heat.item_share.assign(items.size(), -1);
  heat.group_share.assign(h.groups.size(), -1);
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].kind != ViewItemKind::kNode) continue;
    const SnapshotNode& n = graph.nodes[items[i].index];
    auto it = shares.find(TraceNodeLabel(n.name, n.op_type, n.id));
    if (it == shares.end()) continue;
    heat.item_share[i] = it->second;
    ++heat.profiled;
    if (heat.hottest_item < 0 || it->second > heat.item_share[heat.hottest_item])
      heat.hottest_item = static_cast<int>(i);
    if (i >= h.group_of_node.size()) continue;
    for (int g = h.group_of_node[i]; g > 0; g = h.groups[g].parent)
      heat.group_share[g] = std::max(heat.group_share[g], it->second);
  }
  return heat;
}

}  // namespace onnxlens::api
