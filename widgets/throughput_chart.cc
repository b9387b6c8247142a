// Throughput against batch size.
#include "widgets/throughput_chart.h"

#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "widgets/chart_view.h"
#include "widgets/provider_order_edit.h"
#include "widgets/stage_text.h"

namespace onnxlens {
namespace widgets {

using namespace QtCharts;

std::vector<ThroughputCurve> ThroughputCurves(const std::vector<ThroughputRun>& runs,
                                              std::vector<std::string>* varying_out) {
  std::vector<const ThroughputRun*> usable;
  for (const ThroughputRun& r : runs) {
    if (!r.dims.empty() && !r.latencies_ms.empty()) usable.push_back(&r);
  }
  // A dimension counts when its value is not the same in every run (or some run lacks it).
  std::map<std::string, std::set<int64_t>> values;
  for (const ThroughputRun* r : usable) {
    for (const auto& [name, v] : r->dims) values[name].insert(v);
  }
  std::vector<std::string> varying;
  for (const auto& [name, set] : values) {
    size_t with = 0;
    for (const ThroughputRun* r : usable) with += r->dims.count(name);
    if (set.size() > 1 || with != usable.size()) varying.push_back(name);
  }
  if (varying_out) *varying_out = varying;
  std::vector<ThroughputCurve> curves;
  if (varying.empty()) return curves;
  std::map<std::tuple<std::string, int, std::string>, size_t> index;
  for (const ThroughputRun* r : usable) {
    api::BenchResult p;
    p.config.level = r->level;
    p.config.threads = r->threads;
    for (const std::string& name : varying) {
      auto it = r->dims.find(name);
      if (it != r->dims.end()) p.config.dims[name] = it->second;
    }
    p.items = p.config.Items();
    p.stats = api::ComputeLatencyStats(r->latencies_ms);
    if (p.stats.p50 <= 0) continue;
    p.throughput = 1000.0 / p.stats.p50;
    p.items_per_s = p.throughput * static_cast<double>(p.items);
    p.ms_per_item = p.stats.p50 / static_cast<double>(p.items);
    const auto key = std::make_tuple(r->level, r->threads, r->providers);
    auto [it, added] = index.emplace(key, curves.size());
    if (added) {
      ThroughputCurve c;
      c.name = ThroughputChart::tr("level %1 · %n thread(s)", nullptr, r->threads)
                   .arg(StageText::level(QString::fromStdString(r->level)));
      if (!r->providers.empty())
        c.name += QStringLiteral(" · ") +
                  providerOrderText(QString::fromStdString(r->providers).split(QLatin1Char(',')));
      curves.push_back(std::move(c));
    }
    curves[it->second].points.push_back(std::move(p));
  }
  for (ThroughputCurve& c : curves) {
    std::stable_sort(
        c.points.begin(), c.points.end(),
        [](const api::BenchResult& a, const api::BenchResult& b) { return a.items < b.items; });
    api::MarkKnees(&c.points);
  }
  return curves;
}

ThroughputChart::ThroughputChart(QWidget* parent) : QWidget(parent) {
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(0, 0, 0, 0);
  auto* chart = new QChart;
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->setBackgroundRoundness(0);
  m_view = new ChartView(chart, this);
  m_view->setMinimumHeight(260);
  m_text = new QLabel(this);
  m_text->setWordWrap(true);
  m_text->setMargin(4);
  m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
  l->addWidget(m_view);
  l->addWidget(m_text);
  setRuns({});
}

QString ThroughputChart::text() const { return m_text->text(); }

bool ThroughputChart::chartShown() const { return !m_view->isHidden(); }

void ThroughputChart::setRuns(const std::vector<ThroughputRun>& runs) {
  std::vector<std::string> varying;
  m_curves = ThroughputCurves(runs, &varying);
  QChart* chart = m_view->chart();
  chart->removeAllSeries();
  for (QAbstractAxis* a : chart->axes()) {
    chart->removeAxis(a);
    delete a;
  }
  std::set<int64_t> sizes;
  for (const ThroughputCurve& c : m_curves)
    for (const api::BenchResult& p : c.points) sizes.insert(p.items);
  if (sizes.size() < 2) {
    m_view->hide();
    m_text->setText(
        tr("Throughput against batch size: profile the model at two or more sizes (Profile… → "
           "Dimensions, e.g. batch=1, then batch=4 and batch=16) and each run becomes a point "
           "here; three sizes or more mark the knee."));
    return;
  }
  m_view->show();
  QStringList names;
  for (const std::string& n : varying) names << QString::fromStdString(n);
  const QString xName = names.join(QStringLiteral(" × "));
  chart->setTitle(
      tr("Throughput against %1 (items per second, from the profiled runs' medians)").arg(xName));
  auto* x = new QLogValueAxis;
  x->setBase(2);
  x->setLabelFormat(QStringLiteral("%g"));
  x->setTitleText(tr("%1 (items per run)").arg(xName));
  x->setMinorTickCount(0);
  auto* y = new QValueAxis;
  y->setTitleText(tr("items/s"));
  y->setLabelFormat(QStringLiteral("%.0f"));
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  double top = 0;
  const QLocale loc;
  QStringList lines;
  for (const ThroughputCurve& c : m_curves) {
    auto* line = new QLineSeries;
    line->setName(c.name);
    auto* knee = new QScatterSeries;
    knee->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    knee->setMarkerSize(12);
    double best = 0;
    const api::BenchResult* knee_point = nullptr;
    for (const api::BenchResult& p : c.points) {
      line->append(static_cast<double>(p.items), p.items_per_s);
      line->setPointsVisible(true);
      top = std::max(top, p.items_per_s);
      best = std::max(best, p.items_per_s);
      if (p.knee) {
        knee->append(static_cast<double>(p.items), p.items_per_s);
        knee_point = &p;
      }
    }
    chart->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);
    if (knee_point) {
      knee->setName(tr("knee"));
      knee->setColor(line->color());
      chart->addSeries(knee);
      knee->attachAxis(x);
      knee->attachAxis(y);
      for (QLegendMarker* m : chart->legend()->markers(knee)) m->setVisible(false);
      lines << tr("%1: knee (■) at %2 items per run, %3 items/s (%4% of the best, %5 items/s); "
                  "larger sizes add latency for little throughput.")
                   .arg(c.name)
                   .arg(knee_point->items)
                   .arg(loc.toString(knee_point->items_per_s, 'f', 1))
                   .arg(loc.toString(100.0 * knee_point->items_per_s / best, 'f', 0))
                   .arg(loc.toString(best, 'f', 1));
    } else {
      delete knee;
      lines << tr("%1: no knee yet (profile three sizes or more).").arg(c.name);
    }
  }
  x->setRange(static_cast<double>(*sizes.begin()) / 1.3,
              static_cast<double>(*sizes.rbegin()) * 1.3);
  y->setRange(0, top * 1.1);
  y->applyNiceNumbers();
  m_view->restyle();
  chart->legend()->setAlignment(Qt::AlignBottom);
  m_text->setText(lines.join(QLatin1Char('\n')));
}

}  // namespace widgets
}  // namespace onnxlens
