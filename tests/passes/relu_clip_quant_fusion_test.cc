// relu-clip-quant-fusion: a Relu / Clip that a per-tensor QuantizeLinear's saturation already does
// goes, with the quantized bytes unchanged; one the Q does not cover, or with another reader,
// stays. And PyTorch FX's DQ -> Conv -> Relu -> Q then runs as QLinearConv.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <random>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::Attrs;
using testing::CountOps;
using testing::GraphBuilder;
using testing::Typed;

const std::vector<std::string> kReluClipOnly = {"relu-clip-quant-fusion"};

// x [2, 64] -> act -> Q(scale, zp of `type`) -> output; act is "Relu" or "Clip" with `lo` / `hi`
// (NaN: the bound absent).
std::shared_ptr<ir::Model> ActQModel(const std::string& act, float lo, float hi, float scale,
                                     int zp, ir::DataType type, bool second_reader = false) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 64});
  std::vector<ir::Value*> in = {x};
  if (act == "Clip") {
    in.push_back(std::isnan(lo) ? nullptr : Typed<float>(b, "lo", ir::DataType::kFloat, {}, {lo}));
    in.push_back(std::isnan(hi) ? nullptr : Typed<float>(b, "hi", ir::DataType::kFloat, {}, {hi}));
  }
  ir::Node* a = b.Op(act, {}, {}, {2, 64});
  for (ir::Value* v : in) a->AddInput(v);
  ir::Value* s = Typed<float>(b, "s", ir::DataType::kFloat, {}, {scale});
  ir::Value* z = type == ir::DataType::kInt8
                     ? Typed<int8_t>(b, "z", type, {}, {static_cast<int8_t>(zp)})
                     : Typed<uint8_t>(b, "z", type, {}, {static_cast<uint8_t>(zp)});
  b.Out(b.Op("QuantizeLinear", {a->output(0), s, z}));
  if (second_reader) b.Out(a);
  return b.model();
}

// Both models on the reference provider, x spread over [-8, 8] with NaN and +-inf among them:
// identical bytes.
void ExpectSameBytes(std::shared_ptr<const ir::Model> a, std::shared_ptr<const ir::Model> b) {
  std::vector<float> xv(128);
  for (size_t i = 0; i < xv.size(); ++i) xv[i] = -8.f + 16.f * float(i) / 127.f;
  xv[3] = std::numeric_limits<float>::quiet_NaN();
  xv[5] = std::numeric_limits<float>::infinity();
  xv[7] = -std::numeric_limits<float>::infinity();
  testing::ExpectIdenticalOutputs(a, b,
                                  {{"x", kernels::RtValue::FromTensor(ir::Tensor::FromVector<float>(
                                             ir::DataType::kFloat, {2, 64}, xv))}});
}

TEST(ReluClipQuantFusion, RemovesWhatTheQuantizerSaturatesAnyway) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  struct Case {
    const char* what;
    std::string act;
    float lo, hi, scale;
    int zp;
    ir::DataType type;
  };
  const Case cases[] = {
      {"Relu, uint8 zero point 0", "Relu", 0, 0, 0.03f, 0, ir::DataType::kUint8},
      {"Relu, int8 zero point -128", "Relu", 0, 0, 0.03f, -128, ir::DataType::kInt8},
      // ReLU6 whose Q tops out at 6 (255 * 6 / 255), FX's observer on a ReLU6 output.
      {"Clip [0, 6], Q over [0, 6]", "Clip", 0, 6, 6.f / 255.f, 0, ir::DataType::kUint8},
      {"Clip [0, 6], Q over [0, 3]", "Clip", 0, 6, 3.f / 255.f, 0, ir::DataType::kUint8},
      {"Clip [-inf, 6]", "Clip", nan, 6, 6.f / 127.f, 0, ir::DataType::kInt8},
      {"Clip [-10, 10], int8 over [-4, 4]", "Clip", -10, 10, 4.f / 127.f, 0, ir::DataType::kInt8}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    auto m = ActQModel(c.act, c.lo, c.hi, c.scale, c.zp, c.type);
    auto o = testing::Optimized(*m, Level::kExtended, kReluClipOnly);
    EXPECT_EQ(CountOps(*o, c.act), 0);
    ExpectSameBytes(m, o);
  }
}

TEST(ReluClipQuantFusion, KeepsWhatTheQuantizerWouldNotDo) {
  struct Case {
    const char* what;
    std::string act;
    float lo, hi, scale;
    int zp;
    ir::DataType type;
    bool second_reader = false;
  };
  const Case cases[] = {
      {"Relu, uint8 zero point 10", "Relu", 0, 0, 0.03f, 10, ir::DataType::kUint8},
      {"Relu, int8 zero point 0", "Relu", 0, 0, 0.03f, 0, ir::DataType::kInt8},
      {"Clip [0, 6], Q over [0, 12]", "Clip", 0, 6, 12.f / 255.f, 0, ir::DataType::kUint8},
      {"Clip [1, 6], Q from 0", "Clip", 1, 6, 6.f / 255.f, 0, ir::DataType::kUint8},
      {"Relu read by the Q and a graph output", "Relu", 0, 0, 0.03f, 0, ir::DataType::kUint8,
       true}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    auto m = ActQModel(c.act, c.lo, c.hi, c.scale, c.zp, c.type, c.second_reader);
    auto o = testing::Optimized(*m, Level::kExtended, kReluClipOnly);
    EXPECT_EQ(CountOps(*o, c.act), 1);
  }
}

TEST(ReluClipQuantFusion, FxConvReluUnitsBecomeQLinearConv) {
  // DQ(x) -> Conv(DQ(W)) -> Relu -> Q(zero point 0), as torch.ao's FX export writes ConvReLU2d.
  GraphBuilder b;
  ir::Value* x = b.Input("x", {1, 4, 6, 6});
  ir::Value* s = Typed<float>(b, "s", ir::DataType::kFloat, {}, {0.02f});
  ir::Value* z = Typed<uint8_t>(b, "z", ir::DataType::kUint8, {}, {128});
  ir::Value* xq = b.Op("QuantizeLinear", {x, s, z})->output(0);
  ir::Value* xd = b.Op("DequantizeLinear", {xq, s, z}, {}, {1, 4, 6, 6})->output(0);
  std::mt19937 rng(1);
  std::uniform_int_distribution<int> u(-127, 127);
  std::vector<int8_t> w(8 * 4 * 9);
  for (auto& v : w) v = static_cast<int8_t>(u(rng));
  ir::Value* wd =
      b.Op("DequantizeLinear", {Typed<int8_t>(b, "W", ir::DataType::kInt8, {8, 4, 3, 3}, w),
                                Typed<float>(b, "ws", ir::DataType::kFloat, {}, {0.01f}),
                                Typed<int8_t>(b, "wz", ir::DataType::kInt8, {}, {0})})
          ->output(0);
  ir::Value* c =
      b.Op("Conv", {xd, wd}, Attrs(ir::Attribute::Ints("pads", {1, 1, 1, 1})), {1, 8, 6, 6})
          ->output(0);
  ir::Value* r = b.Op("Relu", {c}, {}, {1, 8, 6, 6})->output(0);
  ir::Value* ys = Typed<float>(b, "ys", ir::DataType::kFloat, {}, {0.05f});
  ir::Value* yz = Typed<uint8_t>(b, "yz", ir::DataType::kUint8, {}, {0});
  ir::Value* yq = b.Op("QuantizeLinear", {r, ys, yz})->output(0);
  b.Out(b.Op("DequantizeLinear", {yq, ys, yz}, {}, {1, 8, 6, 6}));
  auto o = testing::Optimized(*b.model(), Level::kExtended);
  EXPECT_EQ(CountOps(*o, "QLinearConv"), 1);
  EXPECT_EQ(CountOps(*o, "Conv"), 0);
  EXPECT_EQ(CountOps(*o, "Relu"), 0);
}

}  // namespace
}  // namespace onnxlens::passes
