// The sidebar of the graph view: what the selected item is. For a node: op type, domain and
// opset, name, attributes, inputs and outputs (schema name, value, type and shape; initializers
// and constants link to their tensor page), subgraph bodies (links that open them), provenance,
// "select all of this op type", and the operator's documentation from ONNX's schema registry
// (summary, attributes, inputs, outputs, type constraints). For a graph input or output: its
// name, type, producer, consumers. With nothing selected: the model's and the graph's properties.
#pragma once

#include <QColor>
#include <QWidget>
#include <functional>
#include <memory>
#include <vector>

#include "api/graph_view_model.h"
#include "api/partition.h"

class QStackedWidget;
class QTextBrowser;
class QUrl;

namespace onnxlens {
namespace widgets {

class TensorPanel;

class NodeSidebar : public QWidget {
  Q_OBJECT

 public:
  explicit NodeSidebar(QWidget* parent = nullptr);

  /// Shows item `item` of `model` (a view model of `snapshot`); -1 shows the model's and the
  /// graph's properties.
  void showItem(std::shared_ptr<const api::GraphSnapshot> snapshot,
                const api::GraphViewModel& model, int item);
  /// Several nodes shown selected at once (a fused kernel's origins, "select all" of an op):
  /// their count, op types and names, each a link that selects it (nodeRequested).
  void showNodes(std::shared_ptr<const api::GraphSnapshot> snapshot,
                 const api::GraphViewModel& model, const std::vector<int>& items);
  /// Shows value (edge) `value` of the graph last shown: name, type, producer, consumers.
  void showValue(int value);
  /// Shows value `value` of graph `graph` on the tensor page (when it holds a tensor).
  void showTensor(int graph, int value);
  /// Shows the tensor of the value called `name` in the graph shown; false when there is none.
  bool showTensorNamed(const QString& name);
  /// The text shown on the current page, for tests.
  QString plainText() const;
  bool isShowingTensor() const;
  TensorPanel* tensorPanel() const { return m_tensor; }
  /// Follows a link of the node page as a click would ("onnxlens:tensor/3", ...), for tests.
  void followLink(const QUrl& url);
  /// What the profile shown says of a node (by trace label), as a line of text; empty when it was
  /// not profiled. The node page then has a Profile section with a "Show in the timeline" link.
  using ProfileFacts = std::function<QString(const QString& label)>;
  void setProfileFacts(ProfileFacts facts) { m_facts = std::move(facts); }
  /// More sections of a node page (HTML; empty: none): the Quantization section.
  using NodeSection =
      std::function<QString(const api::SnapshotGraph& graph, const api::SnapshotNode& node)>;
  void setQuantizeFacts(NodeSection facts) { m_quantFacts = std::move(facts); }
  /// A panel below the node page (the layer histograms), shown for the nodes `show` accepts
  /// (it fills the panel for that node).
  using NodePanel =
      std::function<bool(const api::SnapshotGraph& graph, const api::SnapshotNode& node)>;
  void setNodePanel(QWidget* panel, NodePanel show);
  QWidget* nodePanel() const { return m_panel; }
  /// Where a node (by id) runs, from the provider colouring's partition; null when unknown. The
  /// node page then has an Execution Provider section: the provider and, when it is not the
  /// first preferred one, why each preferred provider declined.
  using PlacementLookup = std::function<const api::NodePlacementInfo*(int64_t id)>;
  void setPlacementLookup(PlacementLookup lookup) { m_placement = std::move(lookup); }
  /// The Execution Provider section of a node page (HTML); exposed for the Optimize tab's
  /// selection line and for tests.
  static QString placementHtml(const api::NodePlacementInfo& placement);
  /// The colour the node page's first link is drawn in (invalid: no link), for tests.
  QColor linkColor() const;

 signals:
  /// "Select all of this op type": the query to run in the find bar.
  void findRequested(const QString& query);
  /// A subgraph body link: open graph `graph` of the snapshot.
  void openGraphRequested(int graph);
  /// "Show in the timeline": the node's trace label.
  void timelineRequested(const QString& label);
  /// A node of a several-node page clicked: view item `item` of the graph shown.
  void nodeRequested(int item);

 protected:
  /// A palette change (light / dark theme) redraws the page's links in the new link colour.
  void changeEvent(QEvent* event) override;

 private:
  void showProperties(const api::SnapshotGraph& g, int graph);
  void recolorLinks();

  std::shared_ptr<const api::GraphSnapshot> m_snapshot;
  int m_graph = 0;
  QStackedWidget* m_pages;
  QTextBrowser* m_text;
  TensorPanel* m_tensor;
  ProfileFacts m_facts;
  PlacementLookup m_placement;
  NodeSection m_quantFacts;
  QWidget* m_panel = nullptr;
  NodePanel m_panelShow;
};

}  // namespace widgets
}  // namespace onnxlens
