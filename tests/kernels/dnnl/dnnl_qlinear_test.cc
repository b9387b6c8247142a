// The dnnl QLinearConv and QLinearMatMul kernels against the reference kernels: u8 / s8
// activations with zero points, per-tensor and per-channel weight scales, int32 bias, strides,
// pads, groups and depthwise; outputs within one quantization step (the requantization rounds
// a float product in oneDNN, a double in the reference), nearly all of them equal; the trace
// shows the dnnl kernel ran. And the declines: u8 weights, a weight zero point, computed scales.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/random_tensors.h"
#include "runtime/session.h"

namespace onnxlens::testing {
namespace {

using ir::Attribute;
using ir::DataType;
using ir::Tensor;

Tensor Floats(std::vector<float> v) {
  return Tensor::FromVector<float>(
      DataType::kFloat,
      v.size() == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{int64_t(v.size())}, v);
}
Tensor ZeroPoint(DataType t, int z) {
  if (t == DataType::kInt8) return Tensor::FromVector<int8_t>(t, {}, {static_cast<int8_t>(z)});
  return Tensor::FromVector<uint8_t>(t, {}, {static_cast<uint8_t>(z)});
}

struct QCase {
  std::string op;  // QLinearConv or QLinearMatMul
  std::vector<int64_t> x, w;
  DataType xt = DataType::kUint8, yt = DataType::kUint8;
  int xz = 0, yz = 0;
  bool per_channel = false, bias = false;
  std::vector<Attribute> attrs;
  Tensor w_override;  ///< W and its zero point as given (declines)
  Tensor wz_override;
};

QCase Q(std::string op, std::vector<int64_t> x, std::vector<int64_t> w, DataType xt, DataType yt,
        int xz, int yz, bool per_channel, bool bias, std::vector<Attribute> attrs) {
  QCase c;
  c.op = std::move(op);
  c.x = std::move(x);
  c.w = std::move(w);
  c.xt = xt;
  c.yt = yt;
  c.xz = xz;
  c.yz = yz;
  c.per_channel = per_channel;
  c.bias = bias;
  c.attrs = std::move(attrs);
  return c;
}

struct Outcome {
  std::string provider;  ///< the provider the node was placed on
  std::string decline;   ///< dnnl's sentence when it declined
  /// Where it should run: dnnl, unless the CPU (or ONNXLENS_MAX_ISA) has no VNNI and W has values
  /// beyond +-64 or a convolution's x is int8 (oneDNN's sums would not be exact there).
  std::string want = "dnnl";
};

void ExpectPlaced(const Outcome& o) { EXPECT_EQ(o.provider, o.want) << o.decline; }

// Runs `c` on dnnl and reference; returns where it ran; compares when dnnl ran it.
Outcome RunQLinearBoth(QCase c, uint32_t seed) {
  SCOPED_TRACE(c.op + " seed " + std::to_string(seed));
  auto model = std::make_shared<ir::Model>();
  model->opset_imports.push_back({"", 17});
  model->graph = std::make_unique<ir::Graph>("test");
  ir::Graph& g = *model->graph;
  ir::Node* node = g.AddNode(c.op, "", "q");
  const bool conv = c.op == "QLinearConv";
  const int64_t channels = conv ? c.w[0] : c.w.back();
  std::vector<float> ws(c.per_channel ? size_t(channels) : 1);
  for (size_t i = 0; i < ws.size(); ++i) ws[i] = 0.002f + 0.0005f * float(i % 7);
  Tensor w = c.w_override.empty_type()
                 ? RandomInts<int8_t>(DataType::kInt8, c.w, -127, 127, seed + 1)
                 : c.w_override;
  Tensor wz = c.wz_override.empty_type()
                  ? Tensor::FromVector<int8_t>(
                        DataType::kInt8,
                        ws.size() == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{channels},
                        std::vector<int8_t>(ws.size(), 0))
                  : c.wz_override;
  int64_t k = 1;
  for (size_t i = conv ? 1 : 0; i < (conv ? c.w.size() : 1); ++i) k *= c.w[i];
  // y_scale near the accumulation's spread, so outputs span the range without all saturating.
  const float xs = 0.02f, ys = xs * 0.003f * 127.f * 40.f * std::sqrt(float(k)) / 60.f;
  std::vector<Tensor> params = {Floats({xs}), ZeroPoint(c.xt, c.xz), w, Floats(ws), wz,
                                Floats({ys}), ZeroPoint(c.yt, c.yz)};
  ir::Value* x = g.CreateValue("x");
  x->set_type(ir::TypeInfo::Tensor(c.xt, ir::DimsFromSizes(c.x)));
  g.AddInput(x);
  node->AddInput(x);
  for (size_t i = 0; i < params.size(); ++i) {
    ir::Value* v = g.CreateValue("p" + std::to_string(i + 1));
    v->set_type(ir::TypeInfo::Tensor(params[i].dtype(), ir::DimsFromSizes(params[i].dims())));
    g.SetInitializer(v, params[i]);
    node->AddInput(v);
  }
  if (c.bias) {
    ir::Value* v = g.CreateValue("B");
    Tensor b = RandomInts<int32_t>(DataType::kInt32, {channels}, -20000, 20000, seed + 2);
    v->set_type(ir::TypeInfo::Tensor(DataType::kInt32, ir::DimsFromSizes({channels})));
    g.SetInitializer(v, b);
    node->AddInput(v);
  }
  for (auto& a : c.attrs) node->SetAttribute(std::move(a));
  ir::Value* out = g.CreateValue("y");
  node->AddOutput(out);
  g.AddOutput(out);

  runtime::SessionOptions dnnl, ref;
  dnnl.providers = {"dnnl", "reference"};
  dnnl.intra_op_threads = 2;
  dnnl.enable_profiling = true;
  ref.providers = {"reference"};
  auto sd = runtime::Session::Create(model, dnnl);
  auto sr = runtime::Session::Create(model, ref);
  EXPECT_TRUE(sd.ok()) << sd.status().message();
  EXPECT_TRUE(sr.ok()) << sr.status().message();
  if (!sd.ok() || !sr.ok()) return {};
  const auto& placed = (*sd)->partition().nodes[0];
  Outcome o{placed.provider, {}};
  bool fits = true;
  for (int64_t i = 0; i < w.numel() && w.dtype() == DataType::kInt8; ++i)
    fits = fits && std::abs(int{w.data<int8_t>()[i]}) <= 64;
  if (!kernels::dnnl_ep::Int8PairsExact() && (!fits || (conv && c.xt == DataType::kInt8)))
    o.want = "reference";
  for (const auto& d : placed.declined) o.decline += d.sentence;
  const int lo = c.xt == DataType::kInt8 ? -128 : 0;
  std::map<std::string, runtime::RtValue> feeds;
  Tensor xv = c.xt == DataType::kInt8 ? RandomInts<int8_t>(c.xt, c.x, lo, lo + 255, seed)
                                      : RandomInts<uint8_t>(c.xt, c.x, lo, lo + 255, seed);
  feeds["x"] = runtime::RtValue::FromTensor(xv);
  auto rd = (*sd)->Run(feeds);
  auto rr = (*sr)->Run(feeds);
  EXPECT_TRUE(rd.ok()) << rd.status().message();
  EXPECT_TRUE(rr.ok()) << rr.status().message();
  if (!rd.ok() || !rr.ok()) return o;
  if (o.provider == "dnnl") {
    for (const auto& e : (*sd)->profiler()->Events()) {
      if (e.cat == "Node" && !e.Arg("provider").empty()) {
        EXPECT_EQ(e.Arg("provider"), "dnnl") << "the dnnl kernel declined at run time";
      }
    }
  }
  const Tensor& a = (*rd)[0].second.tensor;
  const Tensor& b = (*rr)[0].second.tensor;
  EXPECT_EQ(a.dtype(), c.yt);
  EXPECT_EQ(a.dims(), b.dims());
  if (a.dims() != b.dims() || a.dtype() != b.dtype()) return o;
  int64_t off = 0, worst = 0, saturated = 0;
  const int ymin = c.yt == DataType::kInt8 ? -128 : 0;
  for (int64_t i = 0; i < a.numel(); ++i) {
    const int va = c.yt == DataType::kInt8 ? a.data<int8_t>()[i] : a.data<uint8_t>()[i];
    const int vb = c.yt == DataType::kInt8 ? b.data<int8_t>()[i] : b.data<uint8_t>()[i];
    off += va != vb;
    worst = std::max<int64_t>(worst, std::abs(va - vb));
    saturated += vb == ymin || vb == ymin + 255;
  }
  EXPECT_LE(worst, 1) << "beyond one quantization step";
  EXPECT_LE(off * 100, a.numel()) << off << " of " << a.numel() << " differ by a step";
  EXPECT_LT(saturated * 2, a.numel()) << "the case saturates: it tests little";
  return o;
}

std::vector<Attribute> QConvAttrs(std::vector<int64_t> pads, std::vector<int64_t> strides,
                                  int64_t group = 1) {
  std::vector<Attribute> a;
  a.push_back(Attribute::Ints("pads", pads));
  a.push_back(Attribute::Ints("strides", strides));
  a.push_back(Attribute::Int("group", group));
  return a;
}

TEST(DnnlQLinearConv, MatchesReference) {
  uint32_t seed = 7000;
  for (DataType xt : {DataType::kUint8, DataType::kInt8})
    for (DataType yt : {DataType::kUint8, DataType::kInt8})
      for (bool per_channel : {false, true})
        for (bool bias : {false, true}) {
          const int xz = xt == DataType::kUint8 ? 131 : -7, yz = yt == DataType::kUint8 ? 120 : 3;
          QCase c = Q("QLinearConv", {1, 13, 9, 11}, {16, 13, 3, 3}, xt, yt, xz, yz, per_channel,
                      bias, QConvAttrs({1, 1, 1, 1}, {1, 1}));
          ExpectPlaced(RunQLinearBoth(std::move(c), seed++));
        }
  // Strided, asymmetric pads, no x zero point; grouped; depthwise; 1-D.
  QCase strided = Q("QLinearConv", {2, 8, 15, 15}, {13, 8, 3, 3}, DataType::kUint8,
                    DataType::kUint8, 0, 128, true, true, QConvAttrs({0, 1, 1, 0}, {2, 2}));
  ExpectPlaced(RunQLinearBoth(std::move(strided), seed++));
  QCase grouped = Q("QLinearConv", {1, 16, 10, 10}, {32, 4, 3, 3}, DataType::kUint8,
                    DataType::kUint8, 128, 128, true, true, QConvAttrs({1, 1, 1, 1}, {1, 1}, 4));
  ExpectPlaced(RunQLinearBoth(std::move(grouped), seed++));
  QCase depthwise = Q("QLinearConv", {1, 32, 14, 14}, {32, 1, 3, 3}, DataType::kUint8,
                      DataType::kUint8, 128, 100, true, true, QConvAttrs({1, 1, 1, 1}, {2, 2}, 32));
  ExpectPlaced(RunQLinearBoth(std::move(depthwise), seed++));
  QCase one_d = Q("QLinearConv", {1, 8, 127}, {5, 8, 5}, DataType::kUint8, DataType::kUint8, 10,
                  128, false, true, QConvAttrs({2, 2}, {1}));
  ExpectPlaced(RunQLinearBoth(std::move(one_d), seed++));
}

TEST(DnnlQLinearConv, DeclinesUint8WeightsAndWeightZeroPoints) {
  QCase u8w = Q("QLinearConv", {1, 4, 6, 6}, {4, 4, 3, 3}, DataType::kUint8, DataType::kUint8, 128,
                128, false, false, QConvAttrs({1, 1, 1, 1}, {1, 1}));
  u8w.w_override = RandomInts<uint8_t>(DataType::kUint8, {4, 4, 3, 3}, 0, 255, 1);
  u8w.wz_override = ZeroPoint(DataType::kUint8, 128);
  const Outcome a = RunQLinearBoth(std::move(u8w), 7100);
  EXPECT_EQ(a.provider, "reference");
  EXPECT_NE(a.decline.find("int8 weights"), std::string::npos) << a.decline;
  QCase shifted = Q("QLinearConv", {1, 4, 6, 6}, {4, 4, 3, 3}, DataType::kUint8, DataType::kUint8,
                    128, 128, false, false, QConvAttrs({1, 1, 1, 1}, {1, 1}));
  shifted.wz_override = ZeroPoint(DataType::kInt8, 3);
  const Outcome b = RunQLinearBoth(std::move(shifted), 7101);
  EXPECT_EQ(b.provider, "reference");
  EXPECT_NE(b.decline.find("w_zero_point 0"), std::string::npos) << b.decline;
}

TEST(DnnlQLinearMatMul, MatchesReference) {
  uint32_t seed = 7200;
  for (const auto& [a, b] : std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>>{
           {{13, 127}, {127, 13}}, {{2, 7, 64}, {64, 127}}, {{1, 1}, {1, 5}}})
    for (DataType xt : {DataType::kUint8, DataType::kInt8})
      for (bool per_column : {false, true}) {
        QCase c = Q("QLinearMatMul", a, b, xt, DataType::kUint8, xt == DataType::kUint8 ? 128 : 0,
                    128, per_column, false, {});
        ExpectPlaced(RunQLinearBoth(std::move(c), seed++));
      }
}

// Weights within +-64 (what reduced-range quantization makes) and uint8 activations run on dnnl
// under every instruction-set cap, AVX2 without VNNI included (vpmaddubsw cannot saturate there),
// within a step of the reference; full-range weights there go to the reference kernel, saying why.
TEST(DnnlQLinear, ReducedRangeWeightsRunOnDnnlWithoutVnniAndFullRangeOnesDecline) {
  uint32_t seed = 7300;
  for (const bool conv : {true, false}) {
    auto make = [conv] {
      return conv ? Q("QLinearConv", {1, 13, 9, 11}, {16, 13, 3, 3}, DataType::kUint8,
                      DataType::kUint8, 131, 120, true, true, QConvAttrs({1, 1, 1, 1}, {1, 1}))
                  : Q("QLinearMatMul", {13, 127}, {127, 13}, DataType::kUint8, DataType::kInt8, 128,
                      3, true, false, {});
    };
    QCase c = make(), full = make();
    c.w_override = RandomInts<int8_t>(DataType::kInt8, c.w, -64, 64, seed);
    const Outcome reduced = RunQLinearBoth(std::move(c), seed++);
    EXPECT_EQ(reduced.provider, "dnnl") << reduced.decline;
    full.w_override = RandomInts<int8_t>(DataType::kInt8, full.w, -127, 127, seed);
    const Outcome wide = RunQLinearBoth(std::move(full), seed++);
    ExpectPlaced(wide);
    if (!kernels::dnnl_ep::Int8PairsExact()) {
      EXPECT_NE(wide.decline.find("beyond +-64"), std::string::npos) << wide.decline;
    }
  }
}

// ONNX Runtime's requantization: round(float(acc) * (x_scale * w_scale / y_scale)) half to even,
// then + y_zero_point. With a multiplier of 0.5 every odd accumulator is a tie, and with an odd
// zero point rounding after adding it (oneDNN's order without the round post-op) gives the other
// neighbour at each tie. A QLinearMatMul [M, K] x [K, N] and the same product as a 1x1 QLinearConv.
TEST(DnnlQLinear, RoundsBeforeAddingTheOutputZeroPoint) {
  const int64_t m = 24, k = 32, n = 16;
  const int xz = 131, yz = 127;
  const Tensor a = RandomInts<uint8_t>(DataType::kUint8, {m, k}, 100, 160, 1);
  const Tensor b = RandomInts<int8_t>(DataType::kInt8, {k, n}, -9, 9, 2);
  std::vector<int8_t> wt(static_cast<size_t>(n * k));   // b as [N, K, 1, 1]
  std::vector<uint8_t> xt(static_cast<size_t>(k * m));  // a as [1, K, M, 1]
  for (int64_t i = 0; i < k; ++i) {
    for (int64_t j = 0; j < n; ++j) wt[j * k + i] = b.data<int8_t>()[i * n + j];
    for (int64_t r = 0; r < m; ++r) xt[i * m + r] = a.data<uint8_t>()[r * k + i];
  }
  int ties = 0;
  std::vector<uint8_t> want(static_cast<size_t>(m * n));
  for (int64_t r = 0; r < m; ++r)
    for (int64_t j = 0; j < n; ++j) {
      int32_t acc = 0;
      for (int64_t i = 0; i < k; ++i)
        acc += (a.data<uint8_t>()[r * k + i] - xz) * b.data<int8_t>()[i * n + j];
      ties += acc % 2 != 0;
      const float v = std::nearbyint(static_cast<float>(acc) * 0.5f) + yz;
      want[r * n + j] = static_cast<uint8_t>(std::min(255.f, std::max(0.f, v)));
    }
  ASSERT_GT(ties, 50);
  for (const bool conv : {false, true}) {
    SCOPED_TRACE(conv ? "QLinearConv" : "QLinearMatMul");
    auto model = std::make_shared<ir::Model>();
    model->opset_imports.push_back({"", 17});
    model->graph = std::make_unique<ir::Graph>("test");
    ir::Graph& g = *model->graph;
    ir::Node* node = g.AddNode(conv ? "QLinearConv" : "QLinearMatMul", "", "q");
    ir::Value* x = g.CreateValue("x");
    const std::vector<int64_t> xdims =
        conv ? std::vector<int64_t>{1, k, m, 1} : std::vector<int64_t>{m, k};
    x->set_type(ir::TypeInfo::Tensor(DataType::kUint8, ir::DimsFromSizes(xdims)));
    g.AddInput(x);
    node->AddInput(x);
    const Tensor w = conv ? Tensor::FromVector<int8_t>(DataType::kInt8, {n, k, 1, 1}, wt) : b;
    // 0.5 * 0.5 / 0.5: the multiplier is exactly 0.5.
    for (const Tensor& p :
         {Floats({0.5f}), ZeroPoint(DataType::kUint8, xz), w, Floats({0.5f}),
          ZeroPoint(DataType::kInt8, 0), Floats({0.5f}), ZeroPoint(DataType::kUint8, yz)}) {
      ir::Value* v = g.CreateValue("p" + std::to_string(node->inputs().size()));
      v->set_type(ir::TypeInfo::Tensor(p.dtype(), ir::DimsFromSizes(p.dims())));
      g.SetInitializer(v, p);
      node->AddInput(v);
    }
    ir::Value* y = g.CreateValue("y");
    node->AddOutput(y);
    g.AddOutput(y);
    runtime::SessionOptions o;
    o.providers = {"dnnl", "reference"};
    auto s = runtime::Session::Create(model, o);
    ASSERT_TRUE(s.ok()) << s.status().message();
    ASSERT_EQ((*s)->partition().nodes[0].provider, "dnnl");
    const Tensor in = conv ? Tensor::FromVector<uint8_t>(DataType::kUint8, xdims, xt) : a;
    auto r = (*s)->Run({{"x", kernels::RtValue::FromTensor(in)}});
    ASSERT_TRUE(r.ok()) << r.status().message();
    const Tensor& got = (*r)[0].second.tensor;
    ASSERT_EQ(got.numel(), m * n);
    int off = 0;
    for (int64_t r2 = 0; r2 < m; ++r2)
      for (int64_t j = 0; j < n; ++j) {
        // QLinearConv's y is [1, N, M, 1]; QLinearMatMul's [M, N].
        const uint8_t v = got.data<uint8_t>()[conv ? j * m + r2 : r2 * n + j];
        off += v != want[r2 * n + j];
      }
    EXPECT_EQ(off, 0) << off << " of " << m * n << " differ";
  }
}

}  // namespace
}  // namespace onnxlens::testing
