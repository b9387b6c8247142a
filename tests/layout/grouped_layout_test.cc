// Graph layout: scopes from names, one dot run, and the hierarchical layout (every visible node
// placed once, inside its group's frame, without overlaps; collapsed groups as boxes; routes).
#include "layout/grouped_layout.h"

#include <gtest/gtest.h>

#include "layout/synthetic_graph.h"
#include "test_jobs.h"

namespace onnxlens::layout {
namespace {

bool Overlap(const Rect& a, const Rect& b) {
  return a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 &&
         b.y < a.y + a.height - 0.5;
}

bool Inside(const Rect& in, const Rect& out) {
  return in.x >= out.x - 0.5 && in.y >= out.y - 0.5 && in.x + in.width <= out.x + out.width + 0.5 &&
         in.y + in.height <= out.y + out.height + 0.5;
}

TEST(GroupByScope, BuildsScopesAndDissolvesSingleMemberGroups) {
  const Hierarchy h = GroupByScope({"/a/b/x", "/a/b/y", "/a/z", "/c/only", "plain"});
  // root: group /a, nodes /c/only (its group had one member) and plain
  ASSERT_EQ(h.groups[0].groups.size(), 1u);
  const Group& a = h.groups[h.groups[0].groups[0]];
  EXPECT_EQ(a.path, "/a");
  EXPECT_EQ(a.total_nodes, 3);
  ASSERT_EQ(a.groups.size(), 1u);
  EXPECT_EQ(h.groups[a.groups[0]].path, "/a/b");
  EXPECT_EQ(h.groups[0].total_nodes, 5);
  EXPECT_EQ(h.group_of_node[3], 0);
  EXPECT_EQ(h.group_of_node[4], 0);
  EXPECT_EQ(h.group_of_node[0], a.groups[0]);
}

TEST(GroupByScope, OrdersScopesByTheNumbersInTheirNames) {
  // Digit runs compare as numbers: leading zeros do not count, a longer number is larger, and
  // equal numbers go on to the rest of the name.
  const Hierarchy h = GroupByScope({"/layer.10/x", "/layer.10/y", "/layer.2/x", "/layer.2/y",
                                    "/layer.007b/x", "/layer.007b/y", "/layer.7a/x", "/layer.7a/y",
                                    "/layer.0/x", "/layer.0/y", "/layer.99/x", "/layer.99/y"});
  std::vector<std::string> order;
  for (int g : h.groups[0].groups) order.push_back(h.groups[g].path);
  EXPECT_EQ(order, (std::vector<std::string>{"/layer.0", "/layer.2", "/layer.7a", "/layer.007b",
                                             "/layer.10", "/layer.99"}));
}

TEST(RunDot, ChainGoesDownAndEdgesHaveSplines) {
  FlatGraph g;
  g.boxes = {{100, 30}, {100, 30}, {100, 30}};
  g.edges = {{0, 1}, {1, 2}};
  auto l = RunDot(g);
  ASSERT_TRUE(l.ok()) << l.status().message();
  EXPECT_LT(l->centers[0].y, l->centers[1].y);
  EXPECT_LT(l->centers[1].y, l->centers[2].y);
  ASSERT_EQ(l->splines.size(), 2u);
  EXPECT_GE(l->splines[0].size(), 4u);
  EXPECT_GE(l->height, 90);
  EXPECT_FALSE(RunDot(FlatGraph{{{1, 1}}, {{0, 5}}}).ok());
}

TEST(GroupedLayout, FullyExpandedPlacesEveryNodeInsideItsGroups) {
  const auto g = testing::TransformerLike(3);
  LayoutInput in = testing::InputFor(g);
  in.expanded.assign(in.hierarchy.groups.size(), true);
  auto l = LayOut(in);
  ASSERT_TRUE(l.ok()) << l.status().message();
  const size_t n = g.names.size();
  for (size_t i = 0; i < n; ++i) {
    ASSERT_TRUE(l->node_visible[i]);
    for (size_t j = i + 1; j < n; ++j)
      EXPECT_FALSE(Overlap(l->node_rects[i], l->node_rects[j])) << g.names[i] << " " << g.names[j];
    for (int grp = in.hierarchy.group_of_node[i]; grp > 0; grp = in.hierarchy.groups[grp].parent)
      EXPECT_TRUE(Inside(l->node_rects[i], l->group_rects[grp])) << g.names[i];
  }
  // Many small dot runs, none as big as the graph.
  EXPECT_GT(l->dot_runs, 3);
  EXPECT_LT(l->largest_dot_graph, static_cast<int>(n));
  // Every graph edge is one route (none collapsed away), each a Bezier (3k + 1 points).
  int routed = 0;
  for (const Route& r : l->routes) {
    routed += r.count;
    EXPECT_EQ((r.spline.size() - 1) % 3, 0u);
  }
  EXPECT_EQ(routed, static_cast<int>(g.edges.size()));
}

// A point of a cubic Bezier chain.
Point At(const std::vector<Point>& s, size_t seg, double t) {
  const Point &a = s[3 * seg], &b = s[3 * seg + 1], &c = s[3 * seg + 2], &d = s[3 * seg + 3];
  const double u = 1 - t;
  return {u * u * u * a.x + 3 * u * u * t * b.x + 3 * u * t * t * c.x + t * t * t * d.x,
          u * u * u * a.y + 3 * u * u * t * b.y + 3 * u * t * t * c.y + t * t * t * d.y};
}

TEST(GroupedLayout, ConnectorsAcrossFramesGoAroundBoxes) {
  // Residual edges (prev -> Add in the next layer) cross group frames: they must not run through
  // the boxes of the chain between their ends.
  const auto g = testing::TransformerLike(2);
  LayoutInput in = testing::InputFor(g);
  in.expanded.assign(in.hierarchy.groups.size(), true);
  auto l = LayOut(in);
  ASSERT_TRUE(l.ok());
  int crossings = 0;
  for (const Route& r : l->routes) {
    for (size_t seg = 0; 3 * seg + 3 < r.spline.size(); ++seg) {
      for (double t = 0.1; t < 0.95; t += 0.1) {
        const Point p = At(r.spline, seg, t);
        for (size_t n = 0; n < g.names.size(); ++n) {
          if (static_cast<int>(n) == r.from.index || static_cast<int>(n) == r.to.index) continue;
          const Rect& b = l->node_rects[n];
          crossings +=
              p.x > b.x + 2 && p.x < b.x + b.width - 2 && p.y > b.y + 2 && p.y < b.y + b.height - 2;
        }
      }
    }
  }
  EXPECT_EQ(crossings, 0);
}

TEST(GroupedLayout, CollapsedGroupsHideTheirNodesAndMergeRoutes) {
  const auto g = testing::TransformerLike(4);
  LayoutInput in = testing::InputFor(g);  // all collapsed: root shows /embeddings/Add + /encoder
  auto l = LayOut(in);
  ASSERT_TRUE(l.ok()) << l.status().message();
  int visible_nodes = 0;
  for (bool v : l->node_visible) visible_nodes += v;
  EXPECT_EQ(visible_nodes, 1);  // /embeddings/Add (its group had one member)
  EXPECT_EQ(l->dot_runs, 1);
  ASSERT_EQ(l->routes.size(), 1u);  // Add -> /encoder, standing for its 4 edges into layer 0
  EXPECT_EQ(l->routes[0].count, 4);
  EXPECT_TRUE(l->routes[0].to.is_group);
}

TEST(GroupedLayout, AutoExpandStaysWithinTheBudget) {
  LayoutInput in = testing::InputFor(testing::TransformerLike(20));
  in.expanded = AutoExpand(in.hierarchy, 60);
  auto l = LayOut(in);
  ASSERT_TRUE(l.ok());
  int items = 0;
  for (bool v : l->node_visible) items += v;
  for (size_t g = 1; g < in.hierarchy.groups.size(); ++g)
    items += l->group_visible[g] && !in.expanded[g];
  EXPECT_LE(items, 60);
  EXPECT_GT(items, 20);                                        // it did open something
  EXPECT_TRUE(in.expanded[in.hierarchy.groups[0].groups[0]]);  // /encoder
}

TEST(GroupedLayout, CancelStopsWithCancelled) {
  LayoutInput in = testing::InputFor(testing::TransformerLike(2));
  in.expanded.assign(in.hierarchy.groups.size(), true);
  auto l = LayOut(in, ::onnxlens::testing::CancelledJob());
  ASSERT_FALSE(l.ok());
  EXPECT_EQ(l.status().code(), StatusCode::kCancelled);
}

// A flat graph (a 200,000-node chain, no name scopes) is paged: no group holds more than a page of
// nodes directly, so no single dot run gets more than a few hundred boxes; order is kept and the
// first page is the first one opened.
TEST(GroupByScope, AFlatGraphIsPagedSoNoDotRunIsHuge) {
  std::vector<std::string> names;
  for (int i = 0; i < 100000; ++i) names.push_back("n" + std::to_string(i));
  const Hierarchy h = GroupByScope(names);
  size_t placed = 0;
  for (const Group& g : h.groups) {
    EXPECT_LE(g.nodes.size(), 400u) << g.path;
    EXPECT_LE(g.groups.size() + g.nodes.size(), 400u) << g.path;
    placed += g.nodes.size();
  }
  EXPECT_EQ(placed, names.size());
  EXPECT_EQ(h.groups[0].total_nodes, 100000);
  for (size_t i = 1; i < names.size(); ++i) ASSERT_LE(h.group_of_node[i - 1], h.group_of_node[i]);
  const std::vector<bool> open = AutoExpand(h, 200);
  const int first = h.groups[0].groups.front();
  EXPECT_TRUE(open[first]);
  EXPECT_EQ(h.groups[first].path.find("[n0 \u2026"), 1u) << h.groups[first].path;
}

}  // namespace
}  // namespace onnxlens::layout
