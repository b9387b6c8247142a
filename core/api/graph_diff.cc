// Node correspondence (provenance or matching) and op-count tables.
#include "api/graph_diff.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <string_view>
#include <unordered_map>

#include "ir/tensor.h"

namespace onnxlens::api {

namespace {

std::string OpKey(const SnapshotNode& n) {
  return n.domain.empty() || n.domain == "ai.onnx" ? n.op_type : n.domain + ":" + n.op_type;
}

bool SameTensor(const SnapshotValue& a, const SnapshotValue& b) {
  if (a.data == b.data) return true;
  if (!a.data || !b.data) return false;
  if (a.data->nbytes() != b.data->nbytes() || a.data->dtype() != b.data->dtype()) return false;
  if (a.data->raw() == b.data->raw()) return true;
  return a.data->nbytes() == 0 || std::memcmp(a.data->raw(), b.data->raw(), a.data->nbytes()) == 0;
}

// An initializer or a Constant node's output: a weight, compared by content.
bool IsConstant(const SnapshotGraph& g, const SnapshotValue& v) {
  return v.initializer || (v.producer >= 0 && g.nodes[v.producer].op_type == "Constant" &&
                           g.nodes[v.producer].domain.empty());
}

// Same op, attributes and weights (constant inputs compared by content); activations are compared
// by the caller, who knows the correspondence.
bool SameNode(const SnapshotGraph& lg, const SnapshotNode& l, const SnapshotGraph& rg,
              const SnapshotNode& r) {
  if (OpKey(l) != OpKey(r) || l.inputs.size() != r.inputs.size() ||
      l.outputs.size() != r.outputs.size() || l.attributes.size() != r.attributes.size())
    return false;
  for (size_t i = 0; i < l.attributes.size(); ++i) {
    const auto &a = l.attributes[i], &b = r.attributes[i];
    if (a.name != b.name || a.type != b.type || a.value != b.value) return false;
  }
  for (size_t i = 0; i < l.inputs.size(); ++i) {
    const int a = l.inputs[i], b = r.inputs[i];
    if ((a < 0) != (b < 0)) return false;
    if (a < 0) continue;
    const SnapshotValue &va = lg.values[a], &vb = rg.values[b];
    // A computed input that became a constant (its producers folded away) is their change, not
    // this node's; two different constants are.
    if (IsConstant(lg, va) && IsConstant(rg, vb) && !SameTensor(va, vb)) return false;
  }
  return true;
}

void Count(GraphDiff& d) {
  for (DiffState s : d.right) {
    d.unchanged += s == DiffState::kUnchanged;
    d.modified += s == DiffState::kModified;
    d.added += s == DiffState::kAdded;
    d.fused += s == DiffState::kFused;
  }
  for (DiffState s : d.left) {
    d.removed += s == DiffState::kRemoved;
    d.fused_origins += s == DiffState::kFused;
  }
}

// Left states from the right ones: removed without a counterpart, fused when a counterpart is.
void LeftStates(GraphDiff& d) {
  for (size_t l = 0; l < d.left.size(); ++l) {
    auto& c = d.left_to_right[l];
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    if (c.empty()) {
      d.left[l] = DiffState::kRemoved;
      continue;
    }
    DiffState s = DiffState::kUnchanged;
    for (int r : c) {
      if (d.right[r] == DiffState::kFused) s = DiffState::kFused;
      if (d.right[r] == DiffState::kModified && s == DiffState::kUnchanged)
        s = DiffState::kModified;
    }
    d.left[l] = s;
  }
}

GraphDiff Empty(const SnapshotGraph& left, const SnapshotGraph& right) {
  GraphDiff d;
  d.left.assign(left.nodes.size(), DiffState::kRemoved);
  d.right.assign(right.nodes.size(), DiffState::kAdded);
  d.left_to_right.resize(left.nodes.size());
  d.right_to_left.resize(right.nodes.size());
  return d;
}

// Union-find over one side's unmatched nodes, joined by the values between them.
std::vector<int> Regions(const SnapshotGraph& g, const std::vector<int>& match) {
  std::vector<int> parent(g.nodes.size());
  std::iota(parent.begin(), parent.end(), 0);
  std::function<int(int)> find = [&](int x) {
    return parent[x] == x ? x : parent[x] = find(parent[x]);
  };
  for (size_t n = 0; n < g.nodes.size(); ++n) {
    if (match[n] >= 0) continue;
    for (int v : g.nodes[n].inputs) {
      if (v < 0) continue;
      const int p = g.values[v].producer;
      if (p >= 0 && match[p] < 0) parent[find(static_cast<int>(n))] = find(p);
    }
  }
  std::vector<int> region(g.nodes.size(), -1);
  for (size_t n = 0; n < g.nodes.size(); ++n)
    if (match[n] < 0) region[n] = find(static_cast<int>(n));
  return region;
}

// Names of the non-initializer values a region reads or writes, by region.
std::map<int, std::set<std::string>> Boundaries(const SnapshotGraph& g,
                                                const std::vector<int>& region) {
  std::map<int, std::set<std::string>> out;
  for (size_t n = 0; n < g.nodes.size(); ++n) {
    if (region[n] < 0) continue;
    auto& names = out[region[n]];
    for (int v : g.nodes[n].inputs)
      if (v >= 0 && !g.values[v].initializer) names.insert(g.values[v].name);
    for (int v : g.nodes[n].outputs)
      if (v >= 0) names.insert(g.values[v].name);
  }
  return out;
}

}  // namespace

const char* DiffStateName(DiffState s) {
  switch (s) {
    case DiffState::kUnchanged:
      return "unchanged";
    case DiffState::kModified:
      return "modified";
    case DiffState::kFused:
      return "fused";
    case DiffState::kRemoved:
      return "removed";
    case DiffState::kAdded:
      return "added";
  }
  return "?";
}

GraphDiff DiffByProvenance(const SnapshotGraph& left, const SnapshotGraph& right) {
  GraphDiff d = Empty(left, right);
  // A node stands for its origins, or for itself when it has none.
  auto stands_for = [](const SnapshotNode& n) {
    return n.origins.empty() ? std::vector<int64_t>{n.id} : n.origins;
  };
  std::unordered_map<int64_t, std::vector<int>> left_by_origin;
  std::unordered_map<int64_t, int> left_by_id;
  for (size_t l = 0; l < left.nodes.size(); ++l) {
    left_by_id[left.nodes[l].id] = static_cast<int>(l);
    for (int64_t o : stands_for(left.nodes[l])) left_by_origin[o].push_back(static_cast<int>(l));
  }
  for (size_t r = 0; r < right.nodes.size(); ++r) {
    const SnapshotNode& rn = right.nodes[r];
    std::set<int> counterparts;
    if (auto it = left_by_id.find(rn.id); it != left_by_id.end()) counterparts.insert(it->second);
    for (int64_t o : stands_for(rn)) {
      if (auto it = left_by_origin.find(o); it != left_by_origin.end())
        counterparts.insert(it->second.begin(), it->second.end());
    }
    auto& c = d.right_to_left[r];
    c.assign(counterparts.begin(), counterparts.end());
    for (int l : c) d.left_to_right[l].push_back(static_cast<int>(r));
    if (c.empty()) {
      d.right[r] = DiffState::kAdded;
    } else if (c.size() > 1) {
      d.right[r] = DiffState::kFused;
    } else {
      const SnapshotNode& ln = left.nodes[c[0]];
      d.right[r] = ln.id == rn.id && SameNode(left, ln, right, rn) ? DiffState::kUnchanged
                                                                   : DiffState::kModified;
    }
  }
  LeftStates(d);
  Count(d);
  return d;
}

GraphDiff DiffByMatching(const SnapshotGraph& left, const SnapshotGraph& right) {
  GraphDiff d = Empty(left, right);
  std::vector<int> l2r(left.nodes.size(), -1), r2l(right.nodes.size(), -1);
  auto pair = [&](int l, int r) {
    l2r[l] = r;
    r2l[r] = l;
  };

  // 1. Unique names.
  auto unique_names = [](const SnapshotGraph& g) {
    std::unordered_map<std::string, int> by_name;
    for (size_t n = 0; n < g.nodes.size(); ++n) {
      const std::string& name = g.nodes[n].name;
      if (name.empty()) continue;
      auto [it, inserted] = by_name.emplace(name, static_cast<int>(n));
      if (!inserted) it->second = -1;
    }
    return by_name;
  };
  const auto left_names = unique_names(left);
  for (const auto& [name, r] : unique_names(right)) {
    auto it = left_names.find(name);
    if (r >= 0 && it != left_names.end() && it->second >= 0) pair(it->second, r);
  }

  // 2. Structure: an unmatched node pairs with an unmatched node of the same op type whose
  // neighbours agree (matched producers / consumers, or the same value names), best score first;
  // repeated while it finds pairs, so matches spread along chains of unnamed nodes.
  std::unordered_map<std::string, std::vector<int>> left_by_op;
  for (size_t l = 0; l < left.nodes.size(); ++l)
    left_by_op[OpKey(left.nodes[l])].push_back(static_cast<int>(l));
  auto value_agrees = [&](int lv, int rv) {
    if (lv < 0 || rv < 0) return false;
    const SnapshotValue &a = left.values[lv], &b = right.values[rv];
    if (a.name == b.name) return true;
    return a.producer >= 0 && b.producer >= 0 && l2r[a.producer] == b.producer;
  };
  auto score = [&](int l, int r) {
    const SnapshotNode &ln = left.nodes[l], &rn = right.nodes[r];
    int s = 0;
    for (size_t i = 0; i < std::min(ln.inputs.size(), rn.inputs.size()); ++i)
      s += value_agrees(ln.inputs[i], rn.inputs[i]);
    for (size_t o = 0; o < std::min(ln.outputs.size(), rn.outputs.size()); ++o) {
      const int lv = ln.outputs[o], rv = rn.outputs[o];
      if (lv < 0 || rv < 0) continue;
      if (left.values[lv].name == right.values[rv].name) {
        ++s;
        continue;
      }
      for (int lc : left.values[lv].consumers)
        for (int rc : right.values[rv].consumers) s += l2r[lc] == rc;
    }
    return s;
  };
  for (bool found = true; found;) {
    found = false;
    for (size_t r = 0; r < right.nodes.size(); ++r) {
      if (r2l[r] >= 0) continue;
      auto it = left_by_op.find(OpKey(right.nodes[r]));
      if (it == left_by_op.end()) continue;
      int best = -1, best_score = 0;
      for (int l : it->second) {
        if (l2r[l] >= 0) continue;
        const int s = score(l, static_cast<int>(r));
        if (s > best_score) {
          best = l;
          best_score = s;
        }
      }
      if (best >= 0) {
        pair(best, static_cast<int>(r));
        found = true;
      }
    }
  }

  // States of the pairs: a rewired input (its producer matched to another node) is a change; an
  // input whose producer went away (an Identity removed) is not.
  for (size_t r = 0; r < right.nodes.size(); ++r) {
    const int l = r2l[r];
    if (l < 0) continue;
    d.right_to_left[r] = {l};
    d.left_to_right[l] = {static_cast<int>(r)};
    const SnapshotNode &ln = left.nodes[l], &rn = right.nodes[r];
    bool same = SameNode(left, ln, right, rn);
    for (size_t i = 0; same && i < ln.inputs.size(); ++i) {
      const int lv = ln.inputs[i], rv = rn.inputs[i];
      if (lv < 0 || rv < 0) continue;
      const int lp = left.values[lv].producer, rp = right.values[rv].producer;
      if (lp >= 0 && rp >= 0 && l2r[lp] >= 0 && l2r[lp] != rp) same = false;
      if (lp < 0 && rp < 0 && !left.values[lv].initializer &&
          left.values[lv].name != right.values[rv].name)
        same = false;
    }
    d.right[r] = same ? DiffState::kUnchanged : DiffState::kModified;
  }

  // 3. Unmatched regions sharing a boundary value: replacements.
  const std::vector<int> left_region = Regions(left, l2r), right_region = Regions(right, r2l);
  const auto left_bounds = Boundaries(left, left_region);
  const auto right_bounds = Boundaries(right, right_region);
  std::map<int, std::set<int>> linked;  // right region -> left regions
  for (const auto& [rr, names] : right_bounds) {
    for (const auto& [lr, lnames] : left_bounds) {
      for (const std::string& n : names) {
        if (lnames.count(n)) {
          linked[rr].insert(lr);
          break;
        }
      }
    }
  }
  std::map<int, std::vector<int>> left_members;
  for (size_t l = 0; l < left.nodes.size(); ++l)
    if (left_region[l] >= 0) left_members[left_region[l]].push_back(static_cast<int>(l));
  for (size_t r = 0; r < right.nodes.size(); ++r) {
    if (right_region[r] < 0) continue;
    auto it = linked.find(right_region[r]);
    if (it == linked.end()) continue;  // added
    // A quantizer's QuantizeLinear / DequantizeLinear replaces nothing: added (a float model
    // against its QDQ copy shows every Q/DQ pair as new, not as a fusion of the BatchNormalization
    // or Clip it folded).
    const std::string& op = right.nodes[r].op_type;
    if (op == "QuantizeLinear" || op == "DequantizeLinear") continue;
    d.right[r] = DiffState::kFused;
    for (int lr : it->second) {
      for (int l : left_members[lr]) {
        d.right_to_left[r].push_back(l);
        d.left_to_right[l].push_back(static_cast<int>(r));
      }
    }
  }

  // 4. Fusions into a matched node: a right node matched to a left node (by name: Conv ->
  // FusedConv keeps the Conv's name) that absorbed unmatched left nodes, with the rest of their
  // region: those that write a value of the right node's outputs (the fused node takes over the
  // last node's output: Conv + BatchNormalization -> Conv), and, when the op type changed, those
  // that read the left node's outputs. Fused, not "modified + removed".
  std::set<int> linked_left;
  for (const auto& [rr, lrs] : linked) linked_left.insert(lrs.begin(), lrs.end());
  for (size_t r = 0; r < right.nodes.size(); ++r) {
    const int l = r2l[r];
    if (l < 0) continue;
    const bool retyped = OpKey(left.nodes[l]) != OpKey(right.nodes[r]);
    std::set<std::string> outputs;
    for (int v : right.nodes[r].outputs)
      if (v >= 0) outputs.insert(right.values[v].name);
    std::set<int> absorbed;  // left regions
    auto take = [&](int x) {
      if (x >= 0 && left_region[x] >= 0 && !linked_left.count(left_region[x]))
        absorbed.insert(left_region[x]);
    };
    for (int v : retyped ? left.nodes[l].outputs : std::vector<int>())
      if (v >= 0)
        for (int c : left.values[v].consumers) take(c);
    for (const std::string& name : outputs)
      for (size_t x = 0; x < left.nodes.size(); ++x)
        for (int v : left.nodes[x].outputs)
          if (v >= 0 && left.values[v].name == name) take(static_cast<int>(x));
    if (absorbed.empty()) continue;
    d.right[r] = DiffState::kFused;
    for (int lr : absorbed) {
      linked_left.insert(lr);
      for (int x : left_members[lr]) {
        d.right_to_left[r].push_back(x);
        d.left_to_right[x].push_back(static_cast<int>(r));
      }
    }
    std::sort(d.right_to_left[r].begin(), d.right_to_left[r].end());
  }
  LeftStates(d);
  Count(d);
  return d;
}

OpCountTable CompareOpCounts(const GraphSnapshot& before, const GraphSnapshot& after) {
  OpCountTable t;
  // Counted by (domain, op type) views of the snapshots' strings, the row's name made once per
  // kind: a map keyed by a made string per node was 30 ms for a 50,000-node pair.
  using Kind = std::pair<std::string_view, std::string_view>;
  struct KindHash {
    size_t operator()(const Kind& k) const {
      return std::hash<std::string_view>()(k.first) * 31 + std::hash<std::string_view>()(k.second);
    }
  };
  std::unordered_map<Kind, OpCountRow*, KindHash> by_kind;
  std::map<std::string, OpCountRow> rows;
  auto add = [&](const GraphSnapshot& s, bool is_after) {
    for (const SnapshotGraph& g : s.graphs) {
      for (const SnapshotNode& n : g.nodes) {
        OpCountRow*& row = by_kind[Kind(n.domain, n.op_type)];
        if (!row) {
          row = &rows[OpKey(n)];
          row->op = OpKey(n);
        }
        ++(is_after ? row->after : row->before);
        ++(is_after ? t.nodes_after : t.nodes_before);
      }
      for (const SnapshotValue& v : g.values) {
        if (!v.initializer || v.outer) continue;
        ++(is_after ? t.initializers_after : t.initializers_before);
        const int64_t bytes = std::max<int64_t>(v.nbytes, 0);
        (is_after ? t.bytes_after : t.bytes_before) += bytes;
      }
    }
  };
  add(before, false);
  add(after, true);
  for (auto& [op, row] : rows) t.rows.push_back(row);
  return t;
}

}  // namespace onnxlens::api
