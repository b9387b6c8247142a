// The path from the main graph to the subgraph body shown ("main graph › If_3 · then_branch ›
// Loop_7 · body"): each segment is a button that goes back to that graph. Hidden on the main graph.
#pragma once

#include <QWidget>
#include <memory>

#include "api/graph_snapshot.h"

class QHBoxLayout;

namespace onnxlens {
namespace widgets {

class BreadcrumbBar : public QWidget {
  Q_OBJECT

 public:
  explicit BreadcrumbBar(QWidget* parent = nullptr);

  void setGraph(std::shared_ptr<const api::GraphSnapshot> snapshot, int graph);
  /// Segment labels, main graph first, for tests.
  QStringList segments() const;
  /// Clicks segment `index` (0 = main graph), for tests.
  void activate(int index);

 signals:
  void graphRequested(int graph);

 private:
  QHBoxLayout* m_layout;
  std::vector<int> m_chain;  ///< graph indices, main graph first
  QStringList m_labels;
};

}  // namespace widgets
}  // namespace onnxlens
