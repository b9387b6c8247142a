// The graph view's scene making, shared by graph_view.cc and graph_view_scene.cc (not part of
// the widgets' interface): a grid of rectangles for placing edge labels, and the state of a scene
// made in slices.
#pragma once

#include <QFont>
#include <QFontMetricsF>
#include <QPen>
#include <QRectF>
#include <cmath>
#include <cstdint>
#include <functional>
#include <set>
#include <unordered_map>
#include <vector>

#include "widgets/graph_view.h"

namespace onnxlens {
namespace widgets {

// Rectangles bucketed in square cells: does a rectangle overlap any inserted one?
class RectGrid {
 public:
  explicit RectGrid(double cell) : m_cell(cell) {}
  void insert(const QRectF& r) {
    forCells(r, [&](std::uint64_t c) { m_cells[c].push_back(r); });
  }
  bool intersects(const QRectF& r) const {
    bool hit = false;
    forCells(r, [&](std::uint64_t c) {
      if (hit) return;
      auto it = m_cells.find(c);
      if (it == m_cells.end()) return;
      for (const QRectF& o : it->second) {
        if (o.intersects(r)) {
          hit = true;
          return;
        }
      }
    });
    return hit;
  }

 private:
  template <typename F>
  void forCells(const QRectF& r, F f) const {
    const long x0 = static_cast<long>(std::floor(r.left() / m_cell));
    const long x1 = static_cast<long>(std::floor(r.right() / m_cell));
    const long y0 = static_cast<long>(std::floor(r.top() / m_cell));
    const long y1 = static_cast<long>(std::floor(r.bottom() / m_cell));
    for (long y = y0; y <= y1; ++y)
      for (long x = x0; x <= x1; ++x)
        f((static_cast<std::uint64_t>(static_cast<std::uint32_t>(x)) << 32) |
          static_cast<std::uint32_t>(y));
  }
  double m_cell;
  std::unordered_map<std::uint64_t, std::vector<QRectF>> m_cells;
};

// The state of a scene build in progress: items are made in slices of a few milliseconds
// between which the event loop runs, so that the window answers while 50,000 boxes are made.
struct GraphView::SceneBuild {
  size_t nextGroup = 1, nextNode = 0, nextRoute = 0;
  QFont font, small;
  QFontMetricsF smallMetrics{QFont()};
  QPen pen;
  /// Look-up tables of the build, freed off the UI thread when it ends.
  struct Tables {
    /// The first edge of each (from, to) pair of items.
    std::unordered_map<std::uint64_t, size_t> edgeOf;
    /// What a label must not cover: the boxes themselves (not their halo margin) and the labels
    /// already placed (a scene query per try was most of the build).
    RectGrid taken{64};
    std::set<int> labelled;
  } tables;
  /// Every item is made; what is left is the decorations (a turn of their own).
  bool finishing = false;
  std::vector<std::function<void()>> then;  ///< run once the scene is complete
};

}  // namespace widgets
}  // namespace onnxlens
