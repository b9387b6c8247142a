// qdq-node-units: QDQ Conv / MatMul units become QLinearConv / QLinearMatMul, Add / Mul units
// (an Add with a Relu the Q makes redundant) com.microsoft QLinearAdd / QLinearMul, equal DQ -> Q
// pairs vanish, and the integer model's outputs stay within one quantization step of the QDQ model
// run unfused (the float emulation rounds the same products in float instead of exactly).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include "passes/graph_util.h"
#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::Attrs;
using testing::CountOps;
using testing::GraphBuilder;
using testing::Optimized;
using testing::Typed;

ir::Value* Scale(GraphBuilder& b, const std::string& name, std::vector<float> s) {
  return Typed<float>(
      b, name, ir::DataType::kFloat,
      s.size() == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{int64_t(s.size())}, s);
}
ir::Value* U8(GraphBuilder& b, const std::string& name, uint8_t z) {
  return Typed<uint8_t>(b, name, ir::DataType::kUint8, {}, {z});
}

// Q -> DQ of a float tensor with per-tensor uint8 parameters; returns the DQ.
ir::Node* QdqNode(GraphBuilder& b, ir::Value* x, float scale, uint8_t zp, const std::string& tag) {
  ir::Value* s = Scale(b, tag + "_s", {scale});
  ir::Value* z = U8(b, tag + "_z", zp);
  ir::Value* q = b.Op("QuantizeLinear", {x, s, z})->output(0);
  return b.Op("DequantizeLinear", {q, s, z});
}
ir::Value* Qdq(GraphBuilder& b, ir::Value* x, float scale, uint8_t zp, const std::string& tag) {
  return QdqNode(b, x, scale, zp, tag)->output(0);
}

// An int8 constant [n, rest...] with per-channel scales (axis 0) behind a DequantizeLinear.
ir::Value* Weight(GraphBuilder& b, std::vector<int64_t> dims, const std::vector<float>& scales,
                  int64_t axis, uint32_t seed) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> u(-127, 127);
  std::vector<int8_t> w(static_cast<size_t>(n));
  for (auto& v : w) v = static_cast<int8_t>(u(rng));
  ir::Value* wq = Typed<int8_t>(b, "W_q", ir::DataType::kInt8, dims, w);
  const int64_t c = static_cast<int64_t>(scales.size());
  ir::Value* ws = Scale(b, "W_s", scales);
  ir::Value* wz = Typed<int8_t>(b, "W_z", ir::DataType::kInt8,
                                c == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{c},
                                std::vector<int8_t>(static_cast<size_t>(c), 0));
  return b
      .Op("DequantizeLinear", {wq, ws, wz},
          c == 1 ? Attrs() : Attrs(ir::Attribute::Int("axis", axis)))
      ->output(0);
}

// Both models on the reference provider with the same inputs: every output within `tol`.
void ExpectWithin(std::shared_ptr<const ir::Model> a, std::shared_ptr<const ir::Model> b,
                  float tol) {
  runtime::SessionOptions so;
  so.providers = {"reference"};
  auto sa = runtime::Session::Create(a, so);
  auto sb = runtime::Session::Create(b, so);
  ASSERT_TRUE(sa.ok()) << sa.status().message();
  ASSERT_TRUE(sb.ok()) << sb.status().message();
  std::map<std::string, kernels::RtValue> in;
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-2.f, 2.f);
  for (const ir::Value* v : (*sa)->Inputs()) {
    std::vector<int64_t> dims;
    for (const auto& d : *v->type().shape) dims.push_back(d.value);
    ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kFloat, dims).value();
    for (int64_t i = 0; i < t.numel(); ++i) t.mutable_data<float>()[i] = u(rng);
    in[v->name()] = kernels::RtValue::FromTensor(std::move(t));
  }
  auto ra = (*sa)->Run(in);
  auto rb = (*sb)->Run(in);
  ASSERT_TRUE(ra.ok()) << ra.status().message();
  ASSERT_TRUE(rb.ok()) << rb.status().message();
  ASSERT_EQ(ra->size(), rb->size());
  for (size_t i = 0; i < ra->size(); ++i) {
    const ir::Tensor& x = (*ra)[i].second.tensor;
    const ir::Tensor& y = (*rb)[i].second.tensor;
    ASSERT_EQ(x.dims(), y.dims());
    int64_t off = 0;
    for (int64_t k = 0; k < x.numel(); ++k) {
      const float d = std::fabs(x.data<float>()[k] - y.data<float>()[k]);
      EXPECT_LE(d, tol) << "element " << k;
      off += d > 0 ? 1 : 0;
    }
    EXPECT_LE(off * 20, x.numel()) << "more than 5% of the outputs moved by a step";
  }
}

constexpr float kXs = 0.016f, kYs = 0.05f;

// x -> Q/DQ -> Conv(DQ(W) per channel, DQ(B int32)) -> Q/DQ -> y.
std::shared_ptr<ir::Model> ConvUnitModel(bool conv_also_output, bool exact_bias = true) {
  GraphBuilder b;
  ir::Value* x = Qdq(b, b.Input("x", {1, 3, 7, 7}), kXs, 128, "x");
  const std::vector<float> ws = {0.004f, 0.002f, 0.003f, 0.005f};
  ir::Value* w = Weight(b, {4, 3, 3, 3}, ws, 0, 1);
  std::vector<float> bs;
  for (float s : ws) bs.push_back(kXs * s * (exact_bias ? 1.f : 1.5f));
  ir::Value* bq = Typed<int32_t>(b, "B_q", ir::DataType::kInt32, {4}, {100, -2000, 0, 517});
  ir::Value* bias = b.Op("DequantizeLinear",
                         {bq, Scale(b, "B_s", bs),
                          Typed<int32_t>(b, "B_z", ir::DataType::kInt32, {4}, {0, 0, 0, 0})},
                         Attrs(ir::Attribute::Int("axis", 0)))
                        ->output(0);
  ir::Node* conv =
      b.Op("Conv", {x, w, bias},
           Attrs(ir::Attribute::Ints("pads", {1, 1, 1, 1}), ir::Attribute::Ints("strides", {2, 2})),
           {1, 4, 4, 4});
  b.Out(QdqNode(b, conv->output(0), kYs, 100, "y"));
  if (conv_also_output) b.Out(conv);
  return b.model();
}

TEST(QdqNodeUnits, ConvUnitBecomesQLinearConv) {
  auto m = ConvUnitModel(false);
  auto opt = Optimized(*m, Level::kExtended, {"qdq-node-units"});
  EXPECT_EQ(CountOps(*opt, "QLinearConv"), 1);
  EXPECT_EQ(CountOps(*opt, "Conv"), 0);
  // Left: the input's Q and the output's DQ; the weight and bias DQs went with the unit.
  EXPECT_EQ(CountOps(*opt, "QuantizeLinear"), 1);
  EXPECT_EQ(CountOps(*opt, "DequantizeLinear"), 1);
  for (const ir::Node* n : opt->graph->nodes()) {
    if (n->op_type() != "QLinearConv") continue;
    EXPECT_EQ(n->inputs().size(), 9u);
    EXPECT_EQ(n->GetInts("strides"), (std::vector<int64_t>{2, 2}));
    EXPECT_EQ(ConstantOf(n->input(8))->dtype(), ir::DataType::kInt32);
    EXPECT_GE(n->origins.size(), 5u);  // DQ(x), DQ(W), DQ(B), Conv, Q
  }
  ExpectWithin(m, opt, kYs * 1.001f);
}

TEST(QdqNodeUnits, ConvReadByAnotherNodeOrInexactBiasStays) {
  auto shared = ConvUnitModel(true);
  EXPECT_EQ(CountOps(*Optimized(*shared, Level::kExtended, {"qdq-node-units"}), "QLinearConv"), 0);
  auto odd_bias = ConvUnitModel(false, false);
  auto opt = Optimized(*odd_bias, Level::kExtended, {"qdq-node-units"});
  EXPECT_EQ(CountOps(*opt, "QLinearConv"), 0);
  EXPECT_EQ(CountOps(*opt, "Conv"), 1);
}

std::shared_ptr<ir::Model> MatMulUnitModel(int64_t axis, size_t scales) {
  GraphBuilder b;
  ir::Value* a = Qdq(b, b.Input("a", {2, 5, 16}), kXs, 120, "a");
  std::vector<float> ws(scales, 0.01f);
  for (size_t i = 0; i < ws.size(); ++i) ws[i] += 0.001f * float(i);
  ir::Value* w = Weight(b, {16, 8}, ws, axis, 2);
  ir::Node* mm = b.Op("MatMul", {a, w}, {}, {2, 5, 8});
  b.Out(QdqNode(b, mm->output(0), 0.1f, 128, "y"));
  return b.model();
}

TEST(QdqNodeUnits, MatMulUnitBecomesQLinearMatMul) {
  for (size_t scales : {size_t{1}, size_t{8}}) {
    auto m = MatMulUnitModel(1, scales);
    auto opt = Optimized(*m, Level::kExtended, {"qdq-node-units"});
    EXPECT_EQ(CountOps(*opt, "QLinearMatMul"), 1) << scales;
    EXPECT_EQ(CountOps(*opt, "MatMul"), 0) << scales;
    ExpectWithin(m, opt, 0.1f * 1.001f);
  }
  // A product of two activations stays float.
  GraphBuilder two;
  ir::Value* a = Qdq(two, two.Input("a", {2, 5, 16}), kXs, 120, "a");
  ir::Value* b = Qdq(two, two.Input("b", {2, 16, 8}), kXs, 128, "b");
  two.Out(QdqNode(two, two.Op("MatMul", {a, b}, {}, {2, 5, 8})->output(0), 0.1f, 128, "y"));
  EXPECT_EQ(CountOps(*Optimized(*two.model(), Level::kExtended, {"qdq-node-units"}), "MatMul"), 1);
  // Per-row weight scales (axis 0) are not QLinearMatMul's per-column ones.
  auto rows = MatMulUnitModel(0, 16);
  EXPECT_EQ(CountOps(*Optimized(*rows, Level::kExtended, {"qdq-node-units"}), "MatMul"), 1);
}

TEST(QdqNodeUnits, EqualDqQPairVanishesOthersStay) {
  for (float second : {kXs, 2 * kXs}) {
    GraphBuilder b;
    ir::Value* x = Qdq(b, b.Input("x", {1, 4, 5, 5}), kXs, 128, "x");
    // DQ -> Relu would stay float; here DQ -> Q directly (a chain the quantizer leaves behind
    // around a rewritten unit) with equal or different parameters.
    ir::Value* y = Qdq(b, x, second, 128, "y");
    b.Out(b.Op("Relu", {y}, {}, {1, 4, 5, 5}));
    auto opt = Optimized(*b.model(), Level::kExtended, {"qdq-node-units"});
    EXPECT_EQ(CountOps(*opt, "QuantizeLinear"), second == kXs ? 1 : 2);
    EXPECT_EQ(CountOps(*opt, "DequantizeLinear"), second == kXs ? 1 : 2);
    testing::ExpectSameOutputs(b.model(), opt);
  }
}

// x -> Q/DQ -> MaxPool 3x3/2 -> Q(`ys`)/DQ -> y, in a model of `opset`.
std::shared_ptr<ir::Model> MaxPoolUnitModel(float ys, int64_t opset = 17) {
  GraphBuilder b(opset);
  ir::Value* x = Qdq(b, b.Input("x", {1, 3, 9, 9}), kXs, 128, "x");
  ir::Node* mp =
      b.Op("MaxPool", {x},
           Attrs(ir::Attribute::Ints("kernel_shape", {3, 3}),
                 ir::Attribute::Ints("strides", {2, 2}), ir::Attribute::Ints("pads", {1, 1, 1, 1})),
           {1, 3, 5, 5});
  b.Out(QdqNode(b, mp->output(0), ys, 128, "y"));
  return b.model();
}

TEST(QdqNodeUnits, MaxPoolBetweenEqualParametersRunsOnUint8) {
  auto m = MaxPoolUnitModel(kXs);
  auto opt = Optimized(*m, Level::kExtended, {"qdq-node-units"});
  EXPECT_EQ(CountOps(*opt, "MaxPool"), 1);
  // Left: the input's Q and the output's DQ; the MaxPool reads the uint8 tensor.
  EXPECT_EQ(CountOps(*opt, "QuantizeLinear"), 1);
  EXPECT_EQ(CountOps(*opt, "DequantizeLinear"), 1);
  for (const ir::Node* n : opt->graph->nodes())
    if (n->op_type() == "MaxPool") {
      ASSERT_NE(n->input(0)->producer(), nullptr);
      EXPECT_EQ(n->input(0)->producer()->op_type(), "QuantizeLinear");
      EXPECT_EQ(n->GetInts("strides"), (std::vector<int64_t>{2, 2}));
    }
  // Exact: the maximum of the dequantized values is the dequantized maximum.
  testing::ExpectSameOutputs(m, opt);
}

TEST(QdqNodeUnits, MaxPoolWithOtherParametersOrOldOpsetStaysFloat) {
  auto other = Optimized(*MaxPoolUnitModel(2 * kXs), Level::kExtended, {"qdq-node-units"});
  EXPECT_EQ(CountOps(*other, "QuantizeLinear"), 2);
  auto old = Optimized(*MaxPoolUnitModel(kXs, 11), Level::kExtended, {"qdq-node-units"});
  EXPECT_EQ(CountOps(*old, "QuantizeLinear"), 2);  // MaxPool takes uint8 from opset 12
}

TEST(QdqNodeUnits, UnitsSharingAnInputDqGetDistinctNames) {
  // One DQ(x) read by two Conv units (resnet's block input: conv1 and the downsample): ONNX
  // Runtime refuses an export with two nodes of one name.
  GraphBuilder b;
  ir::Value* x = Qdq(b, b.Input("x", {1, 3, 7, 7}), kXs, 128, "x");
  for (int i = 0; i < 2; ++i) {
    const std::vector<float> ws = {0.004f, 0.002f, 0.003f, 0.005f};
    ir::Value* w = Weight(b, {4, 3, 3, 3}, ws, 0, static_cast<uint32_t>(7 + i));
    ir::Node* conv = b.Op("Conv", {x, w}, {}, {1, 4, 5, 5});
    b.Out(QdqNode(b, conv->output(0), kYs, 100, "y" + std::to_string(i)));
  }
  auto opt = Optimized(*b.model(), Level::kExtended, {"qdq-node-units"});
  std::set<std::string> names;
  for (const ir::Node* n : opt->graph->nodes())
    if (n->op_type() == "QLinearConv") names.insert(n->name());
  EXPECT_EQ(names.size(), 2u);
}

TEST(QdqNodeUnits, ADqSharedByManyUnitsGivesItsMergedOriginsToOneOfThemOnly) {
  // Eight Conv units with equal weights: CSE folds their eight weight DequantizeLinears into one
  // whose origins are all eight. A unit's QLinearConv stands for its own Conv and Q, not for every
  // weight DQ of the model (that made 14,000 units of a 50k-node CNN carry 13,000 ids each); the
  // unit that reads the DQ last takes the merged list with it.
  GraphBuilder b;
  const int units = 8;
  for (int i = 0; i < units; ++i) {
    const std::string tag = "x" + std::to_string(i);
    ir::Value* x = Qdq(b, b.Input(tag, {1, 3, 7, 7}), kXs, 128, tag);
    ir::Value* w = Weight(b, {4, 3, 3, 3}, {0.004f}, 0, 7);
    ir::Node* conv = b.Op("Conv", {x, w}, {}, {1, 4, 5, 5});
    b.Out(QdqNode(b, conv->output(0), kYs, 100, "y" + std::to_string(i)));
  }
  std::set<ir::NodeId> weight_dqs;
  for (const ir::Node* n : b.model()->graph->nodes())
    if (n->op_type() == "DequantizeLinear" && n->input(0)->name().rfind("W_q", 0) == 0)
      weight_dqs.insert(n->id());
  ASSERT_EQ(weight_dqs.size(), static_cast<size_t>(units));
  auto opt = Optimized(*b.model(), Level::kExtended,
                       {"constant-sharing", "common-subexpression-elimination", "qdq-node-units"});
  ASSERT_EQ(CountOps(*opt, "QLinearConv"), units);
  int holders = 0;
  for (const ir::Node* n : opt->graph->nodes()) {
    if (n->op_type() != "QLinearConv") continue;
    EXPECT_TRUE(std::is_sorted(n->origins.begin(), n->origins.end()));
    int dqs = 0;
    for (ir::NodeId id : n->origins) dqs += weight_dqs.count(id) ? 1 : 0;
    EXPECT_TRUE(dqs <= 1 || dqs == units) << n->name() << ": " << dqs << " weight DQs";
    holders += dqs == units ? 1 : 0;
  }
  EXPECT_EQ(holders, 1);
}

// x, y -> Q/DQ each (y of `ydims`, or plain float) -> `op` [-> Relu] -> Q(zero point `zq`)/DQ.
std::shared_ptr<ir::Model> BinaryUnitModel(const char* op, bool relu, uint8_t zq,
                                           std::vector<int64_t> ydims = {1, 3, 4, 5},
                                           bool quantized_y = true) {
  GraphBuilder b;
  const std::vector<int64_t> dims = {1, 3, 4, 5};
  ir::Value* x = Qdq(b, b.Input("x", dims), kXs, 128, "x");
  ir::Value* y = b.Input("y", ydims);
  if (quantized_y) y = Qdq(b, y, 0.02f, 120, "yy");
  ir::Value* s = b.Op(op, {x, y}, {}, dims)->output(0);
  if (relu) s = b.Op("Relu", {s}, {}, dims)->output(0);
  b.Out(QdqNode(b, s, kYs, zq, "o"));
  return b.model();
}

int CountDomainOps(const ir::Model& m, const std::string& domain, const std::string& op) {
  int n = 0;
  for (const ir::Node* node : m.graph->nodes())
    n += node->domain() == domain && node->op_type() == op ? 1 : 0;
  return n;
}

TEST(QdqNodeUnits, AddAndMulUnitsBecomeComMicrosoftQLinearOps) {
  for (const char* op : {"Add", "Mul"})
    for (const std::vector<int64_t>& ydims : {std::vector<int64_t>{1, 3, 4, 5}, {5}}) {
      auto m = BinaryUnitModel(op, false, 100, ydims);
      auto opt = Optimized(*m, Level::kExtended, {"qdq-node-units"});
      const std::string fused = std::string("QLinear") + op;
      EXPECT_EQ(CountDomainOps(*opt, "com.microsoft", fused), 1) << op;
      EXPECT_EQ(CountOps(*opt, op), 0) << op;
      for (const ir::Node* n : opt->graph->nodes())
        if (n->op_type() == fused) {
          EXPECT_EQ(n->inputs().size(), 8u);
        }
      EXPECT_EQ(opt->OpsetVersion("com.microsoft"), 1);
      // ONNX Runtime's rounding in float against the float emulation: within one output step.
      ExpectWithin(m, opt, kYs * 1.001f);
    }
}

TEST(QdqNodeUnits, AStandardExportKeepsAddAndMulUnits) {
  // com.microsoft ops are not standard ONNX: --format standard leaves the units as they are.
  OptimizeOptions o = testing::OptionsAt(Level::kExtended);
  o.pass_options.format = Format::kStandard;
  std::shared_ptr<ir::Model> m = BinaryUnitModel("Add", false, 100);
  std::shared_ptr<ir::Model> copy = m->Clone();
  ASSERT_TRUE(Optimize(*copy, o).ok());
  EXPECT_EQ(CountOps(*copy, "QLinearAdd"), 0);
  EXPECT_EQ(CountOps(*copy, "Add"), 1);
  EXPECT_LT(copy->OpsetVersion("com.microsoft"), 1);
}

TEST(QdqNodeUnits, AReluBetweenAddAndQFusesOnlyWhenTheQClipsAtZero) {
  auto clips = Optimized(*BinaryUnitModel("Add", true, 0), Level::kExtended, {"qdq-node-units"});
  EXPECT_EQ(CountDomainOps(*clips, "com.microsoft", "QLinearAdd"), 1);
  EXPECT_EQ(CountOps(*clips, "Relu"), 0);
  ExpectWithin(BinaryUnitModel("Add", true, 0), clips, kYs * 1.001f);
  // Zero point 100: the Q keeps negative values, so the Relu matters and the unit stays float.
  auto keeps = Optimized(*BinaryUnitModel("Add", true, 100), Level::kExtended, {"qdq-node-units"});
  EXPECT_EQ(CountOps(*keeps, "QLinearAdd"), 0);
  EXPECT_EQ(CountOps(*keeps, "Relu"), 1);
  // Only after an Add.
  auto mul = Optimized(*BinaryUnitModel("Mul", true, 0), Level::kExtended, {"qdq-node-units"});
  EXPECT_EQ(CountOps(*mul, "QLinearMul"), 0);
}

TEST(QdqNodeUnits, ABinaryUnitWithAFloatInputStays) {
  auto opt = Optimized(*BinaryUnitModel("Add", false, 100, {1, 3, 4, 5}, false), Level::kExtended,
                       {"qdq-node-units"});
  EXPECT_EQ(CountOps(*opt, "QLinearAdd"), 0);
  EXPECT_EQ(CountOps(*opt, "Add"), 1);
}

// x -> Q/DQ -> Reshape [1,3,20] -> Q(`s2`)/DQ -> Transpose -> Q(`s2`)/DQ -> y.
std::shared_ptr<ir::Model> DataMovementModel(float s2) {
  GraphBuilder b;
  ir::Value* x = Qdq(b, b.Input("x", {1, 3, 4, 5}), kXs, 128, "x");
  ir::Value* shape = Typed<int64_t>(b, "shape", ir::DataType::kInt64, {3}, {1, 3, 20});
  ir::Value* r = b.Op("Reshape", {x, shape}, {}, {1, 3, 20})->output(0);
  ir::Value* rq = Qdq(b, r, s2, 128, "r");
  ir::Node* t = b.Op("Transpose", {rq}, Attrs(ir::Attribute::Ints("perm", {0, 2, 1})), {1, 20, 3});
  b.Out(QdqNode(b, t->output(0), s2, 128, "t"));
  return b.model();
}

TEST(QdqNodeUnits, ReshapeAndTransposeBetweenEqualParametersMoveUint8) {
  auto m = DataMovementModel(kXs);
  auto opt = Optimized(*m, Level::kExtended, {"qdq-node-units"});
  // Left: x's Q and the output's DQ; Reshape and Transpose read uint8.
  EXPECT_EQ(CountOps(*opt, "QuantizeLinear"), 1);
  EXPECT_EQ(CountOps(*opt, "DequantizeLinear"), 1);
  for (const ir::Node* n : opt->graph->nodes()) {
    const ir::Node* p = n->input(0) ? n->input(0)->producer() : nullptr;
    if (n->op_type() == "Reshape") {
      EXPECT_EQ(p ? p->op_type() : "", "QuantizeLinear");
    }
    if (n->op_type() == "Transpose") {
      EXPECT_EQ(p ? p->op_type() : "", "Reshape");
    }
  }
  testing::ExpectSameOutputs(m, opt);
  // Other parameters after the Reshape: its unit stays, the Transpose's (s2 both sides) goes.
  auto other = Optimized(*DataMovementModel(2 * kXs), Level::kExtended, {"qdq-node-units"});
  EXPECT_EQ(CountOps(*other, "QuantizeLinear"), 2);
  testing::ExpectSameOutputs(DataMovementModel(2 * kXs), other);
}

TEST(QdqNodeUnits, ListedAtExtended) {
  bool found = false;
  for (const auto& p : ListPasses())
    if (p.name == "qdq-node-units") {
      found = true;
      EXPECT_EQ(p.level, Level::kExtended);
    }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace onnxlens::passes
