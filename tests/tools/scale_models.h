// The generated models of the GUI scale checks (issue 36), shared by tools/make_scale_model and
// bench/view_bench: graphs of any size that look like what exporters write, so that the optimizer
// has real work in every block and the views see real name scopes (or none).
//  - transformer: pre-norm encoder layers as PyTorch exports them at opset 17 (decomposed
//    LayerNorm, q / k / v projections, per-head Reshape / Transpose, scaled Softmax attention,
//    output projection, erf Gelu MLP, two residual Adds), 49 nodes per layer, node names
//    "/layers.N/self_attn/MatMul_1" and so on;
//  - cnn: a stem and ResNet basic blocks (Conv, BatchNormalization, Relu, Conv,
//    BatchNormalization, Add, Relu), 7 nodes per block, names "/layer1/3/conv1/Conv";
//  - unnamed: the transformer layers with empty node names, as some converters leave them.
// Weights are small (hidden size 16) and deterministic; every layer has its own.
#pragma once

#include <onnx/onnx_pb.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace onnxlens::testing {

class ScaleModelBuilder {
 public:
  explicit ScaleModelBuilder(const std::string& graph_name) {
    m_.set_ir_version(8);
    m_.set_producer_name("make_scale_model");
    m_.add_opset_import()->set_version(17);
    m_.mutable_graph()->set_name(graph_name);
  }

  onnx::ModelProto& model() { return m_; }
  onnx::GraphProto* graph() { return m_.mutable_graph(); }

  void FloatIo(bool input, const std::string& name, const std::vector<int64_t>& dims) {
    onnx::ValueInfoProto* v = input ? graph()->add_input() : graph()->add_output();
    v->set_name(name);
    auto* t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(onnx::TensorProto::FLOAT);
    for (int64_t d : dims) t->mutable_shape()->add_dim()->set_dim_value(d);
  }

  /// A float initializer of deterministic small values (scale * a sine of the element index).
  std::string Weight(const std::string& name, const std::vector<int64_t>& dims, float scale,
                     float offset = 0) {
    onnx::TensorProto* t = graph()->add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::FLOAT);
    int64_t n = 1;
    for (int64_t d : dims) {
      t->add_dims(d);
      n *= d;
    }
    for (int64_t i = 0; i < n; ++i)
      t->add_float_data(offset + scale * static_cast<float>(std::sin(0.7 * (i + 1) + seed_)));
    seed_ += 1.3;
    return name;
  }

  std::string Ints(const std::string& name, const std::vector<int64_t>& values) {
    onnx::TensorProto* t = graph()->add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::INT64);
    t->add_dims(static_cast<int64_t>(values.size()));
    for (int64_t v : values) t->add_int64_data(v);
    return name;
  }

  std::string Scalar(const std::string& name, float value) {
    onnx::TensorProto* t = graph()->add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::FLOAT);
    t->add_float_data(value);
    return name;
  }

  /// Adds a node and returns its (first) output, named after the node or numbered.
  onnx::NodeProto* Node(const std::string& op, const std::string& name,
                        const std::vector<std::string>& inputs) {
    onnx::NodeProto* n = graph()->add_node();
    n->set_op_type(op);
    n->set_name(name);
    for (const std::string& in : inputs) n->add_input(in);
    n->add_output("t" + std::to_string(next_++));
    return n;
  }
  std::string Out(const std::string& op, const std::string& name,
                  const std::vector<std::string>& inputs) {
    return Node(op, name, inputs)->output(0);
  }

  static void IntsAttr(onnx::NodeProto* n, const std::string& name,
                       const std::vector<int64_t>& values) {
    onnx::AttributeProto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (int64_t v : values) a->add_ints(v);
  }
  static void IntAttr(onnx::NodeProto* n, const std::string& name, int64_t value) {
    onnx::AttributeProto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(value);
  }
  static void FloatAttr(onnx::NodeProto* n, const std::string& name, float value) {
    onnx::AttributeProto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(value);
  }

 private:
  onnx::ModelProto m_;
  double seed_ = 0.1;
  long next_ = 0;
};

/// Pre-norm transformer encoder of `layers` layers (49 nodes each), x float[1,8,16] -> y.
/// `named`: PyTorch's scoped node names; else every node name is empty.
inline onnx::ModelProto MakeTransformerLikeProto(int layers, bool named = true) {
  constexpr int64_t S = 8, D = 16, H = 2, Dh = D / H, F = 32;
  ScaleModelBuilder b(named ? "transformer" : "unnamed");
  b.FloatIo(true, "x", {1, S, D});
  const std::string heads = b.Ints("heads_shape", {1, S, H, Dh});
  const std::string merged = b.Ints("merged_shape", {1, S, D});
  const std::string two = b.Scalar("two", 2.0f), eps = b.Scalar("eps", 1e-5f);
  const std::string scale = b.Scalar("sqrt_dh", std::sqrt(static_cast<float>(Dh)));
  const std::string sqrt2 = b.Scalar("sqrt2", std::sqrt(2.0f)), one = b.Scalar("one", 1.0f);
  const std::string half = b.Scalar("half", 0.5f);
  std::string x = "x";
  for (int l = 0; l < layers; ++l) {
    const std::string p = "/layers." + std::to_string(l);
    const std::string w = "layers." + std::to_string(l) + ".";
    auto name = [&](const std::string& scope, const std::string& op) {
      return named ? p + scope + "/" + op : std::string();
    };
    auto layer_norm = [&](const std::string& in, const std::string& scope) {
      auto* mean = b.Node("ReduceMean", name(scope, "ReduceMean"), {in});
      ScaleModelBuilder::IntsAttr(mean, "axes", {-1});
      const std::string d = b.Out("Sub", name(scope, "Sub"), {in, mean->output(0)});
      const std::string sq = b.Out("Pow", name(scope, "Pow"), {d, two});
      auto* var = b.Node("ReduceMean", name(scope, "ReduceMean_1"), {sq});
      ScaleModelBuilder::IntsAttr(var, "axes", {-1});
      const std::string ve = b.Out("Add", name(scope, "Add"), {var->output(0), eps});
      const std::string sd = b.Out("Sqrt", name(scope, "Sqrt"), {ve});
      const std::string n = b.Out("Div", name(scope, "Div"), {d, sd});
      const std::string g = b.Out("Mul", name(scope, "Mul"),
                                  {n, b.Weight(w + scope.substr(1) + ".weight", {D}, 0.1f, 1)});
      return b.Out("Add", name(scope, "Add_1"),
                   {g, b.Weight(w + scope.substr(1) + ".bias", {D}, 0.1f)});
    };
    auto linear = [&](const std::string& in, const std::string& scope, int64_t k, int64_t n,
                      const std::string& suffix) {
      const std::string mm = b.Out("MatMul", name(scope, "MatMul" + suffix),
                                   {in, b.Weight(w + scope.substr(1) + suffix + ".weight", {k, n},
                                                 0.5f / std::sqrt(static_cast<float>(k)))});
      return b.Out("Add", name(scope, "Add" + suffix),
                   {mm, b.Weight(w + scope.substr(1) + suffix + ".bias", {n}, 0.05f)});
    };
    auto split_heads = [&](const std::string& in, const std::string& suffix,
                           const std::vector<int64_t>& perm) {
      const std::string r = b.Out("Reshape", name("/self_attn", "Reshape" + suffix), {in, heads});
      auto* t = b.Node("Transpose", name("/self_attn", "Transpose" + suffix), {r});
      ScaleModelBuilder::IntsAttr(t, "perm", perm);
      return t->output(0);
    };
    // Attention block.
    const std::string ln1 = layer_norm(x, "/norm1");
    const std::string q = linear(ln1, "/self_attn", D, D, "");
    const std::string k = linear(ln1, "/self_attn", D, D, "_1");
    const std::string v = linear(ln1, "/self_attn", D, D, "_2");
    const std::string qh = split_heads(q, "", {0, 2, 1, 3});
    const std::string kh = split_heads(k, "_1", {0, 2, 3, 1});
    const std::string vh = split_heads(v, "_2", {0, 2, 1, 3});
    const std::string s = b.Out("MatMul", name("/self_attn", "MatMul_3"), {qh, kh});
    const std::string ss = b.Out("Div", name("/self_attn", "Div"), {s, scale});
    auto* sm = b.Node("Softmax", name("/self_attn", "Softmax"), {ss});
    ScaleModelBuilder::IntAttr(sm, "axis", -1);
    const std::string ctx = b.Out("MatMul", name("/self_attn", "MatMul_4"), {sm->output(0), vh});
    auto* ct = b.Node("Transpose", name("/self_attn", "Transpose_3"), {ctx});
    ScaleModelBuilder::IntsAttr(ct, "perm", {0, 2, 1, 3});
    const std::string cm =
        b.Out("Reshape", name("/self_attn", "Reshape_3"), {ct->output(0), merged});
    const std::string o = linear(cm, "/self_attn/out_proj", D, D, "");
    const std::string r1 = b.Out("Add", name("", "Add"), {x, o});
    // MLP block.
    const std::string ln2 = layer_norm(r1, "/norm2");
    const std::string h1 = linear(ln2, "/linear1", D, F, "");
    const std::string gd = b.Out("Div", name("/activation", "Div"), {h1, sqrt2});
    const std::string ge = b.Out("Erf", name("/activation", "Erf"), {gd});
    const std::string ga = b.Out("Add", name("/activation", "Add"), {ge, one});
    const std::string gm = b.Out("Mul", name("/activation", "Mul"), {h1, ga});
    const std::string gh = b.Out("Mul", name("/activation", "Mul_1"), {gm, half});
    const std::string h2 = linear(gh, "/linear2", F, D, "");
    x = b.Out("Add", name("", "Add_1"), {r1, h2});
  }
  b.graph()->mutable_node(b.graph()->node_size() - 1)->set_output(0, "y");
  b.FloatIo(false, "y", {1, S, D});
  return b.model();
}

/// A stem (Conv, BatchNormalization, Relu) and `blocks` ResNet basic blocks of 8 channels on an
/// 8x8 image (7 nodes each, "/layerN/M/conv1/Conv" with 4 stages of blocks / 4), x -> y.
inline onnx::ModelProto MakeCnnLikeProto(int blocks) {
  constexpr int64_t C = 8, HW = 8;
  ScaleModelBuilder b("cnn");
  b.FloatIo(true, "x", {1, 3, HW, HW});
  auto conv = [&](const std::string& in, const std::string& scope, const std::string& w,
                  int64_t cin) {
    auto* c = b.Node("Conv", scope + "/Conv",
                     {in, b.Weight(w + ".weight", {C, cin, 3, 3}, 0.3f / std::sqrt(cin * 9.0f))});
    ScaleModelBuilder::IntsAttr(c, "pads", {1, 1, 1, 1});
    ScaleModelBuilder::IntsAttr(c, "kernel_shape", {3, 3});
    return c->output(0);
  };
  auto bn = [&](const std::string& in, const std::string& scope, const std::string& w) {
    auto* n = b.Node(
        "BatchNormalization", scope + "/BatchNormalization",
        {in, b.Weight(w + ".weight", {C}, 0.1f, 1), b.Weight(w + ".bias", {C}, 0.1f),
         b.Weight(w + ".running_mean", {C}, 0.1f), b.Weight(w + ".running_var", {C}, 0.1f, 1)});
    ScaleModelBuilder::FloatAttr(n, "epsilon", 1e-5f);
    return n->output(0);
  };
  std::string x = conv("x", "/conv1", "conv1", 3);
  x = bn(x, "/bn1", "bn1");
  x = b.Out("Relu", "/relu/Relu", {x});
  const int per_stage = std::max(1, (blocks + 3) / 4);
  for (int i = 0; i < blocks; ++i) {
    const std::string stage = "layer" + std::to_string(1 + i / per_stage);
    const std::string p = "/" + stage + "/" + std::to_string(i % per_stage);
    const std::string w = stage + "." + std::to_string(i % per_stage);
    std::string y = conv(x, p + "/conv1", w + ".conv1", C);
    y = bn(y, p + "/bn1", w + ".bn1");
    y = b.Out("Relu", p + "/relu/Relu", {y});
    y = conv(y, p + "/conv2", w + ".conv2", C);
    y = bn(y, p + "/bn2", w + ".bn2");
    y = b.Out("Add", p + "/Add", {y, x});
    x = b.Out("Relu", p + "/relu_1/Relu", {y});
  }
  b.graph()->mutable_node(b.graph()->node_size() - 1)->set_output(0, "y");
  b.FloatIo(false, "y", {1, C, HW, HW});
  return b.model();
}

/// The generated model of `kind` ("transformer", "cnn" or "unnamed") with about `nodes` nodes.
inline bool MakeScaleModelProto(const std::string& kind, long nodes, onnx::ModelProto* out) {
  if (kind == "transformer" || kind == "unnamed") {
    *out =
        MakeTransformerLikeProto(static_cast<int>(std::max(1L, nodes / 49)), kind == "transformer");
    return true;
  }
  if (kind == "cnn") {
    *out = MakeCnnLikeProto(static_cast<int>(std::max(1L, (nodes - 3) / 7)));
    return true;
  }
  return false;
}

}  // namespace onnxlens::testing
