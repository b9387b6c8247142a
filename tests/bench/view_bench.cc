// GUI scale benchmark (issue 36; a program that prints figures, not a test): generates
// transformer-like, CNN-like and unnamed graphs (tools/scale_models.h) of 1k / 12k / 50k nodes,
// opens each in the real main window (offscreen) and times every view as a user reaches it:
//   first view      open the file until the Graph tab is drawn
//   expand all      View → Expand All Groups until drawn
//   select + zoom   select a node of the last block with every group closed (its path opens)
//   find hits       a query matching one node per block, hits marked
//   compare         the Optimize tab: original beside extended, both panes drawn
//   step            the pass stepper's step 2 chosen from the compare view, both panes drawn
//   next step       the stepper's following step (Down in the step list)
//   providers       the graph coloured by execution provider
//   heat            the graph coloured by a profile's node times (the profile itself not timed)
//   slice -> node   a kernel slice of the last block clicked on the timeline, its node shown
//   sqnr            the graph coloured by layer SQNR after a static quantization (the
//                   quantization itself not timed; --no-quant leaves it out)
// with the longest time the event loop did not answer (a 2 ms timer's largest gap: the window's
// input latency during that view), the process's peak and resident memory when the view was done,
// and the heap then allocated (tcmalloc's count: what the window holds; the rest is the
// allocator's free pages, released at the end for the last row; the "(quantized)" row's heap is
// the highest it was during the quantization). Each graph runs in a child
// process of its own, so that peaks do not add up. Under tcmalloc's heap profiler (LD_PRELOAD
// libtcmalloc.so, HEAPPROFILE=...) the heap is dumped at the end.
//   view_bench [--nodes N ...] [--kind transformer|cnn|unnamed ...] [--keep DIR] [--no-quant]
#include <dlfcn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QSpinBox>
#include <QTimer>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "heap_bytes.h"
#include "tools/scale_models.h"
#include "widgets/compare_view.h"
#include "widgets/find_bar.h"
#include "widgets/graph_view.h"
#include "widgets/main_window.h"
#include "widgets/optimize_view.h"
#include "widgets/pass_stepper.h"
#include "widgets/profile_view.h"
#include "widgets/provider_coloring.h"
#include "widgets/quantize_coloring.h"
#include "widgets/quantize_form.h"
#include "widgets/quantize_view.h"
#include "widgets/timeline_widget.h"

using namespace onnxlens::widgets;

namespace {

struct Figure {
  double ms = 0;
  double stall_ms = 0;  ///< longest gap between two ticks of a 2 ms timer
  long peak_mb = 0;     ///< the process's peak resident memory when the view was done
  long live_mb = 0;     ///< its resident memory then
  long heap_mb = 0;     ///< the heap allocated then (what the window keeps)
};

long PeakRssMb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}

// The bytes the allocator has handed out and not got back (tcmalloc's count; -1 without it), MB.
long HeapMb() {
  const int64_t bytes = onnxlens::testing::TcmallocHeapBytes();
  return bytes < 0 ? -1 : static_cast<long>(bytes >> 20);
}

// Resident memory now (VmRSS), in MB.
long LiveRssMb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6) / 1024;
  return 0;
}

// Runs `start`, then pumps events until `done` holds, timing the whole and the event loop's
// longest unanswered gap. Gives up (and says so) after `limit_s`.
Figure Measure(const std::function<void()>& start, const std::function<bool()>& done,
               double limit_s = 600) {
  QElapsedTimer clock;
  double last_tick = 0, stall = 0;
  QTimer ticker;
  ticker.setInterval(2);
  // VIEW_BENCH_STALLS=MS prints every gap of at least MS with its CLOCK_MONOTONIC seconds, to
  // find in a `perf record -k CLOCK_MONOTONIC` of the run what the UI thread did then.
  static const double log_ms = qEnvironmentVariableIntValue("VIEW_BENCH_STALLS");
  auto monotonic = [] {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
  };
  double last_mono = monotonic();
  QObject::connect(&ticker, &QTimer::timeout, [&] {
    const double now = clock.nsecsElapsed() / 1e6;
    if (log_ms > 0 && now - last_tick >= log_ms)
      std::fprintf(stderr, "  stall %.0f ms: %.6f,%.6f\n", now - last_tick, last_mono, monotonic());
    if (log_ms > 0) last_mono = monotonic();
    stall = std::max(stall, now - last_tick);
    last_tick = now;
  });
  clock.start();
  ticker.start();
  start();
  // The gap a blocking start() caused counts too.
  while (!done()) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 2);
    if (clock.elapsed() > limit_s * 1000) {
      std::fprintf(stderr, "  (gave up after %.0f s)\n", limit_s);
      break;
    }
  }
  // Let the last paint through.
  QCoreApplication::processEvents();
  const double end = clock.nsecsElapsed() / 1e6;
  if (log_ms > 0 && end - last_tick >= log_ms)
    std::fprintf(stderr, "  stall %.0f ms (at the end): %.6f,%.6f\n", end - last_tick, last_mono,
                 monotonic());
  stall = std::max(stall, end - last_tick);
  return {end, stall, PeakRssMb(), LiveRssMb(), HeapMb()};
}

// The name of a node of the last block: what select + zoom and find look for.
std::string LastBlockNode(const std::string& kind, long nodes) {
  if (kind == "cnn") {
    const int blocks = static_cast<int>(std::max(1L, (nodes - 3) / 7));
    const int per_stage = std::max(1, (blocks + 3) / 4);
    return "/layer" + std::to_string(1 + (blocks - 1) / per_stage) + "/" +
           std::to_string((blocks - 1) % per_stage) + "/conv2/Conv";
  }
  return "/layers." + std::to_string(std::max(1L, nodes / 49) - 1) + "/self_attn/Softmax";
}

int RunOne(int argc, char** argv, const std::string& kind, long nodes, const std::string& dir,
           bool quant) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  const std::string path = dir + "/" + kind + "_" + std::to_string(nodes) + ".onnx";
  {
    // The generated proto goes before the window opens the file: the peaks below are the
    // program's, not this benchmark's (a 50,000-node proto is ~90 MB).
    onnx::ModelProto proto;
    if (!onnxlens::testing::MakeScaleModelProto(kind, nodes, &proto)) return 2;
    std::ofstream out(path, std::ios::binary);
    if (!proto.SerializeToOstream(&out)) return 1;
  }
  MainWindow w;
  w.setRecordsRecentFiles(false);
  QString error;
  w.setErrorPresenter([&](const QString&, const QString& m) { error = m; });
  w.resize(1280, 800);
  w.show();
  QCoreApplication::processEvents();
  GraphView* g = w.graphView();
  bool laid = false;
  QObject::connect(g, &GraphView::layoutFinished, [&] { laid = true; });
  auto until_laid = [&] { return laid && !g->isLayingOut(); };
  std::vector<std::pair<const char*, Figure>> rows;

  laid = false;
  rows.push_back({"first view", Measure([&] { w.openFile(QString::fromStdString(path)); },
                                        [&] { return !error.isEmpty() || until_laid(); })});
  if (!error.isEmpty()) {
    std::printf("%s: %s\n", path.c_str(), error.toUtf8().constData());
    return 1;
  }
  const int total = static_cast<int>(g->snapshot()->node_count_total);
  laid = false;
  rows.push_back({"expand all", Measure([&] { g->expandAll(true); }, until_laid)});
  g->expandAll(false);
  g->waitForLayout();
  const QString target = QString::fromStdString(LastBlockNode(kind, nodes));
  laid = false;
  bool found = false;
  // Unnamed graphs: the last Softmax (or Conv) item, by its op.
  int last_of_op = -1;
  for (size_t i = 0; i < g->model().items.size(); ++i)
    if (g->model().items[i].title == (kind == "cnn" ? "Conv" : "Softmax"))
      last_of_op = static_cast<int>(i);
  rows.push_back({"select + zoom", Measure(
                                       [&] {
                                         if (kind == "unnamed") {
                                           found = last_of_op >= 0;
                                           g->revealItem(last_of_op);
                                         } else {
                                           found = g->selectByName(target);
                                         }
                                       },
                                       [&] { return !found || (until_laid() || laid); })});
  if (!found) std::fprintf(stderr, "  no node %s\n", target.toUtf8().constData());
  g->waitForLayout();
  rows.push_back({"find hits", Measure(
                                   [&] {
                                     w.findBar()->activate();
                                     w.findBar()->setQuery(kind == "cnn"
                                                               ? QStringLiteral("Add")
                                                               : QStringLiteral("Softmax"));
                                   },
                                   [&] { return !g->isLayingOut(); })});
  w.findBar()->setQuery(QString());
  OptimizeView* ov = w.optimizeView();
  CompareView* cmp = ov->compare();
  auto compare_done = [&] {
    return ov->trace() && !ov->isTracing() && !cmp->view(CompareView::kLeft)->isLayingOut() &&
           !cmp->view(CompareView::kRight)->isLayingOut();
  };
  QElapsedTimer since;
  double trace_ms = 0;
  rows.push_back({"compare", Measure(
                                 [&] {
                                   since.start();
                                   w.showView(QStringLiteral("compare"));
                                 },
                                 [&] {
                                   if (trace_ms == 0 && ov->trace())
                                     trace_ms = since.nsecsElapsed() / 1e6;
                                   return compare_done();
                                 })});
  rows.push_back({"  the trace", Figure{trace_ms, 0, PeakRssMb(), LiveRssMb(), HeapMb()}});
  rows.push_back({"step", Measure([&] { ov->stepper()->selectStep(2); }, compare_done)});
  // The step after it: the left pane now shows what the right one showed.
  rows.push_back({"next step", Measure([&] { ov->stepper()->selectStep(3); }, compare_done)});
  w.showView(QStringLiteral("graph"));
  QCoreApplication::processEvents();
  rows.push_back(
      {"providers",
       Measure([&] { w.setProviderColoring(true); },
               [&] { return !w.providerColoring()->isComputing() && !g->isLayingOut(); })});
  w.setProviderColoring(false);
  g->waitForLayout();
  // Heat: profile once (untimed), then colour.
  w.showView(QStringLiteral("timeline"));
  ProfileView* pv = w.profileView();
  onnxlens::api::ProfileOptions po;
  po.level = "disabled";  // the node names of the graph
  po.runs = 1;
  po.warmup = 0;
  po.threads = 1;
  pv->startProfile(po);
  pv->waitForIdle();
  if (pv->runCount() > 0) {
    w.showView(QStringLiteral("graph"));
    QCoreApplication::processEvents();
    rows.push_back({"heat", Measure([&] { w.setHeat(true); }, [&] { return !g->isLayingOut(); })});
    w.setHeat(false);
    g->expandAll(false);
    g->waitForLayout();
    // The last kernel slice of the run whose node is in the graph: selecting it on the timeline
    // shows that node (its groups opened).
    const auto& run = pv->run(0);
    const auto& track = run.timeline->tracks[0];
    int slice = -1;
    for (size_t i = track.slices.size(); i-- > 0 && slice < 0;)
      if (track.slices[i].op >= 0) slice = static_cast<int>(i);
    w.showView(QStringLiteral("timeline"));
    QCoreApplication::processEvents();
    if (slice >= 0) {
      laid = false;
      rows.push_back({"slice -> node",
                      Measure([&] { pv->timeline()->selectSlice(0, slice); },
                              [&] { return g->selectedItem() >= 0 && !g->isLayingOut(); }, 60)});
    }
  }
  const long views_peak = PeakRssMb();
  rows.push_back({"(views done)", Figure{0, 0, views_peak, LiveRssMb(), HeapMb()}});
  if (quant) {
    QuantizeView* q = w.quantizeView();
    w.showView(QStringLiteral("quant"));
    q->form()->modeBox()->setCurrentIndex(q->form()->modeBox()->findData(QStringLiteral("static")));
    q->form()->sourceBox()->setCurrentIndex(QuantizeForm::RandomSource);
    q->form()->randomSamples()->setValue(2);
    // The heap's high-water mark while the quantization, its calibration, the comparison and
    // its timed runs go on (tcmalloc's count, sampled every 5 ms): peak RSS less this is the
    // allocator's free pages.
    std::atomic<bool> quantizing{true};
    std::atomic<long> heap_peak{HeapMb()};
    std::thread sampler([&] {
      while (quantizing) {
        heap_peak = std::max(heap_peak.load(), HeapMb());
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    });
    // Which stage the heap was highest in: the Quantize tab's stage line, read on the UI thread
    // every 10 ms while the run goes on (waitForRun processes events).
    long stage_heap = -1;
    QString peak_stage;
    QTimer stage_timer;
    const auto* stage_label = q->findChild<QLabel*>(QStringLiteral("quantizeStage"));
    QObject::connect(&stage_timer, &QTimer::timeout, [&] {
      const long h = HeapMb();
      if (h > stage_heap && stage_label) {
        stage_heap = h;
        peak_stage = stage_label->text();
      }
    });
    stage_timer.start(10);
    const bool started = q->quantize();
    if (started) q->waitForRun();
    stage_timer.stop();
    quantizing = false;
    sampler.join();
    std::printf("  the quantization's heap was highest (%ld MB, sampled every 10 ms) at: %s\n",
                stage_heap, peak_stage.toUtf8().constData());
    rows.push_back({"(quantized)", Figure{0, 0, PeakRssMb(), LiveRssMb(), heap_peak}});
    if (started) {
      w.showView(QStringLiteral("graph"));
      QCoreApplication::processEvents();
      w.setQuantizeColoring(false);
      g->waitForLayout();
      rows.push_back({"sqnr", Measure([&] { w.setQuantizeColoring(true); },
                                      [&] { return !g->isLayingOut(); })});
    }
  }
  for (const auto& [what, f] : rows)
    std::printf("  %-12s %-6ld %7d  %-14s %9.0f ms   %7.0f ms %8ld MB %8ld MB %8ld MB\n",
                kind.c_str(), nodes, total, what, f.ms, f.stall_ms, f.peak_mb, f.live_mb,
                f.heap_mb);
  std::printf("  %-12s %-6ld %7d  %-14s %9ld MB\n", kind.c_str(), nodes, total, "peak, views",
              views_peak);
  if (quant)
    std::printf("  %-12s %-6ld %7d  %-14s %9ld MB   (the quantization's calibration and runs)\n",
                kind.c_str(), nodes, total, "peak, +sqnr", PeakRssMb());
  // The allocator's free pages back to the system: what stays resident is what the window holds.
  if (auto* release =
          reinterpret_cast<void (*)()>(dlsym(RTLD_DEFAULT, "MallocExtension_ReleaseFreeMemory")))
    release();
  // Under tcmalloc's heap profiler (LD_PRELOAD, HEAPPROFILE): what is live now.
  if (auto* dump = reinterpret_cast<void (*)(const char*)>(dlsym(RTLD_DEFAULT, "HeapProfilerDump")))
    dump("view_bench end");
  std::printf(
      "  %-12s %-6ld %7d  %-14s %9ld MB   (resident, the allocator's free pages released)\n",
      kind.c_str(), nodes, total, "released", LiveRssMb());
  std::fflush(stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<long> sizes;
  std::vector<std::string> kinds;
  std::string keep;
  bool quant = true;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--one") && i + 4 < argc)
      return RunOne(argc, argv, argv[i + 1], std::atol(argv[i + 2]), argv[i + 3],
                    std::strcmp(argv[i + 4], "quant") == 0);
    if (!std::strcmp(argv[i], "--nodes") && i + 1 < argc)
      sizes.push_back(std::atol(argv[++i]));
    else if (!std::strcmp(argv[i], "--kind") && i + 1 < argc)
      kinds.push_back(argv[++i]);
    else if (!std::strcmp(argv[i], "--keep") && i + 1 < argc)
      keep = argv[++i];
    else if (!std::strcmp(argv[i], "--no-quant"))
      quant = false;
  }
  if (sizes.empty()) sizes = {1000, 12000, 50000};
  if (kinds.empty()) kinds = {"transformer", "cnn", "unnamed"};
  std::string dir = keep;
  if (dir.empty()) {
    char tmpl[] = "/tmp/onnxlens_view_bench_XXXXXX";
    if (!mkdtemp(tmpl)) return 1;
    dir = tmpl;
  }
  std::printf("  %-12s %-6s %7s  %-14s %12s   %10s %11s %11s %11s\n", "graph", "asked", "nodes",
              "view", "time", "UI stall", "peak", "live", "heap");
  std::fflush(stdout);
  for (const std::string& kind : kinds) {
    for (long n : sizes) {
      const pid_t pid = fork();
      if (pid == 0) {
        execl("/proc/self/exe", argv[0], "--one", kind.c_str(), std::to_string(n).c_str(),
              dir.c_str(), quant ? "quant" : "-", static_cast<char*>(nullptr));
        _exit(127);
      }
      int status = 0;
      waitpid(pid, &status, 0);
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        std::printf("  %-12s %-6ld failed (status %d)\n", kind.c_str(), n, status);
      std::fflush(stdout);
    }
  }
  if (keep.empty()) std::filesystem::remove_all(dir);
  return 0;
}
