// The timeline: one track per thread, slices coloured by op category as in the graph, run starts
// marked, a time ruler with adaptive units. Painted straight from api::VisibleRects (no item per
// slice: a million events repaint in milliseconds). Wheel or W / S zoom at the pointer, A / D or a
// drag pan, never past the trace; 0 / Home fit the whole trace; the keys work on hover. Shift+drag
// selects a time range, a click selects a slice, F focuses the selection,
// "." / "," go to the next / previous slice on the selected slice's row.
#pragma once

#include <QWidget>
#include <memory>

#include "api/timeline.h"

namespace onnxlens {
namespace widgets {

class TimelineWidget : public QWidget {
  Q_OBJECT

 public:
  explicit TimelineWidget(QWidget* parent = nullptr);

  void setTimeline(std::shared_ptr<const api::Timeline> timeline);
  std::shared_ptr<const api::Timeline> timeline() const { return m_timeline; }

  const api::TimeAxis& axis() const { return m_axis; }
  /// Shows [t0, t1] across the width.
  void showRange(double t0_us, double t1_us);
  /// Shows the whole trace (0 or Home).
  void fitAll();
  /// Zoom by `factor` at widget x `px` (> 1 zooms in).
  void zoomAt(double px, double factor);
  void panBy(double dpx);

  /// Selects slice `slice` of track `track` (-1 clears) and emits sliceSelected.
  void selectSlice(int track, int slice);
  int selectedTrack() const { return m_selTrack; }
  int selectedSlice() const { return m_selSlice; }
  /// Centres and zooms on the selected slice (F).
  void focusSelection();
  /// The next / previous slice on the selected slice's row ('.' / ',').
  void stepSlice(int direction);

  /// Selects the time range [t0, t1] (-1, -1 clears) and emits rangeSelected.
  void selectRange(double t0_us, double t1_us);
  double rangeStart() const { return m_range0; }
  double rangeEnd() const { return m_range1; }

  /// Outlines these (track, slice) pairs (search hits); empty clears.
  void setHighlights(std::vector<std::pair<int, int>> hits);
  const std::vector<std::pair<int, int>>& highlights() const { return m_highlights; }

  /// The track and slice under widget point `p` (-1 when none).
  std::pair<int, int> sliceAt(const QPoint& p) const;
  /// The y of track `track`'s first row, for tests.
  int trackTop(int track) const;

  /// The text drawn in a slice `width` pixels wide: the whole name when it fits, else its longest
  /// tail at a '/' that fits ("conv1/Conv" of "/layer1/layer1.0/conv1/Conv"; for thread-pool
  /// work "NODE [parallel]" also without the suffix), else the op type `op` (empty for other
  /// slices), else the start of the op type or of the last tail; empty when not even three
  /// characters fit. Never elided in the middle: "/la…onv" says nothing.
  static QString sliceLabel(const QString& name, const QString& op, const QFontMetrics& fm,
                            int width);

  /// The timeline's keys and mouse actions as (keys, what they do), for Help > Keyboard Shortcuts.
  static QList<QPair<QString, QString>> keyHelp();

  /// Rectangles drawn by the last paint (merged ones count once), for tests and benchmarks.
  int lastPaintRects() const { return m_lastRects; }

  static constexpr int kGutter = 150;  ///< track names
  static constexpr int kRuler = 24;
  static constexpr int kRowHeight = 18;
  static constexpr int kCounterHeight = 44;  ///< a counter track (the memory in use)
  /// y of counter track `i` (-1 when none).
  int counterTop(int i) const;

 signals:
  void sliceSelected(int track, int slice);
  void rangeSelected(double t0_us, double t1_us);
  void viewChanged();

 protected:
  void paintEvent(QPaintEvent* event) override;
  /// Counter tracks as step charts, the highest value per pixel column.
  void paintCounters(QPainter& p);
  void resizeEvent(QResizeEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  /// The keys work while the pointer is over the timeline, as in Perfetto: entering takes the
  /// keyboard focus unless the user is typing in a text field.
  void enterEvent(QEvent* event) override;

 private:
  const QColor& sliceColor(int name, int op) const;
  double plotWidth() const;
  /// Keeps the view on the trace (a little margin either side) and emits viewChanged.
  void clampView();

  std::shared_ptr<const api::Timeline> m_timeline;
  api::TimeAxis m_axis;
  std::vector<int> m_trackTop;    ///< y of each track's first row
  std::vector<int> m_counterTop;  ///< y of each counter track (under the thread tracks)
  int m_selTrack = -1, m_selSlice = -1;
  double m_range0 = -1, m_range1 = -1;
  QPoint m_pressPos;
  double m_pressStart = 0;
  bool m_dragging = false, m_ranging = false;
  int m_lastRects = 0;
  std::vector<std::pair<int, int>> m_highlights;  ///< sorted
  mutable std::vector<api::DrawRect> m_rects;
  /// Colour per name index (kernel slices by op type), computed once per timeline.
  std::vector<QColor> m_nameColors, m_opColors;
};

}  // namespace widgets
}  // namespace onnxlens
