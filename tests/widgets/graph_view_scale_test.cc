// The views at LLM scale (issue 36), on a generated 12,000-node transformer (4,000 nodes in the
// sanitizer builds): the window answers an event posted while the whole graph is laid out and
// drawn within 100 ms, and every overlay and cross-selection works at that size: provider
// colours, diff colours in the Optimize tab (closed groups included), profile heat, a timeline
// slice showing its node through closed groups, layer SQNR.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSpinBox>
#include <QTimer>
#include <cstdio>
#include <fstream>
#include <functional>

#include "test_paths.h"
#include "tools/scale_models.h"
#include "widgets/compare_view.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/optimize_view.h"
#include "widgets/pass_stepper.h"
#include "widgets/profile_view.h"
#include "widgets/provider_coloring.h"
#include "widgets/quantize_coloring.h"
#include "widgets/quantize_form.h"
#include "widgets/quantize_models.h"
#include "widgets/quantize_view.h"
#include "widgets/timeline_widget.h"

namespace onnxlens::widgets {
namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
// Sanitizers run everything several times slower: a smaller graph, still above the 3,000 items
// from which the scene is made in slices, and a latency bound as many times looser.
constexpr int kScaleNodes = 4000;
constexpr double kSlowdown = 3;
#else
constexpr int kScaleNodes = 12000;
constexpr double kSlowdown = 1;
#endif
// The Optimize tab's compare and steps do more on the UI thread than a layout (the trace's
// delivery, the choosers, the scene's slices, the previous scene's items freed), and asan slows
// that code more and unevenly: 130-820 ms there (4,000 nodes, another test on the other core)
// against 13-25 ms in release (12,000 nodes). The sanitizer builds run the flow without the bound.
constexpr bool kBoundTheOptimizeTab = kSlowdown == 1;

// The generated transformer of about kScaleNodes nodes, opened in a shown window.
struct ScaleWindow {
  testing::TempDir dir;
  MainWindow w;
  QStringList errors;
  ScaleWindow() {
    const auto path = dir.path() / "transformer.onnx";
    {
      std::ofstream out(path, std::ios::binary);
      EXPECT_TRUE(testing::MakeTransformerLikeProto(kScaleNodes / 49).SerializeToOstream(&out));
    }
    w.setErrorPresenter([this](const QString&, const QString& m) { errors << m; });
    w.setRecordsRecentFiles(false);
    w.resize(1280, 800);
    w.show();
    w.openFile(QString::fromStdString(path.string()));
    w.waitForLoad();
    w.graphView()->waitForLayout();
  }
};

// Items of view `g` whose node lies (at any depth) in group `group`.
bool InGroup(const GraphView* g, int item, int group) {
  const auto& h = g->model().layout.hierarchy;
  for (int up = h.group_of_node[item]; up > 0; up = h.groups[up].parent)
    if (up == group) return true;
  return false;
}

TEST(GraphViewScale, AnEventPostedWhileTheWholeGraphIsLaidOutIsHandledWithin100Ms) {
  ScaleWindow s;
  ASSERT_TRUE(s.errors.isEmpty()) << s.errors.join('\n').toStdString();
  GraphView* g = s.w.graphView();
  const int nodes = static_cast<int>(g->snapshot()->graphs[0].nodes.size());
  ASSERT_GE(nodes, kScaleNodes - 49);
  // Expand all: the layout runs off the UI thread and the scene is made in slices. An event is
  // posted, and as soon as it is handled the next one, until the graph is drawn.
  QElapsedTimer clock;
  clock.start();
  double posted = 0, worst = 0;
  int handled = 0;
  std::function<void()> post = [&] {
    posted = clock.nsecsElapsed() / 1e6;
    QTimer::singleShot(0, g, [&] {
      worst = std::max(worst, clock.nsecsElapsed() / 1e6 - posted);
      ++handled;
      if (g->isLayingOut()) post();
    });
  };
  g->expandAll(true);
  ASSERT_TRUE(g->isLayingOut());
  post();
  while (g->isLayingOut() && clock.elapsed() < 120000)
    QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
  ASSERT_FALSE(g->isLayingOut()) << "expand all did not finish in 2 minutes";
  QCoreApplication::processEvents();
  EXPECT_GE(handled, 3) << "the layout ended before events could be posted during it";
  EXPECT_LT(worst, 100.0 * kSlowdown)
      << handled << " events; the slowest waited " << worst << " ms";
  EXPECT_EQ(g->visibleNodeItems(), nodes);  // everything is open and drawn
}

// The longest an event waited while `act` ran and the work it started went on (`busy`): an event
// is posted just before `act` (a blocking act delays it) and again each time one is handled.
double WorstEventWait(const std::function<void()>& act, const std::function<bool()>& busy) {
  QElapsedTimer clock;
  clock.start();
  double posted = 0, worst = 0;
  bool done = false;
  QObject context;
  std::function<void()> post = [&] {
    posted = clock.nsecsElapsed() / 1e6;
    QTimer::singleShot(0, &context, [&] {
      worst = std::max(worst, clock.nsecsElapsed() / 1e6 - posted);
      if (busy())
        post();
      else
        done = true;
    });
  };
  post();
  act();
  while (!done && clock.elapsed() < 120000)
    QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
  EXPECT_TRUE(done) << "still busy after 2 minutes";
  return worst;
}

TEST(GraphViewScale, AnEventPostedWhileTheOptimizeTabComparesOrStepsIsHandledWithin100Ms) {
  ScaleWindow s;
  ASSERT_TRUE(s.errors.isEmpty()) << s.errors.join('\n').toStdString();
  MainWindow& w = s.w;
  OptimizeView* ov = w.optimizeView();
  CompareView* cmp = ov->compare();
  auto busy = [&] {
    return ov->isTracing() || cmp->isDiffing() || cmp->view(CompareView::kLeft)->isLayingOut() ||
           cmp->view(CompareView::kRight)->isLayingOut();
  };
  // The trace is made off the UI thread; delivering it shows both panes, their view models and
  // the diff made off the UI thread too (from 4,000 nodes; from 1,000 here, so that the smaller
  // graph of the sanitizer builds takes that path as well).
  cmp->setBackgroundNodes(1000);
  const double compare = WorstEventWait([&] { w.showView(QStringLiteral("compare")); }, busy);
  ASSERT_TRUE(ov->trace());
  if (kBoundTheOptimizeTab) {
    EXPECT_LT(compare, 100.0) << "compare";
  }
  std::printf("  compare: an event waited at most %.0f ms\n", compare);
  for (int step : {2, 3}) {
    const double wait = WorstEventWait([&] { ov->stepper()->selectStep(step); }, busy);
    if (kBoundTheOptimizeTab) {
      EXPECT_LT(wait, 100.0) << "step " << step;
    }
    std::printf("  step %d: an event waited at most %.0f ms\n", step, wait);
    EXPECT_EQ(cmp->step(CompareView::kRight), step);
    EXPECT_EQ(cmp->view(CompareView::kRight)->snapshot(), ov->trace()->snapshots[step]);
  }
}

TEST(GraphViewScale, CancelStopsExpandAllWhileItIsLaidOutOrDrawnAndKeepsTheGroupsOpenBefore) {
  ScaleWindow s;
  GraphView* g = s.w.graphView();
  const int shown = g->visibleNodeItems();
  const std::vector<bool> before = g->model().layout.expanded;
  ASSERT_LT(shown, static_cast<int>(g->snapshot()->graphs[0].nodes.size()));
  int cancelled = 0;
  QObject::connect(g, &GraphView::layoutCancelled, [&] { ++cancelled; });
  // While it is laid out: the scene never changed, the model's groups are those drawn.
  g->expandAll(true);
  ASSERT_TRUE(g->isLayingOut());
  g->cancelLayout();
  g->waitForLayout();
  EXPECT_EQ(g->model().layout.expanded, before);
  EXPECT_EQ(g->visibleNodeItems(), shown);
  // While it is drawn (the layout made, the scene made in slices): drawn as before again.
  g->expandAll(true);
  QElapsedTimer clock;
  clock.start();
  while (!g->isDrawing() && g->isLayingOut() && clock.elapsed() < 120000)
    QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
  ASSERT_TRUE(g->isDrawing()) << "the scene was drawn before it could be cancelled";
  g->cancelLayout();
  while (g->isLayingOut() && clock.elapsed() < 120000)
    QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
  EXPECT_EQ(g->model().layout.expanded, before);
  EXPECT_EQ(g->visibleNodeItems(), shown);
  EXPECT_EQ(cancelled, 2);
  // And the next Expand All is not held back by either.
  g->expandAll(true);
  g->waitForLayout();
  EXPECT_EQ(g->visibleNodeItems(), static_cast<int>(g->snapshot()->graphs[0].nodes.size()));
}

TEST(GraphViewScale, EveryOverlayAndCrossSelectionWorksAtScale) {
  ScaleWindow s;
  ASSERT_TRUE(s.errors.isEmpty()) << s.errors.join('\n').toStdString();
  MainWindow& w = s.w;
  GraphView* g = w.graphView();
  const auto& items = g->model().items;

  // Provider colours: every node the view draws has its provider's accent.
  w.setProviderColoring(true);
  w.providerColoring()->waitForFinished();
  g->waitForLayout();
  ASSERT_EQ(g->itemAccents().size(), items.size());
  int accented = 0;
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i].kind == api::ViewItemKind::kNode) accented += g->itemAccents()[i].border.isValid();
  EXPECT_EQ(accented, static_cast<int>(g->snapshot()->graphs[0].nodes.size()));
  w.setProviderColoring(false);
  EXPECT_TRUE(g->itemAccents().empty());

  // Diff colours: the extended level fuses every layer's LayerNorm and Gelu; each changed node
  // has a halo, and each closed group holding one has a group halo (the panes of a graph this
  // big open only the first view's groups).
  ASSERT_TRUE(w.showView(QStringLiteral("compare")));
  OptimizeView* ov = w.optimizeView();
  ov->waitForTrace();
  ASSERT_TRUE(ov->trace());
  CompareView* cmp = ov->compare();
  cmp->waitForLayout();
  for (int side = 0; side < 2; ++side) {
    const GraphView* v = cmp->view(static_cast<CompareView::Side>(side));
    const auto& states = side == 0 ? cmp->diff().left : cmp->diff().right;
    const auto& vitems = v->model().items;
    const auto& h = v->model().layout.hierarchy;
    ASSERT_EQ(v->itemHalos().size(), vitems.size());
    ASSERT_EQ(v->groupHalos().size(), h.groups.size());
    int changed = 0;
    std::vector<char> groupChanged(h.groups.size(), 0);
    for (size_t i = 0; i < vitems.size(); ++i) {
      if (vitems[i].kind != api::ViewItemKind::kNode) continue;
      const bool change = states[vitems[i].index] != api::DiffState::kUnchanged;
      EXPECT_EQ(v->itemHalos()[i].isValid(), change) << vitems[i].title;
      changed += change;
      if (change)
        for (int up = h.group_of_node[i]; up > 0; up = h.groups[up].parent) groupChanged[up] = 1;
    }
    EXPECT_GT(changed, kScaleNodes / 49) << "side " << side;
    for (size_t grp = 1; grp < h.groups.size(); ++grp)
      EXPECT_EQ(v->groupHalos()[grp].isValid(), groupChanged[grp] != 0) << h.groups[grp].path;
    EXPECT_LT(v->visibleNodeItems(), static_cast<int>(vitems.size()));  // not everything opened
  }
  w.showView(QStringLiteral("graph"));

  // Heat and timeline -> graph: profile once; the hottest nodes get halos, and the last kernel
  // slice of the run shows its node, inside groups closed before.
  ASSERT_TRUE(w.showView(QStringLiteral("timeline")));
  ProfileView* pv = w.profileView();
  api::ProfileOptions po;
  po.level = "disabled";
  po.runs = 1;
  po.warmup = 0;
  po.threads = 1;
  pv->startProfile(po);
  pv->waitForIdle();
  ASSERT_EQ(pv->runCount(), 1);
  w.showView(QStringLiteral("graph"));
  w.setHeat(true);
  ASSERT_TRUE(w.heatShown());
  const auto shares = pv->nodeShares();
  int hot = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].kind != api::ViewItemKind::kNode) continue;
    const QString name =
        QString::fromStdString(g->snapshot()->graphs[0].nodes[items[i].index].name);
    EXPECT_EQ(g->itemHalos()[i].isValid(), shares.contains(name)) << name.toStdString();
    hot += g->itemHalos()[i].isValid();
  }
  EXPECT_GE(hot, static_cast<int>(g->snapshot()->graphs[0].nodes.size()) * 9 / 10);
  w.setHeat(false);
  g->expandAll(false);
  g->waitForLayout();
  const auto& run = pv->run(0);
  const auto& track = run.timeline->tracks[0];
  int slice = -1;
  for (size_t i = track.slices.size(); i-- > 0 && slice < 0;)
    if (track.slices[i].op >= 0) slice = static_cast<int>(i);
  ASSERT_GE(slice, 0);
  const std::string node = run.timeline->names[track.slices[slice].name];
  pv->timeline()->selectSlice(0, slice);
  g->waitForLayout();
  ASSERT_GE(g->selectedItem(), 0);
  EXPECT_EQ(g->snapshot()->graphs[0].nodes[items[g->selectedItem()].index].name, node);
  EXPECT_FALSE(g->itemRect(g->selectedItem()).isNull());  // its groups were opened

  // Layer SQNR: a static quantization on random data colours the compared nodes.
  ASSERT_TRUE(w.showView(QStringLiteral("quant")));
  QuantizeForm* f = w.quantizeView()->form();
  f->modeBox()->setCurrentIndex(f->modeBox()->findData(QStringLiteral("static")));
  f->sourceBox()->setCurrentIndex(QuantizeForm::RandomSource);
  f->randomSamples()->setValue(2);
  ASSERT_TRUE(w.quantizeView()->quantize());
  w.quantizeView()->waitForRun();
  ASSERT_TRUE(w.document()->quantizeResult()) << s.errors.join('\n').toStdString();
  ASSERT_TRUE(w.quantizeColoring()->isEnabled());
  w.showView(QStringLiteral("graph"));
  g->waitForLayout();
  const SqnrPaint& paint = w.quantizeColoring()->paint();
  ASSERT_EQ(paint.items.size(), items.size());
  int coloured = 0, matmuls = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    coloured += paint.items[i].isValid();
    if (items[i].title == "MatMul") {
      ++matmuls;
      EXPECT_TRUE(paint.items[i].isValid()) << "a quantized MatMul without its SQNR";
    }
  }
  EXPECT_GT(matmuls, 0);
  EXPECT_GE(coloured, matmuls);
  EXPECT_GE(paint.worstItem, 0);
  // A closed group shows its worst node's colour.
  for (size_t grp = 1; grp < paint.groups.size(); ++grp) {
    bool any = false;
    for (size_t i = 0; i < items.size() && !any; ++i)
      any = paint.items[i].isValid() && InGroup(g, static_cast<int>(i), static_cast<int>(grp));
    EXPECT_EQ(paint.groups[grp].isValid(), any);
  }
}

}  // namespace
}  // namespace onnxlens::widgets
