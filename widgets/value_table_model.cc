// Value table model.
#include "widgets/value_table_model.h"

namespace onnxlens {
namespace widgets {

ValueTableModel::ValueTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ValueTableModel::setValues(std::vector<api::ValueSummary> values) {
  beginResetModel();
  m_values = std::move(values);
  endResetModel();
}

int ValueTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_values.size());
}

int ValueTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant ValueTableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const api::ValueSummary& v = m_values[static_cast<size_t>(index.row())];
  if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
    switch (index.column()) {
      case NameColumn:
        return QString::fromStdString(v.name);
      case TypeColumn:
        return v.dtype.empty() ? QString::fromStdString(v.type) : QString::fromStdString(v.dtype);
      case ShapeColumn:
        if (v.dtype.empty()) return QString();
        return v.has_shape
                   ? (v.shape.empty() ? tr("scalar") : QString::fromStdString(v.shape_label))
                   : tr("unknown");
    }
  }
  return {};
}

QVariant ValueTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case NameColumn:
      return tr("Name");
    case TypeColumn:
      return tr("Type");
    case ShapeColumn:
      return tr("Shape");
  }
  return {};
}

}  // namespace widgets
}  // namespace onnxlens
