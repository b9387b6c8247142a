// A synthetic transformer-like graph for layout tests and benchmarks: `layers` blocks named
// "/encoder/layer.N/attention/..." and "/encoder/layer.N/ffn/...", each a small DAG, chained.
#pragma once

#include <string>
#include <vector>

#include "layout/grouped_layout.h"

namespace onnxlens::layout::testing {

struct SyntheticGraph {
  std::vector<std::string> names;
  std::vector<FlatEdge> edges;
};

inline SyntheticGraph TransformerLike(int layers) {
  SyntheticGraph g;
  auto add = [&](const std::string& name) {
    g.names.push_back(name);
    return static_cast<int>(g.names.size()) - 1;
  };
  int prev = add("/embeddings/Add");
  for (int l = 0; l < layers; ++l) {
    const std::string a = "/encoder/layer." + std::to_string(l) + "/attention/";
    const std::string f = "/encoder/layer." + std::to_string(l) + "/ffn/";
    int q = add(a + "query/MatMul"), k = add(a + "key/MatMul"), v = add(a + "value/MatMul");
    for (int x : {q, k, v}) g.edges.push_back({prev, x});
    int qb = add(a + "query/Add"), kb = add(a + "key/Add"), vb = add(a + "value/Add");
    g.edges.push_back({q, qb});
    g.edges.push_back({k, kb});
    g.edges.push_back({v, vb});
    int s = add(a + "MatMul"), d = add(a + "Div"), sm = add(a + "Softmax"),
        pv = add(a + "MatMul_1");
    g.edges.push_back({qb, s});
    g.edges.push_back({kb, s});
    g.edges.push_back({s, d});
    g.edges.push_back({d, sm});
    g.edges.push_back({sm, pv});
    g.edges.push_back({vb, pv});
    int o = add(a + "dense/MatMul"), r = add(a + "Add"), ln = add(a + "ln/LayerNorm");
    g.edges.push_back({pv, o});
    g.edges.push_back({o, r});
    g.edges.push_back({prev, r});
    g.edges.push_back({r, ln});
    int f1 = add(f + "MatMul"), ge = add(f + "Gelu"), f2 = add(f + "MatMul_1"), r2 = add(f + "Add"),
        ln2 = add(f + "ln/LayerNorm");
    g.edges.push_back({ln, f1});
    g.edges.push_back({f1, ge});
    g.edges.push_back({ge, f2});
    g.edges.push_back({f2, r2});
    g.edges.push_back({ln, r2});
    g.edges.push_back({r2, ln2});
    prev = ln2;
  }
  return g;
}

inline LayoutInput InputFor(const SyntheticGraph& g) {
  LayoutInput in;
  in.nodes.assign(g.names.size(), Box{120, 36});
  in.edges = g.edges;
  in.hierarchy = GroupByScope(g.names);
  in.expanded.assign(in.hierarchy.groups.size(), false);
  return in;
}

}  // namespace onnxlens::layout::testing
