// Op histogram table model.
#include "widgets/op_histogram_model.h"

#include <QColor>
#include <QLocale>

#include "widgets/locale_text.h"
#include "widgets/op_colors.h"

namespace onnxlens {
namespace widgets {

OpHistogramModel::OpHistogramModel(QObject* parent) : QAbstractTableModel(parent) {}

void OpHistogramModel::setHistogram(std::vector<std::pair<std::string, int64_t>> histogram) {
  beginResetModel();
  m_rows = std::move(histogram);
  m_total = 0;
  for (const auto& r : m_rows) m_total += r.second;
  m_cost.assign(m_rows.size(), Cost());
  endResetModel();
}

void OpHistogramModel::setCost(const std::vector<api::OpCost>& cost) {
  m_cost.assign(m_rows.size(), Cost());
  for (size_t r = 0; r < m_rows.size(); ++r) {
    for (const api::OpCost& c : cost) {
      if (c.op != m_rows[r].first) continue;
      if (c.uncounted < c.nodes)
        m_cost[r] = {c.macs, c.flops, c.uncounted};
      else
        m_cost[r].uncounted = c.uncounted;
    }
  }
  if (!m_rows.empty()) emit dataChanged(index(0, MacsColumn), index(rowCount() - 1, FlopsColumn));
}

QString OpHistogramModel::op(int row) const {
  return row >= 0 && row < rowCount() ? QString::fromStdString(m_rows[row].first) : QString();
}

namespace {
// "1.81 G" in the locale's decimal point.
QString histogramCountText(int64_t n) { return localeNumberText(api::FormatCount(n)); }
}  // namespace

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
  const Cost cost = index.row() < static_cast<int>(m_cost.size()) ? m_cost[index.row()] : Cost();
  switch (role) {
    case Qt::DisplayRole:
      switch (index.column()) {
        case OperatorColumn:
          return QString::fromStdString(op);
        case CountColumn:
          return QString::number(count);
        case ShareColumn:
          return QLocale().toString(share, 'f', 1) + QStringLiteral(" %");
        case MacsColumn:
          return cost.macs < 0 ? tr("—") : histogramCountText(cost.macs);
        case FlopsColumn:
          return cost.flops < 0 ? tr("—") : histogramCountText(cost.flops);
      }
      break;
    case Qt::ToolTipRole:
      if ((index.column() == MacsColumn || index.column() == FlopsColumn) && cost.uncounted > 0)
        return tr(
            "%n node(s) of this type not counted: the op is not one the estimate knows, or "
            "a shape it needs is not static",
            nullptr, static_cast<int>(cost.uncounted));
      if (index.column() == OperatorColumn)
        return tr("Double-click to select every %1 node in the graph")
            .arg(QString::fromStdString(op));
      break;
    case SortRole:
      switch (index.column()) {
        case OperatorColumn:
          return QString::fromStdString(op);
        case CountColumn:
          return static_cast<qlonglong>(count);
        case ShareColumn:
          return share;
        case MacsColumn:
          return static_cast<qlonglong>(cost.macs);
        case FlopsColumn:
          return static_cast<qlonglong>(cost.flops);
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
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole && section == MacsColumn)
    return tr(
        "Multiply-accumulates of the op type's nodes in the main graph, estimated from the "
        "static shapes (symbolic dimensions as 1)");
  if (role == Qt::ToolTipRole && section == FlopsColumn)
    return tr(
        "Floating-point operations: 2 per multiply-accumulate plus the element-wise "
        "arithmetic, estimated from the static shapes");
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case OperatorColumn:
      return tr("Operator");
    case CountColumn:
      return tr("Count");
    case ShareColumn:
      return tr("Share");
    case MacsColumn:
      return tr("MACs");
    case FlopsColumn:
      return tr("FLOPs");
  }
  return {};
}

}  // namespace widgets
}  // namespace onnxlens
