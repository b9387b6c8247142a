// com.microsoft DynamicQuantizeLSTM reference kernel: on inputs that lie on their quantization
// grid it is the float LSTM of its dequantized weights (gate order, transposed weights, per-row and
// per-direction scales, biases, peepholes, both directions); over several steps it stays close to
// it, padded steps are zero and Y_h is each row's last step; the errors name what was wrong.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

std::vector<float> Uniform(size_t n, float lo, float hi, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = u(rng);
  return v;
}

// `n` multiples of `step` in [lo, hi], with lo and hi themselves among them: quantized as
// DynamicQuantizeLinear does (scale (hi - lo) / 255 = step), each is exactly a grid point.
std::vector<float> OnGrid(size_t n, int lo_steps, int hi_steps, float step, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> u(lo_steps, hi_steps);
  std::vector<float> v(n);
  for (float& x : v) x = static_cast<float>(u(rng)) * step;
  v[0] = static_cast<float>(lo_steps) * step;
  v[1] = static_cast<float>(hi_steps) * step;
  return v;
}

// A quantized LSTM's weights: int8 values [dirs, k, 4H] and scales per row or per direction, and
// the float weights they stand for in LSTM's layout [dirs, 4H, k].
struct Weights {
  ir::Tensor q, scale, zero_point, dequantized;
};

Weights MakeWeights(int64_t dirs, int64_t k, int64_t rows, bool per_row, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> u(-127, 127);
  std::vector<int8_t> q(static_cast<size_t>(dirs * k * rows));
  for (int8_t& v : q) v = static_cast<int8_t>(u(rng));
  const std::vector<float> scales =
      Uniform(static_cast<size_t>(per_row ? dirs * rows : dirs), 0.002f, 0.02f, seed + 1);
  std::vector<float> deq(q.size());
  for (int64_t d = 0; d < dirs; ++d)
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t i = 0; i < k; ++i)
        deq[(d * rows + r) * k + i] =
            static_cast<float>(q[(d * k + i) * rows + r]) * scales[per_row ? d * rows + r : d];
  const std::vector<int64_t> sdims =
      per_row ? std::vector<int64_t>{dirs, rows} : std::vector<int64_t>{dirs};
  Weights w;
  w.q = Values<int8_t>(ir::DataType::kInt8, {dirs, k, rows}, q);
  w.scale = F(sdims, scales);
  w.zero_point = Values<int8_t>(ir::DataType::kInt8, sdims, std::vector<int8_t>(scales.size(), 0));
  w.dequantized = F({dirs, rows, k}, deq);
  return w;
}

struct Case {
  int64_t seq = 1, batch = 2, input = 3, hidden = 2;
  std::string direction = "forward";
  bool per_row = true;
  std::optional<ir::Tensor> x, b, lens, h0, c0, p;
};

struct Outputs {
  std::vector<kernels::RtValue> quantized, reference;
};

// Runs DynamicQuantizeLSTM and the float LSTM of its dequantized weights on the same inputs.
Outputs RunBoth(const Case& c) {
  const int64_t dirs = c.direction == "bidirectional" ? 2 : 1;
  const Weights w = MakeWeights(dirs, c.input, 4 * c.hidden, c.per_row, 21);
  const Weights r = MakeWeights(dirs, c.hidden, 4 * c.hidden, !c.per_row, 37);
  const std::vector<Attr> attrs = {AInt("hidden_size", c.hidden),
                                   AString("direction", c.direction)};
  Outputs out;
  auto q = ComputeDirectOutputs("reference", {"DynamicQuantizeLSTM",
                                              {c.x, w.q, r.q, c.b, c.lens, c.h0, c.c0, c.p, w.scale,
                                               w.zero_point, r.scale, r.zero_point},
                                              attrs,
                                              3,
                                              14,
                                              "com.microsoft"});
  EXPECT_TRUE(q.ok()) << q.status().message();
  auto f = ComputeDirectOutputs("reference",
                                {"LSTM",
                                 {c.x, w.dequantized, r.dequantized, c.b, c.lens, c.h0, c.c0, c.p},
                                 attrs,
                                 3,
                                 14,
                                 ""});
  EXPECT_TRUE(f.ok()) << f.status().message();
  if (q.ok()) out.quantized = std::move(*q);
  if (f.ok()) out.reference = std::move(*f);
  return out;
}

TEST(DynamicQuantizeLstmReference, OneStepOnTheGridIsTheFloatLstmOfItsDequantizedWeights) {
  // One step, so the only activations quantized are X and initial_h: on their grids (X's range
  // [-1, 1.55] -> scale 0.01; initial_h's [-1, 4.1] -> scale 0.02) their quantization is exact.
  for (const char* direction : {"forward", "reverse", "bidirectional"}) {
    for (bool per_row : {true, false}) {
      Case c;
      c.direction = direction;
      c.per_row = per_row;
      const int64_t dirs = c.direction == "bidirectional" ? 2 : 1;
      c.x = F({1, 2, 3}, OnGrid(6, -100, 155, 0.01f, 3));
      // Each direction quantizes its own hidden state: a grid per direction.
      std::vector<float> h0 = OnGrid(4, -50, 205, 0.02f, 4);
      if (dirs == 2) {
        const std::vector<float> second = OnGrid(4, -50, 205, 0.02f, 14);
        h0.insert(h0.end(), second.begin(), second.end());
      }
      c.h0 = F({dirs, 2, 2}, h0);
      c.c0 = F({dirs, 2, 2}, Uniform(static_cast<size_t>(dirs * 4), -1, 1, 5));
      c.b = F({dirs, 16}, Uniform(static_cast<size_t>(dirs * 16), -0.5f, 0.5f, 6));
      c.p = F({dirs, 6}, Uniform(static_cast<size_t>(dirs * 6), -0.5f, 0.5f, 7));
      const Outputs o = RunBoth(c);
      ASSERT_EQ(o.quantized.size(), 3u);
      ASSERT_EQ(o.reference.size(), 3u);
      for (size_t k = 0; k < 3; ++k) {
        const ir::Tensor& a = o.quantized[k].tensor;
        const ir::Tensor& b = o.reference[k].tensor;
        ASSERT_EQ(a.dims(), b.dims()) << "output " << k;
        for (int64_t i = 0; i < a.numel(); ++i)
          EXPECT_NEAR(a.data<float>()[i], b.data<float>()[i], 2e-5)
              << direction << " per row " << per_row << " output " << k << " at " << i;
      }
    }
  }
}

TEST(DynamicQuantizeLstmReference, SeveralStepsStayCloseToFloatWithPaddingAndLastStates) {
  Case c;
  c.seq = 7;
  c.batch = 3;
  c.input = 13;
  c.hidden = 9;
  c.direction = "bidirectional";
  c.x = F({7, 3, 13}, Uniform(7 * 3 * 13, -1, 1, 8));
  c.b = F({2, 72}, Uniform(2 * 72, -0.3f, 0.3f, 9));
  c.lens = Int32s({3}, {7, 4, 1});
  const Outputs o = RunBoth(c);
  ASSERT_EQ(o.quantized.size(), 3u);
  ASSERT_EQ(o.reference.size(), 3u);
  const ir::Tensor& y = o.quantized[0].tensor;
  const ir::Tensor& yf = o.reference[0].tensor;
  ASSERT_EQ(y.dims(), (std::vector<int64_t>{7, 2, 3, 9}));
  double dot = 0, aa = 0, bb = 0, worst = 0;
  for (int64_t i = 0; i < y.numel(); ++i) {
    const double a = y.data<float>()[i], b = yf.data<float>()[i];
    dot += a * b;
    aa += a * a;
    bb += b * b;
    worst = std::max(worst, std::abs(a - b));
  }
  EXPECT_GT(dot / std::sqrt(aa * bb), 0.999);
  EXPECT_LT(worst, 0.05);
  const int64_t lens[] = {7, 4, 1};
  const ir::Tensor& yh = o.quantized[1].tensor;
  for (int64_t d = 0; d < 2; ++d)
    for (int64_t b = 0; b < 3; ++b)
      for (int64_t k = 0; k < 9; ++k) {
        for (int64_t t = lens[b]; t < 7; ++t)
          EXPECT_EQ(y.data<float>()[((t * 2 + d) * 3 + b) * 9 + k], 0.f) << "padded step " << t;
        // Forward ends at the row's last step, reverse at its first.
        const int64_t last = d == 0 ? lens[b] - 1 : 0;
        EXPECT_EQ(yh.data<float>()[(d * 3 + b) * 9 + k],
                  y.data<float>()[((last * 2 + d) * 3 + b) * 9 + k]);
      }
}

TEST(DynamicQuantizeLstmReference, BadInputsAreErrorsNamingThem) {
  const Weights w = MakeWeights(1, 3, 8, true, 1);
  const Weights r = MakeWeights(1, 2, 8, true, 2);
  const ir::Tensor x = F({2, 1, 3}, Uniform(6, -1, 1, 3));
  auto run = [&](std::vector<std::optional<ir::Tensor>> in,
                 std::vector<Attr> attrs = {AInt("hidden_size", 2)}) {
    return ComputeDirect("reference",
                         {"DynamicQuantizeLSTM", std::move(in), attrs, 3, 14, "com.microsoft"});
  };
  auto inputs = [&]() {
    return std::vector<std::optional<ir::Tensor>>{x,
                                                  w.q,
                                                  r.q,
                                                  std::nullopt,
                                                  std::nullopt,
                                                  std::nullopt,
                                                  std::nullopt,
                                                  std::nullopt,
                                                  w.scale,
                                                  w.zero_point,
                                                  r.scale,
                                                  r.zero_point};
  };
  EXPECT_TRUE(run(inputs()).ok());
  auto in = inputs();
  in[1] = w.dequantized;
  ExpectStatusError(run(in), "W is float32, expected int8 or uint8");
  in = inputs();
  in[1] = MakeWeights(1, 4, 8, true, 1).q;
  ExpectStatusError(run(in), "W has shape [1,4,8], expected [1,3,8]");
  in = inputs();
  in[8] = F({3}, {1, 1, 1});
  ExpectStatusError(run(in), "W_scale has shape [3], expected [1]");
  in = inputs();
  in[11] = Values<uint8_t>(ir::DataType::kUint8, {1, 8}, std::vector<uint8_t>(8, 0));
  ExpectStatusError(run(in), "R_zero_point");
  in = inputs();
  in[0] = F({6}, Uniform(6, -1, 1, 3));
  ExpectStatusError(run(in), "X has shape [6], not 3-D");
  ExpectStatusError(run(inputs(), {AInt("hidden_size", 2), AInt("layout", 1)}),
                    "has no layout attribute");
  in = inputs();
  in[4] = Int32s({1}, {3});
  ExpectStatusError(run(in), "sequence_lens[0] is 3");
  in = inputs();
  in[5] = F({1, 2, 2}, Uniform(4, -1, 1, 4));
  ExpectStatusError(run(in), "initial_h has shape [1,2,2], expected [1,1,2]");
  ExpectStatusError(run(inputs(), {AInt("hidden_size", 40000)}), "could overflow");
}

}  // namespace
}  // namespace onnxlens::testing
