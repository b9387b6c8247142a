// Trace JSON: our writer's output reads back; ONNX Runtime's own profile reads and summarizes;
// malformed traces are errors or skipped events with a count, never a crash.
#include <gtest/gtest.h>

#include "profiling/summary.h"
#include "profiling/trace_json.h"
#include "test_paths.h"

namespace onnxlens::profiling {
namespace {

TEST(TraceJson, WriteThenReadKeepsEventsArgsAndMetadata) {
  TraceEvent m;
  m.name = "thread_name";
  m.ph = 'M';
  m.pid = 1;
  m.tid = 2;
  m.args = {{"name", "main", false}};
  TraceEvent e;
  e.name = "conv_kernel_time";
  e.cat = "Node";
  e.ts_us = 12.3456;
  e.dur_us = 7.5;
  e.pid = 1;
  e.tid = 2;
  e.args = {{"op_name", "Conv", false}, {"input_type_shape", "[{\"float\":[1,3]}]", true}};
  auto t = ParseTrace(TraceToJson({m, e}, {{"model", "x.onnx"}}), "mem");
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->events.size(), 2u);
  EXPECT_EQ(t->skipped, 0);
  EXPECT_EQ(t->events[1].Arg("op_name"), "Conv");
  EXPECT_EQ(t->events[1].Arg("input_type_shape"), "[{\"float\":[1,3]}]");
  EXPECT_NEAR(t->events[1].ts_us, 12.346, 1e-9);  // nanosecond resolution
  EXPECT_EQ(t->metadata[0].first, "producer");
}

TEST(TraceJson, ReadsOnnxRuntimesProfile) {
  auto t = ReadTraceFile(::onnxlens::testing::SourceDir() /
                         "tests/data/traces/ort_squeezenet1_1_profile.json");
  ASSERT_TRUE(t.ok()) << t.status().message();
  const TraceSummary s = Summarize(t->events);
  EXPECT_EQ(s.runs, 1);
  EXPECT_GT(s.node_events, 30);
  ASSERT_FALSE(s.by_op.empty());
  EXPECT_GT(s.kernel_us, 0);
  EXPECT_LE(s.kernel_us, s.run_us * 1.01);
  EXPECT_NE(FormatSummary(s).find("By op type"), std::string::npos);
}

TEST(TraceJson, BadTracesAreErrorsOrSkippedEvents) {
  EXPECT_FALSE(ParseTrace("{not json", "a").ok());
  EXPECT_FALSE(ParseTrace("{\"foo\": 1}", "b").ok());
  EXPECT_FALSE(ReadTraceFile("/nonexistent/trace.json").ok());
  auto t = ParseTrace(R"([{"ph":"X","ts":1,"pid":1,"tid":1,"dur":2,"name":"a"},
                          {"ph":"B","ts":1,"pid":1,"tid":1,"name":"begin"},
                          {"ph":"X","pid":1,"tid":1,"dur":2,"name":"no ts"},
                          {"ph":"X","ts":1,"pid":1,"tid":1,"dur":-5,"name":"negative"},
                          42])",
                      "c");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->events.size(), 1u);
  EXPECT_EQ(t->skipped, 4);
  EXPECT_FALSE(t->skipped_reasons.empty());
}

}  // namespace
}  // namespace onnxlens::profiling
