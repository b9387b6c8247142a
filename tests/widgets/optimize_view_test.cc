// The Optimize tab: levels side by side with node correspondence, the pass stepper, model diff,
// the op-count table, verification and the export dialog (same bytes as the CLI).
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QProcess>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <set>

#include "api/graph_diff.h"
#include "api/optimize.h"
#include "test_paths.h"
#include "widgets/compare_view.h"
#include "widgets/export_model_dialog.h"
#include "widgets/graph_view.h"
#include "widgets/input_spec_edit.h"
#include "widgets/main_window.h"
#include "widgets/op_count_model.h"
#include "widgets/optimize_view.h"
#include "widgets/pass_stepper.h"
#include "widgets/verify_panel.h"

namespace onnxlens::widgets {
namespace {

using Side = CompareView::Side;

std::filesystem::path Corpus(const char* name) {
  return testing::CorpusDir() / name / "model.onnx";
}

// Opens `model` in a shown window on the Optimize tab and waits for the trace.
void OpenOptimize(MainWindow& w, const std::filesystem::path& model) {
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  w.openFile(QString::fromStdString(model.string()));
  w.waitForLoad();
  ASSERT_TRUE(w.showView(QStringLiteral("compare")));
  w.optimizeView()->waitForTrace();
  ASSERT_TRUE(w.optimizeView()->trace()) << model;
}

int NodeWithOp(const api::SnapshotGraph& g, const std::string& op) {
  for (size_t n = 0; n < g.nodes.size(); ++n)
    if (g.nodes[n].op_type == op) return static_cast<int>(n);
  return -1;
}

std::vector<int> ItemsOf(const GraphView* v, const std::vector<int>& nodes) {
  std::vector<int> out;
  for (int n : nodes)
    if (v->model().item_of_node[n] >= 0) out.push_back(v->model().item_of_node[n]);
  std::sort(out.begin(), out.end());
  return out;
}

void ExpectFusedWithOrigins(const std::filesystem::path& model,
                            const std::vector<std::string>& ops) {
  MainWindow w;
  OpenOptimize(w, model);
  CompareView* cmp = w.optimizeView()->compare();
  QString error;
  ASSERT_TRUE(cmp->setSource(Side::kLeft, QStringLiteral("original"), &error));
  ASSERT_TRUE(cmp->setSource(Side::kRight, QStringLiteral("extended"), &error));
  cmp->waitForLayout();
  ASSERT_TRUE(cmp->byProvenance());
  const auto& right = cmp->snapshot(Side::kRight)->graphs[0];
  GraphView* lv = cmp->view(Side::kLeft);
  GraphView* rv = cmp->view(Side::kRight);
  for (const std::string& op : ops) {
    const int n = NodeWithOp(right, op);
    ASSERT_GE(n, 0) << model << ": no " << op << " after extended";
    EXPECT_EQ(cmp->diff().right[n], api::DiffState::kFused) << op;
    const int item = rv->model().item_of_node[n];
    ASSERT_GE(item, 0);
    EXPECT_EQ(rv->itemHalos()[item], diffColor(api::DiffState::kFused)) << op << " is not amber";
    // Selecting the fused node selects every origin on the left (those drawn as boxes).
    cmp->selectNode(Side::kRight, n);
    cmp->waitForLayout();
    const auto& origins = cmp->diff().right_to_left[n];
    ASSERT_GE(origins.size(), 2u) << op;
    std::vector<int> linked = lv->linkedItems();
    std::sort(linked.begin(), linked.end());
    EXPECT_EQ(linked, ItemsOf(lv, origins)) << op;
    EXPECT_GE(linked.size(), 2u) << op;
    for (int o : origins) {
      EXPECT_EQ(cmp->diff().left[o], api::DiffState::kFused);
      const int oi = lv->model().item_of_node[o];
      if (oi < 0) continue;  // a folded Constant, drawn inside its consumer
      EXPECT_EQ(lv->itemHalos()[oi], diffColor(api::DiffState::kFused));
      EXPECT_FALSE(lv->itemRect(oi).isNull()) << "origin not drawn (group closed)";
    }
    EXPECT_TRUE(cmp->selectionText().contains(QStringLiteral("fused from"))) << op;
    // And back: an origin selects the fused node.
    cmp->selectNode(Side::kLeft, origins.front());
    cmp->waitForLayout();
    EXPECT_EQ(rv->linkedItems(), std::vector<int>{item}) << op;
  }
}

TEST(OptimizeView, FusedNodesAreAmberAndSelectTheirOrigins) {
  if (!std::filesystem::exists(Corpus("bert_tiny")))
    GTEST_SKIP() << "../shared/corpus not found: bert_tiny / resnet18 checks skipped";
  ExpectFusedWithOrigins(Corpus("bert_tiny"),
                         {"Attention", "LayerNormalization", "EmbedLayerNormalization"});
  ExpectFusedWithOrigins(Corpus("resnet18"), {"FusedConv"});
}

void ExpectSteppingEndsAtTheLevelResult(const std::filesystem::path& model) {
  MainWindow w;
  OpenOptimize(w, model);
  OptimizeView* ov = w.optimizeView();
  ASSERT_TRUE(w.showView(QStringLiteral("steps")));
  const auto trace = ov->trace();
  const int steps = static_cast<int>(trace->steps.size());
  ASSERT_GT(steps, 1) << model;
  PassStepper* st = ov->stepper();
  EXPECT_EQ(st->model()->rowCount(), steps);
  CompareView* cmp = ov->compare();
  st->selectStep(1);
  EXPECT_EQ(cmp->step(Side::kRight), 1);
  // The keyboard steps too: Down in the list.
  st->table()->setFocus();
  QTest::keyClick(st->table(), Qt::Key_Down);
  EXPECT_EQ(cmp->step(Side::kRight), 2);
  // The ring marks what that one step changed.
  EXPECT_FALSE(cmp->view(Side::kRight)->markedItems().empty() &&
               trace->steps[1].added + trace->steps[1].modified > 0);
  while (st->currentStep() < steps) st->stepForward();
  cmp->waitForLayout();
  EXPECT_EQ(cmp->step(Side::kRight), steps);
  for (const char* level : {"extended", "layout"}) {
    api::OptimizeRequest req;
    req.level = level;
    auto r = api::OptimizeModelFile(model, req);
    ASSERT_TRUE(r.ok()) << r.status().message();
    const int end = trace->StepOfLevel(level);
    st->selectStep(end);
    EXPECT_EQ(cmp->snapshot(Side::kRight)->node_count_total, r->nodes_after) << level;
    const api::OpCountTable t =
        api::CompareOpCounts(*cmp->snapshot(Side::kRight), *cmp->snapshot(Side::kRight));
    std::map<std::string, int64_t> ops;
    for (const auto& row : t.rows) ops[row.op] = row.after;
    EXPECT_EQ(ops, r->ops_after) << model << " at " << level;
  }
  EXPECT_EQ(cmp->snapshot(Side::kRight), trace->snapshots.back());

  // A double-click shows one pass alone: before on the left, after on the right.
  const QModelIndex third = st->model()->index(2, StepListModel::PassColumn);
  const QRect rect = st->table()->visualRect(third);
  // (An item view takes a double-click only after a press on the same row.)
  QTest::mouseClick(st->table()->viewport(), Qt::LeftButton, {}, rect.center());
  QTest::mouseDClick(st->table()->viewport(), Qt::LeftButton, {}, rect.center());
  EXPECT_EQ(cmp->step(Side::kLeft), 2);
  EXPECT_EQ(cmp->step(Side::kRight), 3);

  // Disabling a pass re-runs without it, in one click.
  st->selectStep(1);
  const std::string pass = trace->steps[0].pass;
  st->disableSelectedPass();
  ov->waitForTrace();
  ASSERT_NE(ov->trace(), trace);
  EXPECT_EQ(ov->trace()->request.disabled, std::vector<std::string>{pass});
  for (const auto& s : ov->trace()->steps) EXPECT_NE(s.pass, pass);
}

TEST(OptimizeView, SteppingThroughEveryStepEndsAtTheLevelResult) {
  ExpectSteppingEndsAtTheLevelResult(testing::SampleModel());
  for (const char* m : {"bert_tiny", "resnet18"})
    if (std::filesystem::exists(Corpus(m))) ExpectSteppingEndsAtTheLevelResult(Corpus(m));
}

void ExpectModelDiffColoursOnlyChanges(const std::filesystem::path& model) {
  QTemporaryDir tmp;
  const std::string exported = tmp.filePath(QStringLiteral("standard.onnx")).toStdString();
  api::OptimizeRequest req;
  req.level = "extended";
  req.format = "standard";
  req.output = exported;
  ASSERT_TRUE(api::OptimizeModelFile(model, req).ok());

  MainWindow w;
  OpenOptimize(w, model);
  OptimizeView* ov = w.optimizeView();
  ov->setFormat(QStringLiteral("standard"));
  ov->waitForTrace();
  const auto trace = ov->trace();
  ASSERT_EQ(trace->request.format, "standard");
  const api::GraphDiff truth = api::DiffByProvenance(
      trace->snapshots[0]->graphs[0], trace->snapshots[trace->StepOfLevel("extended")]->graphs[0]);

  CompareView* cmp = ov->compare();
  QString error;
  ASSERT_TRUE(cmp->setSource(Side::kLeft, QStringLiteral("original"), &error));
  ASSERT_TRUE(cmp->setSource(Side::kRight, QString::fromStdString(exported), &error));
  cmp->waitForLayout();
  ASSERT_FALSE(cmp->byProvenance());
  ASSERT_EQ(cmp->step(Side::kRight), -1);
  const api::GraphDiff& d = cmp->diff();
  ASSERT_EQ(d.left.size(), truth.left.size());
  GraphView* lv = cmp->view(Side::kLeft);
  int coloured = 0;
  for (size_t n = 0; n < d.left.size(); ++n) {
    const bool changed = truth.left[n] != api::DiffState::kUnchanged;
    EXPECT_EQ(d.left[n] != api::DiffState::kUnchanged, changed)
        << model << ": " << cmp->snapshot(Side::kLeft)->graphs[0].nodes[n].name;
    const int item = lv->model().item_of_node[n];
    if (item < 0) continue;
    EXPECT_EQ(lv->itemHalos()[item].isValid(), changed);
    coloured += changed;
  }
  EXPECT_GT(coloured, 0);
  // The same file on both sides: nothing coloured.
  ASSERT_TRUE(cmp->setSource(Side::kLeft, QString::fromStdString(exported), &error));
  cmp->waitForLayout();
  EXPECT_TRUE(cmp->diff().identical());
  EXPECT_TRUE(cmp->view(Side::kRight)->itemHalos().empty());
}

TEST(OptimizeView, ModelDiffOfAFileAndItsStandardExportColoursOnlyWhatChanged) {
  ExpectModelDiffColoursOnlyChanges(testing::SampleModel());
  for (const char* m : {"bert_tiny", "resnet18"})
    if (std::filesystem::exists(Corpus(m))) ExpectModelDiffColoursOnlyChanges(Corpus(m));
}

TEST(OptimizeView, OpCountTableComparesTheTwoSides) {
  MainWindow w;
  OpenOptimize(w, testing::SampleModel());
  OpCountModel* m = w.optimizeView()->opCounts();
  QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_GT(m->rowCount(), OpCountModel::TotalRows);
  const int total = m->rowCount() - OpCountModel::TotalRows;
  EXPECT_EQ(m->data(m->index(total, 0)).toString(), QStringLiteral("All nodes"));
  const auto& t = m->table();
  EXPECT_LT(t.nodes_after, t.nodes_before);
  EXPECT_TRUE(m->data(m->index(total, 0), OpCountModel::ImprovedRole).toBool());
  int improved = 0;
  for (int r = 0; r < total; ++r)
    improved += m->data(m->index(r, 0), OpCountModel::ImprovedRole).toBool();
  EXPECT_GT(improved, 0);
  EXPECT_EQ(m->headerData(OpCountModel::BeforeColumn, Qt::Horizontal).toString(),
            QStringLiteral("Original"));
}

TEST(OptimizeView, VerifyRunsOffTheUiThreadAndReportsErrors) {
  MainWindow w;
  OpenOptimize(w, testing::SampleModel());
  VerifyPanel* v = w.optimizeView()->verifier();
  v->setInputs(QString(), 3);
  v->start();
  EXPECT_TRUE(v->isRunning() || v->report().ran);
  v->waitForFinished();
  ASSERT_TRUE(v->report().ran);
  EXPECT_TRUE(v->report().ok);
  EXPECT_EQ(v->results()->rowCount(), static_cast<int>(v->report().outputs.size()));
  EXPECT_GT(v->results()->rowCount(), 0);
  // The result says which tolerance decided.
  const QString result = v->results()->item(0, 4)->text();
  const bool byAtol = v->report().outputs[0].max_rel_diff > api::VerifyRequest().rtol;
  EXPECT_EQ(result, byAtol ? QStringLiteral("match (by atol)") : QStringLiteral("match (by rtol)"));
  EXPECT_TRUE(v->results()->item(0, 4)->toolTip().contains(QStringLiteral("atol + rtol")));
  // Cancel right away: no crash, no stale result.
  v->start();
  v->cancel();
  v->waitForFinished();
  EXPECT_FALSE(v->isRunning());
}

TEST(OptimizeView, VerifyTakesDimensionsAndValueRanges) {
  MainWindow w;
  OpenOptimize(w, testing::SampleModel());  // image [batch, 3, 32, 32]
  VerifyPanel* v = w.optimizeView()->verifier();
  v->setInputs(QString(), 0);
  v->inputSpec()->dimsEdit()->setText(QStringLiteral("batch=x"));
  v->start();
  EXPECT_FALSE(v->isRunning());
  EXPECT_TRUE(v->statusText().contains(QStringLiteral("batch=x"))) << v->statusText().toStdString();
  v->inputSpec()->dimsEdit()->setText(QStringLiteral("nope=2"));
  v->start();
  v->waitForFinished();
  EXPECT_FALSE(v->report().ran);
  EXPECT_TRUE(v->statusText().contains(QStringLiteral("batch"))) << v->statusText().toStdString();
  v->inputSpec()->dimsEdit()->setText(QStringLiteral("batch=3"));
  v->inputSpec()->rangesEdit()->setText(QStringLiteral("image=0,255"));
  v->start();
  v->waitForFinished();
  ASSERT_TRUE(v->report().ran) << v->statusText().toStdString();
  EXPECT_TRUE(v->report().ok);
}

TEST(OptimizeView, AnotherModelOpenedDuringATraceIsTracedInstead) {
  MainWindow w;
  OpenOptimize(w, testing::SampleModel());
  OptimizeView* ov = w.optimizeView();
  const QString first = QString::fromStdString(testing::SampleModel().string());
  QTemporaryDir tmp;
  const QString second = tmp.filePath(QStringLiteral("copy.onnx"));
  ASSERT_TRUE(QFile::copy(first, second));
  ov->rerun({});             // a trace of the first model is running…
  ov->setModelPath(second);  // …when another model is opened
  for (int i = 0; i < 100 && (ov->isTracing() || !ov->trace()); ++i) ov->waitForTrace();
  ASSERT_TRUE(ov->trace());
  EXPECT_EQ(ov->trace()->model, second.toStdString());
}

QByteArray ReadAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

TEST(ExportModelDialog, WritesTheSameFileAsTheCli) {
  QTemporaryDir tmp;
  const QString model = QString::fromStdString(testing::SampleModel().string());
  for (const char* format : {"ort", "standard"}) {
    const QString gui = tmp.filePath(QStringLiteral("gui_%1.onnx").arg(format));
    const QString cli = tmp.filePath(QStringLiteral("cli_%1.onnx").arg(format));
    ExportModelDialog d(model);
    d.setLevel(QStringLiteral("extended"));
    d.setFormat(QString::fromLatin1(format));
    d.setOutputPath(gui);
    EXPECT_TRUE(d.commandLine().contains(QStringLiteral("--format %1").arg(format)));
    d.startExport();
    d.waitForExport();
    ASSERT_EQ(d.exportedPath(), gui) << d.errorText().toStdString();
    QProcess p;
    p.start(
        QStringLiteral(ONNXLENS_CLI),
        {QStringLiteral("optimize"), model, QStringLiteral("--level"), QStringLiteral("extended"),
         QStringLiteral("-o"), cli, QStringLiteral("--format"), QString::fromLatin1(format)});
    ASSERT_TRUE(p.waitForFinished(60000));
    ASSERT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
    const QByteArray a = ReadAll(gui), b = ReadAll(cli);
    EXPECT_GT(a.size(), 1000);
    EXPECT_EQ(a, b) << format << ": the GUI and the CLI wrote different files";
  }
}

TEST(ExportModelDialog, NeverOverwritesTheOpenedModelAndAsksBeforeReplacing) {
  QTemporaryDir tmp;
  const QString model = tmp.filePath(QStringLiteral("model.onnx"));
  ASSERT_TRUE(QFile::copy(QString::fromStdString(testing::SampleModel().string()), model));
  const QByteArray original = ReadAll(model);
  {
    ExportModelDialog d(model);
    d.setOutputPath(model);
    d.startExport();
    d.waitForExport();
    EXPECT_TRUE(d.exportedPath().isEmpty());
    EXPECT_TRUE(d.errorText().contains(QStringLiteral("opened model")))
        << d.errorText().toStdString();
    EXPECT_EQ(ReadAll(model), original);
  }
  const QString other = tmp.filePath(QStringLiteral("other.onnx"));
  {
    QFile f(other);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("keep me");
  }
  int asked = 0;
  {
    ExportModelDialog d(model);
    d.setOutputPath(other);
    d.setAsk([&asked](const QString&, const QString&) {
      ++asked;
      return false;
    });
    d.startExport();
    d.waitForExport();
    EXPECT_EQ(asked, 1);
    EXPECT_EQ(ReadAll(other), QByteArray("keep me"));
  }
  {
    ExportModelDialog d(model);
    d.setOutputPath(other);
    d.setAsk([](const QString&, const QString&) { return true; });
    d.startExport();
    d.waitForExport();
    EXPECT_EQ(d.exportedPath(), other) << d.errorText().toStdString();
    EXPECT_GT(ReadAll(other).size(), 1000);
  }
}

}  // namespace
}  // namespace onnxlens::widgets
