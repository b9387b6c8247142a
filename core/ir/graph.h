// The graph IR: Value, Node and Graph with stable ids, use lists, subgraphs with outer-scope
// references, and a stable topological order.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/status.h"
#include "ir/attribute.h"
#include "ir/tensor.h"
#include "ir/type_info.h"

namespace onnxlens::ir {

class Graph;
class Node;
class GraphCloner;

using NodeId = int64_t;
using ValueId = int64_t;

/// One consumer slot of a value: `node->inputs()[index] == value`. Nodes inside a subgraph that
/// read an outer-scope value are listed on the outer value too. The order of a value's uses is
/// deterministic but not the order they were added in (unlinking one moves the last into its
/// place).
struct Use {
  Node* node;
  int index;
  bool operator==(const Use& o) const { return node == o.node && index == o.index; }
};

/// A named tensor (or sequence/map/optional) flowing between nodes. Owned by one Graph.
class Value {
 public:
  Value(const Value&) = delete;
  Value& operator=(const Value&) = delete;

  ValueId id() const { return id_; }
  const std::string& name() const { return name_; }
  Graph* owner() const { return owner_; }

  const TypeInfo& type() const { return type_; }
  void set_type(TypeInfo type) { type_ = std::move(type); }

  /// The node that computes this value; null for graph inputs, initializers and sparse
  /// initializers.
  Node* producer() const { return producer_; }
  int producer_output() const { return producer_output_; }
  const std::vector<Use>& uses() const { return uses_; }

  bool is_graph_input() const { return is_input_; }
  bool is_graph_output() const { return is_output_; }
  /// Dense initializer data, or null.
  const Tensor* initializer() const { return initializer_.get(); }
  bool is_initializer() const { return initializer_ != nullptr; }
  bool is_sparse_initializer() const { return is_sparse_initializer_; }

  std::string doc_string;

 private:
  friend class Graph;
  friend class Node;
  friend class GraphCloner;
  Value(Graph* owner, ValueId id, std::string name)
      : id_(id), name_(std::move(name)), owner_(owner) {}

  ValueId id_;
  std::string name_;
  Graph* owner_;
  TypeInfo type_;
  Node* producer_ = nullptr;
  int producer_output_ = -1;
  std::vector<Use> uses_;
  bool is_input_ = false;
  bool is_output_ = false;
  bool is_sparse_initializer_ = false;
  std::unique_ptr<Tensor> initializer_;
};

/// One operator invocation. Missing optional inputs and outputs are null pointers.
class Node {
 public:
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;
  ~Node();

  NodeId id() const { return id_; }
  Graph* owner() const { return owner_; }

  const std::string& name() const { return name_; }
  void set_name(std::string n) { name_ = std::move(n); }
  const std::string& op_type() const { return op_type_; }
  void set_op_type(std::string op) { op_type_ = std::move(op); }
  /// "" for the default ai.onnx domain.
  const std::string& domain() const { return domain_; }
  void set_domain(std::string d) { domain_ = std::move(d); }
  std::string doc_string;

  const std::vector<Value*>& inputs() const { return inputs_; }
  const std::vector<Value*>& outputs() const { return outputs_; }
  Value* input(size_t i) const { return i < inputs_.size() ? inputs_[i] : nullptr; }
  Value* output(size_t i) const { return i < outputs_.size() ? outputs_[i] : nullptr; }

  /// Appends an input slot (null = omitted optional input).
  void AddInput(Value* v);
  /// Points input slot `i` at `v`, keeping use lists right.
  void SetInput(size_t i, Value* v);
  /// Removes all input slots.
  void ClearInputs();
  /// Makes `v` (which must have no producer) output slot `outputs().size()`. Null = omitted.
  void AddOutput(Value* v);
  /// Makes `v` (no producer, or null) output slot `i`; the value there before loses its producer.
  void SetOutput(size_t i, Value* v);

  std::vector<Attribute>& attributes() { return attributes_; }
  const std::vector<Attribute>& attributes() const { return attributes_; }
  const Attribute* FindAttribute(std::string_view name) const;
  /// Adds or replaces the attribute with the same name.
  void SetAttribute(Attribute attr);
  int64_t GetInt(std::string_view name, int64_t fallback) const;
  float GetFloat(std::string_view name, float fallback) const;
  std::string GetString(std::string_view name, std::string fallback) const;
  std::vector<int64_t> GetInts(std::string_view name, std::vector<int64_t> fallback = {}) const;

  /// Every subgraph held by an attribute (If branches, Loop/Scan bodies), in attribute order.
  std::vector<Graph*> Subgraphs() const;
  bool HasSubgraphs() const;

  /// Values read by the subgraphs of this node that belong to an enclosing graph (this node's
  /// graph or further out): the node's implicit inputs.
  std::vector<Value*> OuterScopeInputs() const;

  /// Provenance: ids of the nodes this node was made from by an optimizer pass (empty for nodes
  /// loaded from the file).
  std::vector<NodeId> origins;

  /// "'name' (Op)" or "(Op) #id" when unnamed; for error messages.
  std::string Describe() const;

 private:
  friend class Graph;
  friend class GraphCloner;
  Node(Graph* owner, NodeId id) : id_(id), owner_(owner) {}

  NodeId id_;
  Graph* owner_;
  std::string name_;
  std::string op_type_;
  std::string domain_;
  std::vector<Value*> inputs_;
  // use_pos_[i]: where input slot i's Use sits in inputs_[i]->uses() (unlinking in O(1)).
  std::vector<size_t> use_pos_;
  std::vector<Value*> outputs_;
  std::vector<Attribute> attributes_;

  void LinkInput(size_t i);
  void UnlinkInput(size_t i);
};

/// A computation graph: nodes, values, inputs, outputs, initializers. A subgraph has a parent
/// and may read its values (outer scope). Non-copyable; ids come from a counter shared with all
/// subgraphs of the same model, so a NodeId is unique model-wide.
class Graph {
 public:
  explicit Graph(std::string name = {}, Graph* parent = nullptr);
  ~Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  const std::string& name() const { return name_; }
  void set_name(std::string n) { name_ = std::move(n); }
  std::string doc_string;
  Graph* parent() const { return parent_; }
  /// The node whose attribute holds this graph (null for the main graph).
  Node* parent_node() const { return parent_node_; }
  void set_parent_node(Node* n) { parent_node_ = n; }

  // Values.
  /// Creates a value owned by this graph. The name must not be used in this graph yet.
  Value* CreateValue(std::string name);
  /// A value of this graph by name, or null.
  Value* FindLocalValue(std::string_view name) const;
  /// A value of this graph or of an enclosing graph (innermost first), or null.
  Value* FindValue(std::string_view name) const;
  /// A name not used in this graph or an enclosing one: `base`, `base_1`, `base_2`, ...
  std::string UniqueValueName(std::string_view base) const;
  /// Every value of this graph in creation order.
  std::vector<Value*> values() const;
  /// Deletes a value that is unused, unproduced and not an input/output/initializer.
  void RemoveValue(Value* v);

  // Nodes.
  Node* AddNode(std::string op_type, std::string domain = {}, std::string name = {});
  /// Unlinks and deletes `node`; its outputs lose their producer (they stay in the graph).
  void RemoveNode(Node* node);
  /// Nodes in their stored order (file order for a loaded model).
  std::vector<Node*> nodes() const;
  size_t num_nodes() const { return nodes_.size() - dead_nodes_; }
  /// The node with `id` in this graph, or null (constant time: rewrites call it per node).
  Node* FindNode(NodeId id) const;

  // Inputs, outputs, initializers.
  const std::vector<Value*>& inputs() const { return inputs_; }
  const std::vector<Value*>& outputs() const { return outputs_; }
  void AddInput(Value* v);
  void AddOutput(Value* v);
  void ClearOutputs();
  const std::vector<Value*>& initializers() const { return initializers_; }
  void SetInitializer(Value* v, Tensor t);
  void RemoveInitializer(Value* v);
  /// RemoveInitializer for many values in one pass over the list (one at a time, each a search
  /// and an erase: quadratic in a graph of 50,000 unused weights).
  void RemoveInitializers(const std::vector<Value*>& values);
  /// Sparse initializers, kept as serialized SparseTensorProto bytes.
  struct SparseInitializer {
    Value* value;
    std::string serialized;
  };
  const std::vector<SparseInitializer>& sparse_initializers() const { return sparse_; }
  void AddSparseInitializer(Value* v, std::string serialized);

  /// Nodes ordered so every producer comes before its consumers (implicit subgraph inputs
  /// included); stable: an already sorted graph keeps its order. Fails naming the nodes on a
  /// cycle.
  Expected<std::vector<Node*>> TopologicalOrder() const;

  /// Reorders the stored nodes into TopologicalOrder (for saving after a rewrite appended nodes).
  Status SortNodes();

  /// Nodes of this graph and of all nested subgraphs.
  size_t NumNodesRecursive() const;
  /// Calls `fn` on this graph and every nested subgraph, outermost first.
  void ForEachGraph(const std::function<void(const Graph&)>& fn) const;

  /// True when `g` is this graph or encloses it.
  bool IsWithin(const Graph* g) const;

  /// A deep copy of a main graph (no parent) with the same node and value ids, names, order and
  /// provenance; initializer data is shared copy-on-write. New nodes added to the copy get ids
  /// the original never used up to now. (ir/clone.cc)
  std::unique_ptr<Graph> Clone() const;

 private:
  friend class GraphCloner;
  struct IdCounter {
    int64_t next_node = 0;
    int64_t next_value = 0;
  };

  std::string name_;
  Graph* parent_;
  Node* parent_node_ = nullptr;
  std::shared_ptr<IdCounter> ids_;
  // Removal leaves a null slot (erasing from the middle made a pass over a 200,000-node chain
  // quadratic); the slots are compacted once they outnumber the live entries.
  std::vector<std::unique_ptr<Node>> nodes_;
  std::unordered_map<NodeId, size_t> node_pos_;
  size_t dead_nodes_ = 0;
  std::vector<std::unique_ptr<Value>> values_;
  std::unordered_map<const Value*, size_t> value_pos_;
  size_t dead_values_ = 0;

  Node* AppendNode(std::unique_ptr<Node> n);
  Value* AppendValue(std::unique_ptr<Value> v);
  void CompactNodes();
  void CompactValues();
  std::unordered_map<std::string, Value*> by_name_;
  std::vector<Value*> inputs_;
  std::vector<Value*> outputs_;
  std::vector<Value*> initializers_;
  std::vector<SparseInitializer> sparse_;
};

}  // namespace onnxlens::ir
