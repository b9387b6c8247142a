// ChartView: charts take the palette (dark theme) and the interface language's numbers; round
// ticks; the SQNR chart's bar labels tell layers apart.
#include "widgets/chart_view.h"

#include <gtest/gtest.h>

#include <QLocale>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include "widgets/quantize_charts.h"

using namespace QtCharts;

namespace onnxlens::widgets {
namespace {

QPalette DarkChartPalette() {
  QPalette p;
  p.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x31));
  p.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
  p.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
  return p;
}

TEST(ChartView, TakesThePalettesColoursAlsoWhenItChanges) {
  auto* chart = new QChart;
  ChartView view(chart);
  auto* series = new QLineSeries;
  series->append(0, 1);
  series->append(1, 2);
  series->setColor(QColor(0x42, 0x85, 0xf4));
  chart->addSeries(series);
  auto* x = new QValueAxis;
  chart->addAxis(x, Qt::AlignBottom);
  series->attachAxis(x);
  view.restyle();
  EXPECT_EQ(chart->backgroundBrush().color(), view.palette().color(QPalette::Base));
  // Dark: the white pane of the light theme was left on the Quantize and Profile tabs.
  view.setPalette(DarkChartPalette());
  EXPECT_EQ(chart->backgroundBrush().color(), QColor(0x1e, 0x1f, 0x22));
  EXPECT_EQ(x->labelsColor(), QColor(0xe6, 0xe6, 0xe6));
  EXPECT_EQ(chart->titleBrush().color(), QColor(0xe6, 0xe6, 0xe6));
  EXPECT_EQ(chart->legend()->labelColor(), QColor(0xe6, 0xe6, 0xe6));
  // The owner's series colour stays (a chart theme would have replaced it).
  EXPECT_EQ(series->color(), QColor(0x42, 0x85, 0xf4));
}

TEST(ChartView, NumbersFollowTheInterfaceLanguage) {
  const QLocale before;
  QLocale::setDefault(QLocale(QLocale::German));
  {
    ChartView view(new QChart);
    EXPECT_TRUE(view.chart()->localizeNumbers());
    EXPECT_EQ(view.chart()->locale().decimalPoint(), QLatin1Char(','));
  }
  QLocale::setDefault(before);
}

TEST(ChartView, RoundTickSteps) {
  EXPECT_DOUBLE_EQ(roundTickStep(88.97, 524.16, 6), 100);
  EXPECT_DOUBLE_EQ(roundTickStep(0, 1, 6), 0.2);
  EXPECT_DOUBLE_EQ(roundTickStep(0, 1, 5), 0.5);  // 0.25 would be needed: 0.5 is the next round
  EXPECT_DOUBLE_EQ(roundTickStep(12.3, 12.4, 5), 0.05);
  EXPECT_DOUBLE_EQ(roundTickStep(-40, 60, 6), 20);
  EXPECT_EQ(roundTickStep(3, 3, 6), 0);
  EXPECT_EQ(roundTickStep(3, 2, 6), 0);
  QValueAxis axis;
  setRoundTicks(&axis, 88.97, 524.16, 6);
  EXPECT_EQ(axis.tickType(), QValueAxis::TicksDynamic);
  EXPECT_DOUBLE_EQ(axis.tickInterval(), 100);
  EXPECT_EQ(axis.labelFormat(), QStringLiteral("%.0f"));
  EXPECT_DOUBLE_EQ(axis.min(), 88.97);
  setRoundTicks(&axis, 0.001, 0.012, 6);
  EXPECT_EQ(axis.labelFormat(), QStringLiteral("%.3f"));
}

TEST(SqnrBarLabels, EqualTailsTakeMoreOfTheName) {
  // Two layers' attention MatMuls shortened to the same "self/MatMul" before.
  const QStringList shown = distinctShortNames(
      {"/encoder/layers.0/attention/self/MatMul", "/encoder/layers.1/attention/self/MatMul",
       "/features/features.16/Add", "/classifier/Gemm", "Relu_3"});
  ASSERT_EQ(shown.size(), 5);
  EXPECT_EQ(shown[0], QString::fromUtf8("layers.0/…/MatMul"));
  EXPECT_EQ(shown[1], QString::fromUtf8("layers.1/…/MatMul"));
  EXPECT_EQ(shown[2], "features.16/Add");
  EXPECT_EQ(shown[3], "classifier/Gemm");
  EXPECT_EQ(shown[4], "Relu_3");
  for (const QString& s : shown) EXPECT_LE(s.size(), 26) << s.toStdString();
}

TEST(SqnrBarLabels, AShortDistinctNameIsKeptWhole) {
  const QStringList shown = distinctShortNames({"/a/b/Conv", "/a/c/Conv"});
  EXPECT_EQ(shown, (QStringList{"b/Conv", "c/Conv"}));
  // Names equal to the end stay equal (the chart numbers its bars).
  EXPECT_EQ(distinctShortNames({"/x/Add", "/x/Add"}), (QStringList{"x/Add", "x/Add"}));
}

}  // namespace
}  // namespace onnxlens::widgets
