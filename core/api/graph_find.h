// Find in a graph (the view's Ctrl+F): space-separated terms are AND-ed; a term matches a node when
// it matches one of the node's fields: its name, op type, domain, or the name, dtype, type text or
// shape ("1×3×224×224", also written "1x3x224x224") of one of its inputs or outputs. A plain term
// matches a substring, ignoring case; "a quoted term" must equal a whole field, ignoring case;
// /a regex/ searches the fields (ECMAScript, ignoring case). Graph inputs and outputs match by
// their name and type.
#pragma once

#include <string>
#include <vector>

#include "api/graph_snapshot.h"
#include "common/status.h"

namespace onnxlens::api {

struct FindHit {
  bool is_node = true;  ///< else a graph input or output value
  int index = -1;       ///< node index or value index in the graph
};

/// The hits in graph order (inputs, nodes in topological order, outputs). An invalid regex is an
/// error naming it.
Expected<std::vector<FindHit>> FindInGraph(const GraphSnapshot& snapshot, int graph,
                                           const std::string& query);

}  // namespace onnxlens::api
