// Profile charts and run comparison.
#include "widgets/profile_charts.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QHorizontalBarSeries>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>
#include <cmath>

#include "widgets/chart_view.h"

namespace onnxlens {
namespace widgets {

using namespace QtCharts;

std::vector<double> RunLatenciesMs(const std::vector<profiling::TraceEvent>& events) {
  std::vector<double> out;
  for (const auto& e : events)
    if (e.ph == 'X' && e.name == "model_run") out.push_back(e.dur_us / 1e3);
  return out;
}

namespace {

ChartView* makeChart(QWidget* parent, const QString& title) {
  auto* chart = new QChart;
  chart->setTitle(title);
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->setBackgroundRoundness(0);
  auto* view = new ChartView(chart, parent);
  // Tall enough for the axis labels and a two-line legend: below that Qt Charts elides the tick
  // labels to "…" and cuts the legend (worst in Chinese and German). The Charts tab scrolls when
  // the split leaves it less.
  view->setMinimumHeight(ProfileCharts::kChartMinHeight);
  return view;
}

// Milliseconds with three significant digits at most ("59.0", "1.12", "0.195"): a legend of four
// entries then fits one line in every language.
QString compactMs(double ms) {
  return QLocale().toString(ms, 'f', ms >= 100 ? 0 : (ms >= 10 ? 1 : (ms >= 1 ? 2 : 3)));
}

// An op type for the legend: at most 16 characters, the start kept, so that the figure after it
// is never the part Qt Charts cuts off (the Op Types tab has every name whole).
QString legendName(const QString& op) {
  return op.size() <= 16 ? op : op.left(15) + QStringLiteral("…");
}

void clearChart(QChart* c) {
  c->removeAllSeries();
  for (QAbstractAxis* a : c->axes()) c->removeAxis(a);
}

}  // namespace

ProfileCharts::ProfileCharts(QWidget* parent) : QWidget(parent) {
  auto* l = new QHBoxLayout(this);
  l->setContentsMargins(2, 2, 2, 2);
  m_ops = makeChart(this, tr("Top op types (ms per run)"));
  m_hist = makeChart(this, tr("Run latency (ms)"));
  l->addWidget(m_ops, 1);
  l->addWidget(m_hist, 1);
}

QStringList ProfileCharts::legendTexts() const {
  QStringList out;
  for (QChartView* v : {m_ops, m_hist})
    for (QLegendMarker* m : v->chart()->legend()->markers()) out << m->label();
  return out;
}

void ProfileCharts::setRun(const std::vector<profiling::TraceEvent>& events,
                           const profiling::TraceSummary& summary) {
  const double runs = std::max<int64_t>(1, summary.runs);
  m_topOps.clear();
  for (const auto& r : summary.by_op) {
    if (m_topOps.size() == 6) break;
    m_topOps.emplace_back(QString::fromStdString(r.key), r.total_us / 1e3 / runs);
  }
  // One bar set per op type, named in the legend (category labels of a horizontal bar chart
  // are cut to "..." when space is short; the legend keeps the names whole).
  QChart* c = m_ops->chart();
  clearChart(c);
  if (!m_topOps.empty()) {
    auto* series = new QHorizontalBarSeries;
    for (auto it = m_topOps.rbegin(); it != m_topOps.rend(); ++it) {  // hottest on top
      auto* set =
          new QBarSet(QStringLiteral("%1  %2").arg(legendName(it->first), compactMs(it->second)));
      *set << it->second;
      series->append(set);
    }
    series->setBarWidth(0.9);
    c->addSeries(series);
    auto* y = new QBarCategoryAxis;
    y->append(QStringList{QString()});
    y->setVisible(false);
    c->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    auto* x = new QValueAxis;
    setRoundTicks(x, 0, m_topOps.front().second * 1.05, 5);
    c->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    c->legend()->setAlignment(Qt::AlignRight);
    c->legend()->setReverseMarkers(true);  // hottest first, as the bars
    c->legend()->show();
  }

  m_ops->restyle();

  const std::vector<double> lat = RunLatenciesMs(events);
  m_latency = api::ComputeLatencyStats(lat);
  QChart* h = m_hist->chart();
  clearChart(h);
  if (lat.empty()) return;
  const int bins = std::clamp(static_cast<int>(lat.size()) / 2, 1, 30);
  const double lo = m_latency.min, hi = m_latency.max > lo ? m_latency.max : lo + 1e-3;
  const double w = (hi - lo) / bins;
  std::vector<int> counts(bins, 0);
  for (double v : lat) ++counts[std::min(bins - 1, static_cast<int>((v - lo) / w))];
  auto* upper = new QLineSeries;
  int peak = 1;
  for (int b = 0; b < bins; ++b) {
    upper->append(lo + w * b, counts[b]);
    upper->append(lo + w * (b + 1), counts[b]);
    peak = std::max(peak, counts[b]);
  }
  auto* area = new QAreaSeries(upper);
  area->setName(tr("runs"));
  area->setColor(QColor(0x42, 0x85, 0xf4, 150));
  area->setBorderColor(QColor(0x1e, 0x5b, 0xc6));
  h->addSeries(area);
  auto* x = new QValueAxis;
  setRoundTicks(x, lo, hi, 5);
  x->setTitleText(tr("ms per run"));
  // Counts are whole numbers: a whole-number step (1, 2, 5 × 10^k) and a top on a tick.
  int step = 1;
  for (int k = 1; (peak + 1 + step - 1) / step > 8; k *= 10) {
    for (int m : {1, 2, 5}) {
      step = m * k;
      if ((peak + 1 + step - 1) / step <= 8) break;
    }
  }
  m_histTop = step * ((peak + 1 + step - 1) / step);
  m_histStep = step;
  auto* y = new QValueAxis;
  y->setRange(0, m_histTop);
  y->setTickCount(m_histTop / step + 1);
  y->setLabelFormat(QStringLiteral("%.0f"));
  y->setTitleText(tr("runs"));
  y->setTitleVisible(false);  // the legend names the area; the title left no room for labels
  h->addAxis(x, Qt::AlignBottom);
  h->addAxis(y, Qt::AlignLeft);
  area->attachAxis(x);
  area->attachAxis(y);
  const std::pair<const char*, double> marks[] = {
      {"P50", m_latency.p50}, {"P90", m_latency.p90}, {"P99", m_latency.p99}};
  const QColor colours[] = {QColor(0x43, 0xa0, 0x47), QColor(0xff, 0x98, 0x00),
                            QColor(0xd5, 0x00, 0x00)};
  for (int i = 0; i < 3; ++i) {
    auto* line = new QLineSeries;
    line->setName(QStringLiteral("%1 %2 ms")
                      .arg(QLatin1String(marks[i].first))
                      .arg(compactMs(marks[i].second)));
    line->append(marks[i].second, 0);
    line->append(marks[i].second, m_histTop);
    line->setPen(QPen(colours[i], 2, Qt::DashLine));
    h->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);
  }
  h->legend()->setAlignment(Qt::AlignBottom);
  m_hist->restyle();
}

RunComparison::RunComparison(QWidget* parent) : QWidget(parent) {
  auto* l = new QVBoxLayout(this);
  auto* row = new QHBoxLayout;
  m_a = new QComboBox(this);
  m_b = new QComboBox(this);
  row->addWidget(new QLabel(tr("A:"), this));
  row->addWidget(m_a, 1);
  row->addWidget(new QLabel(tr("B:"), this));
  row->addWidget(m_b, 1);
  l->addLayout(row);
  m_verdict = new QLabel(this);
  m_verdict->setWordWrap(true);
  m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
  l->addWidget(m_verdict);
  m_table = new QTableWidget(0, 4, this);
  m_table->setHorizontalHeaderLabels({tr("Statistic"), tr("A (ms)"), tr("B (ms)"), tr("B / A")});
  m_table->verticalHeader()->hide();
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  m_opTable = new QTableWidget(0, 6, this);
  m_opTable->setHorizontalHeaderLabels({tr("Op type"), tr("A (ms per run)"), tr("B (ms per run)"),
                                        tr("B / A"), tr("A calls per run"), tr("B calls per run")});
  m_opTable->verticalHeader()->hide();
  m_opTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_opTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  // The seven statistics always in full; the op types take the rest.
  m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height() +
                            7 * m_table->verticalHeader()->defaultSectionSize() +
                            2 * m_table->frameWidth() + 2);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(m_table);
  split->addWidget(m_opTable);
  split->setStretchFactor(0, 0);
  split->setStretchFactor(1, 1);
  split->setChildrenCollapsible(false);
  l->addWidget(split, 1);
  auto update = [this](int) { compare(m_a->currentIndex(), m_b->currentIndex()); };
  connect(m_a, QOverload<int>::of(&QComboBox::activated), this, update);
  connect(m_b, QOverload<int>::of(&QComboBox::activated), this, update);
}

void RunComparison::setRuns(const QStringList& labels,
                            const std::vector<std::vector<double>>& latencies,
                            const std::vector<profiling::TraceSummary>& summaries,
                            const std::vector<RunModel>& models) {
  m_latencies = latencies;
  m_summaries = summaries;
  m_models = models;
  for (QComboBox* c : {m_a, m_b}) {
    c->clear();
    c->addItems(labels);
  }
  const int n = labels.size();
  m_a->setCurrentIndex(n >= 2 ? n - 2 : 0);
  m_b->setCurrentIndex(n - 1);
  compare(m_a->currentIndex(), m_b->currentIndex());
}

void RunComparison::fillOps(int a, int b) {
  m_opTable->setRowCount(0);
  if (a < 0 || b < 0 || a >= static_cast<int>(m_summaries.size()) ||
      b >= static_cast<int>(m_summaries.size()))
    return;
  const QLocale locale;
  const QColor faster(0xc8, 0xe6, 0xc9), slower(0xff, 0xe0, 0xb2);
  for (const api::OpTimeComparison& c : api::CompareOpTimes(m_summaries[a], m_summaries[b])) {
    const int r = m_opTable->rowCount();
    m_opTable->insertRow(r);
    auto cell = [&](int col, const QString& text) {
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(col == 0 ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                      : int(Qt::AlignRight | Qt::AlignVCenter));
      m_opTable->setItem(r, col, item);
      return item;
    };
    cell(0, QString::fromStdString(c.op));
    cell(1, c.a_ms > 0 ? locale.toString(c.a_ms, 'f', 3) : tr("—"));
    cell(2, c.b_ms > 0 ? locale.toString(c.b_ms, 'f', 3) : tr("—"));
    QTableWidgetItem* ratio =
        cell(3, c.a_ms > 0 && c.b_ms > 0 ? locale.toString(c.b_ms / c.a_ms, 'f', 2)
                                         : (c.a_ms > 0 ? tr("gone") : tr("new")));
    // Faster in B green, slower amber (beyond 5%, the noise of a few runs).
    if (c.a_ms > 0 && (c.b_ms == 0 || c.b_ms < 0.95 * c.a_ms)) ratio->setBackground(faster);
    if (c.b_ms > 0 && (c.a_ms == 0 || c.b_ms > 1.05 * c.a_ms)) ratio->setBackground(slower);
    cell(4, locale.toString(c.a_calls, 'f', c.a_calls == std::floor(c.a_calls) ? 0 : 1));
    cell(5, locale.toString(c.b_calls, 'f', c.b_calls == std::floor(c.b_calls) ? 0 : 1));
  }
}

QString RunComparison::verdict() const { return m_verdict->text(); }

void RunComparison::compare(int a, int b) {
  fillOps(a, b);
  m_table->setRowCount(0);
  m_verdict->clear();
  if (a < 0 || b < 0 || a >= static_cast<int>(m_latencies.size()) ||
      b >= static_cast<int>(m_latencies.size()))
    return;
  // First what a user compares two runs for: is B really faster or slower, or is it noise?
  const api::LatencyDifference d = api::CompareLatencies(m_latencies[a], m_latencies[b]);
  const QLocale loc;
  // Unless they are runs of two different models: "B is 41.8% faster" of efficientnet_b0 against
  // gpt_tiny (both files named model.onnx) said nothing true.
  if (a < static_cast<int>(m_models.size()) && b < static_cast<int>(m_models.size())) {
    // By the files' bytes where both runs know them (a copy elsewhere is the same model), else by
    // their paths.
    const RunModel &ma = m_models[a], &mb = m_models[b];
    const bool known = !ma.fingerprint.isEmpty() && !mb.fingerprint.isEmpty();
    const bool paths = !ma.path.isEmpty() && !mb.path.isEmpty() && ma.path != mb.path;
    const bool different = known ? ma.fingerprint != mb.fingerprint : paths;
    if (different) {
      m_verdict->setText(
          paths ? tr("⚠ A and B are runs of different models (%1 and %2): their times do not say "
                     "that one is faster. Compare the models node for node in the Optimize tab "
                     "(Other file…).")
                      .arg(ma.path, mb.path)
                : tr("⚠ A and B are runs of %1, but the file changed between them: their times "
                     "compare two different models.")
                      .arg(ma.path));
      fillStats(a, b);
      return;
    }
  }
  const QString change = loc.toString(std::abs(d.change_percent), 'f', 1);
  // A big change as a factor: "93.6% faster" hid a 15.7x speed-up.
  const double factor = d.median_a > 0 && d.median_b > 0
                            ? std::max(d.median_a, d.median_b) / std::min(d.median_a, d.median_b)
                            : 0;
  const QString times = loc.toString(factor, 'f', factor < 10 ? 2 : 1);
  switch (d.verdict) {
    case api::LatencyVerdict::kTooFewRuns:
      m_verdict->setText(
          tr("Too few runs to tell a difference from noise: profile at least 3 "
             "runs on each side (medians %1 and %2 ms).")
              .arg(loc.toString(d.median_a, 'f', 3), loc.toString(d.median_b, 'f', 3)));
      break;
    case api::LatencyVerdict::kWithinNoise:
      m_verdict->setText(
          tr("⚠ No real difference: the medians differ by %1% (%2 ms), within the runs' own noise "
             "(%3 ms between their quartiles). Profile more runs, or on a quieter machine.")
              .arg(change, loc.toString(std::abs(d.median_b - d.median_a), 'f', 3),
                   loc.toString(d.noise_ms, 'f', 3)));
      break;
    case api::LatencyVerdict::kFaster:
      m_verdict->setText(tr("B is %1× as fast as A: %2% less time (median %3 vs %4 ms), beyond "
                            "the runs' noise (%5 ms between their quartiles).")
                             .arg(times, change, loc.toString(d.median_b, 'f', 3),
                                  loc.toString(d.median_a, 'f', 3),
                                  loc.toString(d.noise_ms, 'f', 3)));
      break;
    case api::LatencyVerdict::kSlower:
      m_verdict->setText(tr("B takes %1× as long as A: %2% more time (median %3 vs %4 ms), "
                            "beyond the runs' noise (%5 ms between their quartiles).")
                             .arg(times, change, loc.toString(d.median_b, 'f', 3),
                                  loc.toString(d.median_a, 'f', 3),
                                  loc.toString(d.noise_ms, 'f', 3)));
      break;
  }
  fillStats(a, b);
}

void RunComparison::fillStats(int a, int b) {
  const api::LatencyStats sa = api::ComputeLatencyStats(m_latencies[a]);
  const api::LatencyStats sb = api::ComputeLatencyStats(m_latencies[b]);
  const std::pair<QString, std::pair<double, double>> rows[] = {
      {tr("runs"), {static_cast<double>(sa.count), static_cast<double>(sb.count)}},
      {tr("min"), {sa.min, sb.min}},
      {QStringLiteral("P50"), {sa.p50, sb.p50}},
      {QStringLiteral("P90"), {sa.p90, sb.p90}},
      {QStringLiteral("P99"), {sa.p99, sb.p99}},
      {tr("mean"), {sa.mean, sb.mean}},
      {tr("max"), {sa.max, sb.max}}};
  const QLocale locale;
  for (const auto& [name, v] : rows) {
    const int r = m_table->rowCount();
    m_table->insertRow(r);
    const bool count = r == 0;
    auto cell = [&](int c, const QString& text) {
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(c == 0 ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                    : int(Qt::AlignRight | Qt::AlignVCenter));
      m_table->setItem(r, c, item);
    };
    cell(0, name);
    cell(1, count ? locale.toString(v.first, 'f', 0) : locale.toString(v.first, 'f', 3));
    cell(2, count ? locale.toString(v.second, 'f', 0) : locale.toString(v.second, 'f', 3));
    cell(3, count || v.first <= 0 ? QString() : locale.toString(v.second / v.first, 'f', 3));
  }
}

}  // namespace widgets
}  // namespace onnxlens
