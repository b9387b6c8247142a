// Operator categories as Netron colours them (layer, activation, pool, normalization, shape,
// tensor, quantization, control, attention, custom); shared by the CLI, the summary and the graph.
#pragma once

#include <string_view>

namespace onnxlens::api {

enum class OpCategory {
  kLayer,
  kActivation,
  kPool,
  kNormalization,
  kShape,
  kTensor,
  kQuantization,
  kControl,
  kAttention,
  kElementwise,
  kCustom,
};

/// The category of an operator of `domain` ("" = ai.onnx). Unknown ops of the default domain
/// count as element-wise math; ops of other domains not listed are custom.
OpCategory CategorizeOp(std::string_view domain, std::string_view op_type);

std::string_view OpCategoryName(OpCategory c);

}  // namespace onnxlens::api
