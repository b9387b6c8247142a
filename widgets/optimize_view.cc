// The Optimize tab.
#include "widgets/optimize_view.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMutex>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <atomic>

#include "widgets/compare_view.h"
#include "widgets/graph_view.h"
#include "widgets/op_count_model.h"
#include "widgets/pass_stepper.h"
#include "widgets/verify_panel.h"

namespace onnxlens {
namespace widgets {

struct OptimizeView::Job {
  std::atomic<bool> cancel{false};
  std::atomic<int> permille{0};
  QMutex mutex;
  std::string stage;
  std::string path;
  api::OptimizeTraceRequest request;
  Expected<std::shared_ptr<const api::OptimizeTrace>> result =
      Status(StatusCode::kInternal, "not run");
};

OptimizeView::OptimizeView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  auto* bar = new QHBoxLayout;
  bar->setContentsMargins(6, 4, 6, 2);
  bar->addWidget(new QLabel(tr("Format:"), this));
  m_format = new QComboBox(this);
  m_format->addItem(tr("ONNX Runtime (contrib ops)"), QStringLiteral("ort"));
  m_format->addItem(tr("Standard ONNX"), QStringLiteral("standard"));
  m_format->setToolTip(
      tr("ONNX Runtime's fused com.microsoft ops, or only standard ONNX ops "
         "(runs on any runtime)"));
  bar->addWidget(m_format);
  m_stage = new QLabel(this);
  m_progress = new QProgressBar(this);
  m_progress->setRange(0, 1000);
  m_progress->setMaximumWidth(220);
  m_progress->setTextVisible(false);
  m_cancel = new QPushButton(tr("Cancel"), this);
  m_run = new QPushButton(tr("Optimize"), this);
  m_run->setToolTip(tr("Run the optimizer again and record every step"));
  m_run->hide();
  bar->addSpacing(12);
  bar->addWidget(m_run);
  bar->addWidget(m_stage);
  bar->addWidget(m_progress);
  bar->addWidget(m_cancel);
  bar->addStretch();
  m_export = new QPushButton(tr("Export Optimized Model…"), this);
  bar->addWidget(m_export);
  layout->addLayout(bar);

  auto* split = new QSplitter(Qt::Horizontal, this);
  m_compare = new CompareView(split);
  m_panels = new QTabWidget(split);
  m_stepper = new PassStepper(m_panels);
  m_opCounts = new OpCountModel(this);
  auto* proxy = new QSortFilterProxyModel(this);
  proxy->setSourceModel(m_opCounts);
  proxy->setSortRole(OpCountModel::SortRole);
  m_opTable = new QTableView(m_panels);
  m_opTable->setModel(proxy);
  m_opTable->setSortingEnabled(true);
  m_opTable->sortByColumn(OpCountModel::OperatorColumn, Qt::AscendingOrder);
  m_opTable->verticalHeader()->hide();
  m_opTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_opTable->horizontalHeader()->setSectionResizeMode(OpCountModel::OperatorColumn,
                                                      QHeaderView::Stretch);
  m_verify = new VerifyPanel(m_panels);
  m_panels->addTab(m_stepper, tr("Passes"));
  m_panels->addTab(m_opTable, tr("Op Counts"));
  m_panels->addTab(m_verify, tr("Verify"));
  split->addWidget(m_compare);
  split->addWidget(m_panels);
  split->setStretchFactor(0, 1);
  split->setSizes({790, 490});
  layout->addWidget(split, 1);

  m_poll = new QTimer(this);
  m_poll->setInterval(100);
  connect(m_poll, &QTimer::timeout, this, [this] {
    if (!m_job) return;
    m_progress->setValue(m_job->permille.load());
    QMutexLocker lock(&m_job->mutex);
    m_stage->setText(m_job->stage == "optimizing"     ? tr("Optimizing…")
                     : m_job->stage == "snapshotting" ? tr("Recording the steps…")
                                                      : tr("Loading…"));
  });
  connect(&m_watcher, &QFutureWatcher<void>::finished, this, &OptimizeView::onTraceDone);
  connect(m_cancel, &QPushButton::clicked, this, [this] {
    if (m_job) m_job->cancel = true;
  });
  connect(m_export, &QPushButton::clicked, this, &OptimizeView::exportRequested);
  connect(m_run, &QPushButton::clicked, this, [this] { startTrace(m_stepper->disabledPasses()); });
  connect(m_format, QOverload<int>::of(&QComboBox::activated), this,
          [this](int) { startTrace(m_stepper->disabledPasses()); });
  connect(m_compare, &CompareView::sidesChanged, this, &OptimizeView::onSidesChanged);
  connect(m_compare, &CompareView::loadFailed, this,
          [this](const QString& m) { emit errorOccurred(tr("Cannot open model"), m); });
  connect(m_stepper, &PassStepper::stepSelected, this, &OptimizeView::onStepSelected);
  connect(m_stepper, &PassStepper::stepPairRequested, this, [this](int step) {
    m_compare->setStep(CompareView::kLeft, step - 1);
    m_compare->setStep(CompareView::kRight, step);
  });
  connect(m_stepper, &PassStepper::rerunRequested, this, &OptimizeView::rerun);
  connect(m_verify, &VerifyPanel::culpritFound, m_stepper, &PassStepper::setCulprit);
  connect(m_verify, &VerifyPanel::showStepRequested, this, [this](int step) {
    showPanel(PassesPanel);
    m_compare->setStep(CompareView::kLeft, step - 1);
    m_stepper->selectStep(step);
  });
  setBusy(false);
}

OptimizeView::~OptimizeView() {
  if (m_job) m_job->cancel = true;
  m_watcher.waitForFinished();
}

void OptimizeView::setModelPath(const QString& path) {
  if (m_job) m_job->cancel = true;
  m_path = path;
  m_trace.reset();
  m_compare->setTrace(nullptr);
  m_stepper->setTrace(nullptr);
  m_verify->setTrace(nullptr);
  if (isVisible()) ensureTrace();
}

void OptimizeView::ensureTrace() {
  if (!m_trace && !isTracing() && !m_path.isEmpty()) startTrace(m_stepper->disabledPasses());
}

void OptimizeView::rerun(const QStringList& disabled) { startTrace(disabled); }

void OptimizeView::setFormat(const QString& format) {
  const int i = m_format->findData(format);
  if (i < 0 || i == m_format->currentIndex()) return;
  m_format->setCurrentIndex(i);
  if (m_trace || isTracing()) startTrace(m_stepper->disabledPasses());
}

QString OptimizeView::format() const { return m_format->currentData().toString(); }

bool OptimizeView::isTracing() const { return m_watcher.isRunning(); }

void OptimizeView::setBusy(bool busy) {
  m_stage->setVisible(busy);
  m_progress->setVisible(busy);
  m_cancel->setVisible(busy);
  m_export->setEnabled(!busy && !m_path.isEmpty());
  if (busy)
    m_poll->start();
  else
    m_poll->stop();
}

void OptimizeView::startTrace(const QStringList& disabled) {
  if (m_path.isEmpty()) return;
  if (m_job) m_job->cancel = true;
  m_watcher.waitForFinished();
  auto job = std::make_shared<Job>();
  job->path = m_path.toStdString();
  job->request.level = "layout";
  job->request.format = format().toStdString();
  for (const QString& d : disabled) job->request.disabled.push_back(d.toStdString());
  m_job = job;
  m_run->hide();
  setBusy(true);
  m_progress->setValue(0);
  m_watcher.setFuture(QtConcurrent::run([job] {
    job->result =
        api::TraceOptimization(job->path, job->request, [job](double f, const std::string& stage) {
          job->permille = static_cast<int>(f * 1000);
          QMutexLocker lock(&job->mutex);
          job->stage = stage;
          return !job->cancel.load();
        });
  }));
}

void OptimizeView::waitForTrace() {
  m_watcher.waitForFinished();
  QCoreApplication::processEvents();
  m_compare->waitForLayout();
}

void OptimizeView::onTraceDone() {
  const auto job = m_job;
  setBusy(false);
  m_job.reset();
  if (!job) return;
  if (job->path != m_path.toStdString()) {  // another model was opened meanwhile
    if (isVisible()) ensureTrace();
    return;
  }
  if (!job->result.ok()) {
    m_run->show();
    if (job->result.status().code() != StatusCode::kCancelled)
      emit errorOccurred(tr("Cannot optimize the model"),
                         QString::fromStdString(job->result.status().message()));
    return;
  }
  m_trace = *job->result;
  m_stepper->setTrace(m_trace);
  m_verify->setTrace(m_trace);
  m_compare->setTrace(m_trace);
  onSidesChanged();
  emit traceReady();
}

void OptimizeView::onSidesChanged() {
  const auto l = m_compare->snapshot(CompareView::kLeft);
  const auto r = m_compare->snapshot(CompareView::kRight);
  m_verify->setStep(m_compare->step(CompareView::kRight));
  if (!l || !r) return;
  auto label = [this](CompareView::Side side) {
    QString t = m_compare->chooser(side)->currentText();
    const int paren = t.indexOf(QLatin1String(" ("));
    return paren > 0 ? t.left(paren) : t;
  };
  m_opCounts->setTable(api::CompareOpCounts(*l, *r), label(CompareView::kLeft),
                       label(CompareView::kRight));
}

void OptimizeView::onStepSelected(int step) {
  if (!m_trace || step < 1 || step >= static_cast<int>(m_trace->snapshots.size())) return;
  m_compare->setStep(CompareView::kRight, step);
  // Ring what this one step changed (the colours compare with the left side).
  const api::GraphDiff d = api::DiffByProvenance(m_trace->snapshots[step - 1]->graphs[0],
                                                 m_trace->snapshots[step]->graphs[0]);
  std::vector<int> changed;
  for (size_t n = 0; n < d.right.size(); ++n)
    if (d.right[n] != api::DiffState::kUnchanged) changed.push_back(static_cast<int>(n));
  m_compare->markNodes(CompareView::kRight, changed);
}

void OptimizeView::showPanel(Panel panel) { m_panels->setCurrentIndex(panel); }

QString OptimizeView::rightLevel() const {
  const QString d = m_compare->chooser(CompareView::kRight)->currentData().toString();
  if (d.startsWith(QLatin1String("level:"))) return d.mid(6);
  if (d == QLatin1String("step:0")) return QStringLiteral("disabled");
  return QString();
}

void OptimizeView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  ensureTrace();
}

}  // namespace widgets
}  // namespace onnxlens
