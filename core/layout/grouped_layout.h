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

#include "common/progress.h"
#include "common/status.h"
#include "layout/dot_layout.h"

namespace onnxlens::layout {

struct Group {
  std::string path;  ///< "/encoder/layer.3" ("" for the root)
  int parent = -1;
  std::vector<int> groups;  ///< child groups
  std::vector<int> nodes;   ///< nodes directly inside
  int total_nodes = 0;      ///< nodes inside, at any depth
};

/// Groups (index 0 is the root) and each node's innermost group.
struct Hierarchy {
  std::vector<Group> groups;
  std::vector<int> group_of_node;
};

/// Builds the scope tree from node names ("/a/b/Op" is in group "/a/b"). A group with a single
/// member is dissolved into its parent, so every group holds at least two things. Names without a
/// scope are in the root.
Hierarchy GroupByScope(const std::vector<std::string>& node_names);

struct Rect {
  double x = 0, y = 0, width = 0, height = 0;
  Point center() const { return {x + width / 2, y + height / 2}; }
};

/// An item of the view: a node, or a collapsed group drawn as one box.
struct Item {
  bool is_group = false;
  int index = -1;
  bool operator==(const Item& o) const { return is_group == o.is_group && index == o.index; }
};

struct Route {
  Item from, to;
  int count = 1;              ///< graph edges this route stands for
  std::vector<Point> spline;  ///< cubic Bezier control points (3n + 1)
};

struct LayoutInput {
  std::vector<Box> nodes;
  std::vector<FlatEdge> edges;  ///< node indices
  Hierarchy hierarchy;
  std::vector<bool> expanded;  ///< per group; the root is always expanded
  Box collapsed_box{160, 44};
  double padding = 12;  ///< inside an expanded group's frame
  double header = 20;   ///< room for the group's title at the top of its frame
  bool left_to_right = false;
};

struct GroupedLayout {
  std::vector<bool> node_visible;   ///< false: inside a collapsed group
  std::vector<Rect> node_rects;     ///< absolute; valid when visible
  std::vector<bool> group_visible;  ///< drawn (as a frame when expanded, a box when collapsed)
  std::vector<Rect> group_rects;
  std::vector<Route> routes;
  double width = 0, height = 0;
  int dot_runs = 0;
  int largest_dot_graph = 0;  ///< boxes in the biggest single dot run
};

/// The first view of a large graph: groups opened breadth-first (biggest first) while the items
/// on screen (visible nodes + collapsed groups) stay within `budget`. Returns `expanded`.
std::vector<bool> AutoExpand(const Hierarchy& h, int budget);

/// The cancel token is polled between dot runs; progress (Stage::kLayingOut, detail "done/total")
/// counts expanded groups.
Expected<GroupedLayout> LayOut(const LayoutInput& in, const JobControl& job = {});

}  // namespace onnxlens::layout
