// gelu-fusion (both exported orders), fast-gelu-fusion and bias-gelu-fusion.
#include <gtest/gtest.h>

#include <cmath>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;
using testing::OptionsAt;

// gelu(x + bias) with x [3, 8]; `half_first`: (x * 0.5) * (1 + erf) else (x * (1 + erf)) * 0.5.
std::shared_ptr<ir::Model> GeluModel(bool half_first, float sqrt2 = std::sqrt(2.f)) {
  GraphBuilder b(12);
  ir::Value* x = b.Op("Add", {b.Input("x", {3, 8}), b.Random("bias", {8}, 1)})->output(0);
  ir::Value* d = b.Op("Div", {x, b.Const("sqrt2", {}, {sqrt2})})->output(0);
  ir::Value* e = b.Op("Erf", {d})->output(0);
  ir::Value* p = b.Op("Add", {e, b.Const("one", {}, {1.f})})->output(0);
  if (half_first) {
    ir::Value* h = b.Op("Mul", {x, b.Const("half", {}, {0.5f})})->output(0);
    b.Out(b.Op("Mul", {h, p}));
  } else {
    ir::Value* m = b.Op("Mul", {x, p})->output(0);
    b.Out(b.Op("Mul", {m, b.Const("half", {}, {0.5f})}));
  }
  return b.model();
}

TEST(GeluFusion, BothOrdersFuseThenTheBiasJoins) {
  for (bool half_first : {true, false}) {
    auto m = GeluModel(half_first);
    auto gelu = Optimized(*m, Level::kExtended, {"gelu-fusion"});
    EXPECT_EQ(CountOps(*gelu, "Gelu"), 1) << half_first;
    EXPECT_EQ(gelu->graph->num_nodes(), 2u);  // Add + Gelu
    ExpectSameOutputs(m, gelu);
    auto bias = Optimized(*m, Level::kExtended, {"gelu-fusion", "bias-gelu-fusion"});
    EXPECT_EQ(CountOps(*bias, "BiasGelu"), 1);
    EXPECT_EQ(bias->graph->num_nodes(), 1u);
    EXPECT_EQ(bias->OpsetVersion("com.microsoft"), 1);
    ExpectSameOutputs(m, bias);
  }
}

TEST(GeluFusion, OtherConstantsAreNotGelu) {
  auto m = GeluModel(true, 1.5f);
  EXPECT_EQ(CountOps(*Optimized(*m, Level::kExtended, {"gelu-fusion"}), "Gelu"), 0);
}

TEST(GeluFusion, StandardFormatKeepsTheDecomposition) {
  auto m = GeluModel(true);
  std::shared_ptr<ir::Model> copy = m->Clone();
  OptimizeOptions o = OptionsAt(Level::kExtended);
  o.pass_options.format = Format::kStandard;
  ASSERT_TRUE(Optimize(*copy, o).ok());
  EXPECT_EQ(CountOps(*copy, "Gelu") + CountOps(*copy, "BiasGelu"), 0);
  EXPECT_EQ(CountOps(*copy, "Erf"), 1);
}

// tanh GELU: x * 0.5 * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))), cube as Pow or x*x*x.
std::shared_ptr<ir::Model> FastGeluModel(bool pow, float c = 0.044715f) {
  GraphBuilder b(12);
  ir::Value* x = b.Op("Add", {b.Input("x", {3, 8}), b.Random("bias", {8}, 1)})->output(0);
  ir::Value* cube;
  if (pow) {
    cube = b.Op("Pow", {x, b.Const("three", {}, {3.f})})->output(0);
  } else {
    ir::Value* sq = b.Op("Mul", {x, x})->output(0);
    cube = b.Op("Mul", {sq, x})->output(0);
  }
  ir::Value* t = b.Op("Mul", {b.Const("c", {}, {c}), cube})->output(0);
  ir::Value* inner = b.Op("Add", {x, t})->output(0);
  ir::Value* scaled = b.Op("Mul", {inner, b.Const("k", {}, {0.7978845608f})})->output(0);
  ir::Value* th = b.Op("Tanh", {scaled})->output(0);
  ir::Value* p = b.Op("Add", {th, b.Const("one", {}, {1.f})})->output(0);
  ir::Value* h = b.Op("Mul", {x, b.Const("half", {}, {0.5f})})->output(0);
  b.Out(b.Op("Mul", {h, p}));
  return b.model();
}

TEST(FastGeluFusion, BothCubeFormsFuseAndTakeTheBias) {
  for (bool pow : {true, false}) {
    auto m = FastGeluModel(pow);
    auto fast = Optimized(*m, Level::kExtended, {"fast-gelu-fusion"});
    EXPECT_EQ(CountOps(*fast, "FastGelu"), 1) << pow;
    EXPECT_EQ(fast->graph->num_nodes(), 2u);
    ExpectSameOutputs(m, fast);
    auto bias = Optimized(*m, Level::kExtended, {"fast-gelu-fusion", "bias-gelu-fusion"});
    ASSERT_EQ(bias->graph->num_nodes(), 1u);
    EXPECT_EQ(bias->graph->nodes()[0]->op_type(), "FastGelu");
    EXPECT_EQ(bias->graph->nodes()[0]->inputs().size(), 2u);
    ExpectSameOutputs(m, bias);
  }
}

TEST(FastGeluFusion, OtherCoefficientIsNotFastGelu) {
  auto m = FastGeluModel(true, 0.5f);
  EXPECT_EQ(CountOps(*Optimized(*m, Level::kExtended, {"fast-gelu-fusion"}), "FastGelu"), 0);
}

}  // namespace
}  // namespace onnxlens::passes
