// Big graphs' view models and pane diffs made off the UI thread (issue 36): until they are done
// the view keeps the graph it showed (snapshot, model and items agree), and once they are the
// result is the one the UI thread would have made, with the diff colours, the stepper's rings and
// the window's follow-ups applied then. The thresholds are lowered to 0 so that the sample model
// takes the background path.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QLabel>

#include "api/graph_diff.h"
#include "api/graph_snapshot.h"
#include "shown_window.h"
#include "test_paths.h"
#include "widgets/compare_view.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/optimize_view.h"
#include "widgets/pass_stepper.h"

namespace onnxlens::widgets {
namespace {

std::shared_ptr<const api::GraphSnapshot> SampleSnapshot() {
  auto s = api::SnapshotModelFile(testing::SampleModel().string());
  EXPECT_TRUE(s.ok()) << s.status().message();
  return s.ok() ? *s : nullptr;
}

void ExpectSameModel(const api::GraphViewModel& a, const api::GraphViewModel& b) {
  ASSERT_EQ(a.items.size(), b.items.size());
  for (size_t i = 0; i < a.items.size(); ++i) {
    EXPECT_EQ(a.items[i].title, b.items[i].title) << i;
    EXPECT_EQ(a.items[i].rows, b.items[i].rows) << i;
  }
  ASSERT_EQ(a.layout.nodes.size(), b.layout.nodes.size());
  for (size_t i = 0; i < a.layout.nodes.size(); ++i) {  // texts measured alike off the UI thread
    EXPECT_DOUBLE_EQ(a.layout.nodes[i].width, b.layout.nodes[i].width) << i;
    EXPECT_DOUBLE_EQ(a.layout.nodes[i].height, b.layout.nodes[i].height) << i;
  }
  EXPECT_EQ(a.edges.size(), b.edges.size());
  EXPECT_EQ(a.item_of_node, b.item_of_node);
  EXPECT_EQ(a.layout.hierarchy.groups.size(), b.layout.hierarchy.groups.size());
}

TEST(GraphViewBackground, ABigGraphsModelIsMadeOffTheUiThreadAndTheOldGraphStaysUntilThen) {
  const auto snap = SampleSnapshot();
  ASSERT_TRUE(snap);
  GraphView ui;  // the sample's 18 nodes: made on the UI thread
  ui.resize(800, 600);
  ui.setSnapshot(snap);
  ui.waitForLayout();
  ASSERT_FALSE(ui.model().items.empty());

  GraphView bg;
  bg.resize(800, 600);
  bg.setBackgroundModelNodes(0);
  int rebuilt = 0, ready = 0;
  QObject::connect(&bg, &GraphView::modelRebuilt, [&] { ++rebuilt; });
  bg.setSnapshot(snap);
  EXPECT_TRUE(bg.isMakingModel());
  EXPECT_TRUE(bg.isLayingOut());
  EXPECT_EQ(bg.snapshot(), nullptr);  // nothing shown before: still nothing
  EXPECT_TRUE(bg.model().items.empty());
  bg.whenModelReady(&bg, [&] {
    ++ready;
    EXPECT_EQ(bg.snapshot(), snap);  // run once the model is the new graph's
  });
  EXPECT_EQ(ready, 0);
  bg.waitForLayout();
  EXPECT_FALSE(bg.isMakingModel());
  EXPECT_EQ(bg.snapshot(), snap);
  EXPECT_EQ(ready, 1);
  EXPECT_EQ(rebuilt, 1);
  ExpectSameModel(bg.model(), ui.model());
  EXPECT_EQ(bg.visibleNodeItems(), ui.visibleNodeItems());
  EXPECT_EQ(bg.edgeItems(), ui.edgeItems());
  // Ready now: at once.
  bg.whenModelReady(&bg, [&] { ++ready; });
  EXPECT_EQ(ready, 2);

  // A second snapshot while one is made: only the last is shown, modelRebuilt once for it.
  const auto other = SampleSnapshot();
  rebuilt = 0;
  bg.setSnapshot(other);
  bg.setSnapshot(snap);
  EXPECT_EQ(bg.snapshot(), snap);  // the one shown before both
  bg.waitForLayout();
  EXPECT_EQ(bg.snapshot(), snap);
  EXPECT_EQ(rebuilt, 1);
  bg.setSnapshot(other);
  bg.waitForLayout();
  EXPECT_EQ(bg.snapshot(), other);

  // Options changed while the model is made, and while it is shown: the model has them.
  api::GraphViewOptions o = bg.options();
  o.attributes = true;
  bg.setSnapshot(snap);
  bg.setOptions(o);
  bg.waitForLayout();
  ui.setOptions(o);
  ui.waitForLayout();
  EXPECT_EQ(bg.snapshot(), snap);
  ExpectSameModel(bg.model(), ui.model());
  o.attributes = false;
  o.horizontal = true;
  bg.setOptions(o);
  EXPECT_TRUE(bg.isMakingModel());
  bg.waitForLayout();
  ui.setOptions(o);
  ui.waitForLayout();
  ExpectSameModel(bg.model(), ui.model());
  EXPECT_EQ(bg.model().layout.expanded, ui.model().layout.expanded);  // kept by path
}

TEST(GraphViewBackground, TheWindowOpensABigGraphAndItsSidebarAndCountsFollow) {
  MainWindow w;
  ShowForTest(w);
  w.graphView()->setBackgroundModelNodes(0);
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  GraphView* g = w.graphView();
  ASSERT_TRUE(g->snapshot());
  EXPECT_FALSE(g->isMakingModel());
  EXPECT_EQ(g->visibleNodeItems(), static_cast<int>(g->snapshot()->graphs[0].nodes.size()));
  // The count label follows the graph shown on the Graph tab.
  ASSERT_TRUE(w.showView(QStringLiteral("graph")));
  QCoreApplication::processEvents();
  const QString count =
      QCoreApplication::translate("onnxlens::widgets::MainWindow", "%n node(s)", nullptr, 18);
  int counted = 0;
  for (const QLabel* l : w.findChildren<QLabel*>()) counted += l->text() == count;
  EXPECT_EQ(g->snapshot()->graphs[0].nodes.size(), 18u);
  EXPECT_EQ(counted, 1) << count.toStdString();
}

TEST(CompareViewBackground, ABigPairIsComparedOffTheUiThreadAndColouredOnceBothPanesShowIt) {
  MainWindow w;
  ShowForTest(w);
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  ASSERT_TRUE(w.showView(QStringLiteral("compare")));
  OptimizeView* ov = w.optimizeView();
  ov->waitForTrace();
  const auto trace = ov->trace();
  ASSERT_TRUE(trace);
  CompareView* cmp = ov->compare();
  cmp->waitForLayout();
  cmp->setBackgroundNodes(0);
  // The original against the last step (the sample's fusions change something).
  const int last = static_cast<int>(trace->steps.size());
  ASSERT_GE(last, 1);
  int ready = 0;
  QObject::connect(cmp, &CompareView::diffReady, [&] { ++ready; });
  cmp->setSteps(0, last);
  EXPECT_TRUE(cmp->isDiffing());
  EXPECT_TRUE(cmp->diff().left.empty());  // not known yet
  cmp->waitForLayout();
  EXPECT_FALSE(cmp->isDiffing());
  EXPECT_EQ(ready, 1);
  const api::GraphDiff truth =
      api::DiffByProvenance(trace->snapshots[0]->graphs[0], trace->snapshots[last]->graphs[0]);
  ASSERT_FALSE(truth.identical());
  EXPECT_EQ(cmp->diff().left.size(), truth.left.size());
  EXPECT_EQ(cmp->diff().right, truth.right);
  EXPECT_EQ(cmp->diff().removed, truth.removed);
  for (CompareView::Side side : {CompareView::kLeft, CompareView::kRight}) {
    const GraphView* v = cmp->view(side);
    EXPECT_EQ(v->snapshot(), trace->snapshots[side == CompareView::kLeft ? 0 : last]);
    const auto& states = side == CompareView::kLeft ? truth.left : truth.right;
    const auto& items = v->model().items;
    ASSERT_EQ(v->itemHalos().size(), items.size());
    int coloured = 0;
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].kind != api::ViewItemKind::kNode) continue;
      const bool changed = states[items[i].index] != api::DiffState::kUnchanged;
      EXPECT_EQ(v->itemHalos()[i].isValid(), changed) << items[i].title;
      coloured += changed;
    }
    EXPECT_GT(coloured, 0) << side;
  }

  // A stepper step: its changes are ringed once the diff and the right pane are known.
  int changing = -1;
  for (int k = 1; k <= last && changing < 0; ++k)
    if (!api::DiffByProvenance(trace->snapshots[k - 1]->graphs[0], trace->snapshots[k]->graphs[0])
             .identical())
      changing = k;
  ASSERT_GT(changing, 0);
  ov->stepper()->selectStep(changing);
  cmp->waitForLayout();
  QCoreApplication::processEvents();
  EXPECT_EQ(cmp->step(CompareView::kRight), changing);
  EXPECT_FALSE(cmp->view(CompareView::kRight)->markedItems().empty());
}

}  // namespace
}  // namespace onnxlens::widgets
