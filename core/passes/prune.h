// Model edits on the graph outputs (issue 20, "Pruning"): keep or drop some of the main graph's
// outputs and remove everything only the removed ones needed (nodes, initializers, values), or
// expose intermediate tensors as outputs (Polygraphy's `mark`). Graph inputs are kept even when
// nothing reads them any more: the model's callers and their input files still fit, and ONNX
// Runtime accepts a declared input no node reads (it is fed and ignored).
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "ir/model.h"

namespace onnxlens::passes {

struct OutputEdit {
  std::vector<std::string> keep;  ///< outputs to keep (the others go); empty = all
  std::vector<std::string> drop;  ///< outputs to remove
  std::vector<std::string> add;   ///< intermediate tensors (main graph) to expose as outputs
  bool empty() const { return keep.empty() && drop.empty() && add.empty(); }
};

struct OutputEditResult {
  std::vector<std::string> removed_outputs, added_outputs;
  int nodes_removed = 0, initializers_removed = 0;
};

/// Applies `edit` to the main graph: `keep` and `drop` exclude each other; an unknown output or
/// tensor name, or an edit leaving no output, is an error listing what the graph has (the model
/// is then unchanged). Added outputs take the tensor's type and shape as inferred at load time
/// (a tensor whose type is not known is an error: a graph output needs one).
Expected<OutputEditResult> EditOutputs(ir::Model& model, const OutputEdit& edit);

}  // namespace onnxlens::passes
