// The main window's menus: File (with Open Recent), Edit, View and Help, and the welcome page
// the File menu's Open action is wired to.
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include "widgets/compare_view.h"
#include "widgets/export_report_dialog.h"
#include "widgets/find_bar.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/minimap.h"
#include "widgets/optimize_view.h"
#include "widgets/pass_list_dialog.h"
#include "widgets/profile_view.h"
#include "widgets/recent_files.h"
#include "widgets/theme.h"

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
  m_exportReportAction = file->addAction(tr("Export &Report…"), this, [this] {
    if (m_path.isEmpty()) return;
    ExportReportDialog dialog(m_path, this);
    if (dialog.exec() != QDialog::Accepted) return;
    statusBar()->showMessage(
        tr("Wrote the report %1").arg(QDir::toNativeSeparators(dialog.exportedPath())), 8000);
  });
  m_exportReportAction->setEnabled(false);
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  edit->addAction(tr("&Find…"), this, &MainWindow::activateFind)->setShortcut(QKeySequence::Find);
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
  // Zoom commands act on the tab shown: the Graph tab's view, or the Optimize tab's pane with
  // the focus (the other follows it); Fit fits each Optimize pane to its own graph.
  view->addAction(tr("Zoom &In"), this,
                  [this] {
                    if (GraphView* v = zoomTarget()) v->zoomBy(1.25);
                  })
      ->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::Key_Plus)});
  view->addAction(tr("Zoom &Out"), this,
                  [this] {
                    if (GraphView* v = zoomTarget()) v->zoomBy(0.8);
                  })
      ->setShortcuts({QKeySequence::ZoomOut, QKeySequence(Qt::Key_Minus)});
  view->addAction(tr("&Fit to Window"), this,
                  [this] {
                    if (tabGraphViews().size() > 1)
                      m_optimize->compare()->fitEachPane();
                    else if (GraphView* v = zoomTarget())
                      v->fitToView();
                  })
      ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
  view->addAction(tr("Actual &Size"), this,
                  [this] {
                    if (GraphView* v = zoomTarget()) v->actualSize();
                  })
      ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_0));
  QAction* focus = view->addAction(tr("&Zoom to Selection"), this, [this] {
    if (GraphView* v = zoomTarget()) v->zoomToSelection();
  });
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

void MainWindow::activateFind() {
  if (m_tabs->currentWidget() == m_profile) {
    m_profile->focusSearch();
    return;
  }
  if (m_tabs->currentIndex() != 0) m_tabs->setCurrentIndex(0);
  m_find->activate();
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

}  // namespace widgets
}  // namespace onnxlens
