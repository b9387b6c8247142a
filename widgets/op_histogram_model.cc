// Op histogram table model.
#include "widgets/op_histogram_model.h"

#include <QColor>
#include <QLocale>

#include "widgets/op_colors.h"

namespace onnxlens {
namespace widgets {

OpHistogramModel::OpHistogramModel(QObject* parent) : QAbstractTableModel(parent) {}

void OpHistogramModel::setHistogram(std::vector<std::pair<std::string, int64_t>> histogram) {
  beginResetModel();
  m_rows = std::move(histogram);
  m_total = 0;
  for (const auto& r : m_rows) m_total += r.second;
  endResetModel();
}

int OpHistogramModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int OpHistogramModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant OpHistogramModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const auto& [op, count] = m_rows[static_cast<size_t>(index.row())];
  const double share = m_total ? 100.0 * static_cast<double>(count) / m_total : 0.0;
  switch (role) {
    case Qt::DisplayRole:
      switch (index.column()) {
        case OperatorColumn:
          return QString::fromStdString(op);
        case CountColumn:
          return QString::number(count);
        case ShareColumn:
          return QLocale().toString(share, 'f', 1) + QStringLiteral(" %");
      }
      break;
    case SortRole:
      switch (index.column()) {
        case OperatorColumn:
          return QString::fromStdString(op);
        case CountColumn:
          return static_cast<qlonglong>(count);
        case ShareColumn:
          return share;
      }
      break;
    case Qt::DecorationRole:
      if (index.column() == OperatorColumn) return opColor(QString::fromStdString(op));
      break;
    case Qt::TextAlignmentRole:
      if (index.column() != OperatorColumn) return int(Qt::AlignRight | Qt::AlignVCenter);
      break;
  }
  return {};
}

QVariant OpHistogramModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case OperatorColumn:
      return tr("Operator");
    case CountColumn:
      return tr("Count");
    case ShareColumn:
      return tr("Share");
  }
  return {};
}

}  // namespace widgets
}  // namespace onnxlens
