// The comparison panes of the Optimize tab: what each side's chooser says against what it shows.
#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QLabel>
#include <QScrollBar>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUrl>

#include "api/graph_diff.h"
#include "api/optimize.h"
#include "test_paths.h"
#include "widgets/compare_view.h"
#include "widgets/export_model_dialog.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/minimap.h"
#include "widgets/node_sidebar.h"
#include "widgets/optimize_view.h"

namespace onnxlens::widgets {
namespace {

using CompareSide = CompareView::Side;

// The step a chooser's current entry names ("step:N" or "level:name"), -1 for a file or none.
int ChosenStep(const CompareView* cmp, CompareSide side) {
  const QString d = cmp->chooser(side)->currentData().toString();
  if (d.startsWith(QLatin1String("step:"))) return d.mid(5).toInt();
  if (d.startsWith(QLatin1String("level:")))
    return cmp->trace()->StepOfLevel(d.mid(6).toStdString());
  return -1;
}

void ExpectChoosersNameWhatIsShown(const CompareView* cmp, const char* when) {
  for (CompareSide side : {CompareSide::kLeft, CompareSide::kRight}) {
    const QString text = cmp->chooser(side)->currentText();
    EXPECT_EQ(ChosenStep(cmp, side), cmp->step(side)) << when << ": " << text.toStdString();
    ASSERT_TRUE(cmp->snapshot(side));
    // The count in the label is the count of the graph shown.
    EXPECT_TRUE(text.contains(QString::number(cmp->snapshot(side)->node_count_total)))
        << when << ": " << text.toStdString();
  }
}

QAction* ActionWithShortcut(const MainWindow& w, const QKeySequence& keys) {
  for (QAction* a : w.findChildren<QAction*>())
    if (a->shortcut() == keys) return a;
  return nullptr;
}

QString StatusZoom(const MainWindow& w) {
  for (const QLabel* l : w.statusBar()->findChildren<QLabel*>())
    if (l->text().startsWith(QLatin1String("Zoom"))) return l->text();
  return QString();
}

TEST(CompareView, FitToWindowOnTheOptimizeTabFitsItsPanesAndTheStatusBarFollowsTheTab) {
  // Ctrl+0 on the Optimize tab fitted the hidden Graph tab, and the status bar showed the Graph
  // tab's zoom and node count on every tab (issue 39).
  MainWindow w;
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  GraphView* graph = w.graphView();
  graph->waitForLayout();
  graph->setZoom(0.5);
  ASSERT_TRUE(w.showView(QStringLiteral("compare")));
  OptimizeView* ov = w.optimizeView();
  ov->waitForTrace();
  CompareView* cmp = ov->compare();
  cmp->waitForLayout();
  QAction* fit = ActionWithShortcut(w, QKeySequence(Qt::CTRL | Qt::Key_0));
  ASSERT_TRUE(fit);
  for (CompareSide side : {CompareSide::kLeft, CompareSide::kRight}) cmp->view(side)->setZoom(0.05);
  fit->trigger();
  QApplication::processEvents();
  EXPECT_DOUBLE_EQ(graph->zoom(), 0.5) << "the hidden Graph tab was fitted";
  for (CompareSide side : {CompareSide::kLeft, CompareSide::kRight})
    EXPECT_GT(cmp->view(side)->zoom(), 0.05) << "pane " << side << " not fitted";
  // The status bar names the pane's zoom, and no node count of the Graph tab.
  const QString paneZoom =
      QStringLiteral("Zoom %1%").arg(qRound(cmp->view(CompareSide::kLeft)->zoom() * 100));
  EXPECT_EQ(StatusZoom(w), paneZoom);
  for (const QLabel* l : w.statusBar()->findChildren<QLabel*>())
    EXPECT_FALSE(l->text().contains(QLatin1String("node"))) << l->text().toStdString();
  // On a tab without a graph it says nothing of zoom; back on the Graph tab, the Graph's.
  ASSERT_TRUE(w.showView(QStringLiteral("summary")));
  EXPECT_TRUE(StatusZoom(w).isEmpty());
  ASSERT_TRUE(w.showView(QStringLiteral("graph")));
  EXPECT_EQ(StatusZoom(w), QStringLiteral("Zoom 50%"));
}

TEST(CompareView, ChoosersNameWhatEachSideShowsFromTheFirstTrace) {
  MainWindow w;
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  ASSERT_TRUE(w.showView(QStringLiteral("compare")));
  OptimizeView* ov = w.optimizeView();
  ov->waitForTrace();
  ASSERT_TRUE(ov->trace());
  CompareView* cmp = ov->compare();
  // The first trace shows the original on the left and the highest level (all = layout) on the
  // right: what run, bench and profile use by default, and what Verify checks (issue 35.7).
  ASSERT_EQ(cmp->step(CompareSide::kRight), ov->trace()->StepOfLevel("layout"));
  EXPECT_TRUE(cmp->chooser(CompareSide::kRight)->currentText().startsWith(QStringLiteral("Layout")))
      << cmp->chooser(CompareSide::kRight)->currentText().toStdString();
  ExpectChoosersNameWhatIsShown(cmp, "first trace");
  cmp->setStep(CompareSide::kRight, 1);
  ExpectChoosersNameWhatIsShown(cmp, "step 1");
  // A re-run (another format) keeps each side's choice and its label.
  ov->setFormat(QStringLiteral("standard"));
  ov->waitForTrace();
  ExpectChoosersNameWhatIsShown(cmp, "after a re-run");
  // Another model: the new trace starts again at original vs layout.
  ov->setModelPath(QString::fromStdString(testing::SampleModel().string()));
  ov->ensureTrace();
  ov->waitForTrace();
  ExpectChoosersNameWhatIsShown(cmp, "another model");
}

TEST(CompareView, AFusedNodeSelectedInAPaneShowsInTheSidebarWithItsInputNames) {
  MainWindow w;
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  ASSERT_TRUE(w.showView(QStringLiteral("compare")));
  OptimizeView* ov = w.optimizeView();
  ov->waitForTrace();
  CompareView* cmp = ov->compare();
  QString error;
  ASSERT_TRUE(cmp->setSource(CompareSide::kRight, QStringLiteral("extended"), &error))
      << error.toStdString();
  cmp->waitForLayout();
  const auto& g = cmp->snapshot(CompareSide::kRight)->graphs[0];
  int fused = -1;
  for (size_t n = 0; n < g.nodes.size(); ++n)
    if (g.nodes[n].op_type == "FusedConv") fused = static_cast<int>(n);
  ASSERT_GE(fused, 0) << "no FusedConv after extended";
  // Its box names the inputs as the op does: W (and B), never in1 / in2.
  const GraphView* rv = cmp->view(CompareSide::kRight);
  const int item = rv->model().item_of_node[fused];
  ASSERT_GE(item, 0);
  QStringList keys;
  for (const auto& [k, v] : rv->model().items[item].rows) keys << QString::fromStdString(k);
  EXPECT_TRUE(keys.contains(QStringLiteral("W"))) << keys.join(' ').toStdString();
  EXPECT_FALSE(keys.contains(QStringLiteral("in1"))) << keys.join(' ').toStdString();
  // Selected in the pane, it shows in the tab's sidebar: activation, inputs by name, the doc.
  cmp->selectNode(CompareSide::kRight, fused);
  cmp->waitForLayout();
  const QString text = ov->sidebar()->plainText();
  EXPECT_TRUE(text.contains(QStringLiteral("FusedConv"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("activation"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("Relu"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("com.microsoft"))) << text.toStdString();
  EXPECT_FALSE(text.contains(QStringLiteral("in1"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("Documentation"))) << text.toStdString();
  // "Select all FusedConv nodes" rings each of them in that pane.
  ov->sidebar()->followLink(QUrl(QStringLiteral("onnxlens:optype/FusedConv")));
  int fusedCount = 0;
  for (const auto& n : g.nodes) fusedCount += n.op_type == "FusedConv";
  EXPECT_EQ(static_cast<int>(rv->markedItems().size()), fusedCount);
  // A node on the left shows too.
  const auto& left = cmp->snapshot(CompareSide::kLeft)->graphs[0];
  cmp->selectNode(CompareSide::kLeft, 0);
  cmp->waitForLayout();
  EXPECT_TRUE(ov->sidebar()->plainText().contains(QString::fromStdString(left.nodes[0].op_type)));
}

// The format chooser with item data `format` among `w`'s children: its text for it.
QString FormatText(const QWidget* w, const QString& format) {
  for (const QComboBox* c : w->findChildren<QComboBox*>()) {
    const int i = c->findData(format);
    if (i >= 0) return c->itemText(i);
  }
  return QString();
}

TEST(CompareView, WordingAgreesAndAFileDiffShowsAFusionAsFused) {
  MainWindow w;
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  const QString model = QString::fromStdString(testing::SampleModel().string());
  w.openFile(model);
  w.waitForLoad();
  ASSERT_TRUE(w.showView(QStringLiteral("compare")));
  OptimizeView* ov = w.optimizeView();
  ov->waitForTrace();
  // The tab and the export dialog name the formats alike.
  ExportModelDialog dialog(model);
  for (const char* f : {"ort", "standard"}) {
    EXPECT_FALSE(FormatText(ov, QLatin1String(f)).isEmpty());
    EXPECT_EQ(FormatText(ov, QLatin1String(f)), FormatText(&dialog, QLatin1String(f))) << f;
  }

  // The extended model written to a file, compared with the original: Conv + Relu -> FusedConv
  // is fused (with both origins), not "modified + removed".
  QTemporaryDir tmp;
  api::OptimizeRequest req;
  req.level = "extended";
  req.output = tmp.filePath(QStringLiteral("extended.onnx")).toStdString();
  ASSERT_TRUE(api::OptimizeModelFile(testing::SampleModel(), req).ok());
  CompareView* cmp = ov->compare();
  QString error;
  ASSERT_TRUE(cmp->setSource(CompareSide::kLeft, QStringLiteral("original"), &error));
  ASSERT_TRUE(cmp->setSource(CompareSide::kRight, QString::fromStdString(req.output), &error));
  cmp->waitForLayout();
  ASSERT_FALSE(cmp->byProvenance());
  const auto& g = cmp->snapshot(CompareSide::kRight)->graphs[0];
  int fusedConvs = 0;
  for (size_t n = 0; n < g.nodes.size(); ++n) {
    if (g.nodes[n].op_type != "FusedConv") continue;
    ++fusedConvs;
    EXPECT_EQ(cmp->diff().right[n], api::DiffState::kFused) << g.nodes[n].name;
    EXPECT_GE(cmp->diff().right_to_left[n].size(), 2u) << g.nodes[n].name;
  }
  EXPECT_GT(fusedConvs, 0);
  EXPECT_EQ(cmp->diff().removed, 0);
  EXPECT_EQ(cmp->placeholderText(CompareSide::kRight), QString());

  // Another file on the right: the pane stops showing the extended graph at once (it stayed
  // under the new file's name while that loaded, and after it failed to), and no diff colours
  // of the old pair stay on the left.
  const QString broken = tmp.filePath(QStringLiteral("broken.onnx"));
  {
    QFile f(broken);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("not a model");
  }
  QString shownError;
  w.setErrorPresenter([&](const QString&, const QString& m) { shownError = m; });
  cmp->setFile(CompareSide::kRight, broken);
  EXPECT_TRUE(cmp->placeholderText(CompareSide::kRight).startsWith(QStringLiteral("Loading")));
  EXPECT_FALSE(cmp->view(CompareSide::kRight)->isVisibleTo(cmp));
  EXPECT_TRUE(cmp->diff().left.empty());
  cmp->waitForLayout();
  EXPECT_TRUE(cmp->placeholderText(CompareSide::kRight).startsWith(QStringLiteral("Cannot open")))
      << cmp->placeholderText(CompareSide::kRight).toStdString();
  EXPECT_FALSE(cmp->view(CompareSide::kRight)->isVisibleTo(cmp));
  EXPECT_FALSE(shownError.isEmpty());
  // A level again: its graph is shown.
  ASSERT_TRUE(cmp->setSource(CompareSide::kRight, QStringLiteral("extended"), &error));
  cmp->waitForLayout();
  EXPECT_EQ(cmp->placeholderText(CompareSide::kRight), QString());
  EXPECT_TRUE(cmp->view(CompareSide::kRight)->isVisibleTo(cmp));

  // The minimap of either narrow pane never lies over a node box, wherever the pane scrolls.
  for (CompareSide side : {CompareSide::kLeft, CompareSide::kRight}) {
    GraphView* v = cmp->view(side);
    QScrollBar* bar = v->verticalScrollBar();
    for (int k = 0; k <= 10; ++k) {
      bar->setValue(bar->minimum() + (bar->maximum() - bar->minimum()) * k / 10);
      v->minimap()->refreshNow();
      if (!v->minimap()->isVisible()) continue;
      const QRect at = v->minimap()->geometry().translated(-v->viewport()->geometry().topLeft());
      for (const QGraphicsItem* item : v->scene()->items(v->mapToScene(at)))
        EXPECT_FALSE(item->flags() & QGraphicsItem::ItemIsSelectable)
            << "the minimap covers a node at scroll " << k;
    }
  }
}

}  // namespace
}  // namespace onnxlens::widgets
