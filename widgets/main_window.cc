// Main window: the tabs, the document wiring, opening and reloading files, the status bar.
// Menus: main_window_menus.cc; graph colourings: main_window_coloring.cc; Quantize tab:
// main_window_quantize.cc; Help dialogs: main_window_help.cc.
#include "widgets/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>
#include <functional>

#include "widgets/breadcrumb_bar.h"
#include "widgets/compare_view.h"
#include "widgets/document.h"
#include "widgets/export_model_dialog.h"
#include "widgets/find_bar.h"
#include "widgets/graph_view.h"
#include "widgets/memory_view.h"
#include "widgets/model_loader.h"
#include "widgets/model_summary_panel.h"
#include "widgets/node_sidebar.h"
#include "widgets/op_colors.h"
#include "widgets/optimize_view.h"
#include "widgets/pass_stepper.h"
#include "widgets/preferences_dialog.h"
#include "widgets/profile_view.h"
#include "widgets/provider_coloring.h"
#include "widgets/provider_legend.h"
#include "widgets/quantize_coloring.h"
#include "widgets/quantize_view.h"
#include "widgets/recent_files.h"
#include "widgets/stage_text.h"
#include "widgets/text_input.h"
#include "widgets/timeline_widget.h"

namespace onnxlens {
namespace widgets {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  // Every tab loads the opened model again (trace, partition, profile, quantization): they get
  // clones of the first load while the file is unchanged.
  api::SetModelLoadCache(true);
  setWindowTitle(QStringLiteral("onnxlens"));
  setAcceptDrops(true);
  resize(1200, 800);
  m_presentError = [this](const QString& title, const QString& message) {
    QMessageBox::critical(this, title, message);
  };
  m_ask = [this](const QString& title, const QString& text) {
    return QMessageBox::question(this, title, text) == QMessageBox::Yes;
  };

  m_loader = new ModelLoader(this);
  m_doc = new Document(this);
  m_stack = new QStackedWidget(this);
  auto* tabs = new QTabWidget(m_stack);
  tabs->setDocumentMode(true);
  auto* graphPane = new QSplitter(Qt::Horizontal, tabs);
  auto* graphColumn = new QWidget(graphPane);
  auto* graphLayout = new QVBoxLayout(graphColumn);
  graphLayout->setContentsMargins(0, 0, 0, 0);
  graphLayout->setSpacing(0);
  m_graph = new GraphView(graphColumn);
  m_find = new FindBar(m_graph, graphColumn);
  m_breadcrumb = new BreadcrumbBar(graphColumn);
  m_heatLegend = new QLabel(graphColumn);
  m_heatLegend->setTextFormat(Qt::RichText);
  m_heatLegend->setContentsMargins(6, 2, 6, 2);
  m_heatLegend->hide();
  m_providerLegend = new ProviderLegend(graphColumn);
  m_sqnrLegend = new QLabel(graphColumn);
  m_sqnrLegend->setTextFormat(Qt::RichText);
  m_sqnrLegend->setWordWrap(true);  // a long legend (German) wraps, never widening the window
  m_sqnrLegend->setContentsMargins(6, 2, 6, 2);
  m_sqnrLegend->hide();
  graphLayout->addWidget(m_breadcrumb);
  graphLayout->addWidget(m_heatLegend);
  graphLayout->addWidget(m_sqnrLegend);
  graphLayout->addWidget(m_providerLegend);
  graphLayout->addWidget(m_find);
  graphLayout->addWidget(m_graph, 1);
  m_sidebar = new NodeSidebar(graphPane);
  m_providers = new ProviderColoring(m_graph, m_providerLegend, this);
  m_providers->setCache(m_doc->partitions());
  m_sidebar->setPlacementLookup([this](int64_t id) { return m_providers->placement(id); });
  graphPane->addWidget(graphColumn);
  graphPane->addWidget(m_sidebar);
  graphPane->setStretchFactor(0, 1);
  graphPane->setSizes({900, 360});
  m_summary = new ModelSummaryPanel(tabs);
  m_optimize = new OptimizeView(tabs);
  m_profile = new ProfileView(tabs);
  m_quantize = new QuantizeView(tabs);
  m_sqnr = new QuantizeColoring(m_graph, m_sqnrLegend, m_doc, this);
  tabs->addTab(graphPane, tr("Graph"));
  tabs->addTab(m_optimize, tr("Optimize"));
  tabs->addTab(m_profile, tr("Profile"));
  tabs->addTab(m_quantize, tr("Quantize"));
  m_memory = new MemoryView(tabs);
  tabs->addTab(m_memory, tr("Memory"));
  tabs->addTab(m_summary, tr("Summary"));
  // The plan costs a run of the model: made when the tab is first shown for a model.
  connect(tabs, &QTabWidget::currentChanged, this, [this] {
    if (m_tabs && m_tabs->currentWidget() == m_memory) m_memory->ensurePlan();
    updateCounts();  // the status bar speaks of the tab shown
  });
  connect(m_memory, &MemoryView::nodeSelected, this,
          [this](const QString& label) { m_doc->select(label, {}, m_memory); });
  connect(m_memory, &MemoryView::showInGraphRequested, this,
          [this] { showView(QStringLiteral("graph")); });
  connect(m_summary, &ModelSummaryPanel::opTypeActivated, this, &MainWindow::selectOpType);
  m_document = tabs;
  m_tabs = tabs;
  createActions();
  createViewMenu();
  m_stack->addWidget(m_welcome);
  m_stack->addWidget(m_document);
  setCentralWidget(m_stack);

  m_stage = new QLabel(this);
  // Room for each loading stage; a long detail (the file's name) is cut, never widening the
  // window. The tooltip has it whole.
  m_stage->setMinimumWidth(StageText::widest(
      m_stage->fontMetrics(),
      {Stage::kReadingFile, Stage::kParsing, Stage::kChecking, Stage::kInferringShapes,
       Stage::kBuildingGraph, Stage::kDescribing, Stage::kLayingOut}));
  m_stage->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  m_progress = new QProgressBar(this);
  m_progress->setRange(0, 100);
  m_progress->setMaximumWidth(220);
  m_cancel = new QPushButton(tr("Cancel"), this);
  m_zoomLabel = new QLabel(this);
  m_countLabel = new QLabel(this);
  m_countLabel->setContentsMargins(8, 0, 8, 0);
  m_zoomLabel->setContentsMargins(8, 0, 8, 0);
  statusBar()->addPermanentWidget(m_countLabel);
  statusBar()->addPermanentWidget(m_zoomLabel);
  statusBar()->addPermanentWidget(m_stage);
  statusBar()->addPermanentWidget(m_progress);
  statusBar()->addPermanentWidget(m_cancel);
  setBusy(false);
  statusBar()->showMessage(tr("Ready"));

  connect(m_cancel, &QPushButton::clicked, m_loader, &ModelLoader::cancel);
  connect(m_cancel, &QPushButton::clicked, m_graph, &GraphView::cancelLayout);
  connect(m_graph, &GraphView::layoutStarted, this, [this] {
    setBusy(true);
    m_progress->setRange(0, 0);
    m_stage->setText(stageText(Stage::kLayingOut));
  });
  connect(m_graph, &GraphView::layoutProgress, this, &MainWindow::showProgress);
  auto layoutEnded = [this] {
    setBusy(false);
    m_progress->setRange(0, 100);
  };
  connect(m_graph, &GraphView::layoutFinished, this, layoutEnded);
  connect(m_graph, &GraphView::layoutCancelled, this, layoutEnded);
  connect(m_graph, &GraphView::modelRebuilt, this, &MainWindow::applyHeat);
  connect(m_graph, &GraphView::layoutFailed, this, [this, layoutEnded](const QString& message) {
    layoutEnded();
    m_presentError(tr("Cannot lay out the graph"), message);
  });
  connect(m_graph, &GraphView::itemSelected, this, [this](int item) {
    m_sidebar->showItem(m_graph->snapshot(), m_graph->model(), item);
    // A weight found by name: its own page, once the node reading it is selected.
    if (m_pendingTensor >= 0) m_sidebar->showTensor(m_graph->graphIndex(), m_pendingTensor);
    m_pendingTensor = -1;
  });
  connect(m_find, &FindBar::tensorRequested, this, [this](int value) { m_pendingTensor = value; });
  connect(m_graph, &GraphView::graphRequested, this, &MainWindow::openGraph);
  connect(m_graph, &GraphView::edgeSelected, m_sidebar, &NodeSidebar::showValue);
  // Several nodes selected (a fused kernel's origins, "select all"): their page, not the model's.
  connect(m_graph, &GraphView::linkedShown, this, [this](const std::vector<int>& items) {
    m_sidebar->showNodes(m_graph->snapshot(), m_graph->model(), items);
  });
  connect(m_sidebar, &NodeSidebar::nodeRequested, m_graph, &GraphView::revealItem);
  connect(m_breadcrumb, &BreadcrumbBar::graphRequested, this, &MainWindow::openGraph);
  connect(m_sidebar, &NodeSidebar::openGraphRequested, this, &MainWindow::openGraph);
  connect(m_sidebar, &NodeSidebar::findRequested, this, [this](const QString& query) {
    m_find->activate();
    m_find->setQuery(query);
  });
  connect(m_graph, &GraphView::zoomChanged, this, &MainWindow::showZoom);
  for (auto side : {CompareView::kLeft, CompareView::kRight})
    connect(m_optimize->compare()->view(side), &GraphView::zoomChanged, this,
            &MainWindow::showZoom);
  connect(m_loader, &ModelLoader::progress, this, &MainWindow::showProgress);
  connect(m_optimize, &OptimizeView::errorOccurred, this,
          [this](const QString& title, const QString& message) { m_presentError(title, message); });
  connect(m_optimize, &OptimizeView::exportRequested, this, &MainWindow::showExportModelDialog);
  connect(m_profile, &ProfileView::errorOccurred, this,
          [this](const QString& title, const QString& message) { m_presentError(title, message); });
  // The node page's Profile section, and its way back to the timeline.
  m_sidebar->setProfileFacts([this](const QString& label) { return m_profile->nodeFacts(label); });
  connect(m_sidebar, &NodeSidebar::timelineRequested, this, [this](const QString& label) {
    showView(QStringLiteral("timeline"));
    m_doc->select(label, {}, m_sidebar);
  });
  connect(m_profile, &ProfileView::showInGraphRequested, this,
          [this] { showView(QStringLiteral("graph")); });
  connect(m_profile, &ProfileView::statusMessage, this,
          [this](const QString& m) { statusBar()->showMessage(m, 5000); });
  connectDocument();
  connectQuantize();
  connect(m_loader, &ModelLoader::loaded, this, &MainWindow::onLoaded);
  connect(m_loader, &ModelLoader::failed, this, &MainWindow::onFailed);
  connect(m_loader, &ModelLoader::cancelled, this, [this](const QString& path) {
    setBusy(false);
    statusBar()->showMessage(tr("Loading %1 cancelled").arg(QFileInfo(path).fileName()), 5000);
  });
}

MainWindow::~MainWindow() = default;

void MainWindow::connectDocument() {
  m_profile->setDocument(m_doc);
  m_optimize->setDocument(m_doc);
  connect(m_doc, &Document::currentRunChanged, this, [this] {
    if (m_heat) applyHeat();
    refreshSidebar();  // the node page's Profile section follows the run shown
  });
  // The node page's Execution Provider section follows the partition painted.
  connect(m_providers, &ProviderColoring::changed, this, &MainWindow::refreshSidebar);
  // One provider order for every coloured view: the Graph tab's and both Optimize panes'.
  ProviderColoring* colorings[] = {m_providers,
                                   m_optimize->compare()->providerColoring(CompareView::kLeft),
                                   m_optimize->compare()->providerColoring(CompareView::kRight)};
  for (ProviderColoring* from : colorings) {
    connect(from, &ProviderColoring::providersChanged, this, [colorings](const QStringList& order) {
      for (ProviderColoring* to : colorings) to->setProviders(order);
    });
  }
  connect(m_providers, &ProviderColoring::failed, this, [this](const QString& message) {
    m_presentError(tr("Cannot colour the graph by execution provider"), message);
  });
  // The graph publishes the node selected; it follows what the other views select (a kernel
  // slice selects its node, or a fused kernel's origins).
  connect(m_graph, &GraphView::itemSelected, this, [this](int item) {
    if (item < 0 || !m_graph->snapshot()) return;
    const auto& it = m_graph->model().items[item];
    if (it.kind != api::ViewItemKind::kNode) return;
    m_doc->select(traceLabel(m_graph->snapshot()->graphs[m_graph->graphIndex()].nodes[it.index]),
                  {}, m_graph);
  });
  connect(m_doc, &Document::selectionChanged, this,
          [this](const QString& node, const QStringList& origins, QObject* source) {
            if (source != m_graph && source != m_sidebar && !node.isEmpty())
              selectProfiledNode(node, origins);
          });
}

void MainWindow::refreshSidebar() {
  // A tensor page stays; a node page is shown again with what changed.
  if (m_graph->snapshot() && m_graph->selectedItem() >= 0 && !m_sidebar->isShowingTensor())
    m_sidebar->showItem(m_graph->snapshot(), m_graph->model(), m_graph->selectedItem());
}

void MainWindow::showOpenDialog() {
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open Model"), m_path.isEmpty() ? QString() : QFileInfo(m_path).absolutePath(),
      tr("ONNX models (*.onnx);;All files (*)"));
  if (!path.isEmpty()) openFile(path);
}

void MainWindow::showExportDialog() {
  const QString base =
      m_path.isEmpty() ? QStringLiteral("graph") : QFileInfo(m_path).completeBaseName();
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export Graph"), QFileInfo(m_path).absolutePath() + "/" + base + ".png",
      tr("PNG image (*.png);;SVG drawing (*.svg)"));
  if (path.isEmpty()) return;
  QString error;
  if (!m_graph->exportImage(path, &error)) {
    m_presentError(tr("Cannot export the graph"), error);
    return;
  }
  statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 5000);
}

QString MainWindow::currentView() const {
  if (m_tabs->currentWidget() == m_profile) return QStringLiteral("timeline");
  if (m_tabs->currentWidget() == m_optimize) return QStringLiteral("optimize");
  if (m_tabs->currentWidget() == m_summary) return QStringLiteral("summary");
  if (m_tabs->currentWidget() == m_quantize) return QStringLiteral("quant");
  if (m_tabs->currentWidget() == m_memory) return QStringLiteral("memory");
  return QStringLiteral("graph");
}

bool MainWindow::showView(const QString& name) {
  if (name == QLatin1String("graph")) {
    m_tabs->setCurrentIndex(0);
  } else if (name == QLatin1String("optimize") || name == QLatin1String("compare") ||
             name == QLatin1String("steps")) {
    m_tabs->setCurrentWidget(m_optimize);
    m_optimize->ensureTrace();
    m_optimize->showPanel(OptimizeView::PassesPanel);
  } else if (name == QLatin1String("providers")) {
    m_tabs->setCurrentIndex(0);
    setProviderColoring(true);
  } else if (name == QLatin1String("heat")) {
    m_tabs->setCurrentIndex(0);
    setHeat(true);
  } else if (name == QLatin1String("timeline")) {
    m_stack->setCurrentWidget(m_document);  // a trace file needs no model
    m_tabs->setCurrentWidget(m_profile);
  } else if (name == QLatin1String("summary")) {
    m_tabs->setCurrentWidget(m_summary);
  } else if (name == QLatin1String("quant") || name == QLatin1String("quantize")) {
    m_tabs->setCurrentWidget(m_quantize);
  } else if (name == QLatin1String("memory")) {
    m_tabs->setCurrentWidget(m_memory);
    m_memory->ensurePlan();
  } else {
    return false;
  }
  return true;
}

void MainWindow::showExportModelDialog() {
  if (m_path.isEmpty()) return;
  ExportModelDialog dialog(m_path, this);
  const QString level = m_optimize->rightLevel();
  if (!level.isEmpty()) dialog.setLevel(level);
  dialog.setFormat(m_optimize->format());
  if (dialog.exec() != QDialog::Accepted) return;
  const QString written = dialog.exportedPath();
  statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(written).fileName()), 5000);
  if (m_ask(tr("Model Exported"), tr("Wrote %1. Open it?").arg(QDir::toNativeSeparators(written))))
    openFile(written);
}

void MainWindow::openFile(const QString& path) {
  setBusy(true);
  m_progress->setValue(0);
  m_stage->setText(stageText(Stage::kReadingFile));
  statusBar()->showMessage(tr("Loading %1…").arg(QFileInfo(path).fileName()));
  m_loader->load(path);
}

void MainWindow::reload() {
  if (!m_path.isEmpty()) openFile(m_path);
}

void MainWindow::waitForLoad() {
  if (m_loader->isRunning()) m_loader->waitForFinished();
  QCoreApplication::processEvents();
  m_graph->waitForLayout();
}

void MainWindow::onLoaded(const QString& path, std::shared_ptr<const api::ModelInfo> info) {
  setBusy(false);
  m_path = path;
  m_reloadAction->setEnabled(true);
  m_exportAction->setEnabled(true);
  m_exportModelAction->setEnabled(true);
  m_exportReportAction->setEnabled(true);
  if (m_recordRecent) RecentFiles::add(path);
  m_doc->setModel(path, info);
  m_summary->setModelInfo(info);
  m_memory->setModelPath(path);
  if (m_tabs->currentWidget() == m_memory) m_memory->ensurePlan();
  m_stack->setCurrentWidget(m_document);
  if (info->snapshot) openGraph(0);
  updateProviderSource();
  // Several corpora name every file model.onnx: when another recent file has this name, the
  // title names the folder too.
  const QFileInfo file(path);
  bool collides = false;
  for (const QString& other : RecentFiles::list())
    collides = collides || (QFileInfo(other).fileName() == file.fileName() &&
                            QFileInfo(other).absoluteFilePath() != file.absoluteFilePath());
  setWindowTitle(collides ? tr("%1 (%2) — onnxlens").arg(file.fileName(), file.dir().dirName())
                          : tr("%1 — onnxlens").arg(file.fileName()));
  const int warnings = static_cast<int>(info->warnings.size());
  if (warnings > 0) {
    // The warnings themselves are on the Summary tab; the Graph tab only says there are some.
    statusBar()->showMessage(tr("Opened %1 with %n warning(s): see the Summary tab", "", warnings)
                                 .arg(QFileInfo(path).fileName()),
                             15000);
  } else {
    statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()), 5000);
  }
  emit modelLoaded(path);
}

void MainWindow::openGraph(int graph) {
  const auto info = m_summary->modelInfo();
  if (!info || !info->snapshot) return;
  m_graph->setSnapshot(info->snapshot, graph);
  // A big graph's view model is made off the UI thread: what reads it follows once it is shown.
  m_graph->whenModelReady(this, [this, snapshot = info->snapshot] {
    if (m_graph->snapshot() != snapshot) return;  // another file opened meanwhile
    m_breadcrumb->setGraph(snapshot, m_graph->graphIndex());
    m_sidebar->showItem(snapshot, m_graph->model(), -1);
    if (m_find->isVisible()) m_find->refresh();
    applyHeat();
    updateCounts();
  });
}

int MainWindow::selectOpType(const QString& op) {
  // The summary's op names carry a non-default domain as a prefix ("com.microsoft.FusedConv").
  const std::shared_ptr<const api::GraphSnapshot> snapshot = m_graph->snapshot();
  if (!snapshot) return 0;
  const auto& nodes = snapshot->graphs[m_graph->graphIndex()].nodes;
  std::vector<int> items;
  const auto& model = m_graph->model();
  for (size_t i = 0; i < model.items.size(); ++i) {
    if (model.items[i].kind != api::ViewItemKind::kNode) continue;
    const api::SnapshotNode& n = nodes[model.items[i].index];
    const std::string name =
        n.domain.empty() || n.domain == "ai.onnx" ? n.op_type : n.domain + "." + n.op_type;
    if (QString::fromStdString(name) == op) items.push_back(static_cast<int>(i));
  }
  m_tabs->setCurrentIndex(0);
  m_graph->showLinked(items);
  statusBar()->showMessage(
      items.empty() ? tr("No %1 node in this graph (it may be in a subgraph body)").arg(op)
                    : tr("%n %1 node(s) selected", nullptr, static_cast<int>(items.size())).arg(op),
      8000);
  return static_cast<int>(items.size());
}

std::vector<GraphView*> MainWindow::tabGraphViews() const {
  if (!m_tabs || m_tabs->currentIndex() == 0) return {m_graph};
  if (m_tabs->currentWidget() == m_optimize)
    return {m_optimize->compare()->view(CompareView::kLeft),
            m_optimize->compare()->view(CompareView::kRight)};
  return {};
}

GraphView* MainWindow::zoomTarget() const {
  const std::vector<GraphView*> views = tabGraphViews();
  const QWidget* focus = QApplication::focusWidget();
  for (GraphView* v : views)
    if (focus && (v == focus || v->isAncestorOf(focus))) return v;
  return views.empty() ? nullptr : views.front();
}

void MainWindow::showZoom() {
  const GraphView* v = zoomTarget();
  if (v)
    m_zoomLabel->setText(tr("Zoom %1%").arg(qRound(v->zoom() * 100)));
  else
    m_zoomLabel->clear();
}

void MainWindow::updateCounts() {
  showZoom();
  const auto info = m_summary->modelInfo();
  // The node count is the Graph tab's (the Optimize panes name theirs above them).
  if (!info || !info->snapshot || zoomTarget() != m_graph ||
      m_graph->snapshot() != info->snapshot) {
    m_countLabel->clear();
    return;
  }
  const auto& s = *info->snapshot;
  const int shown = static_cast<int>(s.graphs[m_graph->graphIndex()].nodes.size());
  QString text = tr("%n node(s)", nullptr, shown);
  if (s.node_count_total != shown)
    text +=
        QStringLiteral(" · ") +
        tr("%1 in the model").arg(QLocale().toString(static_cast<qlonglong>(s.node_count_total)));
  m_countLabel->setText(text);
}

void MainWindow::onFailed(const QString& path, const QString& message, StatusCode code) {
  setBusy(false);
  statusBar()->showMessage(tr("Could not open %1: %2", "file name, error category")
                               .arg(QFileInfo(path).fileName(), StageText::category(code)),
                           5000);
  m_presentError(tr("Cannot open model"), message);
  emit loadFailed(path, message);
}

void MainWindow::showProgress(const Progress& progress) {
  m_progress->setRange(0, 100);
  m_progress->setValue(qRound(progress.fraction * 100));
  m_stage->setText(progressText(progress));
  m_stage->setToolTip(m_stage->text());
}

void MainWindow::setBusy(bool busy) {
  m_progress->setVisible(busy);
  m_cancel->setVisible(busy);
  m_stage->setVisible(busy);
}

void MainWindow::showPreferences() {
  PreferencesDialog dialog(this);
  dialog.exec();
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
  // "?" anywhere in this window, except where text is typed, opens the list of keys.
  if (event->type() == QEvent::KeyPress) {
    auto* key = static_cast<QKeyEvent*>(event);
    auto* widget = qobject_cast<QWidget*>(watched);
    if (key->text() == QLatin1String("?") && widget && widget->window() == this &&
        !isTextInput(QApplication::focusWidget())) {
      showShortcuts();
      return true;
    }
  }
  return QMainWindow::eventFilter(watched, event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const auto urls = event->mimeData()->urls();
  if (!urls.isEmpty() && urls.first().isLocalFile()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  if (openDropped(event->mimeData())) event->acceptProposedAction();
}

bool MainWindow::openDropped(const QMimeData* mime) {
  const auto urls = mime ? mime->urls() : QList<QUrl>();
  if (urls.isEmpty() || !urls.first().isLocalFile()) return false;
  openFile(urls.first().toLocalFile());
  return true;
}

void MainWindow::closeEvent(QCloseEvent* event) {
  m_loader->cancel();
  QMainWindow::closeEvent(event);
}

}  // namespace widgets
}  // namespace onnxlens
