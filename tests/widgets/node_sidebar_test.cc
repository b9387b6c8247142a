// NodeSidebar's Execution Provider section: the provider that runs the node, and for a node the
// preferred provider declined, each decline's reason sentence; on a real partition too (a corpus
// model whose ConvTranspose / Resize the cpu provider declines).
#include "widgets/node_sidebar.h"

#include <gtest/gtest.h>

#include <QAction>
#include <QCoreApplication>
#include <QMenu>
#include <QMenuBar>
#include <QUrl>

#include "api/graph_snapshot.h"
#include "api/partition.h"
#include "ir/model.h"
#include "test_paths.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/provider_coloring.h"
#include "widgets/theme.h"

namespace onnxlens::widgets {
namespace {

TEST(NodeSidebar, NamesTheProviderAndWhyThePreferredOneDeclined) {
  auto snapshot = api::SnapshotModelFile(testing::SampleModel().string());
  ASSERT_TRUE(snapshot.ok());
  GraphView view;
  view.setSnapshot(*snapshot);
  NodeSidebar sidebar;
  api::NodePlacementInfo declined;
  declined.provider = "reference";
  declined.declined = {{"cpu", "attribute", "Conv 'c1': cpu declines auto_pad SAME_LOWER"}};
  api::NodePlacementInfo preferred;
  preferred.provider = "cpu";
  preferred.fallback = "reference";
  const int64_t first = (*snapshot)->graphs[0].nodes[0].id;
  sidebar.setPlacementLookup([&](int64_t id) { return id == first ? &declined : &preferred; });
  const int item0 = view.model().item_of_node[0];
  sidebar.showItem(*snapshot, view.model(), item0);
  QString text = sidebar.plainText();
  EXPECT_TRUE(text.contains(QStringLiteral("Execution Provider")));
  EXPECT_TRUE(text.contains(QStringLiteral("Runs on reference"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("Not on the preferred provider")));
  EXPECT_TRUE(
      text.contains(QStringLiteral("cpu declined (attribute): Conv 'c1': cpu declines "
                                   "auto_pad SAME_LOWER")))
      << text.toStdString();

  const int item1 = view.model().item_of_node[1];
  sidebar.showItem(*snapshot, view.model(), item1);
  text = sidebar.plainText();
  EXPECT_TRUE(text.contains(QStringLiteral("Runs on cpu (the first preferred provider)")))
      << text.toStdString();
  EXPECT_TRUE(text.contains(
      QStringLiteral("at run time (an input shape or type it does not handle), reference runs it")))
      << text.toStdString();
  EXPECT_FALSE(text.contains(QStringLiteral("declined")));

  // Without a partition there is no section.
  sidebar.setPlacementLookup([](int64_t) { return nullptr; });
  sidebar.showItem(*snapshot, view.model(), item0);
  EXPECT_FALSE(sidebar.plainText().contains(QStringLiteral("Execution Provider")));
}

// A step of the optimization trace whose tensor values were not kept (the trace's budget): the
// input row says so, and the tensor's page explains instead of offering the values.
TEST(NodeSidebar, ATensorWhoseValuesTheStepDidNotKeepSaysSo) {
  auto loaded = api::SnapshotModelFile(testing::SampleModel().string());
  ASSERT_TRUE(loaded.ok());
  auto step = std::make_shared<api::GraphSnapshot>(**loaded);
  api::SnapshotGraph& g = step->graphs[0];
  int node = -1, value = -1;
  for (size_t n = 0; n < g.nodes.size() && node < 0; ++n)
    for (int v : g.nodes[n].inputs)
      if (v >= 0 && g.values[v].initializer && g.values[v].data) {
        node = static_cast<int>(n);
        value = v;
        break;
      }
  ASSERT_GE(value, 0) << "the sample has no node reading an initializer";
  g.values[value].data.reset();
  g.values[value].data_dropped = true;
  std::shared_ptr<const api::GraphSnapshot> snap = step;
  GraphView view;
  view.setSnapshot(snap);
  NodeSidebar sidebar;
  sidebar.showItem(snap, view.model(), view.model().item_of_node[node]);
  EXPECT_TRUE(sidebar.plainText().contains(QStringLiteral("values not kept at this step")))
      << sidebar.plainText().toStdString();
  sidebar.showValue(value);
  const QString page = sidebar.plainText();
  EXPECT_TRUE(page.contains(QStringLiteral("The values of this tensor are not kept at this step")))
      << page.toStdString();
  EXPECT_FALSE(page.contains(QStringLiteral("Values and statistics")));
}

TEST(NodeSidebar, ShowsTheRealReasonOfADeclinedCorpusNode) {
  const auto path = testing::CorpusDir() / "ppocr_det" / "model.onnx";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "../shared/corpus is absent";
  MainWindow w;
  QStringList errors;
  w.setErrorPresenter([&](const QString&, const QString& m) { errors << m; });
  w.openFile(QString::fromStdString(path.string()));
  w.waitForLoad();
  w.setProviderColoring(true);
  w.providerColoring()->waitForFinished();
  ASSERT_TRUE(errors.isEmpty()) << errors.join('\n').toStdString();
  GraphView* g = w.graphView();
  const auto& nodes = g->snapshot()->graphs[0].nodes;
  for (size_t n = 0; n < nodes.size(); ++n) {
    const api::NodePlacementInfo* at = w.providerColoring()->placement(nodes[n].id);
    ASSERT_NE(at, nullptr);
    // Constants folded into their consumers' weight rows have no box to select.
    if (at->declined.empty() || g->model().item_of_node[n] < 0) continue;
    g->revealItem(g->model().item_of_node[n]);
    g->waitForLayout();
    const QString text = w.sidebar()->plainText();
    EXPECT_TRUE(
        text.contains(QStringLiteral("Runs on %1").arg(QString::fromStdString(at->provider))))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QString::fromStdString(at->declined[0].sentence)))
        << text.toStdString();
    return;
  }
  FAIL() << "no node of ppocr_det is declined by the preferred provider";
}

// A one-node model of `op` (float inputs named i0, i1, ...), as a snapshot.
std::shared_ptr<const api::GraphSnapshot> OneNode(const std::string& op, int inputs) {
  ir::Model m;
  m.opset_imports.push_back({"", 17});
  m.graph = std::make_unique<ir::Graph>("g");
  ir::Graph& g = *m.graph;
  ir::Node* n = g.AddNode(op, "", "n");
  for (int i = 0; i < inputs; ++i) {
    ir::Value* v = g.CreateValue("i" + std::to_string(i));
    v->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({1, 2, 3, 3})));
    g.AddInput(v);
    n->AddInput(v);
  }
  n->AddOutput(g.CreateValue("y"));
  g.AddOutput(n->output(0));
  return std::make_shared<api::GraphSnapshot>(api::SnapshotOf(m));
}

QString DocText(const std::string& op, int inputs) {
  GraphView view;
  const auto snap = OneNode(op, inputs);
  view.setSnapshot(snap);
  NodeSidebar sidebar;
  sidebar.showItem(snap, view.model(), view.model().item_of_node[0]);
  return sidebar.plainText().simplified();
}

TEST(NodeSidebar, OperatorDocsAreWholeWithTheirMarkdownRendered) {
  // Relu's doc says "(Tensor<T>)" twice: read as an HTML tag it cut the doc there.
  const QString relu = DocText("Relu", 1);
  EXPECT_TRUE(
      relu.contains(QStringLiteral("takes one input data (Tensor<T>) and produces one "
                                   "output data (Tensor<T>)")))
      << relu.toStdString();
  // BatchNormalization: its inputs' descriptions ("(N x C x D1 x D2 ... Dn)"), its code block
  // and the **optional** in bold, not starred.
  const QString bn = DocText("BatchNormalization", 5);
  EXPECT_TRUE(bn.contains(QStringLiteral("(N x C x D1 x D2 ... Dn)"))) << bn.toStdString();
  EXPECT_TRUE(bn.contains(QStringLiteral("running_mean = input_mean * momentum")))
      << bn.toStdString();
  // Conv: attribute descriptions have `code` spans rendered, no backticks left.
  const QString conv = DocText("Conv", 2);
  EXPECT_TRUE(conv.contains(QStringLiteral("output_shape[i] = ceil(input_shape[i] / strides[i])")))
      << conv.toStdString();
  for (const QString& t : {relu, bn, conv})
    EXPECT_FALSE(t.contains(QLatin1Char('`'))) << t.toStdString();
}

TEST(NodeSidebar, SeveralNodesSelectedShowTheirOwnPageAndEachLinkSelectsOne) {
  // Issue 39: a two-node selection (a fused kernel's origins) showed the Model page.
  MainWindow w;
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  GraphView* g = w.graphView();
  g->waitForLayout();
  std::vector<int> nodes;
  for (size_t i = 0; i < g->model().items.size() && nodes.size() < 2; ++i)
    if (g->model().items[i].kind == api::ViewItemKind::kNode) nodes.push_back(static_cast<int>(i));
  ASSERT_EQ(nodes.size(), 2u);
  g->showLinked(nodes);
  g->waitForLayout();
  const QString page = w.sidebar()->plainText();
  const QString title = NodeSidebar::tr("%n node(s) selected", nullptr, 2);
  EXPECT_TRUE(page.startsWith(title)) << page.toStdString();
  const auto& gs = g->snapshot()->graphs[g->graphIndex()];
  for (int item : nodes) {
    const api::SnapshotNode& n = gs.nodes[g->model().items[item].index];
    EXPECT_TRUE(page.contains(QString::fromStdString(n.name))) << page.toStdString();
  }
  w.sidebar()->followLink(QUrl(QStringLiteral("onnxlens:node/%1").arg(nodes[1])));
  g->waitForLayout();
  EXPECT_EQ(g->selectedItem(), nodes[1]);
  EXPECT_FALSE(w.sidebar()->plainText().startsWith(title));
}

TEST(NodeSidebar, LinksStayReadableInTheDarkThemeChosenFromTheViewMenu) {
  const QString before = themeSetting();
  MainWindow w;
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  GraphView* v = w.graphView();
  v->selectItem(v->model().item_of_node[0]);  // a page with links ("Select all …")
  ASSERT_TRUE(w.sidebar()->linkColor().isValid());
  // View → Theme → Dark.
  QAction* dark = nullptr;
  for (QAction* menu : w.menuBar()->actions())
    for (QAction* a : menu->menu() ? menu->menu()->actions() : QList<QAction*>())
      if (a->menu() && a->text().remove('&') == QStringLiteral("Theme"))
        for (QAction* t : a->menu()->actions())
          if (t->data().toString() == QStringLiteral("dark")) dark = t;
  ASSERT_TRUE(dark) << "no View → Theme → Dark";
  dark->trigger();
  QCoreApplication::processEvents();
  EXPECT_EQ(themeSetting(), QStringLiteral("dark"));
  // The page shown before the switch: its links now light on the dark background.
  const QColor link = w.sidebar()->linkColor();
  const QColor base = w.sidebar()->palette().color(QPalette::Base);
  EXPECT_GT(link.lightness() - base.lightness(), 100)
      << link.name().toStdString() << " on " << base.name().toStdString();
  // And a page shown in the dark theme too.
  v->selectItem(v->model().item_of_node[1]);
  EXPECT_GT(w.sidebar()->linkColor().lightness() - base.lightness(), 100);
  setThemeSetting(before);
  applyTheme(QStringLiteral("system"));
}

}  // namespace
}  // namespace onnxlens::widgets
