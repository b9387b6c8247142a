// The cpu ConvInteger, QLinearConv and com.onnxlens QLinearConv (channels-last x / y) kernels (on
// the exact integer GEMM, kernels/cpu/igemm.h) against the reference kernels, bit for bit: 1-D and
// 2-D, pointwise, depthwise (with and without a channel multiplier), grouped, strided, dilated,
// asymmetric pads, kernels wider than the image, uint8 / int8 x and W in all four pairs with
// full-range values, zero points absent, per tensor and per output channel, constant and computed
// W, 1 and 2 threads. The trace shows the cpu kernel ran (no fallback). Under
// ONNXLENS_MAX_ISA=avx2 (ctest's *_avx2 runs) the AVX2 paths run. And the placement: with dnnl
// first, no such node lands on the reference provider on any ISA.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "kernels/cpu/int8_vs_reference.h"
#include "kernels/random_tensors.h"
#include "kernels/tensor_util.h"
#include "runtime/session.h"

namespace onnxlens::testing {
namespace {

using ir::DataType;
using ir::Tensor;

using CiInput = Int8Input;
using CiRan = Int8Ran;

struct CiConv {
  std::vector<int64_t> x, w;  // NCHW / NCW x, [M, C / group, kh, kw] W
  int64_t group = 1;
  std::vector<int64_t> strides, dilations, pads;
};

// The convolution's attributes, and `flags` (x_channels_last, y_channels_last) as ints.
std::vector<ir::Attribute> CiAttributes(const CiConv& c,
                                        const std::map<std::string, int64_t>& flags = {}) {
  std::vector<ir::Attribute> a;
  a.push_back(ir::Attribute::Int("group", c.group));
  if (!c.strides.empty()) a.push_back(ir::Attribute::Ints("strides", c.strides));
  if (!c.dilations.empty()) a.push_back(ir::Attribute::Ints("dilations", c.dilations));
  if (!c.pads.empty()) a.push_back(ir::Attribute::Ints("pads", c.pads));
  for (const auto& [name, v] : flags) a.push_back(ir::Attribute::Int(name, v));
  return a;
}

std::shared_ptr<ir::Model> CiModel(const std::string& op, const std::string& domain,
                                   const CiConv& c, const std::vector<CiInput>& inputs,
                                   const std::map<std::string, int64_t>& flags,
                                   std::map<std::string, runtime::RtValue>* feeds) {
  return Int8NodeModel(op, domain, inputs, CiAttributes(c, flags), feeds);
}

CiRan CiRunBoth(const std::string& op, const std::string& domain, const CiConv& c,
                const std::vector<CiInput>& inputs, int threads,
                const std::map<std::string, int64_t>& flags = {}) {
  return RunOnCpuAndReference(op, domain, inputs, threads, CiAttributes(c, flags));
}

Tensor CiInts(DataType t, std::vector<int64_t> dims, uint32_t seed) {
  return FullRangeInts(t, std::move(dims), seed);
}

// Zero points: kind 0 absent, 1 one value, 2 one per output channel.
Tensor CiZeros(DataType t, int kind, int64_t count, uint32_t seed) {
  return CiInts(t, kind == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{count}, seed);
}

std::string CiName(const CiConv& c) {
  return "x " + kernels::ShapeString(c.x) + " W " + kernels::ShapeString(c.w) + " group " +
         std::to_string(c.group);
}

const std::vector<CiConv>& CiShapes() {
  static const std::vector<CiConv> shapes = {
      {{1, 8, 9, 7}, {16, 8, 3, 3}, 1, {}, {}, {1, 1, 1, 1}},         // 3x3, same
      {{2, 3, 11, 13}, {5, 3, 3, 3}, 1, {2, 2}, {}, {1, 1, 1, 1}},    // strided, 2 images
      {{1, 32, 7, 7}, {24, 32, 1, 1}, 1, {}, {}, {}},                 // pointwise
      {{1, 16, 10, 9}, {16, 1, 3, 3}, 16, {2, 2}, {}, {1, 1, 1, 1}},  // depthwise
      {{1, 4, 5, 5}, {8, 1, 3, 3}, 4, {}, {}, {1, 1, 1, 1}},          // channel multiplier 2
      {{1, 12, 6, 6}, {6, 4, 3, 3}, 3, {}, {2, 2}, {2, 1, 0, 2}},     // grouped, dilated
      {{2, 5, 40}, {7, 5, 5}, 1, {3}, {}, {2, 2}},                    // 1-D
      {{1, 3, 4, 4}, {2, 3, 5, 5}, 1, {}, {}, {2, 2, 2, 2}},          // wider than the image
      {{1, 64, 14, 14}, {70, 64, 3, 3}, 1, {}, {}, {1, 1, 1, 1}},     // K 576, odd N
      {{1, 3, 20, 20}, {8, 3, 7, 7}, 1, {2, 2}, {}, {3, 3, 3, 3}},    // a stem
      {{1, 24, 8, 8}, {24, 24, 1, 1}, 1, {2, 2}, {}, {}},             // strided 1x1
      {{1, 6, 1, 19}, {4, 6, 1, 3}, 1, {}, {}, {0, 1, 0, 1}}};        // one row
  return shapes;
}

TEST(CpuConvInteger, MatchesReferenceBitForBit) {
  uint32_t seed = 4100;
  for (const CiConv& c : CiShapes())
    for (DataType xt : {DataType::kUint8, DataType::kInt8})
      for (DataType wt : {DataType::kUint8, DataType::kInt8})
        for (int zk = 0; zk < 3; ++zk)
          for (bool constant_w : {true, false}) {
            std::vector<CiInput> in = {{"x", CiInts(xt, c.x, seed), false},
                                       {"w", CiInts(wt, c.w, seed + 1), constant_w}};
            if (zk > 0) {
              in.push_back({"x_zp", CiZeros(xt, 1, 1, seed + 2), false});
              in.push_back({"w_zp", CiZeros(wt, zk, c.w[0], seed + 3), constant_w});
            }
            seed += 4;
            for (int threads : {1, 2}) {
              if (threads == 2 && !constant_w) continue;
              SCOPED_TRACE(CiName(c) + " types " + std::string(ir::DataTypeName(xt)) + "/" +
                           std::string(ir::DataTypeName(wt)) + " zp " + std::to_string(zk) +
                           " constant W " + std::to_string(constant_w) + " threads " +
                           std::to_string(threads));
              CiRan r = CiRunBoth("ConvInteger", "", c, in, threads);
              EXPECT_EQ(r.provider, "cpu");
              EXPECT_EQ(CountDiffering<int32_t>(r.cpu, r.reference), 0);
            }
          }
}

// QLinearConv's inputs for `c`: scales that spread the results over y's whole range (and
// saturate some), w_scale / w_zero_point per tensor or per output channel, an optional bias.
std::vector<CiInput> CiQLinearInputs(const CiConv& c, const std::vector<int64_t>& x_dims,
                                     DataType xt, DataType wt, DataType yt, bool per_channel,
                                     bool bias, uint32_t seed) {
  const int64_t m = c.w[0];
  int64_t k = 1;
  for (size_t i = 1; i < c.w.size(); ++i) k *= c.w[i];
  std::vector<float> ws(per_channel ? size_t(m) : 1);
  for (size_t i = 0; i < ws.size(); ++i) ws[i] = 0.004f + 0.0009f * float(i % 7);
  const float x_scale = 0.02f;
  const float y_scale = x_scale * 0.006f * std::sqrt(float(k)) * 74.f * 74.f / 50.f;
  const auto sdims = per_channel ? std::vector<int64_t>{m} : std::vector<int64_t>{};
  std::vector<CiInput> in = {
      {"x", CiInts(xt, x_dims, seed), false},
      {"x_scale", Tensor::FromVector<float>(DataType::kFloat, {}, {x_scale}), true},
      {"x_zp", CiZeros(xt, 1, 1, seed + 1), true},
      {"w", CiInts(wt, c.w, seed + 2), true},
      {"w_scale", Tensor::FromVector<float>(DataType::kFloat, sdims, ws), true},
      {"w_zp", CiZeros(wt, per_channel ? 2 : 1, m, seed + 3), true},
      {"y_scale", Tensor::FromVector<float>(DataType::kFloat, {}, {y_scale}), true},
      {"y_zp", CiZeros(yt, 1, 1, seed + 4), true}};
  if (bias) in.push_back({"bias", RandomInts<int32_t>(DataType::kInt32, {m}, -5000, 5000, seed)});
  return in;
}

void CiExpectSame(const CiRan& r, DataType yt) {
  EXPECT_EQ(r.provider, "cpu");
  if (yt == DataType::kInt8)
    EXPECT_EQ(CountDiffering<int8_t>(r.cpu, r.reference), 0);
  else
    EXPECT_EQ(CountDiffering<uint8_t>(r.cpu, r.reference), 0);
}

TEST(CpuQLinearConv, MatchesReferenceBitForBit) {
  uint32_t seed = 4300;
  for (const CiConv& c : CiShapes())
    for (DataType xt : {DataType::kUint8, DataType::kInt8})
      for (DataType wt : {DataType::kUint8, DataType::kInt8})
        for (bool per_channel : {false, true}) {
          const DataType yt = seed % 2 ? DataType::kInt8 : DataType::kUint8;
          const bool bias = (seed / 5) % 2 == 0;
          auto in = CiQLinearInputs(c, c.x, xt, wt, yt, per_channel, bias, seed);
          seed += 5;
          for (int threads : {1, 2}) {
            SCOPED_TRACE(CiName(c) + " types " + std::string(ir::DataTypeName(xt)) + "/" +
                         std::string(ir::DataTypeName(wt)) + " -> " +
                         std::string(ir::DataTypeName(yt)) + " per channel " +
                         std::to_string(per_channel) + " bias " + std::to_string(bias) +
                         " threads " + std::to_string(threads));
            CiExpectSame(CiRunBoth("QLinearConv", "", c, in, threads), yt);
          }
        }
}

TEST(CpuQLinearConv, ChannelsLastInputAndOutputMatchTheReference) {
  // com.onnxlens QLinearConv (the qlinear-nhwc pass): x and / or y NHWC.
  uint32_t seed = 4500;
  for (const CiConv& c : CiShapes()) {
    if (c.x.size() != 4) continue;
    for (int x_last : {0, 1})
      for (int y_last : {0, 1}) {
        const std::vector<int64_t> xd =
            x_last ? std::vector<int64_t>{c.x[0], c.x[2], c.x[3], c.x[1]} : c.x;
        const DataType yt = seed % 2 ? DataType::kInt8 : DataType::kUint8;
        auto in = CiQLinearInputs(c, xd, DataType::kUint8, DataType::kInt8, yt, true, true, seed);
        seed += 5;
        SCOPED_TRACE(CiName(c) + " x_channels_last " + std::to_string(x_last) +
                     " y_channels_last " + std::to_string(y_last));
        CiExpectSame(CiRunBoth("QLinearConv", "com.onnxlens", c, in, 2,
                               {{"x_channels_last", x_last}, {"y_channels_last", y_last}}),
                     yt);
      }
  }
}

TEST(CpuQLinearConv, FullRangeWeightsNeverRunOnTheReferenceProvider) {
  // What the static quantizer writes: u8 x, per-channel s8 W over [-127, 127]. With dnnl first,
  // dnnl takes it where its sums are exact (VNNI), else the cpu kernel; never the reference.
  const CiConv c = {{1, 16, 8, 8}, {32, 16, 3, 3}, 1, {}, {}, {1, 1, 1, 1}};
  auto in =
      CiQLinearInputs(c, c.x, DataType::kUint8, DataType::kInt8, DataType::kUint8, true, true, 7);
  std::map<std::string, runtime::RtValue> feeds;
  auto model = CiModel("QLinearConv", "", c, in, {}, &feeds);
  for (auto providers : {std::vector<std::string>{"dnnl", "cpu", "reference"},
                         std::vector<std::string>{"cpu", "reference"}}) {
    runtime::SessionOptions o;
    o.providers = providers;
    auto s = runtime::Session::Create(model, o);
    ASSERT_TRUE(s.ok()) << s.status().message();
    const std::string where = (*s)->partition().nodes[0].provider;
    EXPECT_NE(where, "reference");
    if (providers[0] == "cpu") {
      EXPECT_EQ(where, "cpu");
    }
    auto r = (*s)->Run(feeds);
    EXPECT_TRUE(r.ok()) << r.status().message();
  }
}

TEST(CpuConvInteger, ThreeDimensionalConvolutionsStayOnTheReference) {
  // Rank 5 (3-D) is declined at creation, with the reason.
  const CiConv c = {{1, 2, 3, 4, 4}, {3, 2, 2, 2, 2}, 1, {}, {}, {}};
  std::map<std::string, runtime::RtValue> feeds;
  auto model = CiModel("ConvInteger", "", c,
                       {{"x", CiInts(DataType::kUint8, c.x, 1), false},
                        {"w", CiInts(DataType::kUint8, c.w, 2), true}},
                       {}, &feeds);
  runtime::SessionOptions o;
  o.providers = {"cpu", "reference"};
  auto s = runtime::Session::Create(model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ((*s)->partition().nodes[0].provider, "reference");
  std::string why;
  for (const auto& d : (*s)->partition().nodes[0].declined) why += d.sentence;
  EXPECT_NE(why.find("rank 3 or 4"), std::string::npos) << why;
  EXPECT_TRUE((*s)->Run(feeds).ok());
}

TEST(ReferenceConvInteger, PerChannelWeightZeroPointsAreEachChannelsOwn) {
  // x = 1 everywhere, W = 10 everywhere, 1x1: y[m] = C * (1 - 0) * (10 - w_zp[m]).
  const CiConv c = {{1, 3, 2, 2}, {2, 3, 1, 1}, 1, {}, {}, {}};
  std::map<std::string, runtime::RtValue> feeds;
  auto model = CiModel(
      "ConvInteger", "", c,
      {{"x", Tensor::FromVector<uint8_t>(DataType::kUint8, c.x, std::vector<uint8_t>(12, 1)),
        false},
       {"w", Tensor::FromVector<uint8_t>(DataType::kUint8, c.w, std::vector<uint8_t>(6, 10))},
       {"x_zp", Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {0})},
       {"w_zp", Tensor::FromVector<uint8_t>(DataType::kUint8, {2}, {4, 7})}},
      {}, &feeds);
  for (const char* provider : {"reference", "cpu"}) {
    SCOPED_TRACE(provider);
    runtime::SessionOptions o;
    o.providers = {provider};
    auto s = runtime::Session::Create(model, o);
    ASSERT_TRUE(s.ok()) << s.status().message();
    auto r = (*s)->Run(feeds);
    ASSERT_TRUE(r.ok()) << r.status().message();
    const Tensor& y = (*r)[0].second.tensor;
    ASSERT_EQ(y.numel(), 8);
    for (int64_t i = 0; i < 4; ++i) {
      EXPECT_EQ(y.data<int32_t>()[i], 18);
      EXPECT_EQ(y.data<int32_t>()[4 + i], 9);
    }
  }
}

TEST(ReferenceConvInteger, AWrongCountOfZeroPointsIsAnError) {
  const CiConv c = {{1, 3, 2, 2}, {2, 3, 1, 1}, 1, {}, {}, {}};
  std::map<std::string, runtime::RtValue> feeds;
  auto model = CiModel("ConvInteger", "", c,
                       {{"x", CiInts(DataType::kUint8, c.x, 1), false},
                        {"w", CiInts(DataType::kUint8, c.w, 2)},
                        {"x_zp", Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {0})},
                        {"w_zp", Tensor::FromVector<uint8_t>(DataType::kUint8, {3}, {1, 2, 3})}},
                       {}, &feeds);
  runtime::SessionOptions o;
  o.providers = {"cpu", "reference"};
  auto s = runtime::Session::Create(model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  auto r = (*s)->Run(feeds);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("w_zero_point has 3 values, needs 1 or 2"), std::string::npos)
      << r.status().message();
}

}  // namespace
}  // namespace onnxlens::testing
