// Main window.
#include "widgets/main_window.h"

#include <QAction>
#include <QActionGroup>
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
#include <QMenuBar>
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

#include "api/trace.h"
#include "api/view_heat.h"
#include "widgets/breadcrumb_bar.h"
#include "widgets/compare_view.h"
#include "widgets/document.h"
#include "widgets/export_model_dialog.h"
#include "widgets/find_bar.h"
#include "widgets/graph_view.h"
#include "widgets/memory_view.h"
#include "widgets/minimap.h"
#include "widgets/model_loader.h"
#include "widgets/model_summary_panel.h"
#include "widgets/node_sidebar.h"
#include "widgets/op_colors.h"
#include "widgets/optimize_view.h"
#include "widgets/pass_list_dialog.h"
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
#include "widgets/theme.h"
#include "widgets/timeline_widget.h"

namespace onnxlens {
namespace widgets {

namespace {

QWidget* makeWelcome(QWidget* parent, QAction* open) {
  auto* w = new QWidget(parent);
  auto* l = new QVBoxLayout(w);
  l->addStretch(2);
  auto* title = new QLabel(QStringLiteral("onnxlens"), w);
  QFont f = title->font();
  f.setPointSizeF(f.pointSizeF() * 2.5);
  f.setBold(true);
  title->setFont(f);
  title->setAlignment(Qt::AlignCenter);
  l->addWidget(title);
  auto* hint = new QLabel(
      QCoreApplication::translate("onnxlens::widgets::MainWindow",
                                  "Drop an .onnx file here, or open one with File → Open."),
      w);
  hint->setAlignment(Qt::AlignCenter);
  l->addWidget(hint);
  auto* button = new QPushButton(
      QCoreApplication::translate("onnxlens::widgets::MainWindow", "Open Model…"), w);
  QObject::connect(button, &QPushButton::clicked, open, &QAction::trigger);
  auto* row = new QHBoxLayout;
  row->addStretch();
  row->addWidget(button);
  row->addStretch();
  l->addLayout(row);
  l->addStretch(3);
  return w;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
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
  connect(m_breadcrumb, &BreadcrumbBar::graphRequested, this, &MainWindow::openGraph);
  connect(m_sidebar, &NodeSidebar::openGraphRequested, this, &MainWindow::openGraph);
  connect(m_sidebar, &NodeSidebar::findRequested, this, [this](const QString& query) {
    m_find->activate();
    m_find->setQuery(query);
  });
  connect(m_graph, &GraphView::zoomChanged, this,
          [this](double z) { m_zoomLabel->setText(tr("Zoom %1%").arg(qRound(z * 100))); });
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

void MainWindow::createActions() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::showOpenDialog);
  open->setShortcut(QKeySequence::Open);
  m_recentMenu = file->addMenu(tr("Open &Recent"));
  connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
  m_reloadAction = file->addAction(tr("&Reload"), this, &MainWindow::reload);
  m_reloadAction->setShortcut(QKeySequence(Qt::Key_F5));
  m_reloadAction->setEnabled(false);
  m_exportAction = file->addAction(tr("&Export Graph…"), this, &MainWindow::showExportDialog);
  m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
  m_exportAction->setEnabled(false);
  m_exportModelAction =
      file->addAction(tr("Export &Optimized Model…"), this, &MainWindow::showExportModelDialog);
  m_exportModelAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
  m_exportModelAction->setEnabled(false);
  m_exportQuantAction =
      file->addAction(tr("Export &Quantized Model…"), this, &MainWindow::showExportQuantizedDialog);
  m_exportQuantAction->setEnabled(false);
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  edit->addAction(tr("&Find…"), this, [this] { m_find->activate(); })
      ->setShortcut(QKeySequence::Find);
  QAction* prefs = edit->addAction(tr("&Preferences…"), this, &MainWindow::showPreferences);
  prefs->setShortcut(QKeySequence::Preferences);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  QAction* keys = help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
  // F1 here; "?" (as in most viewers) in eventFilter: a shortcut "?" does not match the
  // Shift+? most keyboards send on every platform, and a text field must still type it.
  keys->setShortcut(QKeySequence(Qt::Key_F1));
  qApp->installEventFilter(this);
  help->addAction(tr("Optimizer &Passes"), this, [this] {
    PassListDialog dialog(this);
    dialog.exec();
  });
  help->addAction(tr("&About onnxlens"), this, &MainWindow::showAbout);

  m_welcome = makeWelcome(m_stack, open);
  rebuildRecentMenu();
}

void MainWindow::createViewMenu() {
  // Between Edit and Help, as everywhere else.
  QMenu* view = new QMenu(tr("&View"), this);
  menuBar()->insertMenu(menuBar()->actions().last(), view);
  auto toggle = [this, view](const QString& text, const QKeySequence& key, bool on,
                             bool api::GraphViewOptions::*field) {
    QAction* a = view->addAction(text);
    a->setCheckable(true);
    a->setChecked(on);
    a->setShortcut(key);
    connect(a, &QAction::toggled, this, [this, field](bool checked) {
      api::GraphViewOptions o = m_graph->options();
      o.*field = checked;
      m_graph->setOptions(o);
    });
  };
  const api::GraphViewOptions o;
  toggle(tr("Show &Attributes"), QKeySequence(Qt::CTRL | Qt::Key_D), o.attributes,
         &api::GraphViewOptions::attributes);
  toggle(tr("Show &Weights"), QKeySequence(Qt::CTRL | Qt::Key_I), o.weights,
         &api::GraphViewOptions::weights);
  toggle(tr("Show &Names"), QKeySequence(Qt::CTRL | Qt::Key_U), o.names,
         &api::GraphViewOptions::names);
  toggle(tr("&Horizontal Layout"), QKeySequence(Qt::CTRL | Qt::Key_K), o.horizontal,
         &api::GraphViewOptions::horizontal);
  toggle(tr("Fold &Constants into Their Consumers"), QKeySequence(), o.fold_constants,
         &api::GraphViewOptions::fold_constants);
  view->addSeparator();
  view->addAction(tr("Zoom &In"), this, [this] { m_graph->zoomBy(1.25); })
      ->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::Key_Plus)});
  view->addAction(tr("Zoom &Out"), this, [this] { m_graph->zoomBy(0.8); })
      ->setShortcuts({QKeySequence::ZoomOut, QKeySequence(Qt::Key_Minus)});
  view->addAction(tr("&Fit to Window"), this, [this] { m_graph->fitToView(); })
      ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
  view->addAction(tr("Actual &Size"), this, [this] { m_graph->actualSize(); })
      ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_0));
  QAction* focus =
      view->addAction(tr("&Zoom to Selection"), this, [this] { m_graph->zoomToSelection(); });
  focus->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
  focus->setToolTip(tr("Centre the selected node at a readable zoom (F in the graph)"));
  QAction* minimap = view->addAction(tr("&Minimap"));
  minimap->setCheckable(true);
  minimap->setChecked(true);
  minimap->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
  connect(minimap, &QAction::toggled, this,
          [this](bool on) { m_graph->minimap()->setEnabledByUser(on); });
  m_heatAction = view->addAction(tr("&Heat from Profile"));
  m_heatAction->setCheckable(true);
  m_heatAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
  m_heatAction->setToolTip(tr("Colour the graph by each node's share of the profiled run time"));
  connect(m_heatAction, &QAction::toggled, this, &MainWindow::setHeat);
  m_providerAction = view->addAction(tr("Colour by &Provider"));
  m_providerAction->setCheckable(true);
  m_providerAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
  m_providerAction->setToolTip(
      tr("Colour each node's border by the execution provider that runs it, on the Graph tab and "
         "both panes of the Optimize tab"));
  connect(m_providerAction, &QAction::toggled, this, &MainWindow::setProviderColoring);
  m_sqnrAction = view->addAction(tr("Colour by &Quantization Error (SQNR)"));
  m_sqnrAction->setCheckable(true);
  m_sqnrAction->setEnabled(false);
  m_sqnrAction->setToolTip(
      tr("Colour each node by the SQNR of its output, float vs quantized (Quantize tab)"));
  connect(m_sqnrAction, &QAction::toggled, this, &MainWindow::setQuantizeColoring);
  // The theme where people look for it (also in Preferences).
  QMenu* themes = view->addMenu(tr("&Theme"));
  auto* group = new QActionGroup(themes);
  const std::pair<QString, QString> choices[] = {{QStringLiteral("system"), tr("&System")},
                                                 {QStringLiteral("light"), tr("&Light")},
                                                 {QStringLiteral("dark"), tr("&Dark")}};
  for (const auto& [name, label] : choices) {
    QAction* a = themes->addAction(label);
    a->setCheckable(true);
    a->setData(name);
    a->setChecked(themeSetting() == name);
    group->addAction(a);
    connect(a, &QAction::triggered, this, [name = name] {
      setThemeSetting(name);
      applyTheme(name);
    });
  }
  connect(themes, &QMenu::aboutToShow, this, [group] {  // Preferences may have changed it
    for (QAction* a : group->actions()) a->setChecked(a->data().toString() == themeSetting());
  });
  view->addSeparator();
  view->addAction(tr("&Expand All Groups"), this, [this] { m_graph->expandAll(true); });
  view->addAction(tr("&Collapse All Groups"), this, [this] { m_graph->expandAll(false); });
}

QStringList MainWindow::recentMenuTexts() {
  rebuildRecentMenu();
  QStringList out;
  for (QAction* a : m_recentMenu->actions())
    if (!a->isSeparator()) out << a->text();
  return out;
}

void MainWindow::rebuildRecentMenu() {
  m_recentMenu->clear();
  const QStringList files = RecentFiles::list();
  const QStringList labels = RecentFiles::labels(files);
  for (int i = 0; i < files.size(); ++i) {
    const QString& f = files[i];
    // "&" in a name is not a mnemonic; 1-9 and 0 are, as in most editors.
    QString text = labels[i];
    text.replace(QLatin1Char('&'), QStringLiteral("&&"));
    if (i < 10) text = QStringLiteral("&%1  %2").arg((i + 1) % 10).arg(text);
    QAction* a = m_recentMenu->addAction(text);
    a->setToolTip(f);
    a->setStatusTip(f);
    connect(a, &QAction::triggered, this, [this, f] { openFile(f); });
  }
  if (files.isEmpty()) {
    m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
  } else {
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear List"), this, [] { RecentFiles::clear(); });
  }
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

void MainWindow::setHeat(bool on) {
  if (on && m_profile->runCount() == 0) {
    m_presentError(tr("No profile"), tr("Profile the model first (Profile tab → Profile…)."));
    on = false;
  }
  m_heat = on;
  {
    QSignalBlocker block(m_heatAction);
    m_heatAction->setChecked(on);
  }
  if (on && m_sqnr->isEnabled()) {
    m_sqnr->setEnabled(false);
    QSignalBlocker block(m_sqnrAction);
    m_sqnrAction->setChecked(false);
  }
  applyHeat();
  if (!on || !m_graph->snapshot()) return;
  // Go to the hottest node: where the time goes is what the user turned heat on for.
  const int hottest = viewHeat().hottest_item;
  if (hottest >= 0) m_graph->revealItem(hottest);
}

void MainWindow::setProviderColoring(bool on) {
  {
    QSignalBlocker block(m_providerAction);
    m_providerAction->setChecked(on);
  }
  m_providers->setEnabled(on);
  m_optimize->setProviderColoring(on);
}

bool MainWindow::providerColoringShown() const { return m_providers->isEnabled(); }

void MainWindow::updateProviderSource() {
  ProviderColoring::Source source;
  // The graph shows the file as loaded: the partition a session would make at level disabled.
  if (!m_path.isEmpty()) source = ProviderColoring::fileSource(m_path);
  m_providers->setSource(std::move(source));
}

QString MainWindow::heatLegend() const { return m_heatLegend->text(); }

QString MainWindow::traceLabel(const api::SnapshotNode& n) {
  return QString::fromStdString(api::TraceNodeLabel(n.name, n.op_type, n.id));
}

void MainWindow::selectProfiledNode(const QString& node, const QStringList& origins) {
  const auto snapshot = m_graph->snapshot();
  if (!snapshot) return;
  // The kernel's own node when the graph shown has it; a fused kernel's origins are linked too.
  const auto& nodes = snapshot->graphs[m_graph->graphIndex()].nodes;
  int own = -1;
  std::vector<int> linked;
  for (size_t n = 0; n < nodes.size(); ++n) {
    const int item = m_graph->model().item_of_node[n];
    if (item < 0) continue;
    const QString label = traceLabel(nodes[n]);
    if (label == node) own = item;
    if (origins.contains(label)) linked.push_back(item);
  }
  if (own >= 0 && linked.size() <= 1) {
    m_graph->revealItem(own);
  } else if (!linked.empty()) {
    m_graph->showLinked(linked);
    statusBar()->showMessage(tr("%1 was made from %n node(s) of this graph, shown selected",
                                nullptr, static_cast<int>(linked.size()))
                                 .arg(node),
                             8000);
  }
}

api::ViewHeat MainWindow::viewHeat() const {
  return api::HeatOfView(m_graph->model(), m_graph->snapshot()->graphs[m_graph->graphIndex()],
                         m_doc->heatShares());
}

void MainWindow::applyHeat() {
  if (!m_heat || !m_graph->snapshot()) {
    m_heatLegend->hide();
    if (m_sqnr->apply()) return;
    m_graph->setItemHalos({}, false);
    m_graph->setGroupHalos({});
    m_heatLegend->hide();
    return;
  }
  const api::ViewHeat heat = viewHeat();
  const double hottest = heat.hottest;
  auto colour = [hottest](double share) {
    return share >= 0 && hottest > 0 ? heatColor(share / hottest) : QColor();
  };
  std::vector<QColor> halos, groupHalos;
  for (double share : heat.item_share) halos.push_back(colour(share));
  // A closed group shows its hottest node's colour, so the heat leads into the groups.
  for (double share : heat.group_share) groupHalos.push_back(colour(share));
  m_graph->setItemHalos(halos, true);
  m_graph->setGroupHalos(groupHalos);
  const int coloured = hottest > 0 ? heat.profiled : 0;
  const auto& nodes = m_graph->snapshot()->graphs[m_graph->graphIndex()].nodes;
  QString scale;
  for (int k = 0; k <= 4; ++k)
    scale += QStringLiteral("<span style=\"color:%1\">■</span>").arg(heatColor(k / 4.0).name());
  m_heatLegend->setText(
      tr("Heat: share of the kernel time, 0% %1 %2% (hottest node; a closed group shows its "
         "hottest node) · %3 of %4 nodes profiled")
          .arg(scale)
          .arg(hottest, 0, 'f', 1)
          .arg(coloured)
          .arg(nodes.size()));
  m_heatLegend->show();
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
  if (m_recordRecent) RecentFiles::add(path);
  m_doc->setModel(path, info);
  m_summary->setModelInfo(info);
  m_memory->setModelPath(path);
  if (m_tabs->currentWidget() == m_memory) m_memory->ensurePlan();
  m_stack->setCurrentWidget(m_document);
  if (info->snapshot) openGraph(0);
  updateProviderSource();
  setWindowTitle(tr("%1 — onnxlens").arg(QFileInfo(path).fileName()));
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
  m_breadcrumb->setGraph(info->snapshot, m_graph->graphIndex());
  m_sidebar->showItem(info->snapshot, m_graph->model(), -1);
  if (m_find->isVisible()) m_find->refresh();
  applyHeat();
  updateCounts();
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

void MainWindow::updateCounts() {
  const auto info = m_summary->modelInfo();
  if (!info || !info->snapshot) {
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
  m_zoomLabel->setText(tr("Zoom %1%").arg(qRound(m_graph->zoom() * 100)));
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
