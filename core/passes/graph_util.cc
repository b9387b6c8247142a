// Pass helpers.
#include "passes/graph_util.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <set>

#include "ir/data_type.h"

namespace onnxlens::passes {

void ForEachGraphMut(ir::Graph& g, const std::function<void(ir::Graph&)>& fn) {
  fn(g);
  for (ir::Node* n : g.nodes()) {
    for (ir::Graph* sub : n->Subgraphs()) ForEachGraphMut(*sub, fn);
  }
}

void ForEachNodeOnce(ir::Graph& g, const std::function<bool(ir::Node&)>& fn) {
  std::vector<ir::NodeId> ids;
  ids.reserve(g.num_nodes());
  for (const ir::Node* n : g.nodes()) ids.push_back(n->id());
  // Graph::FindNode is an index lookup: a node an earlier rewrite removed is skipped, nodes a
  // rewrite added are not visited in this round.
  for (ir::NodeId id : ids) {
    if (ir::Node* n = g.FindNode(id)) fn(*n);
  }
}

const ir::Tensor* ConstantOf(const ir::Value* v) {
  if (!v || !v->is_initializer() || v->is_graph_input()) return nullptr;
  return v->initializer();
}

std::optional<std::vector<float>> ConstantFloats(const ir::Value* v) {
  const ir::Tensor* t = ConstantOf(v);
  if (!t || t->dtype() != ir::DataType::kFloat) return std::nullopt;
  return std::vector<float>(t->data<float>(), t->data<float>() + t->numel());
}

std::optional<std::vector<int64_t>> ConstantInts(const ir::Value* v) {
  const ir::Tensor* t = ConstantOf(v);
  if (!t) return std::nullopt;
  if (t->dtype() == ir::DataType::kInt64)
    return std::vector<int64_t>(t->data<int64_t>(), t->data<int64_t>() + t->numel());
  if (t->dtype() == ir::DataType::kInt32)
    return std::vector<int64_t>(t->data<int32_t>(), t->data<int32_t>() + t->numel());
  return std::nullopt;
}

std::optional<double> ConstantScalar(const ir::Value* v) {
  const ir::Tensor* t = ConstantOf(v);
  if (!t || t->numel() != 1) return std::nullopt;
  switch (t->dtype()) {
    case ir::DataType::kFloat:
      return t->data<float>()[0];
    case ir::DataType::kDouble:
      return t->data<double>()[0];
    case ir::DataType::kInt64:
      return static_cast<double>(t->data<int64_t>()[0]);
    case ir::DataType::kInt32:
      return t->data<int32_t>()[0];
    default:
      return std::nullopt;
  }
}

ir::Node* SoleConsumer(const ir::Value* v) {
  if (!v || v->is_graph_output() || v->uses().size() != 1) return nullptr;
  ir::Node* n = v->uses()[0].node;
  return n->owner() == v->owner() ? n : nullptr;  // not a read from inside a subgraph
}

bool IsOp(const ir::Node* n, std::string_view op_type) {
  return n && n->op_type() == op_type && (n->domain().empty() || n->domain() == "ai.onnx");
}

void ReplaceUses(ir::Value* from, ir::Value* to) {
  const std::vector<ir::Use> uses = from->uses();
  for (const ir::Use& u : uses) u.node->SetInput(static_cast<size_t>(u.index), to);
}

bool BypassNode(ir::Node* n, size_t in, size_t out) {
  ir::Graph& g = *n->owner();
  ir::Value* x = n->input(in);
  ir::Value* y = n->output(out);
  if (!x || !y) return false;
  for (size_t k = 0; k < n->outputs().size(); ++k) {
    const ir::Value* o = n->output(k);
    if (k != out && o && (!o->uses().empty() || o->is_graph_output())) return false;
  }
  if (!y->is_graph_output()) {
    ReplaceUses(y, x);
    g.RemoveNode(n);
    return true;
  }
  // y is a graph output: let x's producer write y directly, if x is an ordinary local value.
  ir::Node* p = x->producer();
  if (!p || p->owner() != &g || x->is_graph_output() || x->is_graph_input() || x->owner() != &g)
    return false;
  const int slot = x->producer_output();
  g.RemoveNode(n);  // frees y's producer
  ReplaceUses(x, y);
  p->SetOutput(static_cast<size_t>(slot), y);
  g.RemoveValue(x);
  return true;
}

int RemoveDeadNodes(ir::Graph& g) {
  int removed = 0;
  bool again = true;
  while (again) {
    again = false;
    std::vector<ir::Node*> nodes = g.nodes();
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
      ir::Node* n = *it;
      bool used = false;
      for (const ir::Value* o : n->outputs()) {
        if (o && (!o->uses().empty() || o->is_graph_output())) used = true;
      }
      if (used) continue;
      g.RemoveNode(n);
      ++removed;
      again = true;
    }
  }
  return removed;
}

ir::Value* AddInitializer(ir::Graph& g, const std::string& base, ir::Tensor t) {
  ir::Value* v = g.CreateValue(g.UniqueValueName(base));
  v->set_type(ir::TypeInfo::Tensor(t.dtype(), ir::DimsFromSizes(t.dims())));
  g.SetInitializer(v, std::move(t));
  return v;
}

void InheritOrigins(ir::Node* n, const ir::Node* from) {
  // Both lists are sorted and unique (every writer goes through here or copies such a list), so
  // a merge is linear: CSE folding thousands of equal nodes into one, one at a time, stays
  // quadratic in moves only, not in sorts.
  std::vector<ir::NodeId>& to = n->origins;
  if (!std::is_sorted(to.begin(), to.end())) {
    std::sort(to.begin(), to.end());
    to.erase(std::unique(to.begin(), to.end()), to.end());
  }
  if (from->origins.empty()) {
    const auto it = std::lower_bound(to.begin(), to.end(), from->id());
    if (it == to.end() || *it != from->id()) to.insert(it, from->id());
    return;
  }
  std::vector<ir::NodeId> merged;
  merged.reserve(to.size() + from->origins.size());
  std::set_union(to.begin(), to.end(), from->origins.begin(), from->origins.end(),
                 std::back_inserter(merged));
  to.swap(merged);
}

namespace {

// What a fused node takes from each node it replaces. A replaced node whose output the fusion
// reads and something outside it reads too (a shared weight DequantizeLinear) stays in the graph
// and keeps standing for its own origins: the fused node takes its id when it came from the file,
// and nothing when a pass made it. (The pattern's last node, whose outputs only outside readers
// read, hands them to the fused node and goes.) A DequantizeLinear that CSE merged from 13,000
// copies would otherwise give each of the 14,000 QLinearConvs reading it all 13,000 ids:
// gigabytes of provenance and 25 s of qdq-node-units on a quantized 50k-node CNN.
template <typename Range>
void InheritFusedOrigins(ir::Node* fused, const Range& replaced) {
  const auto in_fusion = [&](const ir::Node* n) {
    return std::find(std::begin(replaced), std::end(replaced), n) != std::end(replaced);
  };
  for (const ir::Node* r : replaced) {
    bool survives = false;
    for (const ir::Value* o : r->outputs()) {
      if (!o) continue;
      bool inside = false, outside = o->is_graph_output();
      for (const ir::Use& u : o->uses()) {
        if (u.node == fused) continue;
        (in_fusion(u.node) ? inside : outside) = true;
      }
      survives = survives || (inside && outside);
    }
    if (!survives || r->origins.empty()) InheritOrigins(fused, r);
  }
}

}  // namespace

ir::Node* AddFusedNode(ir::Graph& g, const std::string& op_type, const std::string& domain,
                       std::initializer_list<const ir::Node*> replaced, const std::string& name) {
  std::string n = name;
  if (n.empty()) {
    for (const ir::Node* r : replaced) {
      if (!r->name().empty()) {
        n = r->name() + "_" + op_type;
        break;
      }
    }
  }
  ir::Node* node = g.AddNode(op_type, domain, n);
  InheritFusedOrigins(node, replaced);
  return node;
}

uint64_t AttributesHash(const ir::Node& n) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](uint64_t v) {
    h ^= v;
    h *= 1099511628211ull;
  };
  auto mix_str = [&](const std::string& s) {
    for (unsigned char c : s) mix(c);
    mix(0xff);
  };
  auto mix_float = [&](float f) {
    uint32_t fb;
    std::memcpy(&fb, &f, sizeof fb);
    mix(fb);
  };
  for (const ir::Attribute& a : n.attributes()) {
    mix_str(a.name);
    mix(static_cast<uint64_t>(a.type));
    mix(static_cast<uint64_t>(a.i));
    mix_float(a.f);
    mix_str(a.s);
    for (int64_t i : a.ints) mix(static_cast<uint64_t>(i));
    for (float f : a.floats) mix_float(f);
    for (const std::string& s : a.strings) mix_str(s);
    if (!a.t.empty_type()) mix(a.t.ContentHash());
  }
  return h;
}

uint64_t OpAndAttributesHash(const ir::Node& n) {
  uint64_t h = AttributesHash(n);
  for (unsigned char c : n.op_type() + "\x01" + n.domain()) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace onnxlens::passes

namespace onnxlens::passes {

std::optional<std::vector<int64_t>> KnownDims(const ir::Value* v) {
  if (!v) return std::nullopt;
  if (const ir::Tensor* t = ConstantOf(v)) return t->dims();
  const ir::TypeInfo& ti = v->type();
  if (!ti.is_tensor() || !ti.shape) return std::nullopt;
  std::vector<int64_t> dims;
  for (const ir::Dim& d : *ti.shape) {
    if (!d.known()) return std::nullopt;
    dims.push_back(d.value);
  }
  return dims;
}

std::optional<ir::DataType> KnownType(const ir::Value* v) {
  if (!v) return std::nullopt;
  if (const ir::Tensor* t = ConstantOf(v)) return t->dtype();
  if (v->is_initializer()) return v->initializer()->dtype();
  const ir::TypeInfo& ti = v->type();
  if (!ti.is_tensor() || ti.elem_type == ir::DataType::kUndefined) return std::nullopt;
  return ti.elem_type;
}

bool ConstantAllEqual(const ir::Value* v, double x) {
  const ir::Tensor* t = ConstantOf(v);
  if (!t || t->numel() == 0) return false;
  auto all = [&](auto* p) {
    for (int64_t i = 0; i < t->numel(); ++i) {
      if (static_cast<double>(p[i]) != x) return false;
    }
    return true;
  };
  switch (t->dtype()) {
    case ir::DataType::kFloat:
      return all(t->data<float>());
    case ir::DataType::kDouble:
      return all(t->data<double>());
    case ir::DataType::kInt64:
      return all(t->data<int64_t>());
    case ir::DataType::kInt32:
      return all(t->data<int32_t>());
    default:
      return false;
  }
}

}  // namespace onnxlens::passes

namespace onnxlens::passes {

void MergeOrigins(ir::Node* n, const ir::Node* other) {
  if (n->origins.empty()) n->origins.push_back(n->id());
  InheritOrigins(n, other);
}

void AbsorbSuccessor(ir::Node* keep, ir::Node* next) {
  ir::Graph& g = *keep->owner();
  ir::Value* mid = keep->output(0);
  ir::Value* out = next->output(0);
  MergeOrigins(keep, next);
  g.RemoveNode(next);
  keep->SetOutput(0, out);
  if (mid && mid->uses().empty() && !mid->is_graph_output()) g.RemoveValue(mid);
}

ir::Node* AddFusedNodeFor(ir::Graph& g, const std::string& op_type, const std::string& domain,
                          const std::vector<ir::Node*>& replaced, const std::string& name) {
  std::string n = name;
  for (const ir::Node* r : replaced) {
    if (!n.empty()) break;
    if (!r->name().empty()) n = r->name() + "_" + op_type;
  }
  ir::Node* node = g.AddNode(op_type, domain, n);
  InheritFusedOrigins(node, replaced);
  return node;
}

int RemoveIfUnused(ir::Graph& g, const std::vector<ir::Node*>& nodes) {
  std::vector<ir::NodeId> ids;
  for (const ir::Node* n : nodes) ids.push_back(n->id());
  int removed = 0;
  for (bool again = true; again;) {
    again = false;
    for (ir::NodeId id : ids) {
      ir::Node* n = g.FindNode(id);
      if (!n) continue;
      bool used = false;
      for (const ir::Value* o : n->outputs()) {
        if (o && (!o->uses().empty() || o->is_graph_output())) used = true;
      }
      if (used) continue;
      std::vector<ir::Value*> outs(n->outputs().begin(), n->outputs().end());
      g.RemoveNode(n);
      for (ir::Value* o : outs) {
        if (o && o->owner() == &g && o->uses().empty() && !o->producer() && !o->is_graph_input() &&
            !o->is_initializer())
          g.RemoveValue(o);
      }
      ++removed;
      again = true;
    }
  }
  return removed;
}

void ReplacePattern(ir::Node* last, ir::Node* fused, const std::vector<ir::Node*>& pattern) {
  ir::Graph& g = *last->owner();
  std::vector<ir::Node*> rest;  // `last` is freed below: never look at it again
  for (ir::Node* n : pattern) {
    if (n != last) rest.push_back(n);
  }
  ir::Value* out = last->output(0);
  g.RemoveNode(last);
  fused->AddOutput(out);
  RemoveIfUnused(g, rest);
}

bool UsedOnlyBy(const ir::Value* v, const std::vector<ir::Node*>& nodes) {
  if (!v || v->is_graph_output()) return false;
  for (const ir::Use& u : v->uses()) {
    if (std::find(nodes.begin(), nodes.end(), u.node) == nodes.end()) return false;
  }
  return true;
}

ir::Node* InputProducer(const ir::Node* n, size_t i, std::string_view op_type) {
  const ir::Value* v = n ? n->input(i) : nullptr;
  ir::Node* p = v ? v->producer() : nullptr;
  return IsOp(p, op_type) ? p : nullptr;
}

bool SameShape(const ir::Value* a, const ir::Value* b) {
  if (!a || !b || !a->type().shape || !b->type().shape) return false;
  const auto &x = *a->type().shape, &y = *b->type().shape;
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i) {
    if (!(x[i].known() || x[i].symbolic()) || x[i] != y[i]) return false;
  }
  return true;
}

void CopyAttributes(const ir::Node& from, ir::Node* to,
                    std::initializer_list<std::string_view> skip) {
  for (const ir::Attribute& at : from.attributes()) {
    if (std::find(skip.begin(), skip.end(), at.name) != skip.end()) continue;
    ir::Attribute c;
    c.name = at.name;
    c.type = at.type;
    c.i = at.i;
    c.f = at.f;
    c.s = at.s;
    c.ints = at.ints;
    c.floats = at.floats;
    c.strings = at.strings;
    to->SetAttribute(std::move(c));
  }
}

ir::Value* Int32View(ir::Graph& g, ir::Value* v) {
  if (KnownType(v) == ir::DataType::kInt32) return v;
  for (const ir::Use& u : v->uses()) {
    if (IsOp(u.node, "Cast") && u.node->owner() == &g &&
        u.node->GetInt("to", 0) == static_cast<int64_t>(ir::DataType::kInt32))
      return u.node->output(0);
  }
  ir::Node* cast = g.AddNode("Cast", "", v->name() + "_int32");
  cast->AddInput(v);
  cast->SetAttribute(ir::Attribute::Int("to", static_cast<int64_t>(ir::DataType::kInt32)));
  ir::Value* out = g.CreateValue(g.UniqueValueName(v->name() + "_int32"));
  ir::TypeInfo t = v->type();
  t.elem_type = ir::DataType::kInt32;
  out->set_type(t);
  cast->AddOutput(out);
  return out;
}

}  // namespace onnxlens::passes
