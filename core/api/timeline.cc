// Timeline model, mapping, ruler, level of detail, range summary.
#include "api/timeline.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <map>
#include <unordered_map>

#include "profiling/summary.h"

namespace onnxlens::api {

void TimeAxis::Fit(double t0, double t1) {
  if (t1 <= t0) t1 = t0 + 1;
  start_us = t0;
  us_per_px = (t1 - t0) / std::max(1.0, width_px);
}

void TimeAxis::ZoomAt(double px, double factor, double min_us_per_px, double max_us_per_px) {
  if (factor <= 0) return;
  const double t = ToUs(px);
  us_per_px = std::clamp(us_per_px / factor, min_us_per_px, max_us_per_px);
  start_us = t - px * us_per_px;
}

void TimeAxis::ClampTo(double lo, double hi) {
  if (hi <= lo) return;
  const double span = EndUs() - start_us;
  if (span >= hi - lo) {
    Fit(lo, hi);
    return;
  }
  start_us = std::clamp(start_us, lo, hi - span);
}

std::string FormatTimestamp(double us, double resolution_us) {
  const double a = std::abs(us);
  const char* unit = "s";
  double scale = 1e6;  // microseconds per unit
  if (a < 1) {
    unit = "ns";
    scale = 1e-3;
  } else if (a < 1e3) {
    unit = "µs";
    scale = 1;
  } else if (a < 1e6) {
    unit = "ms";
    scale = 1e3;
  }
  const double res = std::max(resolution_us, 1e-3);
  const int decimals =
      std::clamp(static_cast<int>(std::ceil(std::log10(scale / res) - 1e-9)), 0, 9);
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f %s", decimals, us / scale, unit);
  return buf;
}

std::string FormatDuration(double us) {
  char buf[32];
  const double a = std::abs(us);
  if (a < 1)
    std::snprintf(buf, sizeof buf, "%.0f ns", us * 1e3);
  else if (a < 1e3)
    std::snprintf(buf, sizeof buf, "%.3g µs", us);
  else if (a < 1e6)
    std::snprintf(buf, sizeof buf, "%.3g ms", us / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.3g s", us / 1e6);
  return buf;
}

std::vector<RulerTick> RulerTicks(const TimeAxis& axis, double min_spacing_px, double origin_us) {
  std::vector<RulerTick> out;
  const double raw = std::max(min_spacing_px * axis.us_per_px, 1e-9);
  const double base = std::pow(10.0, std::floor(std::log10(raw)));
  double step = base * 10;
  for (double m : {1.0, 2.0, 5.0}) {
    if (base * m >= raw) {
      step = base * m;
      break;
    }
  }
  // A degenerate axis (a trace whose events span more than a double holds, a zero or NaN scale)
  // has no ticks: the conversions to int below need finite values (found by fuzz_trace).
  if (!std::isfinite(step) || !std::isfinite(axis.start_us) || !std::isfinite(axis.EndUs()) ||
      !std::isfinite(origin_us))
    return out;
  // The unit follows the largest label (600.1 ms rather than 600100 µs); the decimals follow the
  // step in that unit.
  const double largest =
      std::max({std::abs(axis.start_us - origin_us), std::abs(axis.EndUs() - origin_us), step});
  const char* unit = "s";
  double scale = 1e6;
  if (largest < 1) {
    unit = "ns";
    scale = 1e-3;
  } else if (largest < 1e3) {
    unit = "µs";
    scale = 1;
  } else if (largest < 1e6) {
    unit = "ms";
    scale = 1e3;
  }
  const int decimals =
      static_cast<int>(std::clamp(-std::floor(std::log10(step / scale) + 1e-9), 0.0, 17.0));
  const double first = std::ceil((axis.start_us - origin_us) / step);
  const double last = std::floor((axis.EndUs() - origin_us) / step);
  for (double k = first; k <= last && out.size() < 10000; k += 1) {
    RulerTick t;
    t.t_us = origin_us + k * step;
    t.x = axis.ToPx(t.t_us);
    t.major = std::fmod(std::abs(k), 5.0) == 0;
    char buf[48];
    const double v = k == 0 ? 0.0 : k * step / scale;  // ceil() of a small negative is -0
    std::snprintf(buf, sizeof buf, "%.*f %s", decimals, v, unit);
    t.label = buf;
    out.push_back(t);
  }
  return out;
}

Timeline BuildTimeline(const std::vector<profiling::TraceEvent>& events) {
  Timeline tl;
  std::map<std::pair<int64_t, int64_t>, std::string> thread_names;
  std::map<std::pair<int64_t, int64_t>, std::vector<int>> by_thread;
  std::unordered_map<std::string, int> name_index;
  auto intern = [&](const std::string& s) {
    auto [it, inserted] = name_index.emplace(s, static_cast<int>(tl.names.size()));
    if (inserted) tl.names.push_back(s);
    return it->second;
  };
  bool any = false;
  std::map<std::string, CounterTrack> counters;
  for (size_t i = 0; i < events.size(); ++i) {
    const profiling::TraceEvent& e = events[i];
    if (e.ph == 'M' && e.name == "thread_name") thread_names[{e.pid, e.tid}] = e.Arg("name");
    if (e.ph == 'C' && std::isfinite(e.ts_us)) {
      for (const profiling::TraceArg& a : e.args) {
        double v = 0;
        const char* begin = a.value.data();
        char* end = nullptr;
        v = std::strtod(begin, &end);
        if (!a.json || end == begin || !std::isfinite(v)) continue;  // numbers only
        CounterTrack& c = counters[e.args.size() > 1 ? e.name + "." + a.key : e.name];
        c.points.emplace_back(e.ts_us, v);
        c.max = std::max(c.max, v);
      }
      tl.begin_us = any ? std::min(tl.begin_us, e.ts_us) : e.ts_us;
      tl.end_us = any ? std::max(tl.end_us, e.ts_us) : e.ts_us;
      any = true;
      continue;
    }
    // An event ending beyond what a double holds (ts 1e308, dur 1e308) has no place on the axis.
    if (e.ph != 'X' || !(e.dur_us >= 0) || !std::isfinite(e.ts_us + e.dur_us)) continue;
    by_thread[{e.pid, e.tid}].push_back(static_cast<int>(i));
    tl.begin_us = any ? std::min(tl.begin_us, e.ts_us) : e.ts_us;
    tl.end_us = any ? std::max(tl.end_us, e.ts_us + e.dur_us) : e.ts_us + e.dur_us;
    any = true;
    if (e.name == "model_run") tl.run_starts_us.push_back(e.ts_us);
  }
  std::sort(tl.run_starts_us.begin(), tl.run_starts_us.end());
  for (auto& [key, idx] : by_thread) {
    TimelineTrack track;
    track.pid = key.first;
    track.tid = key.second;
    auto named = thread_names.find(key);
    track.name = named != thread_names.end() && !named->second.empty()
                     ? named->second
                     : "thread " + std::to_string(key.second);
    // Outer events first: by start, the longer one first when two start together.
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
      const auto &x = events[a], &y = events[b];
      return x.ts_us != y.ts_us ? x.ts_us < y.ts_us : x.dur_us > y.dur_us;
    });
    // The lowest depth whose last slice has ended: nested events go deeper, and no two slices
    // of one depth overlap (so binary search by start or end works per depth).
    std::vector<double> last_end;
    for (int i : idx) {
      const profiling::TraceEvent& e = events[i];
      size_t d = 0;
      while (d < last_end.size() && last_end[d] > e.ts_us + 1e-9) ++d;
      if (d == last_end.size()) last_end.push_back(0);
      last_end[d] = e.ts_us + e.dur_us;
      TimelineSlice s;
      s.start_us = e.ts_us;
      s.dur_us = e.dur_us;
      s.depth = static_cast<int>(d);
      s.event = i;
      if (profiling::IsKernelEvent(e)) {
        s.name = intern(profiling::KernelNodeName(e));
        const std::string& op = e.Arg("op_name");
        if (!op.empty()) s.op = intern(op);
      } else if (e.cat == "Parallel") {
        // A thread-pool span carries its node's name; kept apart from the node's kernel time.
        s.name = intern(e.name + " [parallel]");
      } else {
        s.name = intern(e.name);
      }
      track.slices.push_back(s);
    }
    std::stable_sort(track.slices.begin(), track.slices.end(),
                     [](const TimelineSlice& a, const TimelineSlice& b) {
                       return a.depth != b.depth ? a.depth < b.depth : a.start_us < b.start_us;
                     });
    track.depth_begin.assign(last_end.size() + 1, track.slices.size());
    for (size_t k = track.slices.size(); k-- > 0;) track.depth_begin[track.slices[k].depth] = k;
    track.depth_begin.front() = 0;
    tl.slice_count += track.slices.size();
    tl.tracks.push_back(std::move(track));
  }
  for (auto& [name, c] : counters) {
    c.name = name;
    std::stable_sort(c.points.begin(), c.points.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    tl.counters.push_back(std::move(c));
  }
  return tl;
}

double CounterTrack::Value(double t_us) const {
  auto it =
      std::upper_bound(points.begin(), points.end(), t_us,
                       [](double t, const std::pair<double, double>& p) { return t < p.first; });
  return it == points.begin() ? 0 : std::prev(it)->second;
}

namespace {

// The first slice of [b, e) (one depth) that ends after `t`.
size_t FirstEndingAfter(const TimelineTrack& track, size_t b, size_t e, double t) {
  return std::partition_point(track.slices.begin() + b, track.slices.begin() + e,
                              [t](const TimelineSlice& s) { return s.End() <= t; }) -
         track.slices.begin();
}

// The first slice of [b, e) that starts at or after `t`.
size_t FirstStartingAt(const TimelineTrack& track, size_t b, size_t e, double t) {
  return std::partition_point(track.slices.begin() + b, track.slices.begin() + e,
                              [t](const TimelineSlice& s) { return s.start_us < t; }) -
         track.slices.begin();
}

// FirstStartingAt by galloping from b: probes b+1, b+3, b+7, … then a binary search in the last
// gap. Successive pixel columns are near each other, so this touches a few nearby cache lines
// where a binary search over the whole depth would miss the cache on almost every probe.
size_t GallopStartingAt(const TimelineTrack& track, size_t b, size_t e, double t) {
  size_t lo = b, step = 1;
  while (lo + step < e && track.slices[lo + step].start_us < t) {
    lo += step;
    step *= 2;
  }
  return FirstStartingAt(track, lo, std::min(e, lo + step), t);
}

}  // namespace

void VisibleRects(const TimelineTrack& track, const TimeAxis& axis, std::vector<DrawRect>* out,
                  double min_px) {
  const double t0 = axis.start_us, t1 = axis.EndUs();
  for (int d = 0; d < track.Depths(); ++d) {
    const size_t b = track.depth_begin[d], e = track.depth_begin[d + 1];
    size_t i = FirstEndingAfter(track, b, e, t0);
    while (i < e && track.slices[i].start_us <= t1) {
      const TimelineSlice& s = track.slices[i];
      const double x0 = axis.ToPx(s.start_us), x1 = axis.ToPx(s.End());
      DrawRect r;
      r.depth = d;
      r.name = s.name;
      r.op = s.op;
      if (x1 - x0 >= min_px) {
        r.x0 = x0;
        r.x1 = x1;
        r.slice = static_cast<int>(i);
        out->push_back(r);
        ++i;
        continue;
      }
      // Narrow: everything starting in this pixel column becomes one rectangle. A wide slice
      // starting in the column can only be the last of them (the next one starts after it).
      const double column_end = axis.ToUs((std::floor(x0 / min_px) + 1) * min_px);
      size_t j = std::max(i + 1, GallopStartingAt(track, i, e, column_end));
      if (j - 1 > i &&
          axis.ToPx(track.slices[j - 1].End()) - axis.ToPx(track.slices[j - 1].start_us) >= min_px)
        --j;
      r.x0 = x0;
      r.x1 = std::max(x0 + min_px, axis.ToPx(track.slices[j - 1].End()));
      r.count = static_cast<int>(j - i);
      r.slice = r.count == 1 ? static_cast<int>(i) : -1;
      out->push_back(r);
      i = j;
    }
  }
}

std::vector<double> VisibleMarks(const std::vector<double>& times_us, const TimeAxis& axis,
                                 double min_gap_px) {
  std::vector<double> xs;
  auto it = std::lower_bound(times_us.begin(), times_us.end(), axis.start_us);
  for (; it != times_us.end() && *it <= axis.EndUs();) {
    const double x = axis.ToPx(*it);
    xs.push_back(x);
    // Jump to the first time at least min_gap_px to the right.
    it = std::lower_bound(it + 1, times_us.end(), axis.ToUs(x + min_gap_px));
  }
  return xs;
}

int SliceAt(const TimelineTrack& track, int depth, double t, double tolerance) {
  if (depth < 0 || depth >= track.Depths()) return -1;
  const size_t b = track.depth_begin[depth], e = track.depth_begin[depth + 1];
  const size_t i = FirstEndingAfter(track, b, e, t - tolerance);
  if (i < e && track.slices[i].start_us <= t + tolerance) return static_cast<int>(i);
  return -1;
}

std::vector<std::pair<int, int>> FindSlices(const Timeline& tl, const std::string& text,
                                            size_t limit) {
  std::vector<std::pair<int, int>> out;
  if (text.empty()) return out;
  auto lower = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  const std::string needle = lower(text);
  std::vector<bool> hit(tl.names.size());
  for (size_t i = 0; i < tl.names.size(); ++i)
    hit[i] = lower(tl.names[i]).find(needle) != std::string::npos;
  std::vector<std::pair<double, std::pair<int, int>>> found;
  for (size_t t = 0; t < tl.tracks.size(); ++t) {
    const auto& slices = tl.tracks[t].slices;
    for (size_t i = 0; i < slices.size(); ++i) {
      if (hit[slices[i].name] || (slices[i].op >= 0 && hit[slices[i].op]))
        found.push_back({slices[i].start_us, {static_cast<int>(t), static_cast<int>(i)}});
    }
  }
  std::sort(found.begin(), found.end());
  for (size_t i = 0; i < found.size() && out.size() < limit; ++i) out.push_back(found[i].second);
  return out;
}

namespace {
bool IsPoolName(const std::string& n) {
  static const std::string kSuffix = " [parallel]";
  return n.size() > kSuffix.size() &&
         n.compare(n.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0;
}
}  // namespace

std::vector<RangeRow> SummarizeRange(const Timeline& tl, double t0, double t1,
                                     const std::vector<int>& tracks, RangeGroup group) {
  std::map<int, RangeRow> rows;
  auto add_track = [&](const TimelineTrack& track) {
    for (int d = 0; d < track.Depths(); ++d) {
      const size_t b = track.depth_begin[d], e = track.depth_begin[d + 1];
      for (size_t i = FirstEndingAfter(track, b, e, t0); i < e; ++i) {
        const TimelineSlice& s = track.slices[i];
        if (s.start_us >= t1 && !(s.dur_us == 0 && s.start_us == t1)) break;
        RangeRow& r = rows[group == RangeGroup::kByOpType && s.op >= 0 ? s.op : s.name];
        r.kind = s.op >= 0 ? RangeKind::kKernel
                           : (IsPoolName(tl.names[s.name]) ? RangeKind::kPool : RangeKind::kOther);
        r.wall_us += std::max(0.0, std::min(s.End(), t1) - std::max(s.start_us, t0));
        ++r.occurrences;
      }
    }
  };
  if (tracks.empty()) {
    for (const auto& t : tl.tracks) add_track(t);
  } else {
    for (int t : tracks)
      if (t >= 0 && t < static_cast<int>(tl.tracks.size())) add_track(tl.tracks[t]);
  }
  std::vector<RangeRow> out;
  for (auto& [name, r] : rows) {
    r.name = tl.names[name];
    r.avg_us = r.wall_us / static_cast<double>(r.occurrences);
    out.push_back(r);
  }
  std::stable_sort(out.begin(), out.end(), [](const RangeRow& a, const RangeRow& b) {
    return a.kind != b.kind ? a.kind < b.kind : a.wall_us > b.wall_us;
  });
  return out;
}

}  // namespace onnxlens::api
