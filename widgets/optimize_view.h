// The Optimize tab: the comparison (CompareView) in the middle, and beside it the pass stepper,
// the op-count table of the two sides and output verification, above the node sidebar of the
// node selected in either pane. The optimization trace (every
// level, every step) is computed off the UI thread when the tab is first shown, with a progress
// bar and Cancel; disabling a pass re-runs it.
#pragma once

#include <QStringList>
#include <QWidget>
#include <memory>

#include "api/graph_diff.h"
#include "api/optimize_trace.h"
#include "widgets/background_task.h"

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;

namespace onnxlens {
namespace widgets {

class CompareView;
class Document;
class NodeSidebar;
class OpCountModel;
class PassStepper;
class VerifyPanel;

class OptimizeView : public QWidget {
  Q_OBJECT

 public:
  explicit OptimizeView(QWidget* parent = nullptr);
  ~OptimizeView() override;

  /// The model the tab optimizes; the trace is dropped and recomputed when next needed.
  void setModelPath(const QString& path);
  /// Follows the document's model and publishes each finished trace to it.
  void setDocument(Document* document);
  QString modelPath() const { return m_path; }
  /// Starts the trace when there is none (showing the tab does this).
  void ensureTrace();
  /// Optimizes again with `disabled` passes off.
  void rerun(const QStringList& disabled);
  /// "ort" or "standard"; re-runs when it changes.
  void setFormat(const QString& format);
  QString format() const;
  bool isTracing() const;
  /// Blocks (processing events) until the trace is shown; for tests and screenshots.
  void waitForTrace();
  std::shared_ptr<const api::OptimizeTrace> trace() const { return m_trace; }

  CompareView* compare() const { return m_compare; }
  PassStepper* stepper() const { return m_stepper; }
  OpCountModel* opCounts() const { return m_opCounts; }
  VerifyPanel* verifier() const { return m_verify; }
  /// The selected node of either pane: op, attributes, inputs and outputs by their schema names,
  /// the documentation (com.microsoft ops too).
  NodeSidebar* sidebar() const { return m_sidebar; }
  /// Shows the pass list, op-count table or verification beside the graphs.
  enum Panel { PassesPanel, OpCountsPanel, VerifyPanelIndex };
  void showPanel(Panel panel);

  /// Colours both panes by execution provider (View → Colour by Provider).
  void setProviderColoring(bool on);

  /// The level the right side shows ("extended"), or "" when it shows a step or a file.
  QString rightLevel() const;

 signals:
  void exportRequested();
  void errorOccurred(const QString& title, const QString& message);
  void traceReady();

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void startTrace(const QStringList& disabled);
  void onTraceDone(Expected<std::shared_ptr<const api::OptimizeTrace>> result);
  void onSidesChanged();
  void onStepSelected(int step);
  /// Rings the right side's nodes that `diff` does not call unchanged.
  void markChanged(const api::GraphDiff& diff);
  void setBusy(bool busy);

  QString m_path;
  std::shared_ptr<const api::OptimizeTrace> m_trace;
  CompareView* m_compare;
  PassStepper* m_stepper;
  OpCountModel* m_opCounts;
  QTableView* m_opTable;
  VerifyPanel* m_verify;
  NodeSidebar* m_sidebar;
  int m_sidebarSide = 1;  ///< the CompareView side of the node the sidebar shows
  QTabWidget* m_panels;
  QComboBox* m_format;
  QLabel* m_stage;
  QProgressBar* m_progress;
  QPushButton* m_cancel;
  QPushButton* m_export;
  QPushButton* m_run;  ///< shown after a cancelled or failed run
  BackgroundTask<std::shared_ptr<const api::OptimizeTrace>>* m_task;
  Document* m_doc = nullptr;
};

}  // namespace widgets
}  // namespace onnxlens
