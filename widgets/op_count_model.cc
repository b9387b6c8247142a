// Op-count table model.
#include "widgets/op_count_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

namespace onnxlens {
namespace widgets {

OpCountModel::OpCountModel(QObject* parent) : QAbstractTableModel(parent) {}

void OpCountModel::setTable(const api::OpCountTable& table, const QString& before,
                            const QString& after) {
  beginResetModel();
  m_table = table;
  m_before = before;
  m_after = after;
  endResetModel();
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int OpCountModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid()) return 0;
  const int ops = static_cast<int>(m_table.rows.size());
  return ops == 0 ? 0 : ops + TotalRows;
}

int OpCountModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

OpCountModel::Row OpCountModel::row(int r) const {
  const int ops = static_cast<int>(m_table.rows.size());
  if (r < ops) {
    const auto& x = m_table.rows[r];
    return {QString::fromStdString(x.op), x.before, x.after, false, false};
  }
  switch (r - ops) {
    case 0:
      return {tr("All nodes"), m_table.nodes_before, m_table.nodes_after, true, false};
    case 1:
      return {tr("Initializers"), m_table.initializers_before, m_table.initializers_after, true,
              false};
    default:
      return {tr("Initializer bytes"), m_table.bytes_before, m_table.bytes_after, true, true};
  }
}

QVariant OpCountModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
  const Row r = row(index.row());
  const int64_t change = r.after - r.before;
  const QLocale locale;
  auto number = [&](int64_t v) {
    return r.bytes ? locale.formattedDataSize(v) : locale.toString(static_cast<qlonglong>(v));
  };
  switch (role) {
    case Qt::DisplayRole:
      switch (index.column()) {
        case OperatorColumn:
          return r.name;
        case BeforeColumn:
          return number(r.before);
        case AfterColumn:
          return number(r.after);
        case ChangeColumn:
          if (change == 0) return QString();
          return (change > 0 ? QStringLiteral("+") : QStringLiteral("−")) +
                 number(change > 0 ? change : -change);
      }
      break;
    case SortRole: {
      // Totals sort after every op whichever the order: the proxy compares this role only.
      switch (index.column()) {
        case OperatorColumn:
          return r.total ? QStringLiteral("\uffff") + r.name : r.name;
        case BeforeColumn:
          return static_cast<qlonglong>(r.before);
        case AfterColumn:
          return static_cast<qlonglong>(r.after);
        case ChangeColumn:
          return static_cast<qlonglong>(change);
      }
      break;
    }
    case ImprovedRole:
      return change < 0;
    case Qt::TextAlignmentRole:
      return index.column() == OperatorColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                              : int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
      if (r.total) {
        QFont f;
        f.setBold(true);
        return f;
      }
      break;
    case Qt::BackgroundRole:
      if (change < 0) return QBrush(QColor(0x43, 0xa0, 0x47, 60));
      if (change > 0) return QBrush(QColor(0xff, 0xa0, 0x00, 50));
      break;
    case Qt::ToolTipRole:
      if (change < 0) return tr("%1 fewer").arg(number(-change));
      if (change > 0) return tr("%1 more").arg(number(change));
      break;
  }
  return {};
}

QVariant OpCountModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case OperatorColumn:
      return tr("Operator");
    case BeforeColumn:
      return m_before;
    case AfterColumn:
      return m_after;
    case ChangeColumn:
      return tr("Change");
  }
  return {};
}

}  // namespace widgets
}  // namespace onnxlens
