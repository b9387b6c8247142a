// The cost estimator: MACs and FLOPs of the matrix-like, element-wise, normalization and pooling
// ops from static shapes (each with a twin whose shape is not static and is not counted), per op
// type and in total; the activation memory peak of a chain and of a branch.
#include "ir/cost.h"

#include <gtest/gtest.h>

#include "ir/tensor.h"

namespace onnxlens::ir {
namespace {

TypeInfo F32(std::vector<Dim> dims) { return TypeInfo::Tensor(DataType::kFloat, std::move(dims)); }
std::vector<Dim> D(std::initializer_list<int64_t> d) {
  std::vector<int64_t> v(d);
  return DimsFromSizes(v);
}

Value* Input(Graph& g, const std::string& name, TypeInfo type) {
  Value* v = g.CreateValue(name);
  v->set_type(std::move(type));
  g.AddInput(v);
  return v;
}

Value* Weight(Graph& g, const std::string& name, std::vector<int64_t> dims) {
  Value* v = g.CreateValue(name);
  g.SetInitializer(v, Tensor::Zeros(DataType::kFloat, std::move(dims)).value());
  return v;
}

Node* Op(Graph& g, const std::string& op, std::vector<Value*> inputs, const std::string& out,
         TypeInfo type) {
  Node* n = g.AddNode(op, "", out + "_node");
  for (Value* v : inputs) n->AddInput(v);
  Value* y = g.CreateValue(out);
  y->set_type(std::move(type));
  n->AddOutput(y);
  return n;
}

TEST(Cost, ConvCountsOutputTimesKernelVolumeAndItsBias) {
  Graph g("main");
  Value* x = Input(g, "x", F32(D({1, 3, 8, 8})));
  Node* conv = Op(g, "Conv", {x, Weight(g, "w", {4, 3, 3, 3}), Weight(g, "b", {4})}, "y",
                  F32(D({1, 4, 6, 6})));
  const NodeCost c = EstimateNodeCost(*conv);
  EXPECT_TRUE(c.counted);
  EXPECT_EQ(c.macs, 144 * 27);             // 144 outputs, 3x3x3 each
  EXPECT_EQ(c.flops, 2 * 144 * 27 + 144);  // and the bias
  // Its twin: the output's height is not known.
  Node* unknown = Op(g, "Conv", {x, Weight(g, "w2", {4, 3, 3, 3})}, "y2",
                     F32({Dim::Known(1), Dim::Known(4), Dim::Unknown(), Dim::Known(6)}));
  EXPECT_FALSE(EstimateNodeCost(*unknown).counted);
  EXPECT_EQ(EstimateNodeCost(*unknown).flops, 0);
}

TEST(Cost, MatMulAndGemmCountMTimesNTimesK) {
  Graph g("main");
  Value* a = Input(g, "a", F32({Dim::Symbolic("batch"), Dim::Known(5), Dim::Known(7)}));
  Node* mm = Op(g, "MatMul", {a, Weight(g, "b", {7, 3})}, "y",
                F32({Dim::Symbolic("batch"), Dim::Known(5), Dim::Known(3)}));
  EXPECT_EQ(EstimateNodeCost(*mm).macs, 5 * 3 * 7);  // batch counts as 1
  EXPECT_EQ(EstimateNodeCost(*mm).flops, 2 * 5 * 3 * 7);
  Value* at = Input(g, "at", F32(D({7, 5})));
  Node* gemm =
      Op(g, "Gemm", {at, Weight(g, "w", {7, 3}), Weight(g, "c", {3})}, "z", F32(D({5, 3})));
  gemm->SetAttribute(Attribute::Int("transA", 1));
  EXPECT_EQ(EstimateNodeCost(*gemm).macs, 5 * 3 * 7);
  EXPECT_EQ(EstimateNodeCost(*gemm).flops, 2 * 5 * 3 * 7 + 15);
  // A Gemm whose A is not 2-D is malformed: not counted.
  Value* bad = Input(g, "bad", F32(D({2, 7, 5})));
  EXPECT_FALSE(
      EstimateNodeCost(*Op(g, "Gemm", {bad, Weight(g, "w3", {7, 3})}, "z3", F32(D({5, 3}))))
          .counted);
}

TEST(Cost, ElementwiseNormalizationPoolingAndDataMovement) {
  Graph g("main");
  Value* x = Input(g, "x", F32(D({1, 4, 6, 6})));
  EXPECT_EQ(EstimateNodeCost(*Op(g, "Relu", {x}, "r", F32(D({1, 4, 6, 6})))).flops, 144);
  EXPECT_EQ(EstimateNodeCost(*Op(g, "BatchNormalization", {x}, "bn", F32(D({1, 4, 6, 6})))).flops,
            288);
  EXPECT_EQ(EstimateNodeCost(*Op(g, "Softmax", {x}, "s", F32(D({1, 4, 6, 6})))).flops, 432);
  Node* pool = Op(g, "MaxPool", {x}, "p", F32(D({1, 4, 3, 3})));
  pool->SetAttribute(Attribute::Ints("kernel_shape", {2, 2}));
  EXPECT_EQ(EstimateNodeCost(*pool).flops, 36 * 4);
  EXPECT_EQ(EstimateNodeCost(*Op(g, "GlobalAveragePool", {x}, "gap", F32(D({1, 4, 1, 1})))).flops,
            144);
  const NodeCost reshape = EstimateNodeCost(*Op(g, "Reshape", {x}, "rs", F32(D({4, 36}))));
  EXPECT_TRUE(reshape.counted);
  EXPECT_EQ(reshape.flops, 0);
  EXPECT_FALSE(EstimateNodeCost(*Op(g, "SomeCustomOp", {x}, "u", F32(D({1})))).counted);
}

TEST(Cost, GraphTotalsByOpTypeAndTheActivationPeakOfAChain) {
  // x[1,1000] -> Relu a -> Neg b -> Relu c (output): x stays (the caller's), a is freed once Neg
  // has read it, so at most x + two more tensors are alive: 12,000 bytes.
  Graph g("main");
  Value* x = Input(g, "x", F32(D({1, 1000})));
  Node* r1 = Op(g, "Relu", {x}, "a", F32(D({1, 1000})));
  Node* neg = Op(g, "Neg", {r1->output(0)}, "b", F32(D({1, 1000})));
  Node* r2 = Op(g, "Relu", {neg->output(0)}, "c", F32(D({1, 1000})));
  g.AddOutput(r2->output(0));
  Op(g, "SomeCustomOp", {x}, "u", F32({Dim::Unknown()}));  // not counted, not sized
  const GraphCost c = EstimateGraphCost(g);
  EXPECT_EQ(c.flops, 3000);
  EXPECT_EQ(c.macs, 0);
  EXPECT_EQ(c.uncounted_nodes, 1);
  ASSERT_EQ(c.by_op.size(), 3u);
  EXPECT_EQ(c.by_op[0].op, "Relu");  // by FLOPs
  EXPECT_EQ(c.by_op[0].nodes, 2);
  EXPECT_EQ(c.by_op[0].flops, 2000);
  EXPECT_EQ(c.by_op.back().op, "SomeCustomOp");
  EXPECT_EQ(c.by_op.back().uncounted, 1);
  EXPECT_EQ(c.activation_peak_bytes, 12000);
  EXPECT_EQ(c.activation_total_bytes, 16000);
  EXPECT_EQ(c.unsized_values, 1);
  EXPECT_FALSE(c.symbolic_dims_as_one);
}

TEST(Cost, ABranchKeepsBothSidesAliveUntilTheyJoin) {
  // x -> Relu a, x -> Neg b, Add(a, b) -> c: x, a, b and c alive at the Add: 16,000 bytes.
  Graph g("main");
  Value* x = Input(g, "x", F32({Dim::Symbolic("batch"), Dim::Known(1000)}));
  Node* a = Op(g, "Relu", {x}, "a", F32({Dim::Symbolic("batch"), Dim::Known(1000)}));
  Node* b = Op(g, "Neg", {x}, "b", F32({Dim::Symbolic("batch"), Dim::Known(1000)}));
  Node* add = Op(g, "Add", {a->output(0), b->output(0)}, "c",
                 F32({Dim::Symbolic("batch"), Dim::Known(1000)}));
  g.AddOutput(add->output(0));
  const GraphCost c = EstimateGraphCost(g);
  EXPECT_EQ(c.activation_peak_bytes, 16000);
  EXPECT_TRUE(c.symbolic_dims_as_one);
  EXPECT_EQ(c.flops, 3000);
}

}  // namespace
}  // namespace onnxlens::ir
