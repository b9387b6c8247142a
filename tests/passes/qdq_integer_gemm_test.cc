// qdq-integer-gemm and qdq-weight-folding (sessions only): a classifier Gemm / MatMul between
// DequantizeLinears with a float result runs as MatMulInteger -> Cast -> Mul [-> Add] on the int8
// weights, within float rounding of the QDQ model; the DequantizeLinears of constants left over
// are computed once. Neither touches a graph meant for export, nor a weight it cannot take.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "passes/graph_util.h"
#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::Attrs;
using testing::CountOps;
using testing::GraphBuilder;
using testing::Typed;

ir::Value* Floats(GraphBuilder& b, std::vector<float> s) {
  return Typed<float>(
      b, "s", ir::DataType::kFloat,
      s.size() == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{int64_t(s.size())}, s);
}

// Q -> DQ of a float input with per-tensor uint8 parameters.
ir::Value* GemmQdq(GraphBuilder& b, ir::Value* x, float scale, uint8_t zp) {
  ir::Value* s = Floats(b, {scale});
  ir::Value* z = Typed<uint8_t>(b, "z", ir::DataType::kUint8, {}, {zp});
  ir::Value* q = b.Op("QuantizeLinear", {x, s, z})->output(0);
  ir::Value* y = b.Op("DequantizeLinear", {q, s, z})->output(0);
  y->set_type(x->type());  // as the loader's shape inference would
  return y;
}

// DQ of an int8 constant `dims` (scales per tensor, or per axis `axis`), zero point `zp`.
ir::Value* GemmWeight(GraphBuilder& b, std::vector<int64_t> dims, size_t scales, int64_t axis,
                      int8_t zp = 0) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> u(-127, 127);
  std::vector<int8_t> w(static_cast<size_t>(dims[0] * dims[1]));
  for (auto& v : w) v = static_cast<int8_t>(u(rng));
  std::vector<float> s(scales);
  for (size_t i = 0; i < scales; ++i) s[i] = 0.004f + 0.001f * float(i % 7);
  const std::vector<int64_t> sd =
      scales == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{int64_t(scales)};
  return b
      .Op("DequantizeLinear",
          {Typed<int8_t>(b, "W", ir::DataType::kInt8, dims, w), Floats(b, s),
           Typed<int8_t>(b, "Wz", ir::DataType::kInt8, sd, std::vector<int8_t>(scales, zp))},
          scales == 1 ? Attrs() : Attrs(ir::Attribute::Int("axis", axis)))
      ->output(0);
}

// x [3, 37] -> Q/DQ -> Gemm(DQ(W [13, 37]), transB = 1, bias DQ(int32)) -> y [3, 13].
std::shared_ptr<ir::Model> GemmModel(size_t scales, int8_t wzp = 0, bool bias = true) {
  GraphBuilder b;
  ir::Value* x = GemmQdq(b, b.Input("x", {3, 37}), 0.016f, 120);
  ir::Value* w = GemmWeight(b, {13, 37}, scales, 0, wzp);
  std::vector<ir::Value*> in = {x, w};
  if (bias) {
    std::vector<int32_t> bq(13);
    for (int i = 0; i < 13; ++i) bq[i] = i * 37 - 200;
    in.push_back(b.Op("DequantizeLinear",
                      {Typed<int32_t>(b, "B", ir::DataType::kInt32, {13}, bq), Floats(b, {6e-5f})})
                     ->output(0));
  }
  b.Out(b.Op("Gemm", in, Attrs(ir::Attribute::Int("transB", 1)), {3, 13}));
  return b.model();
}

// `m` at layout with only `passes`, as a session (session_only_ops) or as an export; `dnnl`:
// the session's order has the dnnl provider (it sets nchwc_block).
std::shared_ptr<ir::Model> GemmAtLayout(const ir::Model& m, bool session,
                                        std::vector<std::string> passes, bool dnnl = true) {
  std::shared_ptr<ir::Model> copy = m.Clone();
  OptimizeOptions o = testing::OptionsAt(Level::kLayout);
  o.verify_each = true;
  o.pass_options.session_only_ops = session;
  o.pass_options.nchwc_block = dnnl ? 16 : 0;
  for (const auto& p : ListPasses())
    if (std::find(passes.begin(), passes.end(), p.name) == passes.end()) o.disabled.insert(p.name);
  auto r = Optimize(*copy, o);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return copy;
}

// Both models on the reference provider: outputs within float rounding (relative to the largest).
void ExpectClose(std::shared_ptr<const ir::Model> a, std::shared_ptr<const ir::Model> b) {
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
  const ir::Tensor& x = (*ra)[0].second.tensor;
  const ir::Tensor& y = (*rb)[0].second.tensor;
  ASSERT_EQ(x.dims(), y.dims());
  float big = 0;
  for (int64_t k = 0; k < x.numel(); ++k) big = std::max(big, std::fabs(x.data<float>()[k]));
  ASSERT_GT(big, 0.f);
  for (int64_t k = 0; k < x.numel(); ++k)
    EXPECT_NEAR(x.data<float>()[k], y.data<float>()[k], 1e-5f * big) << "element " << k;
}

TEST(QdqIntegerGemm, ClassifierGemmRunsOnMatMulInteger) {
  for (size_t scales : {size_t{1}, size_t{13}}) {
    auto m = GemmModel(scales);
    auto opt = GemmAtLayout(*m, true, {"qdq-integer-gemm"});
    EXPECT_EQ(CountOps(*opt, "Gemm"), 0) << scales;
    EXPECT_EQ(CountOps(*opt, "MatMulInteger"), 1) << scales;
    EXPECT_EQ(CountOps(*opt, "Cast"), 1);
    EXPECT_EQ(CountOps(*opt, "Mul"), 1);
    EXPECT_EQ(CountOps(*opt, "Add"), 1);
    for (const ir::Node* n : opt->graph->nodes())
      if (n->op_type() == "MatMulInteger") {
        const ir::Tensor* b = ConstantOf(n->input(1));
        ASSERT_NE(b, nullptr);
        EXPECT_EQ(b->dims(), (std::vector<int64_t>{37, 13}));  // W transposed to [K, N]
      }
    ExpectClose(m, opt);
  }
  auto no_bias = GemmModel(1, 0, false);
  auto opt = GemmAtLayout(*no_bias, true, {"qdq-integer-gemm"});
  EXPECT_EQ(CountOps(*opt, "Add"), 0);
  EXPECT_EQ(CountOps(*opt, "MatMulInteger"), 1);
  ExpectClose(no_bias, opt);
}

TEST(QdqIntegerGemm, MatMulWithConstantWeightRunsOnMatMulInteger) {
  GraphBuilder b;
  ir::Value* a = GemmQdq(b, b.Input("a", {2, 5, 16}), 0.02f, 128);
  b.Out(b.Op("MatMul", {a, GemmWeight(b, {16, 11}, 11, 1)}, {}, {2, 5, 11}));
  auto opt = GemmAtLayout(*b.model(), true, {"qdq-integer-gemm"});
  EXPECT_EQ(CountOps(*opt, "MatMul"), 0);
  EXPECT_EQ(CountOps(*opt, "MatMulInteger"), 1);
  ExpectClose(b.model(), opt);
}

TEST(QdqIntegerGemm, ExportsAndWeightsItCannotTakeStay) {
  // Not a session's graph: the file keeps its QDQ form.
  EXPECT_EQ(CountOps(*GemmAtLayout(*GemmModel(1), false, {"qdq-integer-gemm"}), "Gemm"), 1);
  // A session without dnnl: MatMulInteger would run on the reference kernel, slower than the
  // float Gemm.
  EXPECT_EQ(CountOps(*GemmAtLayout(*GemmModel(1), true, {"qdq-integer-gemm"}, false), "Gemm"), 1);
  // A weight zero point other than 0 (MatMulInteger's dnnl kernel has none).
  EXPECT_EQ(CountOps(*GemmAtLayout(*GemmModel(1, 3), true, {"qdq-integer-gemm"}), "Gemm"), 1);
  // Per-row scales of a transposed weight are per input feature, not per output column.
  GraphBuilder b;
  ir::Value* x = GemmQdq(b, b.Input("x", {3, 37}), 0.016f, 120);
  b.Out(b.Op("Gemm", {x, GemmWeight(b, {13, 37}, 37, 1)}, Attrs(ir::Attribute::Int("transB", 1)),
             {3, 13}));
  EXPECT_EQ(CountOps(*GemmAtLayout(*b.model(), true, {"qdq-integer-gemm"}), "Gemm"), 1);
}

TEST(QdqWeightFolding, ConstantDequantizeComputedOnceInSessionsOnly) {
  auto m = GemmModel(13);
  auto session = GemmAtLayout(*m, true, {"qdq-weight-folding"});
  // The weight's and the bias's DQ folded; the activation's stays.
  EXPECT_EQ(CountOps(*session, "DequantizeLinear"), 1);
  EXPECT_EQ(CountOps(*session, "Gemm"), 1);
  testing::ExpectSameOutputs(m, session);
  auto exported = GemmAtLayout(*m, false, {"qdq-weight-folding"});
  EXPECT_EQ(CountOps(*exported, "DequantizeLinear"), 3);
}

}  // namespace
}  // namespace onnxlens::passes
