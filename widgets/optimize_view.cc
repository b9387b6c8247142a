// The Optimize tab.
#include "widgets/optimize_view.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "widgets/compare_view.h"
#include "widgets/document.h"
#include "widgets/graph_view.h"
#include "widgets/node_sidebar.h"
#include "widgets/op_count_model.h"
#include "widgets/pass_stepper.h"
#include "widgets/provider_coloring.h"
#include "widgets/stage_text.h"
#include "widgets/verify_panel.h"

namespace onnxlens {
namespace widgets {

OptimizeView::OptimizeView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  auto* bar = new QHBoxLayout;
  bar->setContentsMargins(6, 4, 6, 2);
  bar->addWidget(new QLabel(tr("Format:"), this));
  m_format = new QComboBox(this);
  // The same words as the Export Optimized Model dialog's format chooser.
  m_format->addItem(tr("ONNX Runtime (com.microsoft fused ops)"), QStringLiteral("ort"));
  m_format->addItem(tr("Standard ONNX (any runtime)"), QStringLiteral("standard"));
  // Its longest (German) entry would widen the window beyond 1280 px: the list shows it whole.
  m_format->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_format->setMinimumContentsLength(26);
  m_format->setToolTip(
      tr("ONNX Runtime's fused com.microsoft ops, or only standard ONNX ops "
         "(runs on any runtime)"));
  bar->addWidget(m_format);
  m_stage = new QLabel(this);
  // Room for "Optimizing… 100/100"; a longer stage or detail (a pass name) is cut, never widening
  // the window (German at 1280 px grew it to 1286 while a trace ran). The tooltip has it whole.
  m_stage->setMinimumWidth(StageText::widest(m_stage->fontMetrics(), {Stage::kOptimizing}));
  m_stage->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
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
  // The right column: the panels above the node selected in either pane (a fused node's
  // activation, attributes and inputs by name).
  auto* column = new QSplitter(Qt::Vertical, split);
  column->addWidget(m_panels);
  m_sidebar = new NodeSidebar(column);
  column->addWidget(m_sidebar);
  column->setStretchFactor(0, 3);
  column->setStretchFactor(1, 2);
  column->setSizes({430, 270});
  split->addWidget(m_compare);
  split->addWidget(column);
  split->setStretchFactor(0, 1);
  // At 1280 px the pass names and the step's details fit beside two readable panes.
  split->setSizes({720, 560});
  layout->addWidget(split, 1);

  m_task = new BackgroundTask<std::shared_ptr<const api::OptimizeTrace>>(this);
  connect(m_task, &BackgroundTaskBase::progress, this, [this](const Progress& p) {
    m_progress->setValue(static_cast<int>(p.fraction * 1000));
    m_stage->setText(progressText(p));
    m_stage->setToolTip(m_stage->text());
  });
  m_task->onFinished(
      [this](Expected<std::shared_ptr<const api::OptimizeTrace>> r) { onTraceDone(std::move(r)); });
  connect(m_task, &BackgroundTaskBase::cancelled, this, [this] {
    setBusy(false);
    m_run->show();
  });
  connect(m_cancel, &QPushButton::clicked, m_task, &BackgroundTaskBase::cancel);
  connect(m_export, &QPushButton::clicked, this, &OptimizeView::exportRequested);
  connect(m_run, &QPushButton::clicked, this, [this] { startTrace(m_stepper->disabledPasses()); });
  connect(m_format, QOverload<int>::of(&QComboBox::activated), this,
          [this](int) { startTrace(m_stepper->disabledPasses()); });
  connect(m_compare, &CompareView::sidesChanged, this, &OptimizeView::onSidesChanged);
  connect(m_compare, &CompareView::loadFailed, this,
          [this](const QString& m) { emit errorOccurred(tr("Cannot open model"), m); });
  connect(m_stepper, &PassStepper::stepSelected, this, &OptimizeView::onStepSelected);
  connect(m_compare, &CompareView::nodeSelected, this, [this](CompareView::Side side, int item) {
    GraphView* v = m_compare->view(side);
    m_sidebar->setPlacementLookup(
        [this, side](int64_t id) { return m_compare->providerColoring(side)->placement(id); });
    m_sidebar->showItem(v->snapshot(), v->model(), item);
    m_sidebarSide = side;
  });
  // "Select all FusedConv nodes" rings every node of that op type in the pane it came from.
  connect(m_sidebar, &NodeSidebar::findRequested, this, [this](const QString& query) {
    const auto side = static_cast<CompareView::Side>(m_sidebarSide);
    const auto snap = m_compare->snapshot(side);
    if (!snap) return;
    const std::string op = QString(query).remove(QLatin1Char('"')).toStdString();
    std::vector<int> nodes;
    for (size_t n = 0; n < snap->graphs[0].nodes.size(); ++n)
      if (snap->graphs[0].nodes[n].op_type == op) nodes.push_back(static_cast<int>(n));
    m_compare->markNodes(side, nodes);
  });
  connect(m_compare, &CompareView::sidesChanged, this, [this] {
    // A new pair: the node shown may be gone; show the properties of the right side's model.
    const auto snap = m_compare->snapshot(CompareView::kRight);
    m_sidebar->showItem(snap, m_compare->view(CompareView::kRight)->model(), -1);
  });
  connect(m_stepper, &PassStepper::stepPairRequested, this,
          [this](int step) { m_compare->setSteps(step - 1, step); });
  connect(m_stepper, &PassStepper::rerunRequested, this, &OptimizeView::rerun);
  connect(m_verify, &VerifyPanel::culpritFound, m_stepper, &PassStepper::setCulprit);
  connect(m_verify, &VerifyPanel::showStepRequested, this, [this](int step) {
    showPanel(PassesPanel);
    m_stepper->setAgainstOriginal(false);  // the culprit pass alone: before and after it
    m_compare->setStep(CompareView::kLeft, step - 1);
    m_stepper->selectStep(step);
  });
  setBusy(false);
}

OptimizeView::~OptimizeView() = default;

void OptimizeView::setModelPath(const QString& path) {
  m_task->cancel();
  m_run->hide();
  m_path = path;
  m_trace.reset();
  m_compare->setTrace(nullptr);
  m_stepper->setTrace(nullptr);
  m_verify->setTrace(nullptr);
  if (isVisible()) ensureTrace();
}

void OptimizeView::setProviderColoring(bool on) { m_compare->setProviderColoring(on); }

void OptimizeView::setDocument(Document* document) {
  if (m_doc) disconnect(m_doc, nullptr, this, nullptr);
  m_doc = document;
  m_compare->setPartitionCache(m_doc->partitions());
  connect(m_doc, &Document::modelChanged, this, [this] { setModelPath(m_doc->path()); });
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

bool OptimizeView::isTracing() const { return m_task->isRunning(); }

void OptimizeView::setBusy(bool busy) {
  m_stage->setVisible(busy);
  m_progress->setVisible(busy);
  m_cancel->setVisible(busy);
  m_export->setEnabled(!busy && !m_path.isEmpty());
}

void OptimizeView::startTrace(const QStringList& disabled) {
  if (m_path.isEmpty()) return;
  const std::string path = m_path.toStdString();
  api::OptimizeTraceRequest request;
  request.level = "layout";
  request.format = format().toStdString();
  for (const QString& d : disabled) request.disabled.push_back(d.toStdString());
  m_run->hide();
  setBusy(true);
  m_progress->setValue(0);
  m_stage->setText(stageText(Stage::kReadingFile));
  m_task->start([path, request](const JobControl& job) {
    return api::TraceOptimization(path, request, job);
  });
}

void OptimizeView::waitForTrace() {
  m_task->waitForFinished();
  QCoreApplication::processEvents();
  m_compare->waitForLayout();
}

void OptimizeView::onTraceDone(Expected<std::shared_ptr<const api::OptimizeTrace>> result) {
  setBusy(false);
  if (!result.ok()) {
    m_run->show();
    emit errorOccurred(tr("Cannot optimize the model"),
                       QString::fromStdString(result.status().message()));
    return;
  }
  m_trace = *result;
  m_stepper->setTrace(m_trace);
  m_verify->setTrace(m_trace);
  m_compare->setTrace(m_trace);
  onSidesChanged();
  if (m_doc) m_doc->setOptimizeTrace(m_trace);
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
  // A step shows that pass's own change first (the graph before it on the left), or, when asked,
  // everything up to it against the original.
  const int left = m_stepper->againstOriginal() ? 0 : step - 1;
  m_compare->setSteps(left, step);
  // Ring what this one step changed (the colours compare with the left side): the panes' own
  // diff when the left side is the step before (made off the UI thread for a big graph).
  if (left == step - 1) {
    m_compare->whenDiffReady(this, [this, step] {
      if (m_compare->step(CompareView::kLeft) != step - 1 ||
          m_compare->step(CompareView::kRight) != step)
        return;  // another step chosen meanwhile
      markChanged(m_compare->diff());
    });
    return;
  }
  markChanged(api::DiffByProvenance(m_trace->snapshots[step - 1]->graphs[0],
                                    m_trace->snapshots[step]->graphs[0]));
}

void OptimizeView::markChanged(const api::GraphDiff& d) {
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
