// The profile index: fused kernels and the nodes they were made from (both ways), and each node's
// share of the kernel time with a fused kernel's share split over its origins.
#include "api/profile_index.h"

#include <gtest/gtest.h>

namespace onnxlens::api {
namespace {

profiling::TraceEvent Kernel(const std::string& label, const std::string& origins = {}) {
  profiling::TraceEvent e;
  e.ph = 'X';
  e.cat = "Node";
  e.name = label + "_kernel_time";
  e.dur_us = 10;
  if (!origins.empty()) e.args = {{"origins", origins, true}};
  return e;
}

TEST(ProfileIndex, FusedKernelsAreIndexedBothWays) {
  std::vector<profiling::TraceEvent> events = {
      Kernel("/c/FusedConv", R"(["/c/Conv","/c/Relu"])"),
      Kernel("/c/FusedConv", R"(["/c/Conv","/c/Relu"])"),  // a later run: indexed once
      Kernel("/d/MatMul")};
  profiling::TraceEvent notKernel = Kernel("/e/Fused", R"(["/e/A"])");
  notKernel.cat = "Session";  // not a kernel event: no origins from it
  events.push_back(notKernel);
  const OriginIndex index = IndexOrigins(events);
  EXPECT_EQ(index.origins.size(), 1u);
  EXPECT_EQ(index.OriginsOf("/c/FusedConv"), (std::vector<std::string>{"/c/Conv", "/c/Relu"}));
  EXPECT_TRUE(index.IsFusedKernel("/c/FusedConv"));
  EXPECT_FALSE(index.IsFusedKernel("/d/MatMul"));
  EXPECT_TRUE(index.OriginsOf("/d/MatMul").empty());
  EXPECT_EQ(index.KernelOf("/c/Relu"), "/c/FusedConv");
  EXPECT_EQ(index.KernelOf("/d/MatMul"), "/d/MatMul");  // not fused: itself
  EXPECT_EQ(index.KernelOf("/e/A"), "/e/A");
}

TEST(ProfileIndex, HeatSplitsAFusedKernelsShareOverItsOrigins) {
  OriginIndex index;
  index.origins["/c/FusedConv"] = {"/c/Conv", "/c/Relu"};
  index.fused_into["/c/Conv"] = index.fused_into["/c/Relu"] = "/c/FusedConv";
  profiling::TraceSummary summary;
  profiling::SummaryRow fused, matmul, relu;
  fused.key = "/c/FusedConv";
  fused.percent = 60;
  matmul.key = "/d/MatMul";
  matmul.percent = 30;
  relu.key = "/c/Relu";  // also ran on its own (another run's level): adds up
  relu.percent = 10;
  summary.by_node = {fused, matmul, relu};
  const auto shares = HeatShares(summary, index);
  EXPECT_EQ(shares.size(), 3u);
  EXPECT_DOUBLE_EQ(shares.at("/c/Conv"), 30);
  EXPECT_DOUBLE_EQ(shares.at("/c/Relu"), 40);
  EXPECT_DOUBLE_EQ(shares.at("/d/MatMul"), 30);
  EXPECT_EQ(shares.count("/c/FusedConv"), 0u);  // the graph as loaded has no such node
  EXPECT_TRUE(HeatShares({}, index).empty());
}

TEST(ProfileIndex, ATraceMatchesTheModelWhoseNodesItProfiled) {
  GraphSnapshot snapshot;
  snapshot.graphs.resize(1);
  for (const char* name : {"/c/Conv", "/c/Relu", "/d/MatMul"}) {
    SnapshotNode n;
    n.name = name;
    n.op_type = "Op";
    snapshot.graphs[0].nodes.push_back(n);
  }
  const TraceModelMatch own = MatchTraceToModel({{"/c/Conv", 30}, {"/c/Relu", 40}}, snapshot);
  EXPECT_EQ(own.profiled, 2);
  EXPECT_EQ(own.matched, 2);
  EXPECT_FALSE(own.Mismatch());
  const TraceModelMatch other =
      MatchTraceToModel({{"conv0", 50}, {"relu0", 30}, {"/d/MatMul", 20}}, snapshot);
  EXPECT_EQ(other.profiled, 3);
  EXPECT_EQ(other.matched, 1);
  EXPECT_TRUE(other.Mismatch());
  EXPECT_FALSE(MatchTraceToModel({}, snapshot).Mismatch());  // nothing profiled: nothing to say
}

}  // namespace
}  // namespace onnxlens::api
