// Node correspondence between two graphs shown side by side, and the op-count table.
//
// Two sources of correspondence:
// - provenance (DiffByProvenance): both graphs are snapshots of one model taken while the
//   optimizer ran, so node ids are stable and a fused node's `origins` name the nodes it replaced;
// - matching (DiffByMatching): two unrelated files (a model diff). Nodes are matched by unique
//   name, then by structure (same op type and matched neighbours or shared value names); what
//   stays unmatched is grouped into connected regions, and a region on one side that shares a
//   boundary value with a region on the other is a replacement (shown as fused), else it was
//   removed or added.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "api/graph_snapshot.h"

namespace onnxlens::api {

enum class DiffState {
  kUnchanged,  ///< the same node on both sides
  kModified,   ///< the same node with other attributes, op type or weights
  kFused,      ///< several nodes became one (or a region was replaced by another)
  kRemoved,    ///< only on the left
  kAdded,      ///< only on the right
};
const char* DiffStateName(DiffState state);

struct GraphDiff {
  std::vector<DiffState> left, right;           ///< per node of each graph
  std::vector<std::vector<int>> left_to_right;  ///< counterpart node indices, sorted
  std::vector<std::vector<int>> right_to_left;
  /// Node counts per state: left side for removed, right side for added, fused counted on the
  /// right (fused nodes) and on the left (nodes fused away).
  int unchanged = 0, modified = 0, removed = 0, added = 0, fused = 0, fused_origins = 0;
  bool identical() const { return modified + removed + added + fused == 0; }
};

/// Both graphs are snapshots of the same model at two points of one optimization run.
GraphDiff DiffByProvenance(const SnapshotGraph& before, const SnapshotGraph& after);
/// Two unrelated graphs (e.g. a model and another file): match by name, then by structure.
GraphDiff DiffByMatching(const SnapshotGraph& left, const SnapshotGraph& right);

struct OpCountRow {
  std::string op;  ///< "Conv", or "com.microsoft:FusedConv"
  int64_t before = 0, after = 0;
};
struct OpCountTable {
  std::vector<OpCountRow> rows;  ///< sorted by op
  int64_t nodes_before = 0, nodes_after = 0;
  int64_t initializers_before = 0, initializers_after = 0;
  int64_t bytes_before = 0, bytes_after = 0;  ///< initializer bytes
};
/// Op counts over every graph of each snapshot (subgraphs included), with totals.
OpCountTable CompareOpCounts(const GraphSnapshot& before, const GraphSnapshot& after);

}  // namespace onnxlens::api
