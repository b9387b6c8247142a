// Provider colouring.
#include "widgets/provider_coloring.h"

#include <QCoreApplication>
#include <QFileInfo>

#include "widgets/graph_view.h"
#include "widgets/op_colors.h"
#include "widgets/partition_cache.h"
#include "widgets/provider_colors.h"
#include "widgets/provider_legend.h"
#include "widgets/provider_order_edit.h"

namespace onnxlens {
namespace widgets {

ProviderColoring::Source ProviderColoring::fileSource(const QString& path) {
  Source source;
  source.key = QStringLiteral("file:%1@%2@disabled")
                   .arg(path)
                   .arg(QFileInfo(path).lastModified().toMSecsSinceEpoch());
  source.compute = [file = path.toStdString()](const std::vector<std::string>& providers,
                                               const JobControl& job) {
    api::PartitionOptions options;
    options.providers = providers;
    options.level = "disabled";
    return api::PartitionModelFile(file, options, job);
  };
  return source;
}

ProviderColoring::ProviderColoring(GraphView* view, ProviderLegend* legend, QObject* parent)
    : QObject(parent), m_view(view), m_legend(legend), m_order(defaultProviderOrder()) {
  m_task = new BackgroundTask<ProviderPaint>(this);
  m_task->onFinished([this](Expected<ProviderPaint> paint) { onDone(std::move(paint)); });
  connect(m_task, &BackgroundTaskBase::progress, m_legend, &ProviderLegend::showProgress);
  connect(m_task, &BackgroundTaskBase::cancelled, this, [this] {
    m_legend->showMessage(
        tr("Provider colouring cancelled; choose an order or turn it on again to retry."));
  });
  connect(m_legend, &ProviderLegend::cancelRequested, this, &ProviderColoring::cancel);
  connect(m_legend, &ProviderLegend::orderChosen, this, &ProviderColoring::setProviders);
  // New items (another graph of the snapshot, options changed): paint them again.
  connect(m_view, &GraphView::modelRebuilt, this, [this] {
    if (m_enabled) apply();
  });
  // Light <-> dark: the provider colours of the other theme.
  connect(m_view, &GraphView::colorsChanged, this, [this] {
    if (m_enabled) apply();
  });
  m_legend->setOrder(m_order);
  m_legend->hide();
}

ProviderColoring::~ProviderColoring() = default;

void ProviderColoring::setEnabled(bool on) {
  if (on == m_enabled) return;
  m_enabled = on;
  m_legend->setVisible(on);
  if (on) {
    start();
  } else {
    m_task->drop();
    clearView();
    emit changed();
  }
}

void ProviderColoring::setSource(Source source) {
  m_source = std::move(source);
  if (m_enabled) start();
}

void ProviderColoring::setProviders(const QStringList& order) {
  if (order.isEmpty() || order == m_order) return;
  m_order = order;
  m_legend->setOrder(order);
  if (m_enabled) start();
  emit providersChanged(order);
}

QString ProviderColoring::cacheKey() const {
  return m_source.key + QStringLiteral("|") + m_order.join(QLatin1Char(','));
}

const api::NodePlacementInfo* ProviderColoring::placement(int64_t id) const {
  if (!m_enabled || m_paintKey != cacheKey()) return nullptr;
  return m_paint.placement(id);
}

bool ProviderColoring::isComputing() const { return m_task->isRunning(); }

void ProviderColoring::waitForFinished() {
  m_task->waitForFinished();
  QCoreApplication::processEvents();
}

void ProviderColoring::cancel() { m_task->cancel(); }

void ProviderColoring::start() {
  const auto snapshot = m_view->snapshot();
  if (m_source.key.isEmpty() || !m_source.compute || !snapshot) {
    m_task->drop();
    clearView();
    m_legend->showMessage(tr("Open a model to colour it by execution provider."));
    return;
  }
  const QString key = cacheKey();
  if (key == m_paintKey && m_paint.snapshot == snapshot) {  // already painted
    m_task->drop();
    apply();
    return;
  }
  std::shared_ptr<const api::PartitionReport> cached = m_cache ? m_cache->find(key) : nullptr;
  m_legend->showProgress(Progress{Stage::kPartitioning, 0, {}});
  // The paint is computed on the worker too: a 200,000-node model needs an index of every node.
  m_task->onFinished([this, key, cached, owner = m_source.owner,
                      hasOwner = m_source.hasOwner](Expected<ProviderPaint> paint) {
    if (paint.ok() && m_cache && !cached) m_cache->put(key, paint->report, owner, hasOwner);
    m_paintKey = key;
    onDone(std::move(paint));
  });
  m_task->start([compute = m_source.compute, providers = toStdStrings(m_order), cached,
                 snapshot](const JobControl& job) -> Expected<ProviderPaint> {
    std::shared_ptr<const api::PartitionReport> report = cached;
    if (!report) {
      OL_ASSIGN_OR_RETURN(api::PartitionReport r, compute(providers, job));
      report = std::make_shared<const api::PartitionReport>(std::move(r));
    }
    OL_RETURN_IF_ERROR(job.CheckCancelled("provider colouring"));
    return PaintProviders(std::move(report), snapshot);
  });
}

void ProviderColoring::onDone(Expected<ProviderPaint> paint) {
  if (!paint.ok()) {
    m_paintKey.clear();
    m_paint = ProviderPaint();
    clearView();
    const QString message = QString::fromStdString(paint.status().message());
    m_legend->showMessage(tr("Cannot colour by provider: %1").arg(message));
    emit failed(message);
    emit changed();
    return;
  }
  m_paint = std::move(*paint);
  apply();
}

void ProviderColoring::apply() {
  const auto snapshot = m_view->snapshot();
  if (!snapshot || m_paint.snapshot != snapshot || m_paintKey != cacheKey()) {
    clearView();
    return;
  }
  const bool dark = m_view->colors().dark;
  const int graph = m_view->graphIndex();
  const std::vector<int>& prov = m_paint.provider[graph];
  const std::vector<char>& edge = m_paint.boundary[graph];
  // One colour and one tooltip line per provider, shared by its nodes.
  std::vector<QColor> colors;
  std::vector<QString> tips;
  for (const std::string& p : m_paint.providers) {
    colors.push_back(providerColor(QString::fromStdString(p), dark));
    tips.push_back(tr("Runs on %1").arg(QString::fromStdString(p)));
  }
  const QString unplacedTip = tr("No execution provider runs this node");
  const api::GraphViewModel& model = m_view->model();
  std::vector<ItemAccent> accents(model.items.size());
  const auto& hierarchy = model.layout.hierarchy;
  std::vector<std::vector<int64_t>> groupCounts(hierarchy.groups.size());
  const size_t kinds = colors.size() + 1;  // the providers, then "none"
  for (size_t i = 0; i < model.items.size(); ++i) {
    const api::ViewItem& it = model.items[i];
    if (it.kind != api::ViewItemKind::kNode || it.index < 0 ||
        it.index >= static_cast<int>(prov.size()))
      continue;
    const int p = prov[it.index];
    if (p == ProviderPaint::kMissing) continue;
    ItemAccent& a = accents[i];
    a.border = p >= 0 ? colors[p] : unplacedColor(dark);
    a.tip = p >= 0 ? tips[p] : unplacedTip;
    a.boundary = edge[it.index];
    if (i >= hierarchy.group_of_node.size()) continue;
    for (int g = hierarchy.group_of_node[i]; g > 0; g = hierarchy.groups[g].parent) {
      auto& counts = groupCounts[g];
      if (counts.empty()) counts.assign(kinds, 0);
      ++counts[p >= 0 ? p : kinds - 1];
    }
  }
  std::vector<std::vector<GroupShare>> shares(hierarchy.groups.size());
  for (size_t g = 0; g < groupCounts.size(); ++g) {
    int64_t total = 0;
    for (int64_t c : groupCounts[g]) total += c;
    for (size_t k = 0; k < groupCounts[g].size() && total > 0; ++k) {
      if (groupCounts[g][k] == 0) continue;
      shares[g].push_back({k + 1 < kinds ? colors[k] : unplacedColor(dark),
                           static_cast<double>(groupCounts[g][k]) / total});
    }
  }
  m_view->setItemAccents(accents);
  m_view->setGroupShares(shares);
  m_legend->showPaint(m_paint, dark);
  emit changed();
}

void ProviderColoring::clearView() {
  if (!m_view->itemAccents().empty()) m_view->setItemAccents({});
  m_view->setGroupShares({});
}

}  // namespace widgets
}  // namespace onnxlens
