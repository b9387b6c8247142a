// The open document: what a session has open (the model as loaded, its optimization trace, the
// profile runs) and the shared selection. Views observe it through signals and talk to each other
// only through it: a view publishes a selection with itself as the source, the others follow.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "api/accuracy.h"
#include "api/model_info.h"
#include "api/optimize_trace.h"
#include "api/profile_index.h"
#include "api/quant_search.h"
#include "api/quantize.h"
#include "api/timeline.h"
#include "common/trace_event.h"
#include "common/trace_summary.h"
#include "widgets/partition_cache.h"

namespace onnxlens {
namespace widgets {

/// One profile of the document (a profiled run of the model, or a trace file), immutable once
/// made: its events, summary, timeline and which nodes each fused kernel was made from.
struct ProfileRun {
  QString label;
  std::vector<profiling::TraceEvent> events;
  profiling::TraceMetadata metadata;  ///< the file's otherData (model, level, threads, …)
  profiling::TraceSummary summary;
  std::shared_ptr<const api::Timeline> timeline;
  /// Fused kernels (by label) -> the nodes of the model as loaded they were made from, and back.
  api::OriginIndex origins;
};

/// A quantization of the document's model (Quantize tab), immutable once made: the options, the
/// quantized file (in the document's scratch folder), what the quantizer reported and the
/// comparison of the float model with it.
struct QuantizeResult {
  api::QuantizeRequest request;
  QString path;
  api::QuantizeReport quantize;
  std::shared_ptr<const api::CompareModelsReport> compare;
  /// Set when the automatic search made the file: its steps and the nodes it left in float.
  std::shared_ptr<const api::QuantSearchReport> search;
};

class Document : public QObject {
  Q_OBJECT

 public:
  explicit Document(QObject* parent = nullptr);

  /// The model as loaded (its summary and graph snapshot); clears the trace and the selection
  /// (profile runs stay: a trace file may belong to another model).
  void setModel(const QString& path, std::shared_ptr<const api::ModelInfo> info);
  QString path() const { return m_path; }
  std::shared_ptr<const api::ModelInfo> modelInfo() const { return m_info; }
  std::shared_ptr<const api::GraphSnapshot> snapshot() const;

  void setOptimizeTrace(std::shared_ptr<const api::OptimizeTrace> trace);
  std::shared_ptr<const api::OptimizeTrace> optimizeTrace() const { return m_trace; }

  /// Adds a run and makes it the current one.
  void addRun(std::shared_ptr<const ProfileRun> run);
  int runCount() const { return static_cast<int>(m_runs.size()); }
  const ProfileRun& run(int index) const { return *m_runs[index]; }
  std::shared_ptr<const ProfileRun> runPointer(int index) const { return m_runs[index]; }
  int currentRun() const { return m_current; }
  /// The current run, or nullptr when there is none.
  const ProfileRun* current() const { return m_current >= 0 ? m_runs[m_current].get() : nullptr; }
  void setCurrentRun(int index);
  /// Each node's share of the current run's kernel time by trace label (api::HeatShares); empty
  /// without a run.
  /// The current run's share of the kernel time per node label (api::HeatShares), made once per
  /// run (a 50,000-node run's map took a third of a heat colouring); empty without a run.
  const std::unordered_map<std::string, double>& heatShares() const;

  /// The current quantization (nullptr: none); a new model clears it.
  void setQuantizeResult(std::shared_ptr<const QuantizeResult> result);
  std::shared_ptr<const QuantizeResult> quantizeResult() const { return m_quant; }
  /// A new file name in a temporary folder the document owns (removed with the document): what
  /// the views write for the user (a quantized model) goes there, never next to the model. The
  /// file is not created. Empty when no temporary folder can be made.
  QString scratchFile(const QString& suffix);

  /// The provider partitions the views computed for this model (cleared with the model).
  PartitionCache* partitions() { return &m_partitions; }

  /// The selected node by its trace label ("" for none) and, for a fused kernel, the nodes of the
  /// model as loaded it was made from. `source` is the view that selected it: it does not follow
  /// its own selection. A view that follows a selection may publish what it selected in turn;
  /// the document ignores that echo, so views never mirror each other in a loop.
  void select(const QString& node, const QStringList& origins, QObject* source);
  QString selectedNode() const { return m_node; }
  QStringList selectedOrigins() const { return m_origins; }

 signals:
  void modelChanged();
  void optimizeTraceChanged();
  void runAdded(int index);
  void currentRunChanged(int index);
  void selectionChanged(const QString& node, const QStringList& origins, QObject* source);
  void quantizeResultChanged();

 private:
  QString m_path;
  std::shared_ptr<const api::ModelInfo> m_info;
  std::shared_ptr<const api::OptimizeTrace> m_trace;
  std::vector<std::shared_ptr<const ProfileRun>> m_runs;
  mutable std::weak_ptr<const ProfileRun> m_sharesOf;  ///< the run m_shares was made of
  mutable std::shared_ptr<const std::unordered_map<std::string, double>> m_shares;
  int m_current = -1;
  QString m_node;
  QStringList m_origins;
  bool m_notifying = false;  ///< while observers follow a selection
  PartitionCache m_partitions;
  std::shared_ptr<const QuantizeResult> m_quant;
  std::unique_ptr<QTemporaryDir> m_scratch;
  int m_scratchFiles = 0;
};

/// std::vector<std::string> -> QStringList.
QStringList toQStringList(const std::vector<std::string>& strings);

}  // namespace widgets
}  // namespace onnxlens
