// The timeline widget: tracks, click selection, keyboard zoom / pan / focus / step, range drag.
#include <gtest/gtest.h>

#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <set>

#include "api/profile.h"
#include "api/timeline.h"
#include "test_paths.h"
#include "widgets/timeline_widget.h"

namespace onnxlens::widgets {
namespace {

std::shared_ptr<const api::Timeline> ProfiledSample() {
  api::ProfileOptions po;
  po.runs = 2;
  auto p = api::ProfileModelFile(testing::SampleModel(), po);
  EXPECT_TRUE(p.ok()) << p.status().message();
  return std::make_shared<const api::Timeline>(api::BuildTimeline(p->events));
}

TEST(TimelineWidget, ClickSelectsTheSliceUnderThePointerAndKeysMoveTheView) {
  const auto tl = ProfiledSample();
  ASSERT_FALSE(tl->tracks.empty());
  TimelineWidget w;
  w.resize(1200, 400);
  w.setTimeline(tl);
  w.show();
  // A kernel slice of the first track, shown across the width.
  const api::TimelineTrack& t = tl->tracks[0];
  int slice = -1;
  for (size_t i = 0; i < t.slices.size() && slice < 0; ++i)
    if (t.slices[i].op >= 0) slice = static_cast<int>(i);
  ASSERT_GE(slice, 0);
  const api::TimelineSlice& s = t.slices[slice];
  w.showRange(s.start_us - s.dur_us, s.End() + s.dur_us);
  const int x =
      TimelineWidget::kGutter + static_cast<int>(w.axis().ToPx(s.start_us + s.dur_us / 2));
  const int y = w.trackTop(0) + s.depth * TimelineWidget::kRowHeight + 5;
  QSignalSpy selected(&w, &TimelineWidget::sliceSelected);
  QTest::mouseClick(&w, Qt::LeftButton, {}, QPoint(x, y));
  ASSERT_EQ(selected.count(), 1);
  EXPECT_EQ(w.selectedTrack(), 0);
  EXPECT_EQ(w.selectedSlice(), slice);

  const double scale = w.axis().us_per_px;
  QTest::keyClick(&w, Qt::Key_W);
  EXPECT_LT(w.axis().us_per_px, scale);
  const double zoomed = w.axis().us_per_px;
  // Pan while zoomed in (zoomed out, the view may already hold the whole trace and stays put).
  const double start = w.axis().start_us;
  const double last =
      tl->end_us + (tl->end_us - tl->begin_us) * 0.02 - (w.axis().EndUs() - w.axis().start_us);
  if (start < last - 1e-6) {  // room on the right: D shows later times
    QTest::keyClick(&w, Qt::Key_D);
    EXPECT_GT(w.axis().start_us, start);
  } else {  // at the trace's end: A shows earlier ones
    QTest::keyClick(&w, Qt::Key_A);
    EXPECT_LT(w.axis().start_us, start);
  }
  QTest::keyClick(&w, Qt::Key_S);
  QTest::keyClick(&w, Qt::Key_S);
  // Out again; not necessarily past `scale`: when the profiled trace's timing (it varies with the
  // machine's load) made the first view the whole trace, zooming out stops there.
  EXPECT_GT(w.axis().us_per_px, zoomed);
  EXPECT_GE(w.axis().us_per_px, scale);
  QTest::keyClick(&w, Qt::Key_F);  // the selection fills the view again
  EXPECT_LE(w.axis().start_us, s.start_us);
  EXPECT_GE(w.axis().EndUs(), s.End());
  // The wheel zooms in at the pointer (the time under it stays); Shift+wheel pans; a drag pans.
  const double under = w.axis().ToUs(x - TimelineWidget::kGutter);
  const double before = w.axis().us_per_px;
  QWheelEvent wheel(QPointF(x, y), QPointF(w.mapToGlobal(QPoint(x, y))), QPoint(), QPoint(0, 120),
                    Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
  QApplication::sendEvent(&w, &wheel);
  EXPECT_LT(w.axis().us_per_px, before);
  EXPECT_NEAR(w.axis().ToUs(x - TimelineWidget::kGutter), under, 1e-6 * std::abs(under) + 1e-6);
  const double left = w.axis().start_us;
  QWheelEvent sideways(QPointF(x, y), QPointF(w.mapToGlobal(QPoint(x, y))), QPoint(),
                       QPoint(0, -120), Qt::NoButton, Qt::ShiftModifier, Qt::NoScrollPhase, false);
  QApplication::sendEvent(&w, &sideways);
  EXPECT_GT(w.axis().start_us, left);  // wheel down with Shift: later times come into view
  const double dragStart = w.axis().start_us;
  // A drag of 100 px to the left shows later times, unless the view is within 100 px of the
  // trace's end (plus the 2% margin the view may pan past): then one to the right, earlier times.
  const double upp = w.axis().us_per_px;
  const double latest =
      tl->end_us + (tl->end_us - tl->begin_us) * 0.02 - (w.axis().EndUs() - w.axis().start_us);
  const int dx = latest - dragStart >= 100 * upp ? -100 : 100;
  QTest::mousePress(&w, Qt::LeftButton, {}, QPoint(600, y));
  QMouseEvent drag(QEvent::MouseMove, QPointF(600 + dx, y), Qt::LeftButton, Qt::LeftButton,
                   Qt::NoModifier);
  QApplication::sendEvent(&w, &drag);
  QTest::mouseRelease(&w, Qt::LeftButton, {}, QPoint(600 + dx, y));
  EXPECT_NEAR(w.axis().start_us, dragStart - dx * upp, 1e-6 * std::abs(dragStart));
  QTest::keyClick(&w, Qt::Key_F);
  QTest::keyClick(&w, Qt::Key_Period);
  EXPECT_EQ(w.selectedSlice(), slice + 1);
  QTest::keyClick(&w, Qt::Key_Comma);
  EXPECT_EQ(w.selectedSlice(), slice);
}

TEST(TimelineWidget, ShiftDragSelectsARangeAndFullZoomOutStaysBounded) {
  const auto tl = ProfiledSample();
  TimelineWidget w;
  w.resize(1000, 400);
  w.setTimeline(tl);
  w.show();
  QSignalSpy range(&w, &TimelineWidget::rangeSelected);
  const int y = w.trackTop(0) + 4;
  QTest::mousePress(&w, Qt::LeftButton, Qt::ShiftModifier, QPoint(300, y));
  QMouseEvent move(QEvent::MouseMove, QPointF(700, y), Qt::LeftButton, Qt::LeftButton,
                   Qt::ShiftModifier);
  QApplication::sendEvent(&w, &move);
  QTest::mouseRelease(&w, Qt::LeftButton, Qt::ShiftModifier, QPoint(700, y));
  ASSERT_EQ(range.count(), 1);
  const double t0 = range.at(0).at(0).toDouble(), t1 = range.at(0).at(1).toDouble();
  EXPECT_NEAR(t0, w.axis().ToUs(300 - TimelineWidget::kGutter), w.axis().us_per_px);
  EXPECT_NEAR(t1, w.axis().ToUs(700 - TimelineWidget::kGutter), w.axis().us_per_px);
  EXPECT_FALSE(api::SummarizeRange(*tl, t0, t1).empty());
  w.fitAll();
  (void)w.grab();  // paints
  EXPECT_GT(w.lastPaintRects(), 0);
  EXPECT_LE(w.lastPaintRects(), static_cast<int>(tl->slice_count));
}

// Issue 21.15: labels were elided in the middle ("/la…onv"); now the name's tail or the op type.
TEST(TimelineWidget, ASliceLabelIsTheNameItsTailOrTheOpTypeNeverElidedInTheMiddle) {
  const QFontMetrics fm(QApplication::font());
  const QString name = QStringLiteral("/layer1/layer1.0/conv1/Conv");
  const QString op = QStringLiteral("FusedConv");
  auto w = [&fm](const QString& s) { return fm.horizontalAdvance(s); };
  EXPECT_EQ(TimelineWidget::sliceLabel(name, op, fm, w(name)), name);
  EXPECT_EQ(TimelineWidget::sliceLabel(name, op, fm, w(name) - 1),
            QStringLiteral("layer1/layer1.0/conv1/Conv"));
  EXPECT_EQ(TimelineWidget::sliceLabel(name, op, fm, w(QStringLiteral("conv1/Conv"))),
            QStringLiteral("conv1/Conv"));
  EXPECT_EQ(TimelineWidget::sliceLabel(name, op, fm, w(QStringLiteral("conv1/Conv")) - 1),
            QStringLiteral("Conv"));
  // A name without scopes: the op type when the name does not fit, then the op type's start.
  const QString flat = QStringLiteral("resnetv17_stage1_conv0_fwd");
  EXPECT_EQ(TimelineWidget::sliceLabel(flat, op, fm, w(op) + 2), op);
  const QString cut = TimelineWidget::sliceLabel(flat, op, fm, w(QStringLiteral("Fuse")));
  EXPECT_TRUE(cut.startsWith(QStringLiteral("Fu"))) << cut.toStdString();
  EXPECT_TRUE(cut.endsWith(QStringLiteral("…"))) << cut.toStdString();
  // Thread-pool work: the node's tail with the suffix, then without it, then its start.
  const QString pool = name + QStringLiteral(" [parallel]");
  EXPECT_EQ(TimelineWidget::sliceLabel(pool, QString(), fm, w(QStringLiteral("Conv [parallel]"))),
            QStringLiteral("Conv [parallel]"));
  EXPECT_EQ(TimelineWidget::sliceLabel(pool, QString(), fm, w(QStringLiteral("Conv")) + 1),
            QStringLiteral("Conv"));
  const QString start =
      TimelineWidget::sliceLabel(pool, QString(), fm, w(QStringLiteral("Co…")) + 1);
  EXPECT_TRUE(start.startsWith(QStringLiteral("Co")) && start.endsWith(QStringLiteral("…")))
      << start.toStdString();
  for (int width = 1; width < w(op); ++width) {
    const QString l = TimelineWidget::sliceLabel(name, op, fm, width);
    EXPECT_LE(w(l), width);
    EXPECT_FALSE(l.contains(QStringLiteral("a…o")));
  }
  EXPECT_TRUE(TimelineWidget::sliceLabel(name, op, fm, 2).isEmpty());
}

// Issue 21.16: zoom and pan went into empty time (a ruler at "-1.0 s"); the keys needed a click.
TEST(TimelineWidget, ZoomAndPanStayOnTheTraceHomeFitsItAndTheKeysWorkOnHover) {
  const auto tl = ProfiledSample();
  QWidget window;
  auto* search = new QLineEdit(&window);
  auto* w = new TimelineWidget(&window);
  w->setGeometry(0, 40, 1000, 300);
  w->setTimeline(tl);
  window.resize(1000, 360);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  const double span = tl->end_us - tl->begin_us;
  const double lo = tl->begin_us - 0.02 * span - 1e-6, hi = tl->end_us + 0.02 * span + 1e-6;
  for (int i = 0; i < 20; ++i) QTest::keyClick(w, Qt::Key_S);  // zoom far out
  EXPECT_GE(w->axis().start_us, lo);
  EXPECT_LE(w->axis().EndUs(), hi);
  QTest::keyClick(w, Qt::Key_W);
  QTest::keyClick(w, Qt::Key_W);
  for (int i = 0; i < 40; ++i) QTest::keyClick(w, Qt::Key_A);  // pan far left
  EXPECT_GE(w->axis().start_us, lo);
  EXPECT_LT(w->axis().EndUs(), tl->end_us);  // still zoomed in: moved, not rescaled
  for (int i = 0; i < 40; ++i) QTest::keyClick(w, Qt::Key_D);
  EXPECT_LE(w->axis().EndUs(), hi);
  const double dragged = w->axis().start_us;
  QTest::mousePress(w, Qt::LeftButton, {}, QPoint(300, 100));
  QMouseEvent drag(QEvent::MouseMove, QPointF(900, 100), Qt::LeftButton, Qt::LeftButton,
                   Qt::NoModifier);
  QApplication::sendEvent(w, &drag);
  QTest::mouseRelease(w, Qt::LeftButton, {}, QPoint(900, 100));
  EXPECT_LT(w->axis().start_us, dragged);
  EXPECT_GE(w->axis().start_us, lo);
  QTest::keyClick(w, Qt::Key_Home);
  EXPECT_NEAR(w->axis().start_us, tl->begin_us, 1e-6 * span);
  EXPECT_NEAR(w->axis().EndUs(), tl->end_us, 1e-6 * span);

  // Hovering takes the keys (no click needed) but never from a text field being typed in.
  window.activateWindow();
  search->setFocus();
  QEvent enter(QEvent::Enter);
  QApplication::sendEvent(w, &enter);
  EXPECT_TRUE(search->hasFocus());
  search->clearFocus();
  w->parentWidget()->setFocus();
  QApplication::sendEvent(w, &enter);
  EXPECT_TRUE(w->hasFocus());
}

}  // namespace
}  // namespace onnxlens::widgets
