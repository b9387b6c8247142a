// A graph layout as plain data: boxes, the name-scope hierarchy, what to lay out (LayoutInput) and
// the result (GroupedLayout: rectangles and edge splines in points, y growing downwards).
// core/layout computes it with Graphviz; dependency-free so that core/api and the GUI can hold
// layouts without reaching into core/layout.
#pragma once

#include <string>
#include <vector>

namespace onnxlens::layout {

struct Point {
  double x = 0, y = 0;
};

struct Box {
  double width = 0, height = 0;  ///< points
};

struct FlatEdge {
  int from = 0, to = 0;  ///< indices into FlatGraph::boxes
};

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
  /// Points between ranks (dot's ranksep): left to right, room for the edges' shape labels.
  double rank_sep = 28;
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

}  // namespace onnxlens::layout
