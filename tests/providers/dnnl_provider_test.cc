// The dnnl provider: known by name, takes the ops it has kernels for, and declines every other
// case with a reason code and a sentence naming what was wrong; a model fed many input shapes
// keeps a bounded number of prepared primitives.
#include <gtest/gtest.h>

#include "api/internal/compare.h"
#include "kernels/tensor_util.h"
#include "providers/partitioner.h"
#include "providers/provider_factory.h"
#include "runtime/model_builder.h"
#include "runtime/session.h"

namespace onnxlens::providers {
namespace {

using kernels::DeclineReason;
using runtime::RtValue;
using testing::FloatType;
using testing::MakeNodeModel;
using testing::RandomTensor;

Expected<Partition> PartitionOn(const ir::Model& model, const std::vector<std::string>& names) {
  OL_ASSIGN_OR_RETURN(ProviderSet set, CreateProviders(names));
  return PartitionModel(model, set.order);
}

/// The dnnl decline of the single node of `m` (provider order dnnl, cpu, reference).
Declined DnnlDecline(const testing::NodeModel& m) {
  auto p = PartitionOn(*m.model, {"dnnl", "cpu", "reference"});
  EXPECT_TRUE(p.ok());
  if (!p.ok() || p->nodes[0].declined.empty()) return {};
  EXPECT_EQ(p->nodes[0].declined[0].provider, "dnnl");
  return p->nodes[0].declined[0];
}

TEST(DnnlProviderTest, IsKnownAndResolvesWithTheReferenceFallback) {
  const auto known = KnownProviders();
  EXPECT_NE(std::find(known.begin(), known.end(), "dnnl"), known.end());
  auto order = ResolveProviderOrder({"dnnl", "cpu"});
  ASSERT_TRUE(order.ok());
  EXPECT_EQ(*order, (std::vector<std::string>{"dnnl", "cpu", "reference"}));
  auto ep = CreateProvider("dnnl");
  ASSERT_TRUE(ep.ok());
  EXPECT_EQ((*ep)->name(), "dnnl");
}

TEST(DnnlProviderTest, TakesAFloatConvAndFallsBackToCpu) {
  auto m = MakeNodeModel("Conv", {FloatType({1, 3, 8, 8}), FloatType({4, 3, 3, 3})}, 1);
  auto p = PartitionOn(*m.model, {"dnnl", "cpu", "reference"});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->nodes[0].provider, "dnnl");
  EXPECT_EQ(p->nodes[0].fallback, "cpu");
}

TEST(DnnlProviderTest, DeclinesAnOpWithoutAKernel) {
  auto d = DnnlDecline(MakeNodeModel("Neg", {FloatType({2, 3})}, 1));
  EXPECT_EQ(d.reason, DeclineReason::kNoKernel);
  EXPECT_EQ(d.sentence, "the dnnl provider has no Neg kernel");
}

TEST(DnnlProviderTest, DeclinesNonFloatInputsNamingTheInput) {
  auto m = MakeNodeModel(
      "MatMul",
      {FloatType({2, 3}), ir::TypeInfo::Tensor(ir::DataType::kDouble, ir::DimsFromSizes({3, 2}))},
      1);
  auto d = DnnlDecline(m);
  EXPECT_EQ(d.reason, DeclineReason::kDataType);
  EXPECT_NE(d.sentence.find("input 1 'in1' is float64"), std::string::npos) << d.sentence;
}

TEST(DnnlProviderTest, DeclinesAConvOfRankTwoAndAPoolOfRankSix) {
  auto conv = MakeNodeModel("Conv", {FloatType({3, 8}), FloatType({4, 3})}, 1);
  auto d = DnnlDecline(conv);
  EXPECT_EQ(d.reason, DeclineReason::kRank);
  EXPECT_NE(d.sentence.find("is 2-D"), std::string::npos) << d.sentence;
  auto pool = MakeNodeModel("GlobalMaxPool", {FloatType({1, 2, 2, 2, 2, 2})}, 1);
  EXPECT_EQ(DnnlDecline(pool).reason, DeclineReason::kRank);
}

TEST(DnnlProviderTest, LeavesASmall1dConvWithKnownShapesToTheCpuKernel) {
  // silero_vad's 258-channel depthwise 1-D convolution: 258 x 24 outputs x 5 taps.
  auto small = MakeNodeModel("Conv", {FloatType({1, 258, 24}), FloatType({258, 1, 5})}, 1);
  small.node->SetAttribute(ir::Attribute::Int("group", 258));
  small.node->SetAttribute(ir::Attribute::Ints("pads", {2, 2}));
  small.node->output(0)->set_type(FloatType({1, 258, 24}));
  auto d = DnnlDecline(small);
  EXPECT_EQ(d.reason, DeclineReason::kSizeThreshold);
  EXPECT_NE(d.sentence.find("this one: 30960"), std::string::npos) << d.sentence;
  auto p = PartitionOn(*small.model, {"dnnl", "cpu", "reference"});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->nodes[0].provider, "cpu");
}

TEST(DnnlProviderTest, TakesA1dConvOfManyMultiplyAddsOrOfUnknownOutputShape) {
  // silero_vad's STFT convolution (1.6M multiply-adds) is 2x faster on dnnl.
  auto big = MakeNodeModel("Conv", {FloatType({1, 1, 1728}), FloatType({258, 1, 256})}, 1);
  big.node->SetAttribute(ir::Attribute::Ints("strides", {64}));
  big.node->output(0)->set_type(FloatType({1, 258, 24}));
  auto p = PartitionOn(*big.model, {"dnnl", "cpu", "reference"});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->nodes[0].provider, "dnnl");
  // A 2-D convolution as small as the 1-D one stays on dnnl (its blocked chains pay off).
  auto small2d = MakeNodeModel("Conv", {FloatType({1, 3, 4, 4}), FloatType({4, 3, 1, 1})}, 1);
  small2d.node->output(0)->set_type(FloatType({1, 4, 4, 4}));
  auto p2 = PartitionOn(*small2d.model, {"dnnl", "cpu", "reference"});
  ASSERT_TRUE(p2.ok());
  EXPECT_EQ(p2->nodes[0].provider, "dnnl");
  // Without the output's shape the convolution stays on dnnl.
  auto unknown = MakeNodeModel("Conv", {FloatType({1, 4, 24}), FloatType({4, 4, 1})}, 1);
  auto p3 = PartitionOn(*unknown.model, {"dnnl", "cpu", "reference"});
  ASSERT_TRUE(p3.ok());
  EXPECT_EQ(p3->nodes[0].provider, "dnnl");
}

TEST(DnnlProviderTest, DeclinesMaxPoolIndicesAndGemmScaling) {
  auto pool = MakeNodeModel("MaxPool", {FloatType({1, 2, 4, 4})}, 2);
  pool.node->SetAttribute(ir::Attribute::Ints("kernel_shape", {2, 2}));
  auto d = DnnlDecline(pool);
  EXPECT_EQ(d.reason, DeclineReason::kOutputs);
  EXPECT_NE(d.sentence.find("Indices"), std::string::npos);

  auto gemm = MakeNodeModel("Gemm", {FloatType({2, 3}), FloatType({3, 4}), FloatType({4})}, 1);
  gemm.node->SetAttribute(ir::Attribute::Float("alpha", 0.5f));
  d = DnnlDecline(gemm);
  EXPECT_EQ(d.reason, DeclineReason::kAttribute);
  EXPECT_NE(d.sentence.find("alpha = 1"), std::string::npos) << d.sentence;
  gemm.node->SetAttribute(ir::Attribute::Float("alpha", 1.f));
  gemm.node->SetAttribute(ir::Attribute::Float("beta", 2.f));
  d = DnnlDecline(gemm);
  EXPECT_EQ(d.reason, DeclineReason::kAttribute);
  EXPECT_NE(d.sentence.find("beta"), std::string::npos) << d.sentence;
}

TEST(DnnlProviderTest, DeclinesAnActivationWithoutAPostOp) {
  auto m = MakeNodeModel("FusedConv", {FloatType({1, 3, 8, 8}), FloatType({4, 3, 3, 3})}, 1, 17,
                         "com.microsoft");
  m.node->SetAttribute(ir::Attribute::String("activation", "Softsign"));
  auto d = DnnlDecline(m);
  EXPECT_EQ(d.reason, DeclineReason::kAttribute);
  EXPECT_NE(d.sentence.find("'Softsign'"), std::string::npos) << d.sentence;
}

TEST(DnnlProviderTest, ARunTimeDeclineRunsTheFallbackKernel) {
  // AveragePool counting pads with ceil_mode extending past them: only the input shape tells.
  auto m = MakeNodeModel("AveragePool", {FloatType({1, 2, 6, 6})}, 1);
  m.node->SetAttribute(ir::Attribute::Ints("kernel_shape", {3, 3}));
  m.node->SetAttribute(ir::Attribute::Ints("strides", {2, 2}));
  m.node->SetAttribute(ir::Attribute::Int("ceil_mode", 1));
  m.node->SetAttribute(ir::Attribute::Int("count_include_pad", 1));
  runtime::SessionOptions o;
  o.providers = {"dnnl", "cpu"};
  o.enable_profiling = true;
  auto s = runtime::Session::Create(m.model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ((*s)->partition().nodes[0].provider, "dnnl");
  auto r = (*s)->Run({{"in0", RtValue::FromTensor(RandomTensor({1, 2, 6, 6}, 7))}});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ((*r)[0].second.tensor.dims(), (std::vector<int64_t>{1, 2, 3, 3}));
  bool fell_back = false;
  for (const auto& e : (*s)->profiler()->Events())
    if (e.cat == "Node") fell_back = e.Arg("provider") == "cpu";
  EXPECT_TRUE(fell_back) << "the cpu kernel should have run the declined case";
}

TEST(DnnlProviderTest, ASmall1dConvOfShapesKnownOnlyAtRunTimeRunsOnTheCpuKernel) {
  // As inside silero_vad's If branches: no shapes at creation, so the size rule applies at run
  // time; the cpu kernel runs the node and agrees with the reference kernel. A large 1-D
  // convolution of the same session stays on dnnl.
  const ir::TypeInfo unknown = ir::TypeInfo::TensorUnknownRank(ir::DataType::kFloat);
  auto m = MakeNodeModel("Conv", {unknown, unknown}, 1);
  m.node->SetAttribute(ir::Attribute::Ints("pads", {2, 2}));
  runtime::SessionOptions o, ref;
  o.providers = {"dnnl", "cpu"};
  o.enable_profiling = true;
  ref.providers = {"reference"};
  auto s = runtime::Session::Create(m.model, o);
  auto sr = runtime::Session::Create(m.model, ref);
  ASSERT_TRUE(s.ok() && sr.ok());
  EXPECT_EQ((*s)->partition().nodes[0].provider, "dnnl");
  struct Shape {
    std::vector<int64_t> x, w;
    const char* provider;
  };
  for (const Shape& sh :
       {Shape{{1, 16, 24}, {32, 16, 5}, "cpu"}, Shape{{1, 64, 300}, {64, 64, 5}, "dnnl"}}) {
    (*s)->profiler()->Clear();
    const std::map<std::string, RtValue> in = {{"in0", RtValue::FromTensor(RandomTensor(sh.x, 3))},
                                               {"in1", RtValue::FromTensor(RandomTensor(sh.w, 4))}};
    auto r = (*s)->Run(in);
    auto rr = (*sr)->Run(in);
    ASSERT_TRUE(r.ok() && rr.ok());
    const auto cmp = api::CompareValues((*r)[0].second, (*rr)[0].second, 1e-4, 1e-5);
    EXPECT_TRUE(cmp.ok) << cmp.reason;
    std::string ran;
    for (const auto& e : (*s)->profiler()->Events())
      if (e.cat == "Node") ran = e.Arg("provider");
    EXPECT_EQ(ran, sh.provider) << kernels::ShapeString(sh.x);
  }
}

TEST(DnnlProviderTest, ConvTransposeOutputPaddingPastThePadsRunsOnTheFallback) {
  // oneDNN would need a negative right padding: the kernel declines, the cpu provider's fallback
  // (the reference kernel) runs the node and the trace says so.
  auto m = MakeNodeModel("ConvTranspose", {FloatType({1, 2, 3, 3}), FloatType({2, 3, 3, 3})}, 1);
  m.node->SetAttribute(ir::Attribute::Ints("strides", {3, 3}));
  m.node->SetAttribute(ir::Attribute::Ints("output_padding", {2, 2}));
  runtime::SessionOptions o;
  o.providers = {"dnnl"};
  o.enable_profiling = true;
  auto s = runtime::Session::Create(m.model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  auto r = (*s)->Run({{"in0", RtValue::FromTensor(RandomTensor({1, 2, 3, 3}, 3))},
                      {"in1", RtValue::FromTensor(RandomTensor({2, 3, 3, 3}, 4))}});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ((*r)[0].second.tensor.dims(), (std::vector<int64_t>{1, 3, 11, 11}));
  std::string ran;
  for (const auto& e : (*s)->profiler()->Events())
    if (e.cat == "Node") ran = e.Arg("provider");
  EXPECT_EQ(ran, "reference");
}

TEST(DnnlProviderTest, HostileConvShapesAreErrorsNamingTheNode) {
  // W's channels do not match X's: the dnnl kernel must not crash, the error names the node.
  auto m = MakeNodeModel(
      "Conv", {FloatType({1, 3, 8, 8}), ir::TypeInfo::TensorUnknownRank(ir::DataType::kFloat)}, 1);
  runtime::SessionOptions o;
  o.providers = {"dnnl"};
  auto s = runtime::Session::Create(m.model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  auto r = (*s)->Run({{"in0", RtValue::FromTensor(RandomTensor({1, 3, 8, 8}, 1))},
                      {"in1", RtValue::FromTensor(RandomTensor({4, 5, 3, 3}, 2))}});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("Conv_node"), std::string::npos) << r.status().message();
}

TEST(DnnlProviderTest, ManyInputShapesKeepTheRunsCorrect) {
  // More shapes than the kernel's primitive cache holds (16): evicted shapes are rebuilt.
  auto m = MakeNodeModel(
      "Conv", {ir::TypeInfo::TensorUnknownRank(ir::DataType::kFloat), FloatType({4, 3, 3, 3})}, 1);
  m.node->SetAttribute(ir::Attribute::Ints("pads", {1, 1, 1, 1}));
  runtime::SessionOptions dn, ref;
  dn.providers = {"dnnl"};
  ref.providers = {"reference"};
  auto sd = runtime::Session::Create(m.model, dn);
  auto sr = runtime::Session::Create(m.model, ref);
  ASSERT_TRUE(sd.ok() && sr.ok());
  const RtValue w = RtValue::FromTensor(RandomTensor({4, 3, 3, 3}, 9));
  for (int round = 0; round < 2; ++round) {
    for (int64_t size = 3; size < 23; ++size) {
      std::map<std::string, RtValue> in = {
          {"in0", RtValue::FromTensor(RandomTensor({1, 3, size, size + 1}, 10 + size))},
          {"in1", w}};
      auto a = (*sd)->Run(in);
      auto b = (*sr)->Run(in);
      ASSERT_TRUE(a.ok() && b.ok());
      const ir::Tensor& ta = (*a)[0].second.tensor;
      const ir::Tensor& tb = (*b)[0].second.tensor;
      ASSERT_EQ(ta.dims(), tb.dims());
      for (int64_t i = 0; i < ta.numel(); ++i)
        ASSERT_NEAR(ta.data<float>()[i], tb.data<float>()[i], 1e-4) << "size " << size;
    }
  }
}

}  // namespace
}  // namespace onnxlens::providers
