// The graph view: a QGraphicsView over a model graph's snapshot. Loading the snapshot and the
// hierarchical layout run off the UI thread (progress, Cancel); items are built on the UI thread
// from the plain layout result. Nodes are coloured by operator category, edges carry shapes,
// name-scope groups open and close with a click on their header, the wheel zooms at the cursor.
#pragma once

#include <QGraphicsView>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "api/graph_layout.h"
#include "api/graph_view_model.h"
#include "widgets/background_task.h"
#include "widgets/op_colors.h"

namespace onnxlens {
namespace widgets {

class Minimap;
namespace graph_items {
class NodeItem;
class GroupItem;
}  // namespace graph_items

/// A second colour channel on a node, independent of the halo (diff, heat): a thick border
/// (provider colouring), a boundary badge, and a line added to the node's tooltip.
struct ItemAccent {
  QColor border;  ///< invalid: none
  bool boundary = false;
  QString tip;
};

/// One stripe of a closed group's share bar: a colour and its share of the group's nodes.
struct GroupShare {
  QColor color;
  double share = 0;
};

class GraphView : public QGraphicsView {
  Q_OBJECT

 public:
  explicit GraphView(QWidget* parent = nullptr);
  ~GraphView() override;

  /// Shows graph `graph` of `snapshot` (first view: groups opened within an item budget, or
  /// every group with `openAll` when the graph has at most 3,000 items). A graph of more nodes
  /// than backgroundModelNodes() has its view model made off the UI thread (at 50,000 nodes a
  /// tenth of a second or more): until then snapshot(), graphIndex() and model() stay those of
  /// the graph shown before, isMakingModel() holds, and modelRebuilt() tells when the new graph
  /// is the view's (whenModelReady() runs what needs its items then).
  void setSnapshot(std::shared_ptr<const api::GraphSnapshot> snapshot, int graph = 0,
                   bool openAll = false);
  /// As setSnapshot(other.snapshot(), other.graphIndex(), openAll), taking `other`'s view model
  /// and finished layout instead of making them again when both views draw with the same options
  /// and font (a pass stepper step shows on one side what the other side showed: at 50,000 nodes
  /// a model is a tenth of a second of the UI thread).
  void setSnapshotFrom(const GraphView& other, bool openAll = false);
  std::shared_ptr<const api::GraphSnapshot> snapshot() const { return m_snapshot; }
  /// A snapshot given to setSnapshot whose view model is still being made off the UI thread.
  bool isMakingModel() const { return m_pendingSnapshot != nullptr; }
  /// Runs `fn` now when no view model is being made, else once the view's model is the one being
  /// made (after modelRebuilt()); dropped when `context` is destroyed first.
  void whenModelReady(QObject* context, std::function<void()> fn);
  /// Graphs of more nodes than this get their view model made off the UI thread (default 4,000;
  /// tests lower it to exercise that path on small graphs).
  void setBackgroundModelNodes(size_t nodes) { m_backgroundModelNodes = nodes; }
  size_t backgroundModelNodes() const { return m_backgroundModelNodes; }
  int graphIndex() const { return m_graph; }

  void setOptions(const api::GraphViewOptions& options);
  api::GraphViewOptions options() const { return m_options; }

  /// Opens or closes a name-scope group and lays out again.
  void setGroupExpanded(int group, bool expanded);
  bool isGroupExpanded(int group) const;
  /// Every group open (a full layout) or all closed.
  void expandAll(bool expanded);

  /// Stops the layout, or the drawing of a laid-out graph, that a change of open groups started
  /// (Expand All on a big graph): the groups open before it are open again, and their scene
  /// stays or is drawn again from their cached layout; layoutCancelled() follows.
  void cancelLayout();
  bool isLayingOut() const;
  /// The layout is made and its scene is being drawn in slices.
  bool isDrawing() const { return m_build != nullptr; }
  /// Blocks (processing events) until the view model being made, if any, and the current layout
  /// are shown; for tests and screenshots.
  void waitForLayout();

  /// Selects view item `item` (an index into model().items; -1 clears) and emits itemSelected.
  void selectItem(int item);
  int selectedItem() const { return m_selected; }
  /// Selects the edge carrying value `value` (highlighted; emits edgeSelected), as a click on it
  /// does; -1 clears. False when no drawn edge carries it.
  bool selectEdge(int value);
  int selectedEdge() const { return m_selectedEdge; }
  /// The value of the edge drawn within a few pixels of scene point `p`, or -1.
  int edgeAt(const QPointF& p) const;
  /// Opens the groups holding `items` (view items); true when that starts a new layout.
  bool expandPathsTo(const std::vector<int>& items);
  /// Selects the first item whose op type, node name or value name is `text` and scrolls to it;
  /// false when there is none.
  bool selectByName(const QString& text);
  /// Opens the groups around view item `item` (laying out again if needed), then selects it and
  /// scrolls to it.
  void revealItem(int item);

  /// Writes the whole graph as an image: SVG when `path` ends in .svg, else PNG (at up to 2x,
  /// at most 16384 pixels a side). Written to a temporary file and renamed, so an existing file
  /// is replaced only by a complete one. False with `error` set on failure.
  bool exportImage(const QString& path, QString* error);

  /// Brings the selected node (or the nodes shown linked) into view at a readable zoom: zooms
  /// in when the view is below 60 % (never beyond 100 %), then centres (View → Zoom to
  /// Selection). Revealing an item (find, Show in the graph) does this too.
  void zoomToSelection();
  void zoomBy(double factor);
  void fitToView();
  void actualSize();
  /// 100%, the top of the graph in view.
  void showTopAtActualSize();
  double zoom() const;

  /// Marks view items (find hits, "select all of this op type") with a ring; empty clears.
  void setMarkedItems(const std::vector<int>& items);
  const std::vector<int>& markedItems() const { return m_marked; }
  /// The ring colour of marked items (amber by default).
  void setMarkColor(const QColor& color);
  /// Highlights one item as if the pointer were over it (find results hover); -1 clears.
  void setHoverItem(int item);
  int hoverItem() const { return m_hover; }

  /// Correspondence colours per view item (a halo; invalid colour: none), with the items without
  /// one faded when `fadeOthers` (a comparison: what changed stands out); empty clears.
  void setItemHalos(const std::vector<QColor>& halos, bool fadeOthers);
  const std::vector<QColor>& itemHalos() const { return m_halos; }
  /// Halos of closed name-scope groups, per group of the model's hierarchy (invalid: none).
  void setGroupHalos(const std::vector<QColor>& halos);
  const std::vector<QColor>& groupHalos() const { return m_groupHalos; }
  /// Accents per view item (provider colouring); empty clears. Kept until cleared: set again
  /// after modelRebuilt (item indices change).
  void setItemAccents(const std::vector<ItemAccent>& accents);
  const std::vector<ItemAccent>& itemAccents() const { return m_accents; }
  /// Share bars of closed groups (what their hidden nodes are), per group; empty clears.
  void setGroupShares(const std::vector<std::vector<GroupShare>>& shares);
  /// Draws `items` selected without emitting itemSelected (the counterparts of a selection on
  /// the other side of a comparison), opens the groups around them and scrolls to them.
  void showLinked(const std::vector<int>& items);
  const std::vector<int>& linkedItems() const { return m_linked; }
  /// The scene rectangle of view item `item`, or a null rectangle when it is not drawn.
  QRectF itemRect(int item) const;
  /// Sets the zoom (1 = 100%), keeping the centre.
  void setZoom(double zoom);

  /// Layouts served from the cache (an expand/collapse undone, an option toggled back).
  int layoutCacheHits() const { return m_cache.hits(); }

  /// The view items connected to `item` by edges into it (producers) or out of it (consumers).
  std::vector<int> producersOf(int item) const;
  std::vector<int> consumersOf(int item) const;
  /// Edges drawn highlighted (those touching the selected node), for tests.
  int highlightedEdges() const;

  Minimap* minimap() const { return m_minimap; }
  const GraphColors& colors() const { return m_colors; }

  /// Plain facts of what is shown, for tests.
  const api::GraphViewModel& model() const { return m_model; }
  const layout::GroupedLayout& currentLayout() const { return m_layout; }
  int visibleNodeItems() const;
  int edgeItems() const { return m_edgeItems; }

 signals:
  void layoutStarted();
  /// Stage::kLayingOut with the groups done ("3/12"), on the UI thread.
  void layoutProgress(const onnxlens::Progress& progress);
  /// cancelLayout() stopped a layout; the scene keeps what it showed.
  void layoutCancelled();
  void layoutFinished(double millis);
  void layoutFailed(const QString& message);
  /// The view items were rebuilt for a new snapshot or new options (folding constants changes
  /// item indices): item and group halos and accents were cleared; whoever set them sets them
  /// again.
  void modelRebuilt();
  void zoomChanged(double zoom);
  /// The palette switched between light and dark; the graph was repainted in its colours.
  void colorsChanged();
  void itemSelected(int item);
  /// Several items shown selected at once (showLinked).
  void linkedShown(const std::vector<int>& items);
  /// An edge was clicked: value `value` of the graph shown.
  void edgeSelected(int value);
  /// A double-click on a node with bodies (If / Loop / Scan), or Backspace in a body: show graph
  /// `graph` of the snapshot.
  void graphRequested(int graph);

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  /// Pinch gestures (touch screens, touchpads) zoom like the wheel.
  bool viewportEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  /// A palette change (light / dark theme) repaints the graph in the matching colours.
  void changeEvent(QEvent* event) override;
  /// Up / Down: to the selected node's first producer / consumer (walking the graph); F zooms
  /// to the selection; Escape clears the selection; Backspace goes up from a subgraph body to its
  /// parent graph.
  void keyPressEvent(QKeyEvent* event) override;

 private:
  /// A finished layout and how long it took.
  struct LayoutRun {
    layout::GroupedLayout layout;
    double millis = 0;
  };
  void rebuildModel();
  /// Which groups were open, by path (folding constants in or out changes the group list).
  struct KeptGroups {
    std::map<std::string, bool> expanded;
    bool all = false;
  };
  /// Makes the view model of `snapshot`'s graph `graph` off the UI thread; onModelMade() shows
  /// it, with its groups opened as `openAll` says or, when `keep` is set, by group path as they
  /// were (an option changed).
  void startModel(std::shared_ptr<const api::GraphSnapshot> snapshot, int graph, bool openAll,
                  std::optional<KeptGroups> keep = std::nullopt);
  void onModelMade(Expected<api::GraphViewModel> model);
  /// No view model being made any more (its result is dropped).
  void dropPendingModel();
  /// The open groups of the model shown, by path (to open them again in a model of new options).
  KeptGroups keptGroups() const;
  /// Opens the model's groups as `kept` says, lays out and says modelRebuilt().
  void showKept(const KeptGroups& kept);
  /// setSnapshot's parts before and after the view model is made.
  void adoptSnapshot(std::shared_ptr<const api::GraphSnapshot> snapshot, int graph);
  void showModel(bool openAll);
  void startLayout();
  void onLayoutDone(Expected<LayoutRun> run);
  /// Marks the groups holding `items` open (no layout yet); true when one was closed.
  bool openPathsTo(const std::vector<int>& items);
  struct SceneBuild;
  /// Makes the scene's items for m_layout; `then` runs once it is complete. Big graphs are made
  /// in slices between which the event loop runs (isLayingOut() holds until the end).
  void buildScene(std::function<void()> then = {});
  /// Makes items until the slice's time is up (or all of them when `all`), then schedules the
  /// next slice or completes the scene.
  void continueBuild(bool all);
  void scheduleBuild();
  void initialView();
  void finishReveal();
  /// Centres on `items` (view items), zoomed in to a readable size when the view is below it.
  void focusOn(const std::vector<int>& items);
  std::string layoutKey() const;
  void applyDecorations();
  /// The laid-out graph's extent in scene coordinates (every item lies inside; known without
  /// asking the scene, which measures each of its items).
  QRectF graphRect() const;
  /// Paints the whole graph in miniature (node boxes and open group frames, decorated colours)
  /// for the minimap.
  void paintOverview(QPainter* p) const;

  std::shared_ptr<const api::GraphSnapshot> m_snapshot;
  int m_graph = 0;
  api::GraphViewOptions m_options;
  api::GraphViewModel m_model;
  layout::GroupedLayout m_layout;
  BackgroundTask<LayoutRun>* m_task;
  BackgroundTask<api::GraphViewModel>* m_modelTask;
  /// The snapshot whose view model m_modelTask makes, and how to show it then.
  std::shared_ptr<const api::GraphSnapshot> m_pendingSnapshot;
  int m_pendingGraph = 0;
  bool m_pendingOpenAll = false;
  std::optional<KeptGroups> m_pendingKeep;
  size_t m_backgroundModelNodes = 4000;
  int m_edgeItems = 0;
  bool m_fitPending = true;
  int m_selected = -1;
  /// Route items by the view items they connect (for the neighbour highlight).
  struct EdgePath {
    int from, to;  ///< view items; -1 for a group end
    int value;     ///< the value carried (first of a bundle); -1 for a route to or from a group
    class QGraphicsPathItem* path;
  };
  std::vector<EdgePath> m_edgePaths;
  /// The scene's node items by view item (null: not drawn) and its group items.
  std::vector<graph_items::NodeItem*> m_nodeItems;
  std::vector<graph_items::GroupItem*> m_groupItems;
  int m_selectedEdge = -1;  ///< value index of the selected edge
  int m_pendingReveal = -1;
  std::vector<int> m_marked;
  int m_hover = -1;
  QColor m_markColor{0xff, 0xa0, 0x00};
  std::vector<QColor> m_halos;
  std::vector<QColor> m_groupHalos;
  std::vector<ItemAccent> m_accents;
  std::vector<std::vector<GroupShare>> m_groupShares;
  bool m_fadeOthers = false;
  std::vector<int> m_linked;
  api::LayoutCache m_cache;  ///< recent layouts by layoutKey()
  Minimap* m_minimap = nullptr;
  std::unique_ptr<SceneBuild> m_build;  ///< the scene being made, if any
  std::vector<bool> m_shownExpanded;    ///< the open groups of the last scene drawn whole
  GraphColors m_colors;
};

}  // namespace widgets
}  // namespace onnxlens
