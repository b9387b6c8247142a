// Graph view model.
#include "api/graph_view_model.h"

#include <algorithm>

#include "api/tensor_stats.h"
#include "ir/tensor.h"
#include "layout/grouped_layout.h"
#include "layout/repeated_blocks.h"

namespace onnxlens::api {

namespace {

constexpr double kPad = 8;  // horizontal padding inside a box
// Graphs without name scopes up to this many items show whole; bigger ones are grouped by the
// blocks their structure repeats.
constexpr size_t kStructureGroupingItems = 200;
constexpr size_t kMaxRows = 8;  // attribute + weight rows shown in a box; the sidebar has all

std::string Shorten(const std::string& s, size_t n = 40) {
  return s.size() <= n ? s : s.substr(0, n - 1) + "…";
}

// The value whose tensor a node folded into its consumers' rows stands for, or -1 when it is not
// folded: a Constant (no inputs, one output holding a tensor), or an Identity of an initializer or
// of a folded value (PyTorch exports weights shared between modules as hundreds of them), whose
// output is no graph output. `source` holds the answer for values of nodes already seen.
int FoldedSource(const SnapshotGraph& g, const SnapshotNode& n, const std::vector<int>& source) {
  if (!n.domain.empty() || n.outputs.size() != 1 || n.outputs[0] < 0) return -1;
  const SnapshotValue& out = g.values[n.outputs[0]];
  if (out.graph_output || out.consumers.empty()) return -1;
  if (n.op_type == "Constant" && n.inputs.empty()) return out.data ? n.outputs[0] : -1;
  if (n.op_type != "Identity" || n.inputs.size() != 1 || n.inputs[0] < 0) return -1;
  const int in = n.inputs[0];
  if (source[in] >= 0) return source[in];
  return g.values[in].initializer && g.values[in].data ? in : -1;
}

// A weight row's value: the values themselves when there are a few ("= 1e-05", "= [0, 2]"),
// else the shape.
std::string WeightText(const SnapshotValue& v) {
  if (v.data && v.data->numel() <= 4 && v.data->dtype() != ir::DataType::kString) {
    const TensorStats s = ComputeTensorStats(*v.data, 4, 1);
    std::string text;
    for (const std::string& x : s.first_values) text += (text.empty() ? "" : ", ") + x;
    return v.data->dims().empty() ? "= " + text : "= [" + text + "]";
  }
  return "⟨" + v.shape_label + "⟩";
}

}  // namespace

std::optional<OpDoc> OperatorDoc(const std::string& domain, const std::string& op_type,
                                 int64_t opset) {
  return FindOpDoc(domain, op_type, opset);
}

GraphViewModel BuildGraphViewModel(const GraphSnapshot& snap, int graph,
                                   const GraphViewOptions& opt, const TextWidth& width,
                                   double line_height) {
  GraphViewModel m;
  m.graph = graph;
  if (graph < 0 || graph >= static_cast<int>(snap.graphs.size())) return m;
  const SnapshotGraph& g = snap.graphs[graph];
  std::vector<int> item_of_input(g.values.size(), -1), item_of_output(g.values.size(), -1);
  std::vector<std::string> scope_names;

  // A graph input or output as an item of its own; returns its index.
  auto value_item = [&](int v, ViewItemKind kind) {
    ViewItem it;
    it.kind = kind;
    it.index = v;
    it.title = g.values[v].name;
    it.subtitle = g.values[v].type;
    it.category = kind == ViewItemKind::kInput ? "input" : "output";
    m.items.push_back(std::move(it));
    scope_names.push_back("");
    return static_cast<int>(m.items.size()) - 1;
  };
  for (int v : g.inputs) {
    // an initializer that is also an input is a weight, listed in its node
    if (!g.values[v].initializer) item_of_input[v] = value_item(v, ViewItemKind::kInput);
  }
  m.item_of_node.assign(g.nodes.size(), -1);
  // Per value of a folded Constant or Identity: the value holding its tensor.
  std::vector<int> source(g.values.size(), -1);
  for (size_t n = 0; n < g.nodes.size(); ++n) {
    const SnapshotNode& node = g.nodes[n];
    if (opt.fold_constants) {
      if (const int src = FoldedSource(g, node, source); src >= 0) {
        source[node.outputs[0]] = src;
        continue;
      }
    }
    ViewItem it;
    it.kind = ViewItemKind::kNode;
    it.index = static_cast<int>(n);
    it.title = node.op_type;
    it.domain = node.domain;
    it.category = node.category;
    if (opt.names && !node.name.empty()) it.subtitle = Shorten(node.name, 48);
    it.unknown = !node.known;
    if (it.unknown) it.rows.emplace_back(kUnknownOpRow, "");
    if (opt.weights) {
      for (size_t k = 0; k < node.inputs.size(); ++k) {
        const int v = node.inputs[k];
        if (v < 0 || !(g.values[v].initializer || source[v] >= 0)) continue;
        const std::string key = k < node.input_names.size() && !node.input_names[k].empty()
                                    ? node.input_names[k]
                                    : "in" + std::to_string(k);
        it.rows.emplace_back(key, WeightText(g.values[source[v] >= 0 ? source[v] : v]));
      }
    }
    if (opt.attributes) {
      for (const SnapshotAttribute& a : node.attributes)
        it.rows.emplace_back(a.name, Shorten(a.value, 32));
    }
    if (it.rows.size() > kMaxRows) {
      const size_t more = it.rows.size() - (kMaxRows - 1);
      it.rows.resize(kMaxRows - 1);
      it.rows.emplace_back("…", std::to_string(more) + " more");
    }
    m.item_of_node[n] = static_cast<int>(m.items.size());
    m.items.push_back(std::move(it));
    scope_names.push_back(node.name);
  }
  for (int v : g.outputs) item_of_output[v] = value_item(v, ViewItemKind::kOutput);

  // Edges: producer (node or graph input) -> each consumer, and -> graph output items.
  auto source_item = [&](int v) {
    if (item_of_input[v] >= 0) return item_of_input[v];
    const int p = g.values[v].producer;
    return p >= 0 ? m.item_of_node[p] : -1;
  };
  for (size_t n = 0; n < g.nodes.size(); ++n) {
    for (int v : g.nodes[n].inputs) {
      if (v < 0) continue;
      const int from = source_item(v);
      if (from >= 0) m.edges.push_back({from, m.item_of_node[n], v, g.values[v].shape_label});
    }
  }
  for (int v : g.outputs) {
    const int from = source_item(v);
    if (from >= 0) m.edges.push_back({from, item_of_output[v], v, g.values[v].shape_label});
  }

  // Box sizes from the text they hold.
  m.layout.nodes.reserve(m.items.size());
  for (const ViewItem& it : m.items) {
    double w = width(it.title, true) + 2 * kPad;
    double h = line_height * 1.4;
    if (!it.subtitle.empty()) {
      w = std::max(w, width(it.subtitle, false) + 2 * kPad);
      h += line_height;
    }
    for (const auto& [k, v] : it.rows) {
      w = std::max(w, width(k + "  " + v, false) + 2 * kPad);
      h += line_height;
    }
    if (!it.rows.empty()) h += line_height * 0.3;
    m.layout.nodes.push_back({std::max(w, 60.0), h});
  }
  for (const ViewEdge& e : m.edges) m.layout.edges.push_back({e.from, e.to});
  // Name scopes where the exporter left them; else, in a graph too big to show whole, the blocks
  // its structure repeats ("24 × block").
  const bool scoped = std::any_of(scope_names.begin(), scope_names.end(), [](const std::string& n) {
    return n.find('/') != std::string::npos;
  });
  if (!scoped && m.items.size() > kStructureGroupingItems) {
    std::vector<std::string> signatures;
    signatures.reserve(m.items.size());
    for (size_t i = 0; i < m.items.size(); ++i) {
      const ViewItem& it = m.items[i];
      if (it.kind != ViewItemKind::kNode) {
        signatures.push_back("#" + std::to_string(i));  // inputs and outputs are one of a kind
        continue;
      }
      std::string sig = it.domain + "::" + it.title;
      for (const auto& [k, v] : it.rows) sig += "|" + k + "=" + v;
      signatures.push_back(std::move(sig));
    }
    m.layout.hierarchy = layout::GroupByRepeats(signatures, scope_names);
  } else {
    m.layout.hierarchy = layout::GroupByScope(scope_names);
  }
  m.layout.expanded.assign(m.layout.hierarchy.groups.size(), false);
  m.layout.left_to_right = opt.horizontal;
  if (opt.horizontal) {
    // Left to right an edge's shape label lies along it: the gap between ranks must hold the
    // longest one (labels use a 0.8 size font), or the labels would fall under the boxes.
    double longest = 0;
    for (const ViewEdge& e : m.edges)
      if (!e.label.empty()) longest = std::max(longest, 0.8 * width(e.label, false));
    m.layout.rank_sep = std::clamp(longest + 44, 28.0, 260.0);  // + the boxes' margins
  }
  m.layout.collapsed_box = {width("layer.000 (0000 nodes)", true) + 2 * kPad, line_height * 2.6};
  return m;
}

std::vector<int> ProducerItems(const GraphViewModel& model, int item) {
  std::vector<int> out;
  for (const ViewEdge& e : model.edges) {
    if (e.to == item && std::find(out.begin(), out.end(), e.from) == out.end())
      out.push_back(e.from);
  }
  return out;
}

std::vector<int> ConsumerItems(const GraphViewModel& model, int item) {
  std::vector<int> out;
  for (const ViewEdge& e : model.edges) {
    if (e.from == item && std::find(out.begin(), out.end(), e.to) == out.end()) out.push_back(e.to);
  }
  return out;
}

std::string LayoutKey(int graph, const GraphViewOptions& options,
                      const std::vector<bool>& expanded) {
  std::string key = std::to_string(graph) + ':';
  for (bool b : {options.attributes, options.weights, options.names, options.horizontal,
                 options.fold_constants})
    key += b ? '1' : '0';
  key += ':';
  for (bool b : expanded) key += b ? '1' : '0';
  return key;
}

}  // namespace onnxlens::api
