// Whether a latency can be trusted (api/bench.h): the spread and MAD of synthetic samples, noisy
// above kNoisySpreadPercent, loaded when other programs leave fewer cores than the runs' threads or
// the threads waited for a CPU, the warnings the CLI prints, and the JSON / CSV fields.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "api/bench.h"

namespace onnxlens::api {
namespace {

const MachineLoad kNoiseTestIdleTwoCores{2, 0, 0.2};

TEST(LatencyNoiseTest, SpreadAndMadOfSyntheticSamples) {
  const LatencyStats s = ComputeLatencyStats({10, 11, 9, 10, 10.5, 9.5, 10, 10, 11, 9});
  EXPECT_DOUBLE_EQ(s.p50, 10);
  EXPECT_NEAR(s.p10, 9, 1e-9);
  EXPECT_NEAR(s.p90, 11, 1e-9);
  EXPECT_NEAR(s.mad, 0.5, 1e-9);
  const LatencyNoise n = ClassifyLatencyNoise(s, 1, kNoiseTestIdleTwoCores, 0, 1);
  EXPECT_NEAR(n.spread_percent, 20, 1e-9);
  EXPECT_FALSE(n.noisy) << "20% is at the threshold, not above";
  EXPECT_FALSE(n.loaded);
  EXPECT_TRUE(LatencyNoiseWarnings(n).empty());
}

TEST(LatencyNoiseTest, QuietRunsAreNotNoisy) {
  const LatencyStats s = ComputeLatencyStats({8.1, 8.2, 8.15, 8.3, 8.12, 8.22, 8.18, 8.4});
  const LatencyNoise n = ClassifyLatencyNoise(s, 2, kNoiseTestIdleTwoCores, 0.001, 1);
  EXPECT_LT(n.spread_percent, 5);
  EXPECT_FALSE(n.noisy);
  EXPECT_FALSE(n.loaded);
}

// The Quantize tab's float P50 across five runs on a loaded machine (issue 35.6).
TEST(LatencyNoiseTest, TheIssuesSamplesAreNoisy) {
  const LatencyStats s = ComputeLatencyStats({432, 40, 72, 92, 201});
  const LatencyNoise n = ClassifyLatencyNoise(s, 2, kNoiseTestIdleTwoCores, 0, 1);
  EXPECT_GT(n.spread_percent, 100);
  EXPECT_TRUE(n.noisy);
  const std::vector<std::string> w = LatencyNoiseWarnings(n);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("noisy: spread"), std::string::npos) << w[0];
  EXPECT_NE(w[0].find("--threads 1"), std::string::npos) << w[0];
}

TEST(LatencyNoiseTest, FewerThanFiveRunsAreNeverCalledNoisy) {
  const LatencyNoise n =
      ClassifyLatencyNoise(ComputeLatencyStats({10, 40, 90}), 1, kNoiseTestIdleTwoCores, 0, 1);
  EXPECT_GT(n.spread_percent, kNoisySpreadPercent);
  EXPECT_FALSE(n.noisy);
}

TEST(LatencyNoiseTest, BusyCoresLeavingTooFewForTheThreadsMeanLoaded) {
  const LatencyStats s = ComputeLatencyStats({10, 10, 10, 10, 10});
  const MachineLoad one_busy{2, 1, 1.1};
  EXPECT_TRUE(ClassifyLatencyNoise(s, 2, one_busy, 0, 1).loaded);
  EXPECT_FALSE(ClassifyLatencyNoise(s, 1, one_busy, 0, 1).loaded)
      << "one thread on the free core: not competing";
  const LatencyNoise n = ClassifyLatencyNoise(s, 2, one_busy, 0, 1);
  const std::vector<std::string> w = LatencyNoiseWarnings(n);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("machine loaded: 1 of 2 core(s) busy"), std::string::npos) << w[0];
}

TEST(LatencyNoiseTest, RunQueueWaitMeansLoaded) {
  const LatencyStats s = ComputeLatencyStats({10, 10, 10, 10, 10});
  // 2 threads over 1 s of runs: 0.3 s waiting is 15% of their time.
  const LatencyNoise n = ClassifyLatencyNoise(s, 2, kNoiseTestIdleTwoCores, 0.3, 1);
  EXPECT_NEAR(n.wait_percent, 15, 1e-9);
  EXPECT_TRUE(n.loaded);
  EXPECT_FALSE(ClassifyLatencyNoise(s, 2, kNoiseTestIdleTwoCores, 0.1, 1).loaded);
}

TEST(LatencyNoiseTest, CombinedNoiseTakesTheWorseSide) {
  const LatencyNoise quiet = ClassifyLatencyNoise(ComputeLatencyStats({10, 10, 10, 10, 10}), 1,
                                                  kNoiseTestIdleTwoCores, 0, 1);
  const LatencyNoise noisy = ClassifyLatencyNoise(ComputeLatencyStats({432, 40, 72, 92, 201}), 1,
                                                  kNoiseTestIdleTwoCores, 0, 1);
  const LatencyNoise both = CombineLatencyNoise(quiet, noisy);
  EXPECT_TRUE(both.noisy);
  EXPECT_DOUBLE_EQ(both.spread_percent, noisy.spread_percent);
  EXPECT_FALSE(CombineLatencyNoise(quiet, quiet).noisy);
}

TEST(LatencyNoiseTest, FormatShowsP50WithItsSpread) {
  const LatencyStats s = ComputeLatencyStats({10, 11, 9, 10, 10.5, 9.5, 10, 10, 11, 9});
  EXPECT_EQ(FormatLatencyWithSpread(s), "10.000 ms (P10-P90 9.000-11.000, MAD 0.500)");
}

BenchResult NoisyBenchResult() {
  BenchResult r;
  r.model = "m.onnx";
  r.threads = 2;
  r.latencies_ms = {432, 40, 72, 92, 201};
  r.stats = ComputeLatencyStats(r.latencies_ms);
  r.noise = ClassifyLatencyNoise(r.stats, 2, {2, 1, 1.3}, 0.5, 1);
  return r;
}

TEST(LatencyNoiseTest, TextJsonAndCsvCarryTheSpreadAndWarnings) {
  const BenchResult r = NoisyBenchResult();
  const std::string text = FormatBenchResult(r);
  EXPECT_NE(text.find("P10"), std::string::npos) << text;
  EXPECT_NE(text.find("MAD"), std::string::npos) << text;
  EXPECT_NE(text.find("warning: noisy: spread"), std::string::npos) << text;
  EXPECT_NE(text.find("warning: machine loaded"), std::string::npos) << text;

  const nlohmann::json j = BenchToJson({r}, false);
  const nlohmann::json& res = j["results"][0];
  EXPECT_DOUBLE_EQ(res["latency_ms"]["p10"].get<double>(), r.stats.p10);
  EXPECT_DOUBLE_EQ(res["latency_ms"]["mad"].get<double>(), r.stats.mad);
  EXPECT_TRUE(res["noise"]["noisy"].get<bool>());
  EXPECT_TRUE(res["noise"]["loaded"].get<bool>());
  EXPECT_EQ(res["noise"]["busy_cores"].get<int>(), 1);
  EXPECT_EQ(res["noise"]["cores"].get<int>(), 2);
  EXPECT_NEAR(res["noise"]["runqueue_wait_percent"].get<double>(), 25, 1e-9);
  EXPECT_EQ(res["noise"]["warnings"].size(), 2u);

  const std::string table = FormatBenchTable({r, r});
  EXPECT_NE(table.find("spread %"), std::string::npos) << table;
  EXPECT_NE(table.find("!"), std::string::npos) << table;
  EXPECT_NE(table.find("warning: noisy rows"), std::string::npos) << table;

  const std::string csv = BenchCsv({r});
  EXPECT_NE(csv.find("spread_percent,noisy,busy_cores,loaded"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",yes,1,yes\n"), std::string::npos) << csv;
}

}  // namespace
}  // namespace onnxlens::api
