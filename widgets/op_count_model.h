// Table model of the op-count comparison (onnx-simplifier style): Operator | left | right |
// Change, one row per op type, improved rows highlighted, then the totals of nodes, initializers
// and initializer bytes. Sorts numerically through SortRole; the totals stay last.
#pragma once

#include <QAbstractTableModel>
#include <QString>

#include "api/graph_diff.h"

namespace onnxlens {
namespace widgets {

class OpCountModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { OperatorColumn, BeforeColumn, AfterColumn, ChangeColumn, ColumnCount };
  static constexpr int SortRole = Qt::UserRole + 1;
  /// True for the rows that got better (fewer nodes of that op, fewer bytes).
  static constexpr int ImprovedRole = Qt::UserRole + 2;
  static constexpr int TotalRows = 3;

  explicit OpCountModel(QObject* parent = nullptr);

  /// The table and the names of its two sides ("Original", "Extended").
  void setTable(const api::OpCountTable& table, const QString& before, const QString& after);
  const api::OpCountTable& table() const { return m_table; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  struct Row {
    QString name;
    int64_t before, after;
    bool total, bytes;
  };
  Row row(int r) const;

  api::OpCountTable m_table;
  QString m_before, m_after;
};

}  // namespace widgets
}  // namespace onnxlens
