// Tests for Graph/Node/Value bookkeeping: use lists, removal, stable topological order,
// subgraphs with outer-scope values.
#include "ir/graph.h"

#include <gtest/gtest.h>

namespace onnxlens::ir {
namespace {

// x -> Relu -> a -> Neg -> b; output b.
struct Chain {
  Graph g{"main"};
  Value* x;
  Value* a;
  Value* b;
  Node* relu;
  Node* neg;
  Chain() {
    x = g.CreateValue("x");
    g.AddInput(x);
    a = g.CreateValue("a");
    b = g.CreateValue("b");
    relu = g.AddNode("Relu", "", "relu");
    relu->AddInput(x);
    relu->AddOutput(a);
    neg = g.AddNode("Neg", "", "neg");
    neg->AddInput(a);
    neg->AddOutput(b);
    g.AddOutput(b);
  }
};

TEST(GraphTest, UseListsFollowSetInput) {
  Chain c;
  ASSERT_EQ(c.a->uses().size(), 1u);
  EXPECT_EQ(c.a->uses()[0].node, c.neg);
  c.neg->SetInput(0, c.x);
  EXPECT_TRUE(c.a->uses().empty());
  EXPECT_EQ(c.x->uses().size(), 2u);
  EXPECT_EQ(c.a->producer(), c.relu);
}

TEST(GraphTest, RemoveNodeUnlinksInputsAndOutputs) {
  Chain c;
  c.neg->SetInput(0, c.x);
  c.g.RemoveNode(c.relu);
  EXPECT_EQ(c.g.num_nodes(), 1u);
  EXPECT_EQ(c.a->producer(), nullptr);
  EXPECT_EQ(c.x->uses().size(), 1u);
  c.g.RemoveValue(c.a);
  EXPECT_EQ(c.g.FindLocalValue("a"), nullptr);
}

TEST(GraphTest, NodeIdsAreStableAndUniqueAcrossSubgraphs) {
  Chain c;
  auto* iff = c.g.AddNode("If");
  Attribute then_attr;
  then_attr.name = "then_branch";
  then_attr.type = AttrType::kGraph;
  then_attr.g = std::make_unique<Graph>("then", &c.g);
  Node* inner = then_attr.g->AddNode("Identity");
  iff->attributes().push_back(std::move(then_attr));
  EXPECT_NE(inner->id(), c.relu->id());
  EXPECT_NE(inner->id(), c.neg->id());
  EXPECT_NE(inner->id(), iff->id());
  EXPECT_EQ(c.g.FindNode(c.neg->id()), c.neg);
}

TEST(GraphTest, TopologicalOrderKeepsASortedGraphAsIs) {
  Chain c;
  auto order = c.g.TopologicalOrder();
  ASSERT_TRUE(order.ok());
  EXPECT_EQ(*order, (std::vector<Node*>{c.relu, c.neg}));
}

TEST(GraphTest, TopologicalOrderSortsAnUnsortedGraph) {
  Graph g("main");
  Value* x = g.CreateValue("x");
  g.AddInput(x);
  Value* a = g.CreateValue("a");
  Value* b = g.CreateValue("b");
  Node* second = g.AddNode("Neg", "", "second");  // stored first, consumes a
  second->AddInput(a);
  second->AddOutput(b);
  Node* first = g.AddNode("Relu", "", "first");
  first->AddInput(x);
  first->AddOutput(a);
  auto order = g.TopologicalOrder();
  ASSERT_TRUE(order.ok());
  EXPECT_EQ(*order, (std::vector<Node*>{first, second}));
}

TEST(GraphTest, TopologicalOrderReportsACycleByNodeName) {
  Graph g("main");
  Value* a = g.CreateValue("a");
  Value* b = g.CreateValue("b");
  Node* n1 = g.AddNode("Relu", "", "n1");
  Node* n2 = g.AddNode("Neg", "", "n2");
  n1->AddInput(b);
  n1->AddOutput(a);
  n2->AddInput(a);
  n2->AddOutput(b);
  auto order = g.TopologicalOrder();
  ASSERT_FALSE(order.ok());
  EXPECT_NE(order.status().message().find("cycle"), std::string::npos);
  EXPECT_NE(order.status().message().find("'n1' (Relu)"), std::string::npos);
}

TEST(GraphTest, OuterScopeInputsOrderTheSubgraphOwnerAfterTheProducer) {
  // The If node is stored before the node producing the value its branch reads.
  Graph g("main");
  Value* x = g.CreateValue("x");
  g.AddInput(x);
  Value* c = g.CreateValue("c");
  g.AddInput(c);
  Value* a = g.CreateValue("a");
  Value* y = g.CreateValue("y");
  Node* iff = g.AddNode("If", "", "if");
  iff->AddInput(c);
  iff->AddOutput(y);
  Attribute br;
  br.name = "then_branch";
  br.type = AttrType::kGraph;
  br.g = std::make_unique<Graph>("then", &g);
  br.g->set_parent_node(iff);
  Value* inner_out = br.g->CreateValue("t");
  Node* id = br.g->AddNode("Identity");
  id->AddInput(a);  // outer value
  id->AddOutput(inner_out);
  br.g->AddOutput(inner_out);
  iff->attributes().push_back(std::move(br));
  Node* producer = g.AddNode("Relu", "", "producer");
  producer->AddInput(x);
  producer->AddOutput(a);

  EXPECT_EQ(iff->OuterScopeInputs(), std::vector<Value*>{a});
  ASSERT_EQ(a->uses().size(), 1u);
  EXPECT_EQ(a->uses()[0].node, id);
  auto order = g.TopologicalOrder();
  ASSERT_TRUE(order.ok());
  EXPECT_EQ(*order, (std::vector<Node*>{producer, iff}));
}

TEST(GraphTest, DestroyingASubgraphRemovesItsUsesOfOuterValues) {
  Chain c;
  Node* iff = c.g.AddNode("If");
  {
    Attribute br;
    br.name = "then_branch";
    br.type = AttrType::kGraph;
    br.g = std::make_unique<Graph>("then", &c.g);
    br.g->AddNode("Identity")->AddInput(c.a);
    iff->attributes().push_back(std::move(br));
  }
  EXPECT_EQ(c.a->uses().size(), 2u);
  c.g.RemoveNode(iff);
  EXPECT_EQ(c.a->uses().size(), 1u);
}

TEST(GraphTest, UniqueValueNameAvoidsOuterNames) {
  Chain c;
  Graph sub("sub", &c.g);
  EXPECT_EQ(sub.UniqueValueName("a"), "a_1");
  EXPECT_EQ(sub.UniqueValueName("fresh"), "fresh");
}

// Issue 41.4: unlinking a use is constant time (the last use takes its place); a value read by many
// nodes, some reading it twice and from a subgraph, keeps a use list that matches the input slots
// through removals, rewiring and the destruction of the subgraph.
TEST(GraphTest, UseListsOfAWidelyReadValueStayExactThroughUnlinking) {
  Graph g("wide");
  Value* x = g.CreateValue("x");
  g.AddInput(x);
  Value* y = g.CreateValue("y");
  g.AddInput(y);
  std::vector<Node*> readers;
  for (int i = 0; i < 600; ++i) {
    Node* n = g.AddNode("Add", "", "add" + std::to_string(i));
    n->AddInput(x);
    n->AddInput(i % 2 ? x : y);
    n->AddOutput(g.CreateValue("o" + std::to_string(i)));
    readers.push_back(n);
  }
  Node* iff = g.AddNode("If", "", "if");
  {
    Attribute br;
    br.name = "then_branch";
    br.type = AttrType::kGraph;
    br.g = std::make_unique<Graph>("then", &g);
    br.g->set_parent_node(iff);
    Node* inner = br.g->AddNode("Neg", "", "inner");
    inner->AddInput(x);
    inner->AddOutput(br.g->CreateValue("inner_out"));
    br.g->AddOutput(inner->output(0));
    iff->attributes().push_back(std::move(br));
  }
  iff->AddInput(y);
  EXPECT_EQ(x->uses().size(), 600u + 300u + 1u);
  auto slots_match = [&](const Value* v) {
    size_t slots = 0;
    for (const Use& u : v->uses()) {
      if (u.node->inputs()[static_cast<size_t>(u.index)] != v) return false;
    }
    g.ForEachGraph([&](const Graph& sub) {
      for (const Node* n : sub.nodes()) {
        for (const Value* in : n->inputs()) slots += in == v ? 1 : 0;
      }
    });
    return slots == v->uses().size();
  };
  std::vector<NodeId> ids;
  for (const Node* n : readers) ids.push_back(n->id());
  for (size_t i = 0; i < ids.size(); i += 3) g.RemoveNode(g.FindNode(ids[i]));  // from the front
  for (size_t i = ids.size(); i-- > 0;) {
    Node* n = i % 5 == 0 ? g.FindNode(ids[i]) : nullptr;
    if (n) n->SetInput(0, y);  // from the back
  }
  EXPECT_TRUE(slots_match(x));
  EXPECT_TRUE(slots_match(y));
  g.RemoveNode(iff);  // the subgraph's read of x goes with it
  EXPECT_TRUE(slots_match(x));
  EXPECT_TRUE(slots_match(y));
}

// Removal is constant time (a slot left empty, compacted later): ids, order and lookups stay right
// through many removals, and a clone of a graph with empty slots is whole.
TEST(GraphTest, ManyRemovalsKeepOrderLookupsAndClonesRight) {
  Graph g("chain");
  Value* prev = g.CreateValue("x");
  g.AddInput(prev);
  std::vector<Node*> nodes;
  for (int i = 0; i < 1000; ++i) {
    Node* n = g.AddNode("Relu", "", "n" + std::to_string(i));
    n->AddInput(prev);
    prev = g.CreateValue("v" + std::to_string(i));
    n->AddOutput(prev);
    nodes.push_back(n);
  }
  g.AddOutput(prev);
  const NodeId removed = nodes[1]->id();
  std::vector<NodeId> kept;
  for (int i = 0; i < 1000; ++i) {
    if (i % 3 == 0) {
      kept.push_back(nodes[i]->id());
      continue;
    }
    g.RemoveNode(nodes[i]);
  }
  EXPECT_EQ(g.num_nodes(), kept.size());
  const std::vector<Node*> live = g.nodes();
  ASSERT_EQ(live.size(), kept.size());
  for (size_t i = 0; i < kept.size(); ++i) {
    EXPECT_EQ(live[i]->id(), kept[i]);
    EXPECT_EQ(g.FindNode(kept[i]), live[i]);
  }
  EXPECT_EQ(g.FindNode(removed), nullptr);
  auto clone = g.Clone();
  EXPECT_EQ(clone->num_nodes(), kept.size());
  EXPECT_EQ(clone->FindNode(kept.back())->name(), live.back()->name());
  Value* unused = g.CreateValue("unused");
  const size_t values = g.values().size();
  g.RemoveValue(unused);
  EXPECT_EQ(g.values().size(), values - 1);
  EXPECT_EQ(g.FindLocalValue("unused"), nullptr);
}

}  // namespace
}  // namespace onnxlens::ir
