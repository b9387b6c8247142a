// Layout scale benchmark (a program, not a test): a synthetic transformer-like graph of about
// N nodes, laid out (a) as the first usable view (groups opened up to 200 items on screen), (b)
// with one layer expanded, (c) fully expanded, hierarchically; and (d) as one flat dot run for
// comparison (only up to --flat-max nodes: dot's cost grows with the square of the size).
//   layout_bench [--nodes N ...] [--flat-max N]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "layout/synthetic_graph.h"

using namespace onnxlens::layout;
using Clock = std::chrono::steady_clock;

namespace {

double Ms(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

void Row(const char* what, int nodes, double ms, const GroupedLayout& l) {
  int visible = 0;
  for (bool v : l.node_visible) visible += v;
  std::printf("  %-28s %7d nodes %9.1f ms   %5d dot runs, largest %5d boxes, %6d visible nodes\n",
              what, nodes, ms, l.dot_runs, l.largest_dot_graph, visible);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes;
  int flat_max = 2000;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--nodes") && i + 1 < argc)
      sizes.push_back(std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "--flat-max") && i + 1 < argc)
      flat_max = std::atoi(argv[++i]);
  }
  if (sizes.empty()) sizes = {1000, 2000, 10000};
  // Warm Graphviz up (plugin loading) so the first figure is not the loader's.
  (void)RunDot(FlatGraph{{{10, 10}}, {}});
  std::printf("layout of a synthetic transformer-like graph (18 nodes per layer)\n");
  for (int target : sizes) {
    const auto g = testing::TransformerLike(std::max(1, target / 18));
    const int n = static_cast<int>(g.names.size());
    LayoutInput in = testing::InputFor(g);
    auto t0 = Clock::now();
    auto top = LayOut(in);
    Row("top level only", n, Ms(t0), *top);
    LayoutInput first_in = in;
    t0 = Clock::now();
    first_in.expanded = AutoExpand(first_in.hierarchy, 200);
    auto first = LayOut(first_in);
    Row("first view (<= 200 items)", n, Ms(t0), *first);
    // Expand /encoder and its first layer (what a user opens first).
    LayoutInput one = in;
    for (size_t k = 0; k < one.hierarchy.groups.size(); ++k) {
      const std::string& p = one.hierarchy.groups[k].path;
      if (p == "/encoder" || p.rfind("/encoder/[layer.0 ", 0) == 0 || p == "/encoder/layer.0" ||
          p.rfind("/encoder/layer.0/", 0) == 0)
        one.expanded[k] = true;
    }
    t0 = Clock::now();
    auto l1 = LayOut(one);
    Row("one layer expanded", n, Ms(t0), *l1);
    LayoutInput all = in;
    all.expanded.assign(all.hierarchy.groups.size(), true);
    t0 = Clock::now();
    auto full = LayOut(all);
    Row("fully expanded (grouped)", n, Ms(t0), *full);
    if (n <= flat_max) {
      FlatGraph fg;
      fg.boxes.assign(g.names.size(), Box{120, 36});
      fg.edges = g.edges;
      t0 = Clock::now();
      auto flat = RunDot(fg);
      std::printf("  %-28s %7d nodes %9.1f ms   (one dot run)\n", "flat dot", n, Ms(t0));
      (void)flat;
    }
  }
  return 0;
}
