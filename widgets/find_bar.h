// The graph view's find bar (Ctrl+F): the query (see api/graph_find.h for its syntax), "n of m",
// previous / next (Shift+Enter / Enter), Escape closes. Each step reveals the hit in the view
// (opening the groups around it), selects it and scrolls to it. Every hit is marked in the view
// and listed below the query: hovering a row highlights its node, a click goes to it.
#pragma once

#include <QWidget>
#include <vector>

#include "api/graph_find.h"

class QLabel;
class QLineEdit;
class QListView;

namespace onnxlens {
namespace widgets {

class FindResultsModel;
class GraphView;

class FindBar : public QWidget {
  Q_OBJECT

 public:
  FindBar(GraphView* view, QWidget* parent = nullptr);

  /// Shows the bar and focuses the query.
  void activate();
  void setQuery(const QString& query);
  /// View items of the hits, in graph order (a weight's hit: the node that reads it).
  const std::vector<int>& hits() const { return m_hits; }
  /// What each hit is and why it matched (parallel to hits()).
  const std::vector<api::FindHit>& found() const { return m_found; }
  int current() const { return m_current; }
  QString statusText() const;
  FindResultsModel* results() const { return m_results; }
  QListView* resultList() const { return m_list; }

  void next();
  void previous();
  /// Hides the bar and clears its marks in the view (Escape, the close button).
  void dismiss();
  /// Runs the query again (the view shows another graph or model).
  void refresh() { search(); }

 signals:
  /// Going to a weight's hit: show the page of value `value` (an initializer) of the graph.
  void tensorRequested(int value);

 protected:
  void keyPressEvent(QKeyEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void search();
  void go(int index);

  GraphView* m_view;
  QLineEdit* m_edit;
  QLabel* m_status;
  QListView* m_list;
  FindResultsModel* m_results;
  std::vector<int> m_hits;
  std::vector<api::FindHit> m_found;
  int m_current = -1;
};

}  // namespace widgets
}  // namespace onnxlens
