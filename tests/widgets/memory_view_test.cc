// The Memory view: the plan of the sample model, its Gantt geometry (no two rectangles of
// buffers alive at one step overlap), the peak list, and a click selecting the producer node.
#include "widgets/memory_view.h"

#include <gtest/gtest.h>

#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

#include "test_paths.h"

namespace onnxlens::widgets {
namespace {

TEST(MemoryView, PlansTheModelAndAClickOnABufferSelectsItsProducer) {
  MemoryView view;
  view.resize(1100, 600);
  view.show();
  view.setModelPath(QString::fromStdString(testing::SampleModel().string()));
  view.ensurePlan();
  view.waitForPlan();
  QCoreApplication::processEvents();
  const auto plan = view.plan();
  ASSERT_TRUE(plan);
  ASSERT_FALSE(plan->buffers.empty());
  EXPECT_GT(plan->planned_peak, 0u);
  EXPECT_LE(plan->planned_peak, plan->naive_sum);
  // The list holds exactly the buffers alive at the peak, largest first.
  const std::vector<int> alive = BuffersAliveAt(*plan, plan->peak_step);
  ASSERT_EQ(view.aliveList()->topLevelItemCount(), static_cast<int>(alive.size()));
  EXPECT_EQ(view.aliveList()->topLevelItem(0)->data(0, Qt::UserRole).toInt(), alive.front());
  // Both peaks are named as what they are (the header said "Planned peak 2.1 MiB" beside the
  // chart's "peak: 1.8 MiB"), and the figures say what they are for.
  const QString summary = view.summaryText();
  EXPECT_TRUE(summary.startsWith("Arena ")) << summary.toStdString();
  EXPECT_TRUE(summary.contains("live peak ")) << summary.toStdString();
  EXPECT_TRUE(summary.contains("For inputs ")) << summary.toStdString();
  EXPECT_TRUE(summary.contains(QString::fromUtf8("\u00d7"))) << summary.toStdString();
  EXPECT_TRUE(summary.contains("level disabled, 1 thread")) << summary.toStdString();

  MemoryChart* chart = view.chart();
  const QRectF plot = chart->plotRect();
  for (size_t i = 0; i < plan->buffers.size(); ++i) {
    const QRectF r = chart->bufferRect(static_cast<int>(i));
    EXPECT_TRUE(plot.adjusted(-1, -1, 1, 1).contains(r)) << "buffer " << i;
  }
  // Clicking the middle of the largest buffer at the peak selects it and its producer.
  const int b = alive.front();
  QSignalSpy selected(&view, &MemoryView::nodeSelected);
  const QPoint at = chart->bufferRect(b).center().toPoint();
  EXPECT_EQ(chart->bufferAt(at), b);
  QTest::mouseClick(chart, Qt::LeftButton, {}, at);
  ASSERT_EQ(selected.count(), 1);
  EXPECT_EQ(selected.at(0).at(0).toString().toStdString(),
            plan->buffers[static_cast<size_t>(b)].producer);
  EXPECT_EQ(chart->selected(), b);
  // Outside the plot: nothing.
  EXPECT_EQ(chart->bufferAt(QPointF(2, 2)), -1);
}

TEST(MemoryView, ANewModelClearsThePlan) {
  MemoryView view;
  view.setModelPath(QString::fromStdString(testing::SampleModel().string()));
  view.ensurePlan();
  view.waitForPlan();
  ASSERT_TRUE(view.plan());
  view.setModelPath(QString());
  EXPECT_FALSE(view.plan());
  EXPECT_EQ(view.aliveList()->topLevelItemCount(), 0);
}

}  // namespace
}  // namespace onnxlens::widgets
