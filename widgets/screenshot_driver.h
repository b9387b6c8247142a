// Scripted screenshots of the main window (`onnxlens --screenshot OUT.png [options] MODEL`): opens
// the model, brings up the requested view (the graph by default; compare, steps, timeline, charts,
// runs, heat, providers, quant, quant-graph or summary), applies the options (select, find,
// subgraph, groups, tensor page, sides, pass step, trace, run range), waits for every background
// job and saves the window as PNG.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

namespace onnxlens {
namespace widgets {

class MainWindow;

/// What to render; an empty string means "not given".
struct ScreenshotRequest {
  QString output;  ///< the PNG to write
  QString model;   ///< the .onnx file (may be empty with view "timeline" and a trace)
  /// "", graph, compare, steps, optimize, summary, timeline, charts, runs, heat, providers,
  /// quant, quant-graph
  QString view;
  QSize size{1280, 800};
  QString select;  ///< a node (op type or name): graph, compare's right side or a kernel slice
  QString find;
  QString graph;   ///< subgraph index or path
  QString expand;  ///< "all" or "none"
  QString tensor;
  QString left, right;  ///< compare sides (original, basic, extended, layout, step:N, a file)
  QString step;         ///< steps: the pass step to select (default 1)
  QString format;       ///< compare / steps: ort or standard
  QString trace;        ///< timeline: a trace file instead of profiling the model
  QString range;        ///< timeline: run N as the selected range
  QString calib;        ///< quant: the calibration folder ("" : random samples)
};

class ScreenshotDriver {
 public:
  /// Drives `window` (which it resizes, shows and routes errors of).
  explicit ScreenshotDriver(MainWindow* window);

  /// Renders `request`; returns the exit status: 0, or 1 when anything failed (the screenshot is
  /// still written when it can be). The messages are in errors().
  int run(const ScreenshotRequest& request);
  const QStringList& errors() const { return m_errors; }

 private:
  void fail(const QString& message);
  bool open(const QString& model);
  // One function per view.
  void graphView(const ScreenshotRequest& r);
  /// The Memory tab with the plan made; --select picks a buffer by tensor or producer name.
  void memoryView(const ScreenshotRequest& r);
  void compareView(const ScreenshotRequest& r);
  void stepsView(const ScreenshotRequest& r);
  void timelineView(const ScreenshotRequest& r);
  void chartsView(const ScreenshotRequest& r);
  void runsView(const ScreenshotRequest& r);
  void heatView(const ScreenshotRequest& r);
  void providersView(const ScreenshotRequest& r);
  /// Quantizes statically (--calib or random); false when it failed.
  bool quantize(const ScreenshotRequest& r);
  void quantView(const ScreenshotRequest& r);
  void quantGraphView(const ScreenshotRequest& r);
  // Shared steps.
  /// --graph, --expand, --find, --tensor (and --select when `select`) on the graph view.
  void graphOptions(const ScreenshotRequest& r, bool select);
  bool optimize(const ScreenshotRequest& r, const QString& view);
  void selectOnRightSide(const QString& node);
  /// Profiles the model (or reads the trace) on the Profile tab; false when nothing came of it.
  bool profile(const ScreenshotRequest& r, const QString& level, int runs, bool unoptimizedFirst);
  /// --range, and --select as a kernel slice when `select`.
  void rangeAndSlice(const ScreenshotRequest& r, bool select);
  void selectRange(const QString& run);
  void showSubgraph(const QString& graph);

  MainWindow* m_window;
  QStringList m_errors;
};

}  // namespace widgets
}  // namespace onnxlens
