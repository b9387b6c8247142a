// qdq-fake-quant-fusion (sessions only): a QuantizeLinear read only by a DequantizeLinear with
// the same per-tensor parameters becomes com.onnxlens QuantizeDequantizeLinear, whose cpu and
// reference kernels give the unfused pair's numbers bit for bit (odd sizes, saturation, uint8 and
// int8); a Q read by something else too, different parameters, or an export stay as they were.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "passes/graph_util.h"
#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::GraphBuilder;
using testing::Typed;

// x [dims] -> Q(0.02, zp) -> DQ(dq_scale, zp) -> Relu -> y; `tap`: the integers are an output too.
std::shared_ptr<ir::Model> PairModel(std::vector<int64_t> dims, bool int8, float dq_scale = 0.02f,
                                     bool tap = false) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", dims);
  ir::Value* s = Typed<float>(b, "s", ir::DataType::kFloat, {}, {0.02f});
  ir::Value* s2 =
      dq_scale == 0.02f ? s : Typed<float>(b, "s2", ir::DataType::kFloat, {}, {dq_scale});
  ir::Value* z = int8 ? Typed<int8_t>(b, "z", ir::DataType::kInt8, {}, {-3})
                      : Typed<uint8_t>(b, "z", ir::DataType::kUint8, {}, {131});
  ir::Node* q = b.Op("QuantizeLinear", {x, s, z});
  q->output(0)->set_type(
      ir::TypeInfo::Tensor(int8 ? ir::DataType::kInt8 : ir::DataType::kUint8, *x->type().shape));
  ir::Node* dq = b.Op("DequantizeLinear", {q->output(0), s2, z}, {}, dims);
  b.Out(b.Op("Relu", {dq->output(0)}, {}, dims));
  if (tap) b.Out(q);
  return b.model();
}

std::shared_ptr<ir::Model> AtLayout(const ir::Model& m, bool session) {
  std::shared_ptr<ir::Model> copy = m.Clone();
  OptimizeOptions o = testing::OptionsAt(Level::kLayout);
  o.verify_each = true;
  o.pass_options.session_only_ops = session;
  for (const auto& p : ListPasses())
    if (p.name != "qdq-fake-quant-fusion") o.disabled.insert(p.name);
  auto r = Optimize(*copy, o);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return copy;
}

// Runs `m` on `provider` with inputs in [-4, 4] (beyond the int8 range at scale 0.02: saturation)
// and a NaN; returns the first output and the provider of the first node event.
std::pair<ir::Tensor, std::string> RunPair(std::shared_ptr<const ir::Model> m,
                                           const std::string& provider, std::vector<int64_t> dims) {
  runtime::SessionOptions so;
  so.providers = {provider};
  so.enable_profiling = true;
  so.intra_op_threads = 2;
  auto s = runtime::Session::Create(m, so);
  EXPECT_TRUE(s.ok()) << s.status().message();
  if (!s.ok()) return {};
  ir::Tensor t = ir::Tensor::Zeros(ir::DataType::kFloat, dims).value();
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(-4.f, 4.f);
  for (int64_t i = 0; i < t.numel(); ++i) t.mutable_data<float>()[i] = u(rng);
  t.mutable_data<float>()[0] = std::nanf("");
  auto r = (*s)->Run({{"x", kernels::RtValue::FromTensor(std::move(t))}});
  EXPECT_TRUE(r.ok()) << r.status().message();
  if (!r.ok()) return {};
  std::string first;
  for (const auto& e : (*s)->profiler()->Events())
    if (e.cat == "Node" && first.empty() && !e.Arg("provider").empty()) first = e.Arg("provider");
  return {(*r)[0].second.tensor, first};
}

TEST(QdqFakeQuantFusion, PairBecomesOneNodeWithTheSameNumbers) {
  for (bool int8 : {false, true})
    for (const std::vector<int64_t>& dims :
         {std::vector<int64_t>{1}, {13}, {3, 127}, {2, 128, 257}}) {
      auto m = PairModel(dims, int8);
      auto o = AtLayout(*m, true);
      EXPECT_EQ(CountOps(*o, "QuantizeLinear"), 0);
      EXPECT_EQ(CountOps(*o, "DequantizeLinear"), 0);
      EXPECT_EQ(CountOps(*o, "QuantizeDequantizeLinear"), 1);
      const auto [want, wp] = RunPair(m, "reference", dims);
      for (const char* provider : {"cpu", "reference"}) {
        const auto [got, gp] = RunPair(o, provider, dims);
        EXPECT_EQ(gp, provider) << "the " << provider << " kernel did not run";
        ASSERT_EQ(got.dims(), want.dims());
        EXPECT_EQ(std::memcmp(got.raw(), want.raw(), got.nbytes()), 0)
            << provider << (int8 ? " int8 " : " uint8 ") << got.numel();
      }
    }
}

TEST(QdqFakeQuantFusion, IntegersReadElsewhereOtherParametersOrExportsStay) {
  auto tapped = AtLayout(*PairModel({3, 13}, false, 0.02f, true), true);
  EXPECT_EQ(CountOps(*tapped, "QuantizeDequantizeLinear"), 0);
  auto other = AtLayout(*PairModel({3, 13}, false, 0.04f), true);
  EXPECT_EQ(CountOps(*other, "QuantizeDequantizeLinear"), 0);
  auto exported = AtLayout(*PairModel({3, 13}, false), false);
  EXPECT_EQ(CountOps(*exported, "QuantizeLinear"), 1);
  EXPECT_EQ(CountOps(*exported, "QuantizeDequantizeLinear"), 0);
}

}  // namespace
}  // namespace onnxlens::passes
