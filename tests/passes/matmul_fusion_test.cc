// matmul-bn-fusion, matmul-transpose-fusion and matmul-scale-fusion.
#include <gtest/gtest.h>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::Attrs;
using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

TEST(MatMulBnFusion, BecomesOneGemm) {
  GraphBuilder b;
  ir::Value* mm =
      b.Op("MatMul", {b.Input("x", {5, 4}), b.Random("w", {4, 3}, 1)}, {}, {5, 3})->output(0);
  ir::Value* var = b.Const("var", {3}, {0.5f, 1.f, 2.f});
  b.Out(b.Op("BatchNormalization", {mm, b.Random("scale", {3}, 2), b.Random("bias", {3}, 3),
                                    b.Random("mean", {3}, 4), var}));
  auto opt = Optimized(*b.model(), Level::kBasic, {"matmul-bn-fusion"});
  ASSERT_EQ(opt->graph->num_nodes(), 1u);
  EXPECT_EQ(opt->graph->nodes()[0]->op_type(), "Gemm");
  ExpectSameOutputs(b.model(), opt);
}

TEST(MatMulBnFusion, ThreeDimensionalInputIsLeftAlone) {
  GraphBuilder b;
  ir::Value* mm =
      b.Op("MatMul", {b.Input("x", {2, 5, 4}), b.Random("w", {4, 3}, 1)}, {}, {2, 5, 3})->output(0);
  b.Out(b.Op("BatchNormalization", {mm, b.Random("s", {3}, 2), b.Random("b", {3}, 3),
                                    b.Random("m", {3}, 4), b.Const("v", {3}, {1, 1, 1})}));
  EXPECT_EQ(CountOps(*Optimized(*b.model(), Level::kBasic, {"matmul-bn-fusion"}), "Gemm"), 0);
}

TEST(FusedMatMul, TransposesAndScalesFold) {
  GraphBuilder b;
  ir::Value* a = b.Input("a", {2, 4, 3});  // used as [2, 3, 4] after the transpose
  ir::Value* t = b.Op("Transpose", {a}, Attrs(ir::Attribute::Ints("perm", {0, 2, 1})))->output(0);
  ir::Value* mm = b.Op("MatMul", {t, b.Input("b", {2, 4, 5})})->output(0);
  b.Out(b.Op("Div", {mm, b.Const("d", {}, {4.f})}));
  auto opt =
      Optimized(*b.model(), Level::kExtended, {"matmul-transpose-fusion", "matmul-scale-fusion"});
  ASSERT_EQ(opt->graph->num_nodes(), 1u);
  const ir::Node* n = opt->graph->nodes()[0];
  EXPECT_EQ(n->op_type(), "FusedMatMul");
  EXPECT_EQ(n->GetInt("transA", 0), 1);
  EXPECT_FLOAT_EQ(n->GetFloat("alpha", 1.f), 0.25f);
  EXPECT_EQ(n->origins.size(), 3u);
  ExpectSameOutputs(b.model(), opt);
}

TEST(FusedMatMul, ScaledInputAndTransposedB) {
  GraphBuilder b;
  ir::Value* a = b.Op("Mul", {b.Input("a", {3, 4}), b.Const("k", {}, {0.5f})})->output(0);
  ir::Value* bt =
      b.Op("Transpose", {b.Input("b", {5, 4})}, Attrs(ir::Attribute::Ints("perm", {1, 0})))
          ->output(0);
  b.Out(b.Op("MatMul", {a, bt}));
  auto opt =
      Optimized(*b.model(), Level::kExtended, {"matmul-transpose-fusion", "matmul-scale-fusion"});
  ASSERT_EQ(opt->graph->num_nodes(), 1u);
  EXPECT_EQ(opt->graph->nodes()[0]->GetInt("transB", 0), 1);
  ExpectSameOutputs(b.model(), opt);
}

TEST(FusedMatMul, OtherPermutationsStay) {
  GraphBuilder b;
  ir::Value* t =
      b.Op("Transpose", {b.Input("a", {4, 2, 3})}, Attrs(ir::Attribute::Ints("perm", {1, 0, 2})))
          ->output(0);
  b.Out(b.Op("MatMul", {t, b.Input("b", {3, 5})}));
  EXPECT_EQ(CountOps(*Optimized(*b.model(), Level::kExtended, {"matmul-transpose-fusion"}),
                     "FusedMatMul"),
            0);
}

}  // namespace
}  // namespace onnxlens::passes
