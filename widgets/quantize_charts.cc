// The Quantize tab's charts (see quantize_charts.h).
#include "widgets/quantize_charts.h"

#include <QLabel>
#include <QVBoxLayout>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QHorizontalStackedBarSeries>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>

#include "common/strings.h"
#include "widgets/chart_view.h"
#include "widgets/quantize_models.h"

using namespace QtCharts;

namespace onnxlens {
namespace widgets {

namespace {

ChartView* makeQuantChart(QWidget* parent, const QString& title, int minHeight) {
  auto* chart = new QChart;
  chart->setTitle(title);
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->setBackgroundRoundness(0);
  auto* view = new ChartView(chart, parent);
  view->setMinimumHeight(minHeight);
  return view;
}

void clearQuantChart(QChart* c) {
  c->removeAllSeries();
  for (QAbstractAxis* a : c->axes()) c->removeAxis(a);
}

// A bar label's length from which Qt Charts may cut it to "…" at the chart's minimum width.
constexpr int kMaxLabel = 26;

}  // namespace

QStringList distinctShortNames(const QStringList& names) {
  std::vector<std::string> in;
  for (const QString& n : names) in.push_back(n.toStdString());
  QStringList out;
  for (const std::string& s : DistinctShortNames(in, kMaxLabel)) out << QString::fromStdString(s);
  return out;
}

namespace {

// A histogram as a step line over [lo, hi].
QLineSeries* steps(const std::vector<uint32_t>& bins, double lo, double hi, const QString& name,
                   const QColor& colour) {
  auto* s = new QLineSeries;
  s->setName(name);
  QPen pen(colour);
  pen.setWidthF(1.8);
  s->setPen(pen);
  const int n = static_cast<int>(bins.size());
  const double w = n ? (hi - lo) / n : 0;
  for (int k = 0; k < n; ++k) {
    s->append(lo + k * w, static_cast<double>(bins[k]));
    s->append(lo + (k + 1) * w, static_cast<double>(bins[k]));
  }
  return s;
}

void axes(QChart* c, double lo, double hi, double top) {
  auto* x = new QValueAxis;
  setRoundTicks(x, lo, hi, 5);
  auto* y = new QValueAxis;
  y->setRange(0, std::max(1.0, top * 1.05));
  y->setLabelFormat(QStringLiteral("%.0f"));
  y->setTickCount(3);
  c->addAxis(x, Qt::AlignBottom);
  c->addAxis(y, Qt::AlignLeft);
  for (QAbstractSeries* s : c->series()) {
    s->attachAxis(x);
    s->attachAxis(y);
  }
}

}  // namespace

SqnrChart::SqnrChart(QWidget* parent) : QWidget(parent) {
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(0, 0, 0, 0);
  m_view = makeQuantChart(this, tr("Layer SQNR (dB), worst first"), 260);
  m_view->setToolTip(tr("Click a bar to see the node in the graph"));
  m_view->chart()->legend()->hide();
  l->addWidget(m_view);
}

void SqnrChart::setReport(std::shared_ptr<const api::CompareModelsReport> report,
                          const QStringList& labels) {
  QChart* c = m_view->chart();
  clearQuantChart(c);
  m_bars.clear();
  if (!report || report->layers.empty()) return;
  const SqnrRange range = layerSqnrRange(*report);
  const int n = std::min<int>(kMaxBars, static_cast<int>(report->layers.size()));
  for (int i = 0; i < n; ++i) m_bars.push_back(i);  // the layers are worst first already
  // One set per bar (zero elsewhere) so that each bar has its own colour; the categories run
  // bottom-up, so the worst layer is the last category.
  QStringList categories, names;
  for (int b = 0; b < n; ++b) names << labels.value(m_bars[b]);
  const QStringList shown = distinctShortNames(names);
  // Numbered too: an axis merges equal categories, and a cut may still make two alike.
  for (int b = n - 1; b >= 0; --b) categories << QStringLiteral("%1. %2").arg(b + 1).arg(shown[b]);
  auto* series = new QHorizontalStackedBarSeries;
  double lo = 0, hi = 0;
  for (int b = 0; b < n; ++b) {
    const api::LayerAgreement& l = report->layers[m_bars[b]];
    const double db = std::min(l.stats.sqnr_db, range.valid ? range.hi : l.stats.sqnr_db);
    lo = std::min(lo, db);
    hi = std::max(hi, db);
    auto* set = new QBarSet(labels.value(m_bars[b]));
    connect(set, &QBarSet::hovered, this,
            [this, set](bool on, int) { m_view->setToolTip(on ? set->label() : QString()); });
    for (int k = 0; k < n; ++k) *set << (k == n - 1 - b ? db : 0.0);
    set->setColor(sqnrColor(db, range));
    set->setBorderColor(QColor(0, 0, 0, 60));
    connect(set, &QBarSet::clicked, this, [this, b](int) { clickBar(b); });
    series->append(set);
  }
  series->setBarWidth(0.8);
  c->addSeries(series);
  auto* y = new QBarCategoryAxis;
  y->append(categories);
  // A smaller font than the chart's: a label taller than its bar is cut to "…" by Qt Charts.
  QFont small = y->labelsFont();
  small.setPointSizeF(small.pointSizeF() * 0.85);
  y->setLabelsFont(small);
  c->addAxis(y, Qt::AlignLeft);
  series->attachAxis(y);
  auto* x = new QValueAxis;
  setRoundTicks(x, lo, hi * 1.05 + 0.01, 6);
  c->addAxis(x, Qt::AlignBottom);
  series->attachAxis(x);
  m_view->restyle();
}

void SqnrChart::clickBar(int bar) {
  if (bar >= 0 && bar < static_cast<int>(m_bars.size())) emit layerClicked(m_bars[bar]);
}

LayerHistogramView::LayerHistogramView(QWidget* parent) : QWidget(parent) {
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(0, 0, 0, 0);
  m_caption = new QLabel(this);
  m_caption->setWordWrap(true);
  m_caption->setTextFormat(Qt::RichText);
  m_values = makeQuantChart(this, tr("Values: float vs quantized"), 180);
  m_error = makeQuantChart(this, tr("Error (quantized − float)"), 150);
  m_values->chart()->legend()->setAlignment(Qt::AlignBottom);
  m_error->chart()->legend()->hide();
  l->addWidget(m_caption);
  l->addWidget(m_values, 3);
  l->addWidget(m_error, 2);
  clear();
}

void LayerHistogramView::clear() {
  clearQuantChart(m_values->chart());
  clearQuantChart(m_error->chart());
  m_caption->setText(tr("Select a layer (a bar, a row or a node) to see its histograms."));
}

void LayerHistogramView::setLayer(const api::LayerAgreement& layer,
                                  const api::QuantizedRange* calibrated) {
  clear();
  const api::LayerHistograms& h = layer.histograms;
  // A long tensor name is shortened (the tooltip has it whole): an unbreakable word would set
  // the panel's minimum width and widen the window.
  const QString tensor = QString::fromStdString(layer.tensor);
  const QString shown =
      tensor.size() <= 40 ? tensor : tensor.left(12) + QStringLiteral("…") + tensor.right(27);
  m_caption->setToolTip(tensor);
  QString text = tr("<b>%1</b> · SQNR %2 dB · cosine %3")
                     .arg(shown.toHtmlEscaped(), sqnrText(layer.stats.sqnr_db))
                     .arg(layer.stats.cosine, 0, 'f', 6);
  text += QStringLiteral("<br>") +
          tr("Data range [%1, %2]").arg(h.a_min, 0, 'g', 5).arg(h.a_max, 0, 'g', 5);
  if (calibrated) {
    text += QStringLiteral(" · ") + tr("calibration range [%1, %2]")
                                        .arg(calibrated->rmin, 0, 'g', 5)
                                        .arg(calibrated->rmax, 0, 'g', 5);
    if (h.a_min < calibrated->rmin || h.a_max > calibrated->rmax)
      text += QStringLiteral(" <span style=\"color:#c62828\">") +
              tr("(the data leaves the calibrated range: clipped)") + QStringLiteral("</span>");
  }
  m_caption->setText(text);
  if (h.a.empty()) return;
  QChart* v = m_values->chart();
  v->addSeries(steps(h.a, h.lo, h.hi, tr("float"), QColor(0x45, 0x75, 0xb4)));
  v->addSeries(steps(h.b, h.lo, h.hi, tr("quantized"), QColor(0xd7, 0x30, 0x27)));
  const double top = std::max(*std::max_element(h.a.begin(), h.a.end()),
                              *std::max_element(h.b.begin(), h.b.end()));
  axes(v, h.lo, h.hi, top);
  QChart* e = m_error->chart();
  e->addSeries(steps(h.error, h.err_lo, h.err_hi, tr("error"), QColor(0x6a, 0x1b, 0x9a)));
  axes(e, h.err_lo, h.err_hi, *std::max_element(h.error.begin(), h.error.end()));
  m_values->restyle();
  m_error->restyle();
}

QString LayerHistogramView::caption() const { return m_caption->text(); }
int LayerHistogramView::valueSeries() const {
  return static_cast<int>(m_values->chart()->series().size());
}
int LayerHistogramView::errorSeries() const {
  return static_cast<int>(m_error->chart()->series().size());
}

}  // namespace widgets
}  // namespace onnxlens
