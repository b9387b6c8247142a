// A QLinearConv or QLinearMatMul of fewer than kSmallInt8Macs multiply-adds whose shapes the
// graph knows is left to the cpu provider's integer GEMM (as fast or faster there, and no oneDNN
// jit code per node), with the reason in the partition, and computes the reference kernel's
// bytes; a larger one, or one whose shapes are not known at creation, stays on dnnl.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "kernels/dnnl/dnnl_common.h"
#include "kernels/random_tensors.h"
#include "runtime/session.h"

namespace onnxlens::testing {
namespace {

using ir::DataType;
using ir::Tensor;

// One node `op`: x (of type `x_type`) and `params` as initializers in, y (of type `y_type` when
// it has one) out.
std::shared_ptr<ir::Model> OneQNode(const std::string& op, const ir::TypeInfo& x_type,
                                    const std::vector<Tensor>& params,
                                    const std::optional<ir::TypeInfo>& y_type) {
  auto model = std::make_shared<ir::Model>();
  model->opset_imports.push_back({"", 17});
  model->graph = std::make_unique<ir::Graph>("small");
  ir::Graph& g = *model->graph;
  ir::Node* n = g.AddNode(op, "", "q");
  ir::Value* x = g.CreateValue("x");
  x->set_type(x_type);
  g.AddInput(x);
  n->AddInput(x);
  for (size_t i = 0; i < params.size(); ++i) {
    ir::Value* v = g.CreateValue("p" + std::to_string(i + 1));
    v->set_type(ir::TypeInfo::Tensor(params[i].dtype(), ir::DimsFromSizes(params[i].dims())));
    g.SetInitializer(v, params[i]);
    n->AddInput(v);
  }
  ir::Value* y = g.CreateValue("y");
  if (y_type) y->set_type(*y_type);
  n->AddOutput(y);
  g.AddOutput(y);
  return model;
}

ir::TypeInfo U8(std::vector<int64_t> dims) {
  return ir::TypeInfo::Tensor(DataType::kUint8, ir::DimsFromSizes(dims));
}

// x [1, C, H, W] uint8 -> 3x3 QLinearConv (pads 1, per-channel 7-bit weights, bias) -> y uint8
// [1, M, H, W]; `known_y`: y's shape is in the graph.
std::shared_ptr<ir::Model> SmallQConv(int64_t c, int64_t m, int64_t hw, bool known_y) {
  std::vector<float> ws(static_cast<size_t>(m));
  for (size_t i = 0; i < ws.size(); ++i) ws[i] = 0.002f + 0.0005f * float(i % 5);
  auto model =
      OneQNode("QLinearConv", U8({1, c, hw, hw}),
               {Tensor::FromVector<float>(DataType::kFloat, {}, {0.02f}),
                Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {120}),
                RandomInts<int8_t>(DataType::kInt8, {m, c, 3, 3}, -64, 64, 3),
                Tensor::FromVector<float>(DataType::kFloat, {m}, ws),
                Tensor::FromVector<int8_t>(DataType::kInt8, {m}, std::vector<int8_t>(ws.size(), 0)),
                Tensor::FromVector<float>(DataType::kFloat, {}, {0.02f * 0.003f * 64.f * float(c)}),
                Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {128}),
                RandomInts<int32_t>(DataType::kInt32, {m}, -2000, 2000, 4)},
               known_y ? std::optional<ir::TypeInfo>(U8({1, m, hw, hw})) : std::nullopt);
  model->graph->nodes()[0]->SetAttribute(ir::Attribute::Ints("pads", {1, 1, 1, 1}));
  return model;
}

// a [rows, k] uint8 x constant 7-bit int8 B [k, n] -> QLinearMatMul -> y uint8 [rows, n]; the
// shapes in the graph when `known` (else rows is symbolic).
std::shared_ptr<ir::Model> SmallQMatMul(int64_t rows, int64_t k, int64_t n, bool known) {
  const ir::TypeInfo a =
      known ? U8({rows, k})
            : ir::TypeInfo::Tensor(DataType::kUint8, std::vector<ir::Dim>{ir::Dim::Symbolic("rows"),
                                                                          ir::Dim::Known(k)});
  return OneQNode("QLinearMatMul", a,
                  {Tensor::FromVector<float>(DataType::kFloat, {}, {0.02f}),
                   Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {120}),
                   RandomInts<int8_t>(DataType::kInt8, {k, n}, -64, 64, 6),
                   Tensor::FromVector<float>(DataType::kFloat, {}, {0.003f}),
                   Tensor::FromVector<int8_t>(DataType::kInt8, {}, {0}),
                   Tensor::FromVector<float>(DataType::kFloat, {},
                                             {0.02f * 0.003f * 64.f * std::sqrt(float(k))}),
                   Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {128})},
                  known ? std::optional<ir::TypeInfo>(U8({rows, n})) : std::nullopt);
}

struct Placed {
  std::string provider, declined;
  Tensor y;
};

Placed RunOn(const std::shared_ptr<ir::Model>& model, std::vector<std::string> providers) {
  runtime::SessionOptions o;
  o.providers = std::move(providers);
  o.intra_op_threads = 1;
  auto s = runtime::Session::Create(model, o);
  EXPECT_TRUE(s.ok()) << s.status().message();
  if (!s.ok()) return {};
  Placed p;
  p.provider = (*s)->partition().nodes[0].provider;
  for (const auto& d : (*s)->partition().nodes[0].declined) p.declined += d.sentence;
  std::vector<int64_t> dims;  // a symbolic dimension runs as 8
  for (const auto& d : *model->graph->inputs()[0]->type().shape)
    dims.push_back(d.known() ? d.value : 8);
  std::map<std::string, runtime::RtValue> feeds = {
      {"x", runtime::RtValue::FromTensor(RandomInts<uint8_t>(DataType::kUint8, dims, 0, 255, 5))}};
  auto r = (*s)->Run(feeds);
  EXPECT_TRUE(r.ok()) << r.status().message();
  if (r.ok()) p.y = (*r)[0].second.tensor;
  return p;
}

// `model` placed on cpu (dnnl declining it with a sentence holding `why`) and computing the
// reference kernel's bytes, spread over the output range.
void ExpectOnCpuAsTheReference(const std::shared_ptr<ir::Model>& model, const std::string& why) {
  const Placed p = RunOn(model, {"dnnl", "cpu", "reference"});
  EXPECT_EQ(p.provider, "cpu");
  EXPECT_NE(p.declined.find(why), std::string::npos) << p.declined;
  const Placed ref = RunOn(model, {"reference"});
  ASSERT_EQ(p.y.dims(), ref.y.dims());
  ASSERT_EQ(p.y.nbytes(), ref.y.nbytes());
  EXPECT_EQ(0, std::memcmp(p.y.raw(), ref.y.raw(), p.y.nbytes()));
  // Not a saturated case: the outputs spread over the range.
  const std::set<uint8_t> distinct(p.y.data<uint8_t>(), p.y.data<uint8_t>() + p.y.numel());
  EXPECT_GE(distinct.size(), 32u);
}

TEST(DnnlQLinearSmallConv, ATinyOneGoesToTheCpuKernelAndComputesTheReferencesBytes) {
  // 8 -> 8 channels on 8x8: 8 * 8 * 8 * 72 = 36,864 multiply-adds.
  ExpectOnCpuAsTheReference(SmallQConv(8, 8, 8, true),
                            "fewer than " + std::to_string(kernels::dnnl_ep::kSmallInt8Macs) +
                                " multiply-adds (this one: 36864)");
}

TEST(DnnlQLinearSmallConv, ALargerOneOrOneOfUnknownOutputShapeStaysOnDnnl) {
  // 32 -> 32 channels on 14x14: 1.8M multiply-adds (7-bit weights, uint8 x: dnnl on every ISA).
  EXPECT_EQ(RunOn(SmallQConv(32, 32, 14, true), {"dnnl", "cpu", "reference"}).provider, "dnnl");
  EXPECT_EQ(RunOn(SmallQConv(8, 8, 8, false), {"dnnl", "cpu", "reference"}).provider, "dnnl");
}

TEST(DnnlQLinearSmallMatMul, ATinyProductGoesToTheCpuKernelAndALargerOneStaysOnDnnl) {
  // [8, 16] x [16, 32]: 4,096 multiply-adds (a scale transformer's projection).
  ExpectOnCpuAsTheReference(SmallQMatMul(8, 16, 32, true), "(this one: 4096)");
  // [64, 256] x [256, 256]: 4.2M; and a tiny one whose rows are symbolic at creation.
  EXPECT_EQ(RunOn(SmallQMatMul(64, 256, 256, true), {"dnnl", "cpu", "reference"}).provider, "dnnl");
  EXPECT_EQ(RunOn(SmallQMatMul(8, 16, 32, false), {"dnnl", "cpu", "reference"}).provider, "dnnl");
}

}  // namespace
}  // namespace onnxlens::testing
