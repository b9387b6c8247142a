// Fusions for transformer models (BERT and its kin), as ONNX Runtime does them:
// - layer-norm-fusion: ReduceMean / Sub / Pow / ReduceMean / Add eps / Sqrt / Div / Mul / Add ->
//   LayerNormalization (basic when the model's opset has it, >= 17; extended otherwise, in ONNX
//   Runtime's form: ai.onnx LayerNormalization at any opset, which it accepts and we run),
// - gelu-fusion: x * 0.5 * (1 + Erf(x / sqrt 2)) in its exported orders -> com.microsoft Gelu,
// - bias-gelu-fusion: Gelu(Add(x, bias)) -> com.microsoft BiasGelu,
// - attention-fusion: BERT multi-head self-attention (Q/K/V MatMul + Add, Reshape, Transpose,
//   scaled QK^T, additive mask from a 0/1 attention mask, Softmax, MatMul V, Transpose, Reshape)
//   -> com.microsoft Attention with packed QKV weights and the raw mask as mask_index.
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddTransformerFusionPasses(std::vector<std::unique_ptr<Pass>>& out, Level level);

/// The nodes of the LayerNorm subgraph ending at the Add `add` (ReduceMean, Sub, Pow, ReduceMean,
/// Add eps, Sqrt, Div, Mul gamma, Add beta over the last axis, the intermediates read only inside
/// it), in that order, or none: what layer-norm-fusion fuses. The static quantizer leaves them
/// float.
std::vector<ir::Node*> MatchLayerNormSubgraph(ir::Node& add, int64_t opset);

}  // namespace onnxlens::passes
