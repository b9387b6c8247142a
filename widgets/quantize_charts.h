// The Quantize tab's charts (Qt Charts): the per-tensor SQNR bars, worst first, each bar in its
// SQNR colour (a click selects the layer), and one layer's bounded histograms: float and
// quantized values overlaid, the error, and the calibration range against the data's real range.
#pragma once

#include <QStringList>
#include <QWidget>
#include <memory>
#include <vector>

#include "api/accuracy.h"
#include "api/quantize.h"
#include "widgets/chart_view.h"

class QLabel;

namespace onnxlens {
namespace widgets {

/// Bar labels for node names: the last two parts ("features.16/Add"), more where two would be
/// equal ("layers.0/…/MatMul"), cut in the middle beyond what a bar's label has room for.
QStringList distinctShortNames(const QStringList& names);

class SqnrChart : public QWidget {
  Q_OBJECT

 public:
  explicit SqnrChart(QWidget* parent = nullptr);
  /// At most this many bars (the worst layers).
  static constexpr int kMaxBars = 12;
  /// `labels` name each layer of `report` (its node, else its tensor).
  void setReport(std::shared_ptr<const api::CompareModelsReport> report, const QStringList& labels);
  /// The layer index (into report.layers) of each bar, worst (top) first.
  const std::vector<int>& bars() const { return m_bars; }
  /// As a click on bar `bar` (0 = the top) does.
  void clickBar(int bar);
  ChartView* chartView() const { return m_view; }

 signals:
  /// A bar was clicked: layer `layer` of the report.
  void layerClicked(int layer);

 private:
  ChartView* m_view;
  std::vector<int> m_bars;
};

class LayerHistogramView : public QWidget {
  Q_OBJECT

 public:
  explicit LayerHistogramView(QWidget* parent = nullptr);
  /// Shows `layer`; `calibrated` is its calibration range when the quantizer reported one.
  void setLayer(const api::LayerAgreement& layer, const api::QuantizedRange* calibrated);
  void clear();
  /// The text above the charts (SQNR, ranges), for tests.
  QString caption() const;
  /// Series drawn in the value chart (float, quantized) and in the error chart, for tests.
  int valueSeries() const;
  int errorSeries() const;

 private:
  QLabel* m_caption;
  ChartView* m_values;
  ChartView* m_error;
};

}  // namespace widgets
}  // namespace onnxlens
