// Static QDQ quantization: which slots get Q/DQ, weights and biases stored quantized, parameters
// shared across Reshape / MaxPool and fixed for Softmax, filters, errors, and outputs close to
// the float model's.
#include "quant/qdq_quantizer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "ir/verifier.h"
#include "passes/pass_test_util.h"
#include "quant/calibrator.h"

namespace onnxlens::quant {
namespace {

using passes::testing::Attrs;
using passes::testing::CountOps;
using passes::testing::GraphBuilder;

// x[1,2,6,6] -> Conv(3x3, bias) -> Relu -> MaxPool -> Reshape[1,-1] -> Gemm(transB) -> Softmax.
struct Net {
  std::shared_ptr<ir::Model> model;
  ir::Node *conv, *relu, *pool, *reshape, *gemm, *softmax;
};

Net MakeNet(int64_t opset = 13) {
  GraphBuilder b(opset);
  Net n;
  ir::Value* x = b.Input("x", {1, 2, 6, 6});
  n.conv = b.Op("Conv", {x, b.Random("w", {4, 2, 3, 3}, 1), b.Random("bias", {4}, 2)},
                Attrs(ir::Attribute::Ints("pads", {1, 1, 1, 1})), {1, 4, 6, 6});
  n.relu = b.Op("Relu", {n.conv->output(0)}, {}, {1, 4, 6, 6});
  n.pool = b.Op(
      "MaxPool", {n.relu->output(0)},
      Attrs(ir::Attribute::Ints("kernel_shape", {2, 2}), ir::Attribute::Ints("strides", {2, 2})),
      {1, 4, 3, 3});
  n.reshape = b.Op("Reshape", {n.pool->output(0), b.Ints("shape", {1, -1})}, {}, {1, 36});
  n.gemm = b.Op("Gemm", {n.reshape->output(0), b.Random("fc", {5, 36}, 3), b.Random("fcb", {5}, 4)},
                Attrs(ir::Attribute::Int("transB", 1)), {1, 5});
  n.softmax = b.Op("Softmax", {n.gemm->output(0)}, {}, {1, 5});
  b.Out(n.softmax);
  n.model = b.model();
  return n;
}

class RandomSource : public SampleSource {
 public:
  RandomSource(int n, uint32_t seed) : n_(n), rng_(seed) {}
  Expected<std::optional<Sample>> Next() override {
    if (i_++ >= n_) return std::optional<Sample>();
    return std::optional<Sample>(One());
  }
  int64_t size() const override { return n_; }
  Sample One() {
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    std::vector<float> v(72);
    for (float& f : v) f = u(rng_);
    Sample s;
    s["x"] = kernels::RtValue::FromTensor(
        ir::Tensor::FromVector<float>(ir::DataType::kFloat, {1, 2, 6, 6}, v));
    return s;
  }

 private:
  int n_, i_ = 0;
  std::mt19937 rng_;
};

// Plans, calibrates on random samples and applies; returns the stats.
QuantStats Quantize(ir::Model& m, const StaticQuantOptions& o) {
  auto plan = PlanQdq(m, o);
  EXPECT_TRUE(plan.ok()) << plan.status().message();
  RandomSource src(4, 11);
  auto cal = Calibrate(m, plan->calibrate, src, {}, 1);
  EXPECT_TRUE(cal.ok()) << cal.status().message();
  auto stats = ApplyQdq(m, *plan, cal->ranges);
  EXPECT_TRUE(stats.ok()) << stats.status().message();
  EXPECT_TRUE(ir::VerifyGraph(*m.graph).ok());
  return stats.ok() ? *stats : QuantStats{};
}

const ir::Node* Producer(const ir::Node* n, int slot) {
  return n->input(slot) ? n->input(slot)->producer() : nullptr;
}

std::vector<float> RunModel(std::shared_ptr<const ir::Model> m, Sample s) {
  auto session = runtime::Session::Create(m);
  EXPECT_TRUE(session.ok()) << session.status().message();
  auto out = (*session)->Run(s);
  EXPECT_TRUE(out.ok()) << out.status().message();
  const ir::Tensor& t = (*out)[0].second.tensor;
  return std::vector<float>(t.data<float>(), t.data<float>() + t.numel());
}

double Cosine(const std::vector<float>& a, const std::vector<float>& b) {
  double dot = 0, aa = 0, bb = 0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    dot += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return dot / std::sqrt(aa * bb);
}

TEST(QdqQuantizerTest, WrapsInputsInQuantizeDequantizePairsAndStoresWeightsQuantized) {
  Net n = MakeNet();
  const QuantStats s = Quantize(*n.model, {});
  EXPECT_EQ(s.quantized_by_op.at("Conv"), 1);
  EXPECT_EQ(s.quantized_by_op.at("Gemm"), 1);
  EXPECT_EQ(s.quantized_by_op.at("Softmax"), 1);
  // Conv: every input behind a DequantizeLinear; the weight int8, the bias int32, x via a Q.
  for (int slot : {0, 1, 2}) {
    ASSERT_NE(Producer(n.conv, slot), nullptr) << slot;
    EXPECT_EQ(Producer(n.conv, slot)->op_type(), "DequantizeLinear") << slot;
  }
  EXPECT_EQ(Producer(Producer(n.conv, 0), 0)->op_type(), "QuantizeLinear");
  EXPECT_EQ(Producer(n.conv, 1)->input(0)->initializer()->dtype(), ir::DataType::kInt8);
  EXPECT_EQ(Producer(n.conv, 2)->input(0)->initializer()->dtype(), ir::DataType::kInt32);
  EXPECT_EQ(Producer(n.gemm, 2)->input(0)->initializer()->dtype(), ir::DataType::kInt32);
  // The float weights are gone.
  EXPECT_EQ(n.model->graph->FindLocalValue("w"), nullptr);
  EXPECT_EQ(CountOps(*n.model, "QuantizeLinear"), s.quantize_nodes);
  EXPECT_EQ(CountOps(*n.model, "DequantizeLinear"), s.dequantize_nodes);
}

TEST(QdqQuantizerTest, BiasScaleIsInputScaleTimesWeightScale) {
  Net n = MakeNet();
  Quantize(*n.model, {});
  const ir::Node* x_dq = Producer(n.conv, 0);
  const ir::Node* w_dq = Producer(n.conv, 1);
  const ir::Node* b_dq = Producer(n.conv, 2);
  const float sx = x_dq->input(1)->initializer()->data<float>()[0];
  const float sw = w_dq->input(1)->initializer()->data<float>()[0];
  EXPECT_FLOAT_EQ(b_dq->input(1)->initializer()->data<float>()[0], sx * sw);
}

TEST(QdqQuantizerTest, ReshapeAndMaxPoolPassTheirInputParametersOn) {
  Net n = MakeNet();
  Quantize(*n.model, {});
  // The Gemm reads the Reshape output through a Q/DQ whose scale is the MaxPool input's, which
  // is the Relu output's own.
  const ir::Node* gemm_dq = Producer(n.gemm, 0);
  const ir::Node* pool_dq = Producer(n.pool, 0);
  ASSERT_EQ(gemm_dq->op_type(), "DequantizeLinear");
  ASSERT_EQ(pool_dq->op_type(), "DequantizeLinear");
  EXPECT_EQ(gemm_dq->input(1)->initializer()->data<float>()[0],
            pool_dq->input(1)->initializer()->data<float>()[0]);
  EXPECT_EQ(gemm_dq->input(2)->initializer()->data<uint8_t>()[0],
            pool_dq->input(2)->initializer()->data<uint8_t>()[0]);
}

TEST(QdqQuantizerTest, CalibratesOnlyTensorsWhoseRangeIsNotSharedOrFixed) {
  Net n = MakeNet();
  auto plan = PlanQdq(*n.model, {});
  ASSERT_TRUE(plan.ok());
  const auto& c = plan->calibrate;
  EXPECT_NE(std::find(c.begin(), c.end(), "x"), c.end());
  EXPECT_EQ(std::find(c.begin(), c.end(), n.reshape->output(0)->name()), c.end());
  EXPECT_EQ(plan->shared.at(n.reshape->output(0)->name()), n.pool->output(0)->name());
  EXPECT_FLOAT_EQ(plan->fixed.at(n.softmax->output(0)->name()).rmax, 1.0f);
}

TEST(QdqQuantizerTest, PerChannelWeightsCarryAnAxis) {
  Net n = MakeNet();
  StaticQuantOptions o;
  o.per_channel = true;
  Quantize(*n.model, o);
  const ir::Node* w_dq = Producer(n.conv, 1);
  EXPECT_EQ(w_dq->GetInt("axis", -1), 0);
  EXPECT_EQ(w_dq->input(1)->initializer()->numel(), 4);
  EXPECT_EQ(Producer(n.conv, 2)->input(1)->initializer()->numel(), 4);  // bias per channel
  EXPECT_EQ(Producer(n.gemm, 1)->GetInt("axis", -1), 0);  // transB: rows are the channels
}

TEST(QdqQuantizerTest, PerChannelBelowOpset13FallsBackToPerTensorWithAWarning) {
  Net n = MakeNet(12);
  StaticQuantOptions o;
  o.per_channel = true;
  const QuantStats s = Quantize(*n.model, o);
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("opset 13"), std::string::npos);
  EXPECT_NE(s.warnings[0].find("(Softmax)"), std::string::npos) << s.warnings[0];
  EXPECT_EQ(Producer(n.conv, 1)->FindAttribute("axis"), nullptr);
  EXPECT_EQ(n.model->OpsetVersion(""), 12);
}

TEST(QdqQuantizerTest, PerChannelRaisesOpset11To13WhenNoOpChangedMeaning) {
  GraphBuilder b(11);
  ir::Value* x = b.Input("x", {1, 2, 6, 6});
  ir::Node* conv = b.Op("Conv", {x, b.Random("w", {3, 2, 3, 3}, 1)}, {}, {1, 3, 4, 4});
  b.Out(b.Op("Relu", {conv->output(0)}, {}, {1, 3, 4, 4}));
  StaticQuantOptions o;
  o.per_channel = true;
  const QuantStats s = Quantize(*b.model(), o);
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("raised from 11 to 13"), std::string::npos) << s.warnings[0];
  EXPECT_EQ(b.model()->OpsetVersion(""), 13);
  EXPECT_EQ(Producer(conv, 1)->GetInt("axis", -1), 0);
}

TEST(QdqQuantizerTest, OutputsStayCloseToTheFloatModel) {
  Net n = MakeNet();
  std::shared_ptr<const ir::Model> original = n.model->Clone();
  for (bool per_channel : {false, true}) {
    std::shared_ptr<ir::Model> m = original->Clone();
    StaticQuantOptions o;
    o.per_channel = per_channel;
    Quantize(*m, o);
    RandomSource src(1, 11);  // the first calibration sample
    const Sample s = src.One();
    EXPECT_GT(Cosine(RunModel(original, s), RunModel(m, s)), 0.99) << "per channel " << per_channel;
  }
}

TEST(QdqQuantizerTest, ExcludedNodesAndOtherOpTypesStayFloat) {
  Net n = MakeNet();
  StaticQuantOptions o;
  o.filter.exclude_nodes = {n.conv->name()};
  o.filter.op_types = {"Conv", "Gemm"};
  const QuantStats s = Quantize(*n.model, o);
  EXPECT_EQ(s.quantized_by_op.count("Conv"), 0u);
  EXPECT_EQ(s.quantized_by_op.count("Softmax"), 0u);
  EXPECT_EQ(s.quantized_by_op.at("Gemm"), 1);
  EXPECT_EQ(n.conv->input(1)->name(), "w");  // the float weight, as it was
  EXPECT_EQ(Producer(n.conv, 0), nullptr);
}

// ONNX Runtime's input check: Relu, MaxPool and Reshape carry their input's range through and are
// quantized only behind a quantized producer; behind the excluded Conv they stay float, and the
// Gemm's own input is the only rounding left.
TEST(QdqQuantizerTest, RangeFollowersBehindAFloatNodeStayFloat) {
  Net n = MakeNet();
  StaticQuantOptions o;
  o.filter.exclude_nodes = {n.conv->name()};
  const QuantStats s = Quantize(*n.model, o);
  EXPECT_EQ(s.quantized_by_op.count("Relu"), 0u);
  EXPECT_EQ(s.quantized_by_op.count("MaxPool"), 0u);
  EXPECT_EQ(s.quantized_by_op.count("Reshape"), 0u);
  EXPECT_EQ(s.quantized_by_op.at("Gemm"), 1);
  EXPECT_EQ(CountOps(*n.model, "Relu"), 1);
  EXPECT_EQ(Producer(n.relu, 0), n.conv);
  EXPECT_EQ(Producer(n.pool, 0), n.relu);
  EXPECT_EQ(Producer(n.reshape, 0), n.pool);
  ASSERT_EQ(Producer(n.gemm, 0)->op_type(), "DequantizeLinear");
  EXPECT_EQ(Producer(n.gemm, 0)->input(0)->producer()->input(0), n.reshape->output(0));
  EXPECT_TRUE(FollowsInputQuantization("Clip"));
  EXPECT_FALSE(FollowsInputQuantization("Conv"));
}

TEST(QdqQuantizerTest, OnlyIncludedNodesAreQuantized) {
  Net n = MakeNet();
  StaticQuantOptions o;
  o.filter.include_nodes = {n.gemm->name()};
  const QuantStats s = Quantize(*n.model, o);
  ASSERT_EQ(s.quantized_by_op.size(), 1u);
  EXPECT_EQ(s.quantized_by_op.at("Gemm"), 1);
}

TEST(QdqQuantizerTest, ConvTransposeWeightsPerOutputChannelUnlessGrouped) {
  for (int64_t group : {1, 2}) {
    GraphBuilder b;
    ir::Value* x = b.Input("x", {1, 2, 6, 6});
    const int64_t per_group = group == 1 ? 3 : 2;
    ir::Node* ct =
        b.Op("ConvTranspose",
             {x, b.Random("w", {2, per_group, 2, 2}, 1), b.Random("bias", {per_group * group}, 2)},
             Attrs(ir::Attribute::Ints("strides", {2, 2}), ir::Attribute::Int("group", group)),
             {1, per_group * group, 12, 12});
    b.Out(b.Op("Relu", {ct->output(0)}, {}, {1, per_group * group, 12, 12}));
    std::shared_ptr<const ir::Model> original = b.model()->Clone();
    StaticQuantOptions o;
    o.per_channel = true;
    const QuantStats s = Quantize(*b.model(), o);
    EXPECT_EQ(s.quantized_by_op.at("ConvTranspose"), 1);
    const ir::Node* w_dq = Producer(ct, 1);
    ASSERT_NE(w_dq, nullptr);
    EXPECT_EQ(w_dq->op_type(), "DequantizeLinear");
    if (group == 1) {
      EXPECT_EQ(w_dq->GetInt("axis", -1), 1);
      EXPECT_EQ(w_dq->input(1)->initializer()->numel(), 3);
      EXPECT_EQ(Producer(ct, 2)->input(1)->initializer()->numel(), 3);
    } else {
      EXPECT_EQ(w_dq->input(1)->initializer()->numel(), 1);
      EXPECT_EQ(Producer(ct, 2)->input(1)->initializer()->numel(), 1);
    }
    EXPECT_EQ(Producer(ct, 2)->input(0)->initializer()->dtype(), ir::DataType::kInt32);
    RandomSource src(1, 11);
    const Sample sample = src.One();
    EXPECT_GT(Cosine(RunModel(original, sample), RunModel(b.model(), sample)), 0.99)
        << "group " << group;
  }
}

TEST(QdqQuantizerTest, TwoConvsSharingABiasGetDistinctlyNamedNodes) {
  // ONNX Runtime refuses a model with two nodes of one name; a shared bias is quantized once per
  // reader (each with its own scale).
  GraphBuilder b;
  ir::Value* x = b.Input("x", {1, 2, 6, 6});
  ir::Value* bias = b.Const("bias", {2}, {0.5f, -0.5f});
  ir::Node* c1 = b.Op("Conv", {x, b.Random("w1", {2, 2, 1, 1}, 1), bias}, {}, {1, 2, 6, 6});
  ir::Node* c2 = b.Op("Conv", {x, b.Random("w2", {2, 2, 1, 1}, 2), bias}, {}, {1, 2, 6, 6});
  b.Out(b.Op("Add", {c1->output(0), c2->output(0)}, {}, {1, 2, 6, 6}));
  Quantize(*b.model(), {});
  std::set<std::string> names;
  for (const ir::Node* n : b.model()->graph->nodes())
    EXPECT_TRUE(names.insert(n->name()).second) << n->name();
  EXPECT_NE(Producer(c1, 2), Producer(c2, 2));
}

TEST(QdqQuantizerTest, ReluBetweenQuantizedOpsFoldsIntoTheQuantization) {
  Net n = MakeNet();
  const std::string relu_out = n.relu->output(0)->name();
  const std::string conv_out = n.conv->output(0)->name();
  const QuantStats s = Quantize(*n.model, {});
  EXPECT_EQ(s.folded_activations, 1);
  EXPECT_EQ(CountOps(*n.model, "Relu"), 0);
  // The MaxPool reads a Q/DQ of the Conv output with the Relu output's range (zero point 0).
  const ir::Node* dq = Producer(n.pool, 0);
  ASSERT_EQ(dq->op_type(), "DequantizeLinear");
  EXPECT_EQ(dq->input(0)->producer()->input(0)->name(), conv_out);
  EXPECT_EQ(dq->input(2)->initializer()->data<uint8_t>()[0], 0);
  EXPECT_EQ(n.model->graph->FindLocalValue(relu_out), nullptr);
}

TEST(QdqQuantizerTest, ReluStaysWhenSymmetricOrWhenItsOutputIsAGraphOutput) {
  {
    Net n = MakeNet();
    StaticQuantOptions o;
    o.activation_symmetric = true;  // a symmetric range cannot clamp at 0
    EXPECT_EQ(Quantize(*n.model, o).folded_activations, 0);
    EXPECT_EQ(CountOps(*n.model, "Relu"), 1);
  }
  {
    Net n = MakeNet();
    n.model->graph->AddOutput(n.relu->output(0));
    EXPECT_EQ(Quantize(*n.model, {}).folded_activations, 0);
    EXPECT_EQ(CountOps(*n.model, "Relu"), 1);
  }
}

TEST(QdqQuantizerTest, ConvWithAComputedWeightIsLeftAlone) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {1, 1, 4, 4});
  ir::Value* w = b.Input("w", {1, 1, 3, 3});
  ir::Node* conv = b.Op("Conv", {x, w}, {}, {1, 1, 2, 2});
  b.Out(conv);
  auto plan = PlanQdq(*b.model(), {});
  ASSERT_TRUE(plan.ok());
  EXPECT_TRUE(plan->slots.empty());
}

TEST(QdqQuantizerTest, LayerNormSubgraphsStayFloatAndOtherAddsAreQuantized) {
  // x[1,2,6,6] -> LayerNorm over the last axis (ReduceMean, Sub, Pow, ReduceMean, Add eps, Sqrt,
  // Div, Mul gamma, Add beta) -> MatMul W[6,4] -> Add c[4].
  GraphBuilder b(13);
  ir::Value* x = b.Input("x", {1, 2, 6, 6});
  const std::vector<int64_t> d = {1, 2, 6, 6}, r = {1, 2, 6, 1};
  auto axes = Attrs(ir::Attribute::Ints("axes", {-1}));
  ir::Node* mean = b.Op("ReduceMean", {x}, std::move(axes), r);
  ir::Node* sub = b.Op("Sub", {x, mean->output(0)}, {}, d);
  ir::Node* pow = b.Op("Pow", {sub->output(0), b.Const("two", {}, {2.f})}, {}, d);
  ir::Node* var = b.Op("ReduceMean", {pow->output(0)}, Attrs(ir::Attribute::Ints("axes", {-1})), r);
  ir::Node* eps = b.Op("Add", {var->output(0), b.Const("eps", {}, {1e-5f})}, {}, r);
  ir::Node* sq = b.Op("Sqrt", {eps->output(0)}, {}, r);
  ir::Node* div = b.Op("Div", {sub->output(0), sq->output(0)}, {}, d);
  ir::Node* mul = b.Op("Mul", {div->output(0), b.Random("gamma", {6}, 5)}, {}, d);
  ir::Node* beta = b.Op("Add", {mul->output(0), b.Random("beta", {6}, 6)}, {}, d);
  ir::Node* mm = b.Op("MatMul", {beta->output(0), b.Random("w", {6, 4}, 7)}, {}, {1, 2, 6, 4});
  ir::Node* add = b.Op("Add", {mm->output(0), b.Random("c", {4}, 8)}, {}, {1, 2, 6, 4});
  b.Out(add);
  auto original = b.model();
  std::shared_ptr<ir::Model> m = original->Clone();
  auto plan = PlanQdq(*m, {});
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  ASSERT_EQ(plan->warnings.size(), 1u);
  EXPECT_NE(plan->warnings[0].find("1 LayerNorm subgraph(s) stay float"), std::string::npos);
  const QuantStats s = Quantize(*m, {});
  EXPECT_EQ(s.quantized_by_op.at("MatMul"), 1);
  EXPECT_EQ(s.quantized_by_op.at("Add"), 1);  // the Add after the MatMul, not the norm's
  EXPECT_EQ(s.quantized_by_op.count("Mul"), 0u);
  const ir::Node* m_mul = m->graph->FindNode(mul->id());
  const ir::Node* m_beta = m->graph->FindNode(beta->id());
  const ir::Node* m_add = m->graph->FindNode(add->id());
  ASSERT_TRUE(m_mul && m_beta && m_add);
  EXPECT_EQ(Producer(m_mul, 0)->op_type(), "Div");
  EXPECT_TRUE(m_mul->input(1)->is_initializer());  // gamma stays float
  EXPECT_EQ(m_mul->input(1)->initializer()->dtype(), ir::DataType::kFloat);
  EXPECT_EQ(Producer(m_beta, 0)->op_type(), "Mul");
  EXPECT_EQ(Producer(m_add, 0)->op_type(), "DequantizeLinear");
  EXPECT_EQ(Producer(m_add, 1)->op_type(), "DequantizeLinear");
  // A session fuses the float norm (layer-norm-fusion-ort at extended) and stays close to float.
  RandomSource src(1, 21);
  const Sample in = src.One();
  EXPECT_GT(Cosine(RunModel(original, in), RunModel(m, in)), 0.999);
  auto fused = passes::testing::Optimized(*m, passes::Level::kExtended);
  EXPECT_EQ(CountOps(*fused, "LayerNormalization"), 1);
}

TEST(QdqQuantizerTest, UnknownOpTypeIsAnErrorNamingTheOption) {
  Net n = MakeNet();
  StaticQuantOptions o;
  o.filter.op_types = {"Conv", "Frobnicate"};
  auto plan = PlanQdq(*n.model, o);
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.status().message().find("--op-types"), std::string::npos);
  EXPECT_NE(plan.status().message().find("'Frobnicate'"), std::string::npos);
}

TEST(QdqQuantizerTest, UnknownNodeNameIsAnErrorNamingTheOption) {
  Net n = MakeNet();
  StaticQuantOptions o;
  o.filter.exclude_nodes = {"no_such_node"};
  auto plan = PlanQdq(*n.model, o);
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.status().message().find("--exclude"), std::string::npos);
}

TEST(QdqQuantizerTest, AnAlreadyQuantizedModelIsRefused) {
  Net n = MakeNet();
  Quantize(*n.model, {});
  auto again = PlanQdq(*n.model, {});
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.status().message().find("already quantized"), std::string::npos);
}

}  // namespace
}  // namespace onnxlens::quant
