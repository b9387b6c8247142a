// GraphView: one item per node and per edge of a graph, groups that open and close, options that
// re-lay out, subgraph bodies, and the main window showing the graph of the model it opens.
#include "widgets/graph_view.h"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPainter>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <set>

#include "api/graph_snapshot.h"
#include "ir/model.h"
#include "ir/tensor.h"
#include "test_paths.h"
#include "widgets/find_bar.h"
#include "widgets/find_results_model.h"
#include "widgets/main_window.h"
#include "widgets/node_sidebar.h"

namespace onnxlens::widgets {
namespace {

std::shared_ptr<const api::GraphSnapshot> Snapshot(const std::filesystem::path& p) {
  auto s = api::SnapshotModelFile(p.string());
  EXPECT_TRUE(s.ok()) << s.status().message();
  return s.ok() ? *s : nullptr;
}

// Distinct (source item, target item) pairs: what the view draws as edges when all is open.
size_t DistinctEdges(const api::GraphViewModel& m) {
  std::set<std::pair<int, int>> pairs;
  for (const auto& e : m.edges) pairs.insert({e.from, e.to});
  return pairs.size();
}

TEST(GraphView, OneItemPerNodeAndPerEdge) {
  GraphView view;
  view.resize(800, 600);
  view.setSnapshot(Snapshot(testing::SampleModel()));
  view.waitForLayout();
  const auto& g = view.snapshot()->graphs[0];
  EXPECT_EQ(view.visibleNodeItems(), static_cast<int>(g.nodes.size()));  // 18 < first-view budget
  EXPECT_EQ(view.edgeItems(), static_cast<int>(DistinctEdges(view.model())));
  EXPECT_GT(view.edgeItems(), 17);
}

TEST(GraphView, CollapsingAGroupHidesItsNodes) {
  GraphView view;
  view.setSnapshot(Snapshot(testing::SampleModel()));
  view.waitForLayout();
  const auto& h = view.model().layout.hierarchy;
  ASSERT_GT(h.groups.size(), 1u);
  const int g = h.groups[0].groups[0];
  ASSERT_TRUE(view.isGroupExpanded(g));
  view.setGroupExpanded(g, false);
  view.waitForLayout();
  EXPECT_EQ(view.visibleNodeItems(),
            static_cast<int>(view.snapshot()->graphs[0].nodes.size()) - h.groups[g].total_nodes);
  view.expandAll(true);
  view.waitForLayout();
  EXPECT_EQ(view.visibleNodeItems(), static_cast<int>(view.snapshot()->graphs[0].nodes.size()));
}

TEST(GraphView, CorpusModelEveryNodeOnceWhenFullyExpanded) {
  const auto path = testing::CorpusDir() / "bert_tiny/model.onnx";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "../shared/corpus not found";
  GraphView view;
  view.setSnapshot(Snapshot(path));
  view.waitForLayout();
  const auto& g = view.snapshot()->graphs[0];
  const int nodes = static_cast<int>(g.nodes.size());
  EXPECT_LT(view.visibleNodeItems(), nodes);  // 467 nodes: the first view keeps groups closed
  view.expandAll(true);
  view.waitForLayout();
  // Constants are folded into the nodes they feed (a weight row each), as in Netron.
  int constants = 0;
  for (const auto& n : g.nodes) constants += n.op_type == "Constant";
  ASSERT_GT(constants, 0);
  EXPECT_EQ(view.visibleNodeItems(), nodes - constants);
  EXPECT_EQ(view.edgeItems(), static_cast<int>(DistinctEdges(view.model())));
  // Unfolded: one item per node and one per distinct edge.
  api::GraphViewOptions o = view.options();
  o.fold_constants = false;
  view.setOptions(o);
  view.waitForLayout();
  EXPECT_EQ(view.visibleNodeItems(), nodes);
  EXPECT_EQ(view.edgeItems(), static_cast<int>(DistinctEdges(view.model())));
  EXPECT_GT(view.edgeItems(), nodes - 1);
}

TEST(GraphView, OptionsAddRowsAndSwitchDirection) {
  GraphView view;
  view.setSnapshot(Snapshot(testing::SampleModel()));
  view.waitForLayout();
  const double tall = view.currentLayout().height;
  api::GraphViewOptions o = view.options();
  o.attributes = true;
  o.horizontal = true;
  view.setOptions(o);
  view.waitForLayout();
  EXPECT_LT(view.currentLayout().height, tall);  // left to right: wider, not taller
  bool attribute_row = false;
  for (const auto& it : view.model().items) {
    for (const auto& [k, v] : it.rows) attribute_row |= k == "kernel_shape";
  }
  EXPECT_TRUE(attribute_row);
}

TEST(GraphView, IfBodyIsAGraphOfItsOwn) {
  const auto path = testing::OnnxTestDataDir() / "node/test_if/model.onnx";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "libonnx-testdata is not installed";
  auto snap = Snapshot(path);
  const int body = snap->graphs[0].nodes[0].subgraphs[0];
  GraphView view;
  view.setSnapshot(snap, body);
  view.waitForLayout();
  EXPECT_EQ(view.graphIndex(), body);
  EXPECT_EQ(view.visibleNodeItems(), static_cast<int>(snap->graphs[body].nodes.size()));
}

TEST(GraphView, MainWindowShowsTheGraphOfTheOpenedModel) {
  MainWindow w;
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  ASSERT_NE(w.graphView()->snapshot(), nullptr);
  EXPECT_EQ(w.graphView()->visibleNodeItems(), 18);
}

TEST(NodeSidebar, ConvShowsSchemaNamesAttributesAndDocs) {
  MainWindow w;
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  GraphView* v = w.graphView();
  int conv = -1;
  for (size_t i = 0; i < v->model().items.size() && conv < 0; ++i) {
    if (v->model().items[i].title == "Conv") conv = static_cast<int>(i);
  }
  ASSERT_GE(conv, 0);
  v->selectItem(conv);
  const QString text = w.sidebar()->plainText();
  for (const char* want : {"Conv", "ai.onnx", "opset 13", "kernel_shape", "Inputs", "W",
                           "float32[16,3,3,3]", "Documentation", "convolution", "Type constraints"})
    EXPECT_TRUE(text.contains(QString::fromUtf8(want), Qt::CaseInsensitive)) << want;
  v->selectItem(0);  // the graph input
  EXPECT_TRUE(w.sidebar()->plainText().contains("Graph input"));
  EXPECT_TRUE(w.sidebar()->plainText().contains("image"));
}

TEST(FindBar, NextRevealsAHitInsideAClosedGroup) {
  MainWindow w;
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  GraphView* v = w.graphView();
  v->expandAll(false);
  v->waitForLayout();
  FindBar* f = w.findBar();
  f->activate();
  f->setQuery(QStringLiteral("\"Conv\" 16×16×3×3"));
  EXPECT_EQ(f->hits().size(), 2u);  // block1's two convs
  const int first = f->hits()[0];
  EXPECT_FALSE(v->currentLayout().node_visible[first]);
  f->next();
  v->waitForLayout();
  EXPECT_EQ(v->selectedItem(), first);
  EXPECT_TRUE(v->currentLayout().node_visible[first]);
  EXPECT_EQ(f->statusText(), QStringLiteral("1 of 2"));
  f->next();
  f->next();  // wraps around
  v->waitForLayout();
  EXPECT_EQ(v->selectedItem(), first);
  f->setQuery(QStringLiteral("/(bad/"));
  EXPECT_TRUE(f->hits().empty());
  EXPECT_TRUE(f->statusText().contains(QStringLiteral("(bad")));
}

// True when view item `item` lies wholly inside what `v` shows.
bool InView(const GraphView* v, int item) {
  const QRectF seen = v->mapToScene(v->viewport()->rect()).boundingRect();
  return seen.contains(v->itemRect(item));
}

TEST(FindBar, AHitSeenFromFarAwayIsShownAtAReadableZoomAndFZoomsToTheSelection) {
  MainWindow w;
  w.resize(1280, 800);
  w.show();
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  GraphView* v = w.graphView();
  v->setZoom(0.03);  // a 6,000-node graph fitted to the window is at 1-6 %
  ASSERT_LT(v->zoom(), 0.05);
  FindBar* f = w.findBar();
  f->activate();
  f->setQuery(QStringLiteral("\"Gemm\""));
  ASSERT_EQ(f->hits().size(), 1u);
  QTest::keyClick(f->findChild<QLineEdit*>(), Qt::Key_Return);  // Enter on the hit
  v->waitForLayout();
  EXPECT_EQ(v->selectedItem(), f->hits()[0]);
  EXPECT_GE(v->zoom(), 0.6) << "the hit is selected but unreadable";
  EXPECT_LE(v->zoom(), 1.0);
  EXPECT_TRUE(InView(v, f->hits()[0]));
  // A readable zoom is kept as it is.
  v->setZoom(0.8);
  f->next();
  EXPECT_DOUBLE_EQ(v->zoom(), 0.8);
  // F in the graph (and View → Zoom to Selection) does the same for the selection.
  v->setZoom(0.03);
  v->centerOn(0, 0);
  QTest::keyClick(v, Qt::Key_F);
  EXPECT_GE(v->zoom(), 0.6);
  EXPECT_TRUE(InView(v, v->selectedItem()));
  bool menu = false;
  for (const auto& [keys, what] : w.shortcutList())
    menu |= what == QStringLiteral("Zoom to Selection");
  EXPECT_TRUE(menu);
}

// PyTorch's export of weights shared by 40 modules: one initializer, read by 39 of the 40 MatMuls
// through Identity nodes.
std::shared_ptr<const api::GraphSnapshot> SharedWeightChain() {
  ir::Model m;
  m.opset_imports.push_back({"", 17});
  m.graph = std::make_unique<ir::Graph>("g");
  ir::Graph& g = *m.graph;
  ir::Value* x = g.CreateValue("x");
  x->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({1, 8})));
  g.AddInput(x);
  ir::Value* w = g.CreateValue("shared.weight");
  w->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({8, 8})));
  g.SetInitializer(w, ir::Tensor::FromVector<float>(ir::DataType::kFloat, {8, 8},
                                                    std::vector<float>(64, 0.25f)));
  ir::Value* cur = x;
  for (int i = 0; i < 40; ++i) {
    ir::Value* weight = w;
    if (i > 0) {
      ir::Node* id = g.AddNode("Identity", "", "onnx::MatMul_" + std::to_string(i));
      id->AddInput(w);
      id->AddOutput(g.CreateValue("id_" + std::to_string(i)));
      weight = id->output(0);
    }
    ir::Node* mm = g.AddNode("MatMul", "", "/layers." + std::to_string(i) + "/MatMul");
    mm->AddInput(cur);
    mm->AddInput(weight);
    mm->AddOutput(g.CreateValue("h_" + std::to_string(i)));
    cur = mm->output(0);
  }
  g.AddOutput(cur);
  return std::make_shared<api::GraphSnapshot>(api::SnapshotOf(m));
}

TEST(GraphView, IdentitiesOfASharedWeightFoldIntoTheirConsumers) {
  MainWindow w;
  w.resize(1280, 800);
  w.show();
  GraphView* v = w.graphView();
  v->setSnapshot(SharedWeightChain(), 0, /*openAll=*/true);
  v->waitForLayout();
  // 40 MatMul boxes in a column, no row of 39 Identity boxes beside them.
  EXPECT_EQ(v->visibleNodeItems(), 40);
  for (const auto& it : v->model().items) EXPECT_NE(it.title, "Identity");
  // Fit to the window keeps the column readable-ish instead of a 2 % line.
  v->fitToView();
  const QRectF all = v->scene()->itemsBoundingRect();
  EXPECT_GT(all.height(), all.width() * 3) << "the graph is not a column";
  // The sidebar of a MatMul links its B input (an Identity of the weight) to the weight's values.
  v->selectItem(v->model().item_of_node[2]);  // the second MatMul (after the first Identity)
  const QString text = w.sidebar()->plainText();
  EXPECT_TRUE(text.contains(QStringLiteral("Identity of shared.weight"))) << text.toStdString();
  // Finding the folded Identity by name goes to the MatMul it is drawn in.
  FindBar* f = w.findBar();
  f->activate();
  f->setQuery(QStringLiteral("\"onnx::MatMul_5\""));
  ASSERT_EQ(f->hits().size(), 1u);
  EXPECT_EQ(v->model().items[f->hits()[0]].title, "MatMul");
}

// The shape labels drawn; each clear of every box and of the other labels.
size_t ExpectLabelsClear(const std::filesystem::path& model, bool horizontal) {
  GraphView view;
  view.resize(1200, 800);
  api::GraphViewOptions o;
  o.horizontal = horizontal;
  view.setOptions(o);
  view.setSnapshot(Snapshot(model), 0, /*openAll=*/true);
  view.waitForLayout();
  std::vector<QRectF> boxes, labels;
  for (size_t i = 0; i < view.model().items.size(); ++i)
    if (!view.itemRect(static_cast<int>(i)).isNull())
      boxes.push_back(view.itemRect(static_cast<int>(i)));
  for (QGraphicsItem* it : view.scene()->items())
    if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(it))
      labels.push_back(t->sceneBoundingRect());
  EXPECT_FALSE(labels.empty()) << model << (horizontal ? " horizontal" : " vertical");
  for (size_t a = 0; a < labels.size(); ++a) {
    for (const QRectF& b : boxes)
      EXPECT_FALSE(labels[a].intersects(b))
          << model << (horizontal ? " horizontal" : " vertical") << ": a shape label under a box";
    for (size_t b = a + 1; b < labels.size(); ++b)
      EXPECT_FALSE(labels[a].intersects(labels[b]))
          << model << (horizontal ? " horizontal" : " vertical") << ": two labels overlap";
  }
  return labels.size();
}

TEST(GraphView, EdgeLabelsLieOnNoBoxAndNoOtherLabelInEitherDirection) {
  const auto resnet = testing::CorpusDir() / "resnet18" / "model.onnx";
  for (const auto& model : {testing::SampleModel(), resnet}) {
    if (!std::filesystem::exists(model)) continue;
    const size_t down = ExpectLabelsClear(model, false);
    // Left to right the ranks leave room for the labels: (nearly) as many are drawn.
    const size_t across = ExpectLabelsClear(model, true);
    EXPECT_GE(across * 10, down * 8) << model << ": " << across << " of " << down;
  }
}

TEST(NodeSidebar, LongTensorNamesWrapAtTheirSeparators) {
  MainWindow w;
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  GraphView* v = w.graphView();
  v->selectItem(v->model().item_of_node[1]);
  const auto* browser = w.sidebar()->findChild<QTextBrowser*>();
  ASSERT_TRUE(browser);
  const QString shown = browser->toPlainText();
  const auto& node = v->snapshot()->graphs[0].nodes[1];
  const std::string& input = v->snapshot()->graphs[0].values[node.inputs[0]].name;
  ASSERT_NE(input.find_first_of("/_."), std::string::npos) << input;
  // A break opportunity after each separator, none inside the words between them.
  EXPECT_TRUE(shown.contains(QChar(0x200B))) << input;
  EXPECT_TRUE(w.sidebar()->plainText().contains(QString::fromStdString(input)));
}

// Pixels of `image` (the scene rendered 1:1 from `origin`) around `box` close to `color`.
int PixelsNear(const QImage& image, QPointF origin, QRectF box, const QColor& color) {
  int n = 0;
  const QRect r = box.adjusted(-9, -9, 9, 9).translated(-origin).toAlignedRect();
  for (int y = std::max(0, r.top()); y <= std::min(image.height() - 1, r.bottom()); ++y)
    for (int x = std::max(0, r.left()); x <= std::min(image.width() - 1, r.right()); ++x) {
      const QColor c = image.pixelColor(x, y);
      n += std::abs(c.red() - color.red()) + std::abs(c.green() - color.green()) +
               std::abs(c.blue() - color.blue()) <
           60;
    }
  return n;
}

TEST(GraphView, TheSelectionIsDrawnStrongerThanTheHover) {
  GraphView view;
  view.setSnapshot(Snapshot(testing::SampleModel()));
  view.waitForLayout();
  const int selected = view.model().item_of_node[0], hovered = view.model().item_of_node[2];
  view.selectItem(selected);
  view.setHoverItem(hovered);
  const QRectF all = view.scene()->itemsBoundingRect();
  QImage image(all.size().toSize(), QImage::Format_ARGB32);
  image.fill(Qt::white);
  {
    QPainter p(&image);
    view.scene()->render(&p, QRectF(QPointF(0, 0), all.size()), all);
  }
  const int ring =
      PixelsNear(image, all.topLeft(), view.itemRect(selected), QColor(0x0d, 0x47, 0xa1));
  const int hover =
      PixelsNear(image, all.topLeft(), view.itemRect(hovered), QColor(0x42, 0xa5, 0xf5));
  EXPECT_GT(ring, 2 * hover) << "selection " << ring << " px, hover " << hover << " px";
  EXPECT_GT(ring, 100);
}

TEST(FindBar, ResultsSayWhyTheyMatchedAndAWeightIsFoundAsItself) {
  MainWindow w;
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  FindBar* f = w.findBar();
  f->activate();
  f->setQuery(QStringLiteral("bn.scale"));
  ASSERT_FALSE(f->hits().empty());
  int weights = 0;
  for (int r = 0; r < f->results()->rowCount(); ++r) {
    const QString row = f->results()->index(r).data().toString();
    if (f->found()[r].initializer) {
      ++weights;
      EXPECT_TRUE(row.section(QLatin1Char(' '), 0, 0).endsWith(QStringLiteral("bn.scale")))
          << row.toStdString();
      EXPECT_TRUE(row.contains(QStringLiteral("weight"))) << row.toStdString();
    } else {
      // A BatchNormalization matched through its scale input, and the row says so.
      EXPECT_TRUE(row.contains(QStringLiteral("matched by input scale ("))) << row.toStdString();
    }
  }
  ASSERT_GT(weights, 0);
  // Going to a weight's hit selects the node reading it and shows the weight's own page.
  ASSERT_TRUE(f->found()[0].initializer);
  f->next();
  w.graphView()->waitForLayout();
  EXPECT_EQ(w.graphView()->selectedItem(), f->hits()[0]);
  EXPECT_TRUE(w.sidebar()->isShowingTensor());
  f->next();  // a node hit: its node page
  w.graphView()->waitForLayout();
  EXPECT_EQ(w.sidebar()->isShowingTensor(), f->found()[1].initializer);
}

TEST(GraphView, SelectionHighlightsNeighboursAndKeysWalkTheGraph) {
  GraphView view;
  view.setSnapshot(Snapshot(testing::SampleModel()));
  view.waitForLayout();
  int gemm = -1;
  for (size_t i = 0; i < view.model().items.size(); ++i) {
    if (view.model().items[i].title == "Gemm") gemm = static_cast<int>(i);
  }
  ASSERT_GE(gemm, 0);
  view.selectItem(gemm);
  EXPECT_EQ(view.highlightedEdges(), 2);  // Flatten -> Gemm -> Softmax
  const std::vector<int> up = view.producersOf(gemm), down = view.consumersOf(gemm);
  ASSERT_EQ(up.size(), 1u);
  ASSERT_EQ(down.size(), 1u);
  QKeyEvent key_up(QEvent::KeyPress, Qt::Key_Up, Qt::NoModifier);
  QCoreApplication::sendEvent(&view, &key_up);
  EXPECT_EQ(view.selectedItem(), up[0]);
  EXPECT_EQ(view.model().items[view.selectedItem()].title, "Flatten");
  QKeyEvent key_down(QEvent::KeyPress, Qt::Key_Down, Qt::NoModifier);
  QCoreApplication::sendEvent(&view, &key_down);
  QCoreApplication::sendEvent(&view, &key_down);
  EXPECT_EQ(view.model().items[view.selectedItem()].title, "Softmax");
  QKeyEvent esc(QEvent::KeyPress, Qt::Key_Escape, Qt::NoModifier);
  QCoreApplication::sendEvent(&view, &esc);
  EXPECT_EQ(view.selectedItem(), -1);
  EXPECT_EQ(view.highlightedEdges(), 0);
}

TEST(GraphView, ExportsPngAndSvg) {
  GraphView view;
  view.setSnapshot(Snapshot(testing::SampleModel()));
  view.waitForLayout();
  QTemporaryDir dir;
  QString error;
  const QString png = dir.filePath("g.png"), svg = dir.filePath("g.svg");
  ASSERT_TRUE(view.exportImage(png, &error)) << error.toStdString();
  ASSERT_TRUE(view.exportImage(svg, &error)) << error.toStdString();
  QImage image(png);
  EXPECT_FALSE(image.isNull());
  EXPECT_GT(image.height(), image.width());  // a top-down graph
  QFile f(svg);
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  const QByteArray text = f.readAll();
  EXPECT_TRUE(text.contains("<svg"));
  EXPECT_TRUE(text.contains("BatchNormalization"));
  EXPECT_FALSE(view.exportImage(dir.filePath("no/such/dir/g.png"), &error));
  EXPECT_FALSE(error.isEmpty());
  EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 2);  // no temporary left behind
}

}  // namespace
}  // namespace onnxlens::widgets
