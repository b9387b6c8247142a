// What the graph view draws, as plain data: one item per node (op title, optional name,
// attribute and weight rows), per graph input and per graph output, with box sizes from the
// caller's font metrics (so core stays free of Qt), edges labelled with the value's shape, and the
// hierarchical layout input (name-scope groups). The widget lays it out off the UI thread with
// layout::LayOut and paints the result.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "api/graph_snapshot.h"
#include "api/op_doc.h"
#include "common/graph_layout.h"

namespace onnxlens::api {

struct GraphViewOptions {
  bool attributes = false;  ///< Ctrl+D: attribute rows
  bool weights = true;      ///< Ctrl+I: initializer rows (name and shape)
  bool names = false;       ///< Ctrl+U: node names under the op
  bool horizontal = false;  ///< Ctrl+K: left to right
  /// Constant nodes, and Identity nodes of initializers or constants (PyTorch's exports of shared
  /// weights), drawn as weight rows of the nodes they feed (as Netron does), not as boxes of
  /// their own: exported PyTorch graphs hold hundreds of them.
  bool fold_constants = true;
};

enum class ViewItemKind { kNode, kInput, kOutput };

struct ViewItem {
  ViewItemKind kind = ViewItemKind::kNode;
  int index = -1;        ///< node index (kNode) or value index (kInput / kOutput) in the graph
  std::string title;     ///< op type, or the value's name
  std::string subtitle;  ///< node name (with `names`), or the value's type
  std::vector<std::pair<std::string, std::string>> rows;  ///< (key, value): attributes, weights
  std::string category;  ///< op category ("input" / "output" for those items)
  std::string domain;
  /// Neither ONNX's schema registry nor the runtime knows the op: drawn marked, with the row
  /// kUnknownOpRow first.
  bool unknown = false;
};

inline constexpr const char* kUnknownOpRow = "unknown op";

struct ViewEdge {
  int from = 0, to = 0;  ///< item indices
  int value = -1;        ///< the value carried
  std::string label;     ///< its shape, "1×3×224×224"
};

struct GraphViewModel {
  int graph = 0;
  std::vector<ViewItem> items;
  std::vector<ViewEdge> edges;
  std::vector<int> item_of_node;  ///< node index -> item index; -1 for a folded node
  layout::LayoutInput layout;     ///< boxes, edges and scope groups, all collapsed but the root
};

/// Width of a text in points for the view's font (bold for titles).
using TextWidth = std::function<double(const std::string& text, bool bold)>;

/// The operator's documentation from ONNX's schema registry (sidebar); nullopt when unknown
/// (custom and com.microsoft ops).
std::optional<OpDoc> OperatorDoc(const std::string& domain, const std::string& op_type,
                                 int64_t opset);

GraphViewModel BuildGraphViewModel(const GraphSnapshot& snapshot, int graph,
                                   const GraphViewOptions& options, const TextWidth& width,
                                   double line_height);

/// What a layout of graph `graph` depends on: the options that change boxes or direction and
/// which groups are open (LayoutCache's key).
std::string LayoutKey(int graph, const GraphViewOptions& options,
                      const std::vector<bool>& expanded);

/// The items with an edge into `item` (its producers), each once, in edge order: where Up goes.
std::vector<int> ProducerItems(const GraphViewModel& model, int item);
/// The items `item` has an edge to (its consumers), each once, in edge order: where Down goes.
std::vector<int> ConsumerItems(const GraphViewModel& model, int item);

}  // namespace onnxlens::api
