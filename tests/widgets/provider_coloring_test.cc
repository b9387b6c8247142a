// ProviderColoring (View → Colour by Provider): every node of the model, subgraphs included, gets
// its provider's colour, the legend's counts add up to the node count, the partition is computed
// in the background and cached per (model, level, provider order), a cancel leaves the graph
// uncoloured with a message, and each pane of the Optimize tab is coloured by its own model.
#include "widgets/provider_coloring.h"

#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QMenuBar>

#include "sample_model.h"
#include "test_paths.h"
#include "widgets/compare_view.h"
#include "widgets/document.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/optimize_view.h"
#include "widgets/provider_colors.h"
#include "widgets/provider_legend.h"
#include "widgets/stage_text.h"

namespace onnxlens::widgets {
namespace {

struct Window {
  MainWindow w;
  QStringList errors;
  explicit Window(const QString& model) {
    w.setErrorPresenter([this](const QString&, const QString& m) { errors << m; });
    w.openFile(model);
    w.waitForLoad();
  }
};

// Every node item drawn has the colour of its provider; the counts cover the whole model.
void ExpectEveryNodeColoured(GraphView* view, const ProviderColoring* coloring) {
  const ProviderPaint& p = coloring->paint();
  ASSERT_NE(p.report, nullptr);
  EXPECT_EQ(p.snapshot, view->snapshot());
  EXPECT_EQ(p.missing, 0);
  EXPECT_EQ(p.unplaced, 0);
  EXPECT_EQ(p.nodes(), view->snapshot()->node_count_total);
  int64_t counted = 0;
  for (int64_t c : p.counts) counted += c;
  EXPECT_EQ(counted, view->snapshot()->node_count_total);
  const auto& items = view->model().items;
  const auto& accents = view->itemAccents();
  ASSERT_EQ(accents.size(), items.size());
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].kind != api::ViewItemKind::kNode) {
      EXPECT_FALSE(accents[i].border.isValid());
      continue;
    }
    const int provider = p.provider[view->graphIndex()][items[i].index];
    ASSERT_GE(provider, 0) << items[i].title;
    EXPECT_EQ(accents[i].border,
              providerColor(QString::fromStdString(p.providers[provider]), view->colors().dark));
  }
}

TEST(ProviderColoring, TheActionColoursEveryNodeAndTheLegendCountsAddUp) {
  Window win(Sample());
  QAction* action = nullptr;
  for (QAction* menu : win.w.menuBar()->actions())
    for (QAction* a : menu->menu()->actions())
      if (a->text() == QStringLiteral("Colour by &Provider")) action = a;
  ASSERT_NE(action, nullptr);
  EXPECT_FALSE(action->shortcut().isEmpty());
  action->trigger();
  ProviderColoring* c = win.w.providerColoring();
  EXPECT_TRUE(c->isEnabled());
  EXPECT_TRUE(win.w.providerLegend()->isVisibleTo(&win.w));
  c->waitForFinished();
  ASSERT_TRUE(win.errors.isEmpty()) << win.errors.join('\n').toStdString();
  ExpectEveryNodeColoured(win.w.graphView(), c);
  const QString legend = win.w.providerLegend()->text();
  // The Graph tab colours the file as loaded, and says so.
  EXPECT_TRUE(legend.contains(QStringLiteral("Providers at level ") +
                              StageText::level(QStringLiteral("disabled"))))
      << legend.toStdString();
  for (size_t i = 0; i < c->paint().providers.size(); ++i) {
    EXPECT_TRUE(legend.contains(QString::fromStdString(c->paint().providers[i])));
    EXPECT_TRUE(legend.contains(QString::number(c->paint().counts[i]))) << legend.toStdString();
  }
  // Off: no accents, no legend, no placement for the sidebar.
  action->trigger();
  EXPECT_FALSE(c->isEnabled());
  EXPECT_TRUE(win.w.graphView()->itemAccents().empty());
  EXPECT_FALSE(win.w.providerLegend()->isVisibleTo(&win.w));
  EXPECT_EQ(c->placement(win.w.graphView()->snapshot()->graphs[0].nodes[0].id), nullptr);
}

TEST(ProviderColoring, ThePartitionIsCachedPerProviderOrder) {
  Window win(Sample());
  ProviderColoring* c = win.w.providerColoring();
  PartitionCache* cache = win.w.document()->partitions();
  win.w.setProviderColoring(true);
  c->waitForFinished();
  EXPECT_EQ(cache->size(), 1u);
  // Only the reference provider: every node on it, nothing crosses.
  c->setProviders({QStringLiteral("reference")});
  c->waitForFinished();
  EXPECT_EQ(cache->size(), 2u);
  ASSERT_NE(c->paint().report, nullptr);
  EXPECT_EQ(c->paint().providers, std::vector<std::string>{"reference"});
  EXPECT_EQ(c->paint().counts.front(), win.w.graphView()->snapshot()->node_count_total);
  EXPECT_EQ(c->paint().boundaries, 0);
  EXPECT_EQ(win.w.providerLegend()->order(), QStringList{QStringLiteral("reference")});
  // Back to the first order, and off and on again: served from the cache.
  const int hits = cache->hits();
  c->setProviders(win.w.providerLegend()->orderChooser()->itemData(0).toStringList());
  c->waitForFinished();
  win.w.setProviderColoring(false);
  win.w.setProviderColoring(true);
  c->waitForFinished();
  EXPECT_GE(cache->hits(), hits + 1);
  EXPECT_EQ(cache->size(), 2u);
  ExpectEveryNodeColoured(win.w.graphView(), c);
}

TEST(ProviderColoring, ACancelLeavesTheGraphUncolouredWithAMessage) {
  Window win(Sample());
  ProviderColoring* c = win.w.providerColoring();
  win.w.setProviderColoring(true);
  c->cancel();
  c->waitForFinished();
  EXPECT_FALSE(c->isComputing());
  EXPECT_TRUE(win.w.graphView()->itemAccents().empty());
  EXPECT_TRUE(win.w.providerLegend()->text().contains(QStringLiteral("cancelled")))
      << win.w.providerLegend()->text().toStdString();
  EXPECT_TRUE(win.errors.isEmpty());
  // Choosing an order again computes it.
  c->setProviders({QStringLiteral("reference")});
  c->waitForFinished();
  ExpectEveryNodeColoured(win.w.graphView(), c);
}

TEST(ProviderColoring, EachOptimizePaneIsColouredByItsOwnModel) {
  Window win(Sample());
  win.w.showView(QStringLiteral("optimize"));
  win.w.optimizeView()->waitForTrace();
  win.w.setProviderColoring(true);
  CompareView* cmp = win.w.optimizeView()->compare();
  for (auto side : {CompareView::kLeft, CompareView::kRight}) {
    SCOPED_TRACE(side == CompareView::kLeft ? "left" : "right");
    cmp->providerColoring(side)->waitForFinished();
    ASSERT_TRUE(win.errors.isEmpty()) << win.errors.join('\n').toStdString();
    ExpectEveryNodeColoured(cmp->view(side), cmp->providerColoring(side));
  }
  // The two sides show different models (the original and the extended level).
  EXPECT_NE(cmp->providerColoring(CompareView::kLeft)->sourceKey(),
            cmp->providerColoring(CompareView::kRight)->sourceKey());
  EXPECT_NE(cmp->snapshot(CompareView::kLeft)->node_count_total,
            cmp->snapshot(CompareView::kRight)->node_count_total);
  // A step chosen on the right is coloured by that step's model.
  cmp->setStep(CompareView::kRight, 1);
  cmp->providerColoring(CompareView::kRight)->waitForFinished();
  ExpectEveryNodeColoured(cmp->view(CompareView::kRight),
                          cmp->providerColoring(CompareView::kRight));
  // Selecting a node says where it runs in the line under the panes.
  cmp->selectNode(CompareView::kRight, 0);
  EXPECT_TRUE(cmp->selectionText().contains(QStringLiteral("runs on")))
      << cmp->selectionText().toStdString();
}

TEST(ProviderColoring, CorpusModelsWithSubgraphsAreColouredEverywhere) {
  if (testing::CorpusModels().empty()) GTEST_SKIP() << "../shared/corpus is absent";
  for (const char* name : {"bert_tiny", "ppocr_det", "silero_vad_v4"}) {
    SCOPED_TRACE(name);
    const auto path = testing::CorpusDir() / name / "model.onnx";
    if (!std::filesystem::exists(path)) continue;
    Window win(QString::fromStdString(path.string()));
    win.w.setProviderColoring(true);
    ProviderColoring* c = win.w.providerColoring();
    c->waitForFinished();
    ASSERT_TRUE(win.errors.isEmpty()) << win.errors.join('\n').toStdString();
    ExpectEveryNodeColoured(win.w.graphView(), c);
    // Every subgraph body is painted too (the counts cover them).
    for (size_t g = 0; g < c->paint().provider.size(); ++g)
      for (int p : c->paint().provider[g]) EXPECT_GE(p, 0);
  }
}

TEST(ProviderColoring, AModelTheSessionRefusesIsAnErrorAndTheWindowKeepsRunning) {
  // Opens for inspection, but a session refuses it: the partition names the node.
  Window win(QString::fromStdString(
      (testing::SourceDir() / "tests/data/invalid/conv_short_bias.onnx").string()));
  ASSERT_TRUE(win.errors.isEmpty()) << win.errors.join('\n').toStdString();
  win.w.setProviderColoring(true);
  win.w.providerColoring()->waitForFinished();
  ASSERT_EQ(win.errors.size(), 1);
  EXPECT_TRUE(win.errors[0].contains(QStringLiteral("'conv' (Conv)")))
      << win.errors[0].toStdString();
  EXPECT_TRUE(win.w.providerLegend()->text().contains(QStringLiteral("'conv' (Conv)")));
  EXPECT_TRUE(win.w.graphView()->itemAccents().empty());
  EXPECT_EQ(win.w.providerColoring()->paint().report, nullptr);
  // The window goes on: another model colours fine.
  win.w.openFile(Sample());
  win.w.waitForLoad();
  win.w.providerColoring()->waitForFinished();
  EXPECT_EQ(win.errors.size(), 1);
  ExpectEveryNodeColoured(win.w.graphView(), win.w.providerColoring());
}

TEST(ProviderColoring, ADarkPaletteRepaintsInTheDarkThemesColours) {
  Window win(Sample());
  win.w.setProviderColoring(true);
  win.w.providerColoring()->waitForFinished();
  GraphView* view = win.w.graphView();
  ASSERT_FALSE(view->colors().dark);
  QPalette dark = view->palette();
  dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
  view->setPalette(dark);
  ASSERT_TRUE(view->colors().dark);
  ExpectEveryNodeColoured(view, win.w.providerColoring());  // compares with the dark colours
}

}  // namespace
}  // namespace onnxlens::widgets
