// Graph view: making the scene's items (in slices for big graphs), their decorations and the
// minimap's miniature.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QPainter>
#include <QPainterPath>
#include <QThreadPool>
#include <QTimer>

#include "widgets/graph_items.h"
#include "widgets/graph_view.h"
#include "widgets/graph_view_scene.h"

namespace onnxlens {
namespace widgets {

using namespace graph_items;

namespace {
std::uint64_t PairKey(int a, int b) {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) |
         static_cast<std::uint32_t>(b);
}
// Graphs with fewer items than this are drawn in one go.
constexpr size_t kSlicedSceneItems = 3000;
constexpr qint64 kSliceNs = 25'000'000;  // one slice of the build
}  // namespace

void GraphView::buildScene(std::function<void()> then) {
  QGraphicsScene* s = scene();
  // A build replaced before it ended (a palette change) still owes its callers their "done".
  std::vector<std::function<void()>> owed;
  if (m_build) owed = std::move(m_build->then);
  m_build = std::make_unique<SceneBuild>();
  SceneBuild& b = *m_build;
  b.then = std::move(owed);
  if (then) b.then.push_back(std::move(then));
  s->clear();
  // The rectangle first: the BSP index, which the label placement below queries, is rebuilt
  // whenever the scene grows beyond it (quadratic in the items when set at the end).
  s->setSceneRect(QRectF(-20, -20, m_layout.width + 40, m_layout.height + 40));
  m_edgeItems = 0;
  m_edgePaths.clear();
  m_nodeItems.assign(m_model.items.size(), nullptr);
  m_groupItems.clear();
  b.font = font();
  b.small = b.font;
  b.small.setPointSizeF(b.font.pointSizeF() * 0.8);
  b.smallMetrics = QFontMetricsF(b.small);
  b.pen = QPen(m_colors.edge, 1.0);
  b.tables.edgeOf.reserve(m_model.edges.size());
  for (size_t k = 0; k < m_model.edges.size(); ++k)
    b.tables.edgeOf.emplace(PairKey(m_model.edges[k].from, m_model.edges[k].to), k);
  for (size_t i = 0; i < m_model.items.size(); ++i) {
    if (!m_layout.node_visible[i]) continue;
    const layout::Rect& r = m_layout.node_rects[i];
    b.tables.taken.insert(QRectF(r.x, r.y, r.width, r.height));
  }
  // The first view is chosen from the layout alone, so the top of a big graph shows while the
  // rest is being made.
  if (m_fitPending && viewport()->width() > 100 && viewport()->height() > 100) {
    m_fitPending = false;
    initialView();
  }
  if (m_model.items.size() < kSlicedSceneItems) {
    continueBuild(true);
    return;
  }
  // The first slice in a turn of its own: the preparation above is one already (at 50,000 items
  // the two and the paint after them held input back for over 100 ms).
  scheduleBuild();
}

void GraphView::continueBuild(bool all) {
  if (!m_build) return;
  SceneBuild& b = *m_build;
  QGraphicsScene* s = scene();
  QElapsedTimer clock;
  clock.start();
  auto timeUp = [&](size_t k) { return !all && (k & 63) == 0 && clock.nsecsElapsed() > kSliceNs; };
  const auto& h = m_model.layout.hierarchy;
  // Groups: frames of open ones, boxes of closed ones (the root has none).
  for (; b.nextGroup < h.groups.size(); ++b.nextGroup) {
    if (timeUp(b.nextGroup)) return scheduleBuild();
    const size_t g = b.nextGroup;
    if (!m_layout.group_visible[g]) continue;
    const layout::Rect& r = m_layout.group_rects[g];
    QString title = QString::fromStdString(h.groups[g].path);
    title = title.mid(title.lastIndexOf('/') + 1);
    auto* item = new GroupItem(static_cast<int>(g), title, h.groups[g].total_nodes,
                               isGroupExpanded(static_cast<int>(g)),
                               QRectF(r.x, r.y, r.width, r.height), b.font, m_colors);
    s->addItem(item);
    m_groupItems.push_back(item);
  }
  for (; b.nextNode < m_model.items.size(); ++b.nextNode) {
    if (timeUp(b.nextNode)) return scheduleBuild();
    const size_t i = b.nextNode;
    if (!m_layout.node_visible[i]) continue;
    const layout::Rect& r = m_layout.node_rects[i];
    m_nodeItems[i] = new NodeItem(static_cast<int>(i), m_model.items[i],
                                  QRectF(r.x, r.y, r.width, r.height), b.font, m_colors);
    s->addItem(m_nodeItems[i]);
  }
  // Edges with arrowheads and, for node-to-node edges, the shape label.
  for (; b.nextRoute < m_layout.routes.size(); ++b.nextRoute) {
    if (timeUp(b.nextRoute)) return scheduleBuild();
    const layout::Route& r = m_layout.routes[b.nextRoute];
    if (r.spline.size() < 2) continue;
    QPainterPath path = SplinePath(r.spline);
    auto* item = s->addPath(path, b.pen);
    item->setZValue(-1);
    const api::ViewEdge* edge = nullptr;
    if (!r.from.is_group && !r.to.is_group) {
      auto it = b.tables.edgeOf.find(PairKey(r.from.index, r.to.index));
      if (it != b.tables.edgeOf.end()) edge = &m_model.edges[it->second];
    }
    m_edgePaths.push_back({r.from.is_group ? -1 : r.from.index, r.to.is_group ? -1 : r.to.index,
                           edge ? edge->value : -1, item});
    const auto& pa = r.spline[r.spline.size() - 2];
    const auto& pb = r.spline.back();
    s->addPolygon(Arrow(QPointF(pa.x, pa.y), QPointF(pb.x, pb.y)), b.pen, QBrush(b.pen.color()))
        ->setZValue(-1);
    ++m_edgeItems;
    // A value feeding several nodes is labelled once: its fan-out edges start together and their
    // labels would print over each other.
    if (!edge || r.count != 1 || edge->label.empty() || b.tables.labelled.count(edge->value))
      continue;
    const QString label = QString::fromStdString(edge->label);
    item->setToolTip(label);
    // Beside the edge (right of it top to bottom, above it left to right), at the first of
    // several places along it where no box and no other label is; none free: no label (the
    // edge's tooltip and the sidebar still give the shape) rather than one under a box or over
    // another label.
    const QSizeF size = b.smallMetrics.size(0, label);
    const bool across = m_options.horizontal;
    bool placed = false;
    QPointF where;
    for (double pct : {0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9}) {
      const QPointF p = path.pointAtPercent(pct);
      const QPointF sides[] = {across ? p + QPointF(-size.width() / 2, -size.height() - 2)
                                      : p + QPointF(4, -size.height() / 2),
                               across ? p + QPointF(-size.width() / 2, 2)
                                      : p + QPointF(-size.width() - 4, -size.height() / 2)};
      for (const QPointF& at : sides) {
        if (!b.tables.taken.intersects(QRectF(at, size).adjusted(-1, -1, 1, 1))) {
          where = at;
          placed = true;
          break;
        }
      }
      if (placed) break;
    }
    if (!placed) continue;
    auto* t = s->addSimpleText(label, b.small);
    t->setBrush(m_colors.edgeLabel);
    t->setPos(where);
    t->setZValue(-0.8);  // over the edges, under the boxes
    b.tables.taken.insert(QRectF(where, size));
    b.tables.labelled.insert(edge->value);
  }
  // The decorations of every item in a turn of their own when this slice has used half its time.
  if (!all && !b.finishing && clock.nsecsElapsed() > kSliceNs / 2) {
    b.finishing = true;
    return scheduleBuild();
  }
  std::unique_ptr<SceneBuild> done = std::move(m_build);
  // Its look-up tables (one entry per item and edge) are freed off the UI thread.
  auto tables = std::make_shared<SceneBuild::Tables>(std::move(done->tables));
  QThreadPool::globalInstance()->start([tables = std::move(tables)]() mutable { tables.reset(); });
  m_shownExpanded = m_model.layout.expanded;
  applyDecorations();
  // Fit once the view has a real size (a hidden tab or an unshown window has none yet).
  if (m_fitPending && viewport()->width() > 100 && viewport()->height() > 100) {
    m_fitPending = false;
    initialView();
  }
  for (auto& f : done->then) f();
}

void GraphView::scheduleBuild() {
  // Queued: input and paint events waiting in the loop go first.
  QTimer::singleShot(0, this, [this] { continueBuild(false); });
}

void GraphView::applyDecorations() {
  std::vector<char> linked(m_nodeItems.size(), 0), marked(m_nodeItems.size(), 0);
  for (int i : m_linked)
    if (i >= 0 && i < static_cast<int>(linked.size())) linked[i] = 1;
  for (int i : m_marked)
    if (i >= 0 && i < static_cast<int>(marked.size())) marked[i] = 1;
  for (NodeItem* n : m_nodeItems) {
    if (!n) continue;
    const int i = n->index();
    n->setSelected(i == m_selected || linked[i]);
    n->setMarkColor(m_markColor);
    const QColor halo = i < static_cast<int>(m_halos.size()) ? m_halos[i] : QColor();
    const bool faded = m_fadeOthers && !halo.isValid() && !m_halos.empty();
    if (halo != n->halo() || faded != (n->opacity() < 1)) n->setDiff(halo, faded);
    n->setAccent(i < static_cast<int>(m_accents.size()) ? m_accents[i] : ItemAccent());
    n->setMarked(marked[i]);
    n->setHovered(i == m_hover);
  }
  for (GroupItem* g : m_groupItems) {
    const QColor halo = !g->expanded() && g->group() < static_cast<int>(m_groupHalos.size())
                            ? m_groupHalos[g->group()]
                            : QColor();
    if (halo != g->halo()) g->setHalo(halo);
    g->setShares(!g->expanded() && g->group() < static_cast<int>(m_groupShares.size())
                     ? m_groupShares[g->group()]
                     : std::vector<GroupShare>());
  }
  const QPen normal(m_colors.edge, 1.0), hot(QColor(0x1e, 0x88, 0xe5), 2.2);
  for (const EdgePath& e : m_edgePaths) {
    const bool on = (m_selected >= 0 && (e.from == m_selected || e.to == m_selected)) ||
                    (m_selectedEdge >= 0 && e.value == m_selectedEdge);
    // Set only when changed: 50,000 edges set to what they were held a finished scene back.
    const QPen& pen = on ? hot : normal;
    if (e.path->pen() != pen) e.path->setPen(pen);
    const double z = on ? -0.5 : -1;
    if (e.path->zValue() != z) e.path->setZValue(z);
  }
}

QRectF GraphView::graphRect() const {
  if (m_layout.node_rects.empty() && m_layout.group_rects.empty()) return QRectF();
  // Boxes draw halos and rings up to 9 points outside their rectangles.
  return QRectF(-9, -9, m_layout.width + 18, m_layout.height + 18);
}

void GraphView::paintOverview(QPainter* p) const {
  p->setPen(Qt::NoPen);
  for (const GroupItem* g : m_groupItems) {
    const layout::Rect& r = m_layout.group_rects[g->group()];
    if (g->expanded()) {
      p->setPen(QPen(m_colors.groupFrame, 0));
      p->setBrush(m_colors.groupFill);
    } else {
      p->setPen(Qt::NoPen);
      p->setBrush(g->halo().isValid() ? g->halo() : m_colors.closedBorder);
    }
    p->drawRect(QRectF(r.x, r.y, r.width, r.height));
  }
  p->setPen(Qt::NoPen);
  for (const NodeItem* n : m_nodeItems) {
    if (!n) continue;
    QColor c = n->accent().border.isValid() ? n->accent().border
               : n->halo().isValid()        ? n->halo()
                                            : CategoryColor(n->item(), m_colors);
    if (n->opacity() < 1) c.setAlphaF(c.alphaF() * n->opacity());
    p->fillRect(n->box(), c);
  }
}

}  // namespace widgets
}  // namespace onnxlens
