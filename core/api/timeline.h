// The timeline of a trace as plain data, for the GUI's timeline widget: one track per thread
// (named from the trace's thread_name metadata), slices sorted per nesting depth, run
// boundaries; the time <-> pixel mapping with zoom at a point and pan; ruler ticks with
// adaptive units; level-of-detail drawing (slices narrower than a pixel merged per pixel column,
// found by binary search, so a repaint costs O(width x depth x log n) however many slices there
// are); hit testing; and Perfetto's slice summary over a time range.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/trace_event.h"

namespace onnxlens::api {

/// Time <-> pixel mapping of a view, in microseconds.
struct TimeAxis {
  double start_us = 0;  ///< the time at pixel 0
  double us_per_px = 1;
  double width_px = 1000;

  double ToPx(double t_us) const { return (t_us - start_us) / us_per_px; }
  double ToUs(double px) const { return start_us + px * us_per_px; }
  double EndUs() const { return ToUs(width_px); }
  /// Shows [t0, t1] across the width.
  void Fit(double t0_us, double t1_us);
  /// Zooms by `factor` (> 1 zooms in) keeping the time under pixel `px` where it is; the scale
  /// stays within [min_us_per_px, max_us_per_px].
  void ZoomAt(double px, double factor, double min_us_per_px = 1e-3, double max_us_per_px = 1e9);
  /// Moves the view by `dpx` pixels (positive: later times come into view).
  void Pan(double dpx) { start_us += dpx * us_per_px; }
  /// Keeps the view inside [lo_us, hi_us]: a view wider than that shows exactly it, a narrower one
  /// is moved (not rescaled) back inside. Zoom and pan call it so the view never drifts into
  /// empty time before or after a trace.
  void ClampTo(double lo_us, double hi_us);
};

/// "450 ns", "830 µs", "1.25 ms", "2.1 s".
std::string FormatDuration(double us);
/// A point in time in the unit of its size with as many decimals as `resolution_us` needs (at
/// most nanoseconds): 652318.4 µs at 1 µs is "652.318 ms", at 1 ms "652 ms". Used where a slice's
/// start is read while zoomed in, where FormatDuration's three digits would hide the difference.
std::string FormatTimestamp(double us, double resolution_us);

struct RulerTick {
  double t_us = 0;
  double x = 0;  ///< pixel
  std::string label;
  bool major = false;  ///< every fifth tick (labelled)
};
/// Ticks at a 1 / 2 / 5 x 10^k step at least `min_spacing_px` apart; labels relative to
/// `origin_us` in the unit of the step.
std::vector<RulerTick> RulerTicks(const TimeAxis& axis, double min_spacing_px = 80,
                                  double origin_us = 0);

struct TimelineSlice {
  double start_us = 0, dur_us = 0;
  /// Index into Timeline::names: the node name for kernel events, "NODE [parallel]" for thread
  /// pool spans, else the event's name.
  int name = 0;
  int op = -1;    ///< index into Timeline::names: the op type of a kernel event, else -1
  int depth = 0;  ///< nesting level within its track (0 = outermost)
  int event = 0;  ///< index of the source event
  double End() const { return start_us + dur_us; }
};

struct TimelineTrack {
  std::string name;  ///< thread name, or "thread N"
  int64_t pid = 0, tid = 0;
  std::vector<TimelineSlice> slices;  ///< sorted by (depth, start)
  /// slices[depth_begin[d] .. depth_begin[d + 1]) are the slices at depth d.
  std::vector<size_t> depth_begin;
  int Depths() const { return depth_begin.empty() ? 0 : static_cast<int>(depth_begin.size()) - 1; }
};

/// A counter's values over time (Chrome-trace "C" events: ours are "memory", bytes in use after
/// each kernel; Perfetto-style files may have several series per counter name).
struct CounterTrack {
  std::string name;  ///< the event's name, "name.key" when its events carry several values
  std::vector<std::pair<double, double>> points;  ///< (time in us, value), by time
  double max = 0;                                 ///< the largest value
  double Value(double t_us) const;  ///< the value in force at `t_us` (0 before the first)
};

struct Timeline {
  std::vector<std::string> names;
  std::vector<TimelineTrack> tracks;   ///< ordered by pid, tid
  std::vector<CounterTrack> counters;  ///< by name; drawn under the thread tracks
  std::vector<double> run_starts_us;   ///< start of each model_run event
  double begin_us = 0, end_us = 0;
  size_t slice_count = 0;
};

/// Builds the timeline of the complete ('X') events; overlapping events of a thread nest by depth.
/// Counter ('C') events become counter tracks (numeric arguments only).
Timeline BuildTimeline(const std::vector<profiling::TraceEvent>& events);

/// One rectangle to draw on a track: a slice (slice >= 0, count 1) or slices narrower than
/// `min_px` merged into one pixel column (slice -1, count > 1; `name` is the first one's).
struct DrawRect {
  double x0 = 0, x1 = 0;
  int depth = 0;
  int slice = -1;
  int count = 1;
  int name = 0;
  int op = -1;
};
/// The rectangles of `track` visible on `axis`, depth by depth, left to right.
void VisibleRects(const TimelineTrack& track, const TimeAxis& axis, std::vector<DrawRect>* out,
                  double min_px = 1.0);

/// Pixel positions of the sorted times `times_us` visible on `axis`, at most one per `min_gap_px`
/// (a later time closer than that to the last kept one is dropped), left to right.
std::vector<double> VisibleMarks(const std::vector<double>& times_us, const TimeAxis& axis,
                                 double min_gap_px = 1.0);

/// The slice at depth `depth` covering time `t_us` (or within `tolerance_us` of it), else -1.
int SliceAt(const TimelineTrack& track, int depth, double t_us, double tolerance_us = 0);

/// Slices whose name or op type contains `text` (case-insensitive) as (track, slice), in time
/// order; at most `limit`.
std::vector<std::pair<int, int>> FindSlices(const Timeline& timeline, const std::string& text,
                                            size_t limit = 100000);

/// What a range row is: a node (or op type), thread-pool work ("NODE [parallel]", inside its
/// node's time on another thread), or another slice (model_run, session events).
enum class RangeKind { kKernel = 0, kPool = 1, kOther = 2 };
struct RangeRow {
  std::string name;
  RangeKind kind = RangeKind::kKernel;
  double wall_us = 0;  ///< the slices' time inside the range
  double avg_us = 0;   ///< wall_us / occurrences
  int64_t occurrences = 0;
};
enum class RangeGroup {
  kByName,    ///< Perfetto's: one row per slice name (node)
  kByOpType,  ///< kernel slices by op type; other slices by name
};
/// Perfetto's slice summary over [t0, t1]: every slice overlapping the range (on the tracks in
/// `tracks`, all when empty), grouped by `group`, time clipped to the range; nodes first, then
/// thread-pool spans, then other slices, each by wall time descending.
std::vector<RangeRow> SummarizeRange(const Timeline& timeline, double t0_us, double t1_us,
                                     const std::vector<int>& tracks = {},
                                     RangeGroup group = RangeGroup::kByName);

}  // namespace onnxlens::api
