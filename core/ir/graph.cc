// Graph, Node and Value bookkeeping: use lists, ownership, topological order.
#include "ir/graph.h"

#include <algorithm>
#include <cassert>
#include <queue>
#include <unordered_set>

#include "common/strings.h"

namespace onnxlens::ir {

// ---- Node ----

Node::~Node() {
  for (size_t i = 0; i < inputs_.size(); ++i) UnlinkInput(i);
  // Subgraphs (in attributes_) are destroyed after this body; their nodes unlink themselves.
}

void Node::LinkInput(size_t i) {
  Value* v = inputs_[i];
  if (!v) return;
  use_pos_[i] = v->uses_.size();
  v->uses_.push_back(Use{this, static_cast<int>(i)});
}

// Constant time: the slot knows where its use sits, and the last use takes its place (a value
// read by 50,000 nodes made a search and an erase per unlinked slot quadratic).
void Node::UnlinkInput(size_t i) {
  Value* v = inputs_[i];
  if (!v) return;
  std::vector<Use>& uses = v->uses_;
  const size_t pos = use_pos_[i];
  assert(pos < uses.size() && uses[pos] == (Use{this, static_cast<int>(i)}));
  const Use last = uses.back();
  uses[pos] = last;
  last.node->use_pos_[static_cast<size_t>(last.index)] = pos;
  uses.pop_back();
}

void Node::AddInput(Value* v) {
  inputs_.push_back(v);
  use_pos_.push_back(0);
  LinkInput(inputs_.size() - 1);
}

void Node::SetInput(size_t i, Value* v) {
  assert(i < inputs_.size());
  UnlinkInput(i);
  inputs_[i] = v;
  LinkInput(i);
}

void Node::ClearInputs() {
  for (size_t i = 0; i < inputs_.size(); ++i) UnlinkInput(i);
  inputs_.clear();
  use_pos_.clear();
}

void Node::AddOutput(Value* v) {
  if (v) {
    assert(v->producer_ == nullptr && "value already has a producer");
    v->producer_ = this;
    v->producer_output_ = static_cast<int>(outputs_.size());
  }
  outputs_.push_back(v);
}

void Node::SetOutput(size_t i, Value* v) {
  assert(i < outputs_.size());
  if (Value* old = outputs_[i]) {
    old->producer_ = nullptr;
    old->producer_output_ = -1;
  }
  if (v) {
    assert(v->producer_ == nullptr && "value already has a producer");
    v->producer_ = this;
    v->producer_output_ = static_cast<int>(i);
  }
  outputs_[i] = v;
}

const Attribute* Node::FindAttribute(std::string_view name) const {
  for (const auto& a : attributes_) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

void Node::SetAttribute(Attribute attr) {
  for (auto& a : attributes_) {
    if (a.name == attr.name) {
      a = std::move(attr);
      return;
    }
  }
  attributes_.push_back(std::move(attr));
}

int64_t Node::GetInt(std::string_view name, int64_t fallback) const {
  const Attribute* a = FindAttribute(name);
  return a && a->type == AttrType::kInt ? a->i : fallback;
}

float Node::GetFloat(std::string_view name, float fallback) const {
  const Attribute* a = FindAttribute(name);
  return a && a->type == AttrType::kFloat ? a->f : fallback;
}

std::string Node::GetString(std::string_view name, std::string fallback) const {
  const Attribute* a = FindAttribute(name);
  return a && a->type == AttrType::kString ? a->s : fallback;
}

std::vector<int64_t> Node::GetInts(std::string_view name, std::vector<int64_t> fallback) const {
  const Attribute* a = FindAttribute(name);
  return a && a->type == AttrType::kInts ? a->ints : fallback;
}

std::vector<Graph*> Node::Subgraphs() const {
  std::vector<Graph*> out;
  for (const auto& a : attributes_) {
    if (a.type == AttrType::kGraph && a.g) out.push_back(a.g.get());
    if (a.type == AttrType::kGraphs) {
      for (const auto& g : a.graphs) {
        if (g) out.push_back(g.get());
      }
    }
  }
  return out;
}

bool Node::HasSubgraphs() const {
  for (const auto& a : attributes_) {
    if ((a.type == AttrType::kGraph && a.g) || (a.type == AttrType::kGraphs && !a.graphs.empty()))
      return true;
  }
  return false;
}

std::vector<Value*> Node::OuterScopeInputs() const {
  std::vector<Value*> out;
  std::unordered_set<const Value*> seen;
  for (Graph* sub : Subgraphs()) {
    sub->ForEachGraph([&](const Graph& g) {
      for (Node* n : g.nodes()) {
        for (Value* v : n->inputs()) {
          if (v && !v->owner()->IsWithin(sub) && seen.insert(v).second) out.push_back(v);
        }
      }
      for (Value* v : g.outputs()) {
        if (v && !v->owner()->IsWithin(sub) && seen.insert(v).second) out.push_back(v);
      }
    });
  }
  return out;
}

std::string Node::Describe() const {
  if (!name_.empty()) return Quote(name_) + " (" + op_type_ + ")";
  return "(" + op_type_ + ") #" + std::to_string(id_);
}

// ---- Graph ----

Graph::Graph(std::string name, Graph* parent)
    : name_(std::move(name)),
      parent_(parent),
      ids_(parent ? parent->ids_ : std::make_shared<IdCounter>()) {}

Graph::~Graph() {
  // Reads of our own values need no unlinking, every reader in this graph dies with it: drop
  // them first (unlinking one by one from a weight shared by 80,000 nodes was quadratic).
  for (auto& v : values_) {
    if (!v) continue;
    v->uses_.erase(std::remove_if(v->uses_.begin(), v->uses_.end(),
                                  [this](const Use& u) { return u.node->owner() == this; }),
                   v->uses_.end());
    // The readers left (in subgraphs) unlink themselves below: their slots' positions moved.
    for (size_t k = 0; k < v->uses_.size(); ++k) {
      const Use& u = v->uses_[k];
      u.node->use_pos_[static_cast<size_t>(u.index)] = k;
    }
  }
  for (auto& n : nodes_) {
    if (!n) continue;
    for (Value*& in : n->inputs_) {
      if (in && in->owner() == this) in = nullptr;
    }
  }
  // Then the nodes: they unlink themselves from outer values that are still alive.
  nodes_.clear();
  // Uses left now come from nodes of other graphs that (wrongly, e.g. a sibling subgraph) read
  // our values; point those input slots at nothing so no node keeps a dangling Value*.
  for (auto& v : values_) {
    if (!v) continue;
    for (const Use& u : v->uses_) u.node->inputs_[static_cast<size_t>(u.index)] = nullptr;
    v->uses_.clear();
  }
  values_.clear();
}

Value* Graph::CreateValue(std::string name) {
  assert(by_name_.find(name) == by_name_.end() && "duplicate value name");
  auto v = std::unique_ptr<Value>(new Value(this, ids_->next_value++, std::move(name)));
  Value* raw = v.get();
  by_name_.emplace(raw->name(), raw);
  return AppendValue(std::move(v));
}

Value* Graph::FindLocalValue(std::string_view name) const {
  auto it = by_name_.find(std::string(name));
  return it == by_name_.end() ? nullptr : it->second;
}

Value* Graph::FindValue(std::string_view name) const {
  for (const Graph* g = this; g; g = g->parent_) {
    if (Value* v = g->FindLocalValue(name)) return v;
  }
  return nullptr;
}

std::string Graph::UniqueValueName(std::string_view base) const {
  std::string name(base);
  for (int i = 1; FindValue(name); ++i) name = std::string(base) + "_" + std::to_string(i);
  return name;
}

std::vector<Value*> Graph::values() const {
  std::vector<Value*> out;
  out.reserve(values_.size() - dead_values_);
  for (const auto& v : values_) {
    if (v) out.push_back(v.get());
  }
  return out;
}

Value* Graph::AppendValue(std::unique_ptr<Value> v) {
  Value* raw = v.get();
  value_pos_[raw] = values_.size();
  values_.push_back(std::move(v));
  return raw;
}

void Graph::CompactValues() {
  values_.erase(std::remove(values_.begin(), values_.end(), nullptr), values_.end());
  value_pos_.clear();
  for (size_t i = 0; i < values_.size(); ++i) value_pos_[values_[i].get()] = i;
  dead_values_ = 0;
}

void Graph::RemoveValue(Value* v) {
  assert(v->owner() == this && v->uses().empty() && !v->producer() && !v->is_graph_input() &&
         !v->is_graph_output() && !v->is_initializer());
  by_name_.erase(v->name());
  auto pos = value_pos_.find(v);
  assert(pos != value_pos_.end());
  values_[pos->second].reset();
  value_pos_.erase(pos);
  if (++dead_values_ > 64 && dead_values_ > values_.size() / 2) CompactValues();
}

Node* Graph::AddNode(std::string op_type, std::string domain, std::string name) {
  auto n = std::unique_ptr<Node>(new Node(this, ids_->next_node++));
  n->op_type_ = std::move(op_type);
  n->domain_ = std::move(domain);
  n->name_ = std::move(name);
  return AppendNode(std::move(n));
}

Node* Graph::AppendNode(std::unique_ptr<Node> n) {
  Node* raw = n.get();
  node_pos_[raw->id()] = nodes_.size();
  nodes_.push_back(std::move(n));
  return raw;
}

void Graph::CompactNodes() {
  nodes_.erase(std::remove(nodes_.begin(), nodes_.end(), nullptr), nodes_.end());
  node_pos_.clear();
  for (size_t i = 0; i < nodes_.size(); ++i) node_pos_[nodes_[i]->id()] = i;
  dead_nodes_ = 0;
}

void Graph::RemoveNode(Node* node) {
  assert(node->owner() == this);
  node->ClearInputs();
  for (Value* out : node->outputs_) {
    if (out) {
      out->producer_ = nullptr;
      out->producer_output_ = -1;
    }
  }
  auto pos = node_pos_.find(node->id());
  assert(pos != node_pos_.end());
  nodes_[pos->second].reset();
  node_pos_.erase(pos);
  if (++dead_nodes_ > 64 && dead_nodes_ > nodes_.size() / 2) CompactNodes();
}

std::vector<Node*> Graph::nodes() const {
  std::vector<Node*> out;
  out.reserve(nodes_.size() - dead_nodes_);
  for (const auto& n : nodes_) {
    if (n) out.push_back(n.get());
  }
  return out;
}

Node* Graph::FindNode(NodeId id) const {
  auto it = node_pos_.find(id);
  return it == node_pos_.end() ? nullptr : nodes_[it->second].get();
}

void Graph::AddInput(Value* v) {
  v->is_input_ = true;
  inputs_.push_back(v);
}

void Graph::AddOutput(Value* v) {
  v->is_output_ = true;
  outputs_.push_back(v);
}

void Graph::ClearOutputs() {
  for (Value* v : outputs_) v->is_output_ = false;
  outputs_.clear();
}

void Graph::SetInitializer(Value* v, Tensor t) {
  assert(v->owner() == this);
  if (!v->initializer_) initializers_.push_back(v);
  v->initializer_ = std::make_unique<Tensor>(std::move(t));
}

void Graph::RemoveInitializer(Value* v) {
  if (!v->initializer_) return;
  v->initializer_.reset();
  initializers_.erase(std::find(initializers_.begin(), initializers_.end(), v));
}

void Graph::RemoveInitializers(const std::vector<Value*>& values) {
  bool any = false;
  for (Value* v : values) {
    if (!v->initializer_) continue;
    v->initializer_.reset();
    any = true;
  }
  if (!any) return;
  initializers_.erase(std::remove_if(initializers_.begin(), initializers_.end(),
                                     [](const Value* v) { return !v->initializer_; }),
                      initializers_.end());
}

void Graph::AddSparseInitializer(Value* v, std::string serialized) {
  v->is_sparse_initializer_ = true;
  sparse_.push_back(SparseInitializer{v, std::move(serialized)});
}

Status Graph::SortNodes() {
  OL_ASSIGN_OR_RETURN(std::vector<Node*> order, TopologicalOrder());
  std::unordered_map<const Node*, size_t> rank;
  for (size_t i = 0; i < order.size(); ++i) rank[order[i]] = i;
  CompactNodes();
  std::stable_sort(nodes_.begin(), nodes_.end(),
                   [&](const std::unique_ptr<Node>& a, const std::unique_ptr<Node>& b) {
                     return rank[a.get()] < rank[b.get()];
                   });
  for (size_t i = 0; i < nodes_.size(); ++i) node_pos_[nodes_[i]->id()] = i;
  return Status::Ok();
}

Expected<std::vector<Node*>> Graph::TopologicalOrder() const {
  const std::vector<Node*> live = nodes();
  const size_t n = live.size();
  std::unordered_map<const Node*, size_t> index;
  index.reserve(n);
  for (size_t i = 0; i < n; ++i) index.emplace(live[i], i);

  // Edges producer -> consumer between nodes of this graph, explicit and implicit inputs.
  std::vector<std::vector<size_t>> consumers(n);
  std::vector<size_t> indegree(n, 0);
  // marked[d] == i: the edge d -> i is recorded already (a set per node was a third of the sort
  // of a 50,000-node graph).
  std::vector<size_t> marked(n, n);
  for (size_t i = 0; i < n; ++i) {
    const Node* node = live[i];
    auto add_dep = [&](const Value* v) {
      if (!v || !v->producer()) return;
      auto it = index.find(v->producer());
      if (it == index.end() || marked[it->second] == i) return;
      marked[it->second] = i;
      consumers[it->second].push_back(i);
      ++indegree[i];
    };
    for (const Value* v : node->inputs()) add_dep(v);
    if (node->HasSubgraphs()) {
      for (const Value* v : node->OuterScopeInputs()) add_dep(v);
    }
  }

  // Kahn's algorithm, always taking the ready node with the lowest stored position.
  std::priority_queue<size_t, std::vector<size_t>, std::greater<size_t>> ready;
  for (size_t i = 0; i < n; ++i) {
    if (indegree[i] == 0) ready.push(i);
  }
  std::vector<Node*> order;
  order.reserve(n);
  while (!ready.empty()) {
    const size_t i = ready.top();
    ready.pop();
    order.push_back(live[i]);
    for (size_t c : consumers[i]) {
      if (--indegree[c] == 0) ready.push(c);
    }
  }
  if (order.size() != n) {
    std::vector<std::string> stuck;
    for (size_t i = 0; i < n && stuck.size() < 5; ++i) {
      if (indegree[i] > 0) stuck.push_back(live[i]->Describe());
    }
    return InvalidModel("graph " + Quote(name_) + " has a cycle through " +
                        std::to_string(n - order.size()) + " node(s), among them " +
                        Join(stuck, ", "));
  }
  return order;
}

size_t Graph::NumNodesRecursive() const {
  size_t count = 0;
  ForEachGraph([&](const Graph& g) { count += g.num_nodes(); });
  return count;
}

void Graph::ForEachGraph(const std::function<void(const Graph&)>& fn) const {
  fn(*this);
  for (const auto& n : nodes_) {
    if (!n) continue;
    for (Graph* sub : n->Subgraphs()) sub->ForEachGraph(fn);
  }
}

bool Graph::IsWithin(const Graph* g) const {
  for (const Graph* p = this; p; p = p->parent_) {
    if (p == g) return true;
  }
  return false;
}

}  // namespace onnxlens::ir
