// Charts that follow the palette and the locale (see chart_view.h).
#include "widgets/chart_view.h"

#include <QEvent>
#include <QLocale>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>

using namespace QtCharts;

namespace onnxlens {
namespace widgets {

ChartView::ChartView(QChart* chart, QWidget* parent) : QChartView(chart, parent) {
  setRenderHint(QPainter::Antialiasing);
  restyle();
}

void ChartView::restyle() {
  QChart* c = chart();
  if (!c) return;
  const QPalette& p = palette();
  const QColor text = p.color(QPalette::Text);
  const QColor base = p.color(QPalette::Base);
  // Grid lines a little off the background, axis lines a little more: visible on both themes.
  QColor grid = text;
  grid.setAlphaF(0.15);
  QColor line = text;
  line.setAlphaF(0.45);
  c->setBackgroundBrush(base);
  c->setBackgroundPen(Qt::NoPen);
  c->setTitleBrush(text);
  c->legend()->setLabelColor(text);
  c->setLocalizeNumbers(true);
  c->setLocale(QLocale());
  setBackgroundBrush(base);
  for (QAbstractAxis* a : c->axes()) {
    a->setLabelsColor(text);
    a->setTitleBrush(text);
    a->setLinePenColor(line);
    a->setGridLineColor(grid);
    a->setMinorGridLineColor(grid);
  }
}

void ChartView::changeEvent(QEvent* event) {
  QChartView::changeEvent(event);
  if (event->type() == QEvent::PaletteChange || event->type() == QEvent::LocaleChange) restyle();
}

double roundTickStep(double lo, double hi, int maxTicks) {
  const double span = hi - lo;
  if (!(span > 0) || !std::isfinite(span)) return 0;
  const double raw = span / std::max(1, maxTicks - 1);
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0}) {
    if (m * mag >= raw * (1 - 1e-9)) return m * mag;
  }
  return 10 * mag;
}

void setRoundTicks(QValueAxis* axis, double lo, double hi, int maxTicks) {
  axis->setRange(lo, hi);
  const double step = roundTickStep(lo, hi, maxTicks);
  if (step <= 0) return;
  axis->setTickType(QValueAxis::TicksDynamic);
  axis->setTickAnchor(0);
  axis->setTickInterval(step);
  const int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
  axis->setLabelFormat(QStringLiteral("%.") + QString::number(decimals) + QLatin1Char('f'));
}

}  // namespace widgets
}  // namespace onnxlens
