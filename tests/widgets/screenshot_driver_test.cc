// ScreenshotDriver (`onnxlens --screenshot`): each view renders a PNG of the requested size with
// its options applied, and a bad option is an error (exit status 1) with the screenshot still
// written.
#include "widgets/screenshot_driver.h"

#include <gtest/gtest.h>

#include <QImage>
#include <QTemporaryDir>

#include "sample_model.h"
#include "test_paths.h"
#include "widgets/compare_view.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/node_sidebar.h"
#include "widgets/optimize_view.h"
#include "widgets/pass_stepper.h"
#include "widgets/profile_view.h"
#include "widgets/provider_coloring.h"
#include "widgets/provider_legend.h"
#include "widgets/recent_files.h"

namespace onnxlens::widgets {
namespace {

struct Shot {
  QTemporaryDir dir;
  MainWindow window;
  ScreenshotRequest request;

  explicit Shot(const QString& view) {
    request.output = dir.filePath(QStringLiteral("shot.png"));
    request.model = Sample();
    request.view = view;
    request.size = QSize(900, 600);
  }
  int run() {
    ScreenshotDriver driver(&window);
    const int status = driver.run(request);
    errors = driver.errors();
    return status;
  }
  QImage image() const { return QImage(request.output); }
  QStringList errors;
};

TEST(ScreenshotDriver, TheDefaultViewIsTheGraphWithTheSelection) {
  Shot s{QString()};
  s.request.select = QStringLiteral("Conv");
  ASSERT_EQ(s.run(), 0) << s.errors.join('\n').toStdString();
  EXPECT_EQ(s.image().width(), 900);
  EXPECT_GE(s.image().height(), 600);  // at least: the window keeps its minimum height
  EXPECT_GE(s.window.graphView()->selectedItem(), 0);
  EXPECT_EQ(s.window.currentView(), QStringLiteral("graph"));
}

TEST(ScreenshotDriver, BadOptionsAreErrorsButTheShotIsWritten) {
  Shot s(QStringLiteral("nosuch"));
  s.request.select = QStringLiteral("NoSuchNode");
  s.request.tensor = QStringLiteral("no-such-tensor");
  EXPECT_EQ(s.run(), 1);
  EXPECT_EQ(s.errors.size(), 3) << s.errors.join('\n').toStdString();
  EXPECT_FALSE(s.image().isNull());
}

TEST(ScreenshotDriver, StepsSelectsThePassStep) {
  Shot s(QStringLiteral("steps"));
  s.request.step = QStringLiteral("2");
  ASSERT_EQ(s.run(), 0) << s.errors.join('\n').toStdString();
  EXPECT_EQ(s.window.optimizeView()->stepper()->currentStep(), 2);
  EXPECT_FALSE(s.image().isNull());
}

TEST(ScreenshotDriver, CompareShowsTheChosenSides) {
  Shot s(QStringLiteral("compare"));
  s.request.left = QStringLiteral("original");
  s.request.right = QStringLiteral("extended");
  ASSERT_EQ(s.run(), 0) << s.errors.join('\n').toStdString();
  const CompareView* cmp = s.window.optimizeView()->compare();
  EXPECT_EQ(cmp->step(CompareView::kLeft), 0);
  EXPECT_EQ(cmp->step(CompareView::kRight), cmp->trace()->StepOfLevel("extended"));
}

TEST(ScreenshotDriver, TimelineReadsATraceAndSelectsARunAsTheRange) {
  Shot s(QStringLiteral("timeline"));
  s.request.model.clear();
  s.request.trace = QString::fromStdString(
      (testing::SourceDir() / "tests/data/traces/ort_squeezenet1_1_profile.json").string());
  s.request.range = QStringLiteral("1");
  ASSERT_EQ(s.run(), 0) << s.errors.join('\n').toStdString();
  EXPECT_EQ(s.window.profileView()->runCount(), 1);
  EXPECT_EQ(s.window.currentView(), QStringLiteral("timeline"));
  s.request.range = QStringLiteral("99");
  EXPECT_EQ(s.run(), 1);
}

TEST(ScreenshotDriver, ProfileViewsProfileTheModel) {
  Shot runs(QStringLiteral("runs"));
  ASSERT_EQ(runs.run(), 0) << runs.errors.join('\n').toStdString();
  EXPECT_EQ(runs.window.profileView()->runCount(), 2);  // unoptimized, then extended
  Shot heat(QStringLiteral("heat"));
  ASSERT_EQ(heat.run(), 0) << heat.errors.join('\n').toStdString();
  EXPECT_EQ(heat.window.profileView()->runCount(), 1);
  EXPECT_EQ(heat.window.currentView(), QStringLiteral("graph"));
}

TEST(ScreenshotDriver, ProvidersColoursTheGraphWithTheLegend) {
  Shot s(QStringLiteral("providers"));
  s.request.select = QStringLiteral("Conv");
  ASSERT_EQ(s.run(), 0) << s.errors.join('\n').toStdString();
  EXPECT_EQ(s.image().width(), 900);
  EXPECT_EQ(s.window.currentView(), QStringLiteral("graph"));
  ProviderColoring* c = s.window.providerColoring();
  EXPECT_TRUE(c->isEnabled());
  ASSERT_NE(c->paint().report, nullptr);
  EXPECT_EQ(c->paint().nodes(), s.window.graphView()->snapshot()->node_count_total);
  EXPECT_FALSE(s.window.graphView()->itemAccents().empty());
  EXPECT_TRUE(s.window.providerLegend()->isVisible());
  EXPECT_TRUE(s.window.providerLegend()->text().contains(QStringLiteral("cpu")));
  // --select chose the node; the sidebar names its provider.
  EXPECT_GE(s.window.graphView()->selectedItem(), 0);
  EXPECT_TRUE(s.window.sidebar()->plainText().contains(QStringLiteral("Runs on")))
      << s.window.sidebar()->plainText().toStdString();
}

TEST(ScreenshotDriver, ProvidersOnACorpusModelSelectsADeclinedNode) {
  const auto path = testing::CorpusDir() / "ppocr_det" / "model.onnx";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "../shared/corpus is absent";
  Shot s(QStringLiteral("providers"));
  s.request.model = QString::fromStdString(path.string());
  ASSERT_EQ(s.run(), 0) << s.errors.join('\n').toStdString();
  const QString text = s.window.sidebar()->plainText();
  EXPECT_TRUE(text.contains(QStringLiteral("Not on the preferred provider"))) << text.toStdString();
}

// Issue 21.22: every --screenshot run used to join File > Open Recent.
TEST(ScreenshotDriver, AScreenshotRunDoesNotJoinTheRecentFiles) {
  RecentFiles::clear();
  Shot s{QString()};
  ASSERT_EQ(s.run(), 0) << s.errors.join('\n').toStdString();
  EXPECT_EQ(s.window.currentPath(), Sample());
  EXPECT_TRUE(RecentFiles::list().isEmpty()) << RecentFiles::list().join(", ").toStdString();
}

}  // namespace
}  // namespace onnxlens::widgets
