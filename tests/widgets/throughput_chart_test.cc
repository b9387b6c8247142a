// Throughput against batch size: runs at several sizes become a curve with its knee; a dimension
// the runs share (sequence=128) does not count as items; the Profile tab's Compare Runs page
// plots the runs a user profiled at batch 1, 2 and 4.
#include "widgets/throughput_chart.h"

#include <gtest/gtest.h>

#include <QCoreApplication>

#include "test_paths.h"
#include "widgets/profile_view.h"

namespace onnxlens::widgets {
namespace {

ThroughputRun At(int64_t batch, double p50_ms, int threads = 1) {
  ThroughputRun r;
  r.level = "extended";
  r.threads = threads;
  r.dims = {{"batch", batch}, {"sequence", 128}};
  r.latencies_ms = {p50_ms, p50_ms, p50_ms};
  return r;
}

TEST(ThroughputChart, RunsAtSeveralSizesMakeACurvePerSettingWithItsKnee) {
  // items/s: 1000/10 = 100, 2000/11 = 182, 4000/13 = 308, 8000/24 = 333.
  std::vector<ThroughputRun> runs = {At(4, 13), At(1, 10), At(8, 24), At(2, 11), At(1, 5, 2)};
  runs.push_back(ThroughputRun{});  // an opened trace without dimensions: left out
  std::vector<std::string> varying;
  const auto curves = ThroughputCurves(runs, &varying);
  EXPECT_EQ(varying, std::vector<std::string>{"batch"});
  ASSERT_EQ(curves.size(), 2u);
  ASSERT_EQ(curves[0].points.size(), 4u);
  EXPECT_EQ(curves[0].points[0].items, 1);  // sorted by size
  EXPECT_EQ(curves[0].points[3].items, 8);
  EXPECT_NEAR(curves[0].points[2].items_per_s, 4000.0 / 13, 1e-9);
  EXPECT_TRUE(curves[0].points[2].knee);  // 308 >= 0.9 * 333
  EXPECT_FALSE(curves[0].points[3].knee);
  ThroughputChart chart;
  chart.setRuns(runs);
  EXPECT_TRUE(chart.chartShown());
  EXPECT_TRUE(chart.text().contains(QStringLiteral("knee (■) at 4 items per run")))
      << chart.text().toStdString();
  EXPECT_TRUE(chart.text().contains(QStringLiteral("no knee yet"))) << chart.text().toStdString();
}

TEST(ThroughputChart, OneSizeIsAHintNotAChart) {
  ThroughputChart chart;
  chart.setRuns({At(1, 10), At(1, 11)});
  EXPECT_FALSE(chart.chartShown());
  EXPECT_TRUE(chart.text().contains(QStringLiteral("batch=4"))) << chart.text().toStdString();
}

TEST(ThroughputChart, TheProfileTabPlotsRunsProfiledAtEachBatchSize) {
  ProfileView pv;
  pv.setModelPath(QString::fromStdString(testing::SampleModel().string()));  // [batch,3,32,32]
  for (int64_t batch : {1, 2, 4}) {
    api::ProfileOptions o;
    o.level = "extended";
    o.threads = 1;
    o.runs = 3;
    o.warmup = 1;
    o.dims = {{"batch", batch}};
    pv.startProfile(o);
    pv.waitForIdle();
  }
  QCoreApplication::processEvents();
  ASSERT_EQ(pv.runCount(), 3);
  const ThroughputChart* chart = pv.throughputChart();
  EXPECT_TRUE(chart->chartShown()) << chart->text().toStdString();
  ASSERT_EQ(chart->curves().size(), 1u);
  ASSERT_EQ(chart->curves()[0].points.size(), 3u);
  EXPECT_EQ(chart->curves()[0].points[2].items, 4);
  int knees = 0;
  for (const auto& p : chart->curves()[0].points) knees += p.knee;
  EXPECT_EQ(knees, 1);
}

}  // namespace
}  // namespace onnxlens::widgets
