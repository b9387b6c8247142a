// The cpu QuantizeLinear / DequantizeLinear kernels against the reference kernels, bit for bit:
// ties (x / scale exactly half-way), saturation both ways, NaN and infinities, u8 and s8, odd
// sizes split over two threads; and per-axis parameters left to the reference kernel.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "runtime/session.h"

namespace onnxlens::runtime {
namespace {

using ir::DataType;
using ir::Tensor;

// One node `op` reading input "x" (type xt, dims) and constant scale / zero point.
std::shared_ptr<ir::Model> NodeModel(const std::string& op, DataType xt, std::vector<int64_t> dims,
                                     Tensor scale, Tensor zp) {
  auto model = std::make_shared<ir::Model>();
  model->opset_imports.push_back({"", 17});
  model->graph = std::make_unique<ir::Graph>("test");
  ir::Graph& g = *model->graph;
  ir::Node* n = g.AddNode(op, "", "n");
  ir::Value* x = g.CreateValue("x");
  x->set_type(ir::TypeInfo::Tensor(xt, ir::DimsFromSizes(dims)));
  g.AddInput(x);
  n->AddInput(x);
  int i = 0;
  for (Tensor* t : {&scale, &zp}) {
    ir::Value* v = g.CreateValue("p" + std::to_string(i++));
    v->set_type(ir::TypeInfo::Tensor(t->dtype(), ir::DimsFromSizes(t->dims())));
    g.SetInitializer(v, *t);
    n->AddInput(v);
  }
  if (scale.numel() > 1) n->SetAttribute(ir::Attribute::Int("axis", 1));
  ir::Value* y = g.CreateValue("y");
  n->AddOutput(y);
  g.AddOutput(y);
  return model;
}

// Runs on cpu and reference; expects identical bytes; returns the cpu session's provider.
std::string ExpectSameBytes(std::shared_ptr<ir::Model> m, Tensor x) {
  SessionOptions cpu, ref;
  cpu.providers = {"cpu", "reference"};
  cpu.intra_op_threads = 2;
  ref.providers = {"reference"};
  auto sc = Session::Create(m, cpu);
  auto sr = Session::Create(m, ref);
  EXPECT_TRUE(sc.ok() && sr.ok());
  if (!sc.ok() || !sr.ok()) return {};
  std::map<std::string, RtValue> in = {{"x", RtValue::FromTensor(x)}};
  auto rc = (*sc)->Run(in);
  auto rr = (*sr)->Run(in);
  EXPECT_TRUE(rc.ok() && rr.ok());
  if (!rc.ok() || !rr.ok()) return {};
  const Tensor& a = (*rc)[0].second.tensor;
  const Tensor& b = (*rr)[0].second.tensor;
  EXPECT_EQ(a.dtype(), b.dtype());
  EXPECT_EQ(a.dims(), b.dims());
  EXPECT_EQ(a.nbytes(), b.nbytes());
  if (a.nbytes() == b.nbytes()) {
    EXPECT_EQ(std::memcmp(a.raw(), b.raw(), a.nbytes()), 0);
  }
  return (*sc)->partition().nodes[0].provider;
}

Tensor Scalar(float s) { return Tensor::FromVector<float>(DataType::kFloat, {}, {s}); }

TEST(CpuQuant, QuantizeMatchesReferenceBitForBit) {
  for (DataType t : {DataType::kUint8, DataType::kInt8})
    for (int64_t n : {1, 13, 127, 100003}) {
      const float scale = 0.0173f;
      std::mt19937 rng(static_cast<uint32_t>(n));
      std::uniform_real_distribution<float> u(-4.f, 4.f);
      std::uniform_int_distribution<int> k(-600, 600);
      std::vector<float> x(static_cast<size_t>(n));
      for (size_t i = 0; i < x.size(); ++i) {
        switch (i % 5) {
          case 0:
            x[i] = u(rng);
            break;
          case 1:
            x[i] = (float(k(rng)) + 0.5f) * scale;
            break;  // ties, some saturating
          case 2:
            x[i] = float(k(rng)) * scale;
            break;
          default:
            x[i] = u(rng) * 0.1f;
            break;
        }
      }
      if (n > 4) {
        x[1] = std::numeric_limits<float>::quiet_NaN();
        x[2] = std::numeric_limits<float>::infinity();
        x[3] = -std::numeric_limits<float>::infinity();
      }
      Tensor zp = t == DataType::kUint8 ? Tensor::FromVector<uint8_t>(t, {}, {131})
                                        : Tensor::FromVector<int8_t>(t, {}, {-5});
      auto m = NodeModel("QuantizeLinear", DataType::kFloat, {n}, Scalar(scale), zp);
      EXPECT_EQ(ExpectSameBytes(m, Tensor::FromVector<float>(DataType::kFloat, {n}, x)), "cpu");
    }
}

TEST(CpuQuant, DequantizeMatchesReferenceAndPerAxisGoesToReference) {
  for (int64_t n : {1, 127, 70001}) {
    std::vector<uint8_t> xu(static_cast<size_t>(n));
    std::vector<int8_t> xs(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      xu[i] = static_cast<uint8_t>(i * 37);
      xs[i] = static_cast<int8_t>(i * 37);
    }
    auto mu = NodeModel("DequantizeLinear", DataType::kUint8, {n}, Scalar(0.031f),
                        Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {128}));
    EXPECT_EQ(ExpectSameBytes(mu, Tensor::FromVector<uint8_t>(DataType::kUint8, {n}, xu)), "cpu");
    auto ms = NodeModel("DequantizeLinear", DataType::kInt8, {n}, Scalar(0.5f),
                        Tensor::FromVector<int8_t>(DataType::kInt8, {}, {-3}));
    EXPECT_EQ(ExpectSameBytes(ms, Tensor::FromVector<int8_t>(DataType::kInt8, {n}, xs)), "cpu");
  }
  auto axis = NodeModel("DequantizeLinear", DataType::kInt8, {1, 3, 4},
                        Tensor::FromVector<float>(DataType::kFloat, {3}, {0.1f, 0.2f, 0.3f}),
                        Tensor::FromVector<int8_t>(DataType::kInt8, {3}, {0, 1, 2}));
  std::vector<int8_t> v(12);
  for (int i = 0; i < 12; ++i) v[i] = static_cast<int8_t>(i * 11 - 60);
  EXPECT_EQ(ExpectSameBytes(axis, Tensor::FromVector<int8_t>(DataType::kInt8, {1, 3, 4}, v)),
            "reference");
}

}  // namespace
}  // namespace onnxlens::runtime
