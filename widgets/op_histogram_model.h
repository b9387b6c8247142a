// Table model of the op-type histogram: Operator | Count | Share | MACs | FLOPs (the compute
// estimate of core's cost module); sorts numerically by role.
#pragma once

#include <QAbstractTableModel>
#include <utility>
#include <vector>

#include "api/model_info.h"

namespace onnxlens {
namespace widgets {

class OpHistogramModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { OperatorColumn, CountColumn, ShareColumn, MacsColumn, FlopsColumn, ColumnCount };
  /// Role with the value to sort by (numbers for count and share).
  static constexpr int SortRole = Qt::UserRole + 1;

  explicit OpHistogramModel(QObject* parent = nullptr);

  void setHistogram(std::vector<std::pair<std::string, int64_t>> histogram);
  /// The compute per op type (ModelInfo::cost.by_op); op types it does not list, or whose nodes
  /// were all left uncounted, show "—". Call after setHistogram.
  void setCost(const std::vector<api::OpCost>& cost);
  /// The op type of row `row` ("" when out of range).
  QString op(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<std::pair<std::string, int64_t>> m_rows;
  int64_t m_total = 0;
  struct Cost {
    int64_t macs = -1, flops = -1;  ///< -1: not known
    int64_t uncounted = 0;
  };
  std::vector<Cost> m_cost;  ///< per row
};

}  // namespace widgets
}  // namespace onnxlens
