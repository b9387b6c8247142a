// The cpu DynamicQuantizeLinear kernel against the reference kernel, bit for bit (the uint8
// tensor, the scale, the zero point): odd sizes (1, 13, 127, 100003: split over two threads),
// all-positive, all-negative and constant inputs (the range always holds 0), NaN and infinities.
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

std::shared_ptr<ir::Model> DynamicQuantizeModel(int64_t n) {
  auto model = std::make_shared<ir::Model>();
  model->opset_imports.push_back({"", 17});
  model->graph = std::make_unique<ir::Graph>("test");
  ir::Graph& g = *model->graph;
  ir::Node* node = g.AddNode("DynamicQuantizeLinear", "", "dq");
  ir::Value* x = g.CreateValue("x");
  x->set_type(ir::TypeInfo::Tensor(DataType::kFloat, ir::DimsFromSizes({n})));
  g.AddInput(x);
  node->AddInput(x);
  for (const char* name : {"y", "y_scale", "y_zero_point"}) {
    ir::Value* v = g.CreateValue(name);
    node->AddOutput(v);
    g.AddOutput(v);
  }
  return model;
}

// Runs x on cpu and on the reference; expects the same bytes in all three outputs.
void ExpectSameQuantBytes(const std::vector<float>& x) {
  SCOPED_TRACE("n " + std::to_string(x.size()));
  auto m = DynamicQuantizeModel(static_cast<int64_t>(x.size()));
  SessionOptions cpu, ref;
  cpu.providers = {"cpu", "reference"};
  cpu.intra_op_threads = 2;
  ref.providers = {"reference"};
  auto sc = Session::Create(m, cpu);
  auto sr = Session::Create(m, ref);
  ASSERT_TRUE(sc.ok() && sr.ok());
  EXPECT_EQ((*sc)->partition().nodes[0].provider, "cpu");
  const Tensor t = Tensor::FromVector<float>(DataType::kFloat, {static_cast<int64_t>(x.size())}, x);
  std::map<std::string, RtValue> in = {{"x", RtValue::FromTensor(t)}};
  auto rc = (*sc)->Run(in);
  auto rr = (*sr)->Run(in);
  ASSERT_TRUE(rc.ok()) << rc.status().message();
  ASSERT_TRUE(rr.ok()) << rr.status().message();
  ASSERT_EQ(rc->size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    const Tensor& a = (*rc)[i].second.tensor;
    const Tensor& b = (*rr)[i].second.tensor;
    EXPECT_EQ(a.dtype(), b.dtype()) << (*rc)[i].first;
    EXPECT_EQ(a.dims(), b.dims()) << (*rc)[i].first;
    ASSERT_EQ(a.nbytes(), b.nbytes()) << (*rc)[i].first;
    EXPECT_EQ(std::memcmp(a.raw(), b.raw(), a.nbytes()), 0) << (*rc)[i].first;
  }
}

TEST(CpuDynamicQuantizeLinear, MatchesReferenceBitForBit) {
  for (int64_t n : {1, 13, 127, 100003}) {
    std::mt19937 rng(static_cast<uint32_t>(n));
    std::normal_distribution<float> u(0.3f, 2.f);
    std::vector<float> x(static_cast<size_t>(n));
    for (float& v : x) v = u(rng);
    ExpectSameQuantBytes(x);
    for (float& v : x) v = std::abs(v) + 0.5f;  // all positive: zero point 0
    ExpectSameQuantBytes(x);
    for (float& v : x) v = -v;  // all negative: zero point 255
    ExpectSameQuantBytes(x);
  }
  ExpectSameQuantBytes(std::vector<float>(77, 0.f));  // scale 0
  ExpectSameQuantBytes(std::vector<float>(77, 2.5f));
  // Ties: values at exact half steps of the scale (range [-1.275, 1.275] -> scale 0.01).
  std::vector<float> ties;
  for (int k = -255; k <= 255; ++k) ties.push_back(0.005f * static_cast<float>(k));
  ExpectSameQuantBytes(ties);
}

TEST(CpuDynamicQuantizeLinear, NanAndInfinitiesMatchReference) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  ExpectSameQuantBytes({1.f, nan, -2.f, 3.f});
  ExpectSameQuantBytes({1.f, inf, -2.f});
  ExpectSameQuantBytes({-inf, 0.5f, 2.f});
  std::vector<float> big(100003, 1.f);
  big[70000] = nan;
  big[3] = -7.f;
  ExpectSameQuantBytes(big);
}

}  // namespace
}  // namespace onnxlens::runtime
