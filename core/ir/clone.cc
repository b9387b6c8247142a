// Graph::Clone: a deep copy that keeps every node and value id, so that snapshots of a graph taken
// while an optimizer runs can be compared node by node with the original.
#include <unordered_map>

#include "ir/graph.h"

namespace onnxlens::ir {

class GraphCloner {
 public:
  std::unique_ptr<Graph> CloneGraph(const Graph& src, Graph* parent) {
    auto g = std::make_unique<Graph>(src.name_, parent);
    if (!parent) g->ids_ = std::make_shared<Graph::IdCounter>(*src.ids_);
    g->doc_string = src.doc_string;
    for (const auto& v : src.values_) {
      if (!v) continue;
      auto nv = std::unique_ptr<Value>(new Value(g.get(), v->id_, v->name_));
      nv->type_ = v->type_;
      nv->doc_string = v->doc_string;
      map_[v.get()] = nv.get();
      g->by_name_.emplace(nv->name_, nv.get());
      g->AppendValue(std::move(nv));
    }
    for (Value* v : src.inputs_) g->AddInput(map_.at(v));
    for (Value* v : src.initializers_) g->SetInitializer(map_.at(v), *v->initializer_);
    for (const auto& s : src.sparse_) g->AddSparseInitializer(map_.at(s.value), s.serialized);
    for (const auto& n : src.nodes_) {
      if (!n) continue;
      Node* raw = g->AppendNode(std::unique_ptr<Node>(new Node(g.get(), n->id_)));
      raw->name_ = n->name_;
      raw->op_type_ = n->op_type_;
      raw->domain_ = n->domain_;
      raw->doc_string = n->doc_string;
      raw->origins = n->origins;
      for (const Attribute& a : n->attributes_)
        raw->attributes_.push_back(CloneAttribute(a, g.get(), raw));
      // Subgraphs were cloned above, so outer-scope reads inside them map already; our inputs
      // may be outer values of an enclosing graph, mapped when that graph was cloned.
      for (Value* v : n->inputs_) raw->AddInput(v ? map_.at(v) : nullptr);
      for (Value* v : n->outputs_) raw->AddOutput(v ? map_.at(v) : nullptr);
    }
    for (Value* v : src.outputs_) g->AddOutput(map_.at(v));
    return g;
  }

 private:
  Attribute CloneAttribute(const Attribute& a, Graph* owner, Node* node) {
    Attribute c;
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
    if (a.g) {
      c.g = CloneGraph(*a.g, owner);
      c.g->set_parent_node(node);
    }
    for (const auto& sg : a.graphs) {
      c.graphs.push_back(CloneGraph(*sg, owner));
      c.graphs.back()->set_parent_node(node);
    }
    return c;
  }

  std::unordered_map<const Value*, Value*> map_;
};

std::unique_ptr<Graph> Graph::Clone() const {
  GraphCloner cloner;
  return cloner.CloneGraph(*this, nullptr);
}

}  // namespace onnxlens::ir
