// Documentation of the com.microsoft ops the optimizer emits (ONNX Runtime's contrib ops), which
// ONNX's schema registry does not hold.
#pragma once

#include <optional>
#include <string>

#include "api/op_doc.h"

namespace onnxlens::api {

/// The documentation of com.microsoft op `op_type` (FusedConv, FusedGemm, FusedMatMul, Gelu,
/// FastGelu, BiasGelu, Attention, EmbedLayerNormalization, SkipLayerNormalization,
/// LayerNormalization); nullopt for another op.
std::optional<OpDoc> FindContribOpDoc(const std::string& op_type);

}  // namespace onnxlens::api
