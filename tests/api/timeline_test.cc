// The timeline's plain parts: time <-> pixel mapping, ruler, tracks and nesting, level of detail
// on a million slices, hit testing, and the range summary against core's trace summary.
#include "api/timeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "api/profile.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

profiling::TraceEvent Slice(const std::string& name, double ts, double dur, int64_t tid) {
  profiling::TraceEvent e;
  e.name = name;
  e.cat = "Node";
  e.ts_us = ts;
  e.dur_us = dur;
  e.tid = tid;
  return e;
}

TEST(TimeAxis, MapsZoomsAtThePointerAndPans) {
  TimeAxis a;
  a.width_px = 1000;
  a.Fit(100, 1100);
  EXPECT_DOUBLE_EQ(a.us_per_px, 1.0);
  EXPECT_DOUBLE_EQ(a.ToPx(600), 500);
  EXPECT_DOUBLE_EQ(a.ToUs(a.ToPx(737.5)), 737.5);
  const double under = a.ToUs(250);
  a.ZoomAt(250, 4);
  EXPECT_DOUBLE_EQ(a.us_per_px, 0.25);
  EXPECT_NEAR(a.ToUs(250), under, 1e-9);  // the time under the pointer stays put
  a.ZoomAt(250, 1e12);                    // clamped
  EXPECT_DOUBLE_EQ(a.us_per_px, 1e-3);
  a.Fit(0, 1000);
  a.Pan(100);
  EXPECT_DOUBLE_EQ(a.start_us, 100);
}

TEST(TimeAxis, ClampToKeepsTheViewInsideTheBoundsWithoutRescalingANarrowerView) {
  TimeAxis a;
  a.width_px = 100;
  a.Fit(-50, 50);  // 100 us wide, half before the bounds
  a.ClampTo(0, 1000);
  EXPECT_DOUBLE_EQ(a.start_us, 0);
  EXPECT_DOUBLE_EQ(a.us_per_px, 1);
  a.Fit(950, 1050);  // past the end
  a.ClampTo(0, 1000);
  EXPECT_DOUBLE_EQ(a.EndUs(), 1000);
  EXPECT_DOUBLE_EQ(a.us_per_px, 1);
  a.Fit(-500, 2000);  // wider than the bounds: exactly the bounds
  a.ClampTo(0, 1000);
  EXPECT_DOUBLE_EQ(a.start_us, 0);
  EXPECT_DOUBLE_EQ(a.EndUs(), 1000);
  a.Fit(200, 300);  // inside: untouched
  a.ClampTo(0, 1000);
  EXPECT_DOUBLE_EQ(a.start_us, 200);
  EXPECT_DOUBLE_EQ(a.EndUs(), 300);
}

TEST(TimeAxis, TimestampsShowAsManyDecimalsAsTheResolutionNeeds) {
  EXPECT_EQ(FormatTimestamp(652318.4, 1), "652.318 ms");
  EXPECT_EQ(FormatTimestamp(652318.4, 0.01), "652.31840 ms");
  EXPECT_EQ(FormatTimestamp(652318.4, 1000), "652 ms");
  EXPECT_EQ(FormatTimestamp(652318.4, 5000), "652 ms");  // never fewer than whole units
  EXPECT_EQ(FormatTimestamp(2.5e6, 100), "2.5000 s");
  EXPECT_EQ(FormatTimestamp(12.25, 0.01), "12.25 µs");
  EXPECT_EQ(FormatTimestamp(0.5, 0.001), "500 ns");
}

TEST(TimeAxis, DurationsAndRulerUseAdaptiveUnits) {
  EXPECT_EQ(FormatDuration(0.45), "450 ns");
  EXPECT_EQ(FormatDuration(830), "830 µs");
  EXPECT_EQ(FormatDuration(1250), "1.25 ms");
  EXPECT_EQ(FormatDuration(2.1e6), "2.1 s");
  TimeAxis a;
  a.width_px = 1000;
  a.Fit(0, 999);  // about 1 µs a pixel: ticks every 100 µs at >= 80 px
  auto ticks = RulerTicks(a, 80);
  ASSERT_GE(ticks.size(), 9u);
  EXPECT_EQ(ticks[1].label, "100 µs");
  for (size_t i = 1; i < ticks.size(); ++i) EXPECT_GE(ticks[i].x - ticks[i - 1].x, 80 - 1e-9);
  a.Fit(600000, 601000);  // far from the origin: the unit of the largest label
  ticks = RulerTicks(a, 80);
  EXPECT_EQ(ticks[1].label, "600.1 ms");
  a.Fit(0, 50e3);  // 50 ms across: 5 ms steps
  ticks = RulerTicks(a, 80);
  EXPECT_EQ(ticks[1].label, "5 ms");
  a.Fit(0, 0.5);  // half a microsecond: nanoseconds
  ticks = RulerTicks(a, 80);
  EXPECT_NE(ticks[1].label.find("ns"), std::string::npos) << ticks[1].label;
  a.Fit(-1e5, 12e6);  // starting a little before the origin: the zero tick is "0 s", not "-0 s"
  ticks = RulerTicks(a, 80);
  ASSERT_FALSE(ticks.empty());
  EXPECT_EQ(ticks[0].label, "0 s");
}

// A trace from -1e308 to 1e308 µs made the ruler's step infinite and its int conversion
// undefined (found by fuzz_trace): such an axis has no ticks, and an event ending beyond a double
// (ts 1e308 + dur 1e308) is left off the timeline. Their twins: an axis of 1e300 µs still has
// ticks, and an event at 1e307 is on the timeline.
TEST(Timeline, ExtremeTimesGiveNoTicksAndNoInfiniteSlices) {
  TimeAxis a;
  a.width_px = 800;
  a.Fit(-1e308, 1e308);
  EXPECT_TRUE(RulerTicks(a, 80).empty());
  a.Fit(0, 1e300);
  EXPECT_FALSE(RulerTicks(a, 80).empty());
  const Timeline tl = BuildTimeline({Slice("far", 1e308, 1e308, 1), Slice("near", 1e307, 5, 1)});
  ASSERT_EQ(tl.slice_count, 1u);
  EXPECT_EQ(tl.begin_us, 1e307);
  EXPECT_TRUE(std::isfinite(tl.end_us));
}

TEST(Timeline, OneTrackPerThreadNestedByDepthWithRunBoundaries) {
  std::vector<profiling::TraceEvent> ev;
  profiling::TraceEvent meta;
  meta.ph = 'M';
  meta.name = "thread_name";
  meta.tid = 7;
  meta.args.push_back({"name", "main", false});
  ev.push_back(meta);
  auto run = Slice("model_run", 0, 100, 7);
  run.cat = "Session";
  ev.push_back(run);
  ev.push_back(Slice("a_kernel_time", 10, 20, 7));
  ev.push_back(Slice("b_kernel_time", 40, 20, 7));
  ev.push_back(Slice("c_kernel_time", 15, 50, 8));
  const Timeline tl = BuildTimeline(ev);
  ASSERT_EQ(tl.tracks.size(), 2u);
  EXPECT_EQ(tl.tracks[0].name, "main");
  EXPECT_EQ(tl.tracks[1].name, "thread 8");
  EXPECT_EQ(tl.tracks[0].Depths(), 2);
  EXPECT_EQ(tl.slice_count, 4u);
  EXPECT_EQ(tl.run_starts_us, std::vector<double>{0});
  EXPECT_DOUBLE_EQ(tl.begin_us, 0);
  EXPECT_DOUBLE_EQ(tl.end_us, 100);
  const TimelineTrack& t = tl.tracks[0];
  const int a = SliceAt(t, 1, 12);
  ASSERT_GE(a, 0);
  EXPECT_EQ(tl.names[t.slices[a].name], "a");  // kernel events by node name
  EXPECT_EQ(SliceAt(t, 1, 35), -1);
  EXPECT_GE(SliceAt(t, 1, 35, 6), 0);  // within the tolerance of a
  EXPECT_EQ(tl.names[t.slices[SliceAt(t, 0, 35)].name], "model_run");
  // Search by name, case-insensitive, in time order across tracks.
  auto hits = FindSlices(tl, "B");
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(tl.names[tl.tracks[hits[0].first].slices[hits[0].second].name], "b");
  hits = FindSlices(tl, "");
  EXPECT_TRUE(hits.empty());
  // Kernel slices go by their node ("a"), not the event name ("a_kernel_time"): only model_run.
  hits = FindSlices(tl, "_");
  EXPECT_EQ(hits.size(), 1u);
}

TEST(Timeline, LevelOfDetailBoundsTheRectanglesOfAMillionSlices) {
  std::vector<profiling::TraceEvent> ev;
  const int n = 1000000;
  ev.reserve(n);
  for (int i = 0; i < n; ++i) ev.push_back(Slice("k_kernel_time", i * 10.0, 6.0 + (i % 3), i % 2));
  const Timeline tl = BuildTimeline(ev);
  ASSERT_EQ(tl.tracks.size(), 2u);
  TimeAxis a;
  a.width_px = 1600;
  a.Fit(tl.begin_us, tl.end_us);
  for (const TimelineTrack& t : tl.tracks) {
    std::vector<DrawRect> rects;
    VisibleRects(t, a, &rects);
    EXPECT_LE(rects.size(), 1700u);
    int64_t covered = 0;
    for (const DrawRect& r : rects) {
      covered += r.count;
      EXPECT_GE(r.x1, r.x0 + 1 - 1e-9);
      EXPECT_GE(r.x0, -1);
      EXPECT_LE(r.x1, a.width_px + 2);
    }
    EXPECT_EQ(covered, static_cast<int64_t>(t.slices.size()));  // nothing lost, nothing twice
  }
  // 1 ms across: 50 slices per track, each drawn on its own.
  a.Fit(5e6, 5e6 + 1000);
  std::vector<DrawRect> rects;
  VisibleRects(tl.tracks[0], a, &rects);
  EXPECT_GE(rects.size(), 50u);
  EXPECT_LE(rects.size(), 51u);
  for (const DrawRect& r : rects) EXPECT_EQ(r.count, 1);
}

TEST(Timeline, RunMarksAreAtMostOnePerPixelAndOnlyTheVisibleOnes) {
  std::vector<double> starts;
  for (int i = 0; i < 4000; ++i) starts.push_back(i * 3000.0);
  TimeAxis a;
  a.width_px = 1600;
  a.Fit(0, 12e6);  // 4000 runs on 1600 px
  const std::vector<double> xs = VisibleMarks(starts, a, 1.0);
  EXPECT_LE(xs.size(), 1601u);
  EXPECT_DOUBLE_EQ(xs.front(), 0);
  // Runs are 0.4 px apart: every kept mark is the first run at least 1 px after the previous one.
  for (size_t i = 1; i < xs.size(); ++i) {
    EXPECT_GE(xs[i] - xs[i - 1], 1.0 - 1e-9);
    EXPECT_LT(xs[i] - xs[i - 1], 1.4 + 1e-9);
  }
  // Zoomed in on 10 ms: the runs starting in it, each where ToPx puts it.
  a.Fit(30000, 40000);
  const std::vector<double> near = VisibleMarks(starts, a, 1.0);
  ASSERT_EQ(near.size(), 4u);  // 30000, 33000, 36000, 39000
  EXPECT_DOUBLE_EQ(near[0], a.ToPx(30000));
  EXPECT_DOUBLE_EQ(near[3], a.ToPx(39000));
  EXPECT_TRUE(VisibleMarks({}, a).empty());
}

TEST(Timeline, RangeSummaryOverTheWholeTraceIsCoresSummary) {
  ProfileOptions po;
  po.runs = 3;
  auto p = ProfileModelFile(testing::SampleModel(), po);
  ASSERT_TRUE(p.ok()) << p.status().message();
  const Timeline tl = BuildTimeline(p->events);
  const auto rows = SummarizeRange(tl, tl.begin_us, tl.end_us);
  std::map<std::string, RangeRow> by_name;
  for (const auto& r : rows) by_name[r.name] = r;
  ASSERT_FALSE(p->summary.by_node.empty());
  for (const auto& node : p->summary.by_node) {
    ASSERT_TRUE(by_name.count(node.key)) << node.key;
    EXPECT_EQ(by_name[node.key].occurrences, node.count) << node.key;
    EXPECT_NEAR(by_name[node.key].wall_us, node.total_us, 1e-6 * node.total_us + 1e-9);
  }
  // Nodes first, then thread-pool spans, then other slices (model_run), each by wall time: a
  // pool span (inside its node's time) never ranks above a node (issue 21.18).
  EXPECT_TRUE(std::is_sorted(rows.begin(), rows.end(), [](const RangeRow& a, const RangeRow& b) {
    return a.kind != b.kind ? a.kind < b.kind : a.wall_us > b.wall_us;
  }));
  for (const auto& r : rows) {
    const bool pool = r.name.size() > 11 && r.name.substr(r.name.size() - 11) == " [parallel]";
    const bool node = std::any_of(p->summary.by_node.begin(), p->summary.by_node.end(),
                                  [&r](const profiling::SummaryRow& n) { return n.key == r.name; });
    EXPECT_EQ(r.kind, node ? RangeKind::kKernel : (pool ? RangeKind::kPool : RangeKind::kOther))
        << r.name;
  }
  EXPECT_EQ(rows.back().kind, RangeKind::kOther);  // model_run last, though it is the longest
  // By op type: the kernels' rows are core's by_op.
  std::map<std::string, RangeRow> by_op;
  for (const auto& r : SummarizeRange(tl, tl.begin_us, tl.end_us, {}, RangeGroup::kByOpType))
    by_op[r.name] = r;
  ASSERT_FALSE(p->summary.by_op.empty());
  for (const auto& op : p->summary.by_op) {
    ASSERT_TRUE(by_op.count(op.key)) << op.key;
    EXPECT_EQ(by_op[op.key].occurrences, op.count) << op.key;
    EXPECT_NEAR(by_op[op.key].wall_us, op.total_us, 1e-6 * op.total_us + 1e-9);
  }
  EXPECT_TRUE(by_op.count("model_run"));  // other slices stay by name
  // Half the trace: time clipped to the range, never more than the range on one track.
  const double mid = (tl.begin_us + tl.end_us) / 2;
  for (const auto& r : SummarizeRange(tl, tl.begin_us, mid, {0})) {
    EXPECT_LE(r.wall_us, mid - tl.begin_us + 1e-6) << r.name;
    EXPECT_NEAR(r.avg_us * r.occurrences, r.wall_us, 1e-6);
  }
}

TEST(Timeline, CounterEventsBecomeCounterTracksUnderTheThreads) {
  std::vector<profiling::TraceEvent> events = {Slice("a", 0, 10, 1)};
  auto counter = [](const std::string& name, double ts, std::vector<profiling::TraceArg> args) {
    profiling::TraceEvent e;
    e.name = name;
    e.ph = 'C';
    e.ts_us = ts;
    e.args = std::move(args);
    return e;
  };
  events.push_back(counter("memory", 12, {{"bytes", "300", true}}));
  events.push_back(counter("memory", 4, {{"bytes", "100", true}}));
  // Perfetto-style: several series per counter; a text value is not a number.
  events.push_back(counter("cpu", 5, {{"user", "1.5", true}, {"sys", "0.5", true}}));
  events.push_back(counter("note", 6, {{"text", "hello", false}}));
  const Timeline tl = BuildTimeline(events);
  ASSERT_EQ(tl.tracks.size(), 1u);
  ASSERT_EQ(tl.counters.size(), 3u);  // by name: cpu.sys, cpu.user, memory
  EXPECT_EQ(tl.counters[0].name, "cpu.sys");
  EXPECT_EQ(tl.counters[1].name, "cpu.user");
  const CounterTrack& m = tl.counters[2];
  EXPECT_EQ(m.name, "memory");
  ASSERT_EQ(m.points.size(), 2u);
  EXPECT_EQ(m.points[0].first, 4);  // sorted by time
  EXPECT_EQ(m.max, 300);
  EXPECT_EQ(m.Value(3), 0);
  EXPECT_EQ(m.Value(4), 100);
  EXPECT_EQ(m.Value(11), 100);
  EXPECT_EQ(m.Value(20), 300);
  EXPECT_EQ(tl.end_us, 12);  // a counter after the last slice widens the trace
}

TEST(Timeline, AProfiledRunHasAMemoryTrackOfBytesInUse) {
  ProfileOptions po;
  po.runs = 2;
  auto p = ProfileModelFile(testing::SampleModel(), po);
  ASSERT_TRUE(p.ok()) << p.status().message();
  const Timeline tl = BuildTimeline(p->events);
  ASSERT_EQ(tl.counters.size(), 1u);
  EXPECT_EQ(tl.counters[0].name, "memory");
  EXPECT_GT(tl.counters[0].max, 0);
  EXPECT_GE(tl.counters[0].points.size(), 2u);
}

}  // namespace
}  // namespace onnxlens::api
