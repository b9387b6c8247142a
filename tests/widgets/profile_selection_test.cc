// The timeline's selection against the graph's: a slice clicked in a later run of a profile stays
// selected when the graph echoes its node back, and Heat from Profile leaves it where it is.
#include <gtest/gtest.h>

#include <QApplication>
#include <filesystem>

#include "test_paths.h"
#include "widgets/document.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/profile_view.h"
#include "widgets/timeline_widget.h"

namespace onnxlens::widgets {
namespace {

TEST(ProfileView, ASliceClickedInALaterRunStaysSelected) {
  // Issue 39: a slice of the last run clicked selects its node in the graph, whose echo selected
  // the node's first slice (run 1): the view jumped there and the Slice panel showed run 1's
  // start. Toggling Heat from Profile jumped the same way.
  MainWindow w;
  w.setErrorPresenter([](const QString&, const QString& m) { ADD_FAILURE() << m.toStdString(); });
  w.resize(1280, 800);
  w.show();
  // resnet18 when the corpus is there (its groups open only after a layout, so the graph's echo
  // comes late), else the bundled sample.
  const auto resnet = testing::CorpusDir() / "resnet18/model.onnx";
  const auto model = std::filesystem::exists(resnet) ? resnet : testing::SampleModel();
  w.openFile(QString::fromStdString(model.string()));
  w.waitForLoad();
  ASSERT_TRUE(w.showView(QStringLiteral("timeline")));
  ProfileView* pv = w.profileView();
  api::ProfileOptions o;
  o.level = "disabled";
  o.runs = 3;
  o.warmup = 0;
  o.threads = 1;
  pv->startProfile(o);
  pv->waitForIdle();
  ASSERT_EQ(pv->runCount(), 1);
  const ProfileView::Run& run = pv->run(0);
  w.graphView()->waitForLayout();
  // The last kernel slice of the trace (the last run) and the first slice of the same node.
  int track = -1, last = -1;
  for (size_t t = 0; t < run.timeline->tracks.size(); ++t) {
    const auto& slices = run.timeline->tracks[t].slices;
    for (size_t i = slices.size(); i-- > 0;)
      if (slices[i].op >= 0 && (last < 0 || slices[i].start_us > slices[last].start_us)) {
        track = static_cast<int>(t);
        last = static_cast<int>(i);
        break;
      }
  }
  ASSERT_GE(last, 0);
  const auto& slices = run.timeline->tracks[track].slices;
  int first = -1;
  for (int i = 0; i < last && first < 0; ++i)
    if (slices[i].op >= 0 && slices[i].name == slices[last].name) first = i;
  ASSERT_GE(first, 0) << "three runs: the node ran before";
  pv->timeline()->selectSlice(track, last);
  w.graphView()->waitForLayout();
  QApplication::processEvents();
  EXPECT_EQ(pv->timeline()->selectedTrack(), track);
  EXPECT_EQ(pv->timeline()->selectedSlice(), last);
  // The graph's echo comes after its layout when the node's group had to be opened: then it is
  // no longer inside the timeline's own publication, and used to move the selection.
  const QString name = QString::fromStdString(run.timeline->names[slices[last].name]);
  w.document()->select(name, {}, w.graphView());
  EXPECT_EQ(pv->timeline()->selectedSlice(), last) << "jumped to another run";
  w.setHeat(true);
  w.graphView()->waitForLayout();
  QApplication::processEvents();
  EXPECT_EQ(pv->timeline()->selectedSlice(), last);
  w.setHeat(false);
  w.graphView()->waitForLayout();
  // Another node selected in the graph moves the selection to that node's slice.
  pv->timeline()->selectSlice(-1, -1);
  ASSERT_TRUE(w.graphView()->selectByName(name));
  EXPECT_GE(pv->timeline()->selectedSlice(), 0);
  EXPECT_EQ(slices[pv->timeline()->selectedSlice()].name, slices[last].name);
}

}  // namespace
}  // namespace onnxlens::widgets
