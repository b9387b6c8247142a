// Two graph views side by side with node correspondence: each side shows the original, a level's
// result, the graph after any pass step of an optimization trace, or another .onnx file. Nodes are
// coloured by what happened to them (removed red, fused amber, added green, modified violet,
// unchanged faded); selecting a node selects its counterparts on the other side; zoom and scroll
// follow each other, anchored on the nearest node both sides draw, so that unchanged regions line
// up where the eye is.
#pragma once

#include <QWidget>
#include <functional>
#include <memory>
#include <vector>

#include "api/graph_diff.h"
#include "api/optimize_trace.h"
#include "widgets/background_task.h"

class QComboBox;
class QLabel;

namespace onnxlens {
namespace widgets {

class GraphView;
class PartitionCache;
class ProviderColoring;
class ProviderLegend;

/// The halo colour of a correspondence state (invalid for unchanged).
QColor diffColor(api::DiffState state);

class CompareView : public QWidget {
  Q_OBJECT

 public:
  enum Side { kLeft = 0, kRight = 1 };

  explicit CompareView(QWidget* parent = nullptr);
  ~CompareView() override;

  /// The optimization trace the sides choose from; the sides keep their choice by name
  /// ("original", "extended", a step number) where the new trace has it.
  void setTrace(std::shared_ptr<const api::OptimizeTrace> trace);
  std::shared_ptr<const api::OptimizeTrace> trace() const { return m_trace; }

  /// Shows step `step` of the trace on a side (0 = the original).
  void setStep(Side side, int step);
  /// Both sides at once (a pass stepper step): one diff, and a side that shows what the other
  /// side showed takes that side's view model instead of making it again.
  void setSteps(int left, int right);
  /// A side by name: "original", "basic", "extended", "layout", "step:N" or a file path. False
  /// with `error` set when there is no such level or step, or the file cannot be loaded.
  bool setSource(Side side, const QString& source, QString* error);
  /// Shows another .onnx file on a side (a model diff), loading it in the background.
  void setFile(Side side, const QString& path);
  /// The trace step a side shows, or -1 for a file.
  int step(Side side) const { return m_sides[side].step; }
  std::shared_ptr<const api::GraphSnapshot> snapshot(Side side) const;

  GraphView* view(Side side) const { return m_sides[side].view; }
  /// What a side shows instead of a graph ("Loading model.onnx…", "Cannot open …"), or "" when
  /// it shows its graph.
  QString placeholderText(Side side) const;
  /// Fits each pane to its own graph (View → Fit to Window; the panes' zoom sync is held off,
  /// or the smaller graph would take the larger one's zoom).
  void fitEachPane();
  QComboBox* chooser(Side side) const { return m_sides[side].combo; }
  /// The diff of the pair shown; empty while a big pair's diff is being made (isDiffing()).
  const api::GraphDiff& diff() const { return m_diff; }
  /// A pair of graphs of more than backgroundNodes() nodes is compared off the UI thread.
  bool isDiffing() const;
  /// Runs `fn` now when no diff is being made, else once the diff of the pair shown is known
  /// (after diffReady()); dropped when `context` is destroyed first.
  void whenDiffReady(QObject* context, std::function<void()> fn);
  /// Graphs of more nodes than this are compared, and their panes' view models made, off the UI
  /// thread (default 4,000; tests lower it to exercise that path on small graphs).
  void setBackgroundNodes(size_t nodes);
  /// True when the sides are matched by provenance (both trace steps), false for a model diff.
  bool byProvenance() const { return m_byProvenance; }

  /// Selects node `node` (an index into the side's main graph) and its counterparts.
  void selectNode(Side side, int node);
  int selectedNode(Side side) const { return m_selected[side]; }
  /// The text under the panes describing the selection (rich text with links to counterparts).
  QString selectionText() const;
  /// Rings `nodes` of a side (the nodes a single pass step changed).
  void markNodes(Side side, const std::vector<int>& nodes);

  /// Colours each side by the execution providers of the model it shows (that step's model, or
  /// the file's), each side with its own legend.
  void setProviderColoring(bool on);
  ProviderColoring* providerColoring(Side side) const { return m_sides[side].providers; }
  void setPartitionCache(PartitionCache* cache);

  /// Blocks until both sides are laid out and any file is loaded; for tests and screenshots.
  void waitForLayout();

 signals:
  /// The sides changed (a new pair is shown).
  void sidesChanged();
  /// The diff of the pair shown is known (at once for small graphs, later for big ones).
  void diffReady();
  /// A node (view item `item` of that side's view; -1: none) was selected by a click or the
  /// keyboard on a side (its counterparts are then shown on the other).
  void nodeSelected(onnxlens::widgets::CompareView::Side side, int item);
  void loadFailed(const QString& message);

 private:
  struct SideState {
    QComboBox* combo = nullptr;
    QLabel* caption = nullptr;
    GraphView* view = nullptr;
    /// In the view's place while a file loads or when it cannot be opened (the pane showed the
    /// graph chosen before under the new file's name).
    QLabel* placeholder = nullptr;
    int step = 0;
    QString file;
    std::shared_ptr<const api::GraphSnapshot> fileSnapshot;
    /// Loads `file` off the UI thread.
    BackgroundTask<std::shared_ptr<const api::GraphSnapshot>>* loader = nullptr;
    ProviderLegend* legend = nullptr;
    ProviderColoring* providers = nullptr;
  };
  void updateProviderSource(Side side);
  void rebuildChooser(Side side);
  void onChosen(Side side);
  void show(Side side);
  /// show() without the diff and the sidesChanged signal.
  void showSide(Side side);
  /// Hides the side's graph behind `text`; an empty text shows the graph again.
  void setPlaceholder(Side side, const QString& text);
  /// Compares the pair shown (off the UI thread when big), then showDiff().
  void recompute();
  /// The diff's colours, legend and selection line.
  void showDiff();
  /// The diff's colours on `side`'s pane (its items and closed groups).
  void applyHalos(Side side);
  /// `side`'s pane shows the side's snapshot (its view model is not still being made).
  bool shows(Side side) const;
  void markShownNodes(Side side, const std::vector<int>& nodes);
  void onItemSelected(Side side, int item);
  void syncFrom(Side side);
  void updateCaption(Side side);
  void updateInfo();
  void onFileLoaded(Side side, const QString& path,
                    Expected<std::shared_ptr<const api::GraphSnapshot>> snapshot);

  std::shared_ptr<const api::OptimizeTrace> m_trace;
  SideState m_sides[2];
  api::GraphDiff m_diff;
  /// The diff's colours wait for the side's view model (made off the UI thread).
  bool m_halosOwed[2] = {false, false};
  BackgroundTask<api::GraphDiff>* m_diffTask = nullptr;
  size_t m_backgroundNodes = 4000;
  bool m_byProvenance = true;
  int m_selected[2] = {-1, -1};
  bool m_syncing = false;
  QLabel* m_legend;
  QLabel* m_info;
};

}  // namespace widgets
}  // namespace onnxlens
