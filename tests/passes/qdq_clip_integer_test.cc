// qdq-clip-integer: DQ -> Clip -> Q with equal per-tensor parameters becomes a uint8 / int8 Clip
// whose bytes equal the float chain's for every input value (on the reference and the cpu
// kernels); different parameters, an old opset or another reader of the Clip leave it alone.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::GraphBuilder;
using testing::Typed;

const std::vector<std::string> kClipIntegerOnly = {"qdq-clip-integer"};

struct ClipCase {
  const char* what;
  ir::DataType type;
  float scale;
  int zp;
  float lo, hi;         // NaN: the bound absent
  float out_scale = 0;  // 0: the same as scale
};

ir::Value* ClipZp(GraphBuilder& b, ir::DataType t, int zp) {
  return t == ir::DataType::kUint8 ? Typed<uint8_t>(b, "z", t, {}, {static_cast<uint8_t>(zp)})
                                   : Typed<int8_t>(b, "z", t, {}, {static_cast<int8_t>(zp)});
}

// q [259] (every value of the type, then three more for the kernels' scalar tails) -> DQ ->
// Clip -> Q -> y.
std::shared_ptr<ir::Model> ClipModel(const ClipCase& c, int64_t opset = 13,
                                     bool second_reader = false) {
  GraphBuilder b(opset);
  ir::Value* q = b.g().CreateValue("q");
  q->set_type(ir::TypeInfo::Tensor(c.type, ir::DimsFromSizes({259})));
  b.g().AddInput(q);
  ir::Value* s = Typed<float>(b, "s", ir::DataType::kFloat, {}, {c.scale});
  ir::Value* d = b.Op("DequantizeLinear", {q, s, ClipZp(b, c.type, c.zp)}, {}, {259})->output(0);
  ir::Node* clip = b.Op("Clip", {d}, {}, {259});
  clip->AddInput(std::isnan(c.lo) ? nullptr
                                  : Typed<float>(b, "lo", ir::DataType::kFloat, {}, {c.lo}));
  clip->AddInput(std::isnan(c.hi) ? nullptr
                                  : Typed<float>(b, "hi", ir::DataType::kFloat, {}, {c.hi}));
  ir::Value* os =
      Typed<float>(b, "os", ir::DataType::kFloat, {}, {c.out_scale > 0 ? c.out_scale : c.scale});
  b.Out(b.Op("QuantizeLinear", {clip->output(0), os, ClipZp(b, c.type, c.zp)}));
  if (second_reader) b.Out(clip);
  return b.model();
}

ir::Tensor RunClip(std::shared_ptr<const ir::Model> m, ir::DataType t,
                   std::vector<std::string> providers) {
  runtime::SessionOptions so;
  so.providers = std::move(providers);
  auto s = runtime::Session::Create(m, so);
  EXPECT_TRUE(s.ok()) << s.status().message();
  if (!s.ok()) return {};
  std::vector<uint8_t> all(259);
  for (int i = 0; i < 259; ++i) all[i] = static_cast<uint8_t>(i * 7);  // every bit pattern
  ir::Tensor q =
      t == ir::DataType::kUint8
          ? ir::Tensor::FromVector<uint8_t>(t, {259}, all)
          : ir::Tensor::FromVector<int8_t>(t, {259}, std::vector<int8_t>(all.begin(), all.end()));
  auto r = (*s)->Run({{"q", kernels::RtValue::FromTensor(q)}});
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? (*r)[0].second.tensor : ir::Tensor{};
}

TEST(QdqClipInteger, BecomesAnIntegerClipWithTheSameBytes) {
  const float nan = std::nanf("");
  const ClipCase cases[] = {
      {"ReLU6, uint8 over [0, 6]", ir::DataType::kUint8, 6.f / 255.f, 0, 0, 6},
      {"ReLU6, uint8 zero point 128", ir::DataType::kUint8, 0.05f, 128, 0, 6},
      {"int8 [-1, 1]", ir::DataType::kInt8, 0.03f, -10, -1, 1},
      {"max only", ir::DataType::kUint8, 0.1f, 20, nan, 3.3f},
      {"bounds between steps", ir::DataType::kInt8, 0.07f, 3, -0.51f, 2.345f}};
  for (const ClipCase& c : cases) {
    SCOPED_TRACE(c.what);
    auto m = ClipModel(c);
    auto o = testing::Optimized(*m, Level::kExtended, kClipIntegerOnly);
    EXPECT_EQ(CountOps(*o, "DequantizeLinear"), 0);
    EXPECT_EQ(CountOps(*o, "QuantizeLinear"), 0);
    ASSERT_EQ(CountOps(*o, "Clip"), 1);
    const ir::Tensor want = RunClip(m, c.type, {"reference"});
    for (auto providers :
         {std::vector<std::string>{"reference"}, std::vector<std::string>{"cpu", "reference"}}) {
      const ir::Tensor got = RunClip(o, c.type, providers);
      ASSERT_EQ(got.nbytes(), want.nbytes());
      EXPECT_EQ(std::memcmp(got.raw(), want.raw(), want.nbytes()), 0) << providers[0];
    }
  }
}

TEST(QdqClipInteger, LeavesWhatItCannotRewrite) {
  const ClipCase requantizes = {"another output scale", ir::DataType::kUint8, 0.05f, 0, 0, 6, 0.1f};
  EXPECT_EQ(
      CountOps(*testing::Optimized(*ClipModel(requantizes), Level::kExtended, kClipIntegerOnly),
               "DequantizeLinear"),
      1);
  const ClipCase plain = {"ReLU6", ir::DataType::kUint8, 0.05f, 0, 0, 6};
  // Clip-11 takes float only.
  EXPECT_EQ(CountOps(*testing::Optimized(*ClipModel(plain, 11), Level::kExtended, kClipIntegerOnly),
                     "DequantizeLinear"),
            1);
  // The float Clip is a graph output too.
  EXPECT_EQ(
      CountOps(*testing::Optimized(*ClipModel(plain, 13, true), Level::kExtended, kClipIntegerOnly),
               "DequantizeLinear"),
      1);
}

}  // namespace
}  // namespace onnxlens::passes
