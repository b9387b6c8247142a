// The Memory view: the memory plan of the open model as a tensor-lifetime Gantt (x = execution
// step, y = offset in the arena, one rectangle per buffer, the peak step marked) beside the
// buffers alive at the peak with their sizes. A click on a buffer selects its producer node.
// The plan comes from one run on random inputs (api::PlanModelMemory), off the UI thread.
#pragma once

#include <QString>
#include <QWidget>
#include <memory>

#include "common/memory_plan.h"
#include "widgets/background_task.h"

class QLabel;
class QPushButton;
class QTreeWidget;

namespace onnxlens {
namespace widgets {

/// The Gantt itself: geometry and painting of a plan.
class MemoryChart : public QWidget {
  Q_OBJECT

 public:
  explicit MemoryChart(QWidget* parent = nullptr);
  void setPlan(std::shared_ptr<const MemoryPlan> plan);
  void setSelected(int buffer);
  int selected() const { return m_selected; }
  /// Where buffer `i` is drawn (an empty rectangle without a plan).
  QRectF bufferRect(int i) const;
  /// The buffer drawn at `p` (the smallest when several), or -1.
  int bufferAt(const QPointF& p) const;
  /// The plot area inside the axes.
  QRectF plotRect() const;
  QSize sizeHint() const override { return {700, 420}; }

 signals:
  void bufferClicked(int buffer);
  void bufferActivated(int buffer);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;

 private:
  std::shared_ptr<const MemoryPlan> m_plan;
  int m_selected = -1;
};

class MemoryView : public QWidget {
  Q_OBJECT

 public:
  explicit MemoryView(QWidget* parent = nullptr);

  /// The model to plan (its plan is made on the next ensurePlan()); clears the shown plan.
  void setModelPath(const QString& path);
  /// Plans the model unless its plan is shown or being made.
  void ensurePlan();
  /// Blocks (processing events) until the planning run has ended; for scripted runs and tests.
  void waitForPlan();
  std::shared_ptr<const MemoryPlan> plan() const { return m_plan; }
  MemoryChart* chart() const { return m_chart; }
  /// The header: both peaks named, and the inputs, level and threads the plan is for.
  QString summaryText() const;
  QTreeWidget* aliveList() const { return m_alive; }
  /// Selects buffer `i` in the chart and the list and publishes its producer (nodeSelected).
  void selectBuffer(int i);

 signals:
  /// The producer of the buffer clicked (its trace label, as Document::select takes).
  void nodeSelected(const QString& label);
  /// A double click: show that node in the graph.
  void showInGraphRequested();
  void errorOccurred(const QString& title, const QString& message);

 private:
  void showPlan(std::shared_ptr<const MemoryPlan> plan);
  QString describe(int buffer) const;

  QString m_path;
  std::shared_ptr<const MemoryPlan> m_plan;
  QLabel* m_summary;
  QLabel* m_detail;
  QPushButton* m_replan;
  MemoryChart* m_chart;
  QTreeWidget* m_alive;
  BackgroundTask<MemoryPlan>* m_task;
};

}  // namespace widgets
}  // namespace onnxlens
