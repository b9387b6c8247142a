// The comparison panes of the Optimize tab: what each side's chooser says against what it shows.
#include <gtest/gtest.h>

#include <QComboBox>

#include "test_paths.h"
#include "widgets/compare_view.h"
#include "widgets/main_window.h"
#include "widgets/optimize_view.h"

namespace onnxlens::widgets {
namespace {

using Side = CompareView::Side;

// The step a chooser's current entry names ("step:N" or "level:name"), -1 for a file or none.
int ChosenStep(const CompareView* cmp, Side side) {
  const QString d = cmp->chooser(side)->currentData().toString();
  if (d.startsWith(QLatin1String("step:"))) return d.mid(5).toInt();
  if (d.startsWith(QLatin1String("level:")))
    return cmp->trace()->StepOfLevel(d.mid(6).toStdString());
  return -1;
}

void ExpectChoosersNameWhatIsShown(const CompareView* cmp, const char* when) {
  for (Side side : {Side::kLeft, Side::kRight}) {
    const QString text = cmp->chooser(side)->currentText();
    EXPECT_EQ(ChosenStep(cmp, side), cmp->step(side)) << when << ": " << text.toStdString();
    ASSERT_TRUE(cmp->snapshot(side));
    // The count in the label is the count of the graph shown.
    EXPECT_TRUE(text.contains(QString::number(cmp->snapshot(side)->node_count_total)))
        << when << ": " << text.toStdString();
  }
}

TEST(CompareView, ChoosersNameWhatEachSideShowsFromTheFirstTrace) {
  MainWindow w;
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  ASSERT_TRUE(w.showView(QStringLiteral("compare")));
  OptimizeView* ov = w.optimizeView();
  ov->waitForTrace();
  ASSERT_TRUE(ov->trace());
  CompareView* cmp = ov->compare();
  // The first trace shows the original on the left and the extended level on the right.
  ASSERT_EQ(cmp->step(Side::kRight), ov->trace()->StepOfLevel("extended"));
  EXPECT_TRUE(cmp->chooser(Side::kRight)->currentText().startsWith(QStringLiteral("Extended")))
      << cmp->chooser(Side::kRight)->currentText().toStdString();
  ExpectChoosersNameWhatIsShown(cmp, "first trace");
  cmp->setStep(Side::kRight, 1);
  ExpectChoosersNameWhatIsShown(cmp, "step 1");
  // A re-run (another format) keeps each side's choice and its label.
  ov->setFormat(QStringLiteral("standard"));
  ov->waitForTrace();
  ExpectChoosersNameWhatIsShown(cmp, "after a re-run");
  // Another model: the new trace starts again at original vs extended.
  ov->setModelPath(QString::fromStdString(testing::SampleModel().string()));
  ov->ensureTrace();
  ov->waitForTrace();
  ExpectChoosersNameWhatIsShown(cmp, "another model");
}

}  // namespace
}  // namespace onnxlens::widgets
