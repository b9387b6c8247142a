// Trace JSON: our writer's output reads back; ONNX Runtime's own profile reads and summarizes;
// malformed traces are errors or skipped events with a count, never a crash.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "profiling/profiler.h"
#include "profiling/summary.h"
#include "profiling/trace_json.h"
#include "test_jobs.h"
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

// Node names come from the model file and need not be UTF-8: the writer replaces a bad byte with
// U+FFFD instead of throwing (it reached main as "internal error: type_error.316").
TEST(TraceJson, NamesThatAreNotUtf8AreWrittenWithReplacementCharacters) {
  TraceEvent e;
  e.name = std::string("bad\xff\xfename_kernel_time");
  e.cat = "Node";
  e.dur_us = 1;
  e.args = {{"op_name", std::string("Op\xc3"), false}};
  std::string json;
  ASSERT_NO_THROW(json = TraceToJson({e}, {{"model", std::string("m\xff.onnx")}}));
  auto t = ParseTrace(json, "mem");
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->events.size(), 1u);
  EXPECT_EQ(t->events[0].name, "bad\xef\xbf\xbd\xef\xbf\xbdname_kernel_time");
  EXPECT_EQ(t->events[0].Arg("op_name"), "Op\xef\xbf\xbd");
}

TEST(TraceJson, DeepNestingIsAnErrorNotAStackOverflow) {
  std::string deep = "[{\"name\":\"x\",\"ph\":\"X\",\"args\":{\"a\":";
  deep += std::string(100000, '[') + std::string(100000, ']') + "}}]";
  auto t = ParseTrace(deep, "deep.json");
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("deep.json: arrays and objects nest deeper than 64"),
            std::string::npos)
      << t.status().message();
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

TEST(TraceJson, CounterEventsAreWrittenAndReadBackWithTheirValues) {
  Profiler p;
  p.AddCounter("memory", 5, 123456);
  auto t = ParseTrace(TraceToJson(p.Events(), {}), "memory");
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->events.size(), 1u);
  const TraceEvent& e = t->events[0];
  EXPECT_EQ(e.ph, 'C');
  EXPECT_EQ(e.name, "memory");
  EXPECT_EQ(e.ts_us, 5);
  EXPECT_EQ(e.Arg("bytes"), "123456");
}

TEST(TraceJson, BadTracesAreErrorsOrSkippedEvents) {
  EXPECT_FALSE(ParseTrace("{not json", "a").ok());
  EXPECT_FALSE(ParseTrace("{\"foo\": 1}", "b").ok());
  EXPECT_FALSE(ReadTraceFile("/nonexistent/trace.json").ok());
  auto t = ParseTrace(R"([{"ph":"X","ts":1,"pid":1,"tid":1,"dur":2,"name":"a"},
                          {"ph":"s","ts":1,"pid":1,"tid":1,"name":"flow start"},
                          {"ph":"X","pid":1,"tid":1,"dur":2,"name":"no ts"},
                          {"ph":"X","ts":1,"pid":1,"tid":1,"dur":-5,"name":"negative"},
                          42])",
                      "c");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->events.size(), 1u);
  EXPECT_EQ(t->skipped, 4);
  EXPECT_FALSE(t->skipped_reasons.empty());
}

// A tid of 9223372036854775807 reads as the double 2^63, whose conversion to int64 was undefined
// behaviour (found by fuzz_trace): such an event is skipped with a reason; ids that fit, -2^63
// and 2^53 among them, are read exactly.
TEST(TraceJson, IdsBeyond64BitsSkipTheEventIdsThatFitAreRead) {
  auto t = ParseTrace(R"([{"ph":"X","ts":1,"dur":1,"pid":1,"tid":9223372036854775807,"name":"big"},
                          {"ph":"X","ts":1,"dur":1,"pid":"1e300","tid":1,"name":"huge"},
                          {"ph":"X","ts":1,"dur":1,"pid":-9223372036854775808,
                           "tid":9007199254740992,"name":"fits"}])",
                      "ids");
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->events.size(), 1u);
  EXPECT_EQ(t->events[0].pid, std::numeric_limits<int64_t>::min());
  EXPECT_EQ(t->events[0].tid, int64_t{1} << 53);
  EXPECT_EQ(t->skipped, 2);
  ASSERT_FALSE(t->skipped_reasons.empty());
  EXPECT_NE(t->skipped_reasons[0].find("'big' has a pid or tid that does not fit in 64 bits"),
            std::string::npos)
      << t->skipped_reasons[0];
}

TEST(TraceJson, BeginEndPairsBecomeCompleteEventsPerThread) {
  // Thread 1: outer [10, 50] holding inner [20, 30] (its E written before the outer's B, out of
  // time order); thread 2: one pair, E with an argument. Then an E with nothing open and a B that
  // never ends.
  auto t = ParseTrace(R"([{"ph":"E","ts":30,"pid":1,"tid":1},
                          {"ph":"B","ts":10,"pid":1,"tid":1,"name":"outer"},
                          {"ph":"B","ts":20,"pid":1,"tid":1,"name":"inner","args":{"k":"v"}},
                          {"ph":"E","ts":50,"pid":1,"tid":1},
                          {"ph":"B","ts":5,"pid":1,"tid":2,"name":"other"},
                          {"ph":"E","ts":7,"pid":1,"tid":2,"args":{"result":"ok"}},
                          {"ph":"E","ts":60,"pid":1,"tid":3},
                          {"ph":"B","ts":70,"pid":1,"tid":3,"name":"open"}])",
                      "be");
  ASSERT_TRUE(t.ok()) << t.status().message();
  std::map<std::string, const TraceEvent*> by_name;
  for (const auto& e : t->events) by_name[e.name] = &e;
  ASSERT_EQ(t->events.size(), 3u);
  ASSERT_TRUE(by_name.count("outer") && by_name.count("inner") && by_name.count("other"));
  EXPECT_EQ(by_name["outer"]->ph, 'X');
  EXPECT_DOUBLE_EQ(by_name["outer"]->ts_us, 10);
  EXPECT_DOUBLE_EQ(by_name["outer"]->dur_us, 40);
  EXPECT_DOUBLE_EQ(by_name["inner"]->dur_us, 10);
  EXPECT_EQ(by_name["inner"]->Arg("k"), "v");
  EXPECT_DOUBLE_EQ(by_name["other"]->dur_us, 2);
  EXPECT_EQ(by_name["other"]->Arg("result"), "ok");
  EXPECT_EQ(t->skipped, 2);
  ASSERT_EQ(t->skipped_reasons.size(), 2u);
  EXPECT_NE(t->skipped_reasons[0].find("no open begin"), std::string::npos);
  EXPECT_NE(t->skipped_reasons[1].find("never ends"), std::string::npos);
}

TEST(TraceJson, SyntaxErrorsNameTheSourceAndTheByte) {
  auto t = ParseTrace("{\"traceEvents\": [ oops", "bad.json");
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("bad.json"), std::string::npos);
  EXPECT_NE(t.status().message().find("at line 1, column 19"), std::string::npos)
      << t.status().message();
  EXPECT_NE(t.status().message().find("(byte 19)"), std::string::npos) << t.status().message();
}

TEST(TraceJson, ProgressIsReportedEveryMibAndCanCancel) {
  std::vector<TraceEvent> events(30000);
  for (size_t i = 0; i < events.size(); ++i) {
    events[i].name = "node_" + std::to_string(i) + "_kernel_time";
    events[i].cat = "Node";
    events[i].ts_us = i * 10.0;
    events[i].dur_us = 5;
    events[i].args = {{"op_name", "Conv", false}, {"provider", "CPUExecutionProvider", false}};
  }
  const std::string text = TraceToJson(events);
  ASSERT_GT(text.size(), 3u << 20);
  testing::RecordingJob recorder;
  auto t = ParseTrace(text, "mem", recorder.job);
  const std::vector<double> seen = recorder.fractions();
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(recorder.reports.front().stage, Stage::kReadingTrace);
  EXPECT_EQ(t->events.size(), events.size());  // same result as without progress
  EXPECT_EQ(seen.size(), text.size() >> 20);
  for (size_t i = 1; i < seen.size(); ++i) EXPECT_GT(seen[i], seen[i - 1]);
  EXPECT_LT(seen.back(), 1.0);
  // Stop at the second report: a cancel, not a syntax error.
  testing::RecordingJob cancelling(2);
  auto c = ParseTrace(text, "mem", cancelling.job);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), StatusCode::kCancelled) << c.status().message();
  EXPECT_EQ(cancelling.reports.size(), 2u);
}

TEST(TraceJson, WritingStreamsWithProgressAndACancelKeepsTheOldFile) {
  std::vector<TraceEvent> events(30000);
  for (size_t i = 0; i < events.size(); ++i) {
    events[i].name = "node_" + std::to_string(i) + "_kernel_time";
    events[i].ts_us = i * 10.0;
    events[i].dur_us = 5;
    events[i].args = {{"op_name", "Conv", false}, {"input_type_shape", "[{\"float\":[1]}]", true}};
  }
  const auto dir = std::filesystem::temp_directory_path() / "onnxlens_trace_write_test";
  std::filesystem::create_directories(dir);
  const auto path = dir / "trace.json";
  testing::RecordingJob recorder;
  ASSERT_TRUE(WriteTraceFile(path, events, {{"model", "m.onnx"}}, recorder.job).ok());
  const std::vector<double> seen = recorder.fractions();
  EXPECT_EQ(recorder.reports.front().stage, Stage::kWritingTrace);
  ASSERT_GE(seen.size(), 3u);  // about every MiB of text
  EXPECT_DOUBLE_EQ(seen.back(), 1.0);
  auto back = ReadTraceFile(path);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(back->events.size(), events.size());
  EXPECT_EQ(back->events[7].Arg("input_type_shape"), "[{\"float\":[1]}]");
  // The same text as TraceToJson.
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, TraceToJson(events, {{"model", "m.onnx"}}));
  // A cancel: an error of its kind, and the file written before is still there, whole.
  const Status st = WriteTraceFile(path, {events[0]}, {}, testing::CancelledJob());
  EXPECT_EQ(st.code(), StatusCode::kCancelled);
  EXPECT_EQ(ReadTraceFile(path)->events.size(), events.size());
  std::filesystem::remove_all(dir);
}

TEST(TraceJson, StreamingReaderKeepsNestedArgumentsAndSkipsWhatItDoesNotRead) {
  auto t = ParseTrace(R"({"otherData": {"model": "m.onnx", "runs": 3, "extra": {"a": [1, 2]}},
    "traceEvents": [
      {"ph": "X", "name": "n_kernel_time", "cat": "Node", "ts": "10", "dur": 2.5, "pid": "1",
       "tid": 7, "unknown": {"deep": [1, {"x": null}]},
       "args": {"op_name": "Conv", "input_type_shape": [{"float": [1, 3, 224, 224]}],
                "count": 4, "flag": true}},
      [1, 2, 3],
      {"ph": 5, "ts": 1, "pid": 1, "tid": 1},
      {"ph": "M", "name": "thread_name", "pid": 1, "tid": 7, "args": {"name": "main"}}
    ], "displayTimeUnit": "ms"})",
                      "nested");
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->events.size(), 2u);
  const TraceEvent& e = t->events[0];
  EXPECT_EQ(e.name, "n_kernel_time");
  EXPECT_DOUBLE_EQ(e.ts_us, 10);  // a quoted number
  EXPECT_DOUBLE_EQ(e.dur_us, 2.5);
  EXPECT_EQ(e.pid, 1);
  EXPECT_EQ(e.tid, 7);
  EXPECT_EQ(e.Arg("op_name"), "Conv");
  EXPECT_EQ(e.Arg("input_type_shape"), R"([{"float":[1,3,224,224]}])");
  EXPECT_EQ(e.Arg("count"), "4");
  EXPECT_EQ(e.Arg("flag"), "true");
  EXPECT_EQ(t->events[1].Arg("name"), "main");
  EXPECT_EQ(t->skipped, 2);  // the array element and the numeric phase
  ASSERT_EQ(t->metadata.size(), 3u);
  EXPECT_EQ(t->metadata[0], (std::pair<std::string, std::string>{"model", "m.onnx"}));
  EXPECT_EQ(t->metadata[1].second, "3");
  EXPECT_EQ(t->metadata[2].second, R"({"a":[1,2]})");
  EXPECT_FALSE(ParseTrace(R"({"traceEvents": {"not": "an array"}})", "obj").ok());
  EXPECT_FALSE(ParseTrace("42", "number").ok());
  EXPECT_FALSE(ParseTrace(R"([{"ph": "X"}, )", "cut").ok());
}

}  // namespace
}  // namespace onnxlens::profiling

namespace onnxlens::profiling {
namespace {

TEST(TraceJson, FilesAreReadInChunksWithProgressAndCanBeCancelled) {
  std::vector<TraceEvent> events(30000);
  for (size_t i = 0; i < events.size(); ++i) {
    events[i].name = "node_" + std::to_string(i) + "_kernel_time";
    events[i].ph = 'X';
    events[i].ts_us = i * 10.0;
    events[i].dur_us = 5;
    events[i].args = {{"op_name", "Conv", false}};
  }
  ::onnxlens::testing::TempDir dir;
  const auto path = dir.path() / "t.json";
  ASSERT_TRUE(WriteTraceFile(path, events).ok());
  ASSERT_GT(std::filesystem::file_size(path), 2u << 20);
  testing::RecordingJob recorder;
  auto t = ReadTraceFile(path, recorder.job);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t->events.size(), events.size());
  EXPECT_GE(recorder.fractions().size(), 2u);
  testing::RecordingJob cancelling(3);
  auto c = ReadTraceFile(path, cancelling.job);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), StatusCode::kCancelled) << c.status().message();
}

TEST(TraceJson, AFifoIsRefusedRatherThanWaitedOn) {
  ::onnxlens::testing::TempDir dir;
  const auto fifo = dir.path() / "pipe.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto t = ReadTraceFile(fifo);
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("not a regular file"), std::string::npos);
}

TEST(TraceJson, HugeTextsAreShortenedAndHugeArgumentsLeftOut) {
  const std::string big(1 << 20, 'a');
  std::string many = "[";
  for (int i = 0; i < 100000; ++i) many += (i ? ",1" : "1");
  many += "]";
  const std::string text = R"([{"ph":"X","name":")" + big + R"(","cat":")" + big +
                           R"(","ts":1,"dur":2,"pid":1,"tid":1,"args":{"s":")" + big + R"(","v":)" +
                           many + R"(,"small":[1,2]}}])";
  auto t = ParseTrace(text, "mem");
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->events.size(), 1u);
  const TraceEvent& e = t->events[0];
  EXPECT_LT(e.name.size(), 70u * 1024);
  EXPECT_EQ(e.name.substr(0, 4), "aaaa");
  EXPECT_NE(e.name.find("1.0 MiB, shortened]"), std::string::npos) << e.name.substr(65530);
  EXPECT_LT(e.cat.size(), 70u * 1024);
  EXPECT_LT(e.Arg("s").size(), 70u * 1024);
  EXPECT_EQ(e.Arg("v"), "[more than 65536 values, left out]");
  EXPECT_EQ(e.Arg("small"), "[1,2]");
  EXPECT_EQ(t->shortened, 4);
}

TEST(TraceJson, ShorteningKeepsWholeUtf8Characters) {
  std::string name;
  while (name.size() < 70 * 1024) name += "\xC3\xA9";  // é
  auto t = ParseTrace(R"([{"ph":"i","name":")" + name + R"(","ts":1,"pid":1,"tid":1}])", "mem");
  ASSERT_TRUE(t.ok()) << t.status().message();
  const std::string& n = t->events.at(0).name;
  const size_t cut = n.find("… [");
  ASSERT_NE(cut, std::string::npos);
  EXPECT_EQ(cut % 2, 0u) << "cut inside a two-byte character";
}

}  // namespace
}  // namespace onnxlens::profiling

namespace onnxlens::profiling {
namespace {

TEST(TraceJson, LongWhitespaceIsSkippedAndErrorsStillNameTheFilesByte) {
  ::onnxlens::testing::TempDir dir;
  const std::string event = R"({"ph":"X","name":"a b","ts":1,"dur":2,"pid":1,"tid":1})";
  const std::string pad(3u << 20, ' ');
  const std::string good = "[" + pad + event + ",\n" + pad + "\t" + event + pad + "]" + pad;
  for (const std::string& text : {good, "[" + pad + event + pad + "}" + pad, "[" + pad}) {
    std::ofstream(dir.path() / "t.json", std::ios::binary) << text;
    auto from_file = ReadTraceFile(dir.path() / "t.json");
    auto from_text = ParseTrace(text, (dir.path() / "t.json").string());
    ASSERT_EQ(from_file.ok(), from_text.ok());
    if (from_file.ok()) {
      ASSERT_EQ(from_file->events.size(), 2u);
      EXPECT_EQ(from_file->events[1].name, "a b");
    } else {
      EXPECT_EQ(from_file.status().message(), from_text.status().message());
    }
  }
}

// Issue 41.7: two durations of 1e308 summed to infinity ("inf%" and a 309-digit time in
// trace-summary). An event lasting more than 1e15 us, a timestamp beyond 1e18 us, or a B / E pair
// further apart than 1e15 us skips its event with a reason; the summary stays finite.
TEST(TraceJson, AbsurdDurationsAndTimestampsSkipTheirEventsAndTheSummaryStaysFinite) {
  auto t = ParseTrace(R"([
      {"ph":"X","ts":1,"dur":1e308,"pid":1,"tid":1,"cat":"Node","name":"a_kernel_time"},
      {"ph":"X","ts":1,"dur":1e308,"pid":1,"tid":1,"cat":"Node","name":"b_kernel_time"},
      {"ph":"X","ts":1e300,"dur":1,"pid":1,"tid":1,"cat":"Node","name":"c_kernel_time"},
      {"ph":"B","ts":-1e17,"pid":1,"tid":2,"name":"long"},
      {"ph":"E","ts":1e17,"pid":1,"tid":2},
      {"ph":"X","ts":5,"dur":2,"pid":1,"tid":1,"cat":"Node","name":"d_kernel_time",
       "args":{"op_name":"Relu"}}])",
                      "huge");
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->events.size(), 1u);
  EXPECT_EQ(t->skipped, 4);
  ASSERT_EQ(t->skipped_reasons.size(), 4u);
  EXPECT_EQ(t->skipped_reasons[0], "event 0: 'a_kernel_time' lasts more than 1e15 us (31 years)");
  EXPECT_EQ(t->skipped_reasons[2], "event 2: 'c_kernel_time' has a timestamp beyond +-1e18 us");
  EXPECT_EQ(t->skipped_reasons[3], "event 3: 'long' lasts more than 1e15 us (31 years)");
  const TraceSummary s = Summarize(t->events);
  EXPECT_DOUBLE_EQ(s.kernel_us, 2);
  const std::string text = FormatSummary(s);
  EXPECT_EQ(text.find("inf"), std::string::npos) << text;
  EXPECT_EQ(text.find("nan"), std::string::npos) << text;
}

// Issue 41.7: the JSON lexer takes a NUL byte for the end of the input, so a trace followed by
// 1,000 NUL bytes was read. A NUL after the JSON is an error naming its byte, from a file (read
// in chunks, long whitespace dropped) as from a text; whitespace alone may follow.
TEST(TraceJson, NulBytesAfterTheJsonAreAnErrorNamingTheByte) {
  ::onnxlens::testing::TempDir dir;
  const std::string trace = R"([{"ph":"X","name":"a","ts":1,"dur":2,"pid":1,"tid":1}])";
  const std::string pad(3u << 20, ' ');
  const std::string nuls(1000, '\0');
  struct Case {
    std::string text;
    uint64_t nul_at;  ///< 0: none, the trace reads
  };
  const std::vector<Case> cases = {
      {trace + nuls, trace.size()},
      {trace + " \t " + nuls + "garbage", trace.size() + 3},
      {trace + pad + nuls, trace.size() + pad.size()},
      {trace + pad + "\n", 0},
  };
  for (const Case& c : cases) {
    const std::filesystem::path path = dir.path() / "t.json";
    std::ofstream(path, std::ios::binary) << c.text;
    auto from_file = ReadTraceFile(path);
    auto from_text = ParseTrace(c.text, path.string());
    if (c.nul_at == 0) {
      ASSERT_TRUE(from_file.ok()) << from_file.status().message();
      ASSERT_TRUE(from_text.ok()) << from_text.status().message();
      EXPECT_EQ(from_file->events.size(), 1u);
      continue;
    }
    ASSERT_FALSE(from_file.ok()) << c.nul_at;
    ASSERT_FALSE(from_text.ok()) << c.nul_at;
    EXPECT_NE(from_file.status().message().find(
                  ": a NUL byte after the JSON at line 1, column " + std::to_string(c.nul_at) +
                  " (byte " + std::to_string(c.nul_at) + "); only whitespace may follow a trace"),
              std::string::npos)
        << from_file.status().message();
    EXPECT_EQ(from_file.status().message(), from_text.status().message());
  }
}

}  // namespace
}  // namespace onnxlens::profiling
