// The dnnl MatMulInteger and com.microsoft DynamicQuantizeMatMul kernels against the reference
// kernels, on odd shapes (1, 13, 127 rows; K 1, 13, 128, 300; N 1, 13, 64): u8 and s8 A, A's zero
// point a run-time scalar (as DynamicQuantizeLinear makes it), constant s8 B with zero points 0
// or absent, b_scale per tensor or per column, with and without a bias. The trace shows the dnnl
// kernel ran. Full-range weights run on dnnl where the CPU has VNNI (exact 32-bit sums), else on
// the reference kernel; reduced-range weights (+-64) run on dnnl everywhere (ConvInteger: with
// uint8 x; int8 x without VNNI runs on the reference kernel). Under ONNXLENS_MAX_ISA=avx2 (ctest's
// *_avx2 runs) an AVX-512 VNNI host takes the paths of an AVX2-only one. And the declines: u8
// B, a B zero point that is not 0, a computed B, an empty B. The dnnl ConvInteger kernel likewise
// (1-D to 3-D, grouped, depthwise, strided, dilated, padded; x's zero point at run time), bit for
// bit, and its declines.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>

#include "kernels/cpu/int8_vs_reference.h"
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/random_tensors.h"
#include "runtime/session.h"

namespace onnxlens::testing {
namespace {

using ir::DataType;
using ir::Tensor;

Tensor RandomFloats(std::vector<int64_t> dims, uint32_t seed) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  std::mt19937 rng(seed);
  std::normal_distribution<float> u(0.2f, 1.5f);
  std::vector<float> v(static_cast<size_t>(n));
  for (auto& x : v) x = u(rng);
  return Tensor::FromVector<float>(DataType::kFloat, dims, v);
}

using Input = Int8Input;

struct Ran {
  std::string provider;
  std::string declined;
  Tensor dnnl, reference;
};

// One node `op` over `inputs` (absent ones as empty names) run on dnnl and on the reference.
Ran RunBoth(const std::string& op, const std::string& domain, const std::vector<Input>& inputs,
            const std::function<void(ir::Node*)>& set_attributes = {}) {
  std::map<std::string, runtime::RtValue> feeds;
  auto model = Int8NodeModel(op, domain, inputs, {}, &feeds);
  if (set_attributes) set_attributes(model->graph->nodes()[0]);
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
  Ran r;
  r.provider = (*sd)->partition().nodes[0].provider;
  for (const auto& d : (*sd)->partition().nodes[0].declined) r.declined += d.sentence;
  auto rd = (*sd)->Run(feeds);
  auto rr = (*sr)->Run(feeds);
  EXPECT_TRUE(rd.ok()) << rd.status().message();
  EXPECT_TRUE(rr.ok()) << rr.status().message();
  if (!rd.ok() || !rr.ok()) return r;
  if (r.provider == "dnnl") {
    for (const auto& e : (*sd)->profiler()->Events())
      if (e.cat == "Node" && !e.Arg("provider").empty()) {
        EXPECT_EQ(e.Arg("provider"), "dnnl") << "the dnnl kernel declined at run time";
      }
  }
  r.dnnl = (*rd)[0].second.tensor;
  r.reference = (*rr)[0].second.tensor;
  EXPECT_EQ(r.dnnl.dims(), r.reference.dims());
  EXPECT_EQ(r.dnnl.dtype(), r.reference.dtype());
  return r;
}

// Where a node with int8 weights `w` should run: dnnl, unless the CPU (or ONNXLENS_MAX_ISA) has no
// VNNI and `w` has values beyond +-64 (vpmaddubsw could saturate) or a convolution's x is int8
// (oneDNN halves the weights then): there the reference kernel.
std::string Where(const Tensor& w, bool int8_conv_input) {
  if (kernels::dnnl_ep::Int8PairsExact()) return "dnnl";
  for (int64_t i = 0; i < w.numel(); ++i)
    if (std::abs(int{w.data<int8_t>()[i]}) > 64) return "reference";
  return int8_conv_input ? "reference" : "dnnl";
}

Tensor ScalarZeroPoint(DataType t, int z) {
  if (t == DataType::kInt8) return Tensor::FromVector<int8_t>(t, {}, {static_cast<int8_t>(z)});
  return Tensor::FromVector<uint8_t>(t, {}, {static_cast<uint8_t>(z)});
}

TEST(DnnlMatMulInteger, MatchesReferenceOnOddShapes) {
  uint32_t seed = 900;
  struct Shape {
    std::vector<int64_t> a;
    int64_t n;
  };
  const std::vector<Shape> shapes = {
      {{1, 1}, 1}, {{13, 13}, 13}, {{127, 128}, 64}, {{2, 7, 300}, 13}, {{1, 128, 128}, 64}};
  for (const Shape& s : shapes)
    for (DataType at : {DataType::kUint8, DataType::kInt8})
      for (int mode = 0; mode < 3; ++mode) {  // no zero points, A's at run time, both given
        SCOPED_TRACE("A " + std::to_string(s.a.back()) + " mode " + std::to_string(mode));
        const int lo = at == DataType::kInt8 ? -128 : 0;
        Tensor a = at == DataType::kInt8 ? RandomInts<int8_t>(at, s.a, lo, lo + 255, seed)
                                         : RandomInts<uint8_t>(at, s.a, lo, lo + 255, seed);
        // Weights as the dynamic quantizer makes them (symmetric, |w| <= 127), or reduced range.
        const bool reduced = (seed % 2) == 1;
        const int wmax = reduced ? 64 : 127;
        Tensor b = RandomInts<int8_t>(DataType::kInt8, {s.a.back(), s.n}, -wmax, wmax, seed + 1);
        std::vector<Input> in = {{"A", a, false}, {"B", b, true}};
        if (mode >= 1) in.push_back({"a_zp", ScalarZeroPoint(at, lo + 117), false});
        if (mode == 2)
          in.push_back({"b_zp", RandomInts<int8_t>(DataType::kInt8, {s.n}, 0, 0, 0), true});
        Ran r = RunBoth("MatMulInteger", "", in);
        ++seed;
        EXPECT_EQ(r.provider, Where(in[1].value, false)) << r.declined;
        if (r.dnnl.numel() != r.reference.numel()) continue;
        int64_t off = 0;
        for (int64_t i = 0; i < r.dnnl.numel(); ++i)
          off += r.dnnl.data<int32_t>()[i] != r.reference.data<int32_t>()[i];
        EXPECT_EQ(off, 0) << off << " of " << r.dnnl.numel() << " int32 products differ";
      }
}

TEST(DnnlDynamicQuantizeMatMul, MatchesReferenceOnOddShapes) {
  uint32_t seed = 1900;
  struct Shape {
    std::vector<int64_t> a;
    int64_t n;
  };
  const std::vector<Shape> shapes = {
      {{1, 1}, 1}, {{13, 13}, 13}, {{127, 128}, 64}, {{2, 7, 300}, 13}, {{1, 128, 512}, 128}};
  for (const Shape& s : shapes)
    for (bool per_column : {false, true})
      for (bool bias : {false, true}) {
        const int64_t k = s.a.back();
        std::vector<float> scales(per_column ? size_t(s.n) : 1);
        for (size_t i = 0; i < scales.size(); ++i) scales[i] = 0.01f + 0.001f * float(i % 5);
        const bool reduced = (seed % 2) == 1;
        const int wmax = reduced ? 64 : 127;
        std::vector<Input> in = {
            {"A", RandomFloats(s.a, seed), false},
            {"B", RandomInts<int8_t>(DataType::kInt8, {k, s.n}, -wmax, wmax, seed + 1), true},
            {"b_scale",
             Tensor::FromVector<float>(
                 DataType::kFloat, per_column ? std::vector<int64_t>{s.n} : std::vector<int64_t>{},
                 scales),
             true},
            {"", {}, true}};
        if (bias) in.push_back({"bias", RandomFloats({s.n}, seed + 2), true});
        Ran r = RunBoth("DynamicQuantizeMatMul", "com.microsoft", in);
        ++seed;
        EXPECT_EQ(r.provider, Where(in[1].value, false)) << r.declined;
        if (r.dnnl.numel() != r.reference.numel()) continue;
        // The same int32 products and the same float arithmetic after them.
        for (int64_t i = 0; i < r.dnnl.numel(); ++i)
          ASSERT_EQ(r.dnnl.data<float>()[i], r.reference.data<float>()[i]) << "element " << i;
      }
}

TEST(DnnlMatMulInteger, DeclinesWhatOneDnnCannotRunWithASentence) {
  const Tensor a = RandomInts<uint8_t>(DataType::kUint8, {4, 8}, 0, 255, 1);
  // u8 B.
  Ran u8b =
      RunBoth("MatMulInteger", "",
              {{"A", a, false}, {"B", RandomInts<uint8_t>(DataType::kUint8, {8, 3}, 0, 255, 2)}});
  EXPECT_EQ(u8b.provider, "reference");
  EXPECT_NE(u8b.declined.find("int8 B"), std::string::npos) << u8b.declined;
  // A B zero point that is not 0.
  Ran shifted = RunBoth("MatMulInteger", "",
                        {{"A", a, false},
                         {"B", RandomInts<int8_t>(DataType::kInt8, {8, 3}, -5, 5, 3)},
                         {"", {}, true},
                         {"b_zp", Tensor::FromVector<int8_t>(DataType::kInt8, {}, {3})}});
  EXPECT_EQ(shifted.provider, "reference");
  EXPECT_NE(shifted.declined.find("b_zero_point 0"), std::string::npos) << shifted.declined;
  // A computed B.
  Ran computed = RunBoth(
      "MatMulInteger", "",
      {{"A", a, false}, {"B", RandomInts<int8_t>(DataType::kInt8, {8, 3}, -5, 5, 4), false}});
  EXPECT_EQ(computed.provider, "reference");
  EXPECT_NE(computed.declined.find("constant B"), std::string::npos) << computed.declined;
  // An empty B (K = 0): A [3, 0] times B [0, 4] is zeros.
  Ran empty = RunBoth("MatMulInteger", "",
                      {{"A", RandomInts<uint8_t>(DataType::kUint8, {3, 0}, 0, 255, 5), false},
                       {"B", RandomInts<int8_t>(DataType::kInt8, {0, 4}, -5, 5, 6)}});
  EXPECT_EQ(empty.provider, "reference");
  EXPECT_NE(empty.declined.find("non-empty B"), std::string::npos) << empty.declined;
  ASSERT_EQ(empty.reference.numel(), 12);
  for (const Ran* r : {&u8b, &shifted, &computed, &empty}) {
    ASSERT_EQ(r->dnnl.numel(), r->reference.numel());
    for (int64_t i = 0; i < r->dnnl.numel(); ++i)
      EXPECT_EQ(r->dnnl.data<int32_t>()[i], r->reference.data<int32_t>()[i]);
  }
}

TEST(DnnlConvInteger, MatchesReferenceBitForBitOnOddShapes) {
  struct Case {
    std::vector<int64_t> x, w;
    int64_t group = 1;
    std::vector<int64_t> strides, pads, dilations;
  };
  const std::vector<Case> cases = {
      {{1, 3, 13, 13}, {5, 3, 3, 3}, 1, {1, 1}, {1, 1, 1, 1}, {1, 1}},
      {{2, 6, 9, 7}, {6, 3, 3, 3}, 2, {2, 2}, {0, 1, 1, 0}, {1, 1}},
      {{1, 8, 11, 11}, {8, 1, 3, 3}, 8, {1, 1}, {2, 2, 2, 2}, {2, 2}},
      {{1, 4, 127}, {7, 4, 5}, 1, {1}, {2, 2}, {1}},
      {{1, 2, 5, 6, 7}, {3, 2, 3, 3, 3}, 1, {1, 2, 1}, {1, 0, 1, 1, 0, 1}, {1, 1, 1}},
      {{1, 1, 1, 1}, {1, 1, 1, 1}, 1, {1, 1}, {0, 0, 0, 0}, {1, 1}}};
  uint32_t seed = 3100;
  for (const Case& c : cases)
    for (DataType xt : {DataType::kUint8, DataType::kInt8})
      for (bool with_zp : {false, true}) {
        SCOPED_TRACE("x " + std::to_string(c.x.size()) + "-D rank, C " + std::to_string(c.x[1]) +
                     (xt == DataType::kInt8 ? " s8" : " u8") + (with_zp ? " zp" : ""));
        const int lo = xt == DataType::kInt8 ? -128 : 0;
        Tensor x = xt == DataType::kInt8 ? RandomInts<int8_t>(xt, c.x, lo, lo + 255, seed)
                                         : RandomInts<uint8_t>(xt, c.x, lo, lo + 255, seed);
        const bool reduced = (seed % 2) == 1;
        const int wmax = reduced ? 64 : 127;
        std::vector<Input> in = {
            {"x", x, false},
            {"w", RandomInts<int8_t>(DataType::kInt8, c.w, -wmax, wmax, seed + 1)}};
        if (with_zp) {
          in.push_back({"x_zp", ScalarZeroPoint(xt, lo + 131), false});
          in.push_back({"w_zp", RandomInts<int8_t>(DataType::kInt8, {c.w[0]}, 0, 0, 0)});
        }
        Ran r = RunBoth("ConvInteger", "", in, [&](ir::Node* n) {
          n->SetAttribute(ir::Attribute::Int("group", c.group));
          n->SetAttribute(ir::Attribute::Ints("strides", c.strides));
          n->SetAttribute(ir::Attribute::Ints("pads", c.pads));
          n->SetAttribute(ir::Attribute::Ints("dilations", c.dilations));
        });
        ++seed;
        EXPECT_EQ(r.provider, Where(in[1].value, xt == DataType::kInt8)) << r.declined;
        ASSERT_EQ(r.dnnl.numel(), r.reference.numel());
        ASSERT_GT(r.dnnl.numel(), 0);
        int64_t off = 0;
        for (int64_t i = 0; i < r.dnnl.numel(); ++i)
          off += r.dnnl.data<int32_t>()[i] != r.reference.data<int32_t>()[i];
        EXPECT_EQ(off, 0) << off << " of " << r.dnnl.numel() << " int32 sums differ";
      }
}

TEST(DnnlConvInteger, DeclinesWhatOneDnnCannotRunWithASentence) {
  const Tensor x = RandomInts<uint8_t>(DataType::kUint8, {1, 2, 5, 5}, 0, 255, 1);
  Ran u8w = RunBoth(
      "ConvInteger", "",
      {{"x", x, false}, {"w", RandomInts<uint8_t>(DataType::kUint8, {3, 2, 3, 3}, 0, 255, 2)}});
  EXPECT_EQ(u8w.provider, "reference");
  EXPECT_NE(u8w.declined.find("int8 W"), std::string::npos) << u8w.declined;
  Ran shifted = RunBoth("ConvInteger", "",
                        {{"x", x, false},
                         {"w", RandomInts<int8_t>(DataType::kInt8, {3, 2, 3, 3}, -5, 5, 3)},
                         {"", {}, true},
                         {"w_zp", Tensor::FromVector<int8_t>(DataType::kInt8, {}, {3})}});
  EXPECT_EQ(shifted.provider, "reference");
  EXPECT_NE(shifted.declined.find("w_zero_point 0"), std::string::npos) << shifted.declined;
  Ran computed = RunBoth(
      "ConvInteger", "",
      {{"x", x, false}, {"w", RandomInts<int8_t>(DataType::kInt8, {3, 2, 3, 3}, -5, 5, 4), false}});
  EXPECT_EQ(computed.provider, "reference");
  EXPECT_NE(computed.declined.find("constant W"), std::string::npos) << computed.declined;
  for (const Ran* r : {&u8w, &shifted, &computed}) {
    ASSERT_EQ(r->dnnl.numel(), r->reference.numel());
    ASSERT_GT(r->dnnl.numel(), 0);
    for (int64_t i = 0; i < r->dnnl.numel(); ++i)
      EXPECT_EQ(r->dnnl.data<int32_t>()[i], r->reference.data<int32_t>()[i]);
  }
}

// A classifier on one image (A of 1 row) runs on the cpu kernel, whose exact GEMM computes only
// that row, when the cpu provider is the fallback; A of many rows stays on oneDNN. Same bits.
TEST(DnnlMatMulInteger, FewRowsGoToTheCpuKernel) {
  const Tensor b = RandomInts<int8_t>(DataType::kInt8, {64, 40}, -64, 64, 21);  // exact anywhere
  for (int64_t rows : {1, 8, 9, 32}) {
    SCOPED_TRACE("rows " + std::to_string(rows));
    std::map<std::string, runtime::RtValue> feeds;
    auto model =
        Int8NodeModel("MatMulInteger", "",
                      {{"A", RandomInts<uint8_t>(DataType::kUint8, {rows, 64}, 0, 255, 22), false},
                       {"B", b},
                       {"a_zp", Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {131})}},
                      {}, &feeds);
    std::string ran;
    Tensor out[2];
    for (int k = 0; k < 2; ++k) {
      runtime::SessionOptions o;
      o.providers = k == 0 ? std::vector<std::string>{"dnnl", "cpu", "reference"}
                           : std::vector<std::string>{"reference"};
      o.enable_profiling = true;
      auto s = runtime::Session::Create(model, o);
      ASSERT_TRUE(s.ok()) << s.status().message();
      auto r = (*s)->Run(feeds);
      ASSERT_TRUE(r.ok()) << r.status().message();
      out[k] = (*r)[0].second.tensor;
      if (k == 0)
        for (const auto& e : (*s)->profiler()->Events())
          if (e.cat == "Node" && !e.Arg("provider").empty()) ran = e.Arg("provider");
    }
    EXPECT_EQ(ran, rows <= 8 ? "cpu" : "dnnl");
    ASSERT_EQ(out[0].numel(), out[1].numel());
    for (int64_t i = 0; i < out[0].numel(); ++i)
      ASSERT_EQ(out[0].data<int32_t>()[i], out[1].data<int32_t>()[i]);
  }
}

}  // namespace
}  // namespace onnxlens::testing
