// Summary table model.
#include "widgets/summary_table_model.h"

#include <QLocale>

namespace onnxlens {
namespace widgets {

SummaryTableModel::SummaryTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void SummaryTableModel::setRows(const std::vector<profiling::SummaryRow>& rows) {
  beginResetModel();
  m_range = false;
  m_rows.clear();
  for (const auto& r : rows)
    m_rows.push_back({QString::fromStdString(r.key), r.count, r.total_us, r.mean_us, r.percent});
  endResetModel();
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void SummaryTableModel::setRangeRows(const std::vector<api::RangeRow>& rows, double range_us) {
  beginResetModel();
  m_range = true;
  m_rows.clear();
  for (const auto& r : rows)
    m_rows.push_back({QString::fromStdString(r.name), r.occurrences, r.wall_us, r.avg_us,
                      range_us > 0 ? 100 * r.wall_us / range_us : 0});
  endResetModel();
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

QString SummaryTableModel::name(int row) const {
  return row >= 0 && row < static_cast<int>(m_rows.size()) ? m_rows[row].name : QString();
}

int SummaryTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int SummaryTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant SummaryTableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
  const Row& r = m_rows[index.row()];
  const QLocale locale;
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case NameColumn:
        return r.name;
      case CountColumn:
        return locale.toString(static_cast<qlonglong>(r.count));
      case TotalColumn:
        return locale.toString(r.total_us / 1e3, 'f', 3);
      case MeanColumn:
        return locale.toString(r.mean_us, 'f', 1);
      case ShareColumn:
        return locale.toString(r.percent, 'f', 1) + QLatin1Char('%');
    }
  }
  if (role == SortRole) {
    switch (index.column()) {
      case NameColumn:
        return r.name;
      case CountColumn:
        return static_cast<qlonglong>(r.count);
      case TotalColumn:
        return r.total_us;
      case MeanColumn:
        return r.mean_us;
      case ShareColumn:
        return r.percent;
    }
  }
  if (role == Qt::TextAlignmentRole)
    return index.column() == NameColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                        : int(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole && index.column() == NameColumn) return r.name;
  return {};
}

QVariant SummaryTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case NameColumn:
      return tr("Name");
    case CountColumn:
      return m_range ? tr("Occurrences") : tr("Count");
    case TotalColumn:
      return m_range ? tr("Wall duration (ms)") : tr("Total (ms)");
    case MeanColumn:
      return m_range ? tr("Average (µs)") : tr("Mean (µs)");
    case ShareColumn:
      return m_range ? tr("% of range") : tr("Share");
  }
  return {};
}

}  // namespace widgets
}  // namespace onnxlens
