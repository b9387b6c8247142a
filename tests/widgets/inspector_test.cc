// The inspector around the graph view: tensor pages (statistics, histogram, .npy), model
// properties, "select all of this op type", find results (list model, marks, hover), subgraph
// bodies with the breadcrumb back, the layout cache, unknown ops, status bar and shortcuts.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCoreApplication>
#include <QFile>
#include <QGraphicsPathItem>
#include <QKeyEvent>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include "api/graph_snapshot.h"
#include "api/value_io.h"
#include "ir/model.h"
#include "ir/tensor.h"
#include "onnx/model_io.h"
#include "test_paths.h"
#include "widgets/breadcrumb_bar.h"
#include "widgets/find_bar.h"
#include "widgets/find_results_model.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/node_sidebar.h"
#include "widgets/tensor_panel.h"
#include "widgets/theme.h"

namespace onnxlens::widgets {
namespace {

int FirstItem(const GraphView* v, const std::string& title) {
  for (size_t i = 0; i < v->model().items.size(); ++i)
    if (v->model().items[i].title == title) return static_cast<int>(i);
  return -1;
}

void Open(MainWindow& w, const std::filesystem::path& p) {
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.openFile(QString::fromStdString(p.string()));
  w.waitForLoad();
}

TEST(Inspector, InitializerPageShowsStatisticsHistogramAndSavesNpy) {
  MainWindow w;
  Open(w, testing::SampleModel());
  GraphView* v = w.graphView();
  const int conv = FirstItem(v, "Conv");
  ASSERT_GE(conv, 0);
  v->selectItem(conv);
  const auto& g = v->snapshot()->graphs[0];
  const auto& node = g.nodes[v->model().items[conv].index];
  const int weight = node.inputs[1];
  ASSERT_TRUE(g.values[weight].data);
  // The node page links the initializer; following the link opens its page.
  w.sidebar()->followLink(QUrl("onnxlens:tensor/" + QString::number(weight)));
  ASSERT_TRUE(w.sidebar()->isShowingTensor());
  TensorPanel* t = w.sidebar()->tensorPanel();
  const api::TensorStats& s = t->stats();
  EXPECT_EQ(s.numel, g.values[weight].numel);
  EXPECT_LE(s.min, s.mean);
  EXPECT_LE(s.mean, s.max);
  EXPECT_GT(s.stddev, 0);
  EXPECT_EQ(t->histogramBins(), 64);
  const QString text = w.sidebar()->plainText();
  for (const char* want : {"float32[16,3,3,3]", "Min", "Max", "Mean", "Std", "Sparsity", "First"})
    EXPECT_TRUE(text.contains(QString::fromUtf8(want))) << want;
  // Save as .npy: read back equal.
  QTemporaryDir dir;
  const QString path = dir.filePath("w.npy");
  QString error;
  ASSERT_TRUE(t->saveNpy(path, &error)) << error.toStdString();
  auto back = api::ReadNpy(path.toStdString());
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_TRUE(back->SameContent(*g.values[weight].data));
  EXPECT_FALSE(t->saveNpy(dir.filePath("missing/dir/w.npy"), &error));
  EXPECT_FALSE(error.isEmpty());
  // Back to the node; with nothing selected the model's and graph's properties.
  emit t->backRequested();
  EXPECT_FALSE(w.sidebar()->isShowingTensor());
  v->selectItem(-1);
  const QString props = w.sidebar()->plainText();
  for (const char* want : {"Model", "Format", "ONNX v", "Imports", "ai.onnx", "Graph", "Inputs"})
    EXPECT_TRUE(props.contains(QString::fromUtf8(want))) << want;
}

TEST(Inspector, SelectAllOfAnOpTypeMarksEveryNodeAndListsThem) {
  MainWindow w;
  Open(w, testing::SampleModel());
  GraphView* v = w.graphView();
  v->selectItem(FirstItem(v, "Conv"));
  EXPECT_TRUE(w.sidebar()->plainText().contains("Select all Conv nodes"));
  w.sidebar()->followLink(QUrl("onnxlens:optype/Conv"));
  w.graphView()->waitForLayout();
  int convs = 0;
  for (const auto& n : v->snapshot()->graphs[0].nodes) convs += n.op_type == "Conv";
  ASSERT_GT(convs, 1);
  EXPECT_EQ(static_cast<int>(w.findBar()->hits().size()), convs);
  EXPECT_EQ(static_cast<int>(v->markedItems().size()), convs);
  FindResultsModel* results = w.findBar()->results();
  QAbstractItemModelTester tester(results, QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_EQ(results->rowCount(), convs);
  EXPECT_TRUE(results->index(0).data().toString().startsWith("Conv"));
  EXPECT_TRUE(results->index(0).data(Qt::DecorationRole).canConvert<QColor>());
  // Hovering a result highlights its node; a click goes to it.
  const int second = results->index(1).data(Qt::UserRole).toInt();
  emit w.findBar()->resultList()->entered(results->index(1));
  EXPECT_EQ(v->hoverItem(), second);
  emit w.findBar()->resultList()->clicked(results->index(1));
  v->waitForLayout();
  EXPECT_EQ(v->selectedItem(), second);
  // Closing the bar clears the marks.
  w.findBar()->dismiss();
  EXPECT_TRUE(v->markedItems().empty());
}

TEST(Inspector, SubgraphBodyOpensWithABreadcrumbBack) {
  const auto path = testing::OnnxTestDataDir() / "node/test_if/model.onnx";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "libonnx-testdata is not installed";
  MainWindow w;
  Open(w, path);
  GraphView* v = w.graphView();
  EXPECT_TRUE(w.breadcrumb()->isHidden());
  const int ifItem = FirstItem(v, "If");
  ASSERT_GE(ifItem, 0);
  v->selectItem(ifItem);
  EXPECT_TRUE(w.sidebar()->plainText().contains("Subgraphs"));
  const int body = v->snapshot()->graphs[0].nodes[v->model().items[ifItem].index].subgraphs[0];
  w.sidebar()->followLink(QUrl("onnxlens:graph/" + QString::number(body)));
  v->waitForLayout();
  EXPECT_EQ(v->graphIndex(), body);
  EXPECT_FALSE(w.breadcrumb()->isHidden());
  const QStringList crumbs = w.breadcrumb()->segments();
  ASSERT_EQ(crumbs.size(), 2);
  EXPECT_EQ(crumbs[0], "main graph");
  EXPECT_TRUE(crumbs[1].contains("then_branch") || crumbs[1].contains("else_branch"))
      << crumbs[1].toStdString();
  EXPECT_EQ(v->visibleNodeItems(), static_cast<int>(v->snapshot()->graphs[body].nodes.size()));
  // Back with the breadcrumb, in again with Backspace's opposite (double-click is the same
  // signal), out with Backspace.
  w.breadcrumb()->activate(0);
  v->waitForLayout();
  EXPECT_EQ(v->graphIndex(), 0);
  EXPECT_TRUE(w.breadcrumb()->isHidden());
  w.openGraph(body);
  v->waitForLayout();
  QKeyEvent back(QEvent::KeyPress, Qt::Key_Backspace, Qt::NoModifier);
  QCoreApplication::sendEvent(v, &back);
  v->waitForLayout();
  EXPECT_EQ(v->graphIndex(), 0);
}

TEST(Inspector, LayoutsAreCachedWhenAStateComesBack) {
  GraphView v;
  auto snap = api::SnapshotModelFile(testing::SampleModel().string());
  ASSERT_TRUE(snap.ok());
  v.setSnapshot(*snap);
  v.waitForLayout();
  const int g = v.model().layout.hierarchy.groups[0].groups[0];
  const int before = v.layoutCacheHits();
  const int nodes = v.visibleNodeItems();
  v.setGroupExpanded(g, false);
  v.waitForLayout();
  EXPECT_EQ(v.layoutCacheHits(), before);
  v.setGroupExpanded(g, true);  // the first layout again: from the cache
  v.waitForLayout();
  EXPECT_EQ(v.layoutCacheHits(), before + 1);
  EXPECT_EQ(v.visibleNodeItems(), nodes);
  api::GraphViewOptions o = v.options();
  o.horizontal = !o.horizontal;
  v.setOptions(o);
  v.waitForLayout();
  o.horizontal = !o.horizontal;
  v.setOptions(o);
  v.waitForLayout();
  EXPECT_EQ(v.layoutCacheHits(), before + 2);
}

TEST(Inspector, UnknownOpOpensMarkedNotCrashing) {
  ir::Model m;
  m.opset_imports.push_back({"", 17});
  m.opset_imports.push_back({"my.custom", 1});
  m.graph = std::make_unique<ir::Graph>("g");
  ir::Value* x = m.graph->CreateValue("x");
  x->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({2})));
  m.graph->AddInput(x);
  ir::Node* n = m.graph->AddNode("Frobnicate", "my.custom", "frob");
  n->AddInput(x);
  n->AddOutput(m.graph->CreateValue("y"));
  m.graph->AddOutput(n->output(0));
  QTemporaryDir dir;
  const std::string path = dir.filePath("custom.onnx").toStdString();
  ASSERT_TRUE(onnx_io::SaveModelFile(m, path).ok());
  MainWindow w;
  Open(w, path);
  GraphView* v = w.graphView();
  const int item = FirstItem(v, "Frobnicate");
  ASSERT_GE(item, 0);
  EXPECT_TRUE(v->model().items[item].unknown);
  EXPECT_EQ(v->model().items[item].rows.front().first, api::kUnknownOpRow);
  v->selectItem(item);
  EXPECT_TRUE(w.sidebar()->plainText().contains("Unknown op"));
}

TEST(Inspector, AVeryWideNodeListsItsFirstValuesAndCountsTheRest) {
  // A Split with 5,000 outputs: the sidebar lists 200 (a 50,000-row table froze the window for
  // seconds per click) and says how many more there are.
  ir::Model m;
  m.opset_imports.push_back({"", 17});
  m.graph = std::make_unique<ir::Graph>("g");
  ir::Value* x = m.graph->CreateValue("x");
  x->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({5000})));
  m.graph->AddInput(x);
  ir::Node* split = m.graph->AddNode("Split", "", "split");
  split->AddInput(x);
  ir::Node* concat = m.graph->AddNode("Concat", "", "concat");
  concat->SetAttribute(ir::Attribute::Int("axis", 0));
  for (int i = 0; i < 5000; ++i) {
    ir::Value* part = m.graph->CreateValue("part_" + std::to_string(i));
    split->AddOutput(part);
    concat->AddInput(part);
  }
  concat->AddOutput(m.graph->CreateValue("y"));
  m.graph->AddOutput(concat->output(0));
  QTemporaryDir dir;
  const std::string path = dir.filePath("wide.onnx").toStdString();
  ASSERT_TRUE(onnx_io::SaveModelFile(m, path).ok());
  MainWindow w;
  Open(w, path);
  GraphView* v = w.graphView();
  const int item = FirstItem(v, "Split");
  ASSERT_GE(item, 0);
  v->selectItem(item);
  const QString text = w.sidebar()->plainText();
  EXPECT_TRUE(text.contains("part_199")) << text.left(400).toStdString();
  EXPECT_FALSE(text.contains("part_200"));
  EXPECT_TRUE(text.contains(QString("and %1 more, not listed").arg(QLocale().toString(4800))));
}

TEST(Inspector, StatusBarCountsNodesAndHelpListsShortcuts) {
  MainWindow w;
  Open(w, testing::SampleModel());
  bool counted = false;
  for (QLabel* l : w.statusBar()->findChildren<QLabel*>()) counted |= l->text() == "18 node(s)";
  EXPECT_TRUE(counted);
  const auto list = w.shortcutList();
  auto has = [&](const QString& keys) {
    for (const auto& [k, what] : list)
      if (k.contains(keys)) return true;
    return false;
  };
  for (const char* keys : {"Ctrl+D", "Ctrl+I", "Ctrl+U", "Ctrl+K", "Ctrl+F", "Ctrl+Shift+E",
                           "Ctrl+0", "F5", "Backspace", "Up / Down"})
    EXPECT_TRUE(has(keys)) << keys;
}

TEST(Inspector, DarkThemeRepaintsTheGraphInDarkColours) {
  MainWindow w;
  Open(w, testing::SampleModel());
  EXPECT_FALSE(w.graphView()->colors().dark);
  applyTheme("dark");
  QCoreApplication::processEvents();
  EXPECT_TRUE(isDarkPalette(QApplication::palette()));
  EXPECT_TRUE(w.graphView()->colors().dark);
  EXPECT_EQ(w.graphView()->backgroundBrush().color(), w.graphView()->colors().background);
  EXPECT_EQ(w.graphView()->visibleNodeItems(), 18);  // the scene is rebuilt, not lost
  applyTheme("light");
  QCoreApplication::processEvents();
  EXPECT_FALSE(w.graphView()->colors().dark);
  applyTheme("system");
}

TEST(Inspector, ClickingAnEdgeSelectsItsTensor) {
  MainWindow w;
  w.resize(1200, 800);
  Open(w, testing::SampleModel());
  GraphView* v = w.graphView();
  const int conv = FirstItem(v, "Conv");
  const auto& g = v->snapshot()->graphs[0];
  const int value = g.nodes[v->model().items[conv].index].outputs[0];  // Conv -> next node
  ASSERT_TRUE(v->selectEdge(value));
  EXPECT_EQ(v->selectedEdge(), value);
  EXPECT_EQ(v->selectedItem(), -1);
  EXPECT_EQ(v->highlightedEdges(), 1);
  const QString text = w.sidebar()->plainText();
  EXPECT_TRUE(text.contains(QString::fromStdString(g.values[value].name)));
  EXPECT_TRUE(text.contains("Produced by"));
  EXPECT_TRUE(text.contains("Consumers"));
  // A click a couple of pixels beside the drawn curve selects it too; far away selects nothing.
  v->selectItem(-1);
  QPointF onEdge;
  for (const QGraphicsItem* it : v->scene()->items()) {
    if (const auto* p = dynamic_cast<const QGraphicsPathItem*>(it)) {
      const QPointF mid = p->path().pointAtPercent(0.5);
      if (v->edgeAt(mid) == value) onEdge = mid;
    }
  }
  ASSERT_FALSE(onEdge.isNull());
  EXPECT_EQ(v->edgeAt(onEdge + QPointF(2 / v->zoom(), 0)), value);
  EXPECT_EQ(v->edgeAt(onEdge + QPointF(60 / v->zoom(), 0)), -1);
  v->centerOn(onEdge);
  QTest::mouseClick(v->viewport(), Qt::LeftButton, Qt::NoModifier, v->mapFromScene(onEdge));
  EXPECT_EQ(v->selectedEdge(), value);
  EXPECT_EQ(v->selectEdge(-1), true);
  EXPECT_EQ(v->selectedEdge(), -1);
}

}  // namespace
}  // namespace onnxlens::widgets
