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

/// Why a hit matched: the field of the node (or value) a term matched first.
struct FindReason {
  enum Field {
    kName,        ///< the node's or value's name
    kOpType,      ///< the node's op type
    kDomain,      ///< the node's domain
    kInputName,   ///< the name of input `value` of the node
    kInputType,   ///< its dtype, type or shape
    kOutputName,  ///< the name of output `value` of the node
    kOutputType,  ///< its dtype, type or shape
    kType,        ///< the value's own dtype, type or shape
  };
  Field field = kName;
  int value = -1;  ///< the input or output value, for those fields
};

struct FindHit {
  bool is_node = true;              ///< else a value: a graph input or output, or an initializer
  int index = -1;                   ///< node index or value index in the graph
  bool initializer = false;         ///< a value hit that is an initializer (a weight)
  std::vector<FindReason> reasons;  ///< one per term: what it matched
};

/// The hits in graph order (inputs, initializers, nodes in topological order, outputs). An
/// initializer matches by its name, dtype and shape, and is a hit of its own (its consumers match
/// through their input too, with that reason). An invalid regex is an error naming it.
Expected<std::vector<FindHit>> FindInGraph(const GraphSnapshot& snapshot, int graph,
                                           const std::string& query);

}  // namespace onnxlens::api
