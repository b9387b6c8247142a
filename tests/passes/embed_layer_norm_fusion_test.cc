// embed-layer-norm-fusion: BERT embeddings -> com.microsoft EmbedLayerNormalization.
#include <gtest/gtest.h>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::Attrs;
using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

ir::Value* IntInput(GraphBuilder& b, const std::string& name) {
  ir::Value* v = b.g().CreateValue(name);
  v->set_type(ir::TypeInfo::Tensor(ir::DataType::kInt64, ir::DimsFromSizes({2, 5})));
  b.g().AddInput(v);
  return v;
}

// LN(word[ids] + segment[seg] + position[position_ids[:, :S]]), as PyTorch exports BertEmbeddings.
std::shared_ptr<ir::Model> EmbeddingsModel(bool arange = true) {
  GraphBuilder b(17);
  ir::Value* ids = IntInput(b, "ids");
  ir::Value* seg = IntInput(b, "seg");
  std::vector<int64_t> positions(16);
  for (int64_t i = 0; i < 16; ++i) positions[i] = arange ? i : 15 - i;
  ir::Value* pos_ids = b.g().CreateValue("position_ids");
  b.g().SetInitializer(pos_ids,
                       ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64, {1, 16}, positions));
  ir::Value* shape = b.Op("Shape", {ids})->output(0);
  ir::Value* one = b.g().CreateValue("one");
  b.g().SetInitializer(one, ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64, {}, {1}));
  ir::Value* len = b.Op("Gather", {shape, one})->output(0);
  ir::Value* end = b.Op("Unsqueeze", {len, b.Ints("ax0", {0})})->output(0);
  ir::Value* slice =
      b.Op("Slice", {pos_ids, b.Ints("zero", {0}), end, b.Ints("ax1", {1})})->output(0);
  ir::Value* w = b.Op("Gather", {b.Random("word", {10, 8}, 1), ids})->output(0);
  ir::Value* s = b.Op("Gather", {b.Random("segment", {2, 8}, 2), seg})->output(0);
  ir::Value* p = b.Op("Gather", {b.Random("position", {16, 8}, 3), slice})->output(0);
  ir::Value* ws = b.Op("Add", {w, s})->output(0);
  ir::Value* sum = b.Op("Add", {ws, p})->output(0);
  b.Out(b.Op("LayerNormalization", {sum, b.Random("gamma", {8}, 4), b.Random("beta", {8}, 5)},
             Attrs(ir::Attribute::Int("axis", -1), ir::Attribute::Float("epsilon", 1e-5f))));
  return b.model();
}

TEST(EmbedLayerNormFusion, BertEmbeddingsBecomeOneNode) {
  auto m = EmbeddingsModel();
  auto opt = Optimized(*m, Level::kExtended, {"embed-layer-norm-fusion"});
  EXPECT_EQ(CountOps(*opt, "EmbedLayerNormalization"), 1);
  EXPECT_EQ(CountOps(*opt, "Cast"), 2);  // ids and segment ids to int32
  EXPECT_EQ(opt->graph->num_nodes(), 3u);
  ExpectSameOutputs(m, opt);
}

// The same after constant folding with a static sequence length (optimize --dim sequence=5): the
// position term is a constant [1, S, H]. With a free sequence length it cannot be checked: no
// fusion.
std::shared_ptr<ir::Model> FoldedPositionsModel(bool static_sequence) {
  GraphBuilder b(17);
  ir::Value* ids = b.g().CreateValue("ids");
  ids->set_type(ir::TypeInfo::Tensor(
      ir::DataType::kInt64,
      {ir::Dim::Known(2), static_sequence ? ir::Dim::Known(5) : ir::Dim::Symbolic("sequence")}));
  b.g().AddInput(ids);
  ir::Value* w = b.Op("Gather", {b.Random("word", {10, 8}, 1), ids})->output(0);
  ir::Value* sum = b.Op("Add", {w, b.Random("positions", {1, 5, 8}, 3)})->output(0);
  b.Out(b.Op("LayerNormalization", {sum, b.Random("gamma", {8}, 4), b.Random("beta", {8}, 5)},
             Attrs(ir::Attribute::Int("axis", -1), ir::Attribute::Float("epsilon", 1e-5f))));
  return b.model();
}

TEST(EmbedLayerNormFusion, FoldedPositionsOfAStaticSequenceFuse) {
  auto m = FoldedPositionsModel(true);
  auto opt = Optimized(*m, Level::kExtended, {"embed-layer-norm-fusion"});
  EXPECT_EQ(CountOps(*opt, "EmbedLayerNormalization"), 1);
  ExpectSameOutputs(m, opt);
  auto free = FoldedPositionsModel(false);
  auto kept = Optimized(*free, Level::kExtended, {"embed-layer-norm-fusion"});
  EXPECT_EQ(CountOps(*kept, "EmbedLayerNormalization"), 0);
}

TEST(EmbedLayerNormFusion, PositionsThatAreNotArangeStay) {
  auto m = EmbeddingsModel(false);
  auto opt = Optimized(*m, Level::kExtended, {"embed-layer-norm-fusion"});
  EXPECT_EQ(CountOps(*opt, "EmbedLayerNormalization"), 0);
  EXPECT_EQ(opt->graph->num_nodes(), m->graph->num_nodes());
}

}  // namespace
}  // namespace onnxlens::passes
