// Table model of graph inputs/outputs (or any values): Name | Type | Shape.
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "api/model_info.h"

namespace onnxlens {
namespace widgets {

class ValueTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { NameColumn, TypeColumn, ShapeColumn, ColumnCount };

  explicit ValueTableModel(QObject* parent = nullptr);

  void setValues(std::vector<api::ValueSummary> values);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<api::ValueSummary> m_values;
};

}  // namespace widgets
}  // namespace onnxlens
