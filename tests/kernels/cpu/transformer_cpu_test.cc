// The CPU kernels of the transformer ops (LayerNormalization, com.microsoft Gelu, BiasGelu,
// FastGelu, SkipLayerNormalization, FusedMatMul, Attention) against the double-precision reference
// kernels, on odd shapes, masks of every supported form, and with 1 and 2 threads.
#include <gtest/gtest.h>

#include "api/internal/compare.h"
#include "runtime/model_builder.h"
#include "runtime/session.h"

namespace onnxlens::runtime {
namespace {

using testing::FloatType;
using testing::MakeNodeModel;
using testing::RandomTensor;

// Runs op (domain `domain`) on `inputs` with the cpu and the reference provider; expects the cpu
// kernel to take it and both to agree.
void Check(const std::string& domain, const std::string& op, std::vector<ir::Tensor> inputs,
           std::vector<ir::Attribute> attrs, int threads = 2) {
  std::vector<ir::TypeInfo> types;
  for (const auto& t : inputs)
    types.push_back(ir::TypeInfo::Tensor(t.dtype(), ir::DimsFromSizes(t.dims())));
  auto m = MakeNodeModel(op, types, 1, 12);
  m.node->set_domain(domain);
  if (!domain.empty()) m.model->SetOpsetVersion(domain, 1);
  for (auto& a : attrs) m.node->SetAttribute(std::move(a));
  std::map<std::string, RtValue> in;
  for (size_t i = 0; i < inputs.size(); ++i)
    in["in" + std::to_string(i)] = RtValue::FromTensor(std::move(inputs[i]));
  SessionOptions cpu, ref;
  cpu.providers = {"cpu"};
  ref.providers = {"reference"};
  cpu.intra_op_threads = threads;
  auto sc = Session::Create(m.model, cpu);
  auto sr = Session::Create(m.model, ref);
  ASSERT_TRUE(sc.ok()) << sc.status().message();
  ASSERT_TRUE(sr.ok()) << sr.status().message();
  ASSERT_EQ((*sc)->partition().nodes[0].provider, "cpu") << "no cpu kernel took " << op;
  auto rc = (*sc)->Run(in);
  auto rr = (*sr)->Run(in);
  ASSERT_TRUE(rc.ok()) << rc.status().message();
  ASSERT_TRUE(rr.ok()) << rr.status().message();
  const api::CompareResult cmp = api::CompareValues((*rc)[0].second, (*rr)[0].second, 1e-4, 1e-5);
  EXPECT_TRUE(cmp.ok) << op << ": " << cmp.reason;
}

template <typename... A>
std::vector<ir::Attribute> Attrs(A&&... a) {
  std::vector<ir::Attribute> v;
  (v.push_back(std::forward<A>(a)), ...);
  return v;
}

ir::Tensor IntTensor(std::vector<int64_t> dims, std::vector<int32_t> values) {
  return ir::Tensor::FromVector<int32_t>(ir::DataType::kInt32, std::move(dims), values);
}

TEST(TransformerCpu, LayerNormalization) {
  for (int64_t inner : {1, 7, 13, 127, 256}) {
    for (int threads : {1, 2}) {
      Check("", "LayerNormalization",
            {RandomTensor({3, 5, inner}, 1, -3, 3), RandomTensor({inner}, 2),
             RandomTensor({inner}, 3)},
            Attrs(ir::Attribute::Float("epsilon", 1e-5f)), threads);
    }
  }
  // axis 1 of [4, 3, 5]: normalize over 15 elements; no bias
  Check("com.microsoft", "LayerNormalization",
        {RandomTensor({4, 3, 5}, 4), RandomTensor({3, 5}, 5)},
        Attrs(ir::Attribute::Int("axis", 1)));
}

TEST(TransformerCpu, GeluAndBiasGelu) {
  for (int64_t n : {1, 7, 4096 * 5 + 3}) {
    Check("com.microsoft", "Gelu", {RandomTensor({n}, 6, -6, 6)}, {});
    Check("com.microsoft", "BiasGelu", {RandomTensor({n, 3}, 7, -6, 6), RandomTensor({3}, 8)}, {});
  }
  // Rows wide enough for the 8-lane path, with tails (127 = 15 x 8 + 7).
  for (int64_t cols : {8, 127, 1027})
    Check("com.microsoft", "BiasGelu",
          {RandomTensor({13, cols}, 9, -6, 6), RandomTensor({cols}, 10, -2, 2)}, {});
}

TEST(TransformerCpu, FastGeluWithAndWithoutBias) {
  for (int64_t n : {1, 7, 4096 * 5 + 3}) {
    Check("com.microsoft", "FastGelu", {RandomTensor({n}, 9, -6, 6)}, {});
    Check("com.microsoft", "FastGelu", {RandomTensor({n, 3}, 10, -6, 6), RandomTensor({3}, 11)},
          {});
  }
}

TEST(TransformerCpu, SkipLayerNormalization) {
  for (int64_t h : {1, 8, 13, 127, 256}) {
    for (int threads : {1, 2}) {
      Check("com.microsoft", "SkipLayerNormalization",
            {RandomTensor({2, 9, h}, 12, -3, 3), RandomTensor({2, 9, h}, 13), RandomTensor({h}, 14),
             RandomTensor({h}, 15), RandomTensor({h}, 16)},
            Attrs(ir::Attribute::Float("epsilon", 1e-5f)), threads);
    }
  }
  // no beta, no bias
  Check("com.microsoft", "SkipLayerNormalization",
        {RandomTensor({3, 5}, 17), RandomTensor({3, 5}, 18), RandomTensor({5}, 19)}, {});
}

TEST(TransformerCpu, FusedMatMulTransposesAndAlpha) {
  for (int t = 0; t < 4; ++t) {
    const bool ta = t & 1, tb = t & 2;
    std::vector<int64_t> ad = ta ? std::vector<int64_t>{2, 13, 7} : std::vector<int64_t>{2, 7, 13};
    std::vector<int64_t> bd = tb ? std::vector<int64_t>{5, 13} : std::vector<int64_t>{13, 5};
    Check("com.microsoft", "FusedMatMul", {RandomTensor(ad, 20), RandomTensor(bd, 21)},
          Attrs(ir::Attribute::Int("transA", ta), ir::Attribute::Int("transB", tb),
                ir::Attribute::Float("alpha", 0.25f)));
  }
}

TEST(TransformerCpu, AttentionMasksAndShapes) {
  struct Shape {
    int64_t batch, seq, in_hidden, heads, head_size;
  };
  for (Shape s : {Shape{1, 1, 8, 2, 4}, Shape{2, 7, 12, 3, 4}, Shape{2, 33, 16, 2, 8},
                  Shape{1, 127, 16, 2, 8}, Shape{1, 13, 16, 1, 16}}) {
    const int64_t hidden = s.heads * s.head_size;
    auto inputs = [&](uint32_t seed) {
      return std::vector<ir::Tensor>{RandomTensor({s.batch, s.seq, s.in_hidden}, seed),
                                     RandomTensor({s.in_hidden, 3 * hidden}, seed + 1),
                                     RandomTensor({3 * hidden}, seed + 2)};
    };
    auto heads = [&] { return ir::Attribute::Int("num_heads", s.heads); };
    Check("com.microsoft", "Attention", inputs(10), Attrs(heads()));
    // 2-D raw mask: the last key of each batch masked (the first is always kept).
    std::vector<int32_t> raw(static_cast<size_t>(s.batch * s.seq), 1);
    for (int64_t b = 0; b < s.batch && s.seq > 1; ++b) raw[(b + 1) * s.seq - 1] = 0;
    auto with_raw = inputs(20);
    with_raw.push_back(IntTensor({s.batch, s.seq}, raw));
    Check("com.microsoft", "Attention", std::move(with_raw),
          Attrs(heads(), ir::Attribute::Float("mask_filter_value", -1e4f)));
    // 1-D end positions, causal, explicit scale.
    std::vector<int32_t> ends(static_cast<size_t>(s.batch));
    for (int64_t b = 0; b < s.batch; ++b) ends[b] = static_cast<int32_t>(1 + b % s.seq);
    auto with_ends = inputs(30);
    with_ends.push_back(IntTensor({s.batch}, ends));
    Check("com.microsoft", "Attention", std::move(with_ends),
          Attrs(heads(), ir::Attribute::Int("unidirectional", 1),
                ir::Attribute::Float("scale", 0.3f)),
          1);
  }
}

TEST(TransformerCpu, EmbedLayerNormalizationWithAndWithoutSegmentsAndPositionIds) {
  const int64_t B = 2, S = 13, H = 127, vocab = 50;
  std::vector<int32_t> ids(B * S), segs(B * S), pos(S);
  for (int64_t i = 0; i < B * S; ++i) {
    ids[i] = static_cast<int32_t>((i * 7) % vocab);
    segs[i] = static_cast<int32_t>(i % 2);
  }
  for (int64_t s = 0; s < S; ++s) pos[s] = static_cast<int32_t>(S - 1 - s);
  auto eps = [] { return ir::Attribute::Float("epsilon", 1e-5f); };
  for (int threads : {1, 2}) {
    // With segments.
    Check("com.microsoft", "EmbedLayerNormalization",
          {IntTensor({B, S}, ids), IntTensor({B, S}, segs), RandomTensor({vocab, H}, 40),
           RandomTensor({S + 3, H}, 41), RandomTensor({2, H}, 42), RandomTensor({H}, 43),
           RandomTensor({H}, 44)},
          Attrs(eps()), threads);
  }
  // Without segments (empty optional inputs are left out by position: ids, -, word, pos, -,
  // gamma): a 1 x 1 batch and hidden 1, no beta.
  auto m = MakeNodeModel("EmbedLayerNormalization",
                         {ir::TypeInfo::Tensor(ir::DataType::kInt32, ir::DimsFromSizes({1, 1})),
                          FloatType({vocab, 1}), FloatType({4, 1}), FloatType({1})},
                         1, 12);
  m.node->set_domain("com.microsoft");
  m.model->SetOpsetVersion("com.microsoft", 1);
  {
    // Rewire as ids, (none), word, pos, (none), gamma.
    std::vector<ir::Value*> in(m.node->inputs().begin(), m.node->inputs().end());
    m.node->ClearInputs();
    for (ir::Value* v : {in[0], static_cast<ir::Value*>(nullptr), in[1], in[2],
                         static_cast<ir::Value*>(nullptr), in[3]})
      m.node->AddInput(v);
  }
  std::map<std::string, RtValue> feeds = {
      {"in0", RtValue::FromTensor(IntTensor({1, 1}, {7}))},
      {"in1", RtValue::FromTensor(RandomTensor({vocab, 1}, 45))},
      {"in2", RtValue::FromTensor(RandomTensor({4, 1}, 46))},
      {"in3", RtValue::FromTensor(RandomTensor({1}, 47))}};
  SessionOptions cpu, ref;
  cpu.providers = {"cpu"};
  ref.providers = {"reference"};
  auto sc = Session::Create(m.model, cpu);
  auto sr = Session::Create(m.model, ref);
  ASSERT_TRUE(sc.ok() && sr.ok());
  EXPECT_EQ((*sc)->partition().nodes[0].provider, "cpu");
  auto rc = (*sc)->Run(feeds);
  auto rr = (*sr)->Run(feeds);
  ASSERT_TRUE(rc.ok() && rr.ok());
  EXPECT_TRUE(api::CompareValues((*rc)[0].second, (*rr)[0].second, 1e-4, 1e-5).ok);
  // An id outside the word table: the reference kernel's error (the cpu kernel declines).
  feeds["in0"] = RtValue::FromTensor(IntTensor({1, 1}, {vocab}));
  auto bad = (*sc)->Run(feeds);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("outside its embedding table"), std::string::npos)
      << bad.status().message();
}

TEST(TransformerCpu, EmbedLayerNormalizationWithEmbeddingSumRunsOnTheReferenceKernel) {
  // The third output (the sum before the normalization) is the reference kernel's alone: the cpu
  // check declines the node when it is wanted, so all three outputs are there and right.
  const int64_t S = 5, H = 13, vocab = 11;
  std::vector<int32_t> ids(S);
  for (int64_t i = 0; i < S; ++i) ids[i] = static_cast<int32_t>((i * 3) % vocab);
  auto m = MakeNodeModel(
      "EmbedLayerNormalization",
      {ir::TypeInfo::Tensor(ir::DataType::kInt32, ir::DimsFromSizes({1, S})),
       ir::TypeInfo::Tensor(ir::DataType::kInt32, ir::DimsFromSizes({1, S})), FloatType({vocab, H}),
       FloatType({S, H}), FloatType({2, H}), FloatType({H}), FloatType({H})},
      3, 12, "com.microsoft");
  std::map<std::string, RtValue> feeds = {
      {"in0", RtValue::FromTensor(IntTensor({1, S}, ids))},
      {"in1", RtValue::FromTensor(IntTensor({1, S}, {0, 1, 0, 1, 1}))},
      {"in2", RtValue::FromTensor(RandomTensor({vocab, H}, 50))},
      {"in3", RtValue::FromTensor(RandomTensor({S, H}, 51))},
      {"in4", RtValue::FromTensor(RandomTensor({2, H}, 52))},
      {"in5", RtValue::FromTensor(RandomTensor({H}, 53))},
      {"in6", RtValue::FromTensor(RandomTensor({H}, 54))}};
  SessionOptions cpu;
  cpu.providers = {"cpu", "reference"};
  auto sc = Session::Create(m.model, cpu);
  ASSERT_TRUE(sc.ok()) << sc.status().message();
  const auto& placed = (*sc)->partition().nodes[0];
  EXPECT_EQ(placed.provider, "reference");
  ASSERT_FALSE(placed.declined.empty());
  EXPECT_NE(placed.declined[0].sentence.find("embedding_sum"), std::string::npos)
      << placed.declined[0].sentence;
  auto rc = (*sc)->Run(feeds);
  ASSERT_TRUE(rc.ok()) << rc.status().message();
  ASSERT_EQ(rc->size(), 3u);
  const ir::Tensor& sum = (*rc)[2].second.tensor;
  ASSERT_EQ(sum.dims(), (std::vector<int64_t>{1, S, H}));
  // embedding_sum = word[id] + position[s] + segment[seg]
  const float* w = feeds["in2"].tensor.data<float>();
  const float* p = feeds["in3"].tensor.data<float>();
  const float* g = feeds["in4"].tensor.data<float>();
  const int seg[S] = {0, 1, 0, 1, 1};
  for (int64_t s = 0; s < S; ++s)
    for (int64_t h = 0; h < H; ++h)
      EXPECT_NEAR(sum.data<float>()[s * H + h],
                  w[ids[s] * H + h] + p[s * H + h] + g[seg[s] * H + h], 1e-5);
}

TEST(TransformerCpu, AttentionRejectsBadInputsWithTheNodeName) {
  auto m = MakeNodeModel("Attention", {FloatType({1, 4, 8}), FloatType({8, 24}), FloatType({24})},
                         1, 12);
  m.node->set_domain("com.microsoft");
  m.model->SetOpsetVersion("com.microsoft", 1);
  m.node->SetAttribute(ir::Attribute::Int("num_heads", 5));  // 8 is not a multiple of 5
  auto s = Session::Create(m.model);
  ASSERT_TRUE(s.ok()) << s.status().message();
  std::map<std::string, RtValue> in = {{"in0", RtValue::FromTensor(RandomTensor({1, 4, 8}, 1))},
                                       {"in1", RtValue::FromTensor(RandomTensor({8, 24}, 2))},
                                       {"in2", RtValue::FromTensor(RandomTensor({24}, 3))}};
  auto r = (*s)->Run(in);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("num_heads"), std::string::npos) << r.status().message();
  EXPECT_NE(r.status().message().find("Attention"), std::string::npos) << r.status().message();
}

}  // namespace
}  // namespace onnxlens::runtime
