// Summary table model.
#include "widgets/summary_table_model.h"

#include <QColor>
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
                      range_us > 0 ? 100 * r.wall_us / range_us : 0, static_cast<int>(r.kind)});
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
  if (role == GroupRole) return r.group;
  if (role == Qt::ForegroundRole && r.group != 0) return QColor(Qt::gray);
  if (role == Qt::ToolTipRole && r.group == 1)
    return tr(
        "Work a node handed to the thread pool, on a worker thread: already inside the "
        "node's own time, so listed after the nodes");
  if (role == Qt::ToolTipRole && r.group == 2)
    return tr("Not a node: a run, session or other event spanning nodes; listed after them");
  if (role == Qt::TextAlignmentRole)
    return index.column() == NameColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                        : int(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole && index.column() == NameColumn) return r.name;
  return {};
}

QVariant SummaryTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole && section == ShareColumn) {
    if (m_range)
      return tr(
          "Each row's time inside the range over the range's length; nested slices and "
          "several threads can add up to more than 100%");
    if (m_shareOf == ShareOf::ThreadBusy)
      return tr(
          "The thread's busy time (its kernels and thread-pool work) over the kernel time "
          "of all runs: the thread that runs the nodes is near 100%; a pool worker's share "
          "says how much of that time it helped");
    return tr("The row's kernel time over the kernel time of all runs");
  }
  if (role != Qt::DisplayRole) return {};
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
      if (m_range) return tr("% of range");
      return m_shareOf == ShareOf::ThreadBusy ? tr("Busy, % of kernel time")
                                              : tr("% of kernel time");
  }
  return {};
}

}  // namespace widgets
}  // namespace onnxlens
