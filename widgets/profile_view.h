// The Profile tab: profiled runs (the Profile dialog; off the UI thread with progress and Cancel)
// or trace files (ours or ONNX Runtime's) kept in the document, one chosen at a time; the timeline
// with slice details, the range summary (Shift+drag), and tables per op type, node, provider and
// thread. A kernel slice names its node (nodeSelected) so the graph can select it, and back.
#pragma once

#include <QWidget>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "api/profile.h"
#include "api/timeline.h"
#include "widgets/background_task.h"
#include "widgets/document.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTableView;

namespace onnxlens {
namespace widgets {

class ProfileCharts;
class RunComparison;
class ThroughputChart;
class SummaryTableModel;
class TimelineWidget;

class ProfileView : public QWidget {
  Q_OBJECT

 public:
  explicit ProfileView(QWidget* parent = nullptr);
  ~ProfileView() override;

  void setModelPath(const QString& path);
  /// What the Profile dialog opens with: the last choices, with the dimensions and value ranges
  /// last used for this model (none for a model not profiled yet).
  api::ProfileOptions dialogOptions() const;
  /// Profiles the model in the background; the result becomes a new run of the document.
  void startProfile(const api::ProfileOptions& options);
  /// Reads a trace file in the background (ours or ONNX Runtime's) as a new run.
  void openTrace(const QString& path);
  /// Writes the run shown to `path` as trace JSON in the background (temp file + rename).
  void saveTrace(const QString& path);
  void cancel();
  bool isBusy() const;
  /// Blocks (processing events) until the background work ends; for tests and screenshots.
  void waitForIdle();

  using Run = ProfileRun;
  /// The document whose runs this view shows and adds to, and whose selection it follows; a
  /// view made without one has its own.
  void setDocument(Document* document);
  Document* document() const { return m_doc; }
  int runCount() const { return m_doc->runCount(); }
  const Run& run(int index) const { return m_doc->run(index); }
  int currentRun() const { return m_doc->currentRun(); }
  void showRun(int index);

  /// Selects the first kernel slice of node `node` (or of the kernel it was fused into) in the
  /// timeline; false when there is none.
  bool selectNode(const QString& node);
  /// Shows the range summary of [t0, t1] of the current run.
  void showRange(double t0_us, double t1_us);

  TimelineWidget* timeline() const { return m_timeline; }
  /// The timeline (top) and the tabs (bottom). Its first layout gives the timeline at least 60% of
  /// the height; once the user moves the handle, that share is kept for later runs and sessions.
  QSplitter* splitter() const { return m_split; }
  SummaryTableModel* rangeModel() const { return m_range; }
  SummaryTableModel* opModel() const { return m_byOp; }
  SummaryTableModel* nodeModel() const { return m_byNode; }
  SummaryTableModel* providerModel() const { return m_byProvider; }
  QString detailsText() const;
  /// The warning shown when the run shown is not a profile of the model open (most of its nodes
  /// are not the model's); empty when it is, or no model is open.
  QString mismatchWarning() const;
  /// The line above the range table: where the range is and how long.
  QString rangeInfo() const;
  /// Groups the range table by op type (true) or by node (false, Perfetto's grouping).
  void setRangeByOpType(bool byOpType);
  /// Each node's share of the kernel time in the current run, in percent (heat colouring); a
  /// fused kernel's share is split evenly over the nodes it was made from.
  QHash<QString, double> nodeShares() const;
  /// One line on node `label` in the run shown (calls, mean, share; the kernel it was fused
  /// into); empty when it did not run.
  QString nodeFacts(const QString& label) const;
  void showOpsTable();
  /// Finds slices by name or op type: the first call with a query selects the first hit (in time
  /// order), the next calls step through them; returns the number of hits.
  int findSlices(const QString& query);
  /// Puts the keyboard in the slice search field (Edit → Find on this tab).
  void focusSearch();
  int currentHit() const { return m_hit; }

  /// Shows the Charts tab under the timeline.
  void showCharts();
  /// Shows the Compare Runs tab.
  void showComparison();
  ProfileCharts* charts() const { return m_charts; }
  RunComparison* comparison() const { return m_comparison; }
  ThroughputChart* throughputChart() const { return m_throughput; }

 protected:
  void resizeEvent(QResizeEvent* event) override;

 signals:
  void errorOccurred(const QString& title, const QString& message);
  /// "Show in the graph" was clicked in a kernel slice's details.
  void showInGraphRequested();
  /// Something done worth a line in the status bar ("Saved trace.json").
  void statusMessage(const QString& message);

 private:
  /// What the background task is doing, for its result.
  enum class Work { kProfile, kOpen, kSave };
  using Task = BackgroundTask<std::shared_ptr<Run>>;
  void start(Work work, const QString& subject, Task::Work job);
  void onDone(Expected<std::shared_ptr<Run>> result);
  void onSliceSelected(int track, int slice);
  void onRunAdded(int index);
  void onCurrentRunChanged(int index);
  void onSelectionChanged(const QString& node, const QStringList& origins, QObject* source);
  void setBusy(bool busy);
  void updateMismatch();
  void fitTimelineHeight();
  static QString argLabel(const QString& key);
  static QString formatBytes(int64_t bytes);

  QString m_path;
  Document* m_doc = nullptr;
  bool m_fitOnShow = false;  ///< fit the timeline's height when the new run is shown
  api::ProfileOptions m_lastOptions;
  /// The free dimensions and value ranges last profiled with, per model file: they name the
  /// model's own inputs and dimensions, so another model starts from the defaults.
  std::map<QString, std::pair<api::DimOverrides, api::RangeOverrides>> m_inputSpecs;
  TimelineWidget* m_timeline;
  QComboBox* m_runChooser;
  QPushButton* m_profile;
  QPushButton* m_open;
  QPushButton* m_save;
  QProgressBar* m_progress;
  QPushButton* m_cancel;
  QLabel* m_stage;
  QLabel* m_details;
  QLabel* m_mismatch;  ///< the run shown is not a profile of the model open
  QTabWidget* m_tabs;
  SummaryTableModel* m_range;
  SummaryTableModel* m_byOp;
  SummaryTableModel* m_byNode;
  SummaryTableModel* m_byProvider;
  SummaryTableModel* m_byThread;
  QTableView* m_rangeTable;
  QWidget* m_rangePage;
  QLabel* m_rangeInfo;
  QComboBox* m_rangeGroup;
  double m_rangeT0 = 0, m_rangeT1 = 0;  ///< the range shown (t1 > t0), to regroup it
  QSplitter* m_split;
  bool m_fitPending = false;  ///< fit the timeline's height once the view has its size
  /// The timeline's share of the splitter the user chose by moving its handle (0: not moved yet).
  double m_userShare = 0;
  QLineEdit* m_search;
  QLabel* m_searchCount;
  QString m_query;
  std::vector<std::pair<int, int>> m_hits;
  int m_hit = -1;
  ProfileCharts* m_charts;
  RunComparison* m_comparison;
  ThroughputChart* m_throughput;
  QWidget* m_detailsPage;     ///< the scroll area holding m_details
  QWidget* m_chartsPage;      ///< the scroll area holding m_charts
  QWidget* m_comparisonPage;  ///< the scroll area holding m_comparison
  Task* m_task;
  Work m_work = Work::kProfile;
  QString m_subject;  ///< the label of the run made, or the file saved
};

}  // namespace widgets
}  // namespace onnxlens
