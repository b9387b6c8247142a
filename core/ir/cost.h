// What a graph costs to run, from its static shapes: multiply-accumulates and floating-point
// operations per node and per op type, and an estimate of the activation memory (the peak of the
// intermediate tensors alive at once when the nodes run in topological order, each freed after
// its last reader, as the runtime's plan does). Symbolic dimensions ("batch") count as 1.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/graph.h"

namespace onnxlens::ir {

/// The arithmetic of one node. MACs are the multiply-accumulates of the matrix-like ops (Conv,
/// ConvTranspose, Gemm, MatMul and their fused forms); FLOPs count 2 per MAC plus the other
/// arithmetic: 1 per output element for element-wise ops, a bias or a fused activation, a few per
/// element for normalizations and softmax, the window for pooling, the input for reductions.
/// Data movement (Reshape, Transpose, Gather, Concat, ...) costs 0.
struct NodeCost {
  int64_t macs = 0;
  int64_t flops = 0;
  /// False when the op is not one the estimator knows, or a shape it needs is not static (an
  /// unknown dimension): then macs and flops are 0 and the node is reported as not counted.
  bool counted = false;
};

/// The cost of `node` from the static shapes of its inputs and outputs (symbolic dims as 1).
NodeCost EstimateNodeCost(const Node& node);

struct OpTypeCost {
  std::string op;  ///< op type; non-default domains prefixed ("com.microsoft.FusedConv")
  int64_t nodes = 0;
  int64_t macs = 0;
  int64_t flops = 0;
  int64_t uncounted = 0;  ///< nodes of this type whose cost is unknown
};

struct GraphCost {
  std::vector<OpTypeCost> by_op;  ///< by FLOPs, descending; then by name
  int64_t macs = 0;
  int64_t flops = 0;
  int64_t uncounted_nodes = 0;
  /// The peak bytes of non-initializer tensors alive at once (graph inputs from the start, every
  /// node output from its node to its last reader, graph outputs to the end).
  int64_t activation_peak_bytes = 0;
  /// All non-initializer tensors' bytes added up (what a plan without reuse would hold).
  int64_t activation_total_bytes = 0;
  /// Values left out of both activation figures: their size is not static, or not a tensor.
  int64_t unsized_values = 0;
  /// True when a symbolic dimension was counted as 1 (the figures are per item of a batch).
  bool symbolic_dims_as_one = false;
};

/// The cost of `graph`'s own nodes (subgraph bodies are not counted: how often they run is not
/// known statically).
GraphCost EstimateGraphCost(const Graph& graph);

}  // namespace onnxlens::ir
