// The dnnl pooling kernels against the reference: odd sizes, strides, pads, ceil_mode, dilations,
// count_include_pad, global pooling (a 2-D global average left to the cpu kernel), 1-D and 3-D;
// MaxPool on uint8 / int8 (what qdq-node-units makes of DQ -> MaxPool -> Q), equal to the reference
// bit for bit.
#include <cstring>
#include <random>

#include "kernels/dnnl/dnnl_test_util.h"

namespace onnxlens::testing {
namespace {

using ir::Attribute;

TEST(DnnlPool, MaxAndAverageMatchReference) {
  uint32_t seed = 2000;
  for (int64_t k : {1, 2, 3}) {
    for (int64_t s : {1, 2}) {
      for (const char* op : {"MaxPool", "AveragePool"}) {
        std::vector<Attribute> a;
        a.push_back(Attribute::Ints("kernel_shape", {k, k}));
        a.push_back(Attribute::Ints("strides", {s, s}));
        a.push_back(Attribute::Ints("pads", {k / 2, k / 2, k / 2, k / 2}));
        if (std::string(op) == "AveragePool")
          a.push_back(Attribute::Int("count_include_pad", s == 2));
        ExpectDnnlMatchesReference({op, {{1, 13, 13, 11}}, std::move(a)}, seed++);
      }
    }
  }
}

TEST(DnnlPool, CeilModeDilationAndAsymmetricPads) {
  uint32_t seed = 2100;
  for (const char* op : {"MaxPool", "AveragePool"}) {
    std::vector<Attribute> a;  // squeezenet's ceil-mode 3x3/2
    a.push_back(Attribute::Ints("kernel_shape", {3, 3}));
    a.push_back(Attribute::Ints("strides", {2, 2}));
    a.push_back(Attribute::Int("ceil_mode", 1));
    ExpectDnnlMatchesReference({op, {{1, 5, 13, 12}}, std::move(a)}, seed++);
  }
  std::vector<Attribute> b;
  b.push_back(Attribute::Ints("kernel_shape", {2, 3}));
  b.push_back(Attribute::Ints("strides", {1, 3}));
  b.push_back(Attribute::Ints("dilations", {2, 2}));
  b.push_back(Attribute::Ints("pads", {0, 1, 1, 2}));
  ExpectDnnlMatchesReference({"MaxPool", {{2, 3, 13, 11}}, std::move(b)}, seed++);
  std::vector<Attribute> c;
  c.push_back(Attribute::Ints("kernel_shape", {3, 2}));
  c.push_back(Attribute::Ints("pads", {2, 0, 0, 1}));
  ExpectDnnlMatchesReference({"AveragePool", {{1, 127, 9, 7}}, std::move(c)}, seed++);
}

TEST(DnnlPool, OneAndThreeDimensional) {
  uint32_t seed = 2200;
  std::vector<Attribute> a;
  a.push_back(Attribute::Ints("kernel_shape", {3}));
  a.push_back(Attribute::Ints("strides", {2}));
  ExpectDnnlMatchesReference({"MaxPool", {{2, 13, 127}}, std::move(a)}, seed++);
  std::vector<Attribute> b;
  b.push_back(Attribute::Ints("kernel_shape", {2, 2, 2}));
  b.push_back(Attribute::Ints("pads", {1, 0, 1, 0, 1, 0}));
  ExpectDnnlMatchesReference({"AveragePool", {{1, 3, 5, 6, 7}}, std::move(b)}, seed++);
}

TEST(DnnlPool, GlobalPoolsMatchReference) {
  uint32_t seed = 2300;
  for (const char* op : {"GlobalAveragePool", "GlobalMaxPool"})
    for (const std::vector<int64_t>& s :
         {std::vector<int64_t>{2, 13, 7, 9}, {1, 127, 1, 1}, {1, 1, 13, 13}, {3, 5, 127}}) {
      // A 2-D global average is the cpu kernel's (ONNX Runtime's summation order).
      if (std::string(op) == "GlobalAveragePool" && s.size() == 4) continue;
      ExpectDnnlMatchesReference({op, {s}, {}}, seed++);
    }
}

TEST(DnnlPool, LeavesTwoDimensionalGlobalAverageToTheCpuKernel) {
  auto model = std::make_shared<ir::Model>();
  model->opset_imports.push_back({"", 17});
  model->graph = std::make_unique<ir::Graph>("test");
  ir::Graph& g = *model->graph;
  ir::Node* node = g.AddNode("GlobalAveragePool", "", "gap");
  ir::Value* x = g.CreateValue("x");
  x->set_type(FloatType({1, 8, 5, 5}));
  g.AddInput(x);
  node->AddInput(x);
  ir::Value* y = g.CreateValue("y");
  node->AddOutput(y);
  g.AddOutput(y);
  runtime::SessionOptions o;
  o.providers = {"dnnl", "cpu", "reference"};
  auto s = runtime::Session::Create(model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  const auto& placed = (*s)->partition().nodes[0];
  EXPECT_EQ(placed.provider, "cpu");
  ASSERT_FALSE(placed.declined.empty());
  EXPECT_EQ(placed.declined[0].provider, "dnnl");
  EXPECT_EQ(placed.declined[0].reason, kernels::DeclineReason::kPreferred);
  EXPECT_NE(placed.declined[0].sentence.find("ONNX Runtime's order"), std::string::npos)
      << placed.declined[0].sentence;
}

// One uint8 / int8 MaxPool node on `provider` (profiled), its output and the provider that ran it.
std::pair<ir::Tensor, std::string> RunIntMaxPool(ir::DataType type, std::vector<int64_t> dims,
                                                 std::vector<int64_t> kernel, int64_t stride,
                                                 bool pad, const std::string& provider,
                                                 bool channels_last = false) {
  std::vector<Attribute> attrs;
  attrs.push_back(Attribute::Ints("kernel_shape", kernel));
  attrs.push_back(Attribute::Ints("strides", std::vector<int64_t>(kernel.size(), stride)));
  if (pad) attrs.push_back(Attribute::Ints("pads", std::vector<int64_t>(2 * kernel.size(), 1)));
  auto model = std::make_shared<ir::Model>();
  model->opset_imports.push_back({"", 17});
  if (channels_last) model->opset_imports.push_back({"com.onnxlens", 1});
  model->graph = std::make_unique<ir::Graph>("test");
  ir::Graph& g = *model->graph;
  ir::Node* node = g.AddNode("MaxPool", channels_last ? "com.onnxlens" : "", "pool");
  if (channels_last) node->SetAttribute(Attribute::Int("channels_last", 1));
  ir::Value* x = g.CreateValue("x");
  x->set_type(ir::TypeInfo::Tensor(type, ir::DimsFromSizes(dims)));
  g.AddInput(x);
  node->AddInput(x);
  ir::Value* y = g.CreateValue("y");
  node->AddOutput(y);
  g.AddOutput(y);
  for (auto& a : attrs) node->SetAttribute(std::move(a));
  ir::Tensor t = ir::Tensor::Zeros(type, dims).value();
  std::mt19937 rng(static_cast<uint32_t>(t.numel()));
  std::uniform_int_distribution<int> u(0, 255);
  auto* raw = static_cast<uint8_t*>(t.mutable_raw());
  for (int64_t i = 0; i < t.numel(); ++i) raw[i] = static_cast<uint8_t>(u(rng));
  runtime::SessionOptions so;
  so.providers = {provider};
  so.intra_op_threads = 2;
  so.enable_profiling = true;
  auto s = runtime::Session::Create(model, so);
  EXPECT_TRUE(s.ok()) << s.status().message();
  if (!s.ok()) return {};
  auto r = (*s)->Run({{"x", runtime::RtValue::FromTensor(std::move(t))}});
  EXPECT_TRUE(r.ok()) << r.status().message();
  if (!r.ok()) return {};
  std::string ran;
  for (const auto& e : (*s)->profiler()->Events())
    if (e.cat == "Node" && !e.Arg("provider").empty()) ran = e.Arg("provider");
  return {(*r)[0].second.tensor, ran};
}

TEST(DnnlPool, IntegerMaxPoolEqualsReference) {
  for (ir::DataType type : {ir::DataType::kUint8, ir::DataType::kInt8}) {
    for (int64_t s : {1, 2}) {
      auto [d, dp] = RunIntMaxPool(type, {2, 13, 13, 11}, {3, 3}, s, true, "dnnl");
      auto [r, rp] = RunIntMaxPool(type, {2, 13, 13, 11}, {3, 3}, s, true, "reference");
      EXPECT_EQ(dp, "dnnl") << "the dnnl kernel did not run";
      ASSERT_EQ(d.dtype(), type);
      ASSERT_EQ(d.dims(), r.dims());
      EXPECT_EQ(std::memcmp(d.raw(), r.raw(), d.nbytes()), 0) << "stride " << s;
    }
  }
  // 1-D (rank 3) too, which runs without the channels-last reorders.
  auto [d, dp] = RunIntMaxPool(ir::DataType::kUint8, {1, 5, 127}, {3}, 2, false, "dnnl");
  auto [r, rp] = RunIntMaxPool(ir::DataType::kUint8, {1, 5, 127}, {3}, 2, false, "reference");
  EXPECT_EQ(dp, "dnnl");
  ASSERT_EQ(d.dims(), r.dims());
  EXPECT_EQ(std::memcmp(d.raw(), r.raw(), d.nbytes()), 0);
}

TEST(DnnlPool, ChannelsLastIntegerMaxPoolEqualsReference) {
  // com.onnxlens MaxPool (qlinear-nhwc): X [N, H, W, C] and Y NHWC.
  for (ir::DataType type : {ir::DataType::kUint8, ir::DataType::kInt8}) {
    for (int64_t s : {1, 2}) {
      auto [d, dp] = RunIntMaxPool(type, {2, 13, 11, 19}, {3, 3}, s, true, "dnnl", true);
      auto [r, rp] = RunIntMaxPool(type, {2, 13, 11, 19}, {3, 3}, s, true, "reference", true);
      EXPECT_EQ(dp, "dnnl") << "the dnnl kernel did not run";
      ASSERT_EQ(d.dims(), r.dims());
      EXPECT_EQ(d.dims(), (std::vector<int64_t>{2, s == 1 ? 13 : 7, s == 1 ? 11 : 6, 19}));
      EXPECT_EQ(std::memcmp(d.raw(), r.raw(), d.nbytes()), 0) << "stride " << s;
    }
  }
}

}  // namespace
}  // namespace onnxlens::testing
