// Charts that follow the application: the palette's colours (light and dark themes) and the
// interface language's number format ("40,84" in German, on the axes as in the tables).
#pragma once

#include <QtCharts/QChartView>

namespace QtCharts {
class QValueAxis;
}

namespace onnxlens {
namespace widgets {

/// A QChartView whose chart (background, title, legend, every axis) takes the widget palette's
/// colours and QLocale()'s numbers. The owner calls restyle() after it adds axes; a palette
/// change (View → Theme) restyles by itself. Series keep the colours their owner gave them.
class ChartView : public QtCharts::QChartView {
 public:
  explicit ChartView(QtCharts::QChart* chart, QWidget* parent = nullptr);
  void restyle();

 protected:
  void changeEvent(QEvent* event) override;
};

/// Ticks of `axis` at round values (1, 2 or 5 × 10^k) inside [lo, hi], at most `maxTicks` of
/// them, labelled with the decimals the step needs ("0.5", "120", never "88.97"); sets the range.
void setRoundTicks(QtCharts::QValueAxis* axis, double lo, double hi, int maxTicks = 6);

/// The step setRoundTicks chooses for [lo, hi] (exposed for tests); 0 for an empty range.
double roundTickStep(double lo, double hi, int maxTicks);

}  // namespace widgets
}  // namespace onnxlens
