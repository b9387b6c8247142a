// Table model of the op-type histogram: Operator | Count | Share; sorts numerically by role.
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
  enum Column { OperatorColumn, CountColumn, ShareColumn, ColumnCount };
  /// Role with the value to sort by (numbers for count and share).
  static constexpr int SortRole = Qt::UserRole + 1;

  explicit OpHistogramModel(QObject* parent = nullptr);

  void setHistogram(std::vector<std::pair<std::string, int64_t>> histogram);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<std::pair<std::string, int64_t>> m_rows;
  int64_t m_total = 0;
};

}  // namespace widgets
}  // namespace onnxlens
