// Hierarchical layout.
#include "layout/grouped_layout.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>
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
        // The runs without leading zeros, in place (a copy per run was two thirds of grouping a
        // 50,000-node graph): the shorter is the smaller number, else the first differing digit.
        size_t xs = i, ys = j;
        while (xs < ie && a[xs] == '0') ++xs;
        while (ys < je && b[ys] == '0') ++ys;
        if (ie - xs != je - ys) return ie - xs < je - ys;
        if (const int c = a.compare(xs, ie - xs, b, ys, je - ys); c != 0) return c < 0;
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
constexpr size_t kMaxDirectNodes = 400;  ///< more direct nodes than this are paged
constexpr size_t kNodePage = 200;

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

// Moves the nodes of a group holding more than kMaxDirectNodes of them (a flat graph: a
// 200,000-node chain without name scopes) into groups of kNodePage consecutive nodes, named by
// their first and last node: one dot run on 20,000 boxes took minutes (dot's cost grows with the
// square of the size); pages of pages follow from Paginate.
void PageNodes(Hierarchy* h, int g, const std::vector<std::string>& names) {
  const std::vector<int> kids = h->groups[g].groups;
  for (int c : kids) PageNodes(h, c, names);
  std::vector<int> nodes = h->groups[g].nodes;
  if (nodes.size() <= kMaxDirectNodes) return;
  auto last_part = [&](int n) {
    const std::string& p = names[n];
    return p.substr(p.rfind('/') + 1);
  };
  h->groups[g].nodes.clear();
  for (size_t b = 0; b < nodes.size(); b += kNodePage) {
    const size_t e = std::min(nodes.size(), b + kNodePage);
    Group page;
    // Named by the first and last named member (graph input / output items have no name).
    size_t first = b, last = e - 1;
    while (first + 1 < e && names[nodes[first]].empty()) ++first;
    while (last > first && names[nodes[last]].empty()) --last;
    page.path = h->groups[g].path + "/[" + last_part(nodes[first]) + " \u2026 " +
                last_part(nodes[last]) + "]";
    page.parent = g;
    page.nodes.assign(nodes.begin() + b, nodes.begin() + e);
    h->groups.push_back(page);
    const int pi = static_cast<int>(h->groups.size()) - 1;
    for (int n : h->groups[pi].nodes) h->group_of_node[n] = pi;
    h->groups[g].groups.push_back(pi);
  }
}

// Splits the child groups of every group with more than 1.5 pages of them into pages.
void Paginate(Hierarchy* h, int g) {
  std::vector<int> kids = h->groups[g].groups;
  if (kids.size() > kPage * 3 / 2) {
    std::vector<int> pages;
    for (size_t b = 0; b < kids.size(); b += kPage) {
      const size_t e = std::min(kids.size(), b + kPage);
      // A page of pages is named by its first page's first name and its last page's last one.
      auto last_part = [&](int k, bool first) {
        const std::string& p = h->groups[k].path;
        std::string part = p.substr(p.rfind('/') + 1);
        const std::string ellipsis = " \u2026 ";
        const size_t mid = part.find(ellipsis);
        if (part.size() > 2 && part.front() == '[' && part.back() == ']' &&
            mid != std::string::npos)
          part = first
                     ? part.substr(1, mid - 1)
                     : part.substr(mid + ellipsis.size(), part.size() - mid - ellipsis.size() - 1);
        return part;
      };
      Group page;
      page.path = h->groups[g].path + "/[" + last_part(kids[b], true) + " \u2026 " +
                  last_part(kids[e - 1], false) + "]";
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
  FinishHierarchy(&h, names);
  return h;
}

void FinishHierarchy(Hierarchy* h, const std::vector<std::string>& names) {
  PageNodes(h, 0, names);
  Paginate(h, 0);
  CountNodes(h, 0);
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
    // Biggest first; equal ones in their natural order (the first pages of a long chain).
    std::stable_sort(frontier.begin(), frontier.end(), [&](int a, int b) {
      return h.groups[a].total_nodes > h.groups[b].total_nodes;
    });
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

namespace {

using ItemKey = std::pair<std::pair<bool, int>, std::pair<bool, int>>;

ItemKey KeyOf(const Item& a, const Item& b) {
  return {{a.is_group, a.index}, {b.is_group, b.index}};
}

// Each node's chain of groups from the root, and each edge assigned to the group where its
// endpoints' chains part (their lowest common group), as an edge between two members of it.
struct EdgePlan {
  struct MemberEdge {
    Item a, b;
  };
  std::vector<std::vector<int>> chain;
  std::vector<std::vector<MemberEdge>> group_edges;

  /// The member of the group at `depth` of node n's chain that holds n.
  Item MemberAt(int n, size_t depth) const {
    return depth + 1 < chain[n].size() ? Item{true, chain[n][depth + 1]} : Item{false, n};
  }
  /// The depth of the lowest group both chains share.
  size_t PartingDepth(int u, int v) const {
    const auto &cu = chain[u], &cv = chain[v];
    size_t d = 0;
    while (d + 1 < cu.size() && d + 1 < cv.size() && cu[d + 1] == cv[d + 1]) ++d;
    return d;
  }
};

EdgePlan PlanEdges(const LayoutInput& in) {
  const Hierarchy& h = in.hierarchy;
  const int N = static_cast<int>(in.nodes.size());
  EdgePlan plan;
  plan.chain.resize(static_cast<size_t>(N));
  for (int n = 0; n < N; ++n) {
    for (int g = h.group_of_node[n]; g >= 0; g = h.groups[g].parent) plan.chain[n].push_back(g);
    std::reverse(plan.chain[n].begin(), plan.chain[n].end());
  }
  plan.group_edges.resize(h.groups.size());
  for (const FlatEdge& e : in.edges) {
    if (e.from < 0 || e.to < 0 || e.from >= N || e.to >= N || e.from == e.to) continue;
    const size_t d = plan.PartingDepth(e.from, e.to);
    const Item a = plan.MemberAt(e.from, d), b = plan.MemberAt(e.to, d);
    if (!(a == b)) plan.group_edges[plan.chain[e.from][d]].push_back({a, b});
  }
  return plan;
}

// One dot run per expanded group, bottom-up (a group's size is known once its members are laid
// out), then absolute positions top-down.
class GroupLayouter {
 public:
  GroupLayouter(const LayoutInput& in, const EdgePlan& plan, const JobControl& job,
                GroupedLayout* out)
      : in_(in), h_(in.hierarchy), plan_(plan), job_(job), out_(out) {
    const size_t G = h_.groups.size(), N = in.nodes.size();
    rel_node_.resize(N);
    rel_group_.resize(G);
    group_size_.resize(G);
    splines.resize(G);
    for (int g = 0; g < static_cast<int>(G); ++g) {
      bool vis = true;
      for (int p = g; p >= 0; p = h_.groups[p].parent) vis = vis && (p == g || Expanded(p));
      total_ += vis && Expanded(g);
    }
  }

  bool Expanded(int g) const {
    return g == 0 || (g < static_cast<int>(in_.expanded.size()) && in_.expanded[g]);
  }

  Status Run() {
    OL_RETURN_IF_ERROR(Lay(0));
    Place(0, 0, 0);
    out_->width = group_size_[0].width;
    out_->height = group_size_[0].height;
    return Status::Ok();
  }

  /// Splines of member edges per group, relative to the group's content origin.
  std::vector<std::map<ItemKey, std::vector<Point>>> splines;

 private:
  Status Lay(int g) {
    const Group& grp = h_.groups[g];
    std::vector<Item> members;
    for (int c : grp.groups) members.push_back({true, c});
    for (int n : grp.nodes) members.push_back({false, n});
    for (int c : grp.groups) {
      if (Expanded(c)) OL_RETURN_IF_ERROR(Lay(c));
      if (!Expanded(c)) group_size_[c] = in_.collapsed_box;
    }
    OL_RETURN_IF_ERROR(job_.CheckCancelled("layout"));
    FlatGraph fg;
    fg.left_to_right = in_.left_to_right;
    fg.rank_sep = in_.rank_sep;
    std::map<std::pair<bool, int>, int> index;
    for (const Item& m : members) {
      index[{m.is_group, m.index}] = static_cast<int>(fg.boxes.size());
      fg.boxes.push_back(m.is_group ? group_size_[m.index] : in_.nodes[m.index]);
    }
    std::vector<ItemKey> keys;
    std::set<ItemKey> seen;
    for (const EdgePlan::MemberEdge& e : plan_.group_edges[g]) {
      const ItemKey key = KeyOf(e.a, e.b);
      if (!seen.insert(key).second) continue;
      keys.push_back(key);
      fg.edges.push_back({index[key.first], index[key.second]});
    }
    OL_ASSIGN_OR_RETURN(FlatLayout flat, RunDot(fg));
    ++out_->dot_runs;
    out_->largest_dot_graph = std::max(out_->largest_dot_graph, static_cast<int>(fg.boxes.size()));
    const double ox = g == 0 ? 0 : in_.padding, oy = g == 0 ? 0 : in_.header;
    for (size_t i = 0; i < members.size(); ++i) {
      const Box b = fg.boxes[i];
      const Rect r{flat.centers[i].x - b.width / 2 + ox, flat.centers[i].y - b.height / 2 + oy,
                   b.width, b.height};
      (members[i].is_group ? rel_group_[members[i].index] : rel_node_[members[i].index]) = r;
    }
    for (size_t k = 0; k < keys.size(); ++k) {
      std::vector<Point> pts = flat.splines[k];
      for (Point& p : pts) p = {p.x + ox, p.y + oy};
      splines[g][keys[k]] = std::move(pts);
    }
    group_size_[g] =
        g == 0 ? Box{flat.width, flat.height}
               : Box{flat.width + 2 * in_.padding, flat.height + in_.header + in_.padding};
    ++done_;
    job_.Report(Stage::kLayingOut, static_cast<double>(done_) / std::max(total_, 1),
                std::to_string(done_) + "/" + std::to_string(total_));
    return Status::Ok();
  }

  void Place(int g, double x, double y) {
    out_->group_visible[g] = true;
    out_->group_rects[g] = Rect{x, y, group_size_[g].width, group_size_[g].height};
    if (!Expanded(g)) return;
    for (int c : h_.groups[g].groups) Place(c, x + rel_group_[c].x, y + rel_group_[c].y);
    for (int n : h_.groups[g].nodes) {
      out_->node_visible[n] = true;
      out_->node_rects[n] =
          Rect{x + rel_node_[n].x, y + rel_node_[n].y, rel_node_[n].width, rel_node_[n].height};
    }
  }

  const LayoutInput& in_;
  const Hierarchy& h_;
  const EdgePlan& plan_;
  const JobControl& job_;
  GroupedLayout* out_;
  std::vector<Rect> rel_node_, rel_group_;
  std::vector<Box> group_size_;
  int total_ = 0, done_ = 0;
};

// One route per pair of visible items an edge joins: dot's own spline when both are members of
// one expanded group's run, else a connector around the boxes in between.
void RouteEdges(const LayoutInput& in, const EdgePlan& plan, const GroupLayouter& laid,
                GroupedLayout* out) {
  const int N = static_cast<int>(in.nodes.size());
  auto visible_item = [&](int n) {
    for (size_t d = 1; d < plan.chain[n].size(); ++d) {
      if (!laid.Expanded(plan.chain[n][d])) return Item{true, plan.chain[n][d]};
    }
    return Item{false, n};
  };
  auto rect_of = [&](const Item& it) {
    return it.is_group ? out->group_rects[it.index] : out->node_rects[it.index];
  };
  // Visible boxes by where they start along the flow (y top to bottom, x left to right).
  std::vector<std::pair<double, int>> by_start;
  for (int n = 0; n < N; ++n) {
    if (out->node_visible[n])
      by_start.push_back({in.left_to_right ? out->node_rects[n].x : out->node_rects[n].y, n});
  }
  std::sort(by_start.begin(), by_start.end());
  std::map<ItemKey, size_t> route_of;
  for (const FlatEdge& e : in.edges) {
    if (e.from < 0 || e.to < 0 || e.from >= N || e.to >= N) continue;
    const Item a = visible_item(e.from), b = visible_item(e.to);
    if (a == b) continue;
    const ItemKey key = KeyOf(a, b);
    auto it = route_of.find(key);
    if (it != route_of.end()) {
      ++out->routes[it->second].count;
      continue;
    }
    Route r{a, b, 1, {}};
    const size_t d = plan.PartingDepth(e.from, e.to);
    const int lca = plan.chain[e.from][d];
    if (plan.MemberAt(e.from, d) == a && plan.MemberAt(e.to, d) == b) {
      auto s = laid.splines[lca].find(key);
      if (s != laid.splines[lca].end() && !s->second.empty()) {
        const Rect& base = out->group_rects[lca];
        for (const Point& p : s->second) r.spline.push_back({p.x + base.x, p.y + base.y});
      }
    }
    if (r.spline.empty()) {
      // Boxes between the two ends that a straight connector could cross: those whose extent
      // along the flow lies within the ends' (found by a binary search over the sorted boxes).
      const Rect ra = rect_of(a), rb = rect_of(b);
      const double lo = in.left_to_right ? std::min(ra.x, rb.x) : std::min(ra.y, rb.y);
      const double hi = in.left_to_right ? std::max(ra.x + ra.width, rb.x + rb.width)
                                         : std::max(ra.y + ra.height, rb.y + rb.height);
      std::vector<Rect> obstacles;
      auto it =
          std::lower_bound(by_start.begin(), by_start.end(), lo,
                           [](const std::pair<double, int>& e, double v) { return e.first < v; });
      for (; it != by_start.end() && it->first <= hi; ++it) {
        const int n = it->second;
        if (!(Item{false, n} == a) && !(Item{false, n} == b))
          obstacles.push_back(out->node_rects[n]);
      }
      r.spline = RoutedConnector(ra, rb, in.left_to_right, obstacles);
    }
    route_of[key] = out->routes.size();
    out->routes.push_back(std::move(r));
  }
}

}  // namespace

Expected<GroupedLayout> LayOut(const LayoutInput& in, const JobControl& job) {
  const Hierarchy& h = in.hierarchy;
  const size_t G = h.groups.size(), N = in.nodes.size();
  if (G == 0 || h.group_of_node.size() != N)
    return InvalidArgument("layout: the hierarchy does not match the nodes");
  const EdgePlan plan = PlanEdges(in);
  GroupedLayout out;
  out.node_visible.assign(N, false);
  out.node_rects.assign(N, Rect{});
  out.group_visible.assign(G, false);
  out.group_rects.assign(G, Rect{});
  GroupLayouter laid(in, plan, job, &out);
  OL_RETURN_IF_ERROR(laid.Run());
  RouteEdges(in, plan, laid, &out);
  return out;
}

}  // namespace onnxlens::layout
