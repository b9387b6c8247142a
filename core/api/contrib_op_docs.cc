// Documentation of the com.microsoft ops the optimizer emits (ONNX Runtime's contrib ops, not in
// ONNX's schema registry), after ONNX Runtime's ContribOperators.md: their input and output
// names (X, W, B, Z rather than in1, in2), attributes and a summary, so that a fused node can be
// inspected like any other.
#include "api/contrib_op_docs.h"

#include <map>

namespace onnxlens::api {

namespace {

OpFormalParameter In(const char* name, const char* description, bool optional = false) {
  return {name, description, "T", optional ? "optional" : ""};
}

OpAttributeDoc Attr(const char* name, const char* type, const char* description,
                    bool required = false) {
  return {name, description, type, required};
}

OpDoc Doc(const char* op, const char* doc, std::vector<OpFormalParameter> inputs,
          std::vector<OpFormalParameter> outputs, std::vector<OpAttributeDoc> attributes) {
  OpDoc d;
  d.domain = "com.microsoft";
  d.op_type = op;
  d.since_version = 1;
  d.doc = doc;
  d.inputs = std::move(inputs);
  d.outputs = std::move(outputs);
  d.attributes = std::move(attributes);
  d.type_constraints = {{"T", {"tensor(float)", "tensor(float16)"}, "float tensors"}};
  return d;
}

std::vector<OpAttributeDoc> ConvAttributes() {
  return {Attr("activation", "STRING",
               "the fused activation applied to the output: Relu, Clip, Sigmoid, Tanh, "
               "LeakyRelu or HardSigmoid"),
          Attr("activation_params", "FLOATS",
               "the activation's parameters (Clip's min and max, LeakyRelu's alpha, ...)"),
          Attr("auto_pad", "STRING", "as Conv's"),
          Attr("dilations", "INTS", "as Conv's"),
          Attr("group", "INT", "as Conv's"),
          Attr("kernel_shape", "INTS", "as Conv's"),
          Attr("pads", "INTS", "as Conv's"),
          Attr("strides", "INTS", "as Conv's")};
}

std::map<std::string, OpDoc> MakeDocs() {
  std::map<std::string, OpDoc> m;
  auto add = [&](OpDoc d) { m.emplace(d.op_type, std::move(d)); };
  add(Doc("FusedConv",
          "The same as `Conv`, followed by the activation named by the `activation` attribute; "
          "with the optional input `Z`, `Z` is added to the convolution's output before the "
          "activation (a residual sum computed in the convolution's output).",
          {In("X", "input data, N x C x H x W"), In("W", "the weights, M x C/group x kH x kW"),
           In("B", "the bias, of length M", true),
           In("Z", "added to the convolution's output before the activation", true)},
          {In("Y", "the output")}, ConvAttributes()));
  add(Doc("FusedGemm",
          "The same as `Gemm` (`alpha * A' * B' + beta * C`), followed by the activation named by "
          "the `activation` attribute.",
          {In("A", "the first matrix"), In("B", "the second matrix"),
           In("C", "added to the product", true)},
          {In("Y", "the output")},
          {Attr("activation", "STRING", "the fused activation"),
           Attr("activation_alpha", "FLOAT", "the activation's alpha"),
           Attr("activation_beta", "FLOAT", "the activation's beta"),
           Attr("activation_gamma", "FLOAT", "the activation's gamma"),
           Attr("alpha", "FLOAT", "as Gemm's"), Attr("beta", "FLOAT", "as Gemm's"),
           Attr("transA", "INT", "as Gemm's"), Attr("transB", "INT", "as Gemm's")}));
  add(Doc("FusedMatMul",
          "`MatMul` with an optional transpose of the last two dimensions of `A` and `B` and the "
          "product scaled by `alpha`.",
          {In("A", "the first operand"), In("B", "the second operand")}, {In("Y", "the product")},
          {Attr("alpha", "FLOAT", "the scale of the product"),
           Attr("transA", "INT", "transpose the last two dimensions of A"),
           Attr("transB", "INT", "transpose the last two dimensions of B"),
           Attr("transBatchA", "INT", "transpose A's batch dimensions"),
           Attr("transBatchB", "INT", "transpose B's batch dimensions")}));
  add(Doc("Gelu", "Gaussian Error Linear Unit: `Y = 0.5 * X * (1 + erf(X / sqrt(2)))`.",
          {In("X", "the input")}, {In("Y", "the output")}, {}));
  add(Doc("QuickGelu",
          "`Y = X * sigmoid(alpha * X)`: GELU approximated with a sigmoid (alpha 1.702), or SiLU / "
          "Swish with alpha 1 (what quick-gelu-fusion makes of `X * Sigmoid(X)`).",
          {In("X", "the input")}, {In("Y", "the output")},
          {Attr("alpha", "FLOAT", "the scale inside the sigmoid (default 1.702)")}));
  add(Doc("FastGelu",
          "GELU approximated with tanh: `Y = 0.5 * X * (1 + tanh(0.797885 * X + 0.035677 * X^3))`, "
          "with the optional `bias` added to `X` first.",
          {In("X", "the input"), In("bias", "added to X before GELU", true)},
          {In("Y", "the output")}, {}));
  add(Doc("BiasGelu", "GELU of the sum of `A` and the bias `B`.",
          {In("A", "the input"), In("B", "the bias, of A's last dimension")},
          {In("C", "the output")}, {}));
  add(Doc("Attention",
          "Multi-head self-attention as in BERT: one projection of the input to Q, K and V with "
          "the merged `weights` and `bias`, scaled dot-product attention over `num_heads` heads "
          "with the optional `mask_index`, and the heads concatenated.",
          {In("input", "batch x sequence x hidden"),
           In("weights", "hidden x 3*hidden: the Q, K and V projections merged"),
           In("bias", "3*hidden: the Q, K and V biases merged", true),
           In("mask_index", "the attention mask", true), In("past", "the past state", true)},
          {In("output", "batch x sequence x hidden"), In("present", "the present state", true)},
          {Attr("num_heads", "INT", "the number of attention heads", true),
           Attr("unidirectional", "INT", "1: each position attends only to earlier ones"),
           Attr("qkv_hidden_sizes", "INTS", "the hidden sizes of Q, K and V"),
           Attr("scale", "FLOAT", "the scale of Q*K' (default 1/sqrt(head size))")}));
  add(Doc("EmbedLayerNormalization",
          "BERT's embedding layer fused: looks up `input_ids` in `word_embedding`, positions in "
          "`position_embedding` and `segment_ids` in `segment_embedding`, adds them and applies "
          "layer normalization with `gamma` and `beta`; also turns the optional `mask` into the "
          "mask index the Attention nodes read.",
          {In("input_ids", "batch x sequence word ids"),
           In("segment_ids", "batch x sequence segment ids", true),
           In("word_embedding", "the word embedding table"),
           In("position_embedding", "the position embedding table"),
           In("segment_embedding", "the segment embedding table", true),
           In("gamma", "layer normalization's scale"), In("beta", "layer normalization's bias"),
           In("mask", "batch x sequence attention mask", true),
           In("position_ids", "the positions to look up", true)},
          {In("output", "batch x sequence x hidden"), In("mask_index", "the mask index"),
           In("embedding_sum", "the sum before normalization", true)},
          {Attr("epsilon", "FLOAT", "layer normalization's epsilon")}));
  add(Doc(
      "SkipLayerNormalization",
      "Layer normalization of `input + skip (+ bias)` with `gamma` and `beta`: a residual "
      "connection and the normalization after it in one node.",
      {In("input", "batch x sequence x hidden"), In("skip", "the residual, as input"),
       In("gamma", "layer normalization's scale"), In("beta", "layer normalization's bias", true),
       In("bias", "added to the sum before normalization", true)},
      {In("output", "the normalized sum"), In("mean", "the mean", true),
       In("inv_std_var", "the inverse standard deviation", true),
       In("input_skip_bias_sum", "the sum before normalization", true)},
      {Attr("epsilon", "FLOAT", "layer normalization's epsilon")}));
  add(Doc("LayerNormalization",
          "Layer normalization over the axes from `axis` on: `(X - mean) / sqrt(var + epsilon) * "
          "Scale + B` (ONNX Runtime's form, at any opset).",
          {In("X", "the input"), In("Scale", "the scale"), In("B", "the bias", true)},
          {In("Y", "the output"), In("Mean", "the mean", true),
           In("InvStdDev", "the inverse standard deviation", true)},
          {Attr("axis", "INT", "the first normalized axis"),
           Attr("epsilon", "FLOAT", "added to the variance"),
           Attr("stash_type", "INT", "the type of the mean and variance")}));
  for (const bool is_add : {true, false}) {
    OpDoc d = Doc(is_add ? "QLinearAdd" : "QLinearMul",
                  is_add ? "`C = quantize(dequantize(A) + dequantize(B))` with numpy broadcasting, "
                           "per-tensor scales and zero points; the optimizer makes it of a "
                           "DequantizeLinear -> Add -> QuantizeLinear unit, rounding as ONNX "
                           "Runtime does."
                         : "`C = quantize(dequantize(A) * dequantize(B))` with numpy broadcasting, "
                           "per-tensor scales and zero points; the optimizer makes it of a "
                           "DequantizeLinear -> Mul -> QuantizeLinear unit, rounding as ONNX "
                           "Runtime does.",
                  {In("A", "the first input"), In("A_scale", "A's scale (float)"),
                   In("A_zero_point", "A's zero point", true), In("B", "the second input"),
                   In("B_scale", "B's scale (float)"), In("B_zero_point", "B's zero point", true),
                   In("C_scale", "the output's scale (float)"),
                   In("C_zero_point", "the output's zero point", true)},
                  {In("C", "the quantized result")}, {});
    d.type_constraints = {{"T", {"tensor(uint8)", "tensor(int8)"}, "quantized tensors"}};
    add(std::move(d));
  }
  {
    OpDoc d = Doc("DynamicQuantizeMatMul",
                  "`Y = (quantize(A) - A_zero_point) * (B - b_zero_point) * A_scale * b_scale "
                  "+ bias`: A quantized at run time as `DynamicQuantizeLinear` does (uint8, its "
                  "range holding 0), B stored as 8-bit integers with per-tensor or per-column "
                  "scales; what dynamic quantization writes for a MatMul or Gemm in ONNX "
                  "Runtime's format.",
                  {In("A", "the float input"), In("B", "the quantized weight, K x N"),
                   In("b_scale", "B's scale, one or one per column"),
                   In("b_zero_point", "B's zero point, like b_scale", true),
                   In("bias", "added to the output, of length N", true)},
                  {In("Y", "the float output")}, {});
    add(std::move(d));
  }
  {
    OpDoc d = Doc(
        "DynamicQuantizeLSTM",
        "An `LSTM` whose weights are stored as 8-bit integers: W as [num_directions, input_size, "
        "4*hidden_size] and R as [num_directions, hidden_size, 4*hidden_size] (transposed from "
        "LSTM's), with scales and zero points per direction or per gate row. X is quantized at "
        "run time for the input projection of every step at once, the hidden state at each step "
        "(uint8, as `DynamicQuantizeLinear` does); the integer products are scaled back to float "
        "before the gates. What dynamic quantization writes for an LSTM in ONNX Runtime's "
        "format.",
        {In("X", "the input sequence, seq_length x batch_size x input_size"),
         In("W", "the quantized input weights"), In("R", "the quantized recurrence weights"),
         In("B", "the biases, as LSTM's", true),
         In("sequence_lens", "the length of each batch entry's sequence", true),
         In("initial_h", "the initial hidden state", true),
         In("initial_c", "the initial cell state", true), In("P", "the peephole weights", true),
         In("W_scale", "W's scales: [num_directions] or [num_directions, 4*hidden_size]"),
         In("W_zero_point", "W's zero points, shaped like W_scale"),
         In("R_scale", "R's scales, like W_scale"),
         In("R_zero_point", "R's zero points, shaped like R_scale")},
        {In("Y", "every step's hidden state", true), In("Y_h", "the last hidden state", true),
         In("Y_c", "the last cell state", true)},
        {Attr("activation_alpha", "FLOATS", "as LSTM's"),
         Attr("activation_beta", "FLOATS", "as LSTM's"),
         Attr("activations", "STRINGS", "as LSTM's"), Attr("clip", "FLOAT", "as LSTM's"),
         Attr("direction", "STRING", "forward, reverse or bidirectional"),
         Attr("hidden_size", "INT", "the number of hidden units"),
         Attr("input_forget", "INT", "couple the input and forget gates")});
    add(std::move(d));
  }
  return m;
}

}  // namespace

std::optional<OpDoc> FindContribOpDoc(const std::string& op_type) {
  static const std::map<std::string, OpDoc> docs = MakeDocs();
  const auto it = docs.find(op_type);
  if (it == docs.end()) return std::nullopt;
  return it->second;
}

}  // namespace onnxlens::api
