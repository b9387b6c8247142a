// Every CPU-provider kernel (OpenBLAS Gemm/MatMul, im2col and depthwise Conv) against the
// reference kernel on odd shapes (1, 13, 127, non-multiples of the SIMD width) from fixed seeds.
#include <gtest/gtest.h>

#include "api/internal/compare.h"
#include "runtime/model_builder.h"
#include "runtime/session.h"

namespace onnxlens::runtime {
namespace {

using testing::FloatType;
using testing::MakeNodeModel;
using testing::RandomTensor;

struct Case {
  std::string op;
  std::vector<std::vector<int64_t>> shapes;
  std::vector<ir::Attribute> attrs;
  std::string domain;
};

void CheckAgainstReference(Case c, uint32_t seed) {
  std::vector<ir::TypeInfo> types;
  for (const auto& s : c.shapes) types.push_back(FloatType(s));
  auto m = MakeNodeModel(c.op, types, 1, 17, c.domain);
  for (auto& a : c.attrs) m.node->SetAttribute(std::move(a));
  std::map<std::string, RtValue> in;
  for (size_t i = 0; i < c.shapes.size(); ++i) {
    in["in" + std::to_string(i)] =
        RtValue::FromTensor(RandomTensor(c.shapes[i], seed + static_cast<uint32_t>(i)));
  }
  SessionOptions cpu, ref;
  cpu.providers = {"cpu"};
  ref.providers = {"reference"};
  cpu.intra_op_threads = 2;
  auto sc = Session::Create(m.model, cpu);
  auto sr = Session::Create(m.model, ref);
  ASSERT_TRUE(sc.ok() && sr.ok());
  ASSERT_EQ((*sc)->partition().nodes[0].provider, "cpu") << "no cpu kernel took " << c.op;
  auto rc = (*sc)->Run(in);
  auto rr = (*sr)->Run(in);
  ASSERT_TRUE(rc.ok()) << rc.status().message();
  ASSERT_TRUE(rr.ok()) << rr.status().message();
  const api::CompareResult cmp = api::CompareValues((*rc)[0].second, (*rr)[0].second, 1e-4, 1e-5);
  EXPECT_TRUE(cmp.ok) << c.op << ": " << cmp.reason;
}

TEST(CpuVsReference, Gemm) {
  uint32_t seed = 1;
  for (int64_t M : {1, 13, 127})
    for (int64_t N : {1, 13, 127})
      for (int64_t K : {1, 13, 127})
        for (int t : {0, 1, 2, 3}) {
          const bool ta = t & 1, tb = t & 2;
          CheckAgainstReference({"Gemm",
                                 {ta ? std::vector<int64_t>{K, M} : std::vector<int64_t>{M, K},
                                  tb ? std::vector<int64_t>{N, K} : std::vector<int64_t>{K, N},
                                  {N}},
                                 [&] {
                                   std::vector<ir::Attribute> a;
                                   a.push_back(ir::Attribute::Int("transA", ta));
                                   a.push_back(ir::Attribute::Int("transB", tb));
                                   a.push_back(ir::Attribute::Float("alpha", 0.5f));
                                   return a;
                                 }()},
                                seed++);
        }
}

TEST(CpuVsReference, MatMulBatchedAndBroadcast) {
  const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> shapes = {
      {{13, 127}, {127, 1}},       {{1, 13}, {13, 127}}, {{2, 3, 13, 7}, {7, 13}},
      {{3, 1, 13}, {1, 13, 5}},    {{127}, {127, 13}},   {{13, 127}, {127}},
      {{2, 1, 5, 3}, {1, 4, 3, 6}}};
  uint32_t seed = 100;
  for (const auto& [a, b] : shapes) CheckAgainstReference({"MatMul", {a, b}, {}}, seed++);
}

TEST(CpuVsReference, ConvGeometries) {
  struct Conv {
    std::vector<int64_t> x, w;
    int64_t group, stride, pad, dilation;
    bool bias;
  };
  const std::vector<Conv> convs = {
      {{1, 3, 13, 13}, {5, 3, 3, 3}, 1, 1, 1, 1, true},      // 3x3 same
      {{2, 4, 13, 11}, {6, 2, 3, 3}, 2, 2, 1, 1, true},      // grouped, strided
      {{1, 8, 13, 13}, {8, 1, 3, 3}, 8, 1, 1, 1, true},      // depthwise
      {{1, 8, 13, 13}, {8, 1, 5, 5}, 8, 2, 2, 1, false},     // depthwise strided 5x5
      {{2, 6, 14, 9}, {6, 1, 3, 3}, 6, 2, 2, 2, true},       // depthwise strided, dilated
      {{1, 4, 13, 127}, {4, 1, 7, 7}, 4, 3, 3, 1, true},     // depthwise stride 3, 7x7
      {{1, 5, 1, 13}, {5, 1, 3, 3}, 5, 1, 1, 1, true},       // depthwise, one row
      {{1, 3, 13, 13}, {3, 1, 3, 3}, 3, 2, 0, 1, false},     // depthwise, no padding
      {{1, 2, 3, 3}, {2, 1, 5, 5}, 2, 1, 4, 1, true},        // depthwise, pads wider than input
      {{1, 7, 13, 13}, {127, 7, 1, 1}, 1, 1, 0, 1, true},    // pointwise
      {{1, 3, 13, 13}, {4, 3, 3, 3}, 1, 1, 2, 2, false},     // dilated
      {{1, 3, 3, 3}, {4, 3, 5, 5}, 1, 2, 4, 1, true},        // im2col, pads wider than input
      {{1, 3, 13, 11}, {4, 3, 3, 3}, 1, 2, 2, 2, true},      // im2col strided and dilated
      {{1, 2, 7, 7}, {3, 2, 7, 7}, 1, 3, 0, 1, false},       // kernel as wide as the input
      {{1, 3, 1, 1}, {13, 3, 1, 1}, 1, 1, 0, 1, true},       // 1x1 image
      {{2, 5, 127}, {3, 5, 7}, 1, 3, 3, 1, true},            // 1-D
      {{1, 13, 24}, {13, 1, 5}, 13, 1, 2, 1, true},          // 1-D depthwise (silero_vad's)
      {{2, 7, 127}, {7, 1, 3}, 7, 2, 1, 2, false},           // 1-D depthwise strided, dilated
      {{1, 3, 1}, {3, 1, 5}, 3, 1, 2, 1, true},              // 1-D depthwise, pads wider
      {{1, 2, 5, 6, 7}, {3, 2, 3, 3, 3}, 1, 1, 1, 1, true},  // 3-D
  };
  uint32_t seed = 200;
  for (const Conv& c : convs) {
    const size_t r = c.x.size() - 2;
    std::vector<std::vector<int64_t>> shapes = {c.x, c.w};
    if (c.bias) shapes.push_back({c.w[0]});
    std::vector<ir::Attribute> a;
    a.push_back(ir::Attribute::Int("group", c.group));
    a.push_back(ir::Attribute::Ints("strides", std::vector<int64_t>(r, c.stride)));
    a.push_back(ir::Attribute::Ints("pads", std::vector<int64_t>(2 * r, c.pad)));
    a.push_back(ir::Attribute::Ints("dilations", std::vector<int64_t>(r, c.dilation)));
    CheckAgainstReference({"Conv", shapes, std::move(a)}, seed++);
  }
}

TEST(CpuVsReference, FusedConvEpilogueWithResidualAndActivation) {
  // Outputs large enough for the parallel per-channel epilogue; im2col and depthwise paths; with
  // and without the residual input Z.
  struct Act {
    const char* name;
    std::vector<float> params;
  };
  const Act acts[] = {{"Relu", {}}, {"Clip", {0.f, 0.5f}}, {"LeakyRelu", {0.1f}}, {"Sigmoid", {}}};
  uint32_t seed = 500;
  for (const Act& act : acts) {
    for (bool depthwise : {false, true}) {
      for (bool z : {false, true}) {
        std::vector<std::vector<int64_t>> shapes = {
            {1, 32, 40, 40},
            depthwise ? std::vector<int64_t>{32, 1, 3, 3} : std::vector<int64_t>{32, 32, 3, 3}};
        shapes.push_back({32});
        if (z) shapes.push_back({1, 32, 40, 40});
        std::vector<ir::Attribute> a;
        a.push_back(ir::Attribute::Int("group", depthwise ? 32 : 1));
        a.push_back(ir::Attribute::Ints("pads", {1, 1, 1, 1}));
        a.push_back(ir::Attribute::String("activation", act.name));
        if (!act.params.empty())
          a.push_back(ir::Attribute::Floats("activation_params", act.params));
        CheckAgainstReference({"FusedConv", shapes, std::move(a), "com.microsoft"}, seed++);
      }
    }
  }
}

TEST(CpuVsReference, BinaryBroadcasts) {
  const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> shapes = {
      {{13, 127}, {13, 127}}, {{1, 13, 7, 7}, {1, 13, 1, 1}}, {{127}, {1}},
      {{1}, {13, 5}},         {{2, 3, 1}, {1, 3, 13}},        {{1, 127, 33}, {33}}};
  uint32_t seed = 300;
  for (const char* op : {"Add", "Sub", "Mul", "Div"})
    for (const auto& [a, b] : shapes) CheckAgainstReference({op, {a, b}, {}}, seed++);
}

TEST(CpuVsReference, UnaryActivations) {
  uint32_t seed = 400;
  for (const char* op : {"Relu", "Sigmoid", "Tanh", "Erf", "Exp", "HardSigmoid", "HardSwish",
                         "LeakyRelu", "Neg", "Log"})
    for (const std::vector<int64_t>& s : {std::vector<int64_t>{1}, {13}, {127, 13}, {3, 127, 129}})
      CheckAgainstReference({op, {s}, {}}, seed++);
}

TEST(CpuVsReference, QuickGeluDefaultAndSiluAlpha) {
  uint32_t seed = 450;
  for (const std::vector<int64_t>& s : {std::vector<int64_t>{1}, {13}, {127, 13}, {3, 127, 129}}) {
    CheckAgainstReference({"QuickGelu", {s}, {}, "com.microsoft"}, seed++);
    std::vector<ir::Attribute> a;
    a.push_back(ir::Attribute::Float("alpha", 1.f));
    CheckAgainstReference({"QuickGelu", {s}, std::move(a), "com.microsoft"}, seed++);
  }
}

TEST(CpuVsReference, ClipWithScalarBounds) {
  uint32_t seed = 450;
  for (const std::vector<int64_t>& s : {std::vector<int64_t>{1}, {13}, {127, 13}}) {
    CheckAgainstReference({"Clip", {s, {}, {}}, {}}, seed++);  // min and max
    CheckAgainstReference({"Clip", {s, {}}, {}}, seed++);      // min only
  }
}

TEST(CpuVsReference, PowSquareAndGeneral) {
  // exponent 2 takes the x*x path; a tensor exponent the general one.
  auto m = MakeNodeModel("Pow", {FloatType({13, 7}), FloatType({1})}, 1);
  std::map<std::string, RtValue> in = {
      {"in0", RtValue::FromTensor(RandomTensor({13, 7}, 500, 0.1f, 2.f))},
      {"in1",
       RtValue::FromTensor(ir::Tensor::FromVector<float>(ir::DataType::kFloat, {1}, {2.f}))}};
  SessionOptions cpu, ref;
  cpu.providers = {"cpu"};
  ref.providers = {"reference"};
  auto rc = (*Session::Create(m.model, cpu))->Run(in);
  auto rr = (*Session::Create(m.model, ref))->Run(in);
  ASSERT_TRUE(rc.ok() && rr.ok());
  EXPECT_TRUE(api::CompareValues((*rc)[0].second, (*rr)[0].second, 1e-5, 1e-6).ok);
  CheckAgainstReference({"Pow", {{13, 7}, {13, 7}}, {}}, 501);
}

TEST(CpuVsReference, BatchNormalizationPoolsSoftmaxTranspose) {
  uint32_t seed = 600;
  CheckAgainstReference({"BatchNormalization", {{2, 13, 7, 5}, {13}, {13}, {13}, {13}}, {}},
                        seed++);
  for (int64_t k : {1, 2, 3}) {
    for (int64_t s : {1, 2}) {
      std::vector<ir::Attribute> a;
      a.push_back(ir::Attribute::Ints("kernel_shape", {k, k}));
      a.push_back(ir::Attribute::Ints("strides", {s, s}));
      a.push_back(ir::Attribute::Ints("pads", {k / 2, k / 2, k / 2, k / 2}));
      CheckAgainstReference({"MaxPool", {{1, 13, 13, 11}}, std::move(a)}, seed++);
      std::vector<ir::Attribute> b;
      b.push_back(ir::Attribute::Ints("kernel_shape", {k, k}));
      b.push_back(ir::Attribute::Ints("strides", {s, s}));
      b.push_back(ir::Attribute::Ints("pads", {k / 2, k / 2, k / 2, k / 2}));
      b.push_back(ir::Attribute::Int("count_include_pad", s == 2));
      CheckAgainstReference({"AveragePool", {{1, 13, 13, 11}}, std::move(b)}, seed++);
    }
  }
  {
    // squeezenet's ceil-mode 3x3/2 pooling, and dilation with asymmetric pads
    std::vector<ir::Attribute> a;
    a.push_back(ir::Attribute::Ints("kernel_shape", {3, 3}));
    a.push_back(ir::Attribute::Ints("strides", {2, 2}));
    a.push_back(ir::Attribute::Int("ceil_mode", 1));
    CheckAgainstReference({"MaxPool", {{1, 5, 13, 12}}, std::move(a)}, seed++);
    std::vector<ir::Attribute> b;
    b.push_back(ir::Attribute::Ints("kernel_shape", {2, 3}));
    b.push_back(ir::Attribute::Ints("strides", {1, 3}));
    b.push_back(ir::Attribute::Ints("dilations", {2, 2}));
    b.push_back(ir::Attribute::Ints("pads", {0, 1, 1, 2}));
    CheckAgainstReference({"MaxPool", {{2, 3, 13, 11}}, std::move(b)}, seed++);
  }
  CheckAgainstReference({"GlobalAveragePool", {{2, 13, 7, 9}}, {}}, seed++);
  CheckAgainstReference({"GlobalMaxPool", {{2, 13, 7, 9}}, {}}, seed++);
  for (const std::vector<int64_t>& s : {std::vector<int64_t>{1, 127}, {13, 1}, {2, 3, 129}}) {
    CheckAgainstReference({"Softmax", {s}, {}}, seed++);
    CheckAgainstReference({"LogSoftmax", {s}, {}}, seed++);
  }
  std::vector<ir::Attribute> perm;
  perm.push_back(ir::Attribute::Ints("perm", {0, 2, 1, 3}));
  CheckAgainstReference({"Transpose", {{1, 13, 127, 5}}, std::move(perm)}, seed++);
  CheckAgainstReference({"Transpose", {{13, 127}}, {}}, seed++);
  CheckAgainstReference({"Transpose", {{64, 36}}, {}}, seed++);  // whole 4x4 blocks
  CheckAgainstReference({"Transpose", {{6, 9}}, {}}, seed++);    // blocks plus edges
  std::vector<ir::Attribute> swap;
  swap.push_back(ir::Attribute::Ints("perm", {0, 1, 3, 2}));
  CheckAgainstReference({"Transpose", {{2, 3, 13, 127}}, std::move(swap)}, seed++);
}

TEST(CpuVsReference, TrailingReductions) {
  uint32_t seed = 800;
  for (const char* op : {"ReduceMean", "ReduceSum"})
    for (int keep : {0, 1}) {
      std::vector<ir::Attribute> a;
      a.push_back(ir::Attribute::Ints("axes", {-1}));
      a.push_back(ir::Attribute::Int("keepdims", keep));
      // opset 12 keeps axes as an attribute for both ops
      std::vector<ir::TypeInfo> types = {FloatType({3, 13, 127})};
      auto m = MakeNodeModel(op, types, 1, 12);
      for (auto& attr : a) m.node->SetAttribute(std::move(attr));
      std::map<std::string, RtValue> in = {
          {"in0", RtValue::FromTensor(RandomTensor({3, 13, 127}, seed++))}};
      SessionOptions cpu, ref;
      cpu.providers = {"cpu"};
      ref.providers = {"reference"};
      auto rc = (*Session::Create(m.model, cpu))->Run(in);
      auto rr = (*Session::Create(m.model, ref))->Run(in);
      ASSERT_TRUE(rc.ok() && rr.ok());
      const auto cmp = api::CompareValues((*rc)[0].second, (*rr)[0].second, 1e-4, 1e-5);
      EXPECT_TRUE(cmp.ok) << op << ": " << cmp.reason;
    }
}

TEST(CpuVsReference, LstmDirectionsAndOptionalInputs) {
  uint32_t seed = 700;
  for (const char* dir : {"forward", "reverse", "bidirectional"}) {
    const int64_t D = std::string(dir) == "bidirectional" ? 2 : 1, S = 13, B = 3, I = 7, H = 5;
    std::vector<ir::Attribute> a;
    a.push_back(ir::Attribute::String("direction", dir));
    a.push_back(ir::Attribute::Int("hidden_size", H));
    CheckAgainstReference(
        {"LSTM", {{S, B, I}, {D, 4 * H, I}, {D, 4 * H, H}, {D, 8 * H}}, std::move(a)}, seed++);
  }
}

}  // namespace
}  // namespace onnxlens::runtime
