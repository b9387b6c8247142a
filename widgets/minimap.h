// The graph view's minimap: the whole scene in miniature in a corner of the view, the visible
// part framed. A click or a drag moves the view there. Shown while the graph is larger than the
// view; re-rendered (debounced) when the scene changes.
#pragma once

#include <QPixmap>
#include <QTimer>
#include <QWidget>
#include <functional>

class QGraphicsView;

namespace onnxlens {
namespace widgets {

class Minimap : public QWidget {
  Q_OBJECT

 public:
  /// Sits over `view`'s viewport, bottom right, or in another corner where it covers no node.
  explicit Minimap(QGraphicsView* view);

  /// Turns the minimap on or off (View → Minimap); on, it still hides while the graph fits.
  void setEnabledByUser(bool on);
  bool isEnabledByUser() const { return m_user; }
  /// Draws the miniature with `paint` (in scene coordinates, over `bounds()`) instead of
  /// rendering every scene item: a 50,000-node scene rendered item by item took seconds.
  void setOverview(std::function<QRectF()> bounds, std::function<void(QPainter*)> paint) {
    m_bounds = std::move(bounds);
    m_paint = std::move(paint);
  }
  /// Renders now instead of after the debounce delay (tests, screenshots).
  void refreshNow();
  /// Places the minimap and decides whether it shows (call on view resizes, scrolls, zooms).
  void reposition();
  /// The scene rectangle the frame shows (what the view sees), for tests.
  QRectF visibleSceneRect() const;
  /// Centres the view on the scene point under minimap position `pos`, as a click does.
  void navigateTo(const QPointF& pos);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

 private:
  void render();
  /// True when a node box (a selectable item) lies under `viewportRect` of the view.
  bool coversItems(const QRect& viewportRect) const;
  QRectF sceneToMap(const QRectF& r) const;

  QGraphicsView* m_view;
  QPixmap m_pixmap;
  QRectF m_source;  ///< the scene rectangle the pixmap shows
  double m_scale = 1;
  QTimer m_debounce;
  bool m_user = true;
  std::function<QRectF()> m_bounds;
  std::function<void(QPainter*)> m_paint;
};

}  // namespace widgets
}  // namespace onnxlens
