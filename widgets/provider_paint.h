// What provider colouring paints on a model's graphs, as plain data computed off the UI thread
// from a partition and the snapshot drawn: each node's provider, the boundary nodes (a reorder, or
// a node reading a tensor another provider's node computed, Constants aside), and the counts the
// legend shows.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "api/graph_snapshot.h"
#include "api/partition.h"

namespace onnxlens {
namespace widgets {

struct ProviderPaint {
  static constexpr int kUnplaced = -1;  ///< no provider runs the node
  static constexpr int kMissing = -2;   ///< the partition does not know the node

  std::shared_ptr<const api::PartitionReport> report;
  std::shared_ptr<const api::GraphSnapshot> snapshot;  ///< what the vectors below index
  std::vector<std::string> providers;                  ///< the order, as in the report
  /// [graph][node]: index into `providers`, kUnplaced or kMissing.
  std::vector<std::vector<int>> provider;
  /// [graph][node]: a reorder node, or one reading a value another provider produced (a
  /// Constant's output is a weight, not a crossing).
  std::vector<std::vector<char>> boundary;
  std::vector<int64_t> counts;  ///< nodes per provider, over every graph of the snapshot
  /// Of `counts`, the Constant nodes (the graph draws them as weight rows, not as boxes).
  std::vector<int64_t> constants;
  int64_t unplaced = 0;  ///< nodes no provider runs
  int64_t missing = 0;   ///< snapshot nodes the partition does not name
  int64_t boundaries = 0;
  /// node id -> index into report->nodes.
  std::unordered_map<int64_t, size_t> placement_of_id;

  /// The placement of node `id`, or null.
  const api::NodePlacementInfo* placement(int64_t id) const;
  int64_t nodes() const;  ///< counted nodes: the counts, the unplaced and the missing
};

/// True for layout reorder nodes (ReorderInput / ReorderOutput of the NCHWc layout, any op whose
/// type starts with "Reorder").
bool isReorderOp(const std::string& opType);

/// Paints every graph of `snapshot` with `report` (nodes matched by id, which is unique
/// model-wide; the report must come from the same model as the snapshot).
ProviderPaint PaintProviders(std::shared_ptr<const api::PartitionReport> report,
                             std::shared_ptr<const api::GraphSnapshot> snapshot);

}  // namespace widgets
}  // namespace onnxlens
