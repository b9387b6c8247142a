// matmul-add-fusion, gemm-transpose-fusion, transpose-fusion.
#include <gtest/gtest.h>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

std::vector<ir::Attribute> Perm(std::vector<int64_t> p) {
  std::vector<ir::Attribute> a;
  a.push_back(ir::Attribute::Ints("perm", std::move(p)));
  return a;
}

TEST(MatMulAddFusion, TwoDimensionalBecomesGemmHigherRankStays) {
  GraphBuilder b;
  ir::Node* mm = b.Op("MatMul", {b.Input("x", {3, 5}), b.Random("w", {5, 4}, 1)}, {}, {3, 4});
  ir::Node* add = b.Op("Add", {mm->output(0), b.Random("c", {4}, 2)});
  ir::Node* mm3 = b.Op("MatMul", {b.Input("y", {2, 3, 5}), b.Random("w3", {5, 4}, 3)});
  ir::Node* add3 = b.Op("Add", {mm3->output(0), b.Random("c3", {4}, 4)});
  b.Out(add);
  b.Out(add3);
  auto opt = Optimized(*b.model(), Level::kBasic, {"matmul-add-fusion"});
  EXPECT_EQ(CountOps(*opt, "Gemm"), 1);
  EXPECT_EQ(CountOps(*opt, "MatMul"), 1);
  ExpectSameOutputs(b.model(), opt);
}

TEST(GemmTransposeFusion, TransposeIntoTransB) {
  GraphBuilder b;
  ir::Node* t = b.Op("Transpose", {b.Input("w", {4, 5})}, Perm({1, 0}));
  ir::Node* gemm = b.Op("Gemm", {b.Input("x", {3, 5}), t->output(0)});
  b.Out(gemm);
  auto opt = Optimized(*b.model(), Level::kBasic, {"gemm-transpose-fusion"});
  EXPECT_EQ(CountOps(*opt, "Transpose"), 0);
  ExpectSameOutputs(b.model(), opt);
}

TEST(TransposeFusion, MergesAndCancels) {
  GraphBuilder b;
  ir::Node* t1 = b.Op("Transpose", {b.Input("x", {2, 3, 4})}, Perm({1, 2, 0}));
  ir::Node* t2 = b.Op("Transpose", {t1->output(0)}, Perm({2, 0, 1}));  // cancels t1
  ir::Node* r = b.Op("Relu", {t2->output(0)});
  ir::Node* t3 = b.Op("Transpose", {r->output(0)}, Perm({0, 2, 1}));
  ir::Node* t4 = b.Op("Transpose", {t3->output(0)}, Perm({1, 0, 2}));  // merges with t3
  b.Out(t4);
  auto opt = Optimized(*b.model(), Level::kBasic, {"transpose-fusion"});
  EXPECT_EQ(CountOps(*opt, "Transpose"), 1);
  ExpectSameOutputs(b.model(), opt);
}

}  // namespace
}  // namespace onnxlens::passes
