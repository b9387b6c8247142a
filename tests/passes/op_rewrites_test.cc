// pad-into-pool-fusion, einsum-matmul-rewrite and shape-slice-folding: positive cases with the
// same outputs as before, and the negative twins each rule must leave alone.
#include <gtest/gtest.h>

#include <limits>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::Attrs;
using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

const ir::Node* FindOp(const ir::Model& m, const std::string& op) {
  for (const ir::Node* n : m.graph->nodes()) {
    if (n->op_type() == op) return n;
  }
  return nullptr;
}

ir::Node* Pad(GraphBuilder& b, ir::Value* x, std::vector<int64_t> pads, float value,
              const std::string& tag) {
  return b.Op("Pad", {x, b.Ints(tag + "_pads", pads), b.Const(tag + "_value", {}, {value})});
}

TEST(PadIntoPoolFusion, MinusInfinityIntoMaxPoolAndZeroCountedIntoAveragePool) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {1, 2, 6, 7});
  const float ninf = -std::numeric_limits<float>::infinity();
  ir::Node* p1 = Pad(b, x, {0, 0, 1, 2, 0, 0, 1, 0}, ninf, "p1");
  ir::Node* mp = b.Op("MaxPool", {p1->output(0)},
                      Attrs(ir::Attribute::Ints("kernel_shape", {3, 3}),
                            ir::Attribute::Ints("pads", {0, 0, 1, 1})));
  ir::Node* p2 = Pad(b, x, {0, 0, 1, 1, 0, 0, 1, 1}, 0.f, "p2");
  ir::Node* ap = b.Op(
      "AveragePool", {p2->output(0)},
      Attrs(ir::Attribute::Ints("kernel_shape", {3, 3}), ir::Attribute::Ints("strides", {2, 2})));
  ir::Node* relu = b.Op("Relu", {x}, {}, {1, 2, 6, 7});
  ir::Node* p3 = Pad(b, relu->output(0), {0, 0, 1, 1, 0, 0, 1, 1}, 0.f, "p3");
  ir::Node* mp2 =
      b.Op("MaxPool", {p3->output(0)}, Attrs(ir::Attribute::Ints("kernel_shape", {2, 2})));
  b.Out(mp);
  b.Out(ap);
  b.Out(mp2);
  auto opt = Optimized(*b.model(), Level::kBasic, {"pad-into-pool-fusion"});
  EXPECT_EQ(CountOps(*opt, "Pad"), 0);
  const ir::Node* fused = FindOp(*opt, "MaxPool");
  ASSERT_TRUE(fused);
  EXPECT_EQ(fused->GetInts("pads"), (std::vector<int64_t>{1, 2, 2, 1}));
  const ir::Node* avg = FindOp(*opt, "AveragePool");
  EXPECT_EQ(avg->GetInt("count_include_pad", 0), 1);
  EXPECT_EQ(avg->GetInts("pads"), (std::vector<int64_t>{1, 1, 1, 1}));
  ExpectSameOutputs(b.model(), opt);
}

TEST(PadIntoPoolFusion, FillsAndPoolsThatWouldChangeTheResultStay) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {1, 2, 6, 7});
  // Zero fill before MaxPool of possibly negative values.
  ir::Node* p1 = Pad(b, x, {0, 0, 1, 1, 0, 0, 1, 1}, 0.f, "p1");
  ir::Node* mp =
      b.Op("MaxPool", {p1->output(0)}, Attrs(ir::Attribute::Ints("kernel_shape", {3, 3})));
  // Non-zero fill before AveragePool.
  ir::Node* p2 = Pad(b, x, {0, 0, 1, 1, 0, 0, 1, 1}, 1.f, "p2");
  ir::Node* ap =
      b.Op("AveragePool", {p2->output(0)}, Attrs(ir::Attribute::Ints("kernel_shape", {3, 3})));
  // AveragePool whose own pads are not counted.
  ir::Node* p3 = Pad(b, x, {0, 0, 1, 1, 0, 0, 1, 1}, 0.f, "p3");
  ir::Node* ap2 = b.Op("AveragePool", {p3->output(0)},
                       Attrs(ir::Attribute::Ints("kernel_shape", {3, 3}),
                             ir::Attribute::Ints("pads", {1, 1, 1, 1})));
  // Padding the channels.
  ir::Node* p4 = Pad(b, x, {0, 1, 0, 0, 0, 0, 0, 0}, 0.f, "p4");
  ir::Node* ap3 =
      b.Op("AveragePool", {p4->output(0)}, Attrs(ir::Attribute::Ints("kernel_shape", {2, 2})));
  // ceil_mode.
  ir::Node* p5 = Pad(b, x, {0, 0, 1, 1, 0, 0, 1, 1}, 0.f, "p5");
  ir::Node* ap4 =
      b.Op("AveragePool", {p5->output(0)},
           Attrs(ir::Attribute::Ints("kernel_shape", {2, 2}), ir::Attribute::Int("ceil_mode", 1),
                 ir::Attribute::Ints("strides", {2, 2})));
  for (ir::Node* n : {mp, ap, ap2, ap3, ap4}) b.Out(n);
  auto opt = Optimized(*b.model(), Level::kBasic, {"pad-into-pool-fusion"});
  EXPECT_EQ(CountOps(*opt, "Pad"), 5);
}

TEST(EinsumMatMulRewrite, BatchedProductsBecomeMatMulOthersStay) {
  GraphBuilder b;
  ir::Value* a = b.Input("a", {2, 3, 4});
  ir::Value* w = b.Input("w", {2, 4, 5});
  ir::Node* e1 =
      b.Op("Einsum", {a, w}, Attrs(ir::Attribute::String("equation", "bij, bjk -> bik")));
  ir::Node* e2 =
      b.Op("Einsum", {a, w}, Attrs(ir::Attribute::String("equation", "...ij,...jk->...ik")));
  ir::Value* v = b.Input("v", {5, 4});
  ir::Node* e3 = b.Op("Einsum", {a, v}, Attrs(ir::Attribute::String("equation", "bij,kj->bik")));
  ir::Node* e4 = b.Op("Einsum", {a, w}, Attrs(ir::Attribute::String("equation", "bij,bjk->bki")));
  for (ir::Node* n : {e1, e2, e3, e4}) b.Out(n);
  auto opt = Optimized(*b.model(), Level::kBasic, {"einsum-matmul-rewrite"});
  EXPECT_EQ(CountOps(*opt, "MatMul"), 2);
  EXPECT_EQ(CountOps(*opt, "Einsum"), 2);
  ExpectSameOutputs(b.model(), opt);
}

TEST(ShapeSliceFolding, KnownSlicedDimsFoldSymbolicOnesStay) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 3, 8});
  ir::Node* relu = b.Op("Relu", {x});
  // As inference may leave it: the batch dim symbolic, the others known.
  relu->output(0)->set_type(ir::TypeInfo::Tensor(
      ir::DataType::kFloat, {ir::Dim::Symbolic("batch"), ir::Dim::Known(3), ir::Dim::Known(8)}));
  ir::Node* shape = b.Op("Shape", {relu->output(0)});
  ir::Node* tail = b.Op("Slice", {shape->output(0), b.Ints("s", {1}), b.Ints("e", {INT64_MAX})});
  ir::Node* head = b.Op("Slice", {shape->output(0), b.Ints("s0", {0}), b.Ints("e0", {2})});
  ir::Node* back = b.Op("Slice", {shape->output(0), b.Ints("s1", {-1}), b.Ints("e1", {0}),
                                  b.Ints("a1", {0}), b.Ints("st1", {-1})});
  ir::Node* cat = b.Op("Concat", {b.Ints("minus1", {-1}), tail->output(0)},
                       Attrs(ir::Attribute::Int("axis", 0)));
  ir::Node* reshape = b.Op("Reshape", {relu->output(0), cat->output(0)});
  ir::Node* cat2 =
      b.Op("Concat", {head->output(0), b.Ints("m2", {-1})}, Attrs(ir::Attribute::Int("axis", 0)));
  ir::Node* cat3 =
      b.Op("Concat", {back->output(0), b.Ints("m3", {-1})}, Attrs(ir::Attribute::Int("axis", 0)));
  ir::Node* r2 = b.Op("Reshape", {relu->output(0), cat2->output(0)});
  ir::Node* r3 = b.Op("Reshape", {relu->output(0), cat3->output(0)});
  b.Out(reshape);
  b.Out(r2);
  b.Out(r3);
  auto opt = Optimized(*b.model(), Level::kBasic, {"shape-slice-folding"});
  EXPECT_EQ(CountOps(*opt, "Slice"), 1);  // the one reading the batch dim
  ExpectSameOutputs(b.model(), opt);
}

}  // namespace
}  // namespace onnxlens::passes
