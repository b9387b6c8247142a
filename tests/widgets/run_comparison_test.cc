// Compare Runs and the model each run is of (issue 38): runs of two different models get no
// faster / slower verdict, told apart by the files' fingerprints (else their paths), and a run of a
// file whose name another model's run has is labelled with its folder.
#include <gtest/gtest.h>

#include <filesystem>

#include "common/trace_summary.h"
#include "shown_window.h"
#include "test_paths.h"
#include "widgets/main_window.h"
#include "widgets/profile_charts.h"
#include "widgets/profile_view.h"

namespace onnxlens::widgets {
namespace {

TEST(RunComparison, RunsOfDifferentModelsGetNoVerdictOnSpeed) {
  RunComparison comparison;
  RunComparison* c = &comparison;
  profiling::TraceSummary none;
  // Runs of two different models (both files named model.onnx) get no verdict on speed (issue
  // 38: "B is 41.8% faster" of efficientnet_b0 against gpt_tiny); nor does a file that changed
  // between two runs. The same model, or runs that do not say theirs, keep it.
  const std::vector<std::vector<double>> faster = {{9.0, 9.5, 10.0, 10.5, 11.0},
                                                   {6.0, 6.5, 7.0, 7.5, 8.0}};
  const RunModel effnet{QStringLiteral("/c/efficientnet_b0/model.onnx"), QStringLiteral("1a")};
  const RunModel gpt{QStringLiteral("/c/gpt_tiny/model.onnx"), QStringLiteral("2b")};
  c->setRuns({QStringLiteral("A"), QStringLiteral("B")}, faster, {none, none}, {effnet, gpt});
  EXPECT_TRUE(c->verdict().contains(QStringLiteral("different models")))
      << c->verdict().toStdString();
  EXPECT_TRUE(c->verdict().contains(gpt.path));
  EXPECT_FALSE(c->verdict().contains(QStringLiteral("as fast")));
  EXPECT_EQ(c->table()->rowCount(), 7);  // the two runs' figures stay, side by side
  RunModel changed = effnet;
  changed.fingerprint = QStringLiteral("3c");
  c->setRuns({QStringLiteral("A"), QStringLiteral("B")}, faster, {none, none}, {effnet, changed});
  EXPECT_TRUE(c->verdict().contains(QStringLiteral("file changed"))) << c->verdict().toStdString();
  c->setRuns({QStringLiteral("A"), QStringLiteral("B")}, faster, {none, none}, {effnet, effnet});
  EXPECT_TRUE(c->verdict().startsWith(QStringLiteral("B is 1.43× as fast as A")));
  c->setRuns({QStringLiteral("A"), QStringLiteral("B")}, faster, {none, none},
             {effnet, RunModel{}});
  EXPECT_TRUE(c->verdict().startsWith(QStringLiteral("B is 1.43× as fast as A")));
  RunModel copy = effnet;  // the same bytes in another folder: the same model
  copy.path = QStringLiteral("/elsewhere/model.onnx");
  c->setRuns({QStringLiteral("A"), QStringLiteral("B")}, faster, {none, none}, {effnet, copy});
  EXPECT_TRUE(c->verdict().startsWith(QStringLiteral("B is 1.43× as fast as A")));
  // Traces without fingerprints (older files, ONNX Runtime's): by the paths.
  c->setRuns({QStringLiteral("A"), QStringLiteral("B")}, faster, {none, none},
             {RunModel{effnet.path, {}}, RunModel{gpt.path, {}}});
  EXPECT_TRUE(c->verdict().contains(QStringLiteral("different models")));
}

TEST(ProfileView, RunsOfTwoModelsOfOneFileNameAreToldApartAndNotComparedForSpeed) {
  const auto relu = testing::OnnxTestDataDir() / "node/test_relu/model.onnx";
  if (!std::filesystem::exists(relu)) GTEST_SKIP() << "libonnx-testdata is not installed";
  testing::TempDir dir;
  std::filesystem::create_directories(dir.path() / "cnn");
  std::filesystem::create_directories(dir.path() / "relu");
  std::filesystem::copy_file(testing::SampleModel(), dir.path() / "cnn/model.onnx");
  std::filesystem::copy_file(relu, dir.path() / "relu/model.onnx");
  MainWindow w;
  ShowForTest(w);
  ProfileView* pv = w.profileView();
  api::ProfileOptions o;
  o.runs = 3;
  o.warmup = 0;
  o.threads = 1;
  for (const char* m : {"cnn", "relu"}) {
    w.openFile(QString::fromStdString((dir.path() / m / "model.onnx").string()));
    w.waitForLoad();
    ASSERT_TRUE(w.showView(QStringLiteral("timeline")));
    pv->startProfile(o);
    pv->waitForIdle();
  }
  ASSERT_EQ(pv->runCount(), 2);
  EXPECT_TRUE(pv->run(0).label.startsWith(QStringLiteral("model.onnx · ")))
      << pv->run(0).label.toStdString();
  EXPECT_TRUE(pv->run(1).label.startsWith(QStringLiteral("relu/model.onnx · ")))
      << pv->run(1).label.toStdString();
  EXPECT_TRUE(pv->comparison()->verdict().contains(QStringLiteral("different models")))
      << pv->comparison()->verdict().toStdString();
}

}  // namespace
}  // namespace onnxlens::widgets
