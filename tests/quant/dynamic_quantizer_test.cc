// Dynamic quantization: the standard form (DynamicQuantizeLinear + MatMulInteger / ConvInteger +
// scale) and ONNX Runtime's (com.microsoft DynamicQuantizeMatMul, DynamicQuantizeLSTM), outputs
// close to float.
#include "quant/dynamic_quantizer.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ir/verifier.h"
#include "passes/pass_test_util.h"

namespace onnxlens::quant {
namespace {

using passes::testing::Attrs;
using passes::testing::CountOps;
using passes::testing::GraphBuilder;

std::map<std::string, kernels::RtValue> RandomInputs(const ir::Model& m, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  std::map<std::string, kernels::RtValue> in;
  for (const ir::Value* v : m.graph->inputs()) {
    std::vector<int64_t> dims;
    for (const auto& d : *v->type().shape) dims.push_back(d.value);
    ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kFloat, dims).value();
    for (int64_t i = 0; i < t.numel(); ++i) t.mutable_data<float>()[i] = u(rng);
    in[v->name()] = kernels::RtValue::FromTensor(std::move(t));
  }
  return in;
}

// Cosine of the first outputs of `a` and `b` on the same random inputs.
double OutputCosine(std::shared_ptr<const ir::Model> a, std::shared_ptr<const ir::Model> b) {
  const auto in = RandomInputs(*a, 3);
  auto sa = runtime::Session::Create(a);
  auto sb = runtime::Session::Create(b);
  EXPECT_TRUE(sa.ok()) << sa.status().message();
  EXPECT_TRUE(sb.ok()) << sb.status().message();
  if (!sa.ok() || !sb.ok()) return 0;
  auto ra = (*sa)->Run(in);
  auto rb = (*sb)->Run(in);
  EXPECT_TRUE(ra.ok()) << ra.status().message();
  EXPECT_TRUE(rb.ok()) << rb.status().message();
  if (!ra.ok() || !rb.ok()) return 0;
  const ir::Tensor &x = (*ra)[0].second.tensor, &y = (*rb)[0].second.tensor;
  EXPECT_EQ(x.dims(), y.dims());
  double dot = 0, xx = 0, yy = 0;
  for (int64_t i = 0; i < x.numel(); ++i) {
    dot += x.data<float>()[i] * y.data<float>()[i];
    xx += x.data<float>()[i] * x.data<float>()[i];
    yy += y.data<float>()[i] * y.data<float>()[i];
  }
  return dot / std::sqrt(xx * yy);
}

std::shared_ptr<ir::Model> TwoMatMuls() {
  GraphBuilder b;
  ir::Value* a = b.Input("a", {3, 16});
  ir::Node* m1 = b.Op("MatMul", {a, b.Random("w1", {16, 8}, 1)}, {}, {3, 8});
  ir::Node* m2 = b.Op("MatMul", {a, b.Random("w2", {16, 8}, 2)}, {}, {3, 8});
  ir::Node* add = b.Op("Add", {m1->output(0), m2->output(0)}, {}, {3, 8});
  b.Out(add);
  return b.model();
}

Expected<QuantStats> Quantized(ir::Model& m, DynamicQuantOptions o = {}) {
  auto s = QuantizeDynamic(m, o);
  if (s.ok()) {
    EXPECT_TRUE(ir::VerifyGraph(*m.graph).ok());
  }
  return s;
}

TEST(DynamicQuantizerTest, StandardMatMulBecomesMatMulIntegerSharingOneDynamicQuantize) {
  auto original = TwoMatMuls();
  std::shared_ptr<ir::Model> m = original->Clone();
  auto s = Quantized(*m);
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ(s->quantized_by_op.at("MatMul"), 2);
  EXPECT_EQ(CountOps(*m, "MatMul"), 0);
  EXPECT_EQ(CountOps(*m, "MatMulInteger"), 2);
  EXPECT_EQ(CountOps(*m, "DynamicQuantizeLinear"), 1);  // one per activation
  EXPECT_EQ(CountOps(*m, "Cast"), 2);
  EXPECT_EQ(m->graph->FindLocalValue("w1"), nullptr);
  EXPECT_GT(OutputCosine(original, m), 0.999);
}

TEST(DynamicQuantizerTest, PerChannelWeightsHaveOneScalePerColumn) {
  auto original = TwoMatMuls();
  std::shared_ptr<ir::Model> m = original->Clone();
  DynamicQuantOptions o;
  o.per_channel = true;
  ASSERT_TRUE(Quantized(*m, o).ok());
  for (const ir::Node* n : m->graph->nodes()) {
    if (n->op_type() != "MatMulInteger") continue;
    EXPECT_EQ(n->input(1)->initializer()->dtype(), ir::DataType::kInt8);
    // Symmetric int8: every zero point is 0, stored as one scalar.
    EXPECT_EQ(n->input(3)->initializer()->numel(), 1);
  }
  EXPECT_GT(OutputCosine(original, m), 0.999);
}

TEST(DynamicQuantizerTest, OrtFormatUsesDynamicQuantizeMatMul) {
  auto original = TwoMatMuls();
  std::shared_ptr<ir::Model> m = original->Clone();
  DynamicQuantOptions o;
  o.ort_format = true;
  ASSERT_TRUE(Quantized(*m, o).ok());
  EXPECT_EQ(CountOps(*m, "DynamicQuantizeMatMul"), 2);
  EXPECT_EQ(CountOps(*m, "DynamicQuantizeLinear"), 0);
  EXPECT_EQ(m->OpsetVersion("com.microsoft"), 1);
  EXPECT_GT(OutputCosine(original, m), 0.999);
  // The contrib op computes what the standard form does.
  std::shared_ptr<ir::Model> standard = original->Clone();
  ASSERT_TRUE(Quantized(*standard).ok());
  EXPECT_GT(OutputCosine(standard, m), 0.999999);
}

TEST(DynamicQuantizerTest, GemmWithTransposedWeightAndBias) {
  for (bool ort : {false, true}) {
    GraphBuilder b;
    ir::Value* a = b.Input("a", {2, 12});
    ir::Node* g = b.Op("Gemm", {a, b.Random("w", {7, 12}, 4), b.Random("c", {7}, 5)},
                       Attrs(ir::Attribute::Int("transB", 1)), {2, 7});
    b.Out(g);
    auto original = b.model();
    std::shared_ptr<ir::Model> m = original->Clone();
    DynamicQuantOptions o;
    o.ort_format = ort;
    auto s = Quantized(*m, o);
    ASSERT_TRUE(s.ok()) << s.status().message();
    EXPECT_EQ(CountOps(*m, "Gemm"), 0);
    EXPECT_GT(OutputCosine(original, m), 0.999) << "ort " << ort;
  }
}

TEST(DynamicQuantizerTest, ConvBecomesConvIntegerWithBroadcastScaleAndBias) {
  for (bool per_channel : {false, true}) {
    GraphBuilder b;
    ir::Value* x = b.Input("x", {1, 3, 7, 7});
    ir::Node* c = b.Op("Conv", {x, b.Random("w", {5, 3, 3, 3}, 6), b.Random("bias", {5}, 7)},
                       Attrs(ir::Attribute::Ints("strides", {2, 2})), {1, 5, 3, 3});
    b.Out(c);
    auto original = b.model();
    std::shared_ptr<ir::Model> m = original->Clone();
    DynamicQuantOptions o;
    o.per_channel = per_channel;
    ASSERT_TRUE(Quantized(*m, o).ok());
    EXPECT_EQ(CountOps(*m, "ConvInteger"), 1);
    for (const ir::Node* n : m->graph->nodes()) {
      if (n->op_type() != "ConvInteger") continue;
      EXPECT_EQ(n->GetInts("strides"), (std::vector<int64_t>{2, 2}));
    }
    EXPECT_GT(OutputCosine(original, m), 0.999) << "per channel " << per_channel;
  }
}

// A bidirectional LSTM, X [6, 2, 5], hidden 4, with biases; Y is the graph output.
std::shared_ptr<ir::Model> OneLstm() {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {6, 2, 5});
  ir::Node* l = b.Op(
      "LSTM",
      {x, b.Random("W", {2, 16, 5}, 11), b.Random("R", {2, 16, 4}, 12), b.Random("B", {2, 32}, 13)},
      Attrs(ir::Attribute::Int("hidden_size", 4),
            ir::Attribute::String("direction", "bidirectional")),
      {6, 2, 2, 4});
  b.Out(l);
  return b.model();
}

TEST(DynamicQuantizerTest, OrtFormatLstmBecomesDynamicQuantizeLstmWithTransposedInt8Weights) {
  for (bool per_channel : {false, true}) {
    auto original = OneLstm();
    std::shared_ptr<ir::Model> m = original->Clone();
    DynamicQuantOptions o;
    o.ort_format = true;
    o.per_channel = per_channel;
    o.weight_type = QuantType::kUint8;  // LSTM weights are int8 whatever the option says
    auto s = Quantized(*m, o);
    ASSERT_TRUE(s.ok()) << s.status().message();
    EXPECT_EQ(s->quantized_by_op.at("LSTM"), 1);
    EXPECT_EQ(CountOps(*m, "LSTM"), 0);
    ASSERT_EQ(CountOps(*m, "DynamicQuantizeLSTM"), 1);
    const ir::Node* q = nullptr;
    for (const ir::Node* n : m->graph->nodes())
      if (n->op_type() == "DynamicQuantizeLSTM") q = n;
    ASSERT_EQ(q->domain(), "com.microsoft");
    ASSERT_EQ(q->inputs().size(), 12u);
    const std::vector<int64_t> scale_dims =
        per_channel ? std::vector<int64_t>{2, 16} : std::vector<int64_t>{2};
    EXPECT_EQ(q->input(1)->initializer()->dims(), (std::vector<int64_t>{2, 5, 16}));
    EXPECT_EQ(q->input(1)->initializer()->dtype(), ir::DataType::kInt8);
    EXPECT_EQ(q->input(2)->initializer()->dims(), (std::vector<int64_t>{2, 4, 16}));
    for (size_t i : {8u, 10u}) EXPECT_EQ(q->input(i)->initializer()->dims(), scale_dims);
    for (size_t i : {9u, 11u}) {
      const ir::Tensor& zp = *q->input(i)->initializer();
      EXPECT_EQ(zp.dtype(), ir::DataType::kInt8);
      for (int64_t k = 0; k < zp.numel(); ++k) EXPECT_EQ(zp.data<int8_t>()[k], 0);
    }
    EXPECT_EQ(q->GetString("direction", ""), "bidirectional");
    EXPECT_EQ(m->OpsetVersion("com.microsoft"), 1);
    EXPECT_GT(OutputCosine(original, m), 0.999) << "per channel " << per_channel;
  }
}

TEST(DynamicQuantizerTest, StandardFormatLeavesLstmFloatAndSaysSo) {
  auto m = OneLstm();
  auto s = Quantized(*m);
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ(CountOps(*m, "LSTM"), 1);
  EXPECT_EQ(s->quantized_by_op.count("LSTM"), 0u);
  ASSERT_EQ(s->warnings.size(), 1u);
  EXPECT_NE(s->warnings[0].find("1 LSTM node(s) left float"), std::string::npos);
}

TEST(DynamicQuantizerTest, LstmAskedForInTheStandardFormatIsAnError) {
  auto m = OneLstm();
  DynamicQuantOptions o;
  o.filter.op_types = {"LSTM"};
  auto s = QuantizeDynamic(*m, o);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("--op-types: LSTM is quantized only with --format ort"),
            std::string::npos)
      << s.status().message();
}

TEST(DynamicQuantizerTest, BatchMajorLstmStaysFloat) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 6, 5});
  b.Out(b.Op("LSTM", {x, b.Random("W", {1, 16, 5}, 11), b.Random("R", {1, 16, 4}, 12)},
             Attrs(ir::Attribute::Int("hidden_size", 4), ir::Attribute::Int("layout", 1)),
             {2, 6, 1, 4}));
  auto m = b.model();
  DynamicQuantOptions o;
  o.ort_format = true;
  ASSERT_TRUE(Quantized(*m, o).ok());
  EXPECT_EQ(CountOps(*m, "LSTM"), 1);
  EXPECT_EQ(CountOps(*m, "DynamicQuantizeLSTM"), 0);
}

TEST(DynamicQuantizerTest, MatMulOfTwoActivationsIsLeftAlone) {
  GraphBuilder b;
  ir::Value* a = b.Input("a", {2, 3});
  ir::Value* c = b.Input("c", {3, 2});
  b.Out(b.Op("MatMul", {a, c}, {}, {2, 2}));
  auto m = b.model();
  auto s = Quantized(*m);
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(s->quantized_by_op.empty());
  EXPECT_EQ(CountOps(*m, "MatMul"), 1);
}

TEST(DynamicQuantizerTest, ExcludedNodeStaysFloat) {
  auto m = TwoMatMuls();
  DynamicQuantOptions o;
  o.filter.exclude_nodes = {m->graph->nodes()[0]->name()};
  auto s = Quantized(*m, o);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->quantized_by_op.at("MatMul"), 1);
  EXPECT_EQ(CountOps(*m, "MatMul"), 1);
}

TEST(DynamicQuantizerTest, OpTypeTheModeDoesNotHandleIsAnError) {
  auto m = TwoMatMuls();
  DynamicQuantOptions o;
  o.filter.op_types = {"Softmax"};
  auto s = QuantizeDynamic(*m, o);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("--op-types: unknown op type 'Softmax'"), std::string::npos)
      << s.status().message();
}

TEST(DynamicQuantizerTest, QuantizingTwiceIsRefused) {
  auto m = TwoMatMuls();
  ASSERT_TRUE(Quantized(*m).ok());
  auto again = QuantizeDynamic(*m, {});
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.status().message().find("already quantized"), std::string::npos);
}

}  // namespace
}  // namespace onnxlens::quant
