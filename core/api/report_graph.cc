// The report's graph: one SVG per name-scope group, laid out by the GUI's layout (see
// internal/report_parts.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "api/graph_layout.h"
#include "api/graph_view_model.h"
#include "api/internal/report_parts.h"
#include "common/strings.h"

namespace onnxlens::api::report {

namespace {

constexpr double kLine = 14;
constexpr double kMargin = 8;

std::string OneDecimal(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

// Box fills by op category (the GUI's hues, lighter), and the heat scale.
const char* CategoryFill(const std::string& category) {
  static const std::map<std::string, const char*> fills = {
      {"layer", "#dbe7f7"}, {"activation", "#f7e3d4"},   {"normalization", "#e1f0dc"},
      {"pool", "#e8e1f2"},  {"tensor", "#eeeeee"},       {"shape", "#f2f2e4"},
      {"logic", "#f5dede"}, {"quantization", "#def1f1"}, {"attention", "#f4e0ee"},
      {"input", "#ffffff"}, {"output", "#ffffff"},       {"control", "#fbe9c9"}};
  const auto it = fills.find(category);
  return it == fills.end() ? "#f4f4f4" : it->second;
}

std::string HeatFill(double share, double hottest) {
  const double t = hottest > 0 ? std::clamp(share / hottest, 0.0, 1.0) : 0;
  // #fff5eb -> #fd8d3c -> #a63603
  auto mix = [](double a, double b, double u) {
    return static_cast<int>(std::lround(a + (b - a) * u));
  };
  int r, g, b;
  if (t < 0.5) {
    const double u = t / 0.5;
    r = mix(0xff, 0xfd, u), g = mix(0xf5, 0x8d, u), b = mix(0xeb, 0x3c, u);
  } else {
    const double u = (t - 0.5) / 0.5;
    r = mix(0xfd, 0xa6, u), g = mix(0x8d, 0x36, u), b = mix(0x3c, 0x03, u);
  }
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", r, g, b);
  return buf;
}

const char* ProviderStroke(int i) {
  static const char* strokes[] = {"#1f77b4", "#2ca02c", "#7f7f7f", "#9467bd", "#8c564b"};
  return i < 0 ? "#888888" : strokes[i % 5];
}

// The layout input of group `g` alone: its nodes at any depth, its subgroups (collapsed), the
// edges between them; g becomes the root.
layout::LayoutInput SubInput(const layout::LayoutInput& all, int g, std::vector<int>* node_of) {
  const layout::Hierarchy& h = all.hierarchy;
  std::vector<int> groups = {g};
  std::vector<int> new_group(h.groups.size(), -1);
  new_group[g] = 0;
  for (size_t i = 0; i < groups.size(); ++i) {
    for (int c : h.groups[groups[i]].groups) {
      new_group[c] = static_cast<int>(groups.size());
      groups.push_back(c);
    }
  }
  layout::LayoutInput in;
  in.collapsed_box = all.collapsed_box;
  in.padding = all.padding;
  in.header = all.header;
  in.left_to_right = all.left_to_right;
  in.rank_sep = all.rank_sep;
  std::vector<int> new_node(all.nodes.size(), -1);
  node_of->clear();
  for (size_t n = 0; n < all.nodes.size(); ++n) {
    const int ng = new_group[h.group_of_node[n]];
    if (ng < 0) continue;
    new_node[n] = static_cast<int>(node_of->size());
    node_of->push_back(static_cast<int>(n));
    in.nodes.push_back(all.nodes[n]);
    in.hierarchy.group_of_node.push_back(ng);
  }
  for (const layout::FlatEdge& e : all.edges) {
    if (new_node[e.from] >= 0 && new_node[e.to] >= 0)
      in.edges.push_back({new_node[e.from], new_node[e.to]});
  }
  for (int old : groups) {
    layout::Group grp = h.groups[old];
    grp.parent = old == g ? -1 : new_group[grp.parent];
    for (int& c : grp.groups) c = new_group[c];
    for (int& n : grp.nodes) n = new_node[n];
    in.hierarchy.groups.push_back(std::move(grp));
  }
  in.expanded.assign(in.hierarchy.groups.size(), false);
  in.expanded[0] = true;
  return in;
}

std::string GroupTitle(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

Expected<std::string> GraphViews(const GraphSnapshot& snapshot, const GraphPaint& paint,
                                 const JobControl& job) {
  if (snapshot.graphs.empty()) return std::string();
  const SnapshotGraph& graph = snapshot.graphs[0];
  GraphViewOptions options;
  const TextWidth width = [](const std::string& text, bool bold) {
    size_t chars = 0;  // UTF-8 code points
    for (unsigned char c : text) chars += (c & 0xC0) != 0x80;
    return static_cast<double>(chars) * (bold ? 7.4 : 6.4);
  };
  const GraphViewModel m = BuildGraphViewModel(snapshot, 0, options, width, kLine);
  const layout::Hierarchy& h = m.layout.hierarchy;
  // Heat of every item and, for a group, of its hottest node inside.
  double hottest = 0;
  std::vector<double> item_heat(m.items.size(), -1);
  for (size_t i = 0; i < m.items.size(); ++i) {
    const ViewItem& it = m.items[i];
    if (it.kind != ViewItemKind::kNode || it.index < 0 ||
        it.index >= static_cast<int>(paint.heat.size()))
      continue;
    item_heat[i] = paint.heat[it.index];
    hottest = std::max(hottest, item_heat[i]);
  }
  std::vector<double> group_heat(h.groups.size(), -1);
  std::vector<int> group_nodes(h.groups.size(), 0);
  for (size_t i = 0; i < m.items.size(); ++i) {
    for (int g = h.group_of_node[i]; g >= 0; g = h.groups[g].parent) {
      group_heat[g] = std::max(group_heat[g], item_heat[i]);
      group_nodes[g] += m.items[i].kind == ViewItemKind::kNode;
    }
  }
  std::string out;
  char buf[256];
  const size_t total = h.groups.size();
  for (size_t g = 0; g < total; ++g) {
    if (!job.Report(Stage::kLayingOut, static_cast<double>(g) / total,
                    std::to_string(g) + "/" + std::to_string(total)))
      return Cancelled("the report was cancelled");
    std::vector<int> item_of;
    const layout::LayoutInput in = SubInput(m.layout, static_cast<int>(g), &item_of);
    OL_ASSIGN_OR_RETURN(const layout::GroupedLayout l, LayOutGraph(in));
    const double W = l.width + 2 * kMargin, H = l.height + 2 * kMargin;
    const layout::Group& group = h.groups[g];
    out += "<div class=\"gview\" id=\"view-" + std::to_string(g) + "\" data-parent=\"" +
           std::to_string(group.parent) + "\" data-title=\"" +
           EscapeMarkup(g == 0 ? std::string("graph") : GroupTitle(group.path)) + "\"" +
           (g == 0 ? "" : " hidden") + ">\n";
    std::snprintf(buf, sizeof buf,
                  "<svg class=\"graph\" viewBox=\"%.1f %.1f %.1f %.1f\" width=\"%.0f\" "
                  "height=\"%.0f\">\n",
                  -kMargin, -kMargin, W, H, W, H);
    out += buf;
    for (const layout::Route& r : l.routes) {
      if (r.spline.size() < 4) continue;
      std::string d = "M" + OneDecimal(r.spline[0].x) + " " + OneDecimal(r.spline[0].y);
      for (size_t k = 1; k + 2 < r.spline.size(); k += 3) {
        d += "C" + OneDecimal(r.spline[k].x) + " " + OneDecimal(r.spline[k].y) + " " +
             OneDecimal(r.spline[k + 1].x) + " " + OneDecimal(r.spline[k + 1].y) + " " +
             OneDecimal(r.spline[k + 2].x) + " " + OneDecimal(r.spline[k + 2].y);
      }
      out += "<path class=\"edge\" d=\"" + d + "\" marker-end=\"url(#arrow)\"/>\n";
    }
    for (size_t sg = 1; sg < in.hierarchy.groups.size(); ++sg) {
      if (!l.group_visible[sg] || in.hierarchy.groups[sg].parent != 0) continue;
      const layout::Rect& r = l.group_rects[sg];
      // The group's index in the whole hierarchy: its path is unique.
      int whole = -1;
      for (int c : group.groups) {
        if (h.groups[c].path == in.hierarchy.groups[sg].path) whole = c;
      }
      if (whole < 0) continue;
      const double heat = group_heat[whole];
      const std::string fill = heat >= 0 ? HeatFill(heat, hottest) : std::string("#ffffff");
      const bool hot = heat >= 0 && hottest > 0 && heat / hottest > 0.6;
      out += "<g class=\"group" + std::string(hot ? " hot" : "") + "\" data-open=\"" +
             std::to_string(whole) + "\" tabindex=\"0\"><title>" +
             EscapeMarkup(h.groups[whole].path) + ": " + std::to_string(group_nodes[whole]) +
             " nodes" + (heat >= 0 ? ", hottest node " + FormatFixed(heat, 1) + "%" : "") +
             " (click to open)</title>";
      std::snprintf(buf, sizeof buf,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"6\" "
                    "fill=\"%s\"/>",
                    r.x, r.y, r.width, r.height, fill.c_str());
      out += buf;
      out += "<text x=\"" + OneDecimal(r.x + r.width / 2) + "\" y=\"" + OneDecimal(r.y + 18) +
             "\" text-anchor=\"middle\" class=\"title\">" +
             EscapeMarkup(GroupTitle(h.groups[whole].path)) + "</text><text x=\"" +
             OneDecimal(r.x + r.width / 2) + "\" y=\"" + OneDecimal(r.y + 33) +
             "\" text-anchor=\"middle\" class=\"sub\">" + std::to_string(group_nodes[whole]) +
             " nodes \u25B8</text></g>\n";
    }
    for (size_t k = 0; k < item_of.size(); ++k) {
      if (!l.node_visible[k]) continue;
      const int i = item_of[k];
      const ViewItem& it = m.items[i];
      const layout::Rect& r = l.node_rects[k];
      const bool node = it.kind == ViewItemKind::kNode;
      const double heat = item_heat[i];
      const int prov = node && it.index < static_cast<int>(paint.provider.size())
                           ? paint.provider[it.index]
                           : -1;
      std::string tip = it.title;
      if (node) {
        const SnapshotNode& n = graph.nodes[it.index];
        tip = n.name.empty() ? it.title : n.name + " (" + it.title + ")";
        if (heat >= 0) tip += "\n" + FormatFixed(heat, 2) + "% of the kernel time";
        if (prov >= 0) tip += "\nprovider: " + paint.providers[prov];
      } else {
        tip += "\n" + it.subtitle;
      }
      const std::string fill = heat >= 0 ? HeatFill(heat, hottest) : CategoryFill(it.category);
      const bool hot = heat >= 0 && hottest > 0 && heat / hottest > 0.6;
      std::snprintf(buf, sizeof buf,
                    "<g class=\"%s\"><title>%s</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                    "height=\"%.1f\" rx=\"%d\" fill=\"%s\"%s%s%s/>",
                    node ? (it.unknown ? "node unknown"
                            : hot      ? "node hot"
                                       : "node")
                         : "io",
                    "%s", r.x, r.y, r.width, r.height, node ? 4 : 12, fill.c_str(),
                    prov >= 0 ? " style=\"stroke:" : "", prov >= 0 ? ProviderStroke(prov) : "",
                    prov >= 0 ? ";stroke-width:2.5px\"" : "");
      std::string head = buf;
      const size_t at = head.find("%s");
      head.replace(at, 2, EscapeMarkup(tip));
      out += head;
      double y = r.y + kLine;
      out += "<text x=\"" + OneDecimal(r.x + r.width / 2) + "\" y=\"" + OneDecimal(y) +
             "\" text-anchor=\"middle\" class=\"title\">" + EscapeMarkup(it.title) + "</text>";
      if (!it.subtitle.empty()) {
        y += kLine;
        out += "<text x=\"" + OneDecimal(r.x + r.width / 2) + "\" y=\"" + OneDecimal(y) +
               "\" text-anchor=\"middle\" class=\"sub\">" + EscapeMarkup(it.subtitle) + "</text>";
      }
      for (const auto& [key, value] : it.rows) {
        y += kLine;
        out += "<text x=\"" + OneDecimal(r.x + 6) + "\" y=\"" + OneDecimal(y) +
               "\" class=\"row\">" + EscapeMarkup(key + "  " + value) + "</text>";
      }
      out += "</g>\n";
    }
    out += "</svg>\n</div>\n";
  }
  // The legend: what the fills and outlines mean.
  std::string legend = "<div class=\"legend\">";
  if (!paint.heat_source.empty())
    legend += "<span><i style=\"background:" + HeatFill(0, 1) +
              "\"></i><i style=\"background:" + HeatFill(0.5, 1) +
              "\"></i><i style=\"background:" + HeatFill(1, 1) +
              "\"></i> share of the kernel time, up to " + FormatFixed(hottest, 1) + "% (" +
              EscapeMarkup(paint.heat_source) + ")</span>";
  for (size_t p = 0; p < paint.providers.size(); ++p)
    legend += "<span><i class=\"outline\" style=\"border-color:" +
              std::string(ProviderStroke(static_cast<int>(p))) + "\"></i> " +
              EscapeMarkup(paint.providers[p]) + "</span>";
  if (!paint.provider_source.empty())
    legend += "<span class=\"note\">outlines: " + EscapeMarkup(paint.provider_source) + "</span>";
  legend += "</div>\n";
  const std::string defs =
      "<svg width=\"0\" height=\"0\" style=\"position:absolute\"><defs><marker id=\"arrow\" "
      "viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" "
      "orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#777\"/></marker></defs></svg>\n";
  return defs + legend + "<nav class=\"crumbs\" id=\"crumbs\"></nav>\n" + out;
}

const char* GraphScript() {
  return R"JS(
(function () {
  function view(id) { return document.getElementById('view-' + id); }
  function show(id) {
    document.querySelectorAll('.gview').forEach(function (v) { v.hidden = true; });
    var v = view(id);
    if (!v) return;
    v.hidden = false;
    var crumbs = document.getElementById('crumbs');
    crumbs.textContent = '';
    var chain = [];
    for (var at = v; at; at = view(at.getAttribute('data-parent'))) chain.unshift(at);
    chain.forEach(function (c, i) {
      if (i > 0) crumbs.appendChild(document.createTextNode(' / '));
      var a = document.createElement('a');
      a.href = '#';
      a.textContent = c.getAttribute('data-title');
      a.onclick = function (e) { e.preventDefault(); show(c.id.slice(5)); };
      crumbs.appendChild(a);
    });
  }
  document.addEventListener('click', function (e) {
    var g = e.target.closest ? e.target.closest('[data-open]') : null;
    if (g) show(g.getAttribute('data-open'));
  });
  document.addEventListener('keydown', function (e) {
    var g = document.activeElement;
    if (e.key === 'Enter' && g && g.getAttribute && g.getAttribute('data-open'))
      show(g.getAttribute('data-open'));
  });
  // "report.html#g=12" opens group 12's view (a link to a part of the graph).
  var m = /^#g=(\d+)$/.exec(location.hash);
  show(m && view(m[1]) ? m[1] : 0);
})();
)JS";
}

}  // namespace onnxlens::api::report
