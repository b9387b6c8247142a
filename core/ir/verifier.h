// Graph verifier: structural invariants every pass must keep and every loaded model must meet.
#pragma once

#include "common/status.h"
#include "ir/graph.h"
#include "ir/model.h"

namespace onnxlens::ir {

/// Checks `graph` and its subgraphs: every node input is defined (graph input, initializer,
/// node output of this graph, or a value of an enclosing graph), each value has at most one
/// producer and is not both produced and an input/initializer, graph outputs are defined,
/// subgraphs only read their own or enclosing graphs' values, use lists are consistent, and
/// the graph is acyclic. The error names the graph, node and value.
Status VerifyGraph(const Graph& graph);

Status VerifyModel(const Model& model);

}  // namespace onnxlens::ir
