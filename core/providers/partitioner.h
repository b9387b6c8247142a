// The partitioner: at session creation every node goes to the first provider, in preference order,
// whose Capability accepts it; the record says why the preferred ones declined. The CLI's
// `partition`, the trace's `provider` argument and the GUI's provider colouring read this record.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "common/status.h"
#include "ir/model.h"
#include "providers/execution_provider.h"

namespace onnxlens::providers {

struct Declined {
  std::string provider;
  DeclineReason reason = DeclineReason::kNone;
  std::string sentence;
};

/// Where one node runs and why.
struct NodePlacement {
  ir::NodeId node_id = 0;
  std::string graph;  ///< "" for the main graph, else the subgraph's name
  std::string node;   ///< the node's name, or "'' (Op) #id" for an unnamed one
  std::string op_type, domain;
  std::string provider;  ///< empty: no provider takes the node
  /// The next provider that also accepts it: runs the node when `provider`'s kernel declines a
  /// case at run time (shapes only known then). Empty when there is none.
  std::string fallback;
  std::vector<Declined> declined;  ///< the providers before `provider` in the order, and why not
};

struct Partition {
  std::vector<std::string> providers;     ///< the order asked for
  std::vector<NodePlacement> nodes;       ///< main graph in topological order, then each subgraph
  std::map<std::string, int64_t> counts;  ///< nodes per provider (unplaced ones not counted)

  /// The placement of a node, or null.
  const NodePlacement* Find(ir::NodeId id) const;
  /// Every node no provider takes, as "domain:Op (opset N, inputs float,...)" — sorted, unique.
  std::vector<std::string> Unplaced() const;

  std::unordered_map<ir::NodeId, size_t> index;  ///< node id -> position in `nodes`
  std::map<ir::NodeId, std::string> unplaced_descriptions;
};

/// Places every node of `model` (subgraphs included) on `providers` (preference order).
Expected<Partition> PartitionModel(const ir::Model& model,
                                   const std::vector<const ExecutionProvider*>& providers);

}  // namespace onnxlens::providers
