// Find results model.
#include "widgets/find_results_model.h"

#include <QColor>

#include "widgets/op_colors.h"

namespace onnxlens {
namespace widgets {

FindResultsModel::FindResultsModel(QObject* parent) : QAbstractListModel(parent) {}

QString FindResultsModel::reasonText(const api::SnapshotGraph& g, const api::FindHit& hit) {
  QStringList parts;
  for (const api::FindReason& r : hit.reasons) {
    const QString value = r.value >= 0 ? QString::fromStdString(g.values[r.value].name) : QString();
    // The input's or output's schema name ("B") when the node has one.
    QString port;
    if (hit.is_node && r.value >= 0) {
      const api::SnapshotNode& n = g.nodes[hit.index];
      for (size_t k = 0; k < n.inputs.size(); ++k)
        if (n.inputs[k] == r.value && k < n.input_names.size() && !n.input_names[k].empty())
          port = QString::fromStdString(n.input_names[k]);
    }
    QString text;
    switch (r.field) {
      case api::FindReason::kName:
        continue;  // the name shown is what matched
      case api::FindReason::kOpType:
        text = tr("op type");
        break;
      case api::FindReason::kDomain:
        text = tr("domain");
        break;
      case api::FindReason::kInputName:
        text = port.isEmpty() ? tr("input %1").arg(value) : tr("input %1 (%2)").arg(port, value);
        break;
      case api::FindReason::kInputType:
        text = port.isEmpty() ? tr("type of input %1").arg(value)
                              : tr("type of input %1 (%2)").arg(port, value);
        break;
      case api::FindReason::kOutputName:
        text = tr("output %1").arg(value);
        break;
      case api::FindReason::kOutputType:
        text = tr("type of output %1").arg(value);
        break;
      case api::FindReason::kType:
        text = tr("type");
        break;
    }
    if (!parts.contains(text)) parts << text;
  }
  return parts.isEmpty() ? QString() : tr("matched by %1").arg(parts.join(QStringLiteral(", ")));
}

void FindResultsModel::setResults(std::shared_ptr<const api::GraphSnapshot> snapshot,
                                  const api::GraphViewModel& model, std::vector<int> hits,
                                  const std::vector<api::FindHit>& found) {
  beginResetModel();
  m_rows.clear();
  if (snapshot && model.graph >= 0 && model.graph < static_cast<int>(snapshot->graphs.size())) {
    const api::SnapshotGraph& g = snapshot->graphs[model.graph];
    for (size_t k = 0; k < hits.size(); ++k) {
      const int h = hits[k];
      if (h < 0 || h >= static_cast<int>(model.items.size())) continue;
      const api::ViewItem& it = model.items[h];
      Row r{h, QString::fromStdString(it.title), QString(), QString(), QString()};
      if (k < found.size()) r.why = reasonText(g, found[k]);
      if (k < found.size() && found[k].initializer) {
        // The weight itself, not the node it is drawn in.
        const api::SnapshotValue& v = g.values[found[k].index];
        r.title = QString::fromStdString(v.name);
        r.detail = tr("weight %1").arg(QString::fromStdString(v.type));
        r.color_key = QStringLiteral("initializer");
        m_rows.push_back(std::move(r));
        continue;
      }
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
    case Qt::DisplayRole: {
      QString text = r.detail.isEmpty() ? r.title : r.title + QStringLiteral("   ") + r.detail;
      if (!r.why.isEmpty()) text += QStringLiteral("   — ") + r.why;
      return text;
    }
    case Qt::ToolTipRole:
      return r.title + QLatin1Char('\n') + r.detail +
             (r.why.isEmpty() ? QString() : QLatin1Char('\n') + r.why);
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
