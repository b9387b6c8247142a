// Hierarchical layout.
#include "layout/grouped_layout.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <string>

namespace onnxlens::layout {

namespace {

// "layer.2" < "layer.10": digit runs compare as numbers.
struct NaturalLess {
  bool operator()(const std::string& a, const std::string& b) const {
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
      if (std::isdigit(static_cast<unsigned char>(a[i])) &&
          std::isdigit(static_cast<unsigned char>(b[j]))) {
        size_t ie = i, je = j;
        while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie]))) ++ie;
        while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je]))) ++je;
        const std::string x = a.substr(i, ie - i), y = b.substr(j, je - j);
        const size_t xs = x.find_first_not_of('0'), ys = y.find_first_not_of('0');
        const std::string xv = xs == std::string::npos ? "" : x.substr(xs);
        const std::string yv = ys == std::string::npos ? "" : y.substr(ys);
        if (xv.size() != yv.size()) return xv.size() < yv.size();
        if (xv != yv) return xv < yv;
        i = ie;
        j = je;
        continue;
      }
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
    return a.size() - i < b.size() - j;
  }
};

// The scope trie before single-member groups are dissolved.
struct TrieGroup {
  std::string path;
  std::map<std::string, int, NaturalLess> children;  ///< name -> trie index, natural order
  std::vector<int> nodes;
};

// Groups with more child groups than this get them in pages ("/encoder/[layer.0 … layer.31]"),
// so that hundreds of repeated blocks never make one huge dot graph or an unusable first view.
constexpr size_t kPage = 32;

// A member of a group after dissolving: a node (>= 0) or a kept trie group (-(index + 1)).
using Member = int;

std::vector<Member> Flatten(const std::vector<TrieGroup>& trie, int t,
                            std::vector<std::vector<Member>>* kept) {
  std::vector<Member> members;
  for (const auto& [name, c] : trie[t].children) {
    std::vector<Member> m = Flatten(trie, c, kept);
    if (m.size() <= 1) {
      members.insert(members.end(), m.begin(), m.end());  // dissolve into this group
    } else {
      (*kept)[c] = std::move(m);
      members.push_back(-(c + 1));
    }
  }
  members.insert(members.end(), trie[t].nodes.begin(), trie[t].nodes.end());
  return members;
}

void Build(const std::vector<TrieGroup>& trie, const std::vector<std::vector<Member>>& kept, int t,
           int final_index, Hierarchy* h) {
  for (Member m : kept[t]) {
    if (m >= 0) {
      h->groups[final_index].nodes.push_back(m);
      h->group_of_node[m] = final_index;
      continue;
    }
    const int c = -m - 1;
    Group g;
    g.path = trie[c].path;
    g.parent = final_index;
    h->groups.push_back(g);
    const int ci = static_cast<int>(h->groups.size()) - 1;
    h->groups[final_index].groups.push_back(ci);
    Build(trie, kept, c, ci, h);
  }
}

// Splits the child groups of every group with more than 1.5 pages of them into pages.
void Paginate(Hierarchy* h, int g) {
  std::vector<int> kids = h->groups[g].groups;
  if (kids.size() > kPage * 3 / 2) {
    std::vector<int> pages;
    for (size_t b = 0; b < kids.size(); b += kPage) {
      const size_t e = std::min(kids.size(), b + kPage);
      auto last_part = [&](int k) {
        const std::string& p = h->groups[k].path;
        return p.substr(p.rfind('/') + 1);
      };
      Group page;
      page.path =
          h->groups[g].path + "/[" + last_part(kids[b]) + " \u2026 " + last_part(kids[e - 1]) + "]";
      page.parent = g;
      page.groups.assign(kids.begin() + b, kids.begin() + e);
      h->groups.push_back(page);
      const int pi = static_cast<int>(h->groups.size()) - 1;
      for (int k : h->groups[pi].groups) h->groups[k].parent = pi;
      pages.push_back(pi);
    }
    h->groups[g].groups = pages;
  }
  const std::vector<int> now = h->groups[g].groups;
  for (int c : now) Paginate(h, c);
}

int CountNodes(Hierarchy* h, int g) {
  int n = static_cast<int>(h->groups[g].nodes.size());
  for (int c : h->groups[g].groups) n += CountNodes(h, c);
  h->groups[g].total_nodes = n;
  return n;
}

// A cubic from the bottom of `a` to the top of `b` (or right to left when left_to_right).
std::vector<Point> Connector(const Rect& a, const Rect& b, bool ltr) {
  if (ltr) {
    const Point p{a.x + a.width, a.y + a.height / 2}, q{b.x, b.y + b.height / 2};
    const double d = std::max(20.0, (q.x - p.x) / 2);
    return {p, {p.x + d, p.y}, {q.x - d, q.y}, q};
  }
  const Point p{a.x + a.width / 2, a.y + a.height}, q{b.x + b.width / 2, b.y};
  const double d = std::max(20.0, (q.y - p.y) / 2);
  return {p, {p.x, p.y + d}, {q.x, q.y - d}, q};
}

// A Bezier chain of straight segments through `pts` (each segment's control points on it).
std::vector<Point> Polyline(const std::vector<Point>& pts) {
  std::vector<Point> out = {pts[0]};
  for (size_t i = 1; i < pts.size(); ++i) {
    const Point a = pts[i - 1], b = pts[i];
    out.push_back({a.x + (b.x - a.x) / 3, a.y + (b.y - a.y) / 3});
    out.push_back({a.x + 2 * (b.x - a.x) / 3, a.y + 2 * (b.y - a.y) / 3});
    out.push_back(b);
  }
  return out;
}

// A connector that does not run through other boxes: when the straight one would cross one of
// `obstacles`, it detours beside the rightmost of them (or below, left to right).
std::vector<Point> RoutedConnector(const Rect& a, const Rect& b, bool ltr,
                                   const std::vector<Rect>& obstacles) {
  std::vector<Point> straight = Connector(a, b, ltr);
  const Point p = straight.front(), q = straight.back();
  double side = ltr ? -1e300 : -1e300;
  bool blocked = false;
  for (const Rect& r : obstacles) {
    if (ltr) {
      const double y0 = std::min(p.y, q.y), y1 = std::max(p.y, q.y);
      if (r.x > p.x && r.x + r.width < q.x && r.y < y1 + 1 && r.y + r.height > y0 - 1) {
        blocked = true;
        side = std::max(side, r.y + r.height);
      }
    } else {
      const double x0 = std::min(p.x, q.x), x1 = std::max(p.x, q.x);
      if (r.y > p.y && r.y + r.height < q.y && r.x < x1 + 1 && r.x + r.width > x0 - 1) {
        blocked = true;
        side = std::max(side, r.x + r.width);
      }
    }
  }
  if (!blocked) return straight;
  const double gap = 14;
  if (ltr) {
    const double y = side + gap;
    return Polyline({p, {p.x + gap, p.y}, {p.x + gap, y}, {q.x - gap, y}, {q.x - gap, q.y}, q});
  }
  const double x = side + gap;
  return Polyline({p, {p.x, p.y + gap}, {x, p.y + gap}, {x, q.y - gap}, {q.x, q.y - gap}, q});
}

}  // namespace

Hierarchy GroupByScope(const std::vector<std::string>& names) {
  std::vector<TrieGroup> trie(1);
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string& n = names[i];
    int t = 0;
    size_t start = 0;
    std::string path;
    while (true) {
      const size_t slash = n.find('/', start);
      if (slash == std::string::npos) break;  // the last part is the node's own name
      const std::string part = n.substr(start, slash - start);
      start = slash + 1;
      if (part.empty()) continue;
      path += "/" + part;
      auto it = trie[t].children.find(part);
      if (it == trie[t].children.end()) {
        trie.push_back(TrieGroup{path, {}, {}});
        const int c = static_cast<int>(trie.size()) - 1;
        trie[t].children[part] = c;
        t = c;
      } else {
        t = it->second;
      }
    }
    trie[t].nodes.push_back(static_cast<int>(i));
  }
  std::vector<std::vector<Member>> kept(trie.size());
  kept[0] = Flatten(trie, 0, &kept);
  Hierarchy h;
  h.groups.push_back(Group{});
  h.group_of_node.assign(names.size(), 0);
  Build(trie, kept, 0, 0, &h);
  Paginate(&h, 0);
  CountNodes(&h, 0);
  return h;
}

std::vector<bool> AutoExpand(const Hierarchy& h, int budget) {
  std::vector<bool> expanded(h.groups.size(), false);
  if (h.groups.empty()) return expanded;
  expanded[0] = true;
  // Items shown: the root's members; opening group g replaces its box by its members.
  int items = static_cast<int>(h.groups[0].groups.size() + h.groups[0].nodes.size());
  std::vector<int> frontier(h.groups[0].groups.begin(), h.groups[0].groups.end());
  while (!frontier.empty()) {
    std::vector<int> next;
    std::sort(frontier.begin(), frontier.end(),
              [&](int a, int b) { return h.groups[a].total_nodes > h.groups[b].total_nodes; });
    for (int g : frontier) {
      const int members = static_cast<int>(h.groups[g].groups.size() + h.groups[g].nodes.size());
      if (items - 1 + members > budget) continue;
      items += members - 1;
      expanded[g] = true;
      next.insert(next.end(), h.groups[g].groups.begin(), h.groups[g].groups.end());
    }
    frontier = std::move(next);
  }
  return expanded;
}

Expected<GroupedLayout> LayOut(const LayoutInput& in, const JobControl& job) {
  const Hierarchy& h = in.hierarchy;
  const int G = static_cast<int>(h.groups.size());
  const int N = static_cast<int>(in.nodes.size());
  if (G == 0 || static_cast<int>(h.group_of_node.size()) != N)
    return InvalidArgument("layout: the hierarchy does not match the nodes");
  auto expanded = [&](int g) {
    return g == 0 || (g < static_cast<int>(in.expanded.size()) && in.expanded[g]);
  };
  // Each node's chain of groups from the root.
  std::vector<std::vector<int>> chain(static_cast<size_t>(N));
  for (int n = 0; n < N; ++n) {
    for (int g = h.group_of_node[n]; g >= 0; g = h.groups[g].parent) chain[n].push_back(g);
    std::reverse(chain[n].begin(), chain[n].end());
  }
  // Assign each edge to the group where its endpoints' chains part (their lowest common group),
  // as an edge between two members of that group.
  struct MemberEdge {
    Item a, b;
  };
  std::vector<std::vector<MemberEdge>> group_edges(static_cast<size_t>(G));
  auto member_at = [&](int n, size_t depth) {
    return depth + 1 < chain[n].size() ? Item{true, chain[n][depth + 1]} : Item{false, n};
  };
  for (const FlatEdge& e : in.edges) {
    if (e.from < 0 || e.to < 0 || e.from >= N || e.to >= N || e.from == e.to) continue;
    const auto &cu = chain[e.from], &cv = chain[e.to];
    size_t d = 0;
    while (d + 1 < cu.size() && d + 1 < cv.size() && cu[d + 1] == cv[d + 1]) ++d;
    const Item a = member_at(e.from, d), b = member_at(e.to, d);
    if (!(a == b)) group_edges[cu[d]].push_back({a, b});
  }

  GroupedLayout out;
  out.node_visible.assign(N, false);
  out.node_rects.assign(N, Rect{});
  out.group_visible.assign(G, false);
  out.group_rects.assign(G, Rect{});
  std::vector<Rect> rel_node(N), rel_group(G);
  std::vector<Box> group_size(G);
  // Splines of member edges per group, relative to the group's content origin.
  std::vector<std::map<std::pair<std::pair<bool, int>, std::pair<bool, int>>, std::vector<Point>>>
      splines(static_cast<size_t>(G));
  int total = 0, done = 0;
  for (int g = 0; g < G; ++g) {
    bool vis = true;
    for (int p = g; p >= 0; p = h.groups[p].parent) vis = vis && (p == g || expanded(p));
    total += vis && expanded(g);
  }
  Status failure = Status::Ok();
  // Post-order over expanded groups: lay out the members, then size the group.
  std::function<void(int)> lay = [&](int g) {
    const Group& grp = h.groups[g];
    std::vector<Item> members;
    for (int c : grp.groups) members.push_back({true, c});
    for (int n : grp.nodes) members.push_back({false, n});
    for (int c : grp.groups) {
      if (expanded(c)) lay(c);
      if (!failure.ok()) return;
      if (!expanded(c)) group_size[c] = in.collapsed_box;
    }
    if (job.cancelled()) {
      failure = Cancelled("layout cancelled");
      return;
    }
    FlatGraph fg;
    fg.left_to_right = in.left_to_right;
    std::map<std::pair<bool, int>, int> index;
    for (const Item& m : members) {
      index[{m.is_group, m.index}] = static_cast<int>(fg.boxes.size());
      fg.boxes.push_back(m.is_group ? group_size[m.index] : in.nodes[m.index]);
    }
    std::vector<std::pair<std::pair<bool, int>, std::pair<bool, int>>> keys;
    std::map<std::pair<std::pair<bool, int>, std::pair<bool, int>>, bool> seen;
    for (const MemberEdge& e : group_edges[g]) {
      auto key = std::make_pair(std::make_pair(e.a.is_group, e.a.index),
                                std::make_pair(e.b.is_group, e.b.index));
      if (seen[key]) continue;
      seen[key] = true;
      keys.push_back(key);
      fg.edges.push_back({index[key.first], index[key.second]});
    }
    auto flat = RunDot(fg);
    if (!flat.ok()) {
      failure = flat.status();
      return;
    }
    ++out.dot_runs;
    out.largest_dot_graph = std::max(out.largest_dot_graph, static_cast<int>(fg.boxes.size()));
    const double ox = g == 0 ? 0 : in.padding, oy = g == 0 ? 0 : in.header;
    for (size_t i = 0; i < members.size(); ++i) {
      const Box b = fg.boxes[i];
      const Rect r{flat->centers[i].x - b.width / 2 + ox, flat->centers[i].y - b.height / 2 + oy,
                   b.width, b.height};
      (members[i].is_group ? rel_group[members[i].index] : rel_node[members[i].index]) = r;
    }
    for (size_t k = 0; k < keys.size(); ++k) {
      std::vector<Point> pts = flat->splines[k];
      for (Point& p : pts) p = {p.x + ox, p.y + oy};
      splines[g][keys[k]] = std::move(pts);
    }
    group_size[g] = g == 0
                        ? Box{flat->width, flat->height}
                        : Box{flat->width + 2 * in.padding, flat->height + in.header + in.padding};
    ++done;
    job.Report(Stage::kLayingOut, static_cast<double>(done) / std::max(total, 1),
               std::to_string(done) + "/" + std::to_string(total));
  };
  lay(0);
  if (!failure.ok()) return failure;

  // Absolute positions, top-down.
  std::function<void(int, double, double)> place = [&](int g, double x, double y) {
    out.group_visible[g] = true;
    out.group_rects[g] = Rect{x, y, group_size[g].width, group_size[g].height};
    if (!expanded(g)) return;
    for (int c : h.groups[g].groups) place(c, x + rel_group[c].x, y + rel_group[c].y);
    for (int n : h.groups[g].nodes) {
      out.node_visible[n] = true;
      out.node_rects[n] =
          Rect{x + rel_node[n].x, y + rel_node[n].y, rel_node[n].width, rel_node[n].height};
    }
  };
  place(0, 0, 0);
  out.width = group_size[0].width;
  out.height = group_size[0].height;

  // Routes between visible items.
  auto visible_item = [&](int n) {
    for (size_t d = 1; d < chain[n].size(); ++d) {
      if (!expanded(chain[n][d])) return Item{true, chain[n][d]};
    }
    return Item{false, n};
  };
  auto rect_of = [&](const Item& it) {
    return it.is_group ? out.group_rects[it.index] : out.node_rects[it.index];
  };
  std::map<std::pair<std::pair<bool, int>, std::pair<bool, int>>, size_t> route_of;
  for (const FlatEdge& e : in.edges) {
    if (e.from < 0 || e.to < 0 || e.from >= N || e.to >= N) continue;
    const Item a = visible_item(e.from), b = visible_item(e.to);
    if (a == b) continue;
    auto key =
        std::make_pair(std::make_pair(a.is_group, a.index), std::make_pair(b.is_group, b.index));
    auto it = route_of.find(key);
    if (it != route_of.end()) {
      ++out.routes[it->second].count;
      continue;
    }
    Route r{a, b, 1, {}};
    // dot's own spline when both items are members of one expanded group's flat layout
    const auto &cu = chain[e.from], &cv = chain[e.to];
    size_t d = 0;
    while (d + 1 < cu.size() && d + 1 < cv.size() && cu[d + 1] == cv[d + 1]) ++d;
    const int lca = cu[d];
    if (member_at(e.from, d) == a && member_at(e.to, d) == b) {
      auto s = splines[lca].find(key);
      if (s != splines[lca].end() && !s->second.empty()) {
        const Rect& base = out.group_rects[lca];
        for (const Point& p : s->second) r.spline.push_back({p.x + base.x, p.y + base.y});
      }
    }
    if (r.spline.empty()) {
      const Rect ra = rect_of(a), rb = rect_of(b);
      // Boxes between the two ends that a straight connector could cross.
      std::vector<Rect> obstacles;
      for (int n = 0; n < N; ++n) {
        if (out.node_visible[n] && !(Item{false, n} == a) && !(Item{false, n} == b))
          obstacles.push_back(out.node_rects[n]);
      }
      r.spline = RoutedConnector(ra, rb, in.left_to_right, obstacles);
    }
    route_of[key] = out.routes.size();
    out.routes.push_back(std::move(r));
  }
  return out;
}

}  // namespace onnxlens::layout
