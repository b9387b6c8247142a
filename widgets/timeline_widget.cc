// Timeline widget.
#include "widgets/timeline_widget.h"

#include <QApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "common/strings.h"
#include "widgets/locale_text.h"
#include "widgets/op_colors.h"
#include "widgets/stage_text.h"
#include "widgets/text_input.h"

namespace onnxlens {
namespace widgets {

TimelineWidget::TimelineWidget(QWidget* parent) : QWidget(parent) {
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(false);
  setMinimumSize(400, 120);
  setAutoFillBackground(true);
}

void TimelineWidget::setTimeline(std::shared_ptr<const api::Timeline> timeline) {
  m_timeline = std::move(timeline);
  m_selTrack = m_selSlice = -1;
  m_range0 = m_range1 = -1;
  m_highlights.clear();
  m_trackTop.clear();
  m_counterTop.clear();
  m_nameColors.clear();
  m_opColors.clear();
  if (m_timeline) {
    // A model's trace: kernels in their op colours, thread-pool spans and session events
    // (model_run, loading) in greys so the kernels stand out. Any other trace (no kernel events):
    // a muted colour per name, as Perfetto does, so repeated slices are recognised.
    bool kernels = false;
    for (const api::TimelineTrack& t : m_timeline->tracks)
      for (size_t i = 0; i < t.slices.size() && !kernels; ++i) kernels = t.slices[i].op >= 0;
    for (size_t k = 0; k < m_timeline->names.size(); ++k) {
      const std::string& n = m_timeline->names[k];
      m_opColors.push_back(opColor(QString::fromStdString(n)));
      const bool parallel = n.size() > 11 && n.compare(n.size() - 11, 11, " [parallel]") == 0;
      if (kernels) {
        m_nameColors.push_back(parallel ? QColor(0x90, 0xa4, 0xae) : QColor(0x78, 0x90, 0x9c));
      } else {
        // Names in order of first appearance, hues a golden angle apart: neighbours differ.
        const int hue = static_cast<int>(std::fmod(k * 137.508, 360.0));
        m_nameColors.push_back(QColor::fromHsv(hue, 110, 175));
      }
    }
  }
  int y = kRuler + 4;
  if (m_timeline) {
    for (const api::TimelineTrack& t : m_timeline->tracks) {
      m_trackTop.push_back(y);
      y += std::max(1, t.Depths()) * kRowHeight + 8;
    }
    for (size_t i = 0; i < m_timeline->counters.size(); ++i) {
      m_counterTop.push_back(y);
      y += kCounterHeight + 8;
    }
  }
  setMinimumHeight(std::max(120, y));
  fitAll();
}

double TimelineWidget::plotWidth() const { return std::max(1, width() - kGutter); }

void TimelineWidget::fitAll() {
  m_axis.width_px = plotWidth();
  if (m_timeline && m_timeline->end_us > m_timeline->begin_us)
    m_axis.Fit(m_timeline->begin_us, m_timeline->end_us);
  update();
  emit viewChanged();
}

void TimelineWidget::showRange(double t0, double t1) {
  m_axis.width_px = plotWidth();
  m_axis.Fit(t0, t1);
  clampView();
}

void TimelineWidget::zoomAt(double px, double factor) {
  m_axis.ZoomAt(px - kGutter, factor, 1e-3, 1e12);
  clampView();
}

void TimelineWidget::panBy(double dpx) {
  m_axis.Pan(dpx);
  clampView();
}

void TimelineWidget::clampView() {
  // The trace and 2% either side: zooming out stops at the whole trace, panning at its ends.
  if (m_timeline && m_timeline->end_us > m_timeline->begin_us) {
    const double margin = (m_timeline->end_us - m_timeline->begin_us) * 0.02;
    m_axis.ClampTo(m_timeline->begin_us - margin, m_timeline->end_us + margin);
  }
  update();
  emit viewChanged();
}

void TimelineWidget::resizeEvent(QResizeEvent*) {
  // Keep the time range on screen when the width changes.
  const double t0 = m_axis.start_us, t1 = m_axis.EndUs();
  m_axis.width_px = plotWidth();
  if (t1 > t0) m_axis.Fit(t0, t1);
}

const QColor& TimelineWidget::sliceColor(int name, int op) const {
  return op >= 0 ? m_opColors[op] : m_nameColors[name];
}

int TimelineWidget::counterTop(int i) const {
  return i >= 0 && i < static_cast<int>(m_counterTop.size()) ? m_counterTop[i] : -1;
}

void TimelineWidget::paintCounters(QPainter& p) {
  const QColor fill(0x43, 0xa0, 0x47, 150), line(0x2e, 0x7d, 0x32);
  const int w = static_cast<int>(m_axis.width_px);
  for (size_t ci = 0; ci < m_timeline->counters.size(); ++ci) {
    const api::CounterTrack& c = m_timeline->counters[ci];
    const int top = m_counterTop[ci];
    if (top > height() || top + kCounterHeight < kRuler || c.points.empty() || c.max <= 0) continue;
    const double scale = (kCounterHeight - 4) / c.max;
    const int bottom = top + kCounterHeight;
    p.setPen(QPen(palette().color(QPalette::Mid), 1, Qt::DotLine));
    p.drawLine(kGutter, bottom, width(), bottom);
    // Per pixel column, the highest value in force during it: a peak of one kernel stays
    // visible however far the view is zoomed out.
    QPolygonF shape;
    shape << QPointF(kGutter, bottom);
    auto it = c.points.begin();
    for (int x = 0; x <= w; ++x) {
      const double t0 = m_axis.ToUs(x), t1 = m_axis.ToUs(x + 1);
      double v = c.Value(t0);
      it = std::lower_bound(
          it, c.points.end(), t0,
          [](const std::pair<double, double>& q, double t) { return q.first < t; });
      for (auto k = it; k != c.points.end() && k->first < t1; ++k) v = std::max(v, k->second);
      shape << QPointF(kGutter + x, bottom - v * scale)
            << QPointF(kGutter + x + 1, bottom - v * scale);
    }
    shape << QPointF(kGutter + w + 1, bottom);
    p.setPen(QPen(line, 1));
    p.setBrush(fill);
    p.drawPolygon(shape);
    p.setBrush(Qt::NoBrush);
  }
}

int TimelineWidget::trackTop(int track) const {
  return track >= 0 && track < static_cast<int>(m_trackTop.size()) ? m_trackTop[track] : -1;
}

void TimelineWidget::paintEvent(QPaintEvent*) {
  QPainter p(this);
  const QPalette pal = palette();
  p.fillRect(rect(), pal.base());
  m_lastRects = 0;
  if (!m_timeline) return;
  m_axis.width_px = plotWidth();
  const QFontMetrics fm(font());
  // Ruler.
  p.fillRect(QRect(0, 0, width(), kRuler), pal.window());
  p.setPen(pal.color(QPalette::WindowText));
  for (const api::RulerTick& t : api::RulerTicks(m_axis, 90, m_timeline->begin_us)) {
    if (t.t_us < m_timeline->begin_us - 1e-9) continue;  // no "-1.0 s" in the margin before it
    const int x = kGutter + static_cast<int>(std::lround(t.x));
    p.drawLine(x, kRuler - (t.major ? 10 : 6), x, kRuler);
    p.drawText(x + 3, kRuler - 8, localeNumberText(t.label));
  }
  // Tracks.
  p.setClipRect(QRect(kGutter, kRuler, width() - kGutter, height() - kRuler));
  for (size_t ti = 0; ti < m_timeline->tracks.size(); ++ti) {
    const api::TimelineTrack& track = m_timeline->tracks[ti];
    const int top = m_trackTop[ti];
    if (top > height()) break;
    if (top + track.Depths() * kRowHeight < kRuler) continue;
    m_rects.clear();
    api::VisibleRects(track, m_axis, &m_rects);
    m_lastRects += static_cast<int>(m_rects.size());
    for (const api::DrawRect& r : m_rects) {
      const double x0 = std::max(-2.0, r.x0), x1 = std::min(m_axis.width_px + 2, r.x1);
      const QRectF box(kGutter + x0, top + r.depth * kRowHeight, std::max(1.0, x1 - x0),
                       kRowHeight - 2);
      p.fillRect(box, sliceColor(r.name, r.op));
      if (r.slice >= 0 && !m_highlights.empty() &&
          std::binary_search(m_highlights.begin(), m_highlights.end(),
                             std::make_pair(static_cast<int>(ti), r.slice))) {
        p.setPen(QPen(QColor(0xff, 0xa0, 0x00), 2));
        p.drawRect(box.adjusted(1, 1, -1, -1));
      }
      if (r.slice >= 0 && static_cast<int>(ti) == m_selTrack && r.slice == m_selSlice) {
        p.setPen(QPen(QColor(0x1e, 0x88, 0xe5), 2));
        p.drawRect(box.adjusted(1, 1, -1, -1));
      }
      if (r.slice >= 0 && box.width() > 24) {
        p.setPen(Qt::white);
        const QString label =
            sliceLabel(QString::fromStdString(m_timeline->names[r.name]),
                       r.op >= 0 ? QString::fromStdString(m_timeline->names[r.op]) : QString(), fm,
                       static_cast<int>(box.width()) - 6);
        p.drawText(box.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
      }
    }
  }
  paintCounters(p);
  // Run starts, then the selected range.
  // Run starts: dashed lines across the tracks while they are a few pixels apart; when runs are
  // denser than that (thousands of runs zoomed out) only red ticks on the ruler, one per column.
  const QColor runColor(0xe5, 0x39, 0x35);
  const std::vector<double> marks = api::VisibleMarks(m_timeline->run_starts_us, m_axis, 1.0);
  const bool dense = static_cast<double>(marks.size()) * 6 > m_axis.width_px;
  p.setClipping(false);
  p.setPen(QPen(runColor, 1));
  for (double x : marks) p.drawLine(QPointF(kGutter + x, kRuler - 5), QPointF(kGutter + x, kRuler));
  p.setClipRect(QRect(kGutter, kRuler, width() - kGutter, height() - kRuler));
  if (!dense) {
    p.setPen(QPen(runColor, 1, Qt::DashLine));
    for (double x : marks) p.drawLine(QPointF(kGutter + x, kRuler), QPointF(kGutter + x, height()));
  }
  if (m_range1 > m_range0) {
    const double x0 = m_axis.ToPx(m_range0), x1 = m_axis.ToPx(m_range1);
    p.fillRect(QRectF(kGutter + x0, kRuler, x1 - x0, height() - kRuler),
               QColor(0x1e, 0x88, 0xe5, 40));
  }
  // Track names in the gutter.
  p.setClipping(false);
  p.fillRect(QRect(0, kRuler, kGutter, height() - kRuler), pal.window());
  p.setPen(pal.color(QPalette::WindowText));
  for (size_t ti = 0; ti < m_timeline->tracks.size(); ++ti) {
    const QRect r(6, m_trackTop[ti], kGutter - 10, kRowHeight);
    p.drawText(r, Qt::AlignVCenter | Qt::AlignLeft,
               fm.elidedText(StageText::thread(QString::fromStdString(m_timeline->tracks[ti].name)),
                             Qt::ElideRight, r.width()));
  }
  for (size_t ci = 0; ci < m_timeline->counters.size(); ++ci) {
    const api::CounterTrack& c = m_timeline->counters[ci];
    const QRect r(6, m_counterTop[ci], kGutter - 10, kCounterHeight);
    // Ours is "memory" in bytes; another file's counter shows its name and plain numbers.
    const bool memory = c.name == "memory";
    const QString name = memory ? tr("memory in use") : QString::fromStdString(c.name);
    const QString peak = memory ? localeNumberText(FormatBytes(static_cast<uint64_t>(c.max)))
                                : QLocale().toString(c.max, 'g', 4);
    p.drawText(r, Qt::AlignTop | Qt::AlignLeft, fm.elidedText(name, Qt::ElideRight, r.width()));
    p.drawText(r.adjusted(0, fm.height(), 0, 0), Qt::AlignTop | Qt::AlignLeft,
               fm.elidedText(tr("peak %1").arg(peak), Qt::ElideRight, r.width()));
  }
}

QList<QPair<QString, QString>> TimelineWidget::keyHelp() {
  return {{tr("W / S, wheel"), tr("Zoom in / out at the pointer")},
          {tr("A / D, Shift+wheel, drag"), tr("Pan earlier / later")},
          {tr("0, Home"), tr("Show the whole trace")},
          {tr("F"), tr("Focus the selected slice (or range)")},
          {tr(". / ,"), tr("Next / previous slice on the selected slice's row")},
          {tr("Click"), tr("Select a slice: its details, and its node in the graph")},
          {tr("Shift+drag"), tr("Summarize a time range")},
          {tr("(hover)"), tr("The keys work while the pointer is over the timeline")}};
}

QString TimelineWidget::sliceLabel(const QString& name, const QString& op, const QFontMetrics& fm,
                                   int width) {
  if (width <= 0) return {};
  // Candidates from the most to the least telling: the name, its tails at '/' (the end of a
  // scoped name says most about the node), and for thread-pool work ("NODE [parallel]") the same
  // without the suffix (its grey already says it is pool work).
  QStringList candidates;
  auto addTails = [&candidates](const QString& n) {
    candidates << n;
    for (int i = n.indexOf(QLatin1Char('/')); i >= 0 && i + 1 < n.size();
         i = n.indexOf(QLatin1Char('/'), i + 1))
      candidates << n.mid(i + 1);
  };
  addTails(name);
  static const QString kPool = QStringLiteral(" [parallel]");
  if (name.endsWith(kPool) && name.size() > kPool.size())
    addTails(name.left(name.size() - kPool.size()));
  for (const QString& c : candidates)
    if (fm.horizontalAdvance(c) <= width) return c;
  if (!op.isEmpty() && fm.horizontalAdvance(op) <= width) return op;
  // Nothing fits whole: the start of the op type, else of the shortest tail.
  const QString elided =
      fm.elidedText(op.isEmpty() ? candidates.last() : op, Qt::ElideRight, width);
  return elided.size() >= 3 ? elided : QString();
}

std::pair<int, int> TimelineWidget::sliceAt(const QPoint& pos) const {
  if (!m_timeline || pos.x() < kGutter || pos.y() < kRuler) return {-1, -1};
  for (size_t ti = 0; ti < m_timeline->tracks.size(); ++ti) {
    const api::TimelineTrack& t = m_timeline->tracks[ti];
    const int depth = (pos.y() - m_trackTop[ti]) / kRowHeight;
    if (pos.y() < m_trackTop[ti] || depth >= t.Depths()) continue;
    const double tus = m_axis.ToUs(pos.x() - kGutter);
    const int s = api::SliceAt(t, depth, tus, 2 * m_axis.us_per_px);
    return {s >= 0 ? static_cast<int>(ti) : -1, s};
  }
  return {-1, -1};
}

void TimelineWidget::selectSlice(int track, int slice) {
  m_selTrack = slice >= 0 ? track : -1;
  m_selSlice = slice;
  update();
  emit sliceSelected(m_selTrack, m_selSlice);
}

void TimelineWidget::focusSelection() {
  if (m_selTrack >= 0) {
    const api::TimelineSlice& s = m_timeline->tracks[m_selTrack].slices[m_selSlice];
    const double pad = std::max(s.dur_us * 0.25, 1.0);
    showRange(s.start_us - pad, s.End() + pad);
  } else if (m_range1 > m_range0) {
    showRange(m_range0, m_range1);
  }
}

void TimelineWidget::stepSlice(int direction) {
  if (m_selTrack < 0) return;
  const api::TimelineTrack& t = m_timeline->tracks[m_selTrack];
  const int depth = t.slices[m_selSlice].depth;
  const int next = m_selSlice + direction;
  if (next < static_cast<int>(t.depth_begin[depth]) ||
      next >= static_cast<int>(t.depth_begin[depth + 1]))
    return;
  selectSlice(m_selTrack, next);
  const api::TimelineSlice& s = t.slices[next];
  if (m_axis.ToPx(s.start_us) < 0 || m_axis.ToPx(s.End()) > m_axis.width_px) {
    const double span = m_axis.EndUs() - m_axis.start_us;
    showRange(s.start_us - span / 2, s.start_us + span / 2);
  }
}

void TimelineWidget::setHighlights(std::vector<std::pair<int, int>> hits) {
  std::sort(hits.begin(), hits.end());
  m_highlights = std::move(hits);
  update();
}

void TimelineWidget::selectRange(double t0, double t1) {
  if (t1 < t0) std::swap(t0, t1);
  m_range0 = t0;
  m_range1 = t1;
  update();
  emit rangeSelected(t0, t1);
}

void TimelineWidget::wheelEvent(QWheelEvent* e) {
  // The wheel zooms at the pointer; a sideways wheel (or Shift+wheel) pans, 1/8 of the width a
  // notch.
  const QPoint d = e->angleDelta();
  if (d.x() != 0 || (e->modifiers() & Qt::ShiftModifier)) {
    const int notches = d.x() != 0 ? d.x() : d.y();
    panBy(-notches / 120.0 * plotWidth() / 8);
  } else {
    zoomAt(e->position().x(), std::pow(1.2, d.y() / 120.0));
  }
  e->accept();
}

void TimelineWidget::mousePressEvent(QMouseEvent* e) {
  m_pressPos = e->pos();
  m_pressStart = m_axis.start_us;
  m_ranging = e->modifiers() & Qt::ShiftModifier;
  m_dragging = false;
  setFocus();
}

void TimelineWidget::mouseMoveEvent(QMouseEvent* e) {
  if (!(e->buttons() & Qt::LeftButton)) return;
  const int dx = e->pos().x() - m_pressPos.x();
  if (std::abs(dx) < 3 && !m_dragging) return;
  m_dragging = true;
  if (m_ranging) {
    m_range0 = m_axis.ToUs(m_pressPos.x() - kGutter);
    m_range1 = m_axis.ToUs(e->pos().x() - kGutter);
    if (m_range1 < m_range0) std::swap(m_range0, m_range1);
    update();
  } else {
    m_axis.start_us = m_pressStart - dx * m_axis.us_per_px;
    clampView();
  }
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent* e) {
  if (m_dragging) {
    if (m_ranging) selectRange(m_range0, m_range1);
    m_dragging = false;
    return;
  }
  const auto [track, slice] = sliceAt(e->pos());
  selectSlice(track, slice);
}

void TimelineWidget::enterEvent(QEvent* event) {
  QWidget::enterEvent(event);
  const QWidget* f = QApplication::focusWidget();
  if (!isTextInput(f) && f != this) setFocus(Qt::MouseFocusReason);
}

void TimelineWidget::keyPressEvent(QKeyEvent* e) {
  const double center = plotWidth() / 2 + kGutter;
  const QPoint cursor = mapFromGlobal(QCursor::pos());
  const double at = rect().contains(cursor) && cursor.x() > kGutter ? cursor.x() : center;
  switch (e->key()) {
    case Qt::Key_W:
      zoomAt(at, 1.5);
      break;
    case Qt::Key_S:
      zoomAt(at, 1 / 1.5);
      break;
    case Qt::Key_A:
      panBy(-plotWidth() / 8);
      break;
    case Qt::Key_D:
      panBy(plotWidth() / 8);
      break;
    case Qt::Key_F:
      focusSelection();
      break;
    case Qt::Key_Period:
      stepSlice(1);
      break;
    case Qt::Key_Comma:
      stepSlice(-1);
      break;
    case Qt::Key_0:
    case Qt::Key_Home:
      fitAll();
      break;
    default:
      QWidget::keyPressEvent(e);
  }
}

}  // namespace widgets
}  // namespace onnxlens
