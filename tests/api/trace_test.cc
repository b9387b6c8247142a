// The trace and layout facades of core/api: what the CLI and the GUI use instead of core/profiling
// and core/layout.
#include "api/trace.h"

#include <gtest/gtest.h>

#include "api/graph_layout.h"
#include "test_jobs.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

profiling::TraceEvent KernelEvent(const std::string& node, double ts, double dur) {
  profiling::TraceEvent e;
  e.name = node + "_kernel_time";
  e.cat = "Node";
  e.ts_us = ts;
  e.dur_us = dur;
  e.args = {{"op_name", "Conv", false}, {"provider", "CPUExecutionProvider", false}};
  return e;
}

TEST(TraceApi, WritesReadsAndSummarizesATrace) {
  testing::TempDir dir;
  const auto path = dir.path() / "trace.json";
  const std::vector<profiling::TraceEvent> events = {KernelEvent("conv_a", 0, 30),
                                                     KernelEvent("conv_b", 40, 10)};
  ASSERT_TRUE(WriteTraceFile(path, events, {{"model", "m.onnx"}}).ok());
  testing::RecordingJob recorder;
  auto trace = ReadTraceFile(path, recorder.job);
  ASSERT_TRUE(trace.ok()) << trace.status().message();
  ASSERT_EQ(trace->events.size(), 2u);
  EXPECT_EQ(trace->metadata.back(), (std::pair<std::string, std::string>{"model", "m.onnx"}));
  ASSERT_FALSE(recorder.reports.empty());
  EXPECT_EQ(recorder.reports.front().stage, Stage::kReadingFile);
  EXPECT_TRUE(IsKernelEvent(trace->events[0]));
  EXPECT_EQ(KernelNodeName(trace->events[0]), "conv_a");
  const profiling::TraceSummary s = SummarizeTrace(trace->events);
  ASSERT_EQ(s.by_node.size(), 2u);
  EXPECT_EQ(s.by_node[0].key, "conv_a");
  EXPECT_DOUBLE_EQ(s.kernel_us, 40);
  EXPECT_NE(FormatTraceSummary(s).find("conv_a"), std::string::npos);
  EXPECT_EQ(TraceNodeLabel("", "Relu", 7), "Relu_7");
  EXPECT_EQ(TraceNodeLabel("/a/Relu", "Relu", 7), "/a/Relu");
  EXPECT_EQ(ReadTraceFile(dir.path() / "missing.json").status().code(), StatusCode::kNotFound);
}

TEST(GraphLayoutApi, LaysOutAChainAndCanBeCancelled) {
  layout::LayoutInput in;
  in.nodes = {{80, 30}, {80, 30}, {80, 30}};
  in.edges = {{0, 1}, {1, 2}};
  in.hierarchy.groups = {layout::Group{}};
  in.hierarchy.groups[0].nodes = {0, 1, 2};
  in.hierarchy.groups[0].total_nodes = 3;
  in.hierarchy.group_of_node = {0, 0, 0};
  in.expanded = AutoExpandGroups(in.hierarchy, 200);
  auto l = LayOutGraph(in);
  ASSERT_TRUE(l.ok()) << l.status().message();
  ASSERT_EQ(l->node_rects.size(), 3u);
  EXPECT_LT(l->node_rects[0].y, l->node_rects[1].y);  // top to bottom
  EXPECT_EQ(LayOutGraph(in, testing::CancelledJob()).status().code(), StatusCode::kCancelled);
}

TEST(GraphLayoutApi, TheCacheServesRecentLayoutsNewestFirst) {
  LayoutCache cache(2);
  layout::GroupedLayout a, b, c;
  a.width = 1;
  b.width = 2;
  c.width = 3;
  cache.Put("a", a);
  cache.Put("b", b);
  ASSERT_NE(cache.Find("a"), nullptr);  // now the newest
  EXPECT_DOUBLE_EQ(cache.Find("a")->width, 1);
  cache.Put("c", c);  // "b" was the oldest: gone
  EXPECT_EQ(cache.Find("b"), nullptr);
  EXPECT_NE(cache.Find("c"), nullptr);
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.hits(), 3);
  cache.Clear();
  EXPECT_EQ(cache.Find("a"), nullptr);
}

}  // namespace
}  // namespace onnxlens::api
