// The Profile tab: a profiled run yields one track per thread and one slice per kernel event, the
// range summary is core's, a slice selects its node in the graph and back, ONNX Runtime's profile
// files open, a run saves and reads back, bad files are reported.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QUrl>
#include <chrono>
#include <map>
#include <set>
#include <thread>

#include "api/timeline.h"
#include "api/trace.h"
#include "common/file_util.h"
#include "common/trace_summary.h"
#include "onnx/model_io.h"
#include "runtime/model_builder.h"
#include "test_paths.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/node_sidebar.h"
#include "widgets/op_colors.h"
#include "widgets/profile_charts.h"
#include "widgets/profile_dialog.h"
#include "widgets/profile_view.h"
#include "widgets/stage_text.h"
#include "widgets/summary_table_model.h"
#include "widgets/timeline_widget.h"

namespace onnxlens::widgets {
namespace {

std::filesystem::path ProfiledModel() {
  const auto resnet = testing::CorpusDir() / "resnet18/model.onnx";
  return std::filesystem::exists(resnet) ? resnet : testing::SampleModel();
}

// The profiled model opened in a window showing the Profile tab; any error fails the test.
void OpenOnTheProfileTab(MainWindow& w) {
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  w.openFile(QString::fromStdString(ProfiledModel().string()));
  w.waitForLoad();
  ASSERT_TRUE(w.showView(QStringLiteral("timeline")));
}

TEST(ProfileView, ARunHasATrackPerThreadAndASlicePerKernelEvent) {
  MainWindow w;
  OpenOnTheProfileTab(w);
  ProfileView* pv = w.profileView();
  api::ProfileOptions o;
  o.level = "disabled";  // node names as in the graph
  o.threads = 2;
  o.runs = 2;
  o.warmup = 1;
  pv->startProfile(o);
  pv->waitForIdle();
  ASSERT_EQ(pv->runCount(), 1);
  const ProfileView::Run& run = pv->run(0);
  std::set<int64_t> threads;
  int64_t kernels = 0;
  for (const auto& e : run.events) {
    if (e.ph == 'X') threads.insert(e.tid);
    kernels += api::IsKernelEvent(e);
  }
  EXPECT_EQ(run.timeline->tracks.size(), threads.size());
  int64_t kernel_slices = 0;
  for (const auto& t : run.timeline->tracks)
    for (const auto& s : t.slices) kernel_slices += s.op >= 0;
  EXPECT_EQ(kernel_slices, kernels);
  EXPECT_GT(kernels, 0);
  EXPECT_EQ(pv->opModel()->rowCount(), static_cast<int>(run.summary.by_op.size()));
  // The run says which file it profiled, path and bytes (Compare Runs tells models apart by them).
  std::map<std::string, std::string> meta(run.metadata.begin(), run.metadata.end());
  ASSERT_FALSE(meta["model"].empty());
  EXPECT_EQ(meta["model_fingerprint"], *FileFingerprint(meta["model"]));

  // Search: every Conv slice found, the first selected, Enter steps on.
  const int hits = pv->findSlices(QStringLiteral("conv"));
  EXPECT_EQ(hits, static_cast<int>(api::FindSlices(*run.timeline, "conv").size()));
  ASSERT_GT(hits, 1);
  EXPECT_EQ(pv->currentHit(), 0);
  EXPECT_GE(pv->timeline()->selectedSlice(), 0);
  EXPECT_EQ(pv->timeline()->highlights().size(), static_cast<size_t>(hits));
  pv->findSlices(QStringLiteral("conv"));
  EXPECT_EQ(pv->currentHit(), 1);
  EXPECT_EQ(pv->findSlices(QStringLiteral("no such op")), 0);

  // Charts: the top op types are core's, the percentiles the runs'.
  ASSERT_FALSE(pv->charts()->topOps().empty());
  EXPECT_EQ(pv->charts()->topOps().front().first.toStdString(), run.summary.by_op.front().key);
  EXPECT_EQ(pv->charts()->latency().count, run.summary.runs);
  EXPECT_LE(pv->charts()->latency().p50, pv->charts()->latency().p99);
  EXPECT_GT(pv->charts()->histogramTop(), 0);
  EXPECT_EQ(pv->charts()->histogramTop() % pv->charts()->histogramStep(), 0);  // top on a tick
  EXPECT_LE(pv->charts()->histogramTop() / pv->charts()->histogramStep(), 8);

  // A range: the table is core's summary of it.
  const double t0 = run.timeline->run_starts_us.front(), t1 = run.timeline->end_us;
  pv->timeline()->selectRange(t0, t1);
  const auto rows = api::SummarizeRange(*run.timeline, t0, t1);
  ASSERT_EQ(pv->rangeModel()->rowCount(), static_cast<int>(rows.size()));
  for (int r = 0; r < pv->rangeModel()->rowCount(); ++r) {
    EXPECT_EQ(pv->rangeModel()->name(r).toStdString(), rows[r].name);
    EXPECT_NEAR(pv->rangeModel()
                    ->data(pv->rangeModel()->index(r, SummaryTableModel::TotalColumn),
                           SummaryTableModel::SortRole)
                    .toDouble(),
                rows[r].wall_us, 1e-9);
  }

  // Grouped by op type: core's grouping of the same range.
  pv->setRangeByOpType(true);
  const auto opRows = api::SummarizeRange(*run.timeline, t0, t1, {}, api::RangeGroup::kByOpType);
  ASSERT_EQ(pv->rangeModel()->rowCount(), static_cast<int>(opRows.size()));
  EXPECT_EQ(pv->rangeModel()->name(0).toStdString(), opRows[0].name);
  pv->setRangeByOpType(false);
  EXPECT_EQ(pv->rangeModel()->rowCount(), static_cast<int>(rows.size()));

  // A kernel slice selects its node in the graph…
  const auto& track = run.timeline->tracks[0];
  int slice = -1;
  for (size_t i = 0; i < track.slices.size() && slice < 0; ++i)
    if (track.slices[i].op >= 0) slice = static_cast<int>(i);
  ASSERT_GE(slice, 0);
  pv->timeline()->selectSlice(0, slice);
  const std::string node = run.timeline->names[track.slices[slice].name];
  GraphView* g = w.graphView();
  g->waitForLayout();
  ASSERT_GE(g->selectedItem(), 0);
  const auto& item = g->model().items[g->selectedItem()];
  EXPECT_EQ(g->snapshot()->graphs[0].nodes[item.index].name, node);
  // Details: the op, shapes as the graph writes them, the node's cost over the run.
  const QString details = pv->detailsText();
  EXPECT_TRUE(details.contains(QString::fromStdString(run.timeline->names[track.slices[slice].op])))
      << details.toStdString();
  EXPECT_TRUE(details.contains(QStringLiteral("float[1×"))) << details.toStdString();
  EXPECT_TRUE(details.contains(QStringLiteral("This node in the run"))) << details.toStdString();
  // …and a node its first slice.
  pv->timeline()->selectSlice(-1, -1);
  g->selectItem(g->selectedItem());
  EXPECT_EQ(pv->timeline()->selectedSlice(), slice);

  // Heat: every profiled node drawn gets a heat halo, the hottest the hottest colour.
  w.setHeat(true);
  ASSERT_TRUE(w.heatShown());
  const auto shares = pv->nodeShares();
  double hottest = 0;
  for (double v : shares) hottest = std::max(hottest, v);
  const auto& halos = g->itemHalos();
  int coloured = 0, hot = 0;
  for (size_t i = 0; i < g->model().items.size(); ++i) {
    const auto& it = g->model().items[i];
    if (it.kind != api::ViewItemKind::kNode) continue;
    const QString name = QString::fromStdString(g->snapshot()->graphs[0].nodes[it.index].name);
    EXPECT_EQ(halos[i].isValid(), shares.contains(name)) << name.toStdString();
    coloured += halos[i].isValid();
    if (shares.contains(name) && shares[name] == hottest) {
      EXPECT_EQ(halos[i], heatColor(1.0));
      ++hot;
    }
  }
  EXPECT_GT(coloured, 0);
  EXPECT_GE(hot, 1);
  // A group's halo is its hottest node's colour (shown while it is closed).
  const auto& h = g->model().layout.hierarchy;
  ASSERT_EQ(g->groupHalos().size(), h.groups.size());
  for (size_t grp = 1; grp < h.groups.size(); ++grp) {
    double top = -1;
    for (size_t i = 0; i < g->model().items.size(); ++i) {
      const auto& it = g->model().items[i];
      if (it.kind != api::ViewItemKind::kNode) continue;
      bool inside = false;
      for (int up = h.group_of_node[i]; up > 0 && !inside; up = h.groups[up].parent)
        inside = up == static_cast<int>(grp);
      const QString name = QString::fromStdString(g->snapshot()->graphs[0].nodes[it.index].name);
      if (inside && shares.contains(name)) top = std::max(top, shares[name]);
    }
    EXPECT_EQ(g->groupHalos()[grp], top >= 0 ? heatColor(top / hottest) : QColor())
        << h.groups[grp].path;
  }
  // New view options rebuild the items: the heat is applied again to the new ones.
  auto opts = g->options();
  opts.names = !opts.names;
  g->setOptions(opts);
  EXPECT_EQ(g->itemHalos().size(), g->model().items.size());
  EXPECT_TRUE(w.heatLegend().contains(QStringLiteral("%"))) << w.heatLegend().toStdString();
  w.setHeat(false);
  EXPECT_TRUE(g->itemHalos().empty());

  // A second run (one thread): the comparison puts the two side by side with their ratio.
  o.threads = 1;
  pv->startProfile(o);
  pv->waitForIdle();
  ASSERT_EQ(pv->runCount(), 2);
  QTableWidget* cmp = pv->comparison()->table();
  ASSERT_GE(cmp->rowCount(), 5);
  EXPECT_EQ(cmp->item(2, 0)->text(), QStringLiteral("P50"));
  const double a = QLocale().toDouble(cmp->item(2, 1)->text());
  const double b = QLocale().toDouble(cmp->item(2, 2)->text());
  EXPECT_NEAR(QLocale().toDouble(cmp->item(2, 3)->text()), b / a, 2e-3 + 1e-3 * b / a);
  // Per op type: core's comparison of the two runs' summaries, row by row.
  const auto ops = api::CompareOpTimes(pv->run(0).summary, pv->run(1).summary);
  QTableWidget* opTable = pv->comparison()->opTable();
  ASSERT_EQ(opTable->rowCount(), static_cast<int>(ops.size()));
  ASSERT_GT(opTable->rowCount(), 0);
  EXPECT_EQ(opTable->item(0, 0)->text().toStdString(), ops[0].op);
  EXPECT_NEAR(QLocale().toDouble(opTable->item(0, 1)->text()), ops[0].a_ms, 1e-3);
  EXPECT_NEAR(QLocale().toDouble(opTable->item(0, 2)->text()), ops[0].b_ms, 1e-3);
}

TEST(ProfileView, FusedKernelsLeadBackToTheGraphAsLoaded) {
  MainWindow w;
  OpenOnTheProfileTab(w);
  ProfileView* pv = w.profileView();
  api::ProfileOptions o;
  o.level = "extended";  // Conv + BatchNormalization + Relu fused
  o.runs = 1;
  pv->startProfile(o);
  pv->waitForIdle();
  ASSERT_EQ(pv->runCount(), 1);
  const ProfileView::Run& run = pv->run(0);
  ASSERT_FALSE(run.origins.origins.empty());
  // The fused kernel with the most origins.
  std::string fused;
  for (const auto& [k, nodes] : run.origins.origins)
    if (fused.empty() || nodes.size() > run.origins.OriginsOf(fused).size()) fused = k;
  const QString kernel = QString::fromStdString(fused);
  const QStringList origins = toQStringList(run.origins.OriginsOf(fused));
  ASSERT_GE(origins.size(), 2);
  int track = -1, slice = -1;
  for (size_t t = 0; t < run.timeline->tracks.size() && slice < 0; ++t) {
    const auto& slices = run.timeline->tracks[t].slices;
    for (size_t i = 0; i < slices.size() && slice < 0; ++i) {
      if (slices[i].op >= 0 && run.timeline->names[slices[i].name] == kernel.toStdString()) {
        track = static_cast<int>(t);
        slice = static_cast<int>(i);
      }
    }
  }
  ASSERT_GE(slice, 0);
  GraphView* g = w.graphView();
  g->waitForLayout();
  pv->timeline()->selectSlice(track, slice);
  g->waitForLayout();
  // Every origin drawn in the graph is shown selected, nothing else.
  std::set<QString> linked;
  for (int item : g->linkedItems())
    linked.insert(
        MainWindow::traceLabel(g->snapshot()->graphs[0].nodes[g->model().items[item].index]));
  EXPECT_EQ(linked, std::set<QString>(origins.begin(), origins.end()));
  EXPECT_TRUE(pv->detailsText().contains(origins.front())) << pv->detailsText().toStdString();
  // "Show in the graph" in the details switches to the Graph tab.
  EXPECT_EQ(w.currentView(), QStringLiteral("timeline"));
  QLabel* details = nullptr;
  for (QLabel* l : pv->findChildren<QLabel*>())
    if (l->text().contains(QStringLiteral("href=\"graph\""))) details = l;
  ASSERT_NE(details, nullptr);
  emit details->linkActivated(QStringLiteral("graph"));
  EXPECT_EQ(w.currentView(), QStringLiteral("graph"));
  w.showView(QStringLiteral("timeline"));
  // An origin selected in the graph selects the fused kernel's slice, and its node page says
  // what it was fused into, with a way back to the timeline.
  pv->timeline()->selectSlice(-1, -1);
  ASSERT_TRUE(g->selectByName(origins.back()));
  EXPECT_EQ(pv->timeline()->selectedSlice(), slice);
  const QString page = w.sidebar()->plainText();
  EXPECT_TRUE(page.contains(QStringLiteral("an even share of ") + kernel +
                            QStringLiteral(", which it was fused into")))
      << page.toStdString();
  // Issue 21.18: the page's figure for the node is the heat's (the kernel's share split over its
  // origins), not the kernel's whole share.
  EXPECT_TRUE(page.contains(QLocale().toString(pv->nodeShares().value(origins.back()), 'f', 1) +
                            QStringLiteral("% of the kernel time: an even share")))
      << page.toStdString();
  EXPECT_TRUE(page.contains(QStringLiteral("Show in the timeline"))) << page.toStdString();
  pv->timeline()->selectSlice(-1, -1);
  w.sidebar()->followLink(QUrl(QStringLiteral("onnxlens:timeline/") +
                               QString::fromUtf8(QUrl::toPercentEncoding(origins.back()))));
  EXPECT_EQ(w.currentView(), QStringLiteral("timeline"));
  EXPECT_EQ(pv->timeline()->selectedSlice(), slice);
  // Heat of the optimized profile: each origin has its even share of the kernel, so the nodes
  // fused away are coloured too.
  w.setHeat(true);
  const auto shares = pv->nodeShares();
  double kernelShare = 0;
  for (const auto& row : run.summary.by_node)
    if (QString::fromStdString(row.key) == kernel) kernelShare = row.percent;
  for (const QString& origin : origins) {
    EXPECT_GE(shares.value(origin), kernelShare / origins.size() - 1e-9) << origin.toStdString();
  }
  int coloured = 0;
  const auto& halos = g->itemHalos();
  for (size_t i = 0; i < g->model().items.size(); ++i) {
    const auto& it = g->model().items[i];
    if (it.kind != api::ViewItemKind::kNode) continue;
    const QString label = MainWindow::traceLabel(g->snapshot()->graphs[0].nodes[it.index]);
    if (origins.contains(label)) {
      EXPECT_TRUE(halos[i].isValid()) << label.toStdString();
      ++coloured;
    }
  }
  EXPECT_EQ(coloured, origins.size());
}

TEST(ProfileView, CancelStopsAProfileAndDropsATraceBeingRead) {
  ProfileView pv;
  QString error;
  QObject::connect(&pv, &ProfileView::errorOccurred,
                   [&error](const QString&, const QString& m) { error = m; });
  pv.setModelPath(QString::fromStdString(testing::SampleModel().string()));
  api::ProfileOptions o;
  o.duration_s = 600;  // only a working Cancel ends this
  pv.startProfile(o);
  EXPECT_TRUE(pv.isBusy());
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // let it start running
  pv.cancel();
  pv.waitForIdle();
  QCoreApplication::processEvents();
  EXPECT_FALSE(pv.isBusy());
  EXPECT_EQ(pv.runCount(), 0);
  EXPECT_TRUE(error.isEmpty()) << error.toStdString();  // a cancel is not an error
  // A trace cancelled at once is not added, whether or not the read had finished.
  pv.openTrace(QString::fromStdString(
      (testing::SourceDir() / "tests/data/traces/ort_squeezenet1_1_profile.json").string()));
  pv.cancel();
  pv.waitForIdle();
  EXPECT_EQ(pv.runCount(), 0);
  EXPECT_TRUE(error.isEmpty()) << error.toStdString();
}

TEST(ProfileView, OpensOnnxRuntimeProfilesSavesTracesAndReportsBadFiles) {
  ProfileView pv;
  QString error;
  QObject::connect(&pv, &ProfileView::errorOccurred,
                   [&error](const QString&, const QString& m) { error = m; });
  pv.openTrace(QString::fromStdString(
      (testing::SourceDir() / "tests/data/traces/ort_squeezenet1_1_profile.json").string()));
  pv.waitForIdle();
  ASSERT_EQ(pv.runCount(), 1) << error.toStdString();
  EXPECT_GT(pv.run(0).timeline->slice_count, 30u);
  EXPECT_GT(pv.opModel()->rowCount(), 3);  // Conv, Relu, Concat, ...
  QTemporaryDir tmp;
  // Saved and read back: the same slices.
  QString status;
  QObject::connect(&pv, &ProfileView::statusMessage, [&status](const QString& m) { status = m; });
  const QString saved = tmp.filePath(QStringLiteral("saved.json"));
  pv.saveTrace(saved);
  pv.waitForIdle();
  EXPECT_TRUE(status.contains(QStringLiteral("saved.json"))) << status.toStdString();
  EXPECT_TRUE(error.isEmpty()) << error.toStdString();
  // Never over the model open, also when the user confirmed the dialog's "replace?".
  const QString model = tmp.filePath(QStringLiteral("model.onnx"));
  ASSERT_TRUE(QFile::copy(QString::fromStdString(testing::SampleModel().string()), model));
  const QByteArray model_bytes = [&] {
    QFile m(model);
    return m.open(QIODevice::ReadOnly) ? m.readAll() : QByteArray();
  }();
  pv.setModelPath(model);
  pv.saveTrace(model);
  pv.waitForIdle();
  EXPECT_TRUE(error.contains(QStringLiteral("the model open"))) << error.toStdString();
  QFile reread(model);
  ASSERT_TRUE(reread.open(QIODevice::ReadOnly));
  EXPECT_EQ(reread.readAll(), model_bytes);
  error.clear();
  pv.openTrace(saved);
  pv.waitForIdle();
  ASSERT_EQ(pv.runCount(), 2) << error.toStdString();
  EXPECT_EQ(pv.run(1).timeline->slice_count, pv.run(0).timeline->slice_count);
  EXPECT_EQ(pv.run(1).summary.kernel_us, pv.run(0).summary.kernel_us);
  const QString bad = tmp.filePath(QStringLiteral("bad.json"));
  QFile f(bad);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write("{\"traceEvents\": [ oops");
  f.close();
  pv.openTrace(bad);
  pv.waitForIdle();
  EXPECT_EQ(pv.runCount(), 2);
  EXPECT_TRUE(error.contains(QStringLiteral("bad.json"))) << error.toStdString();
  // A chrome://tracing file of begin / end pairs (no model runs): its slices, nested.
  error.clear();
  const QString be = tmp.filePath(QStringLiteral("be.json"));
  QFile g(be);
  ASSERT_TRUE(g.open(QIODevice::WriteOnly));
  g.write(R"([{"ph":"B","ts":0,"pid":1,"tid":1,"name":"frame"},
              {"ph":"B","ts":10,"pid":1,"tid":1,"name":"paint"},
              {"ph":"E","ts":90,"pid":1,"tid":1},{"ph":"E","ts":100,"pid":1,"tid":1}])");
  g.close();
  pv.openTrace(be);
  pv.waitForIdle();
  ASSERT_EQ(pv.runCount(), 3) << error.toStdString();
  EXPECT_EQ(pv.run(2).timeline->slice_count, 2u);
  EXPECT_EQ(pv.run(2).timeline->tracks[0].Depths(), 2);
  EXPECT_TRUE(pv.detailsText().contains(QStringLiteral("2 slices on 1 thread")))
      << pv.detailsText().toStdString();
}

// A node whose cpu kernel declines at run time (Softmax over axis 0 of an input whose rank is
// only known then) runs on the reference provider, and the Profile tab says so: the Providers
// table lists only "reference" and the slice's details name it.
TEST(ProfileView, ARunTimeDeclineShowsTheProviderThatRan) {
  QTemporaryDir dir;
  ir::TypeInfo unknown_rank = ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({}));
  unknown_rank.shape.reset();
  auto m = onnxlens::testing::MakeNodeModel("Softmax", {unknown_rank}, 1, 13);
  m.node->SetAttribute(ir::Attribute::Int("axis", 0));
  const std::string path = dir.filePath(QStringLiteral("softmax_axis0.onnx")).toStdString();
  ASSERT_TRUE(onnx_io::SaveModelFile(*m.model, path).ok());

  MainWindow w;
  w.setErrorPresenter(
      [](const QString&, const QString& msg) { ADD_FAILURE() << msg.toStdString(); });
  w.resize(1280, 800);
  w.show();
  w.openFile(QString::fromStdString(path));
  w.waitForLoad();
  ASSERT_TRUE(w.showView(QStringLiteral("timeline")));
  ProfileView* pv = w.profileView();
  api::ProfileOptions o;
  o.level = "disabled";
  o.runs = 1;
  o.warmup = 0;
  pv->startProfile(o);
  pv->waitForIdle();
  ASSERT_EQ(pv->runCount(), 1);
  ASSERT_EQ(pv->providerModel()->rowCount(), 1);
  EXPECT_EQ(pv->providerModel()->data(pv->providerModel()->index(0, 0)).toString(),
            QStringLiteral("reference"));
  ASSERT_TRUE(pv->selectNode(QStringLiteral("Softmax_node")));
  EXPECT_TRUE(pv->detailsText().contains(QStringLiteral("reference")))
      << pv->detailsText().toStdString();
  EXPECT_FALSE(pv->detailsText().contains(QStringLiteral("cpu")))
      << pv->detailsText().toStdString();
}

// Issue 21.14: the timeline shrank to ~110 px after every run; the user's split was thrown away.
TEST(ProfileView, TheTimelineGetsMostOfTheHeightAndKeepsTheSplitTheUserChose) {
  QSettings().remove(QStringLiteral("profile/timelineShare"));
  MainWindow w;
  OpenOnTheProfileTab(w);
  ProfileView* pv = w.profileView();
  api::ProfileOptions o;
  o.runs = 1;
  o.warmup = 0;
  pv->startProfile(o);
  pv->waitForIdle();
  QCoreApplication::processEvents();
  QSplitter* split = pv->splitter();
  const int total = split->sizes().value(0) + split->sizes().value(1);
  ASSERT_GT(total, 300);
  EXPECT_GE(split->sizes().value(0), total * 3 / 5 - 2);  // the timeline, not the tabs, dominates
  // A slice's details (a dozen rows) scroll in their tab; they do not push the timeline up.
  const int fitted = split->sizes().value(0);
  const auto& tl = *pv->run(0).timeline;
  for (size_t i = 0; i < tl.tracks[0].slices.size(); ++i) {
    if (tl.tracks[0].slices[i].op < 0) continue;
    pv->timeline()->selectSlice(0, static_cast<int>(i));
    break;
  }
  QCoreApplication::processEvents();
  ASSERT_TRUE(pv->detailsText().contains(QStringLiteral("Duration")));
  EXPECT_EQ(split->sizes().value(0), fitted);

  // The user drags the handle to give the tabs two thirds; the next run keeps that.
  QSplitterHandle* handle = split->handle(1);
  const QPoint from = handle->rect().center();
  const int dy = total / 3 - split->sizes().value(0);
  QTest::mousePress(handle, Qt::LeftButton, {}, from);
  QMouseEvent move(QEvent::MouseMove, QPointF(from.x(), from.y() + dy),
                   handle->mapToGlobal(QPoint(from.x(), from.y() + dy)), Qt::LeftButton,
                   Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(handle, &move);
  QTest::mouseRelease(handle, Qt::LeftButton, {}, QPoint(from.x(), from.y() + dy));
  const int chosen = split->sizes().value(0);
  ASSERT_NEAR(chosen, total / 3, 10);
  pv->startProfile(o);
  pv->waitForIdle();
  QCoreApplication::processEvents();
  ASSERT_EQ(pv->runCount(), 2);
  EXPECT_NEAR(split->sizes().value(0), chosen, 3);
  pv->showRun(0);
  EXPECT_NEAR(split->sizes().value(0), chosen, 3);
  QSettings().remove(QStringLiteral("profile/timelineShare"));
}

// Issue 21.17: a trace of another model opened silently; now a warning says so, and goes away
// for a run of the model open.
TEST(ProfileView, ATraceOfAnotherModelIsWarnedAbout) {
  MainWindow w;
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  ProfileView* pv = w.profileView();
  api::ProfileOptions o;
  o.runs = 1;
  o.warmup = 0;
  pv->startProfile(o);
  pv->waitForIdle();
  ASSERT_EQ(pv->runCount(), 1);
  EXPECT_TRUE(pv->mismatchWarning().isEmpty()) << pv->mismatchWarning().toStdString();
  pv->openTrace(QString::fromStdString(
      (testing::SourceDir() / "tests/data/traces/ort_squeezenet1_1_profile.json").string()));
  pv->waitForIdle();
  ASSERT_EQ(pv->runCount(), 2);
  EXPECT_EQ(pv->currentRun(), 1);
  const QString warning = pv->mismatchWarning();
  EXPECT_TRUE(warning.contains(
      QFileInfo(QString::fromStdString(testing::SampleModel().string())).fileName()))
      << warning.toStdString();
  EXPECT_TRUE(warning.contains(QStringLiteral(" 0 of the "))) << warning.toStdString();
  pv->showRun(0);
  EXPECT_TRUE(pv->mismatchWarning().isEmpty());
}

// Issue 21.18: figures that confused: a start of "652 ms" while zoomed to µs, Threads shares with
// no word of what they are of, pool spans ranked above nodes, Compare Runs silent about noise.
TEST(ProfileView, FiguresSayWhatTheyAreOfAndHowSureTheyAre) {
  MainWindow w;
  OpenOnTheProfileTab(w);
  ProfileView* pv = w.profileView();
  api::ProfileOptions o;
  o.threads = 2;
  o.runs = 3;
  o.warmup = 0;
  pv->startProfile(o);
  pv->waitForIdle();
  ASSERT_EQ(pv->runCount(), 1);
  const ProfileView::Run& run = pv->run(0);
  // A kernel slice, zoomed to: its start to the view's resolution.
  int track = -1, slice = -1;
  for (size_t t = 0; t < run.timeline->tracks.size() && slice < 0; ++t)
    for (size_t i = 0; i < run.timeline->tracks[t].slices.size() && slice < 0; ++i)
      if (run.timeline->tracks[t].slices[i].op >= 0 &&
          run.timeline->tracks[t].slices[i].start_us - run.timeline->begin_us > 1000) {
        track = static_cast<int>(t);
        slice = static_cast<int>(i);
      }
  ASSERT_GE(slice, 0);
  pv->timeline()->selectSlice(track, slice);
  pv->timeline()->focusSelection();
  pv->timeline()->selectSlice(track, slice);
  const api::TimelineSlice& s = run.timeline->tracks[track].slices[slice];
  const double resolution = std::min(pv->timeline()->axis().us_per_px, std::max(s.dur_us, 1e-3));
  ASSERT_LT(resolution, 1000);
  const QString start =
      QString::fromStdString(api::FormatTimestamp(s.start_us - run.timeline->begin_us, resolution));
  EXPECT_TRUE(pv->detailsText().contains(start.toHtmlEscaped())) << pv->detailsText().toStdString();
  EXPECT_GT(
      start.size(),
      QString::fromStdString(api::FormatDuration(s.start_us - run.timeline->begin_us)).size());

  // The share columns name what they are a share of.
  QAbstractItemModel* threads = nullptr;
  for (QTableView* t : pv->findChildren<QTableView*>()) {
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(t->model());
    auto* m = proxy ? qobject_cast<SummaryTableModel*>(proxy->sourceModel()) : nullptr;
    if (m && m != pv->opModel() && m != pv->nodeModel() && m != pv->providerModel() &&
        m != pv->rangeModel())
      threads = m;
  }
  ASSERT_NE(threads, nullptr);
  EXPECT_EQ(threads->headerData(SummaryTableModel::ShareColumn, Qt::Horizontal).toString(),
            QStringLiteral("Busy, % of kernel time"));
  EXPECT_FALSE(threads->headerData(SummaryTableModel::ShareColumn, Qt::Horizontal, Qt::ToolTipRole)
                   .toString()
                   .isEmpty());
  EXPECT_EQ(pv->opModel()->headerData(SummaryTableModel::ShareColumn, Qt::Horizontal).toString(),
            QStringLiteral("% of kernel time"));

  // The Range table as shown (sorted by time, descending): nodes above pool spans and model_run.
  pv->timeline()->selectRange(run.timeline->begin_us, run.timeline->end_us);
  QTableView* range = nullptr;
  for (QTableView* t : pv->findChildren<QTableView*>()) {
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(t->model());
    if (proxy && proxy->sourceModel() == pv->rangeModel()) range = t;
  }
  ASSERT_NE(range, nullptr);
  int last = 0;
  bool pool = false;
  for (int r = 0; r < range->model()->rowCount(); ++r) {
    const int group = range->model()->index(r, 0).data(SummaryTableModel::GroupRole).toInt();
    EXPECT_GE(group, last) << r;
    last = group;
    pool |= group == 1;
  }
  EXPECT_TRUE(pool);  // two threads: the pool's spans are there, below the nodes
  EXPECT_EQ(range->model()->index(0, 0).data(SummaryTableModel::GroupRole).toInt(), 0);

  // Compare Runs says when a difference is the runs' noise, and when it is not.
  RunComparison* c = pv->comparison();
  profiling::TraceSummary none;
  c->setRuns({QStringLiteral("A"), QStringLiteral("B")},
             {{9.0, 9.5, 10.0, 10.5, 11.0}, {9.2, 9.7, 10.2, 10.7, 11.2}}, {none, none});
  EXPECT_TRUE(c->verdict().contains(QStringLiteral("No real difference")))
      << c->verdict().toStdString();
  c->setRuns({QStringLiteral("A"), QStringLiteral("B")},
             {{9.0, 9.5, 10.0, 10.5, 11.0}, {6.0, 6.5, 7.0, 7.5, 8.0}}, {none, none});
  EXPECT_TRUE(c->verdict().startsWith(QStringLiteral("B is 1.43× as fast as A: 30.0% less time")))
      << c->verdict().toStdString();
  // A large change reads as a factor ("93.6% faster" hid a 15.7x speed-up; issue 39).
  c->setRuns({QStringLiteral("A"), QStringLiteral("B")},
             {{156, 157, 157, 158, 159}, {9.8, 9.9, 10.0, 10.1, 10.2}}, {none, none});
  EXPECT_TRUE(c->verdict().startsWith(QStringLiteral("B is 15.7× as fast as A: 93.6% less time")))
      << c->verdict().toStdString();
  c->setRuns({QStringLiteral("A"), QStringLiteral("B")},
             {{9.8, 9.9, 10.0, 10.1, 10.2}, {29, 29.5, 30, 30.5, 31}}, {none, none});
  EXPECT_TRUE(c->verdict().startsWith(QStringLiteral("B takes 3.00× as long as A: 200.0% more")))
      << c->verdict().toStdString();
}

// Issue 21.20: level names and the runtime's thread names stayed English in German and Chinese;
// the charts were too short for their axis labels and legends there.
TEST(ProfileView, LevelAndThreadNamesAreTranslatedAndChartsHaveRoomForTheirLabels) {
  QTranslator de;
  ASSERT_TRUE(de.load(QStringLiteral(":/i18n/onnxlens_de.qm")));
  QCoreApplication::installTranslator(&de);
  EXPECT_EQ(StageText::level(QStringLiteral("extended")), QStringLiteral("erweitert"));
  EXPECT_EQ(StageText::level(QStringLiteral("my-level")), QStringLiteral("my-level"));
  EXPECT_EQ(StageText::thread(QStringLiteral("main")), QStringLiteral("Haupt-Thread"));
  EXPECT_EQ(StageText::thread(QStringLiteral("pool worker 3 (4711)")),
            QStringLiteral("Pool-Worker 3 (4711)"));
  EXPECT_EQ(StageText::thread(QStringLiteral("thread 7")), QStringLiteral("thread 7"));
  {
    MainWindow w;
    OpenOnTheProfileTab(w);
    ProfileView* pv = w.profileView();
    api::ProfileOptions o;
    o.level = "extended";
    o.threads = 2;
    o.runs = 3;
    o.warmup = 0;
    pv->startProfile(o);
    pv->waitForIdle();
    ASSERT_EQ(pv->runCount(), 1);
    EXPECT_TRUE(pv->run(0).label.contains(QStringLiteral("Stufe erweitert")))
        << pv->run(0).label.toStdString();
    // The Threads table names the threads in German.
    SummaryTableModel* threads = nullptr;
    for (QTableView* t : pv->findChildren<QTableView*>()) {
      auto* proxy = qobject_cast<QSortFilterProxyModel*>(t->model());
      auto* m = proxy ? qobject_cast<SummaryTableModel*>(proxy->sourceModel()) : nullptr;
      if (m && m->headerData(SummaryTableModel::ShareColumn, Qt::Horizontal).toString() ==
                   QStringLiteral("Belegt, % der Kernelzeit"))
        threads = m;
    }
    ASSERT_NE(threads, nullptr);
    QStringList names;
    for (int r = 0; r < threads->rowCount(); ++r) names << threads->name(r);
    EXPECT_TRUE(names.filter(QStringLiteral("Haupt-Thread")).size() == 1)
        << names.join(", ").toStdString();
    EXPECT_TRUE(names.filter(QStringLiteral("main")).isEmpty()) << names.join(", ").toStdString();
    // While a German profile runs (the stage, progress bar and Cancel shown) and after it, with
    // long run labels, the window still fits a 1280 px screen.
    pv->startProfile(o);
    EXPECT_LE(w.minimumSizeHint().width(), 1280);
    pv->waitForIdle();
    EXPECT_LE(w.minimumSizeHint().width(), 1280);
    // Charts: tall enough for their labels; legend figures of three digits at most.
    for (auto* view : pv->charts()->findChildren<QWidget*>())
      if (view->inherits("QtCharts::QChartView")) {
        EXPECT_GE(view->minimumHeight(), ProfileCharts::kChartMinHeight);
      }
    const QStringList legend = pv->charts()->legendTexts();
    ASSERT_FALSE(legend.isEmpty());
    for (const QString& l : legend) {
      const QString number = l.section(QLatin1Char(' '), -1) == QStringLiteral("ms")
                                 ? l.section(QLatin1Char(' '), -2, -2)
                                 : l.section(QLatin1Char(' '), -1);
      if (number.isEmpty() || !number[0].isDigit()) continue;
      int digits = 0;
      for (QChar c : number) digits += c.isDigit();
      EXPECT_LE(digits, 4) << l.toStdString();  // "0,195" has four, "59,0" three
    }
  }
  QCoreApplication::removeTranslator(&de);
}

// Acceptance (issue 20): the Profile dialog's random inputs profile every corpus model, and the
// dimensions used are remembered for that model only.
class ProfileCorpusModel : public ::testing::TestWithParam<std::string> {};

TEST_P(ProfileCorpusModel, RandomInputsFromTheDialogProfile) {
  const auto model = testing::CorpusDir() / GetParam() / "model.onnx";
  if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is absent (../shared/corpus)";
  MainWindow w;
  w.setErrorPresenter([](const QString& t, const QString& m) {
    ADD_FAILURE() << t.toStdString() << ": " << m.toStdString();
  });
  w.resize(1280, 800);
  w.show();
  w.openFile(QString::fromStdString(model.string()));
  w.waitForLoad();
  ASSERT_TRUE(w.showView(QStringLiteral("timeline")));
  ProfileView* pv = w.profileView();
  ProfileDialog d;
  d.setOptions(pv->dialogOptions());
  api::ProfileOptions o = d.options();  // the dialog's defaults: random inputs, level all
  ASSERT_TRUE(o.inputs_dir.empty());
  o.runs = 1;
  o.warmup = 0;
  d.setOptions(o);
  ASSERT_TRUE(d.validate().isEmpty()) << d.validate().toStdString();
  pv->startProfile(d.options());
  pv->waitForIdle();
  ASSERT_EQ(pv->runCount(), 1);
  EXPECT_GT(pv->run(0).summary.node_events, 0);
}

std::vector<std::string> CorpusNames() {
  std::vector<std::string> out;
  for (const auto& p : testing::CorpusModels()) out.push_back(p.filename().string());
  return out;
}
INSTANTIATE_TEST_SUITE_P(Corpus, ProfileCorpusModel, ::testing::ValuesIn(CorpusNames()),
                         [](const auto& info) { return info.param; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ProfileCorpusModel);

TEST(ProfileView, DimensionsAreRememberedPerModel) {
  MainWindow w;
  OpenOnTheProfileTab(w);
  ProfileView* pv = w.profileView();
  api::ProfileOptions o = pv->dialogOptions();
  EXPECT_EQ(o.level, "layout");  // all optimizations until the user chooses otherwise (35.7)
  o.dims = {{"batch", 1}};
  o.runs = 1;
  o.warmup = 0;
  o.level = "disabled";
  pv->startProfile(o);
  pv->waitForIdle();
  ASSERT_EQ(pv->runCount(), 1);
  EXPECT_TRUE(pv->run(0).label.endsWith(QStringLiteral(" · batch=1")))
      << pv->run(0).label.toStdString();  // Compare Runs tells batch sizes apart
  EXPECT_EQ(pv->dialogOptions().dims, o.dims);
  EXPECT_EQ(pv->dialogOptions().level, "disabled");
  pv->setModelPath(QString::fromStdString(testing::SampleModel().string()));
  EXPECT_TRUE(pv->dialogOptions().dims.empty());     // another model: its own defaults
  EXPECT_EQ(pv->dialogOptions().level, "disabled");  // the other choices stay
}

}  // namespace
}  // namespace onnxlens::widgets
