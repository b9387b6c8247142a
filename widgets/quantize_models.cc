// The Quantize tab's tables and SQNR colouring (see quantize_models.h).
#include "widgets/quantize_models.h"

#include <QCoreApplication>
#include <algorithm>

#include "api/trace.h"
#include "api/view_heat.h"

namespace onnxlens {
namespace widgets {

namespace {

QString number(double v) { return QString::number(v, 'g', 4); }

}  // namespace

QString sqnrText(double db) {
  if (db >= api::kExactSqnr)
    return QCoreApplication::translate("onnxlens::widgets::LayerMetricsModel", "exact");
  return QString::number(db, 'f', 2);
}

OutputMetricsModel::OutputMetricsModel(QObject* parent) : QAbstractTableModel(parent) {}

void OutputMetricsModel::setReport(std::shared_ptr<const api::CompareModelsReport> report) {
  beginResetModel();
  m_report = std::move(report);
  endResetModel();
}

int OutputMetricsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !m_report ? 0 : static_cast<int>(m_report->outputs.size());
}

int OutputMetricsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant OutputMetricsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || !m_report || index.row() >= rowCount()) return {};
  const api::OutputAgreement& o = m_report->outputs[index.row()];
  const api::Agreement& s = o.stats;
  if (role == Qt::TextAlignmentRole)
    return index.column() == Name ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole && !o.problem.empty())
    return tr("Not compared: %1").arg(QString::fromStdString(o.problem));
  if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
  const bool display = role == Qt::DisplayRole;
  if (index.column() != Name && !o.problem.empty()) return display ? tr("n/a") : QVariant();
  switch (index.column()) {
    case Name:
      return QString::fromStdString(o.name);
    case MaxAbs:
      return display ? number(s.max_abs) : QVariant(s.max_abs);
    case MeanAbs:
      return display ? number(s.mean_abs) : QVariant(s.mean_abs);
    case Cosine:
      return display ? QString::number(s.cosine, 'f', 6) : QVariant(s.cosine);
    case Sqnr:
      return display ? sqnrText(s.sqnr_db) : QVariant(s.sqnr_db);
    case Top1:
    case Top5: {
      if (!o.classifier) return display ? QStringLiteral("–") : QVariant();
      const double v = index.column() == Top1 ? o.top1 : o.top5;
      return display ? QStringLiteral("%1%").arg(100 * v, 0, 'f', 1) : QVariant(v);
    }
  }
  return {};
}

QVariant OutputMetricsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Name:
      return tr("Output");
    case MaxAbs:
      return tr("Max |error|");
    case MeanAbs:
      return tr("Mean |error|");
    case Cosine:
      return tr("Cosine");
    case Sqnr:
      return tr("SQNR dB");
    case Top1:
      return tr("Top-1");
    case Top5:
      return tr("Top-5");
  }
  return {};
}

LayerMetricsModel::LayerMetricsModel(QObject* parent) : QAbstractTableModel(parent) {}

void LayerMetricsModel::setReport(std::shared_ptr<const api::CompareModelsReport> report,
                                  std::unordered_map<std::string, std::string> nodes) {
  beginResetModel();
  m_report = std::move(report);
  m_nodes = std::move(nodes);
  endResetModel();
}

int LayerMetricsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !m_report ? 0 : static_cast<int>(m_report->layers.size());
}

int LayerMetricsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant LayerMetricsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || !m_report || index.row() >= rowCount()) return {};
  const api::LayerAgreement& l = m_report->layers[index.row()];
  if (role == Qt::TextAlignmentRole)
    return index.column() >= Sqnr ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
  if (role == Qt::ToolTipRole && index.column() == Tensor)
    return tr("%1 matched to %2")
        .arg(QString::fromStdString(l.tensor), QString::fromStdString(l.counterpart));
  if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
  const bool display = role == Qt::DisplayRole;
  switch (index.column()) {
    case Tensor:
      return QString::fromStdString(l.tensor);
    case Node: {
      auto it = m_nodes.find(l.tensor);
      return it == m_nodes.end() ? QString() : QString::fromStdString(it->second);
    }
    case Match:
      return l.match == "dequantize" ? tr("Q/DQ") : tr("by name");
    case Sqnr:
      return display ? sqnrText(l.stats.sqnr_db) : QVariant(l.stats.sqnr_db);
    case Cosine:
      return display ? QString::number(l.stats.cosine, 'f', 6) : QVariant(l.stats.cosine);
    case MaxAbs:
      return display ? number(l.stats.max_abs) : QVariant(l.stats.max_abs);
  }
  return {};
}

QVariant LayerMetricsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Tensor:
      return tr("Tensor");
    case Node:
      return tr("Node");
    case Match:
      return tr("Matched");
    case Sqnr:
      return tr("SQNR dB");
    case Cosine:
      return tr("Cosine");
    case MaxAbs:
      return tr("Max |error|");
  }
  return {};
}

SearchStepsModel::SearchStepsModel(QObject* parent) : QAbstractTableModel(parent) {}

void SearchStepsModel::clear() {
  beginResetModel();
  m_steps.clear();
  endResetModel();
}

void SearchStepsModel::addStep(const api::QuantSearchStep& step) {
  const int row = static_cast<int>(m_steps.size());
  beginInsertRows({}, row, row);
  m_steps.push_back(step);
  endInsertRows();
}

int SearchStepsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_steps.size());
}

int SearchStepsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant SearchStepsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const api::QuantSearchStep& s = m_steps[index.row()];
  if (role == Qt::TextAlignmentRole)
    return index.column() == Node || index.column() == Op || index.column() == Kept
               ? QVariant()
               : QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
  const bool display = role == Qt::DisplayRole;
  switch (index.column()) {
    case Step:
      return s.step;
    case Node:
      return s.step == 0 ? tr("(all quantized)") : QString::fromStdString(s.node);
    case Op:
      return QString::fromStdString(s.op_type);
    case Kept:
      return s.reached ? tr("reached") : tr("not reached");
    case Cosine:
      return display ? QString::number(s.cosine, 'f', 6) : QVariant(s.cosine);
    case Sqnr:
      return display ? sqnrText(s.sqnr_db) : QVariant(s.sqnr_db);
    case P50:
      return display ? QString::number(s.p50_ms, 'f', 2) : QVariant(s.p50_ms);
    case Excluded:
      return s.excluded;
  }
  return {};
}

QVariant SearchStepsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Step:
      return tr("Step");
    case Node:
      return tr("Least harmful in float");
    case Op:
      return tr("Op");
    case Kept:
      return tr("Target");
    case Cosine:
      return tr("Cosine");
    case Sqnr:
      return tr("SQNR dB");
    case P50:
      return tr("P50 ms");
    case Excluded:
      return tr("In float");
  }
  return {};
}

SensitivityModel::SensitivityModel(QObject* parent) : QAbstractTableModel(parent) {}

void SensitivityModel::setReport(std::shared_ptr<const api::QuantSearchReport> report) {
  beginResetModel();
  m_report = std::move(report);
  m_inFloat.clear();
  if (m_report)
    for (const std::string& n : m_report->excluded) m_inFloat[n] = true;
  endResetModel();
}

QString SensitivityModel::nodeAt(int row) const {
  if (!m_report || row < 0 || row >= rowCount()) return {};
  return QString::fromStdString(m_report->sensitivity[row].node);
}

int SensitivityModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !m_report ? 0 : static_cast<int>(m_report->sensitivity.size());
}

int SensitivityModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant SensitivityModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const api::QuantSensitivity& s = m_report->sensitivity[index.row()];
  if (role == Qt::TextAlignmentRole)
    return index.column() == Node || index.column() == Op || index.column() == InFloat
               ? QVariant()
               : QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
  const bool display = role == Qt::DisplayRole;
  switch (index.column()) {
    case Rank:
      return index.row() + 1;
    case Node:
      return QString::fromStdString(s.node);
    case Op:
      return QString::fromStdString(s.op_type);
    case Cosine:
      return display ? QString::number(s.cosine, 'f', 6) : QVariant(s.cosine);
    case Sqnr:
      return display ? sqnrText(s.sqnr_db) : QVariant(s.sqnr_db);
    case InFloat: {
      const bool in_float = m_inFloat.count(s.node) > 0;
      return display ? (in_float ? tr("in float") : QString()) : QVariant(in_float);
    }
  }
  return {};
}

QVariant SensitivityModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Rank:
      return tr("#");
    case Node:
      return tr("Node");
    case Op:
      return tr("Op");
    case Cosine:
      return tr("Cosine alone");
    case Sqnr:
      return tr("SQNR dB alone");
    case InFloat:
      return tr("Result");
  }
  return {};
}

SqnrRange layerSqnrRange(const api::CompareModelsReport& report) {
  SqnrRange r;
  for (const api::LayerAgreement& l : report.layers) {
    const double db = l.stats.sqnr_db;
    if (db >= api::kExactSqnr) continue;
    r.lo = r.valid ? std::min(r.lo, db) : db;
    r.hi = r.valid ? std::max(r.hi, db) : db;
    r.valid = true;
  }
  return r;
}

QColor sqnrColor(double db, const SqnrRange& range) {
  // ColorBrewer RdYlBu: red (worst) - pale yellow - blue (best).
  static const QColor stops[] = {QColor(0xd7, 0x30, 0x27), QColor(0xfc, 0x8d, 0x59),
                                 QColor(0xff, 0xff, 0xbf), QColor(0x91, 0xbf, 0xdb),
                                 QColor(0x45, 0x75, 0xb4)};
  double t = range.hi > range.lo ? (db - range.lo) / (range.hi - range.lo) : 1.0;
  t = std::clamp(t, 0.0, 1.0) * 4;
  const int k = std::min(3, static_cast<int>(t));
  const double f = t - k;
  const QColor& a = stops[k];
  const QColor& b = stops[k + 1];
  return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * f,
                          a.greenF() + (b.greenF() - a.greenF()) * f,
                          a.blueF() + (b.blueF() - a.blueF()) * f);
}

namespace {

// Calls `f` with the name of each tensor compared for `node` (comparedTensorsOf, without copies).
template <typename F>
void ForEachComparedTensor(const api::SnapshotGraph& graph, const api::SnapshotNode& node, F&& f) {
  for (int v : node.outputs)
    if (v >= 0) f(graph.values[v].name);
  if (!node.outputs.empty() && node.outputs[0] >= 0) {
    const api::SnapshotValue& y = graph.values[node.outputs[0]];
    if (y.consumers.size() == 1 && graph.nodes[y.consumers[0]].op_type == "BatchNormalization") {
      for (int v : graph.nodes[y.consumers[0]].outputs)
        if (v >= 0) f(graph.values[v].name);
    }
  }
}

// Each layer tensor's lowest SQNR.
std::unordered_map<std::string, double> TensorSqnr(const api::CompareModelsReport& report) {
  std::unordered_map<std::string, double> tensor_sqnr;
  for (const api::LayerAgreement& l : report.layers) {
    auto [slot, fresh] = tensor_sqnr.emplace(l.tensor, l.stats.sqnr_db);
    if (!fresh) slot->second = std::min(slot->second, l.stats.sqnr_db);
  }
  return tensor_sqnr;
}

}  // namespace

std::vector<std::string> comparedTensorsOf(const api::SnapshotGraph& graph,
                                           const api::SnapshotNode& node) {
  std::vector<std::string> out;
  ForEachComparedTensor(graph, node, [&out](const std::string& t) { out.push_back(t); });
  return out;
}

std::unordered_map<std::string, double> nodeSqnr(const api::CompareModelsReport& report,
                                                 const api::SnapshotGraph& graph) {
  const std::unordered_map<std::string, double> tensor_sqnr = TensorSqnr(report);
  std::unordered_map<std::string, double> out;
  for (const api::SnapshotNode& n : graph.nodes) {
    for (const std::string& t : comparedTensorsOf(graph, n)) {
      auto it = tensor_sqnr.find(t);
      if (it == tensor_sqnr.end()) continue;
      const std::string label = api::TraceNodeLabel(n.name, n.op_type, n.id);
      auto [slot, fresh] = out.emplace(label, it->second);
      if (!fresh) slot->second = std::min(slot->second, it->second);
    }
  }
  return out;
}

SqnrPaint paintSqnr(const api::CompareModelsReport& report, const api::GraphViewModel& model,
                    const api::SnapshotGraph& graph, const SqnrRange& range) {
  // HeatOfView keeps the largest share per group: the badness (hi - SQNR) is the share, so a
  // closed group shows its worst node. By node index: a label per node and two maps of them
  // held the UI thread for 0.2 s at 50,000 nodes.
  const std::unordered_map<std::string, double> tensor_sqnr = TensorSqnr(report);
  std::vector<double> badness(graph.nodes.size(), -1);
  for (size_t n = 0; n < graph.nodes.size(); ++n) {
    bool found = false;
    double db = 0;
    ForEachComparedTensor(graph, graph.nodes[n], [&](const std::string& t) {
      auto it = tensor_sqnr.find(t);
      if (it == tensor_sqnr.end()) return;
      db = found ? std::min(db, it->second) : it->second;
      found = true;
    });
    if (found) badness[n] = std::max(0.0, range.hi - std::min(db, range.hi));
  }
  const api::ViewHeat heat = api::HeatOfView(model, badness);
  SqnrPaint paint;
  auto colour = [&range](double bad) {
    return bad >= 0 ? sqnrColor(range.hi - bad, range) : QColor();
  };
  paint.items.reserve(heat.item_share.size());
  for (double bad : heat.item_share) paint.items.push_back(colour(bad));
  for (double bad : heat.group_share) paint.groups.push_back(colour(bad));
  paint.coloured = heat.profiled;
  paint.worstItem = heat.hottest_item;
  return paint;
}

QString sqnrLegend(const SqnrRange& range, int coloured, int nodes) {
  QString scale;
  for (int k = 0; k <= 4; ++k) {
    const double db = range.lo + (range.hi - range.lo) * k / 4.0;
    scale += QStringLiteral("<span style=\"color:%1\">■</span>").arg(sqnrColor(db, range).name());
  }
  return QCoreApplication::translate(
             "onnxlens::widgets::QuantizeView",
             "Layer SQNR (float vs quantized): worst %1 dB %2 %3 dB best (a closed group shows "
             "its worst node) · %4 of %5 nodes compared")
      .arg(range.lo, 0, 'f', 2)
      .arg(scale)
      .arg(range.hi, 0, 'f', 2)
      .arg(coloured)
      .arg(nodes);
}

}  // namespace widgets
}  // namespace onnxlens
