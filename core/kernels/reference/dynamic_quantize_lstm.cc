// com.microsoft DynamicQuantizeLSTM, ONNX Runtime's dynamically quantized LSTM (what its
// quantize_dynamic and ours with --format ort write for an LSTM): W [dirs, input, 4 * hidden] and
// R [dirs, hidden, 4 * hidden] are stored as 8-bit integers with scales and zero points per
// direction ([dirs]) or per gate row ([dirs, 4 * hidden]); the activations are quantized at run
// time as DynamicQuantizeLinear does (uint8, the range holding 0). Quantized as ONNX Runtime
// does: the whole X at once for the input projection (one scale for every step, both
// directions), the hidden state of every batch row at once at each step; the integer products
// are exact (int32), scaled by x_scale * w_scale in float32 (the product of the two scales
// rounded to float first), then the bias, clip, peepholes and gates of a plain LSTM.
#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/dynamic_quant.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

// An input dimension above this could overflow the int32 sums (|x_q - x_zp| and |w - w_zp| are at
// most 255): 255 * 255 * 33025 < 2^31.
constexpr int64_t kMaxDepth = 33025;

// A quantized weight: w[k * n + j] - zero_point[j] (within [-255, 255]) as int16, [k, n] row-major
// per direction (int16 halves what the products read against int32, and vectorizes).
struct QWeight {
  std::vector<int16_t> values;  // [dirs, k, n], zero points subtracted
  std::vector<float> scales;    // [dirs, n] (repeated when given per direction)
};

Expected<QWeight> ReadWeight(const OpKernelContext& ctx, const Tensor& w, const Tensor& scale,
                             const Tensor& zero_point, int64_t dirs, int64_t k, int64_t n,
                             const char* what, const char* scale_name, const char* zp_name) {
  if (w.dtype() != DataType::kInt8 && w.dtype() != DataType::kUint8)
    return ctx.Error(std::string(what) + " is " + std::string(ir::DataTypeName(w.dtype())) +
                     ", expected int8 or uint8");
  OL_RETURN_IF_ERROR(CheckShape(ctx, w, {dirs, k, n}, what));
  OL_RETURN_IF_ERROR(CheckType(ctx, scale, DataType::kFloat, scale_name));
  const bool per_row = scale.dims().size() == 2;
  if (per_row) {
    OL_RETURN_IF_ERROR(CheckShape(ctx, scale, {dirs, n}, scale_name));
  } else {
    OL_RETURN_IF_ERROR(CheckShape(ctx, scale, {dirs}, scale_name));
  }
  OL_RETURN_IF_ERROR(CheckType(ctx, zero_point, w.dtype(), zp_name));
  OL_RETURN_IF_ERROR(CheckShape(ctx, zero_point, scale.dims(), zp_name));
  QWeight q;
  q.values.resize(static_cast<size_t>(dirs * k * n));
  q.scales.resize(static_cast<size_t>(dirs * n));
  const float* sc = scale.data<float>();
  std::vector<int32_t> zp(static_cast<size_t>(dirs * n));
  for (int64_t d = 0; d < dirs; ++d)
    for (int64_t j = 0; j < n; ++j) {
      const int64_t p = per_row ? d * n + j : d;
      q.scales[d * n + j] = sc[p];
      zp[d * n + j] = w.dtype() == DataType::kInt8 ? zero_point.data<int8_t>()[p]
                                                   : zero_point.data<uint8_t>()[p];
    }
  // Row by row in storage order (a run reads W and R whole once).
  for (int64_t d = 0; d < dirs; ++d)
    for (int64_t i = 0; i < k; ++i) {
      const int64_t row = (d * k + i) * n;
      const int32_t* z = zp.data() + d * n;
      if (w.dtype() == DataType::kInt8) {
        const int8_t* src = w.data<int8_t>() + row;
        for (int64_t j = 0; j < n; ++j) q.values[row + j] = static_cast<int16_t>(src[j] - z[j]);
      } else {
        const uint8_t* src = w.data<uint8_t>() + row;
        for (int64_t j = 0; j < n; ++j) q.values[row + j] = static_cast<int16_t>(src[j] - z[j]);
      }
    }
  return q;
}

// The plain integer product: acc[r * n + j] = sum_i (a[r * k + i] - zp) * w[i * n + j].
void PlainIntProduct(const uint8_t* a, int32_t zp, int64_t rows, int64_t k, const int16_t* w,
                     int64_t n, int32_t* acc) {
  for (int64_t r = 0; r < rows; ++r) {
    int32_t* out = acc + r * n;
    std::fill(out, out + n, 0);
    for (int64_t i = 0; i < k; ++i) {
      const int32_t av = static_cast<int32_t>(a[r * k + i]) - zp;
      if (av == 0) continue;
      const int16_t* wr = w + i * n;
      for (int64_t j = 0; j < n; ++j) out[j] += av * wr[j];
    }
  }
}

// out[r * n + j] (+)= float(sum_i (a_q[r, i] - a_zp) * w[i, j]) * (a_scale * w_scale[j]) for the
// `rows` rows of `a` ([rows, k] float32), quantized together as DynamicQuantizeLinear does.
void QuantizedProduct(LstmIntProduct int_product, const float* a, int64_t rows, int64_t k,
                      const int16_t* w, const float* w_scale, int64_t n, bool accumulate,
                      float* out, std::vector<uint8_t>& aq, std::vector<int32_t>& acc) {
  float lo = 0.f, hi = 0.f;
  DynamicRange(a, 0, rows * k, &lo, &hi);
  const DynamicQuantParams p = DynamicParamsOf(lo, hi);
  aq.resize(static_cast<size_t>(rows * k));
  DynamicQuantizeRange(a, aq.data(), p, 0, rows * k);
  // ONNX Runtime's multiplier: the scale of A times each weight scale, in float32. A zero scale
  // (A all zeros) is 1 there; every a_q - a_zp is 0 either way.
  const float a_scale = p.scale == 0.f ? 1.0f : p.scale;
  acc.resize(static_cast<size_t>(rows * n));
  int_product(aq.data(), static_cast<int32_t>(p.zero_point), rows, k, w, n, acc.data());
  for (int64_t r = 0; r < rows; ++r) {
    float* o = out + r * n;
    const int32_t* sr = acc.data() + r * n;
    for (int64_t j = 0; j < n; ++j) {
      const float v = static_cast<float>(sr[j]) * (a_scale * w_scale[j]);
      o[j] = accumulate ? o[j] + v : v;
    }
  }
}

}  // namespace

Status DynamicQuantizeLstmWith(OpKernelContext& ctx, LstmIntProduct int_product) {
  OL_ASSIGN_OR_RETURN(const Tensor* tx, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* tw, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* tr, ctx.RequireTensor(2));
  OL_ASSIGN_OR_RETURN(const Tensor* tws, ctx.RequireTensor(8));
  OL_ASSIGN_OR_RETURN(const Tensor* twz, ctx.RequireTensor(9));
  OL_ASSIGN_OR_RETURN(const Tensor* trs, ctx.RequireTensor(10));
  OL_ASSIGN_OR_RETURN(const Tensor* trz, ctx.RequireTensor(11));
  const ir::Node& node = ctx.node();
  if (node.GetInt("layout", 0) != 0) return ctx.Error("has no layout attribute (batch-major X)");
  const std::string direction = node.GetString("direction", "forward");
  if (direction != "forward" && direction != "reverse" && direction != "bidirectional")
    return ctx.Error("direction '" + direction + "' is not forward, reverse or bidirectional");
  OL_RETURN_IF_ERROR(CheckType(ctx, *tx, DataType::kFloat, "X"));
  if (tx->dims().size() != 3)
    return ctx.Error("X has shape " + ShapeString(tx->dims()) + ", not 3-D");
  if (tw->dims().size() != 3)
    return ctx.Error("W has shape " + ShapeString(tw->dims()) + ", not 3-D");
  const int64_t D = direction == "bidirectional" ? 2 : 1;
  const int64_t S = tx->dims()[0], B = tx->dims()[1], I = tx->dims()[2];
  const int64_t H = node.GetInt("hidden_size", tw->dims()[2] / 4);
  if (H <= 0) return ctx.Error("hidden_size " + std::to_string(H) + " is not positive");
  if (I > kMaxDepth || H > kMaxDepth)
    return ctx.Error("input size " + std::to_string(I) + " or hidden size " + std::to_string(H) +
                     " is beyond " + std::to_string(kMaxDepth) +
                     ", where the int32 products could overflow");
  const int64_t G = 4 * H;
  OL_ASSIGN_OR_RETURN(QWeight W,
                      ReadWeight(ctx, *tw, *tws, *twz, D, I, G, "W", "W_scale", "W_zero_point"));
  OL_ASSIGN_OR_RETURN(QWeight R,
                      ReadWeight(ctx, *tr, *trs, *trz, D, H, G, "R", "R_scale", "R_zero_point"));
  std::vector<float> bias(static_cast<size_t>(D * G), 0.f);  // Wb + Rb
  if (const Tensor* b = ctx.tensor(3)) {
    OL_RETURN_IF_ERROR(CheckType(ctx, *b, DataType::kFloat, "B"));
    OL_RETURN_IF_ERROR(CheckShape(ctx, *b, {D, 2 * G}, "B"));
    for (int64_t d = 0; d < D; ++d)
      for (int64_t j = 0; j < G; ++j)
        bias[d * G + j] = b->data<float>()[d * 2 * G + j] + b->data<float>()[d * 2 * G + G + j];
  }
  std::vector<int64_t> lens(static_cast<size_t>(B), S);
  if (const Tensor* sl = ctx.tensor(4)) {
    OL_ASSIGN_OR_RETURN(lens, ReadInts(ctx, *sl, "sequence_lens"));
    OL_RETURN_IF_ERROR(CheckLengths(ctx, lens, B, S, "sequence_lens"));
  }
  std::vector<float> h0(static_cast<size_t>(D * B * H), 0.f), c0 = h0;
  for (int slot : {5, 6}) {
    if (const Tensor* t = ctx.tensor(slot)) {
      const char* what = slot == 5 ? "initial_h" : "initial_c";
      OL_RETURN_IF_ERROR(CheckType(ctx, *t, DataType::kFloat, what));
      OL_RETURN_IF_ERROR(CheckShape(ctx, *t, {D, B, H}, what));
      std::copy(t->data<float>(), t->data<float>() + D * B * H, (slot == 5 ? h0 : c0).begin());
    }
  }
  const float* P = nullptr;
  if (const Tensor* p = ctx.tensor(7)) {
    OL_RETURN_IF_ERROR(CheckType(ctx, *p, DataType::kFloat, "P"));
    OL_RETURN_IF_ERROR(CheckShape(ctx, *p, {D, 3 * H}, "P"));
    P = p->data<float>();
  }
  OL_ASSIGN_OR_RETURN(std::vector<RecurrentActivation> acts, RecurrentActivations(ctx, 3, D));
  // Sigmoid, Tanh, Tanh (the default, and what every exporter writes) inline rather than through
  // std::function: the calls were most of crnn's run of this kernel.
  bool plain = true;
  if (const ir::Attribute* a = node.FindAttribute("activations"))
    for (size_t i = 0; i < a->strings.size(); ++i)
      plain = plain && a->strings[i] == (i % 3 == 0 ? "Sigmoid" : "Tanh");
  const double clip = node.FindAttribute("clip") ? node.GetFloat("clip", 0.f) : -1.0;
  const bool input_forget = node.GetInt("input_forget", 0) != 0;
  auto clipf = [clip](double v) { return clip > 0 ? std::max(-clip, std::min(clip, v)) : v; };

  OL_ASSIGN_OR_RETURN(const int64_t ycount, CheckOutputSize(ctx, {S, D, B, H}, "Y"));
  OL_ASSIGN_OR_RETURN(const int64_t xw_count, CheckOutputSize(ctx, {S, B, G}, "X * W"));
  std::vector<float> Y(static_cast<size_t>(ycount), 0.f);
  std::vector<float> Yh(static_cast<size_t>(D * B * H)), Yc(Yh.size());
  std::vector<float> xw(static_cast<size_t>(xw_count)), gates(static_cast<size_t>(B * G));
  std::vector<uint8_t> aq;  // the quantized activations and their int32 products, reused
  std::vector<int32_t> acc;
  const float* X = tx->data<float>();
  for (int64_t d = 0; d < D; ++d) {
    const bool reverse = direction == "reverse" || d == 1;
    // The input projection of every step and batch row at once ([S * B, I] x [I, 4H]).
    QuantizedProduct(int_product, X, S * B, I, W.values.data() + d * I * G, W.scales.data() + d * G,
                     G, false, xw.data(), aq, acc);
    std::vector<float> hs(h0.begin() + d * B * H, h0.begin() + (d + 1) * B * H);
    std::vector<float> cs(c0.begin() + d * B * H, c0.begin() + (d + 1) * B * H);
    const RecurrentActivation& f = acts[d * 3];
    const RecurrentActivation& g = acts[d * 3 + 1];
    const RecurrentActivation& h = acts[d * 3 + 2];
    const float* p = P ? P + d * 3 * H : nullptr;
    for (int64_t step = 0; step < S; ++step) {
      // Each row's step-th time step (reversed within its own length), then the recurrent
      // product of every row's hidden state, quantized together.
      for (int64_t b = 0; b < B; ++b) {
        if (step >= lens[b]) continue;
        const int64_t t = reverse ? lens[b] - 1 - step : step;
        std::copy(xw.begin() + (t * B + b) * G, xw.begin() + (t * B + b + 1) * G,
                  gates.begin() + b * G);
      }
      QuantizedProduct(int_product, hs.data(), B, H, R.values.data() + d * H * G,
                       R.scales.data() + d * G, G, true, gates.data(), aq, acc);
      for (int64_t b = 0; b < B; ++b) {
        if (step >= lens[b]) continue;
        const int64_t t = reverse ? lens[b] - 1 - step : step;
        const float* gv = gates.data() + b * G;
        const float* bv = bias.data() + d * G;
        for (int64_t k = 0; k < H; ++k) {
          // Gate order i, o, f, c (ONNX's).
          double ig = gv[k] + bv[k], og = gv[H + k] + bv[H + k];
          double fg = gv[2 * H + k] + bv[2 * H + k], cg = gv[3 * H + k] + bv[3 * H + k];
          float& c = cs[b * H + k];
          if (p) {
            ig += p[k] * c;
            fg += p[2 * H + k] * c;
          }
          auto sigmoid = [&](double v) { return plain ? 1.0 / (1.0 + std::exp(-v)) : f(v); };
          const double i_ = sigmoid(clipf(ig));
          const double f_ = input_forget ? 1 - i_ : sigmoid(clipf(fg));
          const double c_ = plain ? std::tanh(clipf(cg)) : g(clipf(cg));
          const float cn = static_cast<float>(f_ * c + i_ * c_);
          if (p) og += p[H + k] * cn;
          const double o_ = sigmoid(clipf(og));
          c = cn;
          hs[b * H + k] = static_cast<float>(o_ * (plain ? std::tanh(double{cn}) : h(cn)));
          Y[((t * D + d) * B + b) * H + k] = hs[b * H + k];
        }
      }
    }
    std::copy(hs.begin(), hs.end(), Yh.begin() + d * B * H);
    std::copy(cs.begin(), cs.end(), Yc.begin() + d * B * H);
  }
  auto emit = [&](size_t slot, const std::vector<float>& v, std::vector<int64_t> dims) -> Status {
    if (!ctx.output_wanted(slot)) return Status::Ok();
    OL_ASSIGN_OR_RETURN(Tensor t, NewTensor(ctx, DataType::kFloat, std::move(dims)));
    std::copy(v.begin(), v.end(), t.mutable_data<float>());
    ctx.SetOutput(slot, std::move(t));
    return Status::Ok();
  };
  OL_RETURN_IF_ERROR(emit(0, Y, {S, D, B, H}));
  OL_RETURN_IF_ERROR(emit(1, Yh, {D, B, H}));
  return emit(2, Yc, {D, B, H});
}

void RegisterDynamicQuantizeLstmKernel(KernelRegistry& r) {
  AddKernel(r, "com.microsoft", "DynamicQuantizeLSTM", 1, [](OpKernelContext& ctx, int64_t) {
    return DynamicQuantizeLstmWith(ctx, PlainIntProduct);
  });
}

}  // namespace onnxlens::kernels
