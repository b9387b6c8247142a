// The Quantize tab: the options (QuantizeForm) on the left; Quantize runs the quantizer and then
// compares the float model with the result on the same data, off the UI thread with progress per
// calibration sample and Cancel (the model open stays usable). The quantized file goes to the
// document's scratch folder. Results on the right: sizes and P50 latency side by side, the
// per-output metrics, the per-layer SQNR chart (worst first; a click selects the node in the
// graph) with the selected layer's histograms, and the per-layer table. "Exclude the N worst and
// re-run" leaves the worst layers' nodes in float.
#pragma once

#include <QWidget>
#include <functional>
#include <memory>

#include "widgets/background_task.h"
#include "widgets/document.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QSplitter;
class QTabWidget;
class QTableView;

namespace onnxlens {
namespace widgets {

class LayerHistogramView;
class LayerMetricsModel;
class OutputMetricsModel;
class QuantizeForm;
class SearchStepsModel;
class SensitivityModel;
class SqnrChart;

class QuantizeView : public QWidget {
  Q_OBJECT

 public:
  explicit QuantizeView(QWidget* parent = nullptr);
  ~QuantizeView() override;

  /// Follows the document's model and quantization; publishes each finished run to it.
  void setDocument(Document* document);

  /// Quantizes the document's model with the form's options (a run going is superseded); false
  /// with an error reported when the options do not parse.
  bool quantize();
  void cancel();
  bool isRunning() const;
  /// Blocks (processing events) until the run's result is shown or it was cancelled.
  void waitForRun();
  /// Leaves the nodes of the `n` worst layers (not yet excluded) in float and quantizes again;
  /// the number of nodes added.
  int excludeWorstAndRerun(int n);

  /// The automatic search (api::SearchQuantization) with the form's options: ranks the nodes by
  /// the error each adds alone, then bisects on how many of the most harmful stay in float until
  /// the worst output's `metric` ("cosine" or "sqnr") reaches `target`; the trials fill steps()
  /// as they come, the ranking fills sensitivity() at the end. False with an error
  /// reported when the options do not parse or the mode is not static.
  bool search(const QString& metric, double target, int maxSteps);
  SearchStepsModel* steps() const { return m_steps; }
  /// The last search's sensitivity ranking (empty until a search ends).
  SensitivityModel* sensitivity() const { return m_sensitivity; }

  /// Copies the quantized file to `path` (a temporary file, then a rename): never over the
  /// opened model, an existing file only when `ask` says yes. False with `error` set (empty when
  /// the user declined).
  bool exportTo(const QString& path, const std::function<bool(const QString&, const QString&)>& ask,
                QString* error);

  /// The work of one run, on any thread: quantize `model` into `output`, inspect it and compare.
  static Expected<QuantizeResult> run(const QString& model, const api::QuantizeRequest& request,
                                      const QString& output, const JobControl& job);
  /// The comparison's options for a quantization: the calibration folder, else random samples
  /// (a different seed from the calibration's: held out), timed.
  static api::CompareModelsRequest compareRequest(const api::QuantizeRequest& request);

  QuantizeForm* form() const { return m_form; }
  OutputMetricsModel* outputs() const { return m_outputs; }
  LayerMetricsModel* layers() const { return m_layers; }
  SqnrChart* chart() const { return m_chart; }
  LayerHistogramView* histograms() const { return m_hist; }
  /// The sizes and latency line, for tests.
  QString summaryText() const;
  /// Shows layer `layer` of the current comparison in the histograms and the tables.
  void showLayer(int layer);
  int shownLayer() const { return m_layer; }
  /// The node label (trace label in the float graph) of each layer of the current result.
  QStringList layerNodes() const { return m_layerNodes; }

 signals:
  /// Show node `label` (a trace label of the float graph) in the Graph tab.
  void showInGraphRequested(const QString& label);
  /// Show the quantized file beside the float model in the Optimize tab.
  void compareRequested(const QString& path);
  void exportRequested();
  void errorOccurred(const QString& title, const QString& message);
  void statusMessage(const QString& message);

 private:
  /// Grows the summary's pane of m_right until the summary's lines show whole.
  void fitSummary();
  /// The trace label of the float graph's node named `name` (empty when there is none).
  QString nodeLabel(const QString& name) const;
  void onResult(Expected<QuantizeResult> result);
  void showResult();
  void setRunning(bool running);
  /// Starts `work`, writing into a new scratch file; false when there is none.
  bool start(const api::QuantizeRequest& request,
             std::function<Expected<QuantizeResult>(const QString& model, const QString& output,
                                                    const JobControl& job)>
                 work);
  /// Inspects and compares a quantized file (the end of every run).
  static Expected<QuantizeResult> finish(const QString& model, QuantizeResult r,
                                         const JobControl& job);

  Document* m_doc = nullptr;
  QuantizeForm* m_form;
  QPushButton* m_run;
  QPushButton* m_cancel;
  QProgressBar* m_progress;
  QLabel* m_stage;
  QSpinBox* m_worstN;
  QPushButton* m_excludeWorst;
  QPushButton* m_compare;
  QComboBox* m_metric;
  QDoubleSpinBox* m_target;
  QSpinBox* m_maxSteps;
  QPushButton* m_search;
  SearchStepsModel* m_steps;
  QTableView* m_stepTable;
  SensitivityModel* m_sensitivity;
  QTableView* m_sensitivityTable;
  QTabWidget* m_searchTabs;
  quint64 m_generation = 0;  ///< of the run whose steps are listed
  QPushButton* m_export;
  QLabel* m_summary;
  QSplitter* m_right;  ///< summary and outputs / charts / layer table
  QTableView* m_outputTable;
  QTableView* m_layerTable;
  OutputMetricsModel* m_outputs;
  LayerMetricsModel* m_layers;
  SqnrChart* m_chart;
  LayerHistogramView* m_hist;
  BackgroundTask<QuantizeResult>* m_task;
  api::QuantizeRequest m_pending;
  QString m_pendingPath;
  QStringList m_layerNodes;
  int m_layer = -1;
};

}  // namespace widgets
}  // namespace onnxlens
