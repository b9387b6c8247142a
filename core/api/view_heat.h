// Heat of a graph view: each drawn node's share of a profile's kernel time and, for every
// name-scope group, its hottest node's share (a closed group shows it, so the heat leads into the
// groups). The GUI maps the shares to colours.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "api/graph_snapshot.h"
#include "api/graph_view_model.h"

namespace onnxlens::api {

struct ViewHeat {
  std::vector<double> item_share;   ///< per view item, percent; -1: not a node, or not profiled
  std::vector<double> group_share;  ///< per group of the model's hierarchy; -1: none inside
  double hottest = 0;               ///< the largest share of any node (drawn or not)
  int profiled = 0;                 ///< node items with a share
  int hottest_item = -1;            ///< the node item with the largest share (-1: none)
};

/// `shares` by trace label (HeatShares); `graph` is the snapshot graph `model` was built from.
ViewHeat HeatOfView(const GraphViewModel& model, const SnapshotGraph& graph,
                    const std::unordered_map<std::string, double>& shares);
/// The same with each node's share by its index in the graph (negative: none), for a caller that
/// knows its nodes (layer SQNR) without making a label per node.
ViewHeat HeatOfView(const GraphViewModel& model, const std::vector<double>& node_share);

}  // namespace onnxlens::api
