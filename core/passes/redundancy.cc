// Constant sharing and CSE.
#include "passes/redundancy.h"

#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <unordered_map>

#include "passes/graph_util.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

// A cheap key for candidate duplicates: type, shape, size and the first and last 256 bytes.
// Hashing every byte of every weight each round cost resnet18 ~250 ms; equal keys are then
// compared in full (SameContent), so the key only has to be equal for equal tensors.
uint64_t SharingKey(const ir::Tensor& t) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](uint64_t v) {
    h ^= v;
    h *= 1099511628211ull;
  };
  mix(static_cast<uint64_t>(t.dtype()));
  for (int64_t d : t.dims()) mix(static_cast<uint64_t>(d));
  if (t.dtype() == ir::DataType::kString) return h ^ t.ContentHash();
  mix(t.nbytes());
  const auto* p = static_cast<const unsigned char*>(t.raw());
  const size_t n = t.nbytes(), edge = std::min<size_t>(n, 256);
  for (size_t i = 0; i < edge; ++i) mix(p[i]);
  for (size_t i = n - edge; i < n; ++i) mix(p[i]);
  return h;
}

class ConstantSharing : public Pass {
 public:
  std::string_view name() const override { return "constant-sharing"; }
  std::string_view summary() const override {
    return "makes identical initializers one (opens the way for common subexpressions)";
  }
  Level level() const override { return Level::kBasic; }
  Expected<bool> Run(ir::Graph& graph, PassContext&) override {
    bool changed = false;
    ForEachGraphMut(graph, [&](ir::Graph& g) {
      std::unordered_map<uint64_t, std::vector<Value*>> seen;
      std::vector<Value*> shared;  // removed together after the walk
      for (Value* v : g.initializers()) {
        if (v->is_graph_input() || v->is_graph_output()) continue;
        auto& bucket = seen[SharingKey(*v->initializer())];
        Value* keep = nullptr;
        for (Value* k : bucket) {
          if (k->initializer()->SameContent(*v->initializer())) keep = k;
        }
        if (!keep) {
          bucket.push_back(v);
          continue;
        }
        ReplaceUses(v, keep);
        shared.push_back(v);
        changed = true;
      }
      g.RemoveInitializers(shared);
      for (Value* v : shared) g.RemoveValue(v);
    });
    return changed;
  }
};

bool Deterministic(const Node& n) {
  static const std::set<std::string> kRandom = {
      "RandomNormal", "RandomUniform", "RandomNormalLike", "RandomUniformLike",
      "Multinomial",  "Bernoulli",     "Dropout"};
  return !kRandom.count(n.op_type()) && !n.HasSubgraphs();
}

// Everything that determines a node's result: op, domain, attributes and input values.
uint64_t ComputationKey(const Node& n) {
  uint64_t h = AttributesHash(n);
  auto mix = [&](uint64_t v) {
    h ^= v;
    h *= 1099511628211ull;
  };
  for (unsigned char c : n.op_type() + "\x01" + n.domain()) mix(c);
  for (const Value* v : n.inputs()) mix(v ? static_cast<uint64_t>(v->id()) + 7 : 3);
  mix(n.outputs().size());
  return h;
}

bool SameComputation(const Node& a, const Node& b) {
  if (a.op_type() != b.op_type() || a.domain() != b.domain() || a.inputs() != b.inputs() ||
      a.outputs().size() != b.outputs().size() || a.attributes().size() != b.attributes().size())
    return false;
  for (size_t i = 0; i < a.attributes().size(); ++i) {
    const ir::Attribute &x = a.attributes()[i], &y = b.attributes()[i];
    if (x.name != y.name || x.type != y.type || x.i != y.i || x.s != y.s || x.ints != y.ints ||
        x.floats != y.floats || x.strings != y.strings ||
        std::memcmp(&x.f, &y.f, sizeof x.f) != 0 || (!x.t.empty_type() && !x.t.SameContent(y.t)) ||
        !x.tensors.empty() || x.g || !x.graphs.empty())
      return false;
  }
  return true;
}

class CommonSubexpressionElimination : public Pass {
 public:
  std::string_view name() const override { return "common-subexpression-elimination"; }
  std::string_view summary() const override {
    return "computes identical nodes on identical inputs once";
  }
  Level level() const override { return Level::kBasic; }
  Expected<bool> Run(ir::Graph& graph, PassContext&) override {
    bool changed = false;
    Status failure = Status::Ok();
    ForEachGraphMut(graph, [&](ir::Graph& g) {
      auto order = g.TopologicalOrder();
      if (!order.ok()) {
        failure = order.status();
        return;
      }
      std::unordered_map<uint64_t, std::vector<Node*>> seen;
      for (Node* n : *order) {
        if (!Deterministic(*n)) continue;
        auto& bucket = seen[ComputationKey(*n)];
        Node* same = nullptr;
        for (Node* k : bucket) {
          if (SameComputation(*k, *n)) {
            same = k;
            break;
          }
        }
        // A bucket holds one node per distinct computation: a duplicate that stays (its outputs
        // are graph outputs) is not added, else 50,000 Identity outputs of one value compared
        // each with all before it (1.25e9 comparisons).
        if (!same) {
          bucket.push_back(n);
          continue;
        }
        bool interface = false;
        for (const Value* o : n->outputs()) interface = interface || (o && o->is_graph_output());
        if (interface) continue;
        for (size_t i = 0; i < n->outputs().size(); ++i) {
          Value* o = n->output(i);
          Value* keep = same->output(i);
          if (!o) continue;
          if (!keep) {
            // The kept node does not produce this output; take it over.
            Value* tmp = o;
            n->SetOutput(i, nullptr);
            same->SetOutput(i, tmp);
            continue;
          }
          ReplaceUses(o, keep);
        }
        if (same->origins.empty()) same->origins.push_back(same->id());
        InheritOrigins(same, n);
        std::vector<Value*> outs = n->outputs();
        g.RemoveNode(n);
        for (Value* o : outs) {
          if (o && !o->producer() && o->uses().empty() && !o->is_graph_output()) g.RemoveValue(o);
        }
        changed = true;
      }
    });
    if (!failure.ok()) return failure;
    return changed;
  }
};

}  // namespace

void AddRedundancyPasses(std::vector<std::unique_ptr<Pass>>& out) {
  out.push_back(std::make_unique<ConstantSharing>());
  out.push_back(std::make_unique<CommonSubexpressionElimination>());
}

}  // namespace onnxlens::passes
