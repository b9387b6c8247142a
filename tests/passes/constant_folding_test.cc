// constant-folding: constant subgraphs and Shape of known shapes fold; random ops, Q/DQ and
// anything fed by a real input do not; everything is computed through the ConstantEvaluator it is
// given, and without one nothing folds.
#include <gtest/gtest.h>

#include "passes/constant_evaluator.h"
#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;
using testing::OptionsAt;

TEST(ConstantFolding, FoldsConstantChainsAndKnownShapes) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 6});
  ir::Node* t = b.Op("Transpose", {b.Random("w", {3, 6}, 1)});  // weight transpose
  ir::Node* mm = b.Op("MatMul", {x, t->output(0)});
  ir::Node* shape = b.Op("Shape", {x});
  ir::Node* gather = b.Op("Gather", {shape->output(0), b.Ints("i", {0})});
  ir::Node* cat = b.Op("Concat", {gather->output(0), b.Ints("m1", {-1})}, [] {
    std::vector<ir::Attribute> a;
    a.push_back(ir::Attribute::Int("axis", 0));
    return a;
  }());
  ir::Node* rs = b.Op("Reshape", {mm->output(0), cat->output(0)});
  b.Out(rs);
  auto opt = Optimized(*b.model(), Level::kBasic, {"constant-folding"});
  EXPECT_EQ(CountOps(*opt, "Transpose"), 0);
  EXPECT_EQ(CountOps(*opt, "Shape"), 0);
  EXPECT_EQ(CountOps(*opt, "Concat"), 0);
  EXPECT_EQ(opt->graph->num_nodes(), 2u);  // MatMul, Reshape
  ExpectSameOutputs(b.model(), opt);
}

TEST(ConstantFolding, LeavesRandomAndQuantizeAndLiveInputsAlone) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {4});
  ir::Node* rnd = b.Op("RandomUniform", {}, [] {
    std::vector<ir::Attribute> a;
    a.push_back(ir::Attribute::Ints("shape", {4}));
    return a;
  }());
  ir::Node* q = b.Op("QuantizeLinear", {b.Const("c", {4}, {1, 2, 3, 4}), b.Const("s", {}, {0.1f})});
  ir::Node* dq = b.Op("DequantizeLinear", {q->output(0), b.Const("s2", {}, {0.1f})});
  ir::Node* add = b.Op("Add", {x, dq->output(0)});
  ir::Node* mul = b.Op("Mul", {add->output(0), rnd->output(0)});
  b.Out(mul);
  auto opt = Optimized(*b.model(), Level::kBasic, {"constant-folding"});
  EXPECT_EQ(CountOps(*opt, "RandomUniform"), 1);
  EXPECT_EQ(CountOps(*opt, "QuantizeLinear"), 1);
  EXPECT_EQ(CountOps(*opt, "Add"), 1);
}

TEST(ConstantFolding, SizeCapKeepsBigResultsUnfolded) {
  GraphBuilder b;
  ir::Node* big = b.Op("ConstantOfShape", {b.Ints("shape", {1024, 1024})});
  ir::Node* add = b.Op("Add", {b.Input("x", {1024, 1024}), big->output(0)});
  b.Out(add);
  std::shared_ptr<ir::Model> copy = b.model()->Clone();
  OptimizeOptions o = OptionsAt(Level::kBasic);
  o.pass_options.constant_folding_max_bytes = 1 << 20;  // 4 MiB result > 1 MiB cap
  for (const auto& p : ListPasses()) {
    if (p.name != "constant-folding") o.disabled.insert(p.name);
  }
  ASSERT_TRUE(Optimize(*copy, o).ok());
  EXPECT_EQ(CountOps(*copy, "ConstantOfShape"), 1);
}

// x[2, 6] -> MatMul(x, Transpose(w)) -> Reshape(Shape(x)): a weight transpose and a known shape.
std::shared_ptr<ir::Model> TransposeAndShape() {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 6});
  ir::Node* t = b.Op("Transpose", {b.Random("w", {3, 6}, 1)});
  ir::Node* mm = b.Op("MatMul", {x, t->output(0)}, {}, {2, 3});
  ir::Node* shape = b.Op("Shape", {mm->output(0)});
  b.Out(b.Op("Reshape", {mm->output(0), shape->output(0)}));
  return b.model();
}

// Only constant folding, with `evaluator`.
std::shared_ptr<ir::Model> FoldedWith(const ir::Model& m, const ConstantEvaluator* evaluator) {
  std::shared_ptr<ir::Model> copy = m.Clone();
  OptimizeOptions o = OptionsAt(Level::kBasic);
  o.evaluator = evaluator;
  for (const auto& p : ListPasses()) {
    if (p.name != "constant-folding") o.disabled.insert(p.name);
  }
  auto r = Optimize(*copy, o);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return copy;
}

// Counts the calls and forwards them to the runtime's evaluator, or fails every one.
class TestEvaluator : public ConstantEvaluator {
 public:
  explicit TestEvaluator(bool fail) : fail_(fail) {}
  Expected<std::vector<ir::Tensor>> Evaluate(
      const ir::Node& node, int64_t opset,
      const std::vector<const ir::Tensor*>& inputs) const override {
    ++calls;
    if (fail_) return Unsupported("test evaluator computes nothing");
    return runtime::ReferenceConstantEvaluator().Evaluate(node, opset, inputs);
  }
  mutable int calls = 0;

 private:
  bool fail_;
};

TEST(ConstantFolding, WithoutAnEvaluatorNothingFolds) {
  auto m = TransposeAndShape();
  auto opt = FoldedWith(*m, nullptr);
  EXPECT_EQ(CountOps(*opt, "Transpose"), 1);
  EXPECT_EQ(CountOps(*opt, "Shape"), 1);  // not even what needs no kernel
}

TEST(ConstantFolding, ComputesThroughTheEvaluatorItIsGiven) {
  auto m = TransposeAndShape();
  TestEvaluator counting(/*fail=*/false);
  auto opt = FoldedWith(*m, &counting);
  EXPECT_EQ(CountOps(*opt, "Transpose"), 0);
  EXPECT_EQ(CountOps(*opt, "Shape"), 0);  // known dims: no evaluator call
  EXPECT_EQ(counting.calls, 1);           // the Transpose
  ExpectSameOutputs(m, opt);
}

TEST(ConstantFolding, AnEvaluatorErrorLeavesTheNodeInPlace) {
  auto m = TransposeAndShape();
  TestEvaluator failing(/*fail=*/true);
  auto opt = FoldedWith(*m, &failing);
  EXPECT_EQ(CountOps(*opt, "Transpose"), 1);
  EXPECT_EQ(CountOps(*opt, "Shape"), 0);
  EXPECT_GE(failing.calls, 1);
}

}  // namespace
}  // namespace onnxlens::passes
