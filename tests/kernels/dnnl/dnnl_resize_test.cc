// The dnnl Resize kernel against the reference: nearest (asymmetric + floor, half_pixel +
// round_prefer_*) at whole growth factors, linear (half_pixel, pytorch_half_pixel) at any size,
// from scales and from sizes, odd sizes and channels; cases oneDNN cannot match run on the
// fallback.
#include "kernels/dnnl/dnnl_test_util.h"

namespace onnxlens::testing {
namespace {

using ir::Attribute;
using ir::Tensor;

Tensor FloatVector(std::vector<float> v) {
  const int64_t n = static_cast<int64_t>(v.size());
  return Tensor::FromVector<float>(ir::DataType::kFloat, {n}, v);
}

Tensor Ints(std::vector<int64_t> v) {
  const int64_t n = static_cast<int64_t>(v.size());
  return Tensor::FromVector<int64_t>(ir::DataType::kInt64, {n}, v);
}

DnnlCase ResizeCase(const std::vector<int64_t>& x, const char* mode, const char* ctm,
                    const char* nearest, Tensor scales, Tensor sizes) {
  DnnlCase c{"Resize", {x, {0}, {0}, {0}}, {}};
  c.attrs.push_back(Attribute::String("mode", mode));
  c.attrs.push_back(Attribute::String("coordinate_transformation_mode", ctm));
  if (nearest) c.attrs.push_back(Attribute::String("nearest_mode", nearest));
  c.fixed.emplace(1, FloatVector({}));
  c.fixed.emplace(2, std::move(scales));
  c.fixed.emplace(3, std::move(sizes));
  return c;
}

TEST(DnnlResize, NearestAtWholeFactorsMatchesReference) {
  uint32_t seed = 5000;
  const std::pair<const char*, const char*> modes[] = {
      {"asymmetric", "floor"},
      {"half_pixel", "round_prefer_floor"},
      {"half_pixel", "round_prefer_ceil"},
      {"pytorch_half_pixel", "round_prefer_floor"}};
  for (const auto& [ctm, nearest] : modes) {
    for (float f : {1.f, 2.f, 3.f, 4.f}) {
      ExpectDnnlMatchesReference(
          ResizeCase({1, 13, 7, 9}, "nearest", ctm, nearest, FloatVector({1, 1, f, f}), Ints({})),
          seed++);
    }
    ExpectDnnlMatchesReference(
        ResizeCase({2, 3, 5, 127}, "nearest", ctm, nearest, FloatVector({}), Ints({2, 3, 10, 254})),
        seed++);
  }
}

TEST(DnnlResize, LinearHalfPixelAtAnySizeMatchesReference) {
  uint32_t seed = 5100;
  for (const char* ctm : {"half_pixel", "pytorch_half_pixel"}) {
    ExpectDnnlMatchesReference(
        ResizeCase({1, 13, 7, 9}, "linear", ctm, nullptr, FloatVector({1, 1, 2, 2}), Ints({})),
        seed++);
    ExpectDnnlMatchesReference(
        ResizeCase({1, 3, 13, 11}, "linear", ctm, nullptr, FloatVector({}), Ints({1, 3, 5, 29})),
        seed++);
    ExpectDnnlMatchesReference(
        ResizeCase({2, 1, 127}, "linear", ctm, nullptr, FloatVector({}), Ints({2, 1, 13})), seed++);
  }
}

TEST(DnnlResize, CasesOneDnnCannotMatchRunOnTheFallback) {
  // nearest growing by 1.5 (oneDNN would round where ONNX floors), and scales whose product is
  // not the output size: declined at run time, the reference kernel runs them.
  std::vector<DnnlCase> cases;
  cases.push_back(ResizeCase({1, 2, 4, 4}, "nearest", "asymmetric", "floor",
                             FloatVector({1, 1, 1.5f, 1.5f}), Ints({})));
  cases.push_back(ResizeCase({1, 2, 5, 5}, "linear", "half_pixel", nullptr,
                             FloatVector({1, 1, 1.7f, 1.7f}), Ints({})));
  for (DnnlCase& c : cases) {
    auto model = std::make_shared<ir::Model>();
    model->opset_imports.push_back({"", 17});
    model->graph = std::make_unique<ir::Graph>("test");
    ir::Graph& g = *model->graph;
    ir::Node* node = g.AddNode("Resize", "", "resize");
    ir::Value* x = g.CreateValue("x");
    x->set_type(FloatType(c.shapes[0]));
    g.AddInput(x);
    node->AddInput(x);
    for (size_t i = 1; i < 4; ++i) {
      ir::Value* v = g.CreateValue("c" + std::to_string(i));
      v->set_type(
          ir::TypeInfo::Tensor(c.fixed.at(i).dtype(), ir::DimsFromSizes(c.fixed.at(i).dims())));
      g.SetInitializer(v, c.fixed.at(i));
      node->AddInput(v);
    }
    ir::Value* y = g.CreateValue("y");
    node->AddOutput(y);
    g.AddOutput(y);
    for (auto& a : c.attrs) node->SetAttribute(std::move(a));
    runtime::SessionOptions o;
    o.providers = {"dnnl"};
    o.enable_profiling = true;
    auto s = runtime::Session::Create(model, o);
    ASSERT_TRUE(s.ok()) << s.status().message();
    ASSERT_EQ((*s)->partition().nodes[0].provider, "dnnl");
    auto r = (*s)->Run({{"x", runtime::RtValue::FromTensor(RandomTensor(c.shapes[0], 1))}});
    ASSERT_TRUE(r.ok()) << r.status().message();
    std::string ran;
    for (const auto& e : (*s)->profiler()->Events())
      if (e.cat == "Node") ran = e.Arg("provider");
    EXPECT_EQ(ran, "reference");
  }
}

TEST(DnnlResize, CreationTimeChecksNameTheAttribute) {
  auto model = MakeNodeModel("Resize", {FloatType({1, 2, 4, 4})}, 1);
  model.node->SetAttribute(Attribute::String("mode", "cubic"));
  runtime::SessionOptions o;
  o.providers = {"dnnl", "cpu"};
  auto s = runtime::Session::Create(model.model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  const auto& placed = (*s)->partition().nodes[0];
  ASSERT_FALSE(placed.declined.empty());
  EXPECT_EQ(placed.declined[0].provider, "dnnl");
  EXPECT_EQ(placed.declined[0].reason, kernels::DeclineReason::kAttribute);
  EXPECT_NE(placed.declined[0].sentence.find("no cubic mode"), std::string::npos)
      << placed.declined[0].sentence;
  model.node->SetAttribute(Attribute::String("mode", "nearest"));
  model.node->SetAttribute(Attribute::String("coordinate_transformation_mode", "align_corners"));
  auto s2 = runtime::Session::Create(model.model, o);
  ASSERT_TRUE(s2.ok());
  EXPECT_NE((*s2)->partition().nodes[0].declined.at(0).sentence.find("align_corners"),
            std::string::npos);
}

}  // namespace
}  // namespace onnxlens::testing
