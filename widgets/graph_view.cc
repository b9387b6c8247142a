// Graph view.
#include "widgets/graph_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGestureEvent>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QNativeGestureEvent>
#include <QPainter>
#include <QPainterPath>
#include <QPainterPathStroker>
#include <QPinchGesture>
#include <QResizeEvent>
#include <QStyleOptionGraphicsItem>
#include <QThreadPool>
#include <QTimer>
#include <QWheelEvent>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>
#include <utility>

#include "api/graph_layout.h"
#include "widgets/graph_export.h"
#include "widgets/graph_items.h"
#include "widgets/graph_view_scene.h"
#include "widgets/minimap.h"
#include "widgets/op_colors.h"

namespace onnxlens {
namespace widgets {

namespace {

constexpr int kFirstViewBudget = 200;  // items on screen when a model opens
// Beyond this many items "open every group" opens the first view's groups instead: two panes of
// 50,000 open boxes each took seconds to draw and showed nothing one could read.
constexpr size_t kOpenAllItems = 3000;
constexpr double kReadableZoom = 0.6;  // below it node text is too small to read

// The view model of graph `graph` of `snapshot`, its texts measured in `f` (also off the UI
// thread: Qt keeps a font cache per thread).
api::GraphViewModel MakeViewModel(const api::GraphSnapshot& snapshot, int graph,
                                  const api::GraphViewOptions& options, const QFont& f) {
  QFont bold = f;
  bold.setBold(true);
  const QFontMetricsF fm(f), fb(bold);
  return api::BuildGraphViewModel(
      snapshot, graph, options,
      [&, widths = std::unordered_map<std::string, double>()](const std::string& s,
                                                              bool b) mutable {
        // Op types, attribute rows and shapes repeat in every block: measure each text once.
        auto [it, fresh] = widths.try_emplace((b ? "b" : "n") + s, 0.0);
        if (fresh) it->second = (b ? fb : fm).horizontalAdvance(QString::fromStdString(s));
        return it->second;
      },
      fm.height());
}

}  // namespace

using namespace graph_items;

GraphView::GraphView(QWidget* parent) : QGraphicsView(parent) {
  setScene(new QGraphicsScene(this));
  setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
  setDragMode(QGraphicsView::ScrollHandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setResizeAnchor(
      QGraphicsView::AnchorViewCenter);  // a revealed node stays centred when the find list opens
  setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
  m_colors = GraphColors::forPalette(palette());
  setBackgroundBrush(m_colors.background);
  viewport()->grabGesture(Qt::PinchGesture);
  m_minimap = new Minimap(this);
  m_minimap->setOverview([this] { return graphRect(); }, [this](QPainter* p) { paintOverview(p); });
  connect(this, &GraphView::zoomChanged, m_minimap, &Minimap::reposition);
  m_task = new BackgroundTask<LayoutRun>(this);
  m_task->onFinished([this](Expected<LayoutRun> run) { onLayoutDone(std::move(run)); });
  connect(m_task, &BackgroundTaskBase::progress, this, &GraphView::layoutProgress);
  connect(m_task, &BackgroundTaskBase::cancelled, this, &GraphView::layoutCancelled);
  m_modelTask = new BackgroundTask<api::GraphViewModel>(this);
  m_modelTask->onFinished(
      [this](Expected<api::GraphViewModel> model) { onModelMade(std::move(model)); });
}

GraphView::~GraphView() = default;

void GraphView::setSnapshot(std::shared_ptr<const api::GraphSnapshot> snapshot, int graph,
                            bool openAll) {
  if (snapshot && graph >= 0 && graph < static_cast<int>(snapshot->graphs.size()) &&
      snapshot->graphs[graph].nodes.size() > m_backgroundModelNodes) {
    startModel(std::move(snapshot), graph, openAll);
    return;
  }
  dropPendingModel();
  adoptSnapshot(std::move(snapshot), graph);
  rebuildModel();
  showModel(openAll);
}

void GraphView::setSnapshotFrom(const GraphView& other, bool openAll) {
  const bool same = other.m_snapshot && !other.m_model.items.empty() && other.font() == font() &&
                    api::LayoutKey(0, other.m_options, {}) == api::LayoutKey(0, m_options, {});
  if (!same) {
    setSnapshot(other.m_snapshot, other.m_graph, openAll);
    return;
  }
  dropPendingModel();
  adoptSnapshot(other.m_snapshot, other.m_graph);
  m_build.reset();  // a scene being made for the old model stops where it is
  m_model = other.m_model;
  // Its layout, when finished, is this view's too for the same groups opened.
  if (!other.isLayingOut() && !other.m_layout.node_rects.empty())
    m_cache.Put(other.layoutKey(), other.m_layout);
  showModel(openAll);
}

void GraphView::dropPendingModel() {
  m_modelTask->drop();
  m_pendingSnapshot.reset();
  m_pendingKeep.reset();
}

void GraphView::startModel(std::shared_ptr<const api::GraphSnapshot> snapshot, int graph,
                           bool openAll, std::optional<KeptGroups> keep) {
  m_pendingSnapshot = snapshot;
  m_pendingGraph = graph;
  m_pendingOpenAll = openAll;
  m_pendingKeep = std::move(keep);
  emit layoutStarted();
  // The font as its description: a copy of the view's QFont would share its private data, whose
  // engine cache the worker's metrics would reset while the UI thread draws with it.
  m_modelTask->start(
      [snapshot = std::move(snapshot), graph, options = m_options,
       spec = font().toString()](const JobControl&) -> Expected<api::GraphViewModel> {
        QFont own;
        own.fromString(spec);
        return MakeViewModel(*snapshot, graph, options, own);
      });
}

void GraphView::onModelMade(Expected<api::GraphViewModel> model) {
  std::shared_ptr<const api::GraphSnapshot> snapshot = std::move(m_pendingSnapshot);
  const std::optional<KeptGroups> keep = std::move(m_pendingKeep);
  m_pendingKeep.reset();
  if (!model.ok()) {
    emit layoutFailed(QString::fromStdString(model.status().message()));
    return;
  }
  m_build.reset();  // a scene being made for the old model stops where it is
  adoptSnapshot(std::move(snapshot), m_pendingGraph);
  // The old model's thousands of strings are freed off the UI thread.
  auto old = std::make_shared<api::GraphViewModel>(std::exchange(m_model, std::move(*model)));
  QThreadPool::globalInstance()->start([old = std::move(old)]() mutable { old.reset(); });
  if (keep)
    showKept(*keep);
  else
    showModel(m_pendingOpenAll);
}

void GraphView::whenModelReady(QObject* context, std::function<void()> fn) {
  RunWhenNotBusy(
      this, &GraphView::modelRebuilt, context, [this] { return isMakingModel(); }, std::move(fn));
}

void GraphView::adoptSnapshot(std::shared_ptr<const api::GraphSnapshot> snapshot, int graph) {
  if (snapshot != m_snapshot) m_cache.Clear();
  m_snapshot = std::move(snapshot);
  m_graph =
      m_snapshot && graph >= 0 && graph < static_cast<int>(m_snapshot->graphs.size()) ? graph : 0;
  m_marked.clear();
  m_hover = -1;
  m_halos.clear();
  m_groupHalos.clear();
  m_accents.clear();
  m_groupShares.clear();
  m_linked.clear();
  m_selected = -1;
  m_selectedEdge = -1;
  m_fitPending = true;
}

void GraphView::showModel(bool openAll) {
  emit modelRebuilt();
  if (openAll && m_model.items.size() <= kOpenAllItems)
    m_model.layout.expanded.assign(m_model.layout.expanded.size(), true);
  else
    m_model.layout.expanded = api::AutoExpandGroups(m_model.layout.hierarchy, kFirstViewBudget);
  startLayout();
}

void GraphView::setOptions(const api::GraphViewOptions& options) {
  m_options = options;
  if (m_pendingSnapshot) {  // the model being made is made again with these options
    startModel(m_pendingSnapshot, m_pendingGraph, m_pendingOpenAll, std::move(m_pendingKeep));
    return;
  }
  if (!m_snapshot) return;
  if (m_snapshot->graphs[m_graph].nodes.size() > m_backgroundModelNodes) {
    startModel(m_snapshot, m_graph, false, keptGroups());
    return;
  }
  const KeptGroups kept = keptGroups();
  rebuildModel();
  showKept(kept);
}

GraphView::KeptGroups GraphView::keptGroups() const {
  KeptGroups kept;
  const auto& old = m_model.layout;
  kept.all = std::all_of(old.expanded.begin(), old.expanded.end(), [](bool b) { return b; });
  for (size_t g = 0; g < old.expanded.size(); ++g)
    kept.expanded[old.hierarchy.groups[g].path] = old.expanded[g];
  return kept;
}

void GraphView::showKept(const KeptGroups& kept) {
  auto& now = m_model.layout;
  for (size_t g = 0; g < now.expanded.size(); ++g) {
    auto it = kept.expanded.find(now.hierarchy.groups[g].path);
    now.expanded[g] = kept.all || (it != kept.expanded.end() && it->second);
  }
  m_halos.clear();
  m_groupHalos.clear();
  m_accents.clear();
  m_groupShares.clear();
  m_linked.clear();
  startLayout();
  emit modelRebuilt();
}

void GraphView::rebuildModel() {
  m_build.reset();  // a scene being made for the old model stops where it is
  if (!m_snapshot) return;
  m_model = MakeViewModel(*m_snapshot, m_graph, m_options, font());
}

void GraphView::setGroupExpanded(int group, bool expanded) {
  if (group <= 0 || group >= static_cast<int>(m_model.layout.expanded.size())) return;
  m_model.layout.expanded[group] = expanded;
  startLayout();
}

bool GraphView::isGroupExpanded(int group) const {
  return group == 0 || (group > 0 && group < static_cast<int>(m_model.layout.expanded.size()) &&
                        m_model.layout.expanded[group]);
}

void GraphView::expandAll(bool expanded) {
  m_model.layout.expanded.assign(m_model.layout.expanded.size(), expanded);
  m_fitPending = true;  // the graph changes size entirely: start again from the top
  startLayout();
}

std::string GraphView::layoutKey() const {
  return api::LayoutKey(m_graph, m_options, m_model.layout.expanded);
}

void GraphView::startLayout() {
  if (const layout::GroupedLayout* cached = m_cache.Find(layoutKey())) {
    m_task->drop();  // the cached layout replaces the one running
    m_layout = *cached;
    emit layoutStarted();
    buildScene([this] {
      emit layoutFinished(0);
      if (m_pendingReveal >= 0) finishReveal();
    });
    return;
  }
  emit layoutStarted();
  m_task->start([input = m_model.layout](const JobControl& job) -> Expected<LayoutRun> {
    QElapsedTimer t;
    t.start();
    OL_ASSIGN_OR_RETURN(layout::GroupedLayout l, api::LayOutGraph(input, job));
    return LayoutRun{std::move(l), t.nsecsElapsed() / 1e6};
  });
}

void GraphView::cancelLayout() {
  const bool laying = m_task->isRunning(), drawing = m_build != nullptr;
  if (!laying && !drawing) return;
  const bool known =
      !m_shownExpanded.empty() && m_shownExpanded.size() == m_model.layout.expanded.size();
  if (laying) {
    m_task->cancel();  // the scene still shows the groups drawn last: the model says so again
    if (known) m_model.layout.expanded = m_shownExpanded;
    return;
  }
  // Drawing: the scene drawn last again, from its layout (cached when it was made).
  if (!known) return;
  const std::vector<bool> asked = m_model.layout.expanded;
  m_model.layout.expanded = m_shownExpanded;
  const layout::GroupedLayout* cached = m_cache.Find(layoutKey());
  if (!cached) {  // gone from the cache: the drawing goes on
    m_model.layout.expanded = asked;
    return;
  }
  m_layout = *cached;
  m_build->then.clear();  // the cancelled drawing owes no "finished"
  m_fitPending = true;
  buildScene([this] { emit layoutCancelled(); });
}

bool GraphView::isLayingOut() const {
  return m_modelTask->isRunning() || m_task->isRunning() || m_build != nullptr;
}

void GraphView::waitForLayout() {
  m_modelTask->waitForFinished();
  m_task->waitForFinished();
  QCoreApplication::processEvents();
  continueBuild(true);
  QCoreApplication::processEvents();
  m_minimap->refreshNow();
}

void GraphView::onLayoutDone(Expected<LayoutRun> run) {
  if (!run.ok()) {
    emit layoutFailed(QString::fromStdString(run.status().message()));
    return;
  }
  m_layout = std::move(run->layout);
  m_cache.Put(layoutKey(), m_layout);
  buildScene([this, millis = run->millis] {
    emit layoutFinished(millis);
    if (m_pendingReveal >= 0) finishReveal();
  });
}

int GraphView::visibleNodeItems() const {
  int n = 0;
  for (size_t i = 0; i < m_model.items.size() && i < m_layout.node_visible.size(); ++i)
    n += m_layout.node_visible[i] && m_model.items[i].kind == api::ViewItemKind::kNode;
  return n;
}

bool GraphView::exportImage(const QString& path, QString* error) {
  return exportSceneImage(scene(), m_colors.background, path, error);
}

void GraphView::zoomBy(double factor) {
  const double z = zoom() * factor;
  if (z < 0.02 || z > 8) return;
  scale(factor, factor);
  emit zoomChanged(zoom());
}

// Fit when that keeps text readable (>= 60%), else actual size from the top, as Netron opens.
void GraphView::initialView() {
  fitToView();
  if (zoom() < 0.6) showTopAtActualSize();
}

void GraphView::showTopAtActualSize() {
  // The top of the graph: as much of its width as fits at a readable zoom (>= 60%, <= 100%),
  // else 100% centred on the first graph input (a wide top, as BERT's three inputs, would
  // otherwise centre on the empty space between its branches).
  const QRectF all = graphRect();
  const double minZoom = 0.6;
  const QRectF bandRect(all.left(), all.top(), all.width(), viewport()->height() / minZoom);
  QRectF band;
  for (size_t i = 0; i < m_nodeItems.size(); ++i) {
    if (!m_nodeItems[i]) continue;
    const QRectF r = m_nodeItems[i]->sceneBoundingRect();
    if (r.intersects(bandRect)) band |= r;
  }
  if (band.isEmpty()) band = all;
  const double z = std::min(1.0, (viewport()->width() - 20) / std::max(1.0, band.width()));
  setTransform(QTransform());
  if (z >= minZoom) {
    scale(z, z);
    centerOn(band.center().x(), all.top() + viewport()->height() / (2.0 * z) - 10);
  } else {
    double x = band.center().x();
    for (size_t i = 0; i < m_model.items.size(); ++i) {
      if (m_model.items[i].kind == api::ViewItemKind::kInput && m_layout.node_visible[i]) {
        x = m_layout.node_rects[i].center().x;
        break;
      }
    }
    x = std::max(x, all.left() + viewport()->width() / 2.0 - 10);  // keep the left edge in view
    centerOn(x, all.top() + viewport()->height() / 2.0 - 10);
  }
  emit zoomChanged(zoom());
}

void GraphView::fitToView() {
  const QRectF r = graphRect();
  if (r.isEmpty()) return;
  fitInView(r.adjusted(-10, -10, 10, 10), Qt::KeepAspectRatio);
  // Never blow a small graph up beyond actual size.
  if (zoom() > 1.0) actualSize();
  emit zoomChanged(zoom());
}

void GraphView::actualSize() {
  setTransform(QTransform());
  emit zoomChanged(zoom());
}

double GraphView::zoom() const { return transform().m11(); }

void GraphView::changeEvent(QEvent* event) {
  QGraphicsView::changeEvent(event);
  if (event->type() != QEvent::PaletteChange) return;
  const GraphColors colors = GraphColors::forPalette(palette());
  if (colors.dark == m_colors.dark) return;
  m_colors = colors;
  setBackgroundBrush(m_colors.background);
  if (!m_layout.node_rects.empty()) buildScene();
  emit colorsChanged();
}

void GraphView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  m_minimap->reposition();
  if (m_fitPending && !graphRect().isEmpty() && viewport()->width() > 100 &&
      viewport()->height() > 100) {
    m_fitPending = false;
    initialView();
  }
}

void GraphView::wheelEvent(QWheelEvent* event) {
  const double steps = event->angleDelta().y() / 120.0;
  zoomBy(std::pow(1.2, steps));
  event->accept();
}

int GraphView::edgeAt(const QPointF& p) const {
  const double tol = 5 / std::max(0.05, zoom());  // 5 pixels on screen
  QPainterPathStroker stroker;
  stroker.setWidth(2 * tol);
  for (const EdgePath& e : m_edgePaths) {
    if (e.value < 0 || !e.path->boundingRect().adjusted(-tol, -tol, tol, tol).contains(p)) continue;
    if (stroker.createStroke(e.path->path()).contains(p)) return e.value;
  }
  return -1;
}

bool GraphView::selectEdge(int value) {
  bool drawn = value < 0;
  for (const EdgePath& e : m_edgePaths) drawn |= value >= 0 && e.value == value;
  if (!drawn) return false;
  m_selected = -1;
  m_selectedEdge = value;
  applyDecorations();
  if (value >= 0)
    emit edgeSelected(value);
  else
    emit itemSelected(-1);
  return true;
}

void GraphView::setMarkedItems(const std::vector<int>& items) {
  m_marked = items;
  std::sort(m_marked.begin(), m_marked.end());
  applyDecorations();
}

void GraphView::setHoverItem(int item) {
  m_hover = item;
  applyDecorations();
}

void GraphView::mouseDoubleClickEvent(QMouseEvent* event) {
  for (QGraphicsItem* item : items(event->pos())) {
    auto* n = dynamic_cast<NodeItem*>(item);
    if (!n || n->item().kind != api::ViewItemKind::kNode) continue;
    const auto& node = m_snapshot->graphs[m_graph].nodes[n->item().index];
    if (!node.subgraphs.empty()) {
      emit graphRequested(node.subgraphs.front());
      event->accept();
      return;
    }
  }
  QGraphicsView::mouseDoubleClickEvent(event);
}

bool GraphView::viewportEvent(QEvent* event) {
  if (event->type() == QEvent::Gesture) {
    auto* g = static_cast<QGestureEvent*>(event);
    if (auto* pinch = static_cast<QPinchGesture*>(g->gesture(Qt::PinchGesture))) {
      if (pinch->changeFlags() & QPinchGesture::ScaleFactorChanged) zoomBy(pinch->scaleFactor());
      g->accept(pinch);
      return true;
    }
  }
  if (event->type() == QEvent::NativeGesture) {
    auto* n = static_cast<QNativeGestureEvent*>(event);
    if (n->gestureType() == Qt::ZoomNativeGesture) {
      zoomBy(1.0 + n->value());
      return true;
    }
  }
  return QGraphicsView::viewportEvent(event);
}

void GraphView::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton) {
    for (QGraphicsItem* item : items(event->pos())) {
      if (auto* g = dynamic_cast<GroupItem*>(item)) {
        // An open group toggles only from its title line; a closed one from anywhere.
        const QPointF p = mapToScene(event->pos());
        if (!g->expanded() ||
            p.y() - g->boundingRect().top() < QFontMetricsF(font()).height() + 6) {
          setGroupExpanded(g->group(), !g->expanded());
          event->accept();
          return;
        }
      }
      if (auto* n = dynamic_cast<NodeItem*>(item)) {
        QGraphicsView::mousePressEvent(event);
        selectItem(n->index());
        return;
      }
    }
    const int value = edgeAt(mapToScene(event->pos()));
    if (value >= 0) {
      selectEdge(value);
      event->accept();
      return;
    }
  }
  QGraphicsView::mousePressEvent(event);
}

bool GraphView::selectByName(const QString& text) {
  const std::string t = text.toStdString();
  for (size_t i = 0; i < m_model.items.size(); ++i) {
    const api::ViewItem& it = m_model.items[i];
    const bool node = it.kind == api::ViewItemKind::kNode;
    const std::string& name = node ? m_snapshot->graphs[m_graph].nodes[it.index].name : it.title;
    if (it.title != t && name != t) continue;
    revealItem(static_cast<int>(i));
    return true;
  }
  return false;
}

void GraphView::revealItem(int item) {
  if (item < 0 || item >= static_cast<int>(m_model.items.size())) return;
  const auto& h = m_model.layout.hierarchy;
  bool changed = false;
  for (int g = h.group_of_node[item]; g > 0; g = h.groups[g].parent) {
    if (!m_model.layout.expanded[g]) {
      m_model.layout.expanded[g] = true;
      changed = true;
    }
  }
  m_pendingReveal = item;
  if (changed)
    startLayout();
  else
    finishReveal();
}

void GraphView::finishReveal() {
  const int item = m_pendingReveal;
  m_pendingReveal = -1;
  m_fitPending = false;  // the user asked for this item: no initial fit may move away from it
  selectItem(item);
  focusOn({item});
}

void GraphView::focusOn(const std::vector<int>& items) {
  QRectF all;
  for (int item : items) all = all.united(itemRect(item));
  if (all.isNull()) return;
  m_fitPending = false;
  // At 1-6 % (a large graph fitted) a selected node is a dot: zoom in until its text reads,
  // showing all of `items` when they fit at that zoom, never beyond 100 %.
  const double z = zoom();
  if (z < kReadableZoom) {
    const QRectF padded = all.adjusted(-40, -40, 40, 40);
    const double fit = std::min(viewport()->width() / std::max(1.0, padded.width()),
                                viewport()->height() / std::max(1.0, padded.height()));
    const double target = std::clamp(fit, kReadableZoom, 1.0);
    setTransform(QTransform::fromScale(target, target));
    emit zoomChanged(zoom());
  }
  centerOn(all.center());
}

void GraphView::zoomToSelection() {
  if (m_selected >= 0)
    focusOn({m_selected});
  else if (!m_linked.empty())
    focusOn(m_linked);
}

void GraphView::setMarkColor(const QColor& color) {
  m_markColor = color;
  applyDecorations();
}

void GraphView::setGroupHalos(const std::vector<QColor>& halos) {
  m_groupHalos = halos;
  applyDecorations();
}

void GraphView::setItemAccents(const std::vector<ItemAccent>& accents) {
  m_accents = accents;
  applyDecorations();
}

void GraphView::setGroupShares(const std::vector<std::vector<GroupShare>>& shares) {
  m_groupShares = shares;
  applyDecorations();
}

void GraphView::setItemHalos(const std::vector<QColor>& halos, bool fadeOthers) {
  m_halos = halos;
  m_fadeOthers = fadeOthers;
  applyDecorations();
}

bool GraphView::openPathsTo(const std::vector<int>& items) {
  const auto& h = m_model.layout.hierarchy;
  bool changed = false;
  for (int item : items) {
    if (item < 0 || item >= static_cast<int>(h.group_of_node.size())) continue;
    for (int g = h.group_of_node[item]; g > 0; g = h.groups[g].parent) {
      if (!m_model.layout.expanded[g]) {
        m_model.layout.expanded[g] = true;
        changed = true;
      }
    }
  }
  return changed;
}

bool GraphView::expandPathsTo(const std::vector<int>& items) {
  const bool changed = openPathsTo(items);
  if (changed) startLayout();
  return changed;
}

void GraphView::showLinked(const std::vector<int>& items) {
  m_linked = items;
  m_selected = -1;
  m_selectedEdge = -1;
  emit linkedShown(m_linked);
  const bool changed = openPathsTo(items);
  auto scroll = [this] {
    focusOn(m_linked);
    applyDecorations();
  };
  if (changed) {
    startLayout();
    // Scroll once the new layout is on screen.
    auto* once = new QObject(this);
    connect(this, &GraphView::layoutFinished, once, [once, scroll] {
      scroll();
      once->deleteLater();
    });
  } else {
    scroll();
  }
}

QRectF GraphView::itemRect(int item) const {
  if (item < 0 || item >= static_cast<int>(m_layout.node_visible.size()) ||
      !m_layout.node_visible[item])
    return QRectF();
  const layout::Rect& r = m_layout.node_rects[item];
  return QRectF(r.x, r.y, r.width, r.height);
}

void GraphView::setZoom(double z) {
  if (z <= 0 || zoom() <= 0) return;
  const QPointF c = mapToScene(viewport()->rect().center());
  zoomBy(z / zoom());
  centerOn(c);
}

void GraphView::selectItem(int item) {
  m_linked.clear();
  m_selected = item;
  m_selectedEdge = -1;
  applyDecorations();  // the selected node's edges in the selection colour: its neighbours stand
                       // out
  emit itemSelected(item);
}

int GraphView::highlightedEdges() const {
  int n = 0;
  for (const EdgePath& e : m_edgePaths) n += e.path->pen().widthF() > 2;
  return n;
}

std::vector<int> GraphView::producersOf(int item) const {
  return api::ProducerItems(m_model, item);
}

std::vector<int> GraphView::consumersOf(int item) const {
  return api::ConsumerItems(m_model, item);
}

void GraphView::keyPressEvent(QKeyEvent* event) {
  if ((event->key() == Qt::Key_Up || event->key() == Qt::Key_Down) && m_selected >= 0) {
    const std::vector<int> next =
        event->key() == Qt::Key_Up ? producersOf(m_selected) : consumersOf(m_selected);
    if (!next.empty()) revealItem(next.front());
    event->accept();
    return;
  }
  if (event->key() == Qt::Key_F && event->modifiers() == Qt::NoModifier) {
    zoomToSelection();  // as F focuses the selection in the timeline (and Perfetto)
    event->accept();
    return;
  }
  if (event->key() == Qt::Key_Backspace && m_snapshot && m_graph > 0) {
    emit graphRequested(m_snapshot->graphs[m_graph].parent_graph);
    event->accept();
    return;
  }
  if (event->key() == Qt::Key_Escape && m_selected >= 0) {
    selectItem(-1);
    event->accept();
    return;
  }
  QGraphicsView::keyPressEvent(event);
}

}  // namespace widgets
}  // namespace onnxlens
