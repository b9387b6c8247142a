// Minimap.
#include "widgets/minimap.h"

#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <algorithm>

namespace onnxlens {
namespace widgets {

namespace {
constexpr int kMaxSide = 180;  // pixels of the minimap's longer side
}

Minimap::Minimap(QGraphicsView* view) : QWidget(view), m_view(view) {
  setCursor(Qt::PointingHandCursor);
  setToolTip(tr("Overview: click or drag to move the view"));
  m_debounce.setSingleShot(true);
  m_debounce.setInterval(120);
  connect(&m_debounce, &QTimer::timeout, this, [this] {
    render();
    reposition();
  });
  connect(view->scene(), &QGraphicsScene::changed, this, [this] { m_debounce.start(); });
  connect(view->scene(), &QGraphicsScene::sceneRectChanged, this, [this] { m_debounce.start(); });
  for (QScrollBar* bar : {view->horizontalScrollBar(), view->verticalScrollBar()})
    connect(bar, &QScrollBar::valueChanged, this, &Minimap::reposition);
  hide();
}

void Minimap::setEnabledByUser(bool on) {
  m_user = on;
  render();
  reposition();
}

void Minimap::refreshNow() {
  m_debounce.stop();
  render();
  reposition();
}

void Minimap::render() {
  QGraphicsScene* scene = m_view->scene();
  m_source = (m_bounds ? m_bounds() : scene->itemsBoundingRect()).adjusted(-10, -10, 10, 10);
  if (m_source.isEmpty() || !m_user) {
    m_pixmap = QPixmap();
    return;
  }
  m_scale = kMaxSide / std::max(m_source.width(), m_source.height());
  const QSize size(std::max(8, qRound(m_source.width() * m_scale)),
                   std::max(8, qRound(m_source.height() * m_scale)));
  m_pixmap = QPixmap(size);
  m_pixmap.fill(m_view->backgroundBrush().color());
  QPainter p(&m_pixmap);
  if (m_paint) {
    p.scale(size.width() / m_source.width(), size.height() / m_source.height());
    p.translate(-m_source.topLeft());
    m_paint(&p);
    return;
  }
  p.setRenderHint(QPainter::Antialiasing);
  scene->render(&p, QRectF(QPointF(0, 0), size), m_source);
}

QRectF Minimap::visibleSceneRect() const {
  return m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
}

QRectF Minimap::sceneToMap(const QRectF& r) const {
  return QRectF((r.x() - m_source.x()) * m_scale + 1, (r.y() - m_source.y()) * m_scale + 1,
                r.width() * m_scale, r.height() * m_scale);
}

void Minimap::reposition() {
  if (m_pixmap.isNull()) {
    hide();
    return;
  }
  // Only useful while part of the graph is out of view.
  const QRectF seen = visibleSceneRect();
  const bool fits = seen.contains(m_source.adjusted(8, 8, -8, -8));
  const QSize size = m_pixmap.size() + QSize(2, 2);
  const QWidget* vp = m_view->viewport();
  if (fits || vp->width() < size.width() * 2 || vp->height() < size.height() * 2) {
    hide();
    return;
  }
  setFixedSize(size);
  // Bottom right, or the first other corner where it covers no node box (in a narrow pane a
  // corner often does); hidden when every corner would.
  const QRect g = vp->geometry();
  const QPoint corners[] = {{g.right() - size.width() - 8, g.bottom() - size.height() - 8},
                            {g.left() + 8, g.bottom() - size.height() - 8},
                            {g.right() - size.width() - 8, g.top() + 8},
                            {g.left() + 8, g.top() + 8}};
  for (const QPoint& at : corners) {
    if (coversItems(QRect(at - g.topLeft(), size))) continue;
    move(at);
    show();
    raise();
    update();
    return;
  }
  hide();
}

bool Minimap::coversItems(const QRect& viewportRect) const {
  const QPolygonF area = m_view->mapToScene(viewportRect.adjusted(-4, -4, 4, 4));
  for (const QGraphicsItem* item : m_view->scene()->items(area, Qt::IntersectsItemBoundingRect))
    if (item->flags() & QGraphicsItem::ItemIsSelectable) return true;  // node boxes
  return false;
}

void Minimap::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setPen(QColor(0x80, 0x80, 0x80));
  p.setBrush(Qt::NoBrush);
  p.drawPixmap(1, 1, m_pixmap);
  p.drawRect(rect().adjusted(0, 0, -1, -1));
  const QRectF frame = sceneToMap(visibleSceneRect()).intersected(QRectF(rect()));
  p.setPen(QPen(QColor(0x1e, 0x88, 0xe5), 1.5));
  p.setBrush(QColor(0x1e, 0x88, 0xe5, 40));
  p.drawRect(frame);
}

void Minimap::navigateTo(const QPointF& pos) {
  if (m_scale <= 0) return;
  m_view->centerOn((pos.x() - 1) / m_scale + m_source.x(), (pos.y() - 1) / m_scale + m_source.y());
  update();
}

void Minimap::mousePressEvent(QMouseEvent* event) {
  navigateTo(event->localPos());
  event->accept();
}

void Minimap::mouseMoveEvent(QMouseEvent* event) {
  if (event->buttons() & Qt::LeftButton) navigateTo(event->localPos());
  event->accept();
}

}  // namespace widgets
}  // namespace onnxlens
