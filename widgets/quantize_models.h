// The Quantize tab's plain parts: the per-output and per-layer metrics tables (item models over a
// CompareModelsReport) and the layer-wise SQNR colouring of a graph view (a diverging red - yellow
// - blue scale over the table's SQNR range, worst red, through api::HeatOfView so that a closed
// group shows its worst node).
#pragma once

#include <QAbstractTableModel>
#include <QColor>
#include <QString>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "api/accuracy.h"
#include "api/graph_snapshot.h"
#include "api/graph_view_model.h"
#include "api/quant_search.h"

namespace onnxlens {
namespace widgets {

/// One row per model output: max / mean |error|, cosine, SQNR dB, top-1 / top-5 agreement.
/// Qt::DisplayRole is text; Qt::UserRole the number (as the report's JSON has it).
class OutputMetricsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Name, MaxAbs, MeanAbs, Cosine, Sqnr, Top1, Top5, ColumnCount };
  explicit OutputMetricsModel(QObject* parent = nullptr);
  void setReport(std::shared_ptr<const api::CompareModelsReport> report);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::shared_ptr<const api::CompareModelsReport> m_report;
};

/// One row per matched tensor, worst SQNR first: tensor, the node producing it in A, how it was
/// matched, SQNR dB, cosine, max |error|.
class LayerMetricsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Tensor, Node, Match, Sqnr, Cosine, MaxAbs, ColumnCount };
  explicit LayerMetricsModel(QObject* parent = nullptr);
  /// `nodes`: A's tensor -> the name of the node producing it (shown; may be empty).
  void setReport(std::shared_ptr<const api::CompareModelsReport> report,
                 std::unordered_map<std::string, std::string> nodes);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::shared_ptr<const api::CompareModelsReport> m_report;
  std::unordered_map<std::string, std::string> m_nodes;
};

/// The automatic search's trials as they come: step, how many of the most harmful nodes stay in
/// float, whether the target held, the worst output's cosine and SQNR, the quantized model's P50,
/// and the op and name of the least harmful node in float (last: the column that stretches).
class SearchStepsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Step, Excluded, Kept, Cosine, Sqnr, P50, Op, Node, ColumnCount };
  explicit SearchStepsModel(QObject* parent = nullptr);
  void clear();
  void addStep(const api::QuantSearchStep& step);
  const std::vector<api::QuantSearchStep>& steps() const { return m_steps; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::vector<api::QuantSearchStep> m_steps;
};

/// The search's sensitivity ranking, the most harmful node first: rank, the worst output's cosine
/// and SQNR with only that node quantized, whether the written model leaves it in float, op and
/// node (last: the column that stretches). Qt::DisplayRole is text; Qt::UserRole the number.
class SensitivityModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Rank, Cosine, Sqnr, InFloat, Op, Node, ColumnCount };
  explicit SensitivityModel(QObject* parent = nullptr);
  /// The report's ranking (nullptr clears).
  void setReport(std::shared_ptr<const api::QuantSearchReport> report);
  /// The node name of `row`, empty out of range.
  QString nodeAt(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::shared_ptr<const api::QuantSearchReport> m_report;
  std::unordered_map<std::string, bool> m_inFloat;
};

/// "12.34" or "exact".
QString sqnrText(double db);

/// The SQNR range of the layers (min, max) not counting exact matches; (0, 0) without any.
struct SqnrRange {
  double lo = 0, hi = 0;
  bool valid = false;
};
SqnrRange layerSqnrRange(const api::CompareModelsReport& report);

/// Diverging colour of `db` on `range`: red (lo, worst) through pale yellow to blue (hi).
QColor sqnrColor(double db, const SqnrRange& range);

/// The tensors whose comparison stands for `node`: its outputs, and when its output's one reader is
/// a BatchNormalization (folded into it by the basic optimizations the quantizer runs first, so
/// that a Conv's own output is never compared) that reader's outputs too.
std::vector<std::string> comparedTensorsOf(const api::SnapshotGraph& graph,
                                           const api::SnapshotNode& node);

/// The layer SQNR of each node of `graph` (comparedTensorsOf; a node with several takes its
/// worst), by trace label.
std::unordered_map<std::string, double> nodeSqnr(const api::CompareModelsReport& report,
                                                 const api::SnapshotGraph& graph);

/// Halos of a graph view coloured by layer SQNR: per view item and per group (a closed group
/// shows its worst node); `coloured` counts the node items given a colour.
struct SqnrPaint {
  std::vector<QColor> items, groups;
  int coloured = 0;
  int worstItem = -1;
};
SqnrPaint paintSqnr(const api::CompareModelsReport& report, const api::GraphViewModel& model,
                    const api::SnapshotGraph& graph, const SqnrRange& range);

/// The legend's rich text: the scale from `range.lo` to `range.hi` dB.
QString sqnrLegend(const SqnrRange& range, int coloured, int nodes);

}  // namespace widgets
}  // namespace onnxlens
