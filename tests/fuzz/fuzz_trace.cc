// fuzz_trace: trace JSON through what `onnxlens-cli profile --summary` and the Profile tab build.
#include <algorithm>
#include <string>
#include <vector>

#include "api/profile_index.h"
#include "api/slice_details.h"
#include "api/timeline.h"
#include "api/trace.h"
#include "fuzz/fuzz_targets.h"
#include "profiling/trace_json.h"

namespace onnxlens::fuzz {

int FuzzTrace(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto trace = profiling::ParseTrace(text, "fuzz.json");
  if (!trace.ok()) return 0;
  const std::vector<profiling::TraceEvent>& events = trace->events;
  const profiling::TraceSummary summary = api::SummarizeTrace(events);
  (void)api::FormatTraceSummary(summary, 5);
  const api::OriginIndex origins = api::IndexOrigins(events);
  (void)api::HeatShares(summary, origins);
  for (size_t i = 0; i < std::min<size_t>(events.size(), 64); ++i) {
    (void)api::DescribeSliceArgs(events[i]);
    (void)api::SliceOrigins(events[i]);
    (void)api::IsKernelEvent(events[i]);
    (void)api::KernelNodeName(events[i]);
  }
  // The timeline as the widget draws it fitted to the window, then zoomed into the middle.
  const api::Timeline timeline = api::BuildTimeline(events);
  api::TimeAxis axis;
  axis.width_px = 800;
  axis.Fit(timeline.begin_us, timeline.end_us);
  std::vector<api::DrawRect> rects;
  for (int zoom = 0; zoom < 2; ++zoom) {
    (void)api::RulerTicks(axis, 80, timeline.begin_us);
    for (const api::TimelineTrack& track : timeline.tracks) {
      rects.clear();
      api::VisibleRects(track, axis, &rects);
      for (int d = 0; d < track.Depths(); ++d)
        (void)api::SliceAt(track, d, axis.ToUs(axis.width_px / 2));
    }
    (void)api::VisibleMarks(timeline.run_starts_us, axis);
    axis.ZoomAt(axis.width_px / 2, 64);
  }
  (void)api::FindSlices(timeline, "conv", 1000);
  const double mid = (timeline.begin_us + timeline.end_us) / 2;
  (void)api::SummarizeRange(timeline, timeline.begin_us, mid);
  (void)api::SummarizeRange(timeline, timeline.begin_us, timeline.end_us, {},
                            api::RangeGroup::kByOpType);
  return 0;
}

}  // namespace onnxlens::fuzz
