// One Graphviz `dot` run on a flat graph of boxes: positions of the boxes and the splines of the
// edges, in points (1/72 inch), y growing downwards. Graphviz keeps global state, so runs are
// serialized; callers lay out small graphs many times (see grouped_layout.h), never one huge one.
#pragma once

#include <string>
#include <vector>

#include "common/graph_layout.h"
#include "common/status.h"

namespace onnxlens::layout {

struct FlatGraph {
  std::vector<Box> boxes;
  std::vector<FlatEdge> edges;
  bool left_to_right = false;  ///< rankdir LR instead of TB
  double node_sep = 18;        ///< points between boxes of one rank
  double rank_sep = 28;        ///< points between ranks
};

struct FlatLayout {
  std::vector<Point> centers;               ///< one per box
  std::vector<std::vector<Point>> splines;  ///< one per edge: cubic Bezier control points
  double width = 0, height = 0;             ///< bounding box; origin at the top left
};

/// Lays out `g` with dot. An error names what Graphviz refused. Results are remembered by their
/// exact input (least recently used out beyond 64 MiB, shared by every caller of the process):
/// the same input again gets the same layout without a run.
Expected<FlatLayout> RunDot(const FlatGraph& g);
/// The same without the memo.
Expected<FlatLayout> RunDotUncached(const FlatGraph& g);

/// Dot runs made and served from the memo since the process started.
struct DotStats {
  long runs = 0;
  long hits = 0;
};
DotStats GetDotStats();

}  // namespace onnxlens::layout
