// Timeline scale benchmark: a synthetic trace of 1,000,000 kernel events on 4 threads (runs of
// 250 nodes, thread-pool spans nested in them): time to open it (write, read and parse the JSON,
// build the timeline) and time per repaint of the timeline widget at full zoom-out and at a 1 ms
// window (offscreen, into a 1600 x 400 image). Prints figures; not a test.
#include <QApplication>
#include <QImage>
#include <QPainter>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "api/timeline.h"
#include "profiling/trace_json.h"
#include "widgets/timeline_widget.h"

namespace {

using Clock = std::chrono::steady_clock;
double Ms(Clock::time_point a) {
  return std::chrono::duration<double, std::milli>(Clock::now() - a).count();
}

std::vector<onnxlens::profiling::TraceEvent> Synthetic(int n) {
  static const char* ops[] = {"Conv", "Relu", "MatMul", "Add", "LayerNormalization", "Softmax"};
  std::vector<onnxlens::profiling::TraceEvent> ev;
  ev.reserve(n + n / 250 + 8);
  double t = 0;
  for (int tid = 0; tid < 4; ++tid) {
    onnxlens::profiling::TraceEvent m;
    m.ph = 'M';
    m.name = "thread_name";
    m.tid = tid;
    m.args.push_back({"name", tid == 0 ? "main" : "worker " + std::to_string(tid), false});
    ev.push_back(m);
  }
  for (int i = 0; i < n; ++i) {
    if (i % 250 == 0) {
      onnxlens::profiling::TraceEvent run;
      run.name = "model_run";
      run.cat = "Session";
      run.ts_us = t;
      run.dur_us = 250 * 12.0;
      run.tid = 0;
      ev.push_back(run);
    }
    onnxlens::profiling::TraceEvent e;
    const int node = i % 250;
    e.name = "node_" + std::to_string(node) + "_kernel_time";
    e.cat = "Node";
    e.ts_us = t + 0.5;
    e.dur_us = 4 + (node % 7);
    e.tid = (i / 250) % 4 == 0 ? 0 : node % 4;
    e.args.push_back({"op_name", ops[node % 6], false});
    e.args.push_back({"provider", "CPUExecutionProvider", false});
    ev.push_back(e);
    t += 12;
  }
  return ev;
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  const int n = argc > 1 ? std::atoi(argv[1]) : 1000000;
  const auto events = Synthetic(n);
  const auto path = std::filesystem::temp_directory_path() / "onnxlens_timeline_bench.json";
  auto t0 = Clock::now();
  if (!onnxlens::profiling::WriteTraceFile(path, events).ok()) return 1;
  const double write_ms = Ms(t0);
  const auto bytes = std::filesystem::file_size(path);

  t0 = Clock::now();
  // As the Profile tab reads it: with progress reports (and a cancel check) every MiB.
  int reports = 0;
  onnxlens::JobControl job;
  job.progress = [&reports](const onnxlens::Progress&) { ++reports; };
  auto trace = onnxlens::profiling::ReadTraceFile(path, job);
  if (!trace.ok()) {
    std::fprintf(stderr, "%s\n", trace.status().message().c_str());
    return 1;
  }
  const double read_ms = Ms(t0);
  t0 = Clock::now();
  auto timeline =
      std::make_shared<const onnxlens::api::Timeline>(onnxlens::api::BuildTimeline(trace->events));
  const double build_ms = Ms(t0);
  std::filesystem::remove(path);
  std::printf("synthetic trace: %d kernel events, %zu events, %.1f MB JSON (written in %.0f ms)\n",
              n, trace->events.size(), bytes / 1e6, write_ms);
  std::printf(
      "open: read + parse %.0f ms (%d progress reports), build timeline %.0f ms (%zu slices, %zu "
      "tracks)\n",
      read_ms, reports, build_ms, timeline->slice_count, timeline->tracks.size());

  onnxlens::widgets::TimelineWidget w;
  w.resize(1600, 400);
  w.setTimeline(timeline);
  QImage image(w.size(), QImage::Format_ARGB32_Premultiplied);
  auto frame = [&](const char* what) {
    const int frames = 30;
    double best = 1e9, total = 0;
    for (int i = 0; i < frames; ++i) {
      QPainter p(&image);
      const auto f0 = Clock::now();
      w.render(&p);
      const double ms = Ms(f0);
      best = std::min(best, ms);
      total += ms;
    }
    // The level-of-detail pass alone (core's VisibleRects over every track), the part of a frame
    // that depends on the number of events.
    double lod_best = 1e9;
    std::vector<onnxlens::api::DrawRect> rects;
    for (int i = 0; i < frames; ++i) {
      const auto f0 = Clock::now();
      rects.clear();
      for (const auto& track : timeline->tracks)
        onnxlens::api::VisibleRects(track, w.axis(), &rects);
      lod_best = std::min(lod_best, Ms(f0));
    }
    std::printf("repaint %-28s %7.2f ms mean, %7.2f ms best (%d rectangles; LOD pass %.2f ms)\n",
                what, total / frames, best, w.lastPaintRects(), lod_best);
  };
  w.fitAll();
  frame("full zoom-out");
  const double mid = (timeline->begin_us + timeline->end_us) / 2;
  w.showRange(mid, mid + 1000);
  frame("1 ms window");
  // ONNXLENS_TIMELINE_PNG=DIR saves what the frames look like, for review.
  const QString dir = qEnvironmentVariable("ONNXLENS_TIMELINE_PNG");
  if (!dir.isEmpty()) image.save(dir + QStringLiteral("/timeline_1ms.png"));
  w.showRange(mid, mid + 100);
  frame("100 µs window");
  if (!dir.isEmpty()) {
    image.save(dir + QStringLiteral("/timeline_100us.png"));
    w.fitAll();
    frame("full zoom-out (again)");
    image.save(dir + QStringLiteral("/timeline_all.png"));
  }
  return 0;
}
