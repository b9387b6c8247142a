// Operator category table.
#include "api/op_category.h"

#include <string>
#include <unordered_map>

namespace onnxlens::api {

namespace {

const std::unordered_map<std::string, OpCategory>& CategoryTable() {
  static const auto* table = [] {
    auto* t = new std::unordered_map<std::string, OpCategory>;
    auto add = [&](OpCategory c, std::initializer_list<const char*> ops) {
      for (const char* op : ops) t->emplace(op, c);
    };
    add(OpCategory::kLayer,
        {"Conv", "ConvTranspose", "ConvInteger", "Gemm", "MatMul", "MatMulInteger", "LSTM", "GRU",
         "RNN", "FusedConv", "FusedGemm", "FusedMatMul", "QLinearConv", "QLinearMatMul",
         "DeformConv", "Einsum", "NhwcConv", "MatMulNBits", "QGemm"});
    add(OpCategory::kActivation, {"Relu",
                                  "LeakyRelu",
                                  "PRelu",
                                  "Sigmoid",
                                  "HardSigmoid",
                                  "Tanh",
                                  "Elu",
                                  "Selu",
                                  "Celu",
                                  "Softplus",
                                  "Softsign",
                                  "HardSwish",
                                  "Mish",
                                  "Gelu",
                                  "FastGelu",
                                  "BiasGelu",
                                  "QuickGelu",
                                  "Softmax",
                                  "LogSoftmax",
                                  "Hardmax",
                                  "ThresholdedRelu",
                                  "Clip",
                                  "QLinearSigmoid",
                                  "QLinearLeakyRelu",
                                  "QLinearSoftmax",
                                  "BiasSoftmax"});
    add(OpCategory::kPool,
        {"MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool", "LpPool", "GlobalLpPool",
         "MaxRoiPool", "RoiAlign", "MaxUnpool", "QLinearAveragePool", "QLinearGlobalAveragePool"});
    add(OpCategory::kNormalization,
        {"BatchNormalization", "LayerNormalization", "InstanceNormalization", "GroupNormalization",
         "LpNormalization", "MeanVarianceNormalization", "LRN", "SkipLayerNormalization",
         "SimplifiedLayerNormalization", "EmbedLayerNormalization",
         "SkipSimplifiedLayerNormalization", "Dropout"});
    add(OpCategory::kShape,
        {"Reshape", "Flatten", "Squeeze", "Unsqueeze", "Shape", "Size", "Transpose", "Expand",
         "Tile", "Pad", "DepthToSpace", "SpaceToDepth", "Resize", "Upsample", "ConstantOfShape",
         "EyeLike", "Range", "Trilu", "CenterCropPad"});
    add(OpCategory::kTensor, {"Concat",
                              "Split",
                              "Slice",
                              "Gather",
                              "GatherElements",
                              "GatherND",
                              "Scatter",
                              "ScatterElements",
                              "ScatterND",
                              "Identity",
                              "Constant",
                              "Cast",
                              "CastLike",
                              "Where",
                              "OneHot",
                              "NonZero",
                              "TopK",
                              "Unique",
                              "Compress",
                              "ReverseSequence",
                              "SplitToSequence",
                              "ConcatFromSequence",
                              "SequenceAt",
                              "SequenceConstruct",
                              "SequenceEmpty",
                              "SequenceErase",
                              "SequenceInsert",
                              "SequenceLength",
                              "ArgMax",
                              "ArgMin"});
    add(OpCategory::kQuantization,
        {"QuantizeLinear", "DequantizeLinear", "DynamicQuantizeLinear", "QLinearAdd", "QLinearMul",
         "QLinearConcat", "DynamicQuantizeMatMul", "DynamicQuantizeLSTM", "MatMulIntegerToFloat"});
    add(OpCategory::kControl, {"If", "Loop", "Scan"});
    add(OpCategory::kAttention, {"Attention", "MultiHeadAttention", "GroupQueryAttention",
                                 "PackedAttention", "RotaryEmbedding", "DecoderAttention"});
    return t;
  }();
  return *table;
}

}  // namespace

OpCategory CategorizeOp(std::string_view domain, std::string_view op_type) {
  const auto& t = CategoryTable();
  auto it = t.find(std::string(op_type));
  if (it != t.end()) return it->second;
  const bool standard = domain.empty() || domain == "ai.onnx" || domain == "ai.onnx.ml";
  return standard ? OpCategory::kElementwise : OpCategory::kCustom;
}

std::string_view OpCategoryName(OpCategory c) {
  switch (c) {
    case OpCategory::kLayer:
      return "layer";
    case OpCategory::kActivation:
      return "activation";
    case OpCategory::kPool:
      return "pool";
    case OpCategory::kNormalization:
      return "normalization";
    case OpCategory::kShape:
      return "shape";
    case OpCategory::kTensor:
      return "tensor";
    case OpCategory::kQuantization:
      return "quantization";
    case OpCategory::kControl:
      return "control";
    case OpCategory::kAttention:
      return "attention";
    case OpCategory::kElementwise:
      return "elementwise";
    case OpCategory::kCustom:
      return "custom";
  }
  return "custom";
}

}  // namespace onnxlens::api
