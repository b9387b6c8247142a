// Graphviz dot through gvc / cgraph.
#include "layout/dot_layout.h"

#include <graphviz/gvc.h>

#include <cstdio>
#include <cstring>
#include <list>
#include <mutex>
#include <unordered_map>

namespace onnxlens::layout {

namespace {

std::mutex& GraphvizMutex() {
  static std::mutex mu;
  return mu;
}

std::string Inches(double points) {
  char b[32];
  std::snprintf(b, sizeof b, "%.4f", points / 72.0);
  return b;
}

// cgraph wants char* for names and values.
void Set(void* obj, const char* name, const std::string& value) {
  agsafeset(obj, const_cast<char*>(name), const_cast<char*>(value.c_str()), const_cast<char*>(""));
}

// Dot results by their exact input, least recently used out beyond kMemoBytes. Dot is
// deterministic, so a group laid out again with the same boxes and edges (the same block on the
// other side of a comparison, a group no pass changed at the next pass step, an expand undone)
// gets the same positions without a run.
constexpr size_t kMemoBytes = size_t{64} << 20;

class DotMemo {
 public:
  static DotMemo& Get() {
    static DotMemo memo;
    return memo;
  }
  static std::string KeyOf(const FlatGraph& g) {
    std::string key;
    key.reserve(24 + g.boxes.size() * sizeof(Box) + g.edges.size() * sizeof(FlatEdge));
    auto put = [&key](const void* p, size_t n) { key.append(static_cast<const char*>(p), n); };
    const char ltr = g.left_to_right ? 1 : 0;
    put(&ltr, 1);
    put(&g.node_sep, sizeof g.node_sep);
    put(&g.rank_sep, sizeof g.rank_sep);
    const size_t n = g.boxes.size();
    put(&n, sizeof n);
    for (const Box& b : g.boxes) {
      put(&b.width, sizeof b.width);
      put(&b.height, sizeof b.height);
    }
    for (const FlatEdge& e : g.edges) {
      put(&e.from, sizeof e.from);
      put(&e.to, sizeof e.to);
    }
    return key;
  }
  bool Find(const std::string& key, FlatLayout* out) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = index_.find(key);
    if (it == index_.end()) return false;
    lru_.splice(lru_.begin(), lru_, it->second);
    *out = it->second->layout;
    ++stats_.hits;
    return true;
  }
  void Put(std::string key, const FlatLayout& layout) {
    std::lock_guard<std::mutex> lock(mu_);
    ++stats_.runs;
    if (index_.count(key)) return;
    size_t bytes = key.size() * 2 + sizeof(FlatLayout) + layout.centers.size() * sizeof(Point);
    for (const auto& s : layout.splines) bytes += sizeof s + s.size() * sizeof(Point);
    lru_.push_front(Entry{key, layout, bytes});
    index_.emplace(std::move(key), lru_.begin());
    bytes_ += bytes;
    while (bytes_ > kMemoBytes && !lru_.empty()) {
      bytes_ -= lru_.back().bytes;
      index_.erase(lru_.back().key);
      lru_.pop_back();
    }
  }
  DotStats Stats() {
    std::lock_guard<std::mutex> lock(mu_);
    return stats_;
  }

 private:
  struct Entry {
    std::string key;
    FlatLayout layout;
    size_t bytes;
  };
  std::mutex mu_;
  std::list<Entry> lru_;
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
  size_t bytes_ = 0;
  DotStats stats_;
};

}  // namespace

DotStats GetDotStats() { return DotMemo::Get().Stats(); }

// One Graphviz context for the process (creating one loads the plugins; freeing it leaks what
// libgvc keeps internally), used under GraphvizMutex().
static GVC_t* Context() {
  static GVC_t* gvc = gvContext();
  return gvc;
}

Expected<FlatLayout> RunDot(const FlatGraph& fg) {
  std::string key = DotMemo::KeyOf(fg);
  FlatLayout memo;
  if (DotMemo::Get().Find(key, &memo)) return memo;
  OL_ASSIGN_OR_RETURN(FlatLayout out, RunDotUncached(fg));
  DotMemo::Get().Put(std::move(key), out);
  return out;
}

Expected<FlatLayout> RunDotUncached(const FlatGraph& fg) {
  std::lock_guard<std::mutex> lock(GraphvizMutex());
  GVC_t* gvc = Context();
  if (!gvc) return Internal("Graphviz: cannot create a context");
  Agraph_t* g = agopen(const_cast<char*>("g"), Agdirected, nullptr);
  Set(g, "rankdir", fg.left_to_right ? "LR" : "TB");
  Set(g, "nodesep", Inches(fg.node_sep));
  Set(g, "ranksep", Inches(fg.rank_sep));
  Set(g, "splines", "spline");
  // No arrowheads from Graphviz (the view draws its own): splines then end on the box outlines.
  agattr(g, AGEDGE, const_cast<char*>("dir"), const_cast<char*>("none"));
  std::vector<Agnode_t*> nodes;
  nodes.reserve(fg.boxes.size());
  for (size_t i = 0; i < fg.boxes.size(); ++i) {
    std::string name = "n" + std::to_string(i);
    Agnode_t* n = agnode(g, name.data(), 1);
    Set(n, "shape", "box");
    Set(n, "fixedsize", "true");
    Set(n, "label", "");
    Set(n, "width", Inches(std::max(1.0, fg.boxes[i].width)));
    Set(n, "height", Inches(std::max(1.0, fg.boxes[i].height)));
    nodes.push_back(n);
  }
  std::vector<Agedge_t*> edges;
  for (const FlatEdge& e : fg.edges) {
    if (e.from < 0 || e.to < 0 || e.from >= static_cast<int>(nodes.size()) ||
        e.to >= static_cast<int>(nodes.size())) {
      agclose(g);
      return InvalidArgument("layout edge refers to a missing box");
    }
    // Parallel edges are kept apart by a key of their own.
    std::string key = "e" + std::to_string(edges.size());
    edges.push_back(agedge(g, nodes[e.from], nodes[e.to], key.data(), 1));
  }
  if (gvLayout(gvc, g, "dot") != 0) {
    agclose(g);
    return Internal("Graphviz dot could not lay out the graph");
  }
  FlatLayout out;
  const boxf bb = GD_bb(g);
  out.width = bb.UR.x - bb.LL.x;
  out.height = bb.UR.y - bb.LL.y;
  // Graphviz's y grows upwards; ours (Qt's) downwards.
  auto conv = [&](pointf p) { return Point{p.x - bb.LL.x, bb.UR.y - p.y}; };
  for (Agnode_t* n : nodes) out.centers.push_back(conv(ND_coord(n)));
  for (Agedge_t* e : edges) {
    std::vector<Point> pts;
    if (const splines* s = ED_spl(e); s && s->size > 0) {
      const bezier& bz = s->list[0];
      for (int i = 0; i < bz.size; ++i) pts.push_back(conv(bz.list[i]));
    }
    out.splines.push_back(std::move(pts));
  }
  gvFreeLayout(gvc, g);
  agclose(g);
  return out;
}

}  // namespace onnxlens::layout
