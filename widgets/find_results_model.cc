// Find results model.
#include "widgets/find_results_model.h"

#include <QColor>

#include "widgets/op_colors.h"

namespace onnxlens {
namespace widgets {

FindResultsModel::FindResultsModel(QObject* parent) : QAbstractListModel(parent) {}

void FindResultsModel::setResults(std::shared_ptr<const api::GraphSnapshot> snapshot,
                                  const api::GraphViewModel& model, std::vector<int> hits) {
  beginResetModel();
  m_rows.clear();
  if (snapshot && model.graph >= 0 && model.graph < static_cast<int>(snapshot->graphs.size())) {
    const api::SnapshotGraph& g = snapshot->graphs[model.graph];
    for (int h : hits) {
      if (h < 0 || h >= static_cast<int>(model.items.size())) continue;
      const api::ViewItem& it = model.items[h];
      Row r{h, QString::fromStdString(it.title), QString(), QString()};
      if (it.kind == api::ViewItemKind::kNode) {
        const api::SnapshotNode& n = g.nodes[it.index];
        r.detail = QString::fromStdString(n.name);
        if (!n.outputs.empty() && n.outputs[0] >= 0 && !g.values[n.outputs[0]].shape_label.empty())
          r.detail +=
              QStringLiteral("  → ") + QString::fromStdString(g.values[n.outputs[0]].shape_label);
        r.color_key =
            QString::fromStdString(it.domain.empty() ? it.title : it.domain + "." + it.title);
      } else {
        r.detail = QString::fromStdString(it.subtitle);
        r.color_key = QString::fromStdString(it.category);
      }
      m_rows.push_back(std::move(r));
    }
  }
  endResetModel();
}

int FindResultsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant FindResultsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() < 0 || index.row() >= static_cast<int>(m_rows.size()))
    return {};
  const Row& r = m_rows[index.row()];
  switch (role) {
    case Qt::DisplayRole:
      return r.detail.isEmpty() ? r.title : r.title + QStringLiteral("   ") + r.detail;
    case Qt::ToolTipRole:
      return r.title + QLatin1Char('\n') + r.detail;
    case Qt::DecorationRole:
      return opColor(r.color_key);
    case Qt::UserRole:
      return r.item;
    default:
      return {};
  }
}

}  // namespace widgets
}  // namespace onnxlens
