// Memory view: the plan's Gantt, the buffers alive at the peak, the planning task.
#include "widgets/memory_view.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "api/memory_plan.h"
#include "common/strings.h"
#include "widgets/locale_text.h"
#include "widgets/op_colors.h"

namespace onnxlens {
namespace widgets {

namespace {

QString Bytes(uint64_t n) { return localeNumberText(FormatBytes(n)); }

constexpr int kTop = 24, kRight = 12;

// Room for the offset labels ("1023.9 KiB") and the axis title.
int LeftMargin(const QFontMetrics& fm) {
  return std::max(fm.horizontalAdvance(QStringLiteral("1023.9 KiB")) + 14,
                  fm.horizontalAdvance(MemoryChart::tr("arena offset")) + 8);
}

}  // namespace

MemoryChart::MemoryChart(QWidget* parent) : QWidget(parent) {
  setMinimumSize(300, 200);
  setAutoFillBackground(true);
}

void MemoryChart::setPlan(std::shared_ptr<const MemoryPlan> plan) {
  m_plan = std::move(plan);
  m_selected = -1;
  update();
}

void MemoryChart::setSelected(int buffer) {
  m_selected = buffer;
  update();
}

QRectF MemoryChart::plotRect() const {
  const int bottom = 2 * fontMetrics().height() + 14;  // step numbers and the axis title
  const int left = LeftMargin(fontMetrics());
  return QRectF(left, kTop, std::max(10, width() - left - kRight),
                std::max(10, height() - kTop - bottom));
}

QRectF MemoryChart::bufferRect(int i) const {
  if (!m_plan || i < 0 || i >= static_cast<int>(m_plan->buffers.size())) return {};
  const QRectF plot = plotRect();
  const double steps = std::max<size_t>(1, m_plan->steps.size());
  const double peak = std::max<uint64_t>(1, m_plan->planned_peak);
  const PlannedBuffer& b = m_plan->buffers[static_cast<size_t>(i)];
  const double x0 = plot.left() + plot.width() * b.first_step / steps;
  const double x1 = plot.left() + plot.width() * (b.last_step + 1) / steps;
  const double y0 = plot.bottom() - plot.height() * static_cast<double>(b.offset + b.size) / peak;
  const double y1 = plot.bottom() - plot.height() * static_cast<double>(b.offset) / peak;
  return QRectF(x0, y0, std::max(1.0, x1 - x0), std::max(1.0, y1 - y0));
}

int MemoryChart::bufferAt(const QPointF& p) const {
  if (!m_plan) return -1;
  int best = -1;
  double best_area = 0;
  for (int i = 0; i < static_cast<int>(m_plan->buffers.size()); ++i) {
    const QRectF r = bufferRect(i);
    if (!r.adjusted(-1, -1, 1, 1).contains(p)) continue;
    const double area = r.width() * r.height();
    if (best < 0 || area < best_area) {
      best = i;
      best_area = area;
    }
  }
  return best;
}

void MemoryChart::paintEvent(QPaintEvent*) {
  QPainter p(this);
  const QPalette pal = palette();
  p.fillRect(rect(), pal.base());
  const QRectF plot = plotRect();
  const QFontMetrics fm(font());
  p.setPen(pal.color(QPalette::Mid));
  p.drawRect(plot);
  if (!m_plan || m_plan->buffers.empty()) return;
  const double steps = std::max<size_t>(1, m_plan->steps.size());
  // Offset ticks (bytes) on the left, step ticks below.
  p.setPen(pal.color(QPalette::WindowText));
  for (int k = 0; k <= 4; ++k) {
    const double y = plot.bottom() - plot.height() * k / 4.0;
    p.drawLine(QPointF(plot.left() - 4, y), QPointF(plot.left(), y));
    const QString label = Bytes(m_plan->planned_peak * static_cast<uint64_t>(k) / 4);
    p.drawText(QRectF(0, y - fm.height() / 2.0, plot.left() - 8, fm.height()),
               Qt::AlignRight | Qt::AlignVCenter, label);
  }
  const int every = std::max(1, static_cast<int>(std::ceil(steps / 10.0)));
  for (int s = 0; s < static_cast<int>(steps); s += every) {
    const double x = plot.left() + plot.width() * (s + 0.5) / steps;
    p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4));
    p.drawText(QRectF(x - 30, plot.bottom() + 4, 60, fm.height()), Qt::AlignHCenter,
               QString::number(s));
  }
  p.drawText(QRectF(plot.left(), plot.bottom() + 6 + fm.height(), plot.width(), fm.height()),
             Qt::AlignHCenter, tr("execution step"));
  p.drawText(QRectF(4, 2, plot.left(), fm.height() + 4), Qt::AlignLeft | Qt::AlignVCenter,
             tr("arena offset"));
  // One rectangle per buffer in its producer's op colour; scratch buffers paler.
  p.setClipRect(plot.adjusted(0, 0, 1, 1));
  for (int i = 0; i < static_cast<int>(m_plan->buffers.size()); ++i) {
    const PlannedBuffer& b = m_plan->buffers[static_cast<size_t>(i)];
    QColor c = opColor(QString::fromStdString(b.producer_op));
    if (b.tensor.empty()) c.setAlpha(110);
    const QRectF r = bufferRect(i);
    p.fillRect(r, c);
    if (r.width() > 4 && r.height() > 4) {
      p.setPen(QPen(c.darker(150), 1));
      p.drawRect(r);
    }
  }
  // The peak step.
  if (m_plan->peak_step >= 0) {
    const double x = plot.left() + plot.width() * (m_plan->peak_step + 0.5) / steps;
    p.setPen(QPen(QColor(0xe5, 0x39, 0x35), 2, Qt::DashLine));
    p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    p.setClipping(false);
    const QString label =
        tr("live peak: %1 at step %2").arg(Bytes(m_plan->peak_live)).arg(m_plan->peak_step);
    // Beside the line, on the side with room.
    const double w = fm.horizontalAdvance(label) + 8;
    const double lx = x + w + 4 <= plot.right() ? x + 4 : std::max(plot.left(), x - w - 4);
    p.setPen(QColor(0xe5, 0x39, 0x35));
    p.drawText(QRectF(lx, 2, w, fm.height() + 4), Qt::AlignCenter, label);
    p.setClipRect(plot.adjusted(0, 0, 1, 1));
  }
  if (m_selected >= 0) {
    p.setPen(QPen(QColor(0x1e, 0x88, 0xe5), 3));
    p.drawRect(bufferRect(m_selected).adjusted(-1, -1, 1, 1));
  }
}

void MemoryChart::mousePressEvent(QMouseEvent* event) {
  const int b = bufferAt(event->pos());
  if (b >= 0) emit bufferClicked(b);
}

void MemoryChart::mouseDoubleClickEvent(QMouseEvent* event) {
  const int b = bufferAt(event->pos());
  if (b >= 0) emit bufferActivated(b);
}

MemoryView::MemoryView(QWidget* parent)
    : QWidget(parent), m_task(new BackgroundTask<MemoryPlan>(this)) {
  auto* layout = new QVBoxLayout(this);
  auto* top = new QHBoxLayout;
  m_summary = new QLabel(this);
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_replan = new QPushButton(tr("Plan Again"), this);
  m_replan->setToolTip(tr("Run the model once more on random inputs and plan its memory"));
  top->addWidget(m_summary, 1);
  top->addWidget(m_replan);
  layout->addLayout(top);
  auto* split = new QSplitter(Qt::Horizontal, this);
  m_chart = new MemoryChart(split);
  auto* side = new QWidget(split);
  auto* sideLayout = new QVBoxLayout(side);
  sideLayout->setContentsMargins(0, 0, 0, 0);
  sideLayout->addWidget(new QLabel(tr("Alive at the peak"), side));
  m_alive = new QTreeWidget(side);
  m_alive->setHeaderLabels({tr("Tensor"), tr("Producer"), tr("Size")});
  m_alive->setRootIsDecorated(false);
  m_alive->setUniformRowHeights(true);
  m_alive->header()->setStretchLastSection(false);
  m_alive->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  m_alive->header()->setSectionResizeMode(1, QHeaderView::Interactive);
  m_alive->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
  sideLayout->addWidget(m_alive, 1);
  split->addWidget(m_chart);
  split->addWidget(side);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  split->setSizes({860, 400});
  m_alive->header()->resizeSection(1, 140);
  layout->addWidget(split, 1);
  m_detail = new QLabel(this);
  m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_detail);
  m_summary->setText(tr("Open a model to see its memory plan."));
  m_replan->setEnabled(false);

  connect(m_replan, &QPushButton::clicked, this, [this] {
    m_plan.reset();
    ensurePlan();
  });
  connect(m_chart, &MemoryChart::bufferClicked, this, &MemoryView::selectBuffer);
  connect(m_chart, &MemoryChart::bufferActivated, this, [this](int b) {
    selectBuffer(b);
    emit showInGraphRequested();
  });
  connect(m_alive, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (item) selectBuffer(item->data(0, Qt::UserRole).toInt());
  });
  connect(m_alive, &QTreeWidget::itemDoubleClicked, this, [this] { emit showInGraphRequested(); });
  m_task->onFinished([this](Expected<MemoryPlan> plan) {
    m_replan->setEnabled(!m_path.isEmpty());
    if (!plan.ok()) {
      m_summary->setText(
          tr("No memory plan: %1").arg(QString::fromStdString(plan.status().message())));
      emit errorOccurred(tr("Memory plan failed"), QString::fromStdString(plan.status().message()));
      return;
    }
    showPlan(std::make_shared<const MemoryPlan>(std::move(plan).value()));
  });
}

void MemoryView::setModelPath(const QString& path) {
  m_task->drop();
  m_path = path;
  showPlan(nullptr);
  m_summary->setText(path.isEmpty() ? tr("Open a model to see its memory plan.")
                                    : tr("The memory plan is made when this tab is shown."));
  m_replan->setEnabled(!path.isEmpty());
}

void MemoryView::ensurePlan() {
  if (m_path.isEmpty() || m_plan || m_task->isRunning()) return;
  m_summary->setText(tr("Planning: one run on random inputs…"));
  m_replan->setEnabled(false);
  const std::string path = m_path.toStdString();
  m_task->start([path](const JobControl& job) {
    return api::PlanModelMemory(path, api::MemoryPlanOptions{}, job);
  });
}

void MemoryView::waitForPlan() {
  if (m_task->isRunning()) m_task->waitForFinished();
}

namespace {
// "input_ids:1x128;mask:1x128" as "input_ids 1×128, mask 1×128".
QString signatureText(const std::string& signature) {
  QStringList parts;
  for (const QString& s :
       QString::fromStdString(signature).split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
    const int colon = s.lastIndexOf(QLatin1Char(':'));
    if (colon < 0) {
      parts << s;
      continue;
    }
    QString shape = s.mid(colon + 1);
    parts << s.left(colon) + QLatin1Char(' ') + shape.replace(QLatin1Char('x'), QChar(0x00d7));
  }
  return parts.join(QStringLiteral(", "));
}
}  // namespace

void MemoryView::showPlan(std::shared_ptr<const MemoryPlan> plan) {
  m_plan = std::move(plan);
  m_chart->setPlan(m_plan);
  m_alive->clear();
  m_detail->clear();
  if (!m_plan) return;
  const MemoryPlan& p = *m_plan;
  const double saved =
      p.naive_sum ? 100.0 * (1.0 - static_cast<double>(p.planned_peak) / p.naive_sum) : 0.0;
  const QString at = p.peak_step >= 0 && static_cast<size_t>(p.peak_step) < p.steps.size()
                         ? QString::fromStdString(p.steps[static_cast<size_t>(p.peak_step)])
                         : QString();
  // Two peaks, each named: the arena the planner lays out (what the run allocates) and the bytes
  // alive at the busiest step (the chart's dashed line); the gap is fragmentation.
  const api::MemoryPlanOptions options;
  m_summary->setText(
      tr("Arena %1 (naive sum %2: %3% saved) · live peak %4 at step %5 (%6) · weights %7 · "
         "outputs %8 · %n buffer(s), %9 written in place",
         nullptr, static_cast<int>(p.buffers.size()))
          .arg(Bytes(p.planned_peak), Bytes(p.naive_sum))
          .arg(saved, 0, 'f', 0)
          .arg(Bytes(p.peak_live))
          .arg(p.peak_step)
          .arg(at, Bytes(p.weights_bytes), Bytes(p.outputs_bytes))
          .arg(p.in_place) +
      QStringLiteral("\n") +
      tr("For inputs %1 (random), level %2, %n thread(s)", nullptr, options.threads)
          .arg(signatureText(p.signature), QString::fromStdString(options.level)));
  for (int i : BuffersAliveAt(p, p.peak_step)) {
    const PlannedBuffer& b = p.buffers[static_cast<size_t>(i)];
    auto* item = new QTreeWidgetItem(m_alive);
    item->setText(0, b.tensor.empty() ? tr("(scratch)") : QString::fromStdString(b.tensor));
    item->setText(1, QString::fromStdString(b.producer));
    item->setText(2, Bytes(b.size));
    item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
    item->setData(0, Qt::UserRole, i);
    item->setToolTip(0, describe(i));
  }
}

QString MemoryView::summaryText() const { return m_summary->text(); }

QString MemoryView::describe(int i) const {
  if (!m_plan || i < 0 || i >= static_cast<int>(m_plan->buffers.size())) return {};
  const PlannedBuffer& b = m_plan->buffers[static_cast<size_t>(i)];
  QString text = tr("%1 — made by %2 (%3) · %4 at offset %5 · alive in steps %6–%7")
                     .arg(b.tensor.empty() ? tr("(scratch)") : QString::fromStdString(b.tensor),
                          QString::fromStdString(b.producer), QString::fromStdString(b.producer_op),
                          Bytes(b.size))
                     .arg(b.offset)
                     .arg(b.first_step)
                     .arg(b.last_step);
  if (b.in_place_of >= 0) text += tr(" · written in place over its input");
  return text;
}

void MemoryView::selectBuffer(int i) {
  if (!m_plan || i < 0 || i >= static_cast<int>(m_plan->buffers.size())) return;
  m_chart->setSelected(i);
  m_detail->setText(describe(i));
  for (int r = 0; r < m_alive->topLevelItemCount(); ++r) {
    QTreeWidgetItem* item = m_alive->topLevelItem(r);
    if (item->data(0, Qt::UserRole).toInt() == i && m_alive->currentItem() != item) {
      QSignalBlocker block(m_alive);
      m_alive->setCurrentItem(item);
    }
  }
  emit nodeSelected(QString::fromStdString(m_plan->buffers[static_cast<size_t>(i)].producer));
}

}  // namespace widgets
}  // namespace onnxlens
