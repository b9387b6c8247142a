// The partitioner: every node placed in preference order with the reasons the preferred providers
// declined; a kernel that declines a case at run time is reported under the provider that ran it.
#include "providers/partitioner.h"

#include <gtest/gtest.h>

#include "profiling/summary.h"
#include "providers/provider_factory.h"
#include "runtime/model_builder.h"
#include "runtime/session.h"

namespace onnxlens::providers {
namespace {

using kernels::DeclineReason;
using runtime::RtValue;
using runtime::Session;
using runtime::SessionOptions;
using testing::FloatType;
using testing::MakeNodeModel;
using testing::RandomTensor;

Expected<Partition> PartitionOn(const ir::Model& model, const std::vector<std::string>& names) {
  OL_ASSIGN_OR_RETURN(ProviderSet set, CreateProviders(names));
  return PartitionModel(model, set.order);
}

TEST(PartitionerTest, AFastKernelTakesTheNodeAndTheReferenceIsItsFallback) {
  auto m = MakeNodeModel("Relu", {FloatType({2, 3})}, 1);
  auto p = PartitionOn(*m.model, {"cpu", "reference"});
  ASSERT_TRUE(p.ok()) << p.status().message();
  ASSERT_EQ(p->nodes.size(), 1u);
  EXPECT_EQ(p->nodes[0].provider, "cpu");
  EXPECT_EQ(p->nodes[0].fallback, "reference");
  EXPECT_TRUE(p->nodes[0].declined.empty());
  EXPECT_EQ(p->counts.at("cpu"), 1);
}

TEST(PartitionerTest, AnOpWithoutACpuKernelSaysSo) {
  auto m = MakeNodeModel("Abs", {FloatType({2, 3})}, 1);
  auto p = PartitionOn(*m.model, {"cpu", "reference"});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->nodes[0].provider, "reference");
  ASSERT_EQ(p->nodes[0].declined.size(), 1u);
  EXPECT_EQ(p->nodes[0].declined[0].provider, "cpu");
  EXPECT_EQ(p->nodes[0].declined[0].reason, DeclineReason::kNoKernel);
  EXPECT_EQ(p->nodes[0].declined[0].sentence, "the cpu provider has no Abs kernel");
}

TEST(PartitionerTest, DeclinesForTypeAttributeOutputsAndRankNameWhatWasWrong) {
  auto ints = MakeNodeModel(
      "Relu", {ir::TypeInfo::Tensor(ir::DataType::kInt32, ir::DimsFromSizes({4}))}, 1);
  auto p = PartitionOn(*ints.model, {"cpu", "reference"});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->nodes[0].declined.at(0).reason, DeclineReason::kDataType);
  EXPECT_NE(p->nodes[0].declined[0].sentence.find("'in0' is int32"), std::string::npos)
      << p->nodes[0].declined[0].sentence;

  auto pool = MakeNodeModel("MaxPool", {FloatType({1, 2, 4, 4})}, 2);
  pool.node->SetAttribute(ir::Attribute::Ints("kernel_shape", {2, 2}));
  p = PartitionOn(*pool.model, {"cpu", "reference"});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->nodes[0].provider, "reference");
  EXPECT_EQ(p->nodes[0].declined.at(0).reason, DeclineReason::kOutputs);

  auto pool3 = MakeNodeModel("AveragePool", {FloatType({1, 2, 4})}, 1);
  pool3.node->SetAttribute(ir::Attribute::Ints("kernel_shape", {2}));
  p = PartitionOn(*pool3.model, {"cpu", "reference"});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->nodes[0].declined.at(0).reason, DeclineReason::kRank);
  EXPECT_NE(p->nodes[0].declined[0].sentence.find("3-D"), std::string::npos);

  auto soft = MakeNodeModel("Softmax", {FloatType({2, 3})}, 1, 13);
  soft.node->SetAttribute(ir::Attribute::Int("axis", 0));
  p = PartitionOn(*soft.model, {"cpu", "reference"});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->nodes[0].declined.at(0).reason, DeclineReason::kAttribute);
}

TEST(PartitionerTest, NodesNoProviderTakesAreListedAndTheReferenceOnlyOrderHasNoFallback) {
  auto m = MakeNodeModel("Frobnicate", {FloatType({1})}, 1, 17, "com.example");
  auto p = PartitionOn(*m.model, {"cpu", "reference"});
  ASSERT_TRUE(p.ok());
  EXPECT_TRUE(p->nodes[0].provider.empty());
  EXPECT_EQ(p->nodes[0].declined.size(), 2u);
  ASSERT_EQ(p->Unplaced().size(), 1u);
  EXPECT_NE(p->Unplaced()[0].find("com.example:Frobnicate"), std::string::npos);

  auto relu = MakeNodeModel("Relu", {FloatType({2})}, 1);
  p = PartitionOn(*relu.model, {"reference"});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->nodes[0].provider, "reference");
  EXPECT_TRUE(p->nodes[0].fallback.empty());
}

TEST(PartitionerTest, ProviderOrdersAreCheckedAndEndInTheReference) {
  auto order = ResolveProviderOrder({"cpu"});
  ASSERT_TRUE(order.ok());
  EXPECT_EQ(*order, (std::vector<std::string>{"cpu", "reference"}));
  EXPECT_FALSE(ResolveProviderOrder({"cpu", "cpu"}).ok());
  auto bad = ResolveProviderOrder({"cuda"});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(),
            "unknown execution provider 'cuda' (known: dnnl, cpu, reference)");
}

// Softmax over axis 0 of an input whose rank inference does not know: the cpu kernel accepts it at
// creation and declines at run time; the trace event and the summary name the reference provider.
TEST(PartitionerTest, ARunTimeDeclineIsReportedUnderTheProviderThatRan) {
  ir::TypeInfo unknown_rank = ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({}));
  unknown_rank.shape.reset();
  auto m = MakeNodeModel("Softmax", {unknown_rank}, 1, 13);
  m.node->SetAttribute(ir::Attribute::Int("axis", 0));
  SessionOptions options;
  options.enable_profiling = true;
  options.providers = {"cpu", "reference"};  // the cpu kernel's run-time decline
  auto s = Session::Create(m.model, options);
  ASSERT_TRUE(s.ok()) << s.status().message();
  ASSERT_EQ((*s)->partition().nodes[0].provider, "cpu");
  ASSERT_EQ((*s)->partition().nodes[0].fallback, "reference");
  auto r = (*s)->Run({{"in0", RtValue::FromTensor(RandomTensor({3, 4}, 7))}});
  ASSERT_TRUE(r.ok()) << r.status().message();
  const std::vector<profiling::TraceEvent> events = (*s)->profiler()->Events();
  int kernel_events = 0;
  for (const profiling::TraceEvent& e : events) {
    if (!profiling::IsKernelEvent(e)) continue;
    ++kernel_events;
    EXPECT_EQ(e.Arg("provider"), "reference") << e.name;
  }
  EXPECT_EQ(kernel_events, 1);
  const profiling::TraceSummary summary = profiling::Summarize(events);
  ASSERT_EQ(summary.by_provider.size(), 1u);
  EXPECT_EQ(summary.by_provider[0].key, "reference");

  // The same model with a rank inference knows is declined at creation, with the reason.
  auto known = MakeNodeModel("Softmax", {FloatType({3, 4})}, 1, 13);
  known.node->SetAttribute(ir::Attribute::Int("axis", 0));
  auto s2 = Session::Create(known.model, options);
  ASSERT_TRUE(s2.ok());
  EXPECT_EQ((*s2)->partition().nodes[0].provider, "reference");
  EXPECT_EQ((*s2)->partition().nodes[0].declined.at(0).reason, DeclineReason::kAttribute);
}

}  // namespace
}  // namespace onnxlens::providers
