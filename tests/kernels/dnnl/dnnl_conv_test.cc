// The dnnl Conv and FusedConv kernels against the reference kernel: odd channel counts and sizes
// (1, 13, 127), grouped, depthwise, strided, dilated, asymmetric pads, auto_pad, 1-D and 3-D,
// weights as graph inputs and as initializers (prepared at creation), post-ops.
#include <cstring>

#include "heap_bytes.h"
#include "kernels/dnnl/dnnl_test_util.h"

namespace onnxlens::testing {
namespace {

using ir::Attribute;

struct Conv {
  std::vector<int64_t> x, w;
  int64_t group;
  std::vector<int64_t> strides, pads, dilations;
  bool bias;
};

std::vector<Attribute> ConvAttrs(const Conv& c) {
  std::vector<Attribute> a;
  a.push_back(Attribute::Int("group", c.group));
  a.push_back(Attribute::Ints("strides", c.strides));
  a.push_back(Attribute::Ints("pads", c.pads));
  a.push_back(Attribute::Ints("dilations", c.dilations));
  return a;
}

const std::vector<Conv>& Geometries() {
  static const std::vector<Conv> convs = {
      {{1, 3, 13, 13}, {5, 3, 3, 3}, 1, {1, 1}, {1, 1, 1, 1}, {1, 1}, true},      // 3x3 same
      {{2, 4, 13, 11}, {6, 2, 3, 3}, 2, {2, 2}, {1, 1, 1, 1}, {1, 1}, true},      // grouped
      {{1, 13, 13, 13}, {13, 1, 3, 3}, 13, {1, 1}, {1, 1, 1, 1}, {1, 1}, true},   // depthwise
      {{1, 8, 13, 13}, {8, 1, 5, 5}, 8, {2, 2}, {2, 2, 2, 2}, {1, 1}, false},     // dw 5x5 /2
      {{2, 6, 14, 9}, {6, 1, 3, 3}, 6, {2, 2}, {2, 2, 2, 2}, {2, 2}, true},       // dw dilated
      {{1, 7, 13, 13}, {127, 7, 1, 1}, 1, {1, 1}, {0, 0, 0, 0}, {1, 1}, true},    // pointwise
      {{1, 127, 5, 7}, {13, 127, 1, 1}, 1, {1, 1}, {0, 0, 0, 0}, {1, 1}, false},  // 127 in
      {{1, 3, 13, 13}, {4, 3, 3, 3}, 1, {1, 1}, {2, 2, 2, 2}, {2, 2}, false},     // dilated
      {{1, 3, 13, 11}, {4, 3, 3, 3}, 1, {2, 1}, {0, 1, 2, 0}, {1, 2}, true},      // asym pads
      {{1, 2, 7, 7}, {3, 2, 7, 7}, 1, {3, 3}, {0, 0, 0, 0}, {1, 1}, false},       // kernel=input
      {{1, 3, 1, 1}, {13, 3, 1, 1}, 1, {1, 1}, {0, 0, 0, 0}, {1, 1}, true},       // 1x1 image
      {{1, 1, 127, 13}, {1, 1, 3, 3}, 1, {1, 1}, {1, 1, 1, 1}, {1, 1}, true},     // 1 channel
      {{2, 16, 9, 9}, {32, 4, 3, 3}, 4, {1, 1}, {1, 1, 1, 1}, {1, 1}, true},      // 4 groups
      {{2, 13, 127}, {64, 13, 7}, 1, {1}, {3, 3}, {1}, true},  // 1-D (>= kSmallConv1dMacs)
      {{1, 2, 5, 6, 7}, {3, 2, 3, 3, 3}, 1, {1, 1, 1}, {1, 1, 1, 1, 1, 1}, {1, 1, 1}, true},  // 3-D
  };
  return convs;
}

TEST(DnnlConv, MatchesReferenceWithWeightsAsInputs) {
  uint32_t seed = 1000;
  for (const Conv& c : Geometries()) {
    std::vector<std::vector<int64_t>> shapes = {c.x, c.w};
    if (c.bias) shapes.push_back({c.w[0]});
    ExpectDnnlMatchesReference({"Conv", shapes, ConvAttrs(c)}, seed++);
  }
}

TEST(DnnlConv, MatchesReferenceWithConstantWeightsAtOneAndTwoThreads) {
  uint32_t seed = 1100;
  for (int threads : {1, 2}) {
    for (const Conv& c : Geometries()) {
      std::vector<std::vector<int64_t>> shapes = {c.x, c.w};
      if (c.bias) shapes.push_back({c.w[0]});
      ExpectDnnlMatchesReference({"Conv", shapes, ConvAttrs(c), "", {1, 2}}, seed++, threads);
    }
  }
}

// Convolutions of one configuration share one oneDNN primitive (SharedPrimitives) and keep their
// own weights: eight of them beside each other, run by the parallel executor (so they run at
// once on two threads), each against the reference kernel.
// Eight convolutions of one configuration on one input, each with its own random filter.
std::shared_ptr<ir::Model> TwinConvs(const std::vector<int64_t>& xdims,
                                     const std::vector<int64_t>& wdims) {
  auto model = std::make_shared<ir::Model>();
  model->opset_imports.push_back({"", 17});
  model->graph = std::make_unique<ir::Graph>("twins");
  ir::Graph& g = *model->graph;
  ir::Value* x = g.CreateValue("x");
  x->set_type(FloatType(xdims));
  g.AddInput(x);
  for (int i = 0; i < 8; ++i) {
    const std::string k = std::to_string(i);
    ir::Node* n = g.AddNode("Conv", "", "conv" + k);
    ir::Value* w = g.CreateValue("w" + k);
    w->set_type(FloatType(wdims));
    g.SetInitializer(w, RandomTensor(wdims, 1300 + static_cast<uint32_t>(i)));
    n->AddInput(x);
    n->AddInput(w);
    n->SetAttribute(Attribute::Ints("pads", {1, 1, 1, 1}));
    ir::Value* y = g.CreateValue("y" + k);
    n->AddOutput(y);
    g.AddOutput(y);
  }
  return model;
}

TEST(DnnlConv, SameConfigurationConvolutionsShareAPrimitiveAndKeepTheirWeights) {
  const std::vector<int64_t> xdims = {1, 8, 13, 13}, wdims = {8, 8, 3, 3};
  auto model = TwinConvs(xdims, wdims);
  runtime::SessionOptions dnnl, ref;
  dnnl.providers = {"dnnl"};
  dnnl.intra_op_threads = 2;
  dnnl.executor = runtime::SessionOptions::Executor::kParallel;
  ref.providers = {"reference"};
  auto sd = runtime::Session::Create(model, dnnl);
  auto sr = runtime::Session::Create(model, ref);
  ASSERT_TRUE(sd.ok()) << sd.status().message();
  ASSERT_TRUE(sr.ok()) << sr.status().message();
  for (const auto& p : (*sd)->partition().nodes) EXPECT_EQ(p.provider, "dnnl") << p.node;
  for (uint32_t run = 0; run < 3; ++run) {
    std::map<std::string, runtime::RtValue> feeds;
    feeds["x"] = runtime::RtValue::FromTensor(RandomTensor(xdims, 1400 + run));
    auto rd = (*sd)->Run(feeds);
    auto rr = (*sr)->Run(feeds);
    ASSERT_TRUE(rd.ok()) << rd.status().message();
    ASSERT_TRUE(rr.ok()) << rr.status().message();
    ASSERT_EQ(rd->size(), 8u);
    for (size_t i = 0; i < rd->size(); ++i) {
      const api::CompareResult cmp =
          api::CompareValues((*rd)[i].second, (*rr)[i].second, 1e-4, 1e-5);
      EXPECT_TRUE(cmp.ok) << (*rd)[i].first << ": " << cmp.reason;
    }
  }
}

// disable_prepacking: no reordered copy of the filters is kept (the heap grows by less than
// the filters' bytes where tcmalloc counts it; the copy a prepacking session keeps is at least
// that), and the outputs are those of a prepacking session bit for bit (the same primitive; the
// filters are reordered on each run instead).
TEST(DnnlConv, WithoutPrepackingNoFilterCopyIsKeptAndTheOutputsAreTheSame) {
  const std::vector<int64_t> xdims = {1, 128, 6, 6}, wdims = {128, 128, 3, 3};
  const int64_t filters = 8 * 128 * 128 * 3 * 3 * 4;  // 4.7 MB
  auto model = TwinConvs(xdims, wdims);
  runtime::SessionOptions packed, lean;
  packed.providers = lean.providers = {"dnnl"};
  lean.disable_prepacking = true;
  // The first session makes the shared primitive; the two measured ones find it made.
  auto first = runtime::Session::Create(model, packed);
  ASSERT_TRUE(first.ok()) << first.status().message();
  const int64_t h0 = TcmallocHeapBytes();
  auto sl = runtime::Session::Create(model, lean);
  ASSERT_TRUE(sl.ok()) << sl.status().message();
  const int64_t h1 = TcmallocHeapBytes();
  auto sp = runtime::Session::Create(model, packed);
  ASSERT_TRUE(sp.ok()) << sp.status().message();
  const int64_t h2 = TcmallocHeapBytes();
  std::map<std::string, runtime::RtValue> feeds;
  feeds["x"] = runtime::RtValue::FromTensor(RandomTensor(xdims, 1500));
  for (int run = 0; run < 2; ++run) {
    auto rl = (*sl)->Run(feeds);
    auto rp = (*sp)->Run(feeds);
    ASSERT_TRUE(rl.ok()) << rl.status().message();
    ASSERT_TRUE(rp.ok()) << rp.status().message();
    for (const auto& p : (*sl)->partition().nodes) EXPECT_EQ(p.provider, "dnnl") << p.node;
    ASSERT_EQ(rl->size(), rp->size());
    for (size_t i = 0; i < rl->size(); ++i) {
      const ir::Tensor& a = (*rl)[i].second.tensor;
      const ir::Tensor& b = (*rp)[i].second.tensor;
      ASSERT_EQ(a.nbytes(), b.nbytes());
      EXPECT_EQ(std::memcmp(a.raw(), b.raw(), a.nbytes()), 0) << (*rl)[i].first;
    }
  }
  if (h0 < 0) GTEST_SKIP() << "no tcmalloc in this build: the outputs were checked, not the heap";
  EXPECT_LT(h1 - h0, filters) << "the session without prepacking";
  EXPECT_GE(h2 - h1, filters) << "the prepacking session";
}

TEST(DnnlConv, AutoPadSameUpperLowerAndValid) {
  uint32_t seed = 1200;
  for (const char* pad : {"SAME_UPPER", "SAME_LOWER", "VALID"}) {
    for (int64_t stride : {1, 2}) {
      std::vector<Attribute> a;
      a.push_back(Attribute::String("auto_pad", pad));
      a.push_back(Attribute::Ints("strides", {stride, stride}));
      ExpectDnnlMatchesReference(
          {"Conv", {{1, 3, 13, 12}, {5, 3, 4, 3}, {5}}, std::move(a), "", {1}}, seed++);
    }
  }
}

TEST(DnnlConv, FusedConvActivationsAndResidualSumPostOps) {
  struct Act {
    const char* name;
    std::vector<float> params;
  };
  const Act acts[] = {{"Relu", {}},           {"Clip", {0.f, 0.5f}}, {"LeakyRelu", {0.1f}},
                      {"Sigmoid", {}},        {"Tanh", {}},          {"HardSigmoid", {0.3f, 0.4f}},
                      {"Clip", {-0.2f, 6.f}}, {"QuickGelu", {1.f}},  {"QuickGelu", {1.702f}}};
  uint32_t seed = 1300;
  for (const Act& act : acts) {
    for (bool depthwise : {false, true}) {
      for (bool z : {false, true}) {
        const int64_t C = 13;
        std::vector<std::vector<int64_t>> shapes = {
            {1, C, 17, 15},
            depthwise ? std::vector<int64_t>{C, 1, 3, 3} : std::vector<int64_t>{C, C, 3, 3},
            {C}};
        if (z) shapes.push_back({1, C, 17, 15});
        std::vector<Attribute> a;
        a.push_back(Attribute::Int("group", depthwise ? C : 1));
        a.push_back(Attribute::Ints("pads", {1, 1, 1, 1}));
        a.push_back(Attribute::String("activation", act.name));
        if (!act.params.empty()) a.push_back(Attribute::Floats("activation_params", act.params));
        ExpectDnnlMatchesReference({"FusedConv", shapes, std::move(a), "com.microsoft", {1, 2}},
                                   seed++);
      }
    }
  }
}

}  // namespace
}  // namespace onnxlens::testing
