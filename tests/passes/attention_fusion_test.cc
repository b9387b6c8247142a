// attention-fusion: BERT self-attention -> com.microsoft Attention.
#include <gtest/gtest.h>

#include <cmath>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

struct AttentionModelOptions {
  bool mask = true;
  float divisor = 2.f;  ///< sqrt(head_size 4)
  bool shared_scores = false;
  std::vector<int64_t> k_perm = {0, 2, 3, 1};
};

// x [2, 5, 8], 2 heads of 4, as PyTorch's BertSelfAttention exports it (after reshape-fusion).
std::shared_ptr<ir::Model> AttentionModel(const AttentionModelOptions& o) {
  GraphBuilder b(12);
  ir::Value* x = b.Input("x", {2, 5, 8});
  ir::Value* heads = b.Ints("heads_shape", {0, 0, 2, 4});
  auto proj = [&](const std::string& n, uint32_t seed, std::vector<int64_t> perm) {
    ir::Value* mm = b.Op("MatMul", {x, b.Random(n + "_w", {8, 8}, seed)})->output(0);
    ir::Value* add = b.Op("Add", {mm, b.Random(n + "_b", {8}, seed + 1)})->output(0);
    ir::Value* rs = b.Op("Reshape", {add, heads})->output(0);
    return b.Op("Transpose", {rs}, testing::Attrs(ir::Attribute::Ints("perm", perm)))->output(0);
  };
  ir::Value* q = proj("q", 1, {0, 2, 1, 3});
  ir::Value* k = proj("k", 3, o.k_perm);
  ir::Value* v = proj("v", 5, {0, 2, 1, 3});
  ir::Value* qk = b.Op("MatMul", {q, k})->output(0);
  ir::Node* scaled = b.Op("Div", {qk, b.Const("div", {}, {o.divisor})});
  ir::Value* scores = scaled->output(0);
  if (o.mask) {
    ir::Value* m = b.g().CreateValue("mask");
    m->set_type(ir::TypeInfo::Tensor(ir::DataType::kInt64, ir::DimsFromSizes({2, 5})));
    b.g().AddInput(m);
    ir::Value* u1 =
        b.Op("Unsqueeze", {m}, testing::Attrs(ir::Attribute::Ints("axes", {1})))->output(0);
    ir::Value* u2 =
        b.Op("Unsqueeze", {u1}, testing::Attrs(ir::Attribute::Ints("axes", {2})))->output(0);
    ir::Value* f = b.Op("Cast", {u2}, testing::Attrs(ir::Attribute::Int("to", 1)))->output(0);
    ir::Value* inv = b.Op("Sub", {b.Const("one", {}, {1.f}), f})->output(0);
    ir::Value* add = b.Op("Mul", {inv, b.Const("filter", {}, {-10000.f})})->output(0);
    scores = b.Op("Add", {scores, add})->output(0);
  }
  ir::Value* p =
      b.Op("Softmax", {scores}, testing::Attrs(ir::Attribute::Int("axis", 3)))->output(0);
  ir::Value* ctx = b.Op("MatMul", {p, v})->output(0);
  ir::Value* t = b.Op("Transpose", {ctx}, testing::Attrs(ir::Attribute::Ints("perm", {0, 2, 1, 3})))
                     ->output(0);
  b.Out(b.Op("Reshape", {t, b.Ints("out_shape", {0, 0, 8})}));
  if (o.shared_scores) b.Out(scaled);
  return b.model();
}

TEST(AttentionFusion, MaskedSelfAttentionBecomesOneNode) {
  auto m = AttentionModel({});
  auto opt = Optimized(*m, Level::kExtended, {"attention-fusion"});
  ASSERT_EQ(CountOps(*opt, "Attention"), 1);
  EXPECT_EQ(CountOps(*opt, "Cast"), 1);  // the int32 mask_index
  EXPECT_EQ(opt->graph->num_nodes(), 2u);
  for (const ir::Node* n : opt->graph->nodes()) {
    if (n->op_type() != "Attention") continue;
    EXPECT_EQ(n->domain(), "com.microsoft");
    EXPECT_EQ(n->GetInt("num_heads", 0), 2);
    EXPECT_EQ(n->FindAttribute("scale"), nullptr);  // 1/sqrt(4): the default
    EXPECT_EQ(n->origins.size(), 19u);  // 3 x 4 projection nodes, QK, Div, Add, Softmax, PV, T, R
  }
  ExpectSameOutputs(m, opt);
}

TEST(AttentionFusion, WithoutMaskAndWithAnotherScale) {
  AttentionModelOptions o;
  o.mask = false;
  o.divisor = 3.f;
  auto m = AttentionModel(o);
  auto opt = Optimized(*m, Level::kExtended, {"attention-fusion"});
  ASSERT_EQ(opt->graph->num_nodes(), 1u);
  EXPECT_NEAR(opt->graph->nodes()[0]->GetFloat("scale", 0), 1.f / 3, 1e-7);
  ExpectSameOutputs(m, opt);
}

TEST(AttentionFusion, NegativeCases) {
  AttentionModelOptions shared;
  shared.shared_scores = true;  // the scaled scores are also a graph output
  EXPECT_EQ(CountOps(*Optimized(*AttentionModel(shared), Level::kExtended, {"attention-fusion"}),
                     "Attention"),
            0);
  AttentionModelOptions perm;
  perm.k_perm = {0, 2, 1, 3};  // K not transposed: Q K, not Q K^T (and shapes [.., 4] x [.., 4])
  auto m = AttentionModel(perm);
  EXPECT_EQ(CountOps(*Optimized(*m, Level::kExtended, {"attention-fusion"}), "Attention"), 0);
}

}  // namespace
}  // namespace onnxlens::passes
