// Throughput against batch size (or any free dimension) over the profile runs of a model: runs
// profiled at several sizes (Profile… → Dimensions "batch=4") become points of items/s against
// items per run, one curve per level, thread count and provider order, with the knee marked as
// `bench --sweep batch=…` marks it (api::MarkKnees).
#pragma once

#include <QString>
#include <QWidget>
#include <vector>

#include "api/bench.h"

class QLabel;

namespace QtCharts {
class QChartView;
}

namespace onnxlens {
namespace widgets {

class ChartView;

/// What the chart needs of one run.
struct ThroughputRun {
  std::string level;
  int threads = 0;
  std::string providers;
  api::DimOverrides dims;  ///< the run's free dimensions (trace metadata input_dims)
  std::vector<double> latencies_ms;
};

/// One curve: its runs as points (items per run, items/s), by items.
struct ThroughputCurve {
  QString name;  ///< "level extended · 2 threads"
  std::vector<api::BenchResult> points;
};

/// The dimensions that differ between the runs (only these count as items), and the curves.
/// Runs without dimensions or latencies are left out.
std::vector<ThroughputCurve> ThroughputCurves(const std::vector<ThroughputRun>& runs,
                                              std::vector<std::string>* varying = nullptr);

class ThroughputChart : public QWidget {
  Q_OBJECT

 public:
  explicit ThroughputChart(QWidget* parent = nullptr);
  void setRuns(const std::vector<ThroughputRun>& runs);
  const std::vector<ThroughputCurve>& curves() const { return m_curves; }
  /// The line under the chart (the knee of each curve), or the hint when there is no chart.
  QString text() const;
  bool chartShown() const;

 private:
  ChartView* m_view;
  QLabel* m_text;
  std::vector<ThroughputCurve> m_curves;
};

}  // namespace widgets
}  // namespace onnxlens
