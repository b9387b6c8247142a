// The Quantize tab: the form's options reach QuantizeRequest; a run cancelled mid-calibration
// leaves the document as it was; the SQNR colouring gives every compared node a colour with the
// legend's range equal to the table's; the item models pass QAbstractItemModelTester; the numbers
// shown are those of `onnxlens-cli compare --json` on the same files; the window keeps 1280 px.
#include <gtest/gtest.h>

#include <QLocale>

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QProcess>
#include <QSpinBox>
#include <QTemporaryDir>
#include <nlohmann/json.hpp>

#include "sample_model.h"
#include "test_paths.h"
#include "widgets/document.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/node_sidebar.h"
#include "widgets/quantize_charts.h"
#include "widgets/quantize_coloring.h"
#include "widgets/quantize_form.h"
#include "widgets/quantize_models.h"
#include "widgets/quantize_view.h"

namespace onnxlens::widgets {
namespace {

void OpenInQuantize(MainWindow& w) {
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  w.openFile(Sample());
  w.waitForLoad();
}

// Random calibration on `samples` samples, then Quantize, waiting for the result.
void QuantizeRandom(MainWindow& w, int samples) {
  QuantizeForm* f = w.quantizeView()->form();
  f->sourceBox()->setCurrentIndex(QuantizeForm::RandomSource);
  f->randomSamples()->setValue(samples);
  ASSERT_TRUE(w.quantizeView()->quantize());
  w.quantizeView()->waitForRun();
  ASSERT_TRUE(w.document()->quantizeResult());
}

TEST(QuantizeForm, OptionsReachTheRequest) {
  QuantizeForm f;
  QTemporaryDir dir;
  f.modeBox()->setCurrentIndex(f.modeBox()->findData(QStringLiteral("static")));
  f.sourceBox()->setCurrentIndex(QuantizeForm::FolderSource);
  f.folderEdit()->setText(dir.path());
  f.methodBox()->setCurrentIndex(f.methodBox()->findData(QStringLiteral("percentile")));
  EXPECT_TRUE(f.percentileBox()->isEnabled());
  EXPECT_FALSE(f.formatBox()->isEnabled());  // the format is dynamic quantization's
  f.percentileBox()->setValue(99.9);
  f.perChannelBox()->setChecked(true);
  EXPECT_FALSE(f.reduceRangeBox()->isChecked());  // ONNX Runtime's default: full-range weights
  f.reduceRangeBox()->setChecked(true);
  f.symmetricBox()->setChecked(true);
  f.activationBox()->setCurrentIndex(f.activationBox()->findData(QStringLiteral("s8")));
  auto conv = f.opTypeList()->findItems(QStringLiteral("Conv"), Qt::MatchExactly);
  ASSERT_EQ(conv.size(), 1);
  conv[0]->setCheckState(Qt::Checked);
  f.excludeNodes({QStringLiteral("conv1"), QStringLiteral("fc"), QStringLiteral("conv1")});
  api::QuantizeRequest r;
  QString error;
  ASSERT_TRUE(f.request(&r, &error)) << error.toStdString();
  EXPECT_EQ(r.mode, "static");
  EXPECT_EQ(r.calib_dir.string(), dir.path().toStdString());
  // Core's messages name the folder in the form's words, never a CLI flag ("--calib DIR").
  EXPECT_EQ(r.calib_name, "The calibration folder");
  EXPECT_EQ(r.images.name.rfind("--", 0), std::string::npos);
  EXPECT_EQ(r.images.sets_name.rfind("--", 0), std::string::npos);
  EXPECT_EQ(r.random_samples, 0);
  EXPECT_EQ(r.method, "percentile");
  EXPECT_DOUBLE_EQ(r.percentile, 99.9);
  EXPECT_TRUE(r.per_channel);
  EXPECT_TRUE(r.reduce_range);
  EXPECT_TRUE(r.symmetric);
  EXPECT_EQ(r.activation_type, "s8");
  EXPECT_EQ(r.op_types, std::vector<std::string>{"Conv"});
  EXPECT_EQ(r.exclude_nodes, (std::vector<std::string>{"conv1", "fc"}));
  EXPECT_FALSE(f.randomWarning()->isVisibleTo(&f));

  // Random data: the count reaches the request and the warning shows.
  f.sourceBox()->setCurrentIndex(QuantizeForm::RandomSource);
  f.randomSamples()->setValue(5);
  ASSERT_TRUE(f.request(&r, &error));
  EXPECT_TRUE(r.calib_dir.empty());
  EXPECT_EQ(r.random_samples, 5);
  EXPECT_TRUE(f.randomWarning()->isVisibleTo(&f));

  // A folder of images: mean, std and size reach the request; a bad size is an error.
  f.sourceBox()->setCurrentIndex(QuantizeForm::ImagesSource);
  EXPECT_TRUE(f.meanEdit()->isEnabled());
  EXPECT_FALSE(f.randomWarning()->isVisibleTo(&f));
  f.meanEdit()->setText(QStringLiteral("0.485, 0.456, 0.406"));
  f.stdEdit()->setText(QStringLiteral("0.229 0.224 0.225"));
  f.sizeEdit()->setText(QStringLiteral("224x192"));
  ASSERT_TRUE(f.request(&r, &error)) << error.toStdString();
  EXPECT_EQ(r.images.dir.string(), dir.path().toStdString());
  EXPECT_TRUE(r.calib_dir.empty());
  EXPECT_EQ(r.images.mean, (std::vector<float>{0.485f, 0.456f, 0.406f}));
  EXPECT_EQ(r.images.std.size(), 3u);
  EXPECT_EQ(r.images.height, 224);
  EXPECT_EQ(r.images.width, 192);
  EXPECT_EQ(QuantizeView::compareRequest(r).images.dir, r.images.dir);
  QuantizeForm g;
  g.setRequest(r);
  EXPECT_EQ(g.sourceBox()->currentIndex(), QuantizeForm::ImagesSource);
  EXPECT_EQ(g.sizeEdit()->text(), QStringLiteral("224x192"));
  f.sizeEdit()->setText(QStringLiteral("224"));
  EXPECT_FALSE(f.request(&r, &error));
  EXPECT_FALSE(error.isEmpty());
  f.sizeEdit()->clear();

  // Dynamic: no calibration, and the form shows the request it was given back.
  api::QuantizeRequest d;
  d.mode = "dynamic";
  d.per_channel = true;
  d.exclude_nodes = {"a"};
  f.setRequest(d);
  EXPECT_FALSE(f.reduceRangeBox()->isChecked());
  ASSERT_TRUE(f.request(&r, &error));
  EXPECT_EQ(r.mode, "dynamic");
  EXPECT_EQ(r.random_samples, 0);
  EXPECT_TRUE(r.per_channel);
  EXPECT_EQ(r.exclude_nodes, std::vector<std::string>{"a"});
  EXPECT_EQ(r.format, "standard");
  EXPECT_TRUE(f.formatBox()->isEnabled());
  EXPECT_TRUE(f.opTypeList()->findItems(QStringLiteral("LSTM"), Qt::MatchExactly).isEmpty());

  // ONNX Runtime's format: LSTM can be quantized (DynamicQuantizeLSTM), and the format and the
  // op type reach the request and come back from it.
  f.formatBox()->setCurrentIndex(f.formatBox()->findData(QStringLiteral("ort")));
  auto lstm = f.opTypeList()->findItems(QStringLiteral("LSTM"), Qt::MatchExactly);
  ASSERT_EQ(lstm.size(), 1);
  lstm[0]->setCheckState(Qt::Checked);
  ASSERT_TRUE(f.request(&r, &error));
  EXPECT_EQ(r.format, "ort");
  EXPECT_EQ(r.op_types, std::vector<std::string>{"LSTM"});
  QuantizeForm h;
  h.setRequest(r);
  EXPECT_EQ(h.formatBox()->currentData().toString(), QStringLiteral("ort"));
  lstm = h.opTypeList()->findItems(QStringLiteral("LSTM"), Qt::MatchExactly);
  ASSERT_EQ(lstm.size(), 1);
  EXPECT_EQ(lstm[0]->checkState(), Qt::Checked);

  // A folder that does not exist is an error naming it.
  f.setRequest(api::QuantizeRequest{});
  f.sourceBox()->setCurrentIndex(QuantizeForm::FolderSource);
  f.folderEdit()->setText(dir.path() + QStringLiteral("/missing"));
  EXPECT_FALSE(f.request(&r, &error));
  EXPECT_TRUE(error.contains(QStringLiteral("missing")));
}

TEST(QuantizeView, ACancelledRunLeavesTheDocumentAsItWas) {
  MainWindow w;
  OpenInQuantize(w);
  Document* doc = w.document();
  const QString path = doc->path();
  QuantizeView* q = w.quantizeView();
  QuantizeForm* f = q->form();
  f->sourceBox()->setCurrentIndex(QuantizeForm::RandomSource);
  f->randomSamples()->setValue(10000);
  bool cancelledInCalibration = false;
  QObject::connect(w.quantizeView()->findChild<BackgroundTaskBase*>(),
                   &BackgroundTaskBase::progress, [&](const Progress& p) {
                     if (p.stage == Stage::kCalibrating && p.fraction > 0 && q->isRunning()) {
                       cancelledInCalibration = true;
                       q->cancel();
                     }
                   });
  ASSERT_TRUE(q->quantize());
  q->waitForRun();
  EXPECT_TRUE(cancelledInCalibration);
  EXPECT_FALSE(q->isRunning());
  EXPECT_EQ(doc->quantizeResult(), nullptr);
  EXPECT_EQ(doc->path(), path);
  EXPECT_EQ(w.currentPath(), path);
  // Nothing written beside the model, and the graph is still the model's.
  EXPECT_TRUE(w.graphView()->snapshot());
  EXPECT_FALSE(QFileInfo::exists(path + QStringLiteral(".quant.onnx")));
}

TEST(QuantizeView, EveryComparedNodeIsColouredAndTheLegendRangeIsTheTables) {
  MainWindow w;
  OpenInQuantize(w);
  QuantizeRandom(w, 4);
  ASSERT_TRUE(w.quantizeColoring()->isEnabled());  // on by itself after a run
  w.showView(QStringLiteral("graph"));
  w.graphView()->expandAll(true);
  w.graphView()->waitForLayout();
  const auto result = w.document()->quantizeResult();
  const GraphView* g = w.graphView();
  const api::SnapshotGraph& graph = g->snapshot()->graphs[0];
  const auto sqnr = nodeSqnr(*result->compare, graph);
  ASSERT_FALSE(sqnr.empty());
  const SqnrPaint& paint = w.quantizeColoring()->paint();
  int coloured = 0;
  for (size_t n = 0; n < graph.nodes.size(); ++n) {
    const auto& node = graph.nodes[n];
    const int item = g->model().item_of_node[n];
    if (item < 0) continue;
    const bool compared = layerOfNode(*result, graph, node) >= 0;
    EXPECT_EQ(paint.items[item].isValid(), compared) << node.name;
    coloured += compared;
    // Every quantized op has a colour: a Conv through the BatchNormalization folded into it.
    if (node.op_type == "Conv" || node.op_type == "Gemm") {
      EXPECT_TRUE(paint.items[item].isValid()) << node.op_type << " " << node.name;
    }
  }
  EXPECT_EQ(paint.coloured, coloured);
  EXPECT_GT(coloured, 2);
  // The legend's range is the table's lowest and highest SQNR (exact matches aside).
  LayerMetricsModel* table = w.quantizeView()->layers();
  double lo = 1e9, hi = -1e9;
  for (int r = 0; r < table->rowCount(); ++r) {
    const double db =
        table->data(table->index(r, LayerMetricsModel::Sqnr), Qt::UserRole).toDouble();
    if (db >= api::kExactSqnr) continue;
    lo = std::min(lo, db);
    hi = std::max(hi, db);
  }
  EXPECT_DOUBLE_EQ(w.quantizeColoring()->range().lo, lo);
  EXPECT_DOUBLE_EQ(w.quantizeColoring()->range().hi, hi);
  const QString legend = w.quantizeColoring()->legendText();
  EXPECT_TRUE(legend.contains(QString::number(lo, 'f', 2))) << legend.toStdString();
  EXPECT_TRUE(legend.contains(QString::number(hi, 'f', 2))) << legend.toStdString();
  // The worst colour is the worst layer's: red.
  EXPECT_EQ(sqnrColor(lo, w.quantizeColoring()->range()), QColor(0xd7, 0x30, 0x27));
}

TEST(QuantizeView, ModelsPassTheTesterAndTheChartSelectsTheNode) {
  MainWindow w;
  OpenInQuantize(w);
  QuantizeRandom(w, 3);
  QuantizeView* q = w.quantizeView();
  QAbstractItemModelTester t1(q->outputs(), QAbstractItemModelTester::FailureReportingMode::Fatal);
  QAbstractItemModelTester t2(q->layers(), QAbstractItemModelTester::FailureReportingMode::Fatal);
  EXPECT_EQ(q->outputs()->rowCount(), 1);
  EXPECT_GT(q->layers()->rowCount(), 2);
  // Worst first, bars as the table.
  ASSERT_FALSE(q->chart()->bars().empty());
  EXPECT_EQ(q->chart()->bars()[0], 0);
  // A click on the worst bar: its histograms, and its node selected in the graph.
  q->chart()->clickBar(0);
  EXPECT_EQ(q->shownLayer(), 0);
  EXPECT_EQ(q->histograms()->valueSeries(), 2);  // float and quantized overlaid
  EXPECT_EQ(q->histograms()->errorSeries(), 1);
  w.graphView()->waitForLayout();
  EXPECT_EQ(w.currentView(), QStringLiteral("graph"));
  const int selected = w.graphView()->selectedItem();
  ASSERT_GE(selected, 0);
  const auto& node =
      w.graphView()->snapshot()->graphs[0].nodes[w.graphView()->model().items[selected].index];
  EXPECT_EQ(MainWindow::traceLabel(node), q->layerNodes()[0]);
  // Its node page: the quantization facts and the histogram panel.
  EXPECT_TRUE(w.sidebar()->plainText().contains(QStringLiteral("SQNR")));
  // The quantized file's Q node for the tensor: its scale and zero point (from the comparison;
  // no snapshot of the quantized file is kept).
  EXPECT_TRUE(w.sidebar()->plainText().contains(QStringLiteral("Zero point")))
      << w.sidebar()->plainText().toStdString();
  ASSERT_TRUE(w.sidebar()->nodePanel());
  EXPECT_TRUE(w.sidebar()->nodePanel()->isVisibleTo(w.sidebar()));
  EXPECT_EQ(w.sidebarHistograms()->valueSeries(), 2);
}

TEST(QuantizeView, NumbersAreThoseOfTheCliCompareJson) {
  MainWindow w;
  OpenInQuantize(w);
  QuantizeRandom(w, 3);
  const auto result = w.document()->quantizeResult();
  // The same comparison by the CLI, on the same files and samples.
  const api::CompareModelsRequest c = QuantizeView::compareRequest(result->request);
  QProcess cli;
  cli.start(QStringLiteral(ONNXLENS_CLI),
            {QStringLiteral("compare"), Sample(), result->path, QStringLiteral("--random"),
             QString::number(c.random_samples), QStringLiteral("--seed"), QString::number(c.seed),
             QStringLiteral("--json")});
  ASSERT_TRUE(cli.waitForFinished(120000));
  ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
  const auto j = nlohmann::json::parse(cli.readAllStandardOutput().toStdString());
  OutputMetricsModel* outputs = w.quantizeView()->outputs();
  auto number = [&](int row, int col) {
    return outputs->data(outputs->index(row, col), Qt::UserRole).toDouble();
  };
  const auto& o = j["outputs"][0];
  EXPECT_DOUBLE_EQ(number(0, OutputMetricsModel::MaxAbs), o["max_abs_error"].get<double>());
  EXPECT_DOUBLE_EQ(number(0, OutputMetricsModel::MeanAbs), o["mean_abs_error"].get<double>());
  EXPECT_DOUBLE_EQ(number(0, OutputMetricsModel::Cosine), o["cosine"].get<double>());
  EXPECT_DOUBLE_EQ(number(0, OutputMetricsModel::Sqnr), o["sqnr_db"].get<double>());
  EXPECT_DOUBLE_EQ(number(0, OutputMetricsModel::Top1), o["top1_agreement"].get<double>());
  EXPECT_DOUBLE_EQ(number(0, OutputMetricsModel::Top5), o["top5_agreement"].get<double>());
  LayerMetricsModel* layers = w.quantizeView()->layers();
  ASSERT_EQ(layers->rowCount(), static_cast<int>(j["layers"].size()));
  for (int r = 0; r < layers->rowCount(); ++r) {
    EXPECT_EQ(layers->data(layers->index(r, LayerMetricsModel::Tensor), Qt::DisplayRole)
                  .toString()
                  .toStdString(),
              j["layers"][r]["tensor"].get<std::string>());
    EXPECT_DOUBLE_EQ(
        layers->data(layers->index(r, LayerMetricsModel::Sqnr), Qt::UserRole).toDouble(),
        j["layers"][r]["sqnr_db"].get<double>());
  }
  // Sizes as the JSON has them (latency is timed again, so it is only present).
  EXPECT_EQ(result->compare->bytes_a, j["bytes_a"].get<uint64_t>());
  EXPECT_EQ(result->compare->bytes_b, j["bytes_b"].get<uint64_t>());
  EXPECT_GT(j["p50_ms_b"].get<double>(), 0);
  EXPECT_TRUE(w.quantizeView()->summaryText().contains(QStringLiteral("P50")));
}

// Every latency carries its spread; a noisy or loaded measurement says so (issue 35.6).
TEST(QuantizeView, LatencyShowsItsSpreadAndWarnsWhenNoisyOrLoaded) {
  MainWindow w;
  OpenInQuantize(w);
  QuantizeRandom(w, 3);
  auto result = std::make_shared<QuantizeResult>(*w.document()->quantizeResult());
  ASSERT_TRUE(result->compare);
  EXPECT_TRUE(w.quantizeView()->summaryText().contains(QStringLiteral("P10–P90")));
  // The times say what they are of: the level and threads of the timed sessions.
  EXPECT_TRUE(w.quantizeView()->summaryText().contains(
      QStringLiteral("level ") + QString::fromStdString(result->compare->latency_level) + ", "))
      << w.quantizeView()->summaryText().toStdString();
  api::CompareModelsReport c = *result->compare;
  c.latency_noise.noisy = false;
  c.latency_noise.loaded = false;
  result->compare = std::make_shared<const api::CompareModelsReport>(c);
  w.document()->setQuantizeResult(result);
  EXPECT_FALSE(w.quantizeView()->summaryText().contains(QStringLiteral("not reliable")));
  auto noisy = std::make_shared<QuantizeResult>(*result);
  c.latency_noise.noisy = true;
  c.latency_noise.spread_percent = 140;
  c.latency_noise.loaded = true;
  c.latency_noise.busy_cores = 1;
  c.latency_noise.cores = 2;
  noisy->compare = std::make_shared<const api::CompareModelsReport>(c);
  w.document()->setQuantizeResult(noisy);
  const QString text = w.quantizeView()->summaryText();
  EXPECT_TRUE(text.contains(QStringLiteral("Latency not reliable:"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("noisy: spread 140%"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("1 of 2 cores busy"))) << text.toStdString();
}

// Without VNNI the report's note (full-range weights at float speed) points at the 7-bit option.
TEST(QuantizeView, ACpuWithoutVnniIsToldOfSevenBitWeights) {
  MainWindow w;
  OpenInQuantize(w);
  QuantizeRandom(w, 2);
  auto result = std::make_shared<QuantizeResult>(*w.document()->quantizeResult());
  result->quantize.notes.clear();
  w.document()->setQuantizeResult(result);
  EXPECT_FALSE(w.quantizeView()->summaryText().contains(QStringLiteral("no VNNI")));
  auto advised = std::make_shared<QuantizeResult>(*result);
  advised->quantize.notes = {"this CPU has no VNNI: ... --reduce-range ..."};
  w.document()->setQuantizeResult(advised);
  const QString text = w.quantizeView()->summaryText();
  EXPECT_TRUE(text.contains(QStringLiteral("This CPU has no VNNI"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("7-bit weights"))) << text.toStdString();
}

// The summary's figures follow the interface language's number format (German 4,93 ms, 0,27×).
TEST(QuantizeView, SummaryFiguresUseTheLanguagesNumberFormat) {
  MainWindow w;
  OpenInQuantize(w);
  QuantizeRandom(w, 2);
  auto result = std::make_shared<QuantizeResult>(*w.document()->quantizeResult());
  ASSERT_TRUE(result->compare);
  const QLocale before;
  QLocale::setDefault(QLocale(QLocale::German));
  w.document()->setQuantizeResult(result);
  const QString text = w.quantizeView()->summaryText();
  QLocale::setDefault(before);
  const double p50 = result->compare->p50_ms_a;
  EXPECT_TRUE(text.contains(QLocale(QLocale::German).toString(p50, 'f', 2) + QStringLiteral(" ms")))
      << text.toStdString();
  EXPECT_FALSE(text.contains(QString::number(p50, 'f', 2) + QStringLiteral(" ms")))
      << text.toStdString();
}

// Random calibration is said in the interface language, once; the CLI's long English sentence
// for it is not repeated in the tab.
TEST(QuantizeView, RandomCalibrationIsWarnedInTheInterfaceLanguage) {
  MainWindow w;
  OpenInQuantize(w);
  QuantizeRandom(w, 2);
  ASSERT_TRUE(w.document()->quantizeResult()->quantize.random_calibration);
  const QString text = w.quantizeView()->summaryText();
  EXPECT_TRUE(text.contains(QStringLiteral("calibrated on random data"))) << text.toStdString();
  EXPECT_FALSE(text.contains(QStringLiteral("CALIBRATED ON RANDOM DATA"))) << text.toStdString();
}

TEST(QuantizeView, ExcludeFromTheGraphAndTheWorstNodesReachTheNextRun) {
  MainWindow w;
  OpenInQuantize(w);
  const GraphView* g = w.graphView();
  int item = -1;
  for (size_t i = 0; i < g->model().items.size() && item < 0; ++i)
    if (g->model().items[i].kind == api::ViewItemKind::kNode &&
        !g->snapshot()->graphs[0].nodes[g->model().items[i].index].name.empty())
      item = static_cast<int>(i);
  ASSERT_GE(item, 0);
  QMenu* menu = w.graphContextMenu(item);
  ASSERT_TRUE(menu);
  ASSERT_FALSE(menu->actions().isEmpty());
  menu->actions()[0]->trigger();
  const QString name =
      QString::fromStdString(g->snapshot()->graphs[0].nodes[g->model().items[item].index].name);
  EXPECT_EQ(w.quantizeView()->form()->excludedNodes(), QStringList{name});
  delete menu;
  w.quantizeView()->form()->clearExcluded();
  QuantizeRandom(w, 3);
  const int added = w.quantizeView()->excludeWorstAndRerun(2);
  EXPECT_GE(added, 1);
  w.quantizeView()->waitForRun();
  const auto result = w.document()->quantizeResult();
  ASSERT_TRUE(result);
  EXPECT_EQ(static_cast<int>(result->request.exclude_nodes.size()), added);
}

TEST(QuantizeView, TheSearchListsItsStepsAndItsExclusionsReachTheForm) {
  MainWindow w;
  OpenInQuantize(w);
  QuantizeView* q = w.quantizeView();
  QuantizeForm* f = q->form();
  f->sourceBox()->setCurrentIndex(QuantizeForm::RandomSource);
  f->randomSamples()->setValue(3);
  QAbstractItemModelTester tester(q->steps(),
                                  QAbstractItemModelTester::FailureReportingMode::Fatal);
  // A target only float reaches: step 0 misses it, and the bisection tries what it is allowed.
  ASSERT_TRUE(q->search(QStringLiteral("cosine"), 1.0, 2));
  q->waitForRun();
  const auto result = w.document()->quantizeResult();
  ASSERT_TRUE(result);
  ASSERT_TRUE(result->search);
  EXPECT_EQ(q->steps()->rowCount(), static_cast<int>(result->search->steps.size()));
  EXPECT_GE(q->steps()->rowCount(), 2);  // step 0 and at least one trial
  EXPECT_EQ(q->steps()->data(q->steps()->index(0, SearchStepsModel::Step), Qt::DisplayRole), 0);
  for (const std::string& n : result->search->excluded)
    EXPECT_TRUE(f->excludedNodes().contains(QString::fromStdString(n)));
  EXPECT_TRUE(q->summaryText().contains(QStringLiteral("Search")));
  // The ranking: every ranked node, the most harmful first, the ones written in float marked.
  SensitivityModel* sens = q->sensitivity();
  QAbstractItemModelTester sens_tester(sens, QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_EQ(sens->rowCount(), static_cast<int>(result->search->sensitivity.size()));
  ASSERT_GE(sens->rowCount(), 1);
  int marked = 0;
  for (int row = 0; row < sens->rowCount(); ++row) {
    EXPECT_EQ(sens->data(sens->index(row, SensitivityModel::Rank), Qt::DisplayRole), row + 1);
    EXPECT_EQ(sens->nodeAt(row).toStdString(), result->search->sensitivity[row].node);
    if (row > 0) {
      EXPECT_LE(sens->data(sens->index(row - 1, SensitivityModel::Cosine), Qt::UserRole).toDouble(),
                sens->data(sens->index(row, SensitivityModel::Cosine), Qt::UserRole).toDouble());
    }
    marked += sens->data(sens->index(row, SensitivityModel::InFloat), Qt::UserRole).toBool();
  }
  int ranked_in_float = 0;
  for (const std::string& n : result->search->excluded)
    for (const api::QuantSensitivity& s : result->search->sensitivity)
      ranked_in_float += s.node == n;
  EXPECT_EQ(marked, ranked_in_float);
  // Dynamic mode cannot search.
  f->modeBox()->setCurrentIndex(f->modeBox()->findData(QStringLiteral("dynamic")));
  QString error;
  w.setErrorPresenter([&](const QString&, const QString& m) { error = m; });
  EXPECT_FALSE(q->search(QStringLiteral("cosine"), 0.99, 2));
  EXPECT_FALSE(error.isEmpty());
}

TEST(QuantizeView, ExportNeverWritesOverTheModelAndAsksBeforeReplacing) {
  MainWindow w;
  OpenInQuantize(w);
  QuantizeRandom(w, 2);
  QString error;
  bool asked = false;
  auto no = [&](const QString&, const QString&) { return asked = true, false; };
  EXPECT_FALSE(w.quantizeView()->exportTo(Sample(), no, &error));
  EXPECT_FALSE(error.isEmpty());
  EXPECT_FALSE(asked);
  QTemporaryDir dir;
  const QString out = dir.filePath(QStringLiteral("q.onnx"));
  ASSERT_TRUE(w.quantizeView()->exportTo(out, no, &error)) << error.toStdString();
  EXPECT_EQ(QFileInfo(out).size(), QFileInfo(w.document()->quantizeResult()->path).size());
  EXPECT_FALSE(w.quantizeView()->exportTo(out, no, &error));  // exists: asked, declined
  EXPECT_TRUE(asked);
  EXPECT_TRUE(error.isEmpty());
}

TEST(QuantizeView, TheWindowKeeps1280PixelsWithResults) {
  // mobilenet_v2's long tensor names once widened the window to 1423 px (the histogram caption).
  const auto model = testing::CorpusDir() / "mobilenet_v2/model.onnx";
  MainWindow w;
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  w.openFile(std::filesystem::exists(model) ? QString::fromStdString(model.string()) : Sample());
  w.waitForLoad();
  QuantizeRandom(w, 1);
  w.showView(QStringLiteral("quant"));
  w.quantizeView()->chart()->clickBar(0);  // the Graph tab: its SQNR legend and node page
  w.graphView()->waitForLayout();
  QCoreApplication::processEvents();
  EXPECT_LE(w.width(), 1280);
  EXPECT_LE(w.minimumSizeHint().width(), 1280);
  if (w.minimumSizeHint().width() > 1280) {
    for (QWidget* c : w.findChildren<QWidget*>())
      if (c->minimumSizeHint().width() > 300)
        ADD_FAILURE() << c->metaObject()->className() << " " << c->objectName().toStdString() << " "
                      << c->minimumSizeHint().width() << " parent "
                      << (c->parentWidget() ? c->parentWidget()->metaObject()->className() : "");
  }
}

}  // namespace
}  // namespace onnxlens::widgets
