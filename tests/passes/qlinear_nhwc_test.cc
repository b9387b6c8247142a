// qlinear-nhwc: which values of a QDQ conv net go channels-last after qdq-node-units (the chain
// between QLinearConvs, through per-tensor DQ / Q and a same-shape residual Add; not a graph
// output, not a value read by a node that needs NCHW), the convolutions' x / y layout flags, and
// the rewritten graph computing exactly what the extended-level graph does, on the reference
// kernels and on dnnl.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>

#include "ir/nchwc.h"
#include "ir/text_format.h"
#include "passes/graph_util.h"
#include "passes/pass_test_util.h"
#include "passes/qlinear_nhwc.h"

namespace onnxlens::passes {
namespace {

using testing::Attrs;
using testing::CountOps;
using testing::GraphBuilder;
using testing::Typed;

ir::Value* NhwcScale(GraphBuilder& b, float s) {
  return Typed<float>(b, "s", ir::DataType::kFloat, {}, {s});
}
ir::Value* NhwcU8(GraphBuilder& b, uint8_t z) {
  return Typed<uint8_t>(b, "z", ir::DataType::kUint8, {}, {z});
}

// Q -> DQ of `x` (of known shape) with per-tensor uint8 parameters.
ir::Value* NhwcQdq(GraphBuilder& b, ir::Value* x, float scale, uint8_t zp) {
  ir::Value* s = NhwcScale(b, scale);
  ir::Value* z = NhwcU8(b, zp);
  ir::Value* q = b.Op("QuantizeLinear", {x, s, z})->output(0);
  ir::Value* y = b.Op("DequantizeLinear", {q, s, z})->output(0);
  // Typed as the loader's shape inference would.
  q->set_type(ir::TypeInfo::Tensor(ir::DataType::kUint8, *x->type().shape));
  y->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, *x->type().shape));
  return y;
}

// DQ(x) -> Conv 3x3 pad 1 (c -> c channels, int8 per-channel weights, int32 bias) -> Q -> DQ.
ir::Value* ConvUnit(GraphBuilder& b, ir::Value* x, int64_t c, int64_t hw, float xs, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> u(-127, 127);
  std::vector<int8_t> w(static_cast<size_t>(c * c * 9));
  for (auto& v : w) v = static_cast<int8_t>(u(rng));
  std::vector<float> ws(static_cast<size_t>(c)), bs;
  for (int64_t i = 0; i < c; ++i) ws[i] = 0.002f + 0.0005f * float(i % 5);
  for (float s : ws) bs.push_back(xs * s);
  std::vector<int32_t> bias(static_cast<size_t>(c));
  for (auto& v : bias) v = u(rng) * 20;
  ir::Value* wv =
      b.Op("DequantizeLinear",
           {Typed<int8_t>(b, "w", ir::DataType::kInt8, {c, c, 3, 3}, w),
            Typed<float>(b, "ws", ir::DataType::kFloat, {c}, ws),
            Typed<int8_t>(b, "wz", ir::DataType::kInt8, {c}, std::vector<int8_t>(c, 0))},
           Attrs(ir::Attribute::Int("axis", 0)))
          ->output(0);
  ir::Value* bv = b.Op("DequantizeLinear",
                       {Typed<int32_t>(b, "b", ir::DataType::kInt32, {c}, bias),
                        Typed<float>(b, "bs", ir::DataType::kFloat, {c}, bs)},
                       Attrs(ir::Attribute::Int("axis", 0)))
                      ->output(0);
  ir::Node* conv =
      b.Op("Conv", {x, wv, bv}, Attrs(ir::Attribute::Ints("pads", {1, 1, 1, 1})), {1, c, hw, hw});
  return NhwcQdq(b, conv->output(0), 0.05f, 128);
}

// x -> QDQ -> conv -> conv -> Add(residual) -> QDQ -> conv -> y; `mid_output`: the first conv's
// DQ output is a graph output too.
std::shared_ptr<ir::Model> ChainModel(bool mid_output) {
  GraphBuilder b;
  const int64_t c = 16, hw = 6;
  ir::Value* x = NhwcQdq(b, b.Input("x", {1, c, hw, hw}), 0.016f, 128);
  ir::Value* a = ConvUnit(b, x, c, hw, 0.016f, 1);
  ir::Value* r = ConvUnit(b, a, c, hw, 0.05f, 2);
  ir::Value* sum = b.Op("Add", {a, r}, {}, {1, c, hw, hw})->output(0);
  ir::Value* y = ConvUnit(b, NhwcQdq(b, sum, 0.08f, 128), c, hw, 0.08f, 3);
  b.g().AddOutput(y);
  if (mid_output) b.g().AddOutput(a);
  return b.model();
}

std::shared_ptr<ir::Model> At(const ir::Model& m, Level level, int block = 8,
                              Format format = Format::kOrt, bool session = true,
                              const std::set<std::string>& disabled = {}) {
  std::shared_ptr<ir::Model> copy = m.Clone();
  OptimizeOptions o = testing::OptionsAt(level);
  o.disabled = disabled;
  o.verify_each = true;
  o.pass_options.nchwc_block = block;
  o.pass_options.format = format;
  o.pass_options.session_only_ops = session;
  auto r = Optimize(*copy, o);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return copy;
}

std::vector<const ir::Node*> NhwcConvs(const ir::Model& m) {
  std::vector<const ir::Node*> out;
  for (const ir::Node* n : m.graph->nodes())
    if (n->domain() == kOnnxlensDomain && n->op_type() == "QLinearConv") out.push_back(n);
  return out;
}

std::vector<ir::Tensor> RunOn(std::shared_ptr<const ir::Model> m, const std::string& provider) {
  runtime::SessionOptions so;
  so.providers = {provider};
  auto s = runtime::Session::Create(m, so);
  EXPECT_TRUE(s.ok()) << s.status().message();
  if (!s.ok()) return {};
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-2.f, 2.f);
  ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kFloat, {1, 16, 6, 6}).value();
  for (int64_t i = 0; i < t.numel(); ++i) t.mutable_data<float>()[i] = u(rng);
  std::map<std::string, kernels::RtValue> in;
  in["x"] = kernels::RtValue::FromTensor(std::move(t));
  auto r = (*s)->Run(in);
  EXPECT_TRUE(r.ok()) << r.status().message();
  std::vector<ir::Tensor> out;
  if (r.ok())
    for (auto& [name, v] : *r) out.push_back(v.tensor);
  return out;
}

void ExpectEqual(const std::vector<ir::Tensor>& a, const std::vector<ir::Tensor>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a[i].dims(), b[i].dims());
    for (int64_t k = 0; k < a[i].numel(); ++k)
      ASSERT_EQ(a[i].data<float>()[k], b[i].data<float>()[k]) << "output " << i << " at " << k;
  }
}

TEST(QLinearNhwc, TheChainGoesChannelsLastWithReordersOnlyInItsEdgeConvolutions) {
  auto m = ChainModel(false);
  auto ext = At(*m, Level::kExtended);
  ASSERT_EQ(CountOps(*ext, "QLinearConv"), 3);
  auto o = At(*m, Level::kLayout);
  const auto convs = NhwcConvs(*o);
  ASSERT_EQ(convs.size(), 3u) << ir::ModelToText(*o, {});
  int x_last = 0, y_last = 0;
  for (const ir::Node* n : convs) {
    x_last += static_cast<int>(n->GetInt("x_channels_last", -1));
    y_last += static_cast<int>(n->GetInt("y_channels_last", -1));
  }
  // The first reads the NCHW input (behind a Q of the graph input), the last writes NCHW for the
  // graph output's DQ; the residual Add and the Q after it work on NHWC values.
  EXPECT_EQ(x_last, 2);
  EXPECT_EQ(y_last, 2);
  for (const ir::Node* n : o->graph->nodes()) {
    if (n->op_type() != "Add") continue;
    const auto d = KnownDims(n->output(0));
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(*d, (std::vector<int64_t>{1, 6, 6, 16}));
  }
  EXPECT_EQ(o->OpsetVersion(kOnnxlensDomain), 1);
}

TEST(QLinearNhwc, DoesNothingWithoutDnnlOrForTheStandardFormatOrAFile) {
  auto m = ChainModel(false);
  EXPECT_TRUE(NhwcConvs(*At(*m, Level::kLayout, 0)).empty());
  // Optimize / export (not a session's own graph): ONNX Runtime could not load com.onnxlens.
  EXPECT_TRUE(NhwcConvs(*At(*m, Level::kLayout, 8, Format::kOrt, false)).empty());
  EXPECT_TRUE(NhwcConvs(*At(*m, Level::kLayout, 8, Format::kStandard)).empty());
  EXPECT_TRUE(NhwcConvs(*At(*m, Level::kExtended)).empty());
}

TEST(QLinearNhwc, AValueReadAsNchwKeepsWhatFeedsItNchw) {
  // The first convolution's DQ output is also a graph output: that value and the residual Add it
  // feeds stay NCHW, so no value of this small graph can be NHWC and nothing changes.
  auto o = At(*ChainModel(true), Level::kLayout);
  EXPECT_TRUE(NhwcConvs(*o).empty());
  EXPECT_EQ(CountOps(*o, "QLinearConv"), 3);
  for (const ir::Value* v : o->graph->outputs()) {
    const auto d = KnownDims(v);
    ASSERT_TRUE(d.has_value()) << v->name();
    EXPECT_EQ(*d, (std::vector<int64_t>{1, 16, 6, 6})) << v->name();
  }
}

// The chain of ChainModel(false), and an If whose branches both output the first convolution's
// DQ output `a` itself: the If reads `a` from the enclosing graph (not a use of `a`), as NCHW.
TEST(QLinearNhwc, AValueASubgraphReadsStaysNchw) {
  GraphBuilder b;
  const int64_t c = 16, hw = 6;
  ir::Value* x = NhwcQdq(b, b.Input("x", {1, c, hw, hw}), 0.016f, 128);
  ir::Value* a = ConvUnit(b, x, c, hw, 0.016f, 1);
  ir::Value* r = ConvUnit(b, a, c, hw, 0.05f, 2);
  ir::Value* sum = b.Op("Add", {a, r}, {}, {1, c, hw, hw})->output(0);
  b.g().AddOutput(ConvUnit(b, NhwcQdq(b, sum, 0.08f, 128), c, hw, 0.08f, 3));
  ir::Graph& g = b.g();
  ir::Value* cond = g.CreateValue("cond");
  cond->set_type(ir::TypeInfo::Tensor(ir::DataType::kBool, {}));
  g.AddInput(cond);
  ir::Node* iff = g.AddNode("If", "", "if");
  iff->AddInput(cond);
  for (const char* branch : {"then_branch", "else_branch"}) {
    ir::Attribute attr;
    attr.name = branch;
    attr.type = ir::AttrType::kGraph;
    attr.g = std::make_unique<ir::Graph>(branch, &g);
    attr.g->set_parent_node(iff);
    attr.g->AddOutput(a);
    iff->attributes().push_back(std::move(attr));
  }
  ir::Value* out = g.CreateValue("if_out");
  out->set_type(a->type());
  iff->AddOutput(out);
  g.AddOutput(out);
  // `a` is the first unit's DQ output; the uint8 value it dequantizes is the QLinearConv's output
  // (the residual Add, a QLinearAdd then, reads that value directly).
  const std::string a_name = a->producer()->input(0)->name();
  // Without the If (the same graph otherwise, the same names) that value goes channels-last.
  auto plain = At(*ChainModel(false), Level::kLayout);
  int seen = 0;
  for (const ir::Value* v : plain->graph->values()) {
    if (v->name() != a_name) continue;
    ++seen;
    EXPECT_EQ(KnownDims(v), (std::vector<int64_t>{1, hw, hw, c}));
  }
  ASSERT_EQ(seen, 1);
  auto o = At(*b.model(), Level::kLayout);
  for (const ir::Value* v : o->graph->values()) {
    if (v->name() != a_name) continue;
    const auto d = KnownDims(v);
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(*d, (std::vector<int64_t>{1, c, hw, hw})) << "the If reads it as NCHW";
  }
  EXPECT_EQ(CountOps(*o, "If"), 1);
}

TEST(QLinearNhwc, ComputesExactlyWhatTheExtendedGraphDoes) {
  {
    auto m = ChainModel(false);
    auto ext = At(*m, Level::kExtended);
    auto lay = At(*m, Level::kLayout);
    ASSERT_FALSE(NhwcConvs(*lay).empty());
    ExpectEqual(RunOn(ext, "reference"), RunOn(lay, "reference"));
    if (ir::NchwcBlockSize() > 0) {
      ExpectEqual(RunOn(ext, "dnnl"), RunOn(lay, "dnnl"));
      // The dnnl channels-last kernel against the reference one (exact in double): within one
      // step of the last convolution's output scale (oneDNN scales the int32 sums in float).
      const auto d = RunOn(lay, "dnnl"), r = RunOn(lay, "reference");
      ASSERT_EQ(d.size(), r.size());
      for (size_t i = 0; i < d.size(); ++i)
        for (int64_t k = 0; k < d[i].numel(); ++k)
          ASSERT_LE(std::fabs(d[i].data<float>()[k] - r[i].data<float>()[k]), 0.05f * 1.001f) << k;
    }
  }
}

// x -> QDQ -> conv a -> DQ -> MaxPool 3x3/1 -> Q/DQ (a's parameters) -> conv r -> Add(pooled, r)
// -> QDQ -> conv -> y: resnet's stem and first block in small.
std::shared_ptr<ir::Model> PoolChainModel() {
  GraphBuilder b;
  const int64_t c = 16, hw = 6;
  ir::Value* x = NhwcQdq(b, b.Input("x", {1, c, hw, hw}), 0.016f, 128);
  ir::Value* a = ConvUnit(b, x, c, hw, 0.016f, 1);
  ir::Value* pooled = b.Op("MaxPool", {a},
                           Attrs(ir::Attribute::Ints("kernel_shape", {3, 3}),
                                 ir::Attribute::Ints("pads", {1, 1, 1, 1})),
                           {1, c, hw, hw})
                          ->output(0);
  ir::Value* p = NhwcQdq(b, pooled, 0.05f, 128);
  ir::Value* r = ConvUnit(b, p, c, hw, 0.05f, 2);
  ir::Value* sum = b.Op("Add", {p, r}, {}, {1, c, hw, hw})->output(0);
  b.g().AddOutput(ConvUnit(b, NhwcQdq(b, sum, 0.08f, 128), c, hw, 0.08f, 3));
  return b.model();
}

TEST(QLinearNhwc, AnInt8MaxPoolInTheChainPoolsChannelsLast) {
  auto m = PoolChainModel();
  auto ext = At(*m, Level::kExtended);
  EXPECT_EQ(CountOps(*ext, "MaxPool"), 1);  // qdq-node-units: on the uint8 tensor
  auto lay = At(*m, Level::kLayout);
  int pools = 0;
  for (const ir::Node* n : lay->graph->nodes()) {
    if (n->op_type() != "MaxPool") continue;
    ++pools;
    EXPECT_EQ(n->domain(), kOnnxlensDomain);
    EXPECT_EQ(n->GetInt("channels_last", 0), 1);
    EXPECT_EQ(KnownDims(n->input(0)), (std::vector<int64_t>{1, 6, 6, 16}));
    EXPECT_EQ(KnownDims(n->output(0)), (std::vector<int64_t>{1, 6, 6, 16}));
  }
  EXPECT_EQ(pools, 1);
  ExpectEqual(RunOn(ext, "reference"), RunOn(lay, "reference"));
  if (ir::NchwcBlockSize() > 0) ExpectEqual(RunOn(ext, "dnnl"), RunOn(lay, "dnnl"));
}

TEST(QLinearNhwc, AFloatMaxPoolStaysPlain) {
  // Different parameters after the pool: the MaxPool stays float between DQ and Q, and the
  // values around it NCHW.
  GraphBuilder b;
  ir::Value* x = NhwcQdq(b, b.Input("x", {1, 16, 6, 6}), 0.016f, 128);
  ir::Value* a = ConvUnit(b, x, 16, 6, 0.016f, 1);
  ir::Value* pooled =
      b.Op("MaxPool", {a}, Attrs(ir::Attribute::Ints("kernel_shape", {1, 1})), {1, 16, 6, 6})
          ->output(0);
  b.g().AddOutput(ConvUnit(b, NhwcQdq(b, pooled, 0.07f, 128), 16, 6, 0.07f, 2));
  auto lay = At(*b.model(), Level::kLayout);
  for (const ir::Node* n : lay->graph->nodes()) {
    if (n->op_type() == "MaxPool") {
      EXPECT_EQ(n->domain(), "");
    }
  }
}

TEST(QLinearNhwc, ASymbolicBatchNamedAlikeKeepsTheResidualAddChannelsLast) {
  auto m = ChainModel(false);
  for (ir::Value* v : m->graph->values())
    if (v->type().shape && v->type().shape->size() == 4) {
      std::vector<ir::Dim> d = *v->type().shape;
      d[0] = ir::Dim::Symbolic("batch");
      v->set_type(ir::TypeInfo::Tensor(v->type().elem_type, d));
    }
  auto o = At(*m, Level::kLayout);
  int adds = 0;
  for (const ir::Node* n : o->graph->nodes()) {
    if (n->op_type() != "QLinearAdd") continue;  // qdq-node-units' DQ -> Add -> Q
    EXPECT_EQ(n->domain(), "com.microsoft");
    ++adds;
    const auto& d = *n->output(0)->type().shape;
    ASSERT_EQ(d.size(), 4u);
    EXPECT_EQ(d[3].value, 16) << "the QLinearAdd's output is NHWC";
  }
  EXPECT_EQ(adds, 1);
  EXPECT_EQ(NhwcConvs(*o).size(), 3u);
}

// The graph's nodes as text (initializers left out: a second optimization prunes the bias scales
// the first left unread).
std::string NodesText(const ir::Model& m) {
  std::string out;
  for (const ir::Node* n : m.graph->nodes()) {
    out += n->domain() + "::" + n->op_type() + "(";
    for (const ir::Value* v : n->inputs()) out += (v ? v->name() : "") + ",";
    out += ")x" + std::to_string(n->GetInt("x_channels_last", -1)) + "y" +
           std::to_string(n->GetInt("y_channels_last", -1)) + "\n";
  }
  return out;
}

TEST(QLinearNhwc, RunningTwiceChangesNothing) {
  auto o = At(*ChainModel(false), Level::kLayout);
  EXPECT_EQ(NodesText(*At(*o, Level::kLayout)), NodesText(*o));
}

// x -> QDQ -> conv -> Mul by a quantized constant 2 (com.microsoft QLinearMul with a single-value
// B) -> QDQ -> HardSigmoid -> QDQ -> conv -> y: PP-LCNet's learnable affine block and activation
// between two int8 convolutions.
std::shared_ptr<ir::Model> AffineChainModel() {
  GraphBuilder b;
  const int64_t c = 16, hw = 6;
  ir::Value* x = NhwcQdq(b, b.Input("x", {1, c, hw, hw}), 0.016f, 128);
  ir::Value* a = ConvUnit(b, x, c, hw, 0.016f, 1);
  ir::Value* k = b.Op("DequantizeLinear", {Typed<uint8_t>(b, "k", ir::DataType::kUint8, {}, {200}),
                                           NhwcScale(b, 0.01f), NhwcU8(b, 0)})
                     ->output(0);
  k->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, std::vector<ir::Dim>{}));
  ir::Value* m = b.Op("Mul", {a, k}, {}, {1, c, hw, hw})->output(0);
  ir::Value* h = b.Op("HardSigmoid", {NhwcQdq(b, m, 0.1f, 128)}, {}, {1, c, hw, hw})->output(0);
  b.g().AddOutput(ConvUnit(b, NhwcQdq(b, h, 1.0f / 255, 0), c, hw, 1.0f / 255, 2));
  return b.model();
}

TEST(QLinearNhwc, AScalarQLinearMulAndAnActivationKeepTheChainChannelsLast) {
  auto m = AffineChainModel();
  auto ext = At(*m, Level::kExtended);
  ASSERT_EQ(CountOps(*ext, "QLinearMul"), 1);
  auto lay = At(*m, Level::kLayout);
  const auto convs = NhwcConvs(*lay);
  ASSERT_EQ(convs.size(), 2u);
  // The first convolution writes NHWC through the Mul and the HardSigmoid to the second.
  int y_last = 0, x_last = 0;
  for (const ir::Node* n : convs) {
    y_last += n->GetInt("y_channels_last", 0);
    x_last += n->GetInt("x_channels_last", 0);
  }
  EXPECT_EQ(y_last, 1);
  EXPECT_EQ(x_last, 1);
  ExpectEqual(RunOn(ext, "reference"), RunOn(lay, "reference"));
  if (ir::NchwcBlockSize() > 0) ExpectEqual(RunOn(ext, "dnnl"), RunOn(lay, "dnnl"));
}

// x -> float Conv (3x3, 16 -> 16) -> QDQ -> int8 conv -> float Conv -> y: a mixed-precision
// model, float convolutions on both sides of an int8 one.
std::shared_ptr<ir::Model> MixedModel() {
  GraphBuilder b;
  const int64_t c = 16, hw = 6;
  ir::Node* f1 = b.Op("Conv", {b.Input("x", {1, c, hw, hw}), b.Random("w1", {c, c, 3, 3}, 7)},
                      Attrs(ir::Attribute::Ints("pads", {1, 1, 1, 1})), {1, c, hw, hw});
  ir::Value* q = ConvUnit(b, NhwcQdq(b, f1->output(0), 0.05f, 128), c, hw, 0.05f, 4);
  ir::Node* f2 = b.Op("Conv", {q, b.Random("w2", {c, c, 3, 3}, 8)},
                      Attrs(ir::Attribute::Ints("pads", {1, 1, 1, 1})), {1, c, hw, hw});
  b.Out(f2);
  return b.model();
}

TEST(NchwcInt8Boundaries, TheInt8ConvolutionBetweenFloatOnesReadsAndWritesChannelsLast) {
  if (ir::NchwcBlockSize() <= 0) GTEST_SKIP() << "no NCHWc block size on this CPU";
  auto m = MixedModel();
  auto with = At(*m, Level::kLayout);
  auto without = At(*m, Level::kLayout, 8, Format::kOrt, true, {"nchwc-int8-boundaries"});
  int reorder_out = 0, reorder_in = 0;
  for (const ir::Node* n : with->graph->nodes()) {
    if (n->domain() != ir::kNchwcDomain) continue;
    if (n->op_type() == "ReorderOutput") reorder_out += n->GetInt("channels_last", 0) == 1;
    if (n->op_type() == "ReorderInput" && n->input(0)->producer())
      reorder_in += n->GetInt("channels_last", 0) == 1;
  }
  EXPECT_EQ(reorder_out, 1);
  EXPECT_EQ(reorder_in, 1);
  const auto convs = NhwcConvs(*with);
  ASSERT_EQ(convs.size(), 1u);
  EXPECT_EQ(convs[0]->GetInt("x_channels_last", 0), 1);
  EXPECT_EQ(convs[0]->GetInt("y_channels_last", 0), 1);
  EXPECT_EQ(convs[0]->input(0)->type().shape->at(3).value, 16);  // [N, H, W, C]
  // The layouts change, the numbers do not: the same on every provider the model runs on.
  ExpectEqual(RunOn(without, "dnnl"), RunOn(with, "dnnl"));
  ExpectEqual(RunOn(without, "cpu"), RunOn(with, "cpu"));
  // Without a session (an export), and without dnnl's block, nothing changes.
  auto file = At(*m, Level::kLayout, 8, Format::kOrt, false);
  for (const ir::Node* n : file->graph->nodes()) EXPECT_EQ(n->GetInt("channels_last", 0), 0);
  // A second run finds nothing left to do.
  OptimizeOptions o = testing::OptionsAt(Level::kLayout);
  o.pass_options.nchwc_block = 8;
  o.pass_options.session_only_ops = true;
  auto again = Optimize(*with, o);
  ASSERT_TRUE(again.ok()) << again.status().message();
  for (const Step& st : again->steps) EXPECT_NE(st.pass, "nchwc-int8-boundaries");
}

}  // namespace
}  // namespace onnxlens::passes
