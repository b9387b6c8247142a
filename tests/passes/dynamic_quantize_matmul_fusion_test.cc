// dynamic-quantize-matmul-fusion: dynamic quantization's DynamicQuantizeLinear -> MatMulInteger ->
// Cast -> Mul(Mul(y_scale, b_scale)) [-> Add(bias)] becomes one com.microsoft
// DynamicQuantizeMatMul whose outputs are bit for bit the chain's; a shared DynamicQuantizeLinear
// goes with its last product; anything else about the chain leaves it alone.
#include <gtest/gtest.h>

#include <random>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::Attrs;
using testing::CountOps;
using testing::GraphBuilder;
using testing::Typed;

struct DqmmOptions {
  bool per_column = true;  // b_scale / b_zero_point one per column, else one value
  bool bias = true;
  ir::DataType b_type = ir::DataType::kInt8;
  bool scales_first = false;  // Mul(scales, sum) rather than Mul(sum, scales)
};

// One product of x [rows, 37] with a constant B [37, 13] as the dynamic quantizer writes it,
// reading the DynamicQuantizeLinear `dq` (made when null); returns the product's float output.
ir::Value* DqmmProduct(GraphBuilder& b, ir::Value* x, ir::Node** dq, const DqmmOptions& o,
                       uint32_t seed) {
  if (!*dq) *dq = b.Op("DynamicQuantizeLinear", {x}, {}, {}, 3);
  std::mt19937 rng(seed);
  const bool s8 = o.b_type == ir::DataType::kInt8;
  std::uniform_int_distribution<int> u(s8 ? -127 : 0, s8 ? 127 : 255);
  ir::Value* w;
  std::vector<int64_t> pd = o.per_column ? std::vector<int64_t>{13} : std::vector<int64_t>{};
  const size_t np = o.per_column ? 13 : 1;
  ir::Value* wz;
  if (s8) {
    std::vector<int8_t> v(37 * 13);
    for (auto& e : v) e = static_cast<int8_t>(u(rng));
    w = Typed<int8_t>(b, "B", o.b_type, {37, 13}, v);
    wz = Typed<int8_t>(b, "Bz", o.b_type, pd, std::vector<int8_t>(np, 0));
  } else {
    std::vector<uint8_t> v(37 * 13);
    for (auto& e : v) e = static_cast<uint8_t>(u(rng));
    w = Typed<uint8_t>(b, "B", o.b_type, {37, 13}, v);
    std::vector<uint8_t> z(np);
    for (size_t i = 0; i < np; ++i) z[i] = static_cast<uint8_t>(120 + i);
    wz = Typed<uint8_t>(b, "Bz", o.b_type, pd, z);
  }
  std::vector<float> ws(np);
  for (size_t i = 0; i < np; ++i) ws[i] = 0.0031f + 0.0007f * float(i % 5);
  ir::Value* wsv = Typed<float>(b, "Bs", ir::DataType::kFloat, pd, ws);
  ir::Value* sum = b.Op("MatMulInteger", {(*dq)->output(0), w, (*dq)->output(2), wz})->output(0);
  ir::Value* f = b.Op("Cast", {sum}, Attrs(ir::Attribute::Int("to", int64_t(ir::DataType::kFloat))))
                     ->output(0);
  ir::Value* scales = b.Op("Mul", {(*dq)->output(1), wsv})->output(0);
  ir::Value* y = b.Op("Mul", o.scales_first ? std::vector<ir::Value*>{scales, f}
                                            : std::vector<ir::Value*>{f, scales})
                     ->output(0);
  if (!o.bias) return y;
  std::vector<float> bias(13);
  for (int i = 0; i < 13; ++i) bias[i] = 0.25f * float(i) - 1.5f;
  return b.Op("Add", {y, Typed<float>(b, "bias", ir::DataType::kFloat, {13}, bias)})->output(0);
}

std::shared_ptr<ir::Model> DqmmModel(const DqmmOptions& o, int products = 1) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {5, 37});
  ir::Node* dq = nullptr;
  for (int i = 0; i < products; ++i) {
    ir::Value* y = DqmmProduct(b, x, &dq, o, 11 + i);
    b.g().AddOutput(y);
  }
  return b.model();
}

// Both models on the reference provider with one x; identical bytes.
void ExpectBitIdentical(std::shared_ptr<const ir::Model> a, std::shared_ptr<const ir::Model> b) {
  std::mt19937 rng(3);
  std::normal_distribution<float> u(0.3f, 2.f);
  std::vector<float> xv(5 * 37);
  for (float& v : xv) v = u(rng);
  testing::ExpectIdenticalOutputs(a, b,
                                  {{"x", kernels::RtValue::FromTensor(ir::Tensor::FromVector<float>(
                                             ir::DataType::kFloat, {5, 37}, xv))}});
}

const std::vector<std::string> kDqmmOnly = {"dynamic-quantize-matmul-fusion"};

TEST(DynamicQuantizeMatMulFusion, TheChainBecomesOneNodeWithTheSameBits) {
  for (bool per_column : {true, false})
    for (bool bias : {true, false})
      for (ir::DataType bt : {ir::DataType::kInt8, ir::DataType::kUint8})
        for (bool scales_first : {false, true}) {
          SCOPED_TRACE("per column " + std::to_string(per_column) + " bias " +
                       std::to_string(bias) + " B " + std::string(ir::DataTypeName(bt)) +
                       " scales first " + std::to_string(scales_first));
          auto m = DqmmModel({per_column, bias, bt, scales_first});
          auto o = testing::Optimized(*m, Level::kExtended, kDqmmOnly);
          EXPECT_EQ(CountOps(*o, "DynamicQuantizeMatMul"), 1);
          for (const char* gone : {"DynamicQuantizeLinear", "MatMulInteger", "Cast", "Mul", "Add"})
            EXPECT_EQ(CountOps(*o, gone), 0) << gone;
          EXPECT_EQ(o->OpsetVersion("com.microsoft"), 1);
          ExpectBitIdentical(m, o);
        }
}

TEST(DynamicQuantizeMatMulFusion, ASharedDynamicQuantizeLinearGoesWithItsLastProduct) {
  // Q, K and V read one DynamicQuantizeLinear of the same x.
  auto m = DqmmModel({}, 3);
  EXPECT_EQ(CountOps(*m, "DynamicQuantizeLinear"), 1);
  auto o = testing::Optimized(*m, Level::kExtended, kDqmmOnly);
  EXPECT_EQ(CountOps(*o, "DynamicQuantizeMatMul"), 3);
  EXPECT_EQ(CountOps(*o, "DynamicQuantizeLinear"), 0);
  ExpectBitIdentical(m, o);
}

TEST(DynamicQuantizeMatMulFusion, LeavesChainsItCannotTake) {
  {  // The integer sums are a graph output too.
    auto m = DqmmModel({});
    for (ir::Node* n : m->graph->nodes())
      if (n->op_type() == "MatMulInteger") m->graph->AddOutput(n->output(0));
    auto o = testing::Optimized(*m, Level::kExtended, kDqmmOnly);
    EXPECT_EQ(CountOps(*o, "DynamicQuantizeMatMul"), 0);
  }
  {  // B computed at run time.
    GraphBuilder b;
    ir::Value* x = b.Input("x", {5, 37});
    ir::Value* w = b.Input("w", {37, 13});
    ir::Node* dq = b.Op("DynamicQuantizeLinear", {x}, {}, {}, 3);
    ir::Node* dw = b.Op("DynamicQuantizeLinear", {w}, {}, {}, 3);
    ir::Value* sum =
        b.Op("MatMulInteger", {dq->output(0), dw->output(0), dq->output(2), dw->output(2)})
            ->output(0);
    ir::Value* f =
        b.Op("Cast", {sum}, Attrs(ir::Attribute::Int("to", int64_t(ir::DataType::kFloat))))
            ->output(0);
    ir::Value* s = b.Op("Mul", {dq->output(1), dw->output(1)})->output(0);
    b.Out(b.Op("Mul", {f, s}));
    auto o = testing::Optimized(*b.model(), Level::kExtended, kDqmmOnly);
    EXPECT_EQ(CountOps(*o, "DynamicQuantizeMatMul"), 0);
  }
  {  // Standard ONNX only: no com.microsoft op.
    auto m = DqmmModel({});
    std::shared_ptr<ir::Model> copy = m->Clone();
    OptimizeOptions opt = testing::OptionsAt(Level::kExtended);
    opt.pass_options.format = Format::kStandard;
    ASSERT_TRUE(Optimize(*copy, opt).ok());
    EXPECT_EQ(CountOps(*copy, "DynamicQuantizeMatMul"), 0);
    EXPECT_EQ(CountOps(*copy, "MatMulInteger"), 1);
  }
}

}  // namespace
}  // namespace onnxlens::passes
