// Layout scale benchmark (a program, not a test): a synthetic transformer-like graph of about
// N nodes, laid out (a) as the first usable view (groups opened up to 200 items on screen), (b)
// with one layer expanded, (c) fully expanded, hierarchically; and (d) as one flat dot run for
// comparison (only up to --flat-max nodes: dot's cost grows with the square of the size).
// Then real models (the corpus by default, or --model FILE ...): load + snapshot, view model,
// first view and full layout, each folded (Constants as rows, the default) as the GUI shows them.
//   layout_bench [--nodes N ...] [--flat-max N] [--model FILE ...]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <filesystem>

#include "api/graph_snapshot.h"
#include "api/graph_view_model.h"
#include "layout/synthetic_graph.h"
#include "test_paths.h"

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
  std::vector<std::string> models;
  int flat_max = 2000;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--nodes") && i + 1 < argc)
      sizes.push_back(std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "--model") && i + 1 < argc)
      models.push_back(argv[++i]);
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
  if (models.empty()) {
    for (const char* m : {"squeezenet1_1", "resnet18", "mobilenet_v2", "crnn", "ppocr_det",
                          "bert_tiny", "silero_vad_v4"}) {
      const auto p = onnxlens::testing::CorpusDir() / m / "model.onnx";
      if (std::filesystem::exists(p)) models.push_back(p.string());
    }
    if (models.empty()) std::printf("(../shared/corpus not found: no real models)\n");
  }
  if (!models.empty())
    std::printf("\nreal models: load + snapshot, view model, first view, full layout (ms)\n");
  for (const std::string& path : models) {
    auto t0 = Clock::now();
    auto snap = onnxlens::api::SnapshotModelFile(path);
    if (!snap.ok()) {
      std::printf("  %s: %s\n", path.c_str(), snap.status().message().c_str());
      continue;
    }
    const double load = Ms(t0);
    t0 = Clock::now();
    // About the GUI's font: 7 points a character, 16 a line.
    auto vm = onnxlens::api::BuildGraphViewModel(
        **snap, 0, {}, [](const std::string& s, bool) { return 7.0 * s.size(); }, 16);
    const double model = Ms(t0);
    LayoutInput first_in = vm.layout;
    first_in.expanded = AutoExpand(first_in.hierarchy, 200);
    t0 = Clock::now();
    auto first = LayOut(first_in);
    const double first_ms = Ms(t0);
    LayoutInput all = vm.layout;
    all.expanded.assign(all.hierarchy.groups.size(), true);
    t0 = Clock::now();
    auto full = LayOut(all);
    const double full_ms = Ms(t0);
    std::string name = std::filesystem::path(path).parent_path().filename().string();
    if (name.empty()) name = path;
    std::printf(
        "  %-16s %5lld nodes %5zu items  load %7.1f  model %5.1f  first view %7.1f"
        "  full %8.1f  (%d dot runs, largest %d boxes)\n",
        name.c_str(), static_cast<long long>((*snap)->node_count_total), vm.items.size(), load,
        model, first_ms, full_ms, full->dot_runs, full->largest_dot_graph);
  }
  return 0;
}
