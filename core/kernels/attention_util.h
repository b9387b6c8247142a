// What the reference and CPU kernels of com.microsoft Attention share: validating the inputs and
// attributes (ONNX Runtime's contrib-op semantics) and the additive mask of each query row.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/kernel.h"

namespace onnxlens::kernels {

struct AttentionShape {
  int64_t batch = 0, seq = 0, input_hidden = 0;
  int64_t heads = 0, head_size = 0, hidden = 0;  ///< hidden = heads * head_size
  float scale = 0;                               ///< attribute, or 1/sqrt(head_size)
  float mask_filter = -10000.f;
  bool unidirectional = false;
  /// The mask_index input: none, [B] (key end positions), [B, S] raw, or [B, S, S] raw.
  const ir::Tensor* mask = nullptr;
};

/// Checks input [B, S, H_in], weights [H_in, 3 * hidden], bias [3 * hidden], mask_index, the
/// attributes, and rejects what the kernels do not do (past state, attention bias, unequal
/// qkv_hidden_sizes) with an error naming the node.
Expected<AttentionShape> CheckAttention(const OpKernelContext& ctx);

/// Fills `row` (length S) with the additive mask of query `i` in batch `b`: 0 to attend,
/// mask_filter to mask (mask value 0, or key position past the end, or causal).
void AttentionMaskRow(const AttentionShape& s, int64_t b, int64_t i, float* row);

}  // namespace onnxlens::kernels
