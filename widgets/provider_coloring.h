// Provider colouring of one graph view (View → Colour by Provider): asks for the partition of the
// model the view shows (off the UI thread, with progress and Cancel in the legend, cached per
// model, level and provider order), then draws each node's border in its provider's colour,
// badges the boundary nodes and fills the legend. The Graph tab has one, each pane of the
// Optimize tab one.
#pragma once

#include <QObject>
#include <QStringList>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "api/partition.h"
#include "widgets/background_task.h"
#include "widgets/provider_paint.h"

namespace onnxlens {
namespace widgets {

class GraphView;
class PartitionCache;
class ProviderLegend;

class ProviderColoring : public QObject {
  Q_OBJECT

 public:
  /// Computes the partition of the view's model for a provider order (on a worker thread).
  using Compute = std::function<Expected<api::PartitionReport>(
      const std::vector<std::string>& providers, const JobControl& job)>;
  /// The model a view shows, for the partition.
  struct Source {
    /// Identity of the model and level ("file:PATH@MTIME@LEVEL", "trace:ADDRESS:STEP"); with the
    /// provider order the cache key. Empty: nothing to colour.
    QString key;
    Compute compute;
    /// The in-memory model `key` names by address, so a cached entry dies with it.
    std::weak_ptr<const void> owner;
    bool hasOwner = false;
  };
  /// The model file at `path` as loaded (level disabled): keyed by path and modification time,
  /// so a reload after the file changed computes anew.
  static Source fileSource(const QString& path);

  /// Colours `view` and fills `legend` (shown only while colouring is on).
  ProviderColoring(GraphView* view, ProviderLegend* legend, QObject* parent = nullptr);
  ~ProviderColoring() override;

  /// Shared by the views of one document (null: no cache).
  void setCache(PartitionCache* cache) { m_cache = cache; }
  void setEnabled(bool on);
  bool isEnabled() const { return m_enabled; }
  void setSource(Source source);
  const QString& sourceKey() const { return m_source.key; }
  /// The preference order (the reference fallback is appended by the partitioner).
  void setProviders(const QStringList& order);
  QStringList providers() const { return m_order; }

  /// What is painted (empty before the first partition arrives).
  const ProviderPaint& paint() const { return m_paint; }
  /// The placement of node `id` of the model shown, or null (off, or not computed yet).
  const api::NodePlacementInfo* placement(int64_t id) const;
  bool isComputing() const;
  /// Blocks (processing events) until the partition asked for is painted; for tests and
  /// screenshots.
  void waitForFinished();
  void cancel();

 signals:
  /// A partition was painted, or the colouring cleared.
  void changed();
  /// setProviders changed the order (the legend's choice, or a caller's).
  void providersChanged(const QStringList& order);
  void failed(const QString& message);

 private:
  QString cacheKey() const;
  void start();
  void onDone(Expected<ProviderPaint> paint);
  void apply();
  void clearView();

  GraphView* m_view;
  ProviderLegend* m_legend;
  PartitionCache* m_cache = nullptr;
  bool m_enabled = false;
  Source m_source;
  QStringList m_order;
  ProviderPaint m_paint;
  QString m_paintKey;  ///< the cache key of m_paint
  BackgroundTask<ProviderPaint>* m_task;
};

}  // namespace widgets
}  // namespace onnxlens
