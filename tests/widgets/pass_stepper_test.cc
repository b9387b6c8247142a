// The pass stepper of the Optimize tab: what a row says about its pass, that the pass names and
// headers fit at a common window width in English and German, and that a click shows the pass's
// own change.
#include <gtest/gtest.h>

#include <algorithm>

#include <QAction>
#include <QApplication>
#include <QFontMetrics>
#include <QHeaderView>
#include <QMenuBar>
#include <QScrollBar>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTranslator>

#include "api/graph_diff.h"
#include "api/optimize.h"
#include "test_paths.h"
#include "widgets/compare_view.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/optimize_view.h"
#include "widgets/pass_list_dialog.h"
#include "widgets/pass_stepper.h"

namespace onnxlens::widgets {
namespace {

using StepperSide = CompareView::Side;

void OpenSteps(MainWindow& w) {
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  w.openFile(QString::fromStdString(testing::SampleModel().string()));
  w.waitForLoad();
  ASSERT_TRUE(w.showView(QStringLiteral("steps")));
  w.optimizeView()->waitForTrace();
  ASSERT_TRUE(w.optimizeView()->trace());
  ASSERT_GT(w.optimizeView()->stepper()->model()->rowCount(), 1);
}

TEST(PassStepper, ARowAndTheLineUnderTheListSayWhatThePassDoes) {
  MainWindow w;
  OpenSteps(w);
  PassStepper* st = w.optimizeView()->stepper();
  const auto& step = st->model()->steps()[0];
  const QString summary = StepListModel::passSummary(step.pass);
  ASSERT_FALSE(summary.isEmpty()) << step.pass;
  // The tooltip is more than the name: the summary, the level and the counts in words.
  const QString tip = st->model()
                          ->data(st->model()->index(0, StepListModel::PassColumn), Qt::ToolTipRole)
                          .toString();
  EXPECT_TRUE(tip.contains(summary.toHtmlEscaped())) << tip.toStdString();
  EXPECT_TRUE(tip.contains(QString::fromStdString(step.level))) << tip.toStdString();
  EXPECT_TRUE(tip.contains(StepListModel::changeText(step))) << tip.toStdString();
  EXPECT_TRUE(StepListModel::changeText(step).contains(QStringLiteral("removed")) ||
              StepListModel::changeText(step).contains(QStringLiteral("fused")) ||
              StepListModel::changeText(step).contains(QStringLiteral("modified")));
  // Before a selection the line under the list explains the counts' signs…
  EXPECT_TRUE(st->detailsText().contains(QStringLiteral("removed")))
      << st->detailsText().toStdString();
  // …and once a step is selected it says what that pass does.
  st->selectStep(1);
  EXPECT_TRUE(st->detailsText().contains(summary.toHtmlEscaped()))
      << st->detailsText().toStdString();
  EXPECT_TRUE(st->detailsText().contains(StepListModel::changeText(step)));

  // Help → Optimizer Passes lists every pass with its summary.
  QAction* help = nullptr;
  for (QAction* menu : w.menuBar()->actions())
    for (QAction* a : menu->menu() ? menu->menu()->actions() : QList<QAction*>())
      if (a->text().remove('&') == QStringLiteral("Optimizer Passes")) help = a;
  ASSERT_TRUE(help) << "no Help → Optimizer Passes";
  PassListDialog dialog;
  const auto passes = api::ListOptimizerPasses();
  ASSERT_EQ(dialog.table()->rowCount(), static_cast<int>(passes.size()));
  for (int r = 0; r < dialog.table()->rowCount(); ++r) {
    EXPECT_EQ(dialog.table()->item(r, 1)->text().toStdString(), passes[r].name);
    EXPECT_TRUE(
        dialog.table()->item(r, 2)->text().startsWith(QString::fromStdString(passes[r].summary)));
  }
  EXPECT_TRUE(PassListDialog::howToRead().contains(QStringLiteral("removed")));
}

// Every pass name and header is whole at 1280×800, in English and in German (a translator
// installed before the window is made).
void ExpectNamesAndHeadersFit(const char* lang) {
  QTranslator t;
  if (lang) {
    ASSERT_TRUE(t.load(QStringLiteral(":/i18n/onnxlens_%1.qm").arg(QLatin1String(lang))));
    QCoreApplication::installTranslator(&t);
  }
  {
    MainWindow w;
    OpenSteps(w);
    PassStepper* st = w.optimizeView()->stepper();
    // The longest names the optimizer has, as steps of the list.
    std::vector<api::OptimizeStepReport> steps = st->model()->steps();
    int i = 0;
    for (const api::PassDescription& p : api::ListOptimizerPasses()) {
      api::OptimizeStepReport s = steps.front();
      s.index = ++i;
      s.pass = p.name;
      s.removed = 120;
      s.added = 24;
      s.modified = 120;
      steps.push_back(s);
    }
    st->model()->setSteps(steps);
    QApplication::processEvents();
    QTableView* table = st->table();
    QHeaderView* header = table->horizontalHeader();
    const QFontMetrics fm(table->font());
    const QFontMetrics hm(header->font());
    for (int c = 0; c < StepListModel::ColumnCount; ++c) {
      const QString title = st->model()->headerData(c, Qt::Horizontal).toString();
      EXPECT_GE(header->sectionSize(c), hm.horizontalAdvance(title) + 8)
          << (lang ? lang : "en") << ": header " << title.toStdString() << " cut";
    }
    // Each name whole in its cell, on one line or wrapped at its hyphens.
    for (int r = 0; r < st->model()->rowCount(); ++r) {
      const QModelIndex i = st->model()->index(r, StepListModel::PassColumn);
      const QString name = i.data().toString();
      const QRect cell = table->visualRect(i).adjusted(3, 0, -3, 0);
      const QRect need = fm.boundingRect(QRect(0, 0, cell.width(), 10000), Qt::TextWordWrap, name);
      EXPECT_LE(need.width(), cell.width()) << name.toStdString() << " cut";
      EXPECT_LE(need.height(), cell.height()) << name.toStdString() << " cut";
    }
    // The window itself still fits 1280 px (a long translation must not widen it).
    EXPECT_LE(w.minimumSizeHint().width(), 1280) << (lang ? lang : "en");
    EXPECT_EQ(w.width(), 1280) << (lang ? lang : "en");
    // And they fit the panel without scrolling sideways.
    EXPECT_EQ(table->horizontalScrollBar()->maximum(), 0)
        << (lang ? lang : "en") << ": the list is " << header->length() << " px in "
        << table->viewport()->width() << " px";
  }
  if (lang) QCoreApplication::removeTranslator(&t);
}

TEST(PassStepper, PassNamesAndHeadersAreWholeAt1280Pixels) {
  ExpectNamesAndHeadersFit(nullptr);
  ExpectNamesAndHeadersFit("de");
}

TEST(PassStepper, AClickShowsThePassAloneUnlessAskedForTheOriginal) {
  MainWindow w;
  OpenSteps(w);
  OptimizeView* ov = w.optimizeView();
  PassStepper* st = ov->stepper();
  CompareView* cmp = ov->compare();
  const QRect row = st->table()->visualRect(st->model()->index(1, StepListModel::PassColumn));
  QTest::mouseClick(st->table()->viewport(), Qt::LeftButton, {}, row.center());
  EXPECT_EQ(st->currentStep(), 2);
  EXPECT_EQ(cmp->step(StepperSide::kLeft), 1);
  EXPECT_EQ(cmp->step(StepperSide::kRight), 2);
  EXPECT_TRUE(st->detailsText().contains(QStringLiteral("before step 2")))
      << st->detailsText().toStdString();
  // The keyboard steps the same way.
  QTest::keyClick(st->table(), Qt::Key_Up);
  EXPECT_EQ(cmp->step(StepperSide::kLeft), 0);
  EXPECT_EQ(cmp->step(StepperSide::kRight), 1);
  // Against the original: everything up to the step.
  st->setAgainstOriginal(true);
  QTest::keyClick(st->table(), Qt::Key_Down);
  EXPECT_EQ(cmp->step(StepperSide::kLeft), 0);
  EXPECT_EQ(cmp->step(StepperSide::kRight), 2);
  EXPECT_TRUE(st->detailsText().contains(QStringLiteral("original")));
  // Unticked again, the selected step shows its own change at once.
  st->setAgainstOriginal(false);
  EXPECT_EQ(cmp->step(StepperSide::kLeft), 1);
  EXPECT_EQ(cmp->step(StepperSide::kRight), 2);
}

std::vector<std::string> StepperPaneTitles(const GraphView& v) {
  std::vector<std::string> titles;
  for (const api::ViewItem& i : v.model().items) titles.push_back(i.title);
  return titles;
}

TEST(PassStepper, AStepForwardTakesTheOtherPanesModelAndRingsTheStepsOwnChange) {
  MainWindow w;
  OpenSteps(w);
  OptimizeView* ov = w.optimizeView();
  PassStepper* st = ov->stepper();
  CompareView* cmp = ov->compare();
  const auto trace = ov->trace();
  ASSERT_GE(trace->steps.size(), 3u);
  st->selectStep(2);
  GraphView* left = cmp->view(StepperSide::kLeft);
  GraphView* right = cmp->view(StepperSide::kRight);
  left->waitForLayout();
  right->waitForLayout();
  const std::vector<std::string> titles = StepperPaneTitles(*right);
  const int hits = left->layoutCacheHits();
  st->selectStep(3);
  left->waitForLayout();
  right->waitForLayout();
  // The left pane shows step 2, as the right one did: its model and its layout taken, not made.
  EXPECT_EQ(left->snapshot(), trace->snapshots[2]);
  EXPECT_EQ(right->snapshot(), trace->snapshots[3]);
  EXPECT_EQ(StepperPaneTitles(*left), titles);
  EXPECT_EQ(left->layoutCacheHits(), hits + 1);
  // The rings on the right are the nodes step 3 changed, from the panes' own diff.
  const api::GraphDiff d =
      api::DiffByProvenance(trace->snapshots[2]->graphs[0], trace->snapshots[3]->graphs[0]);
  std::vector<int> expected;
  for (size_t n = 0; n < d.right.size(); ++n)
    if (d.right[n] != api::DiffState::kUnchanged && right->model().item_of_node[n] >= 0)
      expected.push_back(right->model().item_of_node[n]);
  std::vector<int> marked = right->markedItems();
  std::sort(marked.begin(), marked.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_FALSE(expected.empty());
  EXPECT_EQ(marked, expected);
  // And back: the right pane takes the left's model of step 2.
  st->selectStep(2);
  right->waitForLayout();
  EXPECT_EQ(right->snapshot(), trace->snapshots[2]);
  EXPECT_EQ(StepperPaneTitles(*right), titles);
}

}  // namespace
}  // namespace onnxlens::widgets
