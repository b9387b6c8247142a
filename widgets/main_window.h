// The main window: File menu (open, recent, reload, drag and drop), the model summary, loading
// off the UI thread with a progress bar and Cancel, errors in a dialog.
#pragma once

#include <QMainWindow>
#include <functional>
#include <memory>

#include "api/graph_snapshot.h"
#include "api/model_info.h"
#include "api/view_heat.h"

class QDialog;
class QLabel;
class QMimeData;
class QMenu;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTabWidget;

namespace onnxlens {
namespace widgets {

class BreadcrumbBar;
class Document;
class FindBar;
class GraphView;
class ModelLoader;
class ModelSummaryPanel;
class NodeSidebar;
class OptimizeView;
class ProfileView;
class MemoryView;
class ProviderColoring;
class ProviderLegend;
class QuantizeColoring;
class QuantizeView;
class LayerHistogramView;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Shows graph `graph` of the open model (0: the main graph; a subgraph body otherwise).
  void openGraph(int graph);
  BreadcrumbBar* breadcrumb() const { return m_breadcrumb; }
  /// The shortcuts Help lists: (keys, what they do), from the menus, the graph's own keys, the
  /// pass stepper's and the timeline's; a row with empty keys is a section title.
  QList<QPair<QString, QString>> shortcutList() const;
  /// Help > Keyboard Shortcuts (F1; "?" anywhere but in a text field): a window that stays open
  /// beside the main one; created on first use.
  QDialog* shortcutsDialog() const { return m_shortcutsDialog; }

  /// Shows the Graph tab with every node of op type `op` (as the summary names it) of the graph
  /// shown selected; returns how many (issue 21: a double-click in the Summary's table).
  int selectOpType(const QString& op);

  /// The About box's text: what onnxlens does today.
  static QString aboutText();

  /// Starts loading `path` in the background.
  void openFile(const QString& path);
  /// Reloads the current file (F5).
  void reload();
  /// Blocks (processing events) until a load in progress ends.
  void waitForLoad();

  /// Opens the first local file of dropped data; false when it holds none. Used by dropEvent.
  bool openDropped(const QMimeData* mime);

  QString currentPath() const { return m_path; }
  ModelSummaryPanel* summaryPanel() const { return m_summary; }
  GraphView* graphView() const { return m_graph; }
  NodeSidebar* sidebar() const { return m_sidebar; }
  FindBar* findBar() const { return m_find; }
  ModelLoader* loader() const { return m_loader; }
  /// What is open: model, optimization trace, profile runs and the shared selection.
  Document* document() const { return m_doc; }
  OptimizeView* optimizeView() const { return m_optimize; }
  ProfileView* profileView() const { return m_profile; }
  MemoryView* memoryView() const { return m_memory; }
  QuantizeView* quantizeView() const { return m_quantize; }
  QuantizeColoring* quantizeColoring() const { return m_sqnr; }
  /// Colours the graph by the layer SQNR of the document's quantization (a legend above it);
  /// on by itself when a quantization finishes. Heat and SQNR colouring exclude each other.
  void setQuantizeColoring(bool on);
  /// File → Export Quantized Model: a file dialog, then QuantizeView::exportTo.
  void showExportQuantizedDialog();
  /// The Graph tab's context menu for view item `item` (Exclude from Quantization on a node).
  QMenu* graphContextMenu(int item);
  /// The sidebar's histogram panel of a compared node.
  LayerHistogramView* sidebarHistograms() const { return m_sidebarHist; }
  /// Shows a tab: "quant" (the Quantize tab), "graph", "optimize" (the comparison), "steps" (the
  /// comparison with the pass list), "timeline" (the Profile tab), "summary", "heat" or "providers"
  /// (the graph coloured by profile time or by execution provider), "memory" (the Memory tab).
  /// False for another name.
  bool showView(const QString& name);

  /// Colours the graph by each node's share of the current profile's kernel time (a legend above
  /// the graph); off clears. Needs a profile (Profile tab).
  void setHeat(bool on);
  bool heatShown() const { return m_heat; }
  QString heatLegend() const;
  /// Colours the graph (and both panes of the Optimize tab) by the execution provider of each
  /// node, with a legend of counts per provider; the partitions are computed in the background.
  void setProviderColoring(bool on);
  bool providerColoringShown() const;
  ProviderColoring* providerColoring() const { return m_providers; }
  ProviderLegend* providerLegend() const { return m_providerLegend; }
  /// The tab shown, by showView's name: graph, optimize, timeline or summary.
  QString currentView() const;
  /// Selects in the graph the node of a kernel slice (`node`, a trace label); a fused kernel's
  /// `origins` (nodes of the model as loaded) are shown selected together.
  void selectProfiledNode(const QString& node, const QStringList& origins);
  /// How traces name a graph node (its name, or "<Op>_<id>").
  static QString traceLabel(const api::SnapshotNode& node);

  /// The Export Optimized Model dialog: exports, then offers to open the written file.
  void showExportModelDialog();

  /// How errors reach the user; a QMessageBox by default. Tests and --screenshot replace it.
  using ErrorPresenter = std::function<void(const QString& title, const QString& message)>;
  void setErrorPresenter(ErrorPresenter presenter) { m_presentError = std::move(presenter); }
  /// Whether opened files join File > Open Recent (on by default; the screenshot driver turns it
  /// off: a scripted render is not something the user opened).
  void setRecordsRecentFiles(bool on) { m_recordRecent = on; }
  /// The texts File > Open Recent shows now, for tests.
  QStringList recentMenuTexts();
  /// How yes / no questions reach the user; a QMessageBox by default.
  using QuestionPresenter = std::function<bool(const QString& title, const QString& text)>;
  void setQuestionPresenter(QuestionPresenter ask) { m_ask = std::move(ask); }

 signals:
  void modelLoaded(const QString& path);
  void loadFailed(const QString& path, const QString& message);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void createActions();
  void createViewMenu();
  void rebuildRecentMenu();
  void showOpenDialog();
  void showExportDialog();
  void showPreferences();
  /// Edit → Find: the Profile tab's slice search there; else the graph's find bar, on the Graph
  /// tab (opened from the Optimize tab it showed out of sight).
  void activateFind();
  void showShortcuts();
  void showAbout();
  void onLoaded(const QString& path, std::shared_ptr<const api::ModelInfo> info);
  void onFailed(const QString& path, const QString& message, onnxlens::StatusCode code);
  void setBusy(bool busy);
  void showProgress(const onnxlens::Progress& progress);
  void updateCounts();
  /// The graph views of the tab shown (the Graph tab's, the Optimize tab's two panes, or none),
  /// and the one a zoom command acts on: the pane with the keyboard focus, else the first.
  std::vector<GraphView*> tabGraphViews() const;
  GraphView* zoomTarget() const;
  /// The status bar's zoom for the tab shown (empty on tabs without a graph).
  void showZoom();
  void connectDocument();

  ModelLoader* m_loader;
  QStackedWidget* m_stack;
  QWidget* m_welcome;
  ModelSummaryPanel* m_summary;
  GraphView* m_graph;
  NodeSidebar* m_sidebar;
  FindBar* m_find;
  BreadcrumbBar* m_breadcrumb;
  QLabel* m_countLabel;
  QWidget* m_document;
  QLabel* m_zoomLabel;
  QMenu* m_recentMenu = nullptr;
  QAction* m_reloadAction = nullptr;
  QAction* m_exportAction = nullptr;
  QProgressBar* m_progress;
  QPushButton* m_cancel;
  QLabel* m_stage;
  QString m_path;
  ErrorPresenter m_presentError;
  QuestionPresenter m_ask;
  OptimizeView* m_optimize;
  ProfileView* m_profile;
  MemoryView* m_memory;
  Document* m_doc;  ///< what is open; the views talk to each other through it
  bool m_heat = false;
  QAction* m_heatAction = nullptr;
  QLabel* m_heatLegend = nullptr;
  QDialog* m_shortcutsDialog = nullptr;
  bool m_recordRecent = true;
  /// Colours the graph by the current run's heat (or clears it); the hottest item, -1 when none.
  int applyHeat();
  /// The heat of the graph shown from the document's current run.
  api::ViewHeat viewHeat() const;
  QTabWidget* m_tabs;
  QAction* m_exportModelAction = nullptr;
  QAction* m_exportReportAction = nullptr;
  QAction* m_providerAction = nullptr;
  ProviderLegend* m_providerLegend = nullptr;
  ProviderColoring* m_providers = nullptr;
  /// The Graph tab's partition source: the file as loaded (level disabled).
  void updateProviderSource();
  void refreshSidebar();
  int m_pendingTensor = -1;
  QuantizeView* m_quantize = nullptr;
  QuantizeColoring* m_sqnr = nullptr;
  QLabel* m_sqnrLegend = nullptr;
  QAction* m_sqnrAction = nullptr;
  QAction* m_exportQuantAction = nullptr;
  LayerHistogramView* m_sidebarHist = nullptr;
  void connectQuantize();  ///< a weight the find bar goes to: its page after the selection
};

}  // namespace widgets
}  // namespace onnxlens
