// The benchmark runner: statistics, configuration parsing, counted runs only, alternation, JSON.
#include "api/bench.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "api/optimize.h"
#include "api/partition.h"
#include "api/profile.h"
#include "api/run.h"

#include "test_jobs.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

TEST(LatencyStatsTest, PercentilesInterpolateBetweenRanks) {
  std::vector<double> v;
  for (int i = 100; i >= 1; --i) v.push_back(i);  // unsorted on purpose
  const LatencyStats s = ComputeLatencyStats(v);
  EXPECT_EQ(s.count, 100);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 100);
  EXPECT_DOUBLE_EQ(s.mean, 50.5);
  EXPECT_DOUBLE_EQ(s.p50, 50.5);  // numpy.percentile(range(1,101), 50)
  EXPECT_DOUBLE_EQ(s.p90, 90.1);
  EXPECT_DOUBLE_EQ(s.p99, 99.01);
  EXPECT_NEAR(s.p999, 99.901, 1e-9);
  EXPECT_NEAR(s.stddev, 29.011491975882016, 1e-9);
}

TEST(LatencyStatsTest, OneAndNoSamples) {
  const LatencyStats one = ComputeLatencyStats({7.5});
  EXPECT_DOUBLE_EQ(one.p50, 7.5);
  EXPECT_DOUBLE_EQ(one.p999, 7.5);
  EXPECT_DOUBLE_EQ(one.stddev, 0);
  const LatencyStats none = ComputeLatencyStats({});
  EXPECT_EQ(none.count, 0);
  EXPECT_DOUBLE_EQ(none.p50, 0);
}

// Issue 35.7: what a user runs is optimized fully by default, as ONNX Runtime's sessions and
// onnxruntime_perf_test; `all` is one of the level names the CLI accepts.
TEST(DefaultLevel, RunBenchProfileAndPartitionDefaultToAll) {
  EXPECT_EQ(RunOptions().level, "all");
  EXPECT_EQ(BenchConfig().level, "all");
  EXPECT_EQ(ProfileOptions().level, "all");
  EXPECT_EQ(PartitionOptions().level, "all");
  const std::vector<std::string> names = OptimizationLevelNames();
  EXPECT_NE(std::find(names.begin(), names.end(), "all"), names.end());
  EXPECT_EQ(BenchConfig().ToString().rfind("level=all ", 0), 0u) << BenchConfig().ToString();
}

TEST(BenchConfigTest, ParsesSettingsAndRejectsUnknownOnes) {
  auto c = ParseBenchConfig("level=extended,threads=2 profile=on", {});
  ASSERT_TRUE(c.ok()) << c.status().message();
  EXPECT_EQ(c->level, "extended");
  EXPECT_EQ(c->threads, 2);
  EXPECT_TRUE(c->profile);
  EXPECT_FALSE(ParseBenchConfig("level=fastest", {}).ok());
  EXPECT_FALSE(ParseBenchConfig("threads=two", {}).ok());
  EXPECT_FALSE(ParseBenchConfig("colour=red", {}).ok());
  EXPECT_FALSE(ParseBenchConfig("extended", {}).ok());
  EXPECT_FALSE(ParseBenchConfig("", {}).ok());
}

TEST(BenchConfigTest, SweepIsTheCartesianProductInOrder) {
  BenchConfig base;
  base.profile = true;
  auto c = ParseBenchSweep({"level=disabled,extended", "threads=1,2"}, base);
  ASSERT_TRUE(c.ok()) << c.status().message();
  ASSERT_EQ(c->size(), 4u);
  EXPECT_EQ((*c)[0].level, "disabled");
  EXPECT_EQ((*c)[0].threads, 1);
  EXPECT_EQ((*c)[1].threads, 2);
  EXPECT_EQ((*c)[2].level, "extended");
  EXPECT_EQ((*c)[3].threads, 2);
  for (const auto& x : *c) EXPECT_TRUE(x.profile);  // the base carries over
  auto one_string = ParseBenchSweep({"level=basic;threads=1,2"}, {});
  ASSERT_TRUE(one_string.ok());
  EXPECT_EQ(one_string->size(), 2u);
  EXPECT_FALSE(ParseBenchSweep({"level="}, {}).ok());
  EXPECT_FALSE(ParseBenchSweep({"threads=1,x"}, {}).ok());
  EXPECT_FALSE(ParseBenchSweep({}, {}).ok());
}

TEST(BenchConfigTest, AKeyThatIsNoSettingIsAFreeDimension) {
  auto c = ParseBenchConfig("level=basic batch=8", {});
  ASSERT_TRUE(c.ok()) << c.status().message();
  EXPECT_EQ(c->dims, (DimOverrides{{"batch", 8}}));
  EXPECT_EQ(c->Items(), 8);
  EXPECT_EQ(c->ToString(), "level=basic threads=0 batch=8");
  for (const char* bad : {"batch=0", "batch=-2", "batch=two", "bat ch=2"}) {
    auto b = ParseBenchConfig(bad, {});
    EXPECT_FALSE(b.ok()) << bad;
  }
  EXPECT_NE(ParseBenchConfig("batch=x", {}).status().message().find("neither a setting"),
            std::string::npos);
  auto sweep = ParseBenchSweep({"batch=1,2,4", "threads=1,2"}, {});
  ASSERT_TRUE(sweep.ok());
  ASSERT_EQ(sweep->size(), 6u);
  EXPECT_EQ((*sweep)[0].dims.at("batch"), 1);
  EXPECT_EQ((*sweep)[5].dims.at("batch"), 4);
  EXPECT_EQ((*sweep)[5].threads, 2);
  BenchConfig two;
  two.dims = {{"batch", 4}, {"sequence", 128}};
  EXPECT_EQ(two.Items(), 512);
}

BenchResult Point(int64_t batch, double items_per_s, int threads = 1) {
  BenchResult r;
  r.config.threads = threads;
  r.config.dims = {{"batch", batch}};
  r.items = batch;
  r.items_per_s = items_per_s;
  r.throughput = items_per_s / static_cast<double>(batch);
  r.ms_per_item = 1000.0 / items_per_s;
  r.stats = ComputeLatencyStats({1000.0 * static_cast<double>(batch) / items_per_s});
  return r;
}

TEST(BenchKneeTest, TheKneeIsTheSmallestSizeWithNinetyPercentOfTheBestThroughput) {
  // 100, 180, 300, 330, 340 items/s: 90% of 340 is 306, first reached at batch 8.
  std::vector<BenchResult> rs = {Point(1, 100), Point(2, 180), Point(4, 300), Point(8, 330),
                                 Point(16, 340)};
  // A second curve at 2 threads keeps its own knee; order of the results does not matter.
  rs.push_back(Point(4, 500, 2));
  rs.push_back(Point(1, 480, 2));
  rs.push_back(Point(2, 490, 2));
  MarkKnees(&rs);
  std::vector<int64_t> knees;
  for (const auto& r : rs) {
    if (r.knee) knees.push_back(r.items * 10 + r.config.threads);
  }
  EXPECT_EQ(knees, (std::vector<int64_t>{81, 12}));
  const std::string table = FormatBenchTable(rs);
  EXPECT_NE(table.find("<- knee"), std::string::npos) << table;
  EXPECT_NE(table.find("items/s"), std::string::npos);
  EXPECT_NE(table.find("ms/item"), std::string::npos);
  EXPECT_NE(table.find("batch"), std::string::npos);
  // Two sizes are no curve: no knee.
  std::vector<BenchResult> two = {Point(1, 100), Point(2, 190)};
  MarkKnees(&two);
  EXPECT_FALSE(two[0].knee || two[1].knee);
  EXPECT_EQ(FormatBenchTable(two).find("knee"), std::string::npos);
  const nlohmann::json j = BenchToJson(rs, false);
  EXPECT_EQ(j["results"][3]["knee"], true);
  EXPECT_EQ(j["results"][3]["config"]["dims"]["batch"], 8);
  EXPECT_EQ(j["results"][3]["items"], 8);
  EXPECT_NE(BenchCsv(rs).find(",batch=8,8,"), std::string::npos) << BenchCsv(rs);
}

TEST(BenchTest, ABatchSizeSetsTheFreeDimensionAndCountsItems) {
  // The sample's input is float32[batch,3,32,32].
  BenchOptions o;
  o.warmup = 1;
  o.runs = 3;
  BenchConfig c;
  c.threads = 1;
  c.dims = {{"batch", 4}};
  auto r = BenchModelFile(testing::SampleModel(), c, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->items, 4);
  EXPECT_NEAR(r->items_per_s, 4 * r->throughput, 1e-9 * r->items_per_s);
  EXPECT_NEAR(r->ms_per_item, r->stats.p50 / 4, 1e-12);
  // A dimension the model does not have: the error names the configuration.
  c.dims = {{"bacth", 4}};
  auto bad = BenchModelFile(testing::SampleModel(), c, o);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("bacth"), std::string::npos) << bad.status().message();
}

TEST(BenchTest, CountsOnlyTheCountedRuns) {
  BenchOptions o;
  o.warmup = 3;
  o.runs = 7;
  testing::RecordingJob recorder;
  BenchConfig c;
  c.threads = 1;
  auto r = BenchModelFile(testing::SampleModel(), c, o, recorder.job);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->latencies_ms.size(), 7u);
  EXPECT_EQ(r->stats.count, 7);
  EXPECT_EQ(r->warmup, 3);
  EXPECT_EQ(r->threads, 1);
  EXPECT_GT(r->first_run_ms, 0);
  EXPECT_GT(r->session_ms, 0);
  EXPECT_LE(r->stats.min, r->stats.p50);
  EXPECT_LE(r->stats.p50, r->stats.p90);
  EXPECT_LE(r->stats.p90, r->stats.p99);
  EXPECT_LE(r->stats.p99, r->stats.max);
  EXPECT_GT(r->throughput, 0);
  EXPECT_GT(r->peak_rss_bytes, 1 << 20);
  // Session creation, then each run; the first warm-up run is the timed first inference.
  ASSERT_EQ(recorder.reports.size(), 1u + 7 + 2);
  EXPECT_EQ(recorder.reports[0].stage, Stage::kCreatingSession);
  EXPECT_EQ(recorder.reports[1].stage, Stage::kWarmingUp);
  EXPECT_EQ(recorder.reports.back().stage, Stage::kBenchmarking);
  EXPECT_EQ(recorder.reports.back().detail, "9/9");
  EXPECT_DOUBLE_EQ(recorder.reports.back().fraction, 1.0);
}

TEST(BenchTest, DurationModeRunsAtLeastOnce) {
  BenchOptions o;
  o.warmup = 1;
  o.duration_s = 0.05;
  auto r = BenchModelFile(testing::SampleModel(), {}, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_GE(r->stats.count, 1);
  EXPECT_GE(r->wall_s, 0.05);
}

TEST(BenchTest, CancelStopsWithCancelled) {
  BenchOptions o;
  o.runs = 1000;
  testing::RecordingJob cancelling(3);
  auto r = BenchModelFile(testing::SampleModel(), {}, o, cancelling.job);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kCancelled);
}

TEST(BenchTest, AlternatingGivesEachSideItsRuns) {
  BenchOptions o;
  o.warmup = 2;
  o.runs = 5;
  BenchConfig a, b;
  a.threads = b.threads = 1;
  a.level = "disabled";  // the file as loaded against the optimized graph
  b.level = "extended";
  b.profile = true;
  auto r = BenchAlternating(testing::SampleModel(), a, b, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->first.stats.count, 5);
  EXPECT_EQ(r->second.stats.count, 5);
  EXPECT_EQ(r->second.config.level, "extended");
  const nlohmann::json j = BenchToJson({r->first, r->second}, true);
  EXPECT_EQ(j["schema"], "onnxlens.bench/1");
  ASSERT_EQ(j["results"].size(), 2u);
  EXPECT_EQ(j["results"][1]["config"]["level"], "extended");
  EXPECT_EQ(j["results"][0]["latencies_ms"].size(), 5u);
  const double ratio = j["ratio_b_over_a"]["p50"];
  EXPECT_NEAR(ratio, r->second.stats.p50 / r->first.stats.p50, 1e-12);
  const std::string text = FormatBenchComparison(r->first, r->second);
  EXPECT_NE(text.find("B/A"), std::string::npos);
  EXPECT_NE(text.find("P99.9"), std::string::npos);
}

TEST(BenchTest, BadModelIsAnErrorNamingTheFile) {
  auto r = BenchModelFile(testing::SourceDir() / "no/such/model.onnx", {}, {});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("model.onnx"), std::string::npos);
}

TEST(BenchTest, CsvHasAHeaderAndARowPerResult) {
  BenchResult r;
  r.model = "a,b.onnx";
  r.stats = ComputeLatencyStats({1, 2, 3});
  const std::string csv = BenchCsv({r, r});
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3);
  EXPECT_NE(csv.find("\"a,b.onnx\""), std::string::npos);
}

TEST(CompareLatencies, ADifferenceWithinTheRunsSpreadIsNoise) {
  // Medians 10.0 and 10.2, spreads of about 1 ms: noise.
  const LatencyDifference noise =
      CompareLatencies({9.0, 9.5, 10.0, 10.5, 11.0}, {9.2, 9.7, 10.2, 10.7, 11.2});
  EXPECT_EQ(noise.verdict, LatencyVerdict::kWithinNoise);
  EXPECT_NEAR(noise.median_a, 10.0, 1e-9);
  EXPECT_NEAR(noise.median_b, 10.2, 1e-9);
  EXPECT_NEAR(noise.change_percent, 2.0, 1e-9);
  EXPECT_NEAR(noise.noise_ms, 1.0, 1e-9);
  // Its twin: the same spread, B 3 ms faster.
  const LatencyDifference faster =
      CompareLatencies({9.0, 9.5, 10.0, 10.5, 11.0}, {6.0, 6.5, 7.0, 7.5, 8.0});
  EXPECT_EQ(faster.verdict, LatencyVerdict::kFaster);
  EXPECT_NEAR(faster.change_percent, -30.0, 1e-9);
  EXPECT_EQ(CompareLatencies({10, 10, 10}, {13, 13, 13}).verdict, LatencyVerdict::kSlower);
  EXPECT_EQ(CompareLatencies({10, 10}, {20, 20, 20}).verdict, LatencyVerdict::kTooFewRuns);
  EXPECT_EQ(CompareLatencies({}, {}).verdict, LatencyVerdict::kTooFewRuns);
}

}  // namespace
}  // namespace onnxlens::api
