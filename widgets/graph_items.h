// The graph view's scene items: a node box (op header coloured by category, rows for weights and
// attributes, rings for find hits and hover, a dashed red border for unknown ops), a name-scope
// group (a frame when open, a box with its node count when closed), and the edge geometry helpers.
// Plain painting only; the view decides what is selected, marked and open.
#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsItem>
#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "api/graph_view_model.h"
#include "widgets/graph_view.h"
#include "widgets/op_colors.h"

namespace onnxlens {
namespace widgets {
namespace graph_items {

inline QString Q(const std::string& s) { return QString::fromStdString(s); }

inline QColor CategoryColor(const api::ViewItem& it, const GraphColors& c) {
  if (it.kind == api::ViewItemKind::kInput || it.kind == api::ViewItemKind::kOutput) return c.io;
  return opColor(it.domain.empty() ? Q(it.title) : Q(it.domain + "." + it.title));
}

// The selection is drawn stronger than the hover: after keyboard navigation the selected node
// must stand out from the one the pointer happens to rest on. Selection: a thick dark blue ring
// just outside the box (light blue on the dark theme); hover: a thin, half transparent light blue
// ring further out.
inline QPen SelectionRingPen(bool dark = false) {
  return QPen(dark ? QColor(0x90, 0xca, 0xf9) : QColor(0x0d, 0x47, 0xa1), 4.0);
}
inline QPen HoverRingPen() { return QPen(QColor(0x42, 0xa5, 0xf5, 150), 1.5); }

// One node, graph input or graph output: a rounded box, the title on a coloured header, rows.
class NodeItem : public QGraphicsItem {
 public:
  NodeItem(int index, const api::ViewItem& item, const QRectF& rect, const QFont& font,
           const GraphColors& colors)
      : m_index(index), m_item(item), m_rect(rect), m_font(font), m_c(colors) {
    setToolTip(Q(item.title) + (item.subtitle.empty() ? QString() : "\n" + Q(item.subtitle)));
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(true);
  }
  void setMarked(bool on) {
    if (on != m_marked) {
      m_marked = on;
      update();
    }
  }
  void setHovered(bool on) {
    if (on != m_hovered) {
      m_hovered = on;
      update();
    }
  }
  /// A correspondence colour drawn as a halo around the box (invalid: none); `faded` draws the
  /// box half transparent (unchanged nodes in a comparison, so that changes stand out).
  void setDiff(const QColor& halo, bool faded) {
    m_halo = halo;
    setOpacity(faded ? 0.5 : 1.0);
    update();
  }
  QColor halo() const { return m_halo; }
  /// A thick border in the accent colour and, for a boundary, a badge at the top right corner.
  void setAccent(const ItemAccent& accent) {
    if (accent.border == m_accent.border && accent.boundary == m_accent.boundary &&
        accent.tip == m_accent.tip)
      return;
    m_accent = accent;
    QString tip =
        Q(m_item.title) + (m_item.subtitle.empty() ? QString() : "\n" + Q(m_item.subtitle));
    if (!accent.tip.isEmpty()) tip += "\n" + accent.tip;
    setToolTip(tip);
    update();
  }
  void setMarkColor(const QColor& c) { m_markColor = c; }
  QRectF boundingRect() const override { return m_rect.adjusted(-9, -9, 9, 9); }
  void hoverEnterEvent(QGraphicsSceneHoverEvent*) override { setHovered(true); }
  void hoverLeaveEvent(QGraphicsSceneHoverEvent*) override { setHovered(false); }
  void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*) override {
    const QColor color = CategoryColor(m_item, m_c);
    if (m_halo.isValid()) {
      p->setPen(Qt::NoPen);
      p->setBrush(m_halo);
      p->drawRoundedRect(m_rect.adjusted(-6, -6, 6, 6), 9, 9);
    }
    if (m_marked) {  // a ring outside the box: find hits amber
      p->setPen(QPen(m_markColor, 3.5));
      p->setBrush(Qt::NoBrush);
      p->drawRoundedRect(m_rect.adjusted(-3, -3, 3, 3), 7, 7);
    }
    if (m_hovered && !isSelected()) {  // thin, outside the find ring
      p->setPen(HoverRingPen());
      p->setBrush(Qt::NoBrush);
      p->drawRoundedRect(m_rect.adjusted(-6.5, -6.5, 6.5, 6.5), 9, 9);
    }
    const QFontMetricsF fm(m_font);
    const double line = fm.height();
    const double lod = option->levelOfDetailFromTransform(p->worldTransform());
    QPen border(m_c.border, 0.8);
    if (m_item.unknown) border = QPen(QColor(0xc6, 0x28, 0x28), 1.6, Qt::DashLine);
    p->setPen(border);
    const bool io = m_item.kind != api::ViewItemKind::kNode;
    const QRectF header(m_rect.x(), m_rect.y(), m_rect.width(), line * 1.4);
    const bool accent = m_accent.border.isValid();
    if (lod < 0.3) {  // far away: a coloured block is all the eye can use
      p->setBrush(accent ? m_accent.border : color);
      if (accent)
        p->setPen(QPen(m_accent.boundary ? m_c.text : m_c.border,
                       m_accent.boundary ? 4 / std::max(lod, 0.01) : 0.8));
      p->drawRect(m_rect);
      if (isSelected()) {  // a frame inside the block that stays a few pixels thick on screen
        const double w =
            std::min(3 / std::max(lod, 0.01), std::min(m_rect.width(), m_rect.height()) / 2);
        QPen ring = SelectionRingPen(m_c.dark);
        ring.setWidthF(w);
        p->setPen(ring);
        p->setBrush(Qt::NoBrush);
        p->drawRect(m_rect.adjusted(w / 2, w / 2, -w / 2, -w / 2));
      }
      return;
    }
    p->setBrush(m_c.box);
    p->drawRoundedRect(m_rect, 5, 5);
    QPainterPath head;
    head.addRoundedRect(header, 5, 5);
    p->fillPath(head, color);
    QFont bold = m_font;
    bold.setBold(true);
    p->setFont(bold);
    p->setPen(Qt::white);
    p->drawText(header, Qt::AlignCenter, Q(m_item.title));
    p->setFont(m_font);
    double y = header.bottom();
    if (!m_item.subtitle.empty()) {
      p->setPen(io ? m_c.text : m_c.secondary);
      p->drawText(QRectF(m_rect.x(), y, m_rect.width(), line), Qt::AlignCenter, Q(m_item.subtitle));
      y += line;
    }
    for (const auto& [k, v] : m_item.rows) {
      const QRectF r(m_rect.x() + 8, y, m_rect.width() - 16, line);
      if (m_item.unknown && k == api::kUnknownOpRow) {
        QFont italic = m_font;
        italic.setItalic(true);
        p->setFont(italic);
        p->setPen(QColor(0xc6, 0x28, 0x28));
        p->drawText(r, Qt::AlignCenter,
                    QCoreApplication::translate("onnxlens::widgets::GraphView", "unknown op"));
        p->setFont(m_font);
        y += line;
        continue;
      }
      p->setPen(m_c.text);
      p->drawText(r, Qt::AlignLeft | Qt::AlignVCenter, Q(k));
      p->setPen(m_c.secondary);
      p->drawText(r, Qt::AlignRight | Qt::AlignVCenter, Q(v));
      y += line;
    }
    if (accent) {
      // The provider's colour as a thick outline just outside the box, drawn last so that the
      // header (which fills a title-only box) does not cover it.
      p->setPen(QPen(m_accent.border, 3.2));
      p->setBrush(Qt::NoBrush);
      p->drawRoundedRect(m_rect.adjusted(-1.6, -1.6, 1.6, 1.6), 6.5, 6.5);
      if (m_accent.boundary) paintBoundaryBadge(p, fm);
    }
    if (isSelected()) {  // outside the box (and the provider's outline), over the find ring
      p->setPen(SelectionRingPen(m_c.dark));
      p->setBrush(Qt::NoBrush);
      p->drawRoundedRect(
          m_rect.adjusted(accent ? -5 : -3, accent ? -5 : -3, accent ? 5 : 3, accent ? 5 : 3), 8,
          8);
    }
  }
  const api::ViewItem& item() const { return m_item; }
  int index() const { return m_index; }
  QRectF box() const { return m_rect; }
  const ItemAccent& accent() const { return m_accent; }

 private:
  // A round badge with "⇄" on the top right corner: data crosses providers (or layouts) here.
  void paintBoundaryBadge(QPainter* p, const QFontMetricsF& fm) {
    const double r = std::clamp(fm.height() * 0.55, 6.0, 8.0);  // inside boundingRect()
    const QPointF c(m_rect.right() - 2, m_rect.top() + 2);
    p->setPen(QPen(m_c.background, 1.5));
    p->setBrush(m_c.dark ? QColor(0xf5, 0xf5, 0xf5) : QColor(0x21, 0x21, 0x21));
    p->drawEllipse(c, r, r);
    QFont f = m_font;
    f.setBold(true);
    p->setFont(f);
    p->setPen(m_c.dark ? QColor(0x21, 0x21, 0x21) : Qt::white);
    p->drawText(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), Qt::AlignCenter, QStringLiteral("⇄"));
    p->setFont(m_font);
  }

  int m_index;
  api::ViewItem m_item;
  QRectF m_rect;
  QFont m_font;
  GraphColors m_c;
  bool m_marked = false;
  bool m_hovered = false;
  QColor m_halo;
  ItemAccent m_accent;
  QColor m_markColor{0xff, 0xa0, 0x00};  // find hits: amber
};

// A name-scope group: a frame with its title when open, a box with the title and node count when
// closed. A click on it toggles it (handled by the view).
class GroupItem : public QGraphicsItem {
 public:
  GroupItem(int group, const QString& title, int nodes, bool expanded, const QRectF& rect,
            const QFont& font, const GraphColors& colors)
      : m_c(colors),
        m_group(group),
        m_title(title),
        m_nodes(nodes),
        m_expanded(expanded),
        m_rect(rect),
        m_font(font) {
    setZValue(expanded ? -10 : 0);
    setToolTip(
        QCoreApplication::translate("onnxlens::widgets::GraphView", "%1 — %2 nodes; click to %3")
            .arg(title)
            .arg(nodes)
            .arg(expanded ? QCoreApplication::translate("onnxlens::widgets::GraphView", "close")
                          : QCoreApplication::translate("onnxlens::widgets::GraphView", "open")));
  }
  QRectF boundingRect() const override { return m_rect.adjusted(-7, -7, 7, 7); }
  void paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) override {
    const QFontMetricsF fm(m_font);
    p->setFont(m_font);
    if (m_expanded) {
      p->setPen(QPen(m_c.groupFrame, 1, Qt::DashLine));
      p->setBrush(m_c.groupFill);
      p->drawRoundedRect(m_rect, 8, 8);
      p->setPen(m_c.groupTitle);
      p->drawText(QRectF(m_rect.x() + 8, m_rect.y() + 2, m_rect.width() - 16, fm.height() + 2),
                  Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("▾ ") + m_title);
      return;
    }
    if (m_halo.isValid()) {
      p->setPen(Qt::NoPen);
      p->setBrush(m_halo);
      p->drawRoundedRect(m_rect.adjusted(-6, -6, 6, 6), 9, 9);
    }
    p->setPen(QPen(m_c.closedBorder, 1));
    p->setBrush(m_c.closedFill);
    p->drawRoundedRect(m_rect, 6, 6);
    QFont bold = m_font;
    bold.setBold(true);
    p->setFont(bold);
    p->setPen(m_c.closedText);
    const QRectF top(m_rect.x(), m_rect.y() + 2, m_rect.width(), m_rect.height() / 2);
    p->drawText(top, Qt::AlignCenter, QStringLiteral("▸ ") + m_title);
    p->setFont(m_font);
    p->setPen(m_c.groupTitle);
    p->drawText(QRectF(m_rect.x(), m_rect.center().y(), m_rect.width(), m_rect.height() / 2 - 2),
                Qt::AlignCenter,
                QCoreApplication::translate("onnxlens::widgets::GraphView", "%n node(s)", nullptr,
                                            m_nodes));
    if (!m_shares.empty()) {  // a strip along the bottom edge, inside the rounded box
      QPainterPath box;
      box.addRoundedRect(m_rect, 6, 6);
      p->save();
      p->setClipPath(box);
      double x = m_rect.x();
      const double h = 4.5;
      for (const GroupShare& s : m_shares) {
        const double w = m_rect.width() * s.share;
        p->fillRect(QRectF(x, m_rect.bottom() - h, w, h), s.color);
        x += w;
      }
      p->restore();
    }
  }
  int group() const { return m_group; }
  bool expanded() const { return m_expanded; }
  /// A halo around the closed box (an invalid colour: none); open frames draw none.
  void setHalo(const QColor& halo) {
    m_halo = halo;
    update();
  }
  QColor halo() const { return m_halo; }
  /// A bar along the bottom of the closed box: what share of its nodes has which colour.
  void setShares(const std::vector<GroupShare>& shares) {
    if (shares.size() == m_shares.size() &&
        std::equal(shares.begin(), shares.end(), m_shares.begin(),
                   [](const GroupShare& a, const GroupShare& b) {
                     return a.color == b.color && a.share == b.share;
                   }))
      return;
    m_shares = shares;
    update();
  }

 private:
  GraphColors m_c;
  QColor m_halo;
  std::vector<GroupShare> m_shares;
  int m_group;
  QString m_title;
  int m_nodes;
  bool m_expanded;
  QRectF m_rect;
  QFont m_font;
};

inline QPainterPath SplinePath(const std::vector<layout::Point>& pts) {
  QPainterPath path;
  if (pts.empty()) return path;
  path.moveTo(pts[0].x, pts[0].y);
  for (size_t i = 1; i + 2 < pts.size(); i += 3)
    path.cubicTo(pts[i].x, pts[i].y, pts[i + 1].x, pts[i + 1].y, pts[i + 2].x, pts[i + 2].y);
  return path;
}

// An arrowhead at `tip` pointing along from -> tip.
inline QPolygonF Arrow(QPointF from, QPointF tip) {
  QLineF l(from, tip);
  if (l.length() < 0.01) l = QLineF(tip - QPointF(0, 1), tip);
  const double a = std::atan2(l.dy(), l.dx());
  const double s = 7;
  return QPolygonF({tip, tip - QPointF(std::cos(a - 0.4) * s, std::sin(a - 0.4) * s),
                    tip - QPointF(std::cos(a + 0.4) * s, std::sin(a + 0.4) * s)});
}

}  // namespace graph_items
}  // namespace widgets
}  // namespace onnxlens
