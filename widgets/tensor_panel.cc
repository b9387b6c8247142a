// Tensor panel.
#include "widgets/tensor_panel.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include "api/value_io.h"
#include "widgets/chart_view.h"

namespace onnxlens {
namespace widgets {

using namespace QtCharts;

namespace {

QString QHtml(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

QString TensorRow(const QString& a, const QString& b) {
  return "<tr><td><b>" + a + "</b></td><td>" + b + "</td></tr>";
}

QString TensorBytes(uint64_t b) { return QLocale().formattedDataSize(static_cast<qint64>(b)); }

}  // namespace

TensorPanel::TensorPanel(QWidget* parent) : QWidget(parent) {
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(0, 0, 0, 0);
  auto* top = new QHBoxLayout;
  auto* back = new QPushButton(tr("← Back"), this);
  back->setToolTip(tr("Back to the node"));
  m_save = new QPushButton(tr("Save as .npy…"), this);
  top->addWidget(back);
  top->addStretch();
  top->addWidget(m_save);
  l->addLayout(top);
  m_text = new QTextBrowser(this);
  l->addWidget(m_text, 3);
  auto* chart = new QChart;
  chart->legend()->hide();
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->setBackgroundRoundness(0);
  m_chart = new ChartView(chart, this);
  m_chart->setMinimumHeight(160);
  l->addWidget(m_chart, 2);
  connect(back, &QPushButton::clicked, this, &TensorPanel::backRequested);
  connect(m_save, &QPushButton::clicked, this, &TensorPanel::saveClicked);
}

TensorPanel::~TensorPanel() = default;

void TensorPanel::setTensor(const QString& name, std::shared_ptr<const ir::Tensor> tensor) {
  m_name = name;
  m_tensor = std::move(tensor);
  m_stats = m_tensor ? api::ComputeTensorStats(*m_tensor, 64, 64) : api::TensorStats{};
  const api::TensorStats& s = m_stats;
  QStringList dims;
  for (int64_t d : s.dims) dims << QString::number(d);
  QString html = "<h2>" + name.toHtmlEscaped() + "</h2><table cellspacing='4'>";
  html += TensorRow(tr("Type"), "<code>" + QHtml(s.dtype) + "[" + dims.join(",") + "]</code>");
  html += TensorRow(tr("Elements"), QLocale().toString(static_cast<qlonglong>(s.numel)));
  html += TensorRow(tr("Size"), TensorBytes(s.bytes));
  if (s.numeric && s.finite > 0) {
    html += TensorRow(tr("Min"), QHtml(api::FormatStat(s.min)));
    html += TensorRow(tr("Max"), QHtml(api::FormatStat(s.max)));
    html += TensorRow(tr("Mean"), QHtml(api::FormatStat(s.mean)));
    html += TensorRow(tr("Std"), QHtml(api::FormatStat(s.stddev)));
  }
  if (s.numeric)
    html += TensorRow(tr("Sparsity"),
                      tr("%1% zeros").arg(QLocale().toString(s.sparsity * 100, 'f', 2)));
  if (s.nan_count)
    html += TensorRow(tr("NaN"), QLocale().toString(static_cast<qlonglong>(s.nan_count)));
  if (s.inf_count)
    html += TensorRow(tr("Inf"), QLocale().toString(static_cast<qlonglong>(s.inf_count)));
  html += "</table>";
  if (!s.first_values.empty()) {
    QStringList values;
    for (const auto& v : s.first_values) values << QHtml(v);
    html += "<h3>" +
            (static_cast<int64_t>(s.first_values.size()) < s.numel
                 ? tr("First %n value(s)", nullptr, static_cast<int>(s.first_values.size()))
                 : tr("Values")) +
            "</h3><p><code>" + values.join(", ") + "</code></p>";
  }
  m_text->setHtml(html);
  m_save->setEnabled(m_tensor && s.dtype != "string");

  // The histogram: a step outline filled below, x in value units, y in element counts.
  QChart* chart = m_chart->chart();
  chart->removeAllSeries();
  for (QAbstractAxis* a : chart->axes()) chart->removeAxis(a);
  m_chart->setVisible(!s.bins.empty());
  if (s.bins.empty()) return;
  auto* upper = new QLineSeries;
  const double lo = s.hist_min;
  const double hi = s.hist_max > s.hist_min ? s.hist_max : s.hist_min + 1;
  const double w = (hi - lo) / static_cast<double>(s.bins.size());
  int64_t peak = 1;
  for (size_t b = 0; b < s.bins.size(); ++b) {
    upper->append(lo + w * b, static_cast<double>(s.bins[b]));
    upper->append(lo + w * (b + 1), static_cast<double>(s.bins[b]));
    peak = std::max(peak, s.bins[b]);
  }
  auto* area = new QAreaSeries(upper);
  area->setColor(QColor(0x1e, 0x88, 0xe5));
  area->setBorderColor(QColor(0x15, 0x65, 0xc0));
  chart->addSeries(area);
  auto* x = new QValueAxis;
  setRoundTicks(x, lo, hi, 5);
  auto* y = new QValueAxis;
  y->setRange(0, static_cast<double>(peak) * 1.05);
  y->setLabelFormat(QStringLiteral("%d"));
  y->setTickCount(4);
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  area->attachAxis(x);
  area->attachAxis(y);
  chart->setTitle(tr("Histogram (%n bin(s))", nullptr, static_cast<int>(s.bins.size())));
  m_chart->restyle();
}

QString TensorPanel::plainText() const { return m_text->toPlainText(); }

int TensorPanel::histogramBins() const {
  return m_chart->chart()->series().isEmpty() ? 0 : static_cast<int>(m_stats.bins.size());
}

bool TensorPanel::saveNpy(const QString& path, QString* error) const {
  if (!m_tensor) {
    *error = tr("there is no tensor to save");
    return false;
  }
  const Status st = api::WriteNpy(*m_tensor, path.toStdString());
  if (!st.ok()) {
    *error = tr("cannot save %1 as %2: %3").arg(m_name, path, QString::fromStdString(st.message()));
    return false;
  }
  return true;
}

void TensorPanel::saveClicked() {
  QString base = m_name;
  base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]")), QStringLiteral("_"));
  const QString path = QFileDialog::getSaveFileName(this, tr("Save Tensor"), base + ".npy",
                                                    tr("NumPy array (*.npy)"));
  if (path.isEmpty()) return;
  QString error;
  if (!saveNpy(path, &error)) QMessageBox::critical(this, tr("Cannot save the tensor"), error);
}

}  // namespace widgets
}  // namespace onnxlens
