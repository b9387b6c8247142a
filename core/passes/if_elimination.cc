// If with a constant condition (see if_elimination.h).
#include "passes/if_elimination.h"

#include <string>
#include <unordered_map>
#include <unordered_set>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

// Attributes without graphs (the branch's nodes are checked to have none).
ir::Attribute CopyPlain(const ir::Attribute& a) {
  ir::Attribute c;
  c.name = a.name;
  c.type = a.type;
  c.doc_string = a.doc_string;
  c.ref_attr_name = a.ref_attr_name;
  c.f = a.f;
  c.i = a.i;
  c.s = a.s;
  c.t = a.t;
  c.floats = a.floats;
  c.ints = a.ints;
  c.strings = a.strings;
  c.tensors = a.tensors;
  c.opaque = a.opaque;
  return c;
}

bool InlineConstantIf(Node& n, PassContext&) {
  if (!IsOp(&n, "If") || n.inputs().size() != 1) return false;
  const ir::Tensor* cond = ConstantOf(n.input(0));
  if (!cond || cond->numel() != 1 || cond->dtype() != ir::DataType::kBool) return false;
  const ir::Attribute* attr =
      n.FindAttribute(cond->data<bool>()[0] ? "then_branch" : "else_branch");
  if (!attr || !attr->g) return false;
  const ir::Graph& branch = *attr->g;
  if (!branch.inputs().empty() || branch.outputs().size() != n.outputs().size() ||
      !branch.sparse_initializers().empty())
    return false;
  auto order = branch.TopologicalOrder();
  if (!order.ok()) return false;
  for (const Node* b : *order) {
    if (b->HasSubgraphs()) return false;  // nested control flow: left alone
  }
  ir::Graph& g = *n.owner();
  // Branch values -> values of g. Outer-scope reads stay as they are.
  std::unordered_map<const Value*, Value*> map;
  std::unordered_map<const Value*, Value*> out_of;  // branch output value -> If output
  for (size_t i = 0; i < branch.outputs().size(); ++i) {
    const Value* bo = branch.outputs()[i];
    Value* o = n.output(i);
    if (o && bo->producer() && bo->owner() == &branch && !out_of.count(bo)) out_of[bo] = o;
  }
  auto local = [&](const Value* v) -> Value* {
    if (!v) return nullptr;
    if (v->owner() != &branch) return const_cast<Value*>(v);
    auto it = map.find(v);
    if (it != map.end()) return it->second;
    Value* c = g.CreateValue(g.UniqueValueName(v->name()));
    c->set_type(v->type());
    if (v->initializer()) g.SetInitializer(c, *v->initializer());
    map[v] = c;
    return c;
  };
  std::vector<Value*> if_outputs = n.outputs();
  for (size_t i = 0; i < if_outputs.size(); ++i) n.SetOutput(i, nullptr);
  std::unordered_set<std::string> names;  // ONNX Runtime refuses duplicate node names
  for (const Node* m : g.nodes()) names.insert(m->name());
  auto unique_name = [&](const std::string& base) {
    std::string name = base;
    for (int k = 1; !base.empty() && names.count(name); ++k) name = base + "_" + std::to_string(k);
    names.insert(name);
    return name;
  };
  for (const Node* b : *order) {
    Node* c = g.AddNode(b->op_type(), b->domain(), unique_name(b->name()));
    c->origins = n.origins.empty() ? std::vector<ir::NodeId>{n.id()} : n.origins;
    for (const Value* v : b->inputs()) c->AddInput(local(v));
    for (const ir::Attribute& a : b->attributes()) c->SetAttribute(CopyPlain(a));
    for (const Value* o : b->outputs()) {
      if (!o) {
        c->AddOutput(nullptr);
        continue;
      }
      auto it = out_of.find(o);
      if (it != out_of.end()) {
        map[o] = it->second;
        c->AddOutput(it->second);
      } else {
        c->AddOutput(local(o));
      }
    }
  }
  // If outputs the branch does not compute itself (an outer value, an initializer, or a value
  // another output already took): Identity, unless the If output can simply be replaced.
  for (size_t i = 0; i < if_outputs.size(); ++i) {
    Value* o = if_outputs[i];
    if (!o || o->producer()) continue;
    Value* src = local(branch.outputs()[i]);
    if (!o->is_graph_output()) {
      ReplaceUses(o, src);
      g.RemoveValue(o);
      continue;
    }
    Node* id = g.AddNode("Identity", "", unique_name(o->name() + "_identity"));
    id->origins = n.origins.empty() ? std::vector<ir::NodeId>{n.id()} : n.origins;
    id->AddInput(src);
    id->AddOutput(o);
  }
  g.RemoveNode(&n);
  return true;
}

}  // namespace

void AddIfEliminationPass(std::vector<std::unique_ptr<Pass>>& out) {
  out.push_back(std::make_unique<RulePass>(
      "if-elimination", "If with a constant condition -> the nodes of the branch it takes",
      Level::kBasic, InlineConstantIf));
}

}  // namespace onnxlens::passes
