// The open document.
#include "widgets/document.h"

namespace onnxlens {
namespace widgets {

Document::Document(QObject* parent) : QObject(parent) {}

void Document::setModel(const QString& path, std::shared_ptr<const api::ModelInfo> info) {
  m_path = path;
  m_info = std::move(info);
  m_trace.reset();
  m_partitions.clear();
  m_node.clear();
  m_origins.clear();
  const bool hadQuant = m_quant != nullptr;
  m_quant.reset();
  emit modelChanged();
  emit optimizeTraceChanged();
  if (hadQuant) emit quantizeResultChanged();
}

void Document::setQuantizeResult(std::shared_ptr<const QuantizeResult> result) {
  m_quant = std::move(result);
  emit quantizeResultChanged();
}

QString Document::scratchFile(const QString& suffix) {
  if (!m_scratch) {
    m_scratch = std::make_unique<QTemporaryDir>();
    if (!m_scratch->isValid()) {
      m_scratch.reset();
      return QString();
    }
  }
  return m_scratch->filePath(QStringLiteral("%1%2").arg(++m_scratchFiles).arg(suffix));
}

std::shared_ptr<const api::GraphSnapshot> Document::snapshot() const {
  return m_info ? m_info->snapshot : nullptr;
}

void Document::setOptimizeTrace(std::shared_ptr<const api::OptimizeTrace> trace) {
  m_trace = std::move(trace);
  emit optimizeTraceChanged();
}

void Document::addRun(std::shared_ptr<const ProfileRun> run) {
  m_runs.push_back(std::move(run));
  emit runAdded(runCount() - 1);
  setCurrentRun(runCount() - 1);
}

void Document::setCurrentRun(int index) {
  if (index < 0 || index >= runCount()) return;
  m_current = index;
  emit currentRunChanged(index);
}

const std::unordered_map<std::string, double>& Document::heatShares() const {
  static const std::unordered_map<std::string, double> kNone;
  if (m_current < 0) return kNone;
  const std::shared_ptr<const ProfileRun>& run = m_runs[m_current];
  if (!m_shares || m_sharesOf.lock() != run) {
    m_shares = std::make_shared<const std::unordered_map<std::string, double>>(
        api::HeatShares(run->summary, run->origins));
    m_sharesOf = run;
  }
  return *m_shares;
}

void Document::select(const QString& node, const QStringList& origins, QObject* source) {
  if (m_notifying) return;  // an observer publishing what it selected to follow: an echo
  m_node = node;
  m_origins = origins;
  m_notifying = true;
  emit selectionChanged(node, origins, source);
  m_notifying = false;
}

QStringList toQStringList(const std::vector<std::string>& strings) {
  QStringList out;
  out.reserve(static_cast<int>(strings.size()));
  for (const std::string& s : strings) out << QString::fromStdString(s);
  return out;
}

}  // namespace widgets
}  // namespace onnxlens
