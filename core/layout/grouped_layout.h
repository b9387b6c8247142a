// Hierarchical layout that scales: nodes are grouped by their name scope
// ("/encoder/layer.3/attention/query/MatMul" -> groups /encoder, /encoder/layer.3, ...); each
// expanded group is laid out with dot on its direct members only (its nodes and its child groups
// as boxes of their own size), bottom-up, and placed inside its parent. Dot's cost grows with the
// square of a graph's size, so many small runs stay fast where one 10,000-node run takes minutes.
// A collapsed group is one box. Edges between items of one group use dot's splines; edges that
// cross group frames are drawn as simple vertical curves between the items.
#pragma once

#include <string>
#include <vector>

#include "common/graph_layout.h"
#include "common/progress.h"
#include "common/status.h"
#include "layout/dot_layout.h"

namespace onnxlens::layout {

/// Builds the scope tree from node names ("/a/b/Op" is in group "/a/b"). A group with a single
/// member is dissolved into its parent, so every group holds at least two things. Names without a
/// scope are in the root.
Hierarchy GroupByScope(const std::vector<std::string>& node_names);

/// The last steps of every grouping: more than 400 direct nodes of a group go into pages of 200
/// (named by their first and last of `node_names`), more than 48 child groups into pages of 32,
/// and `total_nodes` is counted.
void FinishHierarchy(Hierarchy* h, const std::vector<std::string>& node_names);

/// The first view of a large graph: groups opened breadth-first (biggest first) while the items
/// on screen (visible nodes + collapsed groups) stay within `budget`. Returns `expanded`.
std::vector<bool> AutoExpand(const Hierarchy& h, int budget);

/// The cancel token is polled between dot runs; progress (Stage::kLayingOut, detail "done/total")
/// counts expanded groups.
Expected<GroupedLayout> LayOut(const LayoutInput& in, const JobControl& job = {});

}  // namespace onnxlens::layout
