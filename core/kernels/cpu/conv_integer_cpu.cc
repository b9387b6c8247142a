// The int8 convolutions on the cpu provider's exact integer GEMM (igemm.h, issue 35.2): ConvInteger
// and QLinearConv (ai.onnx, and com.onnxlens QLinearConv with x and / or y channels-last, from the
// qlinear-nhwc pass), 1-D and 2-D, any group count, strides, dilations, pads, uint8 / int8 x and
// W, one weight zero point (and, for QLinearConv, scale) per tensor or per output channel. The
// image goes channels-last (NHWC) and im2col copies Cg bytes per tap, padding with x's zero point
// so that the zero-point correction stays exact; a 1x1 stride-1 convolution reads the NHWC image
// directly. Constant weights are packed once per instruction path, as B [K, Mg] in the same
// (ky, kx, c) order. Depthwise convolutions (group == C == M) run a direct loop over channels.
// The outputs are bit for bit the reference kernels' (kernels/reference/conv_pool.cc): the same
// integer sums, then for QLinearConv the reference's double arithmetic in its order,
// clamp(nearbyint((sum + bias) * (x_scale * w_scale[m] / y_scale)) + y_zero_point). Ranks other
// than 3 / 4 and K beyond kIgemmMaxK are declined (at creation when the graph tells them).
#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "common/cpu_isa.h"
#include "common/strings.h"
#include "kernels/cpu/cpu_util.h"
#include "kernels/cpu/igemm.h"
#include "kernels/parallel.h"
#include "kernels/reference/conv_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

int32_t QcValue(const Tensor& t, int64_t i) {
  return t.dtype() == DataType::kInt8 ? int32_t{t.data<int8_t>()[i]}
                                      : int32_t{t.data<uint8_t>()[i]};
}

// The 2-D geometry of one convolution: a 1-D one is the 2-D one over a single row.
struct QcShape {
  int64_t N = 0, C = 0, M = 0, G = 1, Cg = 0, Mg = 0;
  int64_t ih = 1, iw = 0, oh = 1, ow = 0, kh = 1, kw = 0;
  int64_t sh = 1, sw = 1, dh = 1, dw = 1, pt = 0, pl = 0;
  int64_t K = 0, in_sp = 0, out_sp = 0;
  bool pointwise = false, depthwise = false;
};

QcShape QcShapeOf(const ConvGeometry& g, int64_t N, int64_t C, int64_t M) {
  QcShape s;
  s.N = N;
  s.C = C;
  s.M = M;
  s.G = g.group;
  s.Cg = C / s.G;
  s.Mg = M / s.G;
  const bool two = g.kernel.size() == 2;
  const size_t r = g.kernel.size();
  s.ih = two ? g.in[0] : 1;
  s.iw = g.in[r - 1];
  s.oh = two ? g.out[0] : 1;
  s.ow = g.out[r - 1];
  s.kh = two ? g.kernel[0] : 1;
  s.kw = g.kernel[r - 1];
  s.sh = two ? g.strides[0] : 1;
  s.sw = g.strides[r - 1];
  s.dh = two ? g.dilations[0] : 1;
  s.dw = g.dilations[r - 1];
  s.pt = two ? g.pads[0] : 0;
  s.pl = g.pads[r - 1];
  s.K = s.Cg * s.kh * s.kw;
  s.in_sp = s.ih * s.iw;
  s.out_sp = SaturatingMul(s.oh, s.ow);  // pads can make it anything
  s.pointwise = s.kh == 1 && s.kw == 1 && s.sh == 1 && s.sw == 1 && s.pt == 0 && s.pl == 0 &&
                s.oh == s.ih && s.ow == s.iw;
  s.depthwise = s.G == C && s.M == C && s.Cg == 1;
  return s;
}

// [rows, cols] bytes -> [cols, rows], in tiles that stay in cache.
void QcTransposeBytes(const uint8_t* src, int64_t rows, int64_t cols, uint8_t* dst) {
  constexpr int64_t kTile = 64;
  for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
    const int64_t c1 = std::min(cols, c0 + kTile);
    for (int64_t r = 0; r < rows; ++r) {
      const uint8_t* s = src + r * cols;
      for (int64_t c = c0; c < c1; ++c) dst[c * rows + r] = s[c];
    }
  }
}

// Splits [0, n) over the pool when the work (n * per) is worth it.
template <typename Fn>
void QcParallel(ParallelRunner* pool, int64_t n, int64_t per, Fn&& fn) {
  if (pool && pool->threads() > 1 && n > 1 && n * per >= (1 << 15))
    pool->ParallelFor(n, [&](int64_t b, int64_t e) { fn(b, e); });
  else
    fn(int64_t{0}, n);
}

// im2col of output rows [y0, y1) of one group of an NHWC image: col[o, (ky*kw + kx)*Cg + c].
void QcIm2Col(const uint8_t* xh, const QcShape& s, int64_t grp, uint8_t pad, int64_t y0, int64_t y1,
              uint8_t* col) {
  // Without groups or dilation a row of taps inside the image is one run of kw * C bytes.
  const bool runs = s.G == 1 && s.dw == 1;
  const size_t run_bytes = static_cast<size_t>(s.kw * s.Cg);
  for (int64_t y = y0; y < y1; ++y)
    for (int64_t x = 0; x < s.ow; ++x) {
      uint8_t* row = col + (y * s.ow + x) * s.K;
      const int64_t ix0 = x * s.sw - s.pl;
      for (int64_t ky = 0; ky < s.kh; ++ky) {
        const int64_t iy = y * s.sh - s.pt + ky * s.dh;
        uint8_t* dst = row + ky * s.kw * s.Cg;
        if (iy < 0 || iy >= s.ih) {
          std::memset(dst, pad, run_bytes);
          continue;
        }
        if (runs && ix0 >= 0 && ix0 + s.kw <= s.iw) {
          std::memcpy(dst, xh + (iy * s.iw + ix0) * s.C, run_bytes);
          continue;
        }
        for (int64_t kx = 0; kx < s.kw; ++kx, dst += s.Cg) {
          const int64_t ix = ix0 + kx * s.dw;
          if (ix < 0 || ix >= s.iw)
            std::memset(dst, pad, static_cast<size_t>(s.Cg));
          else
            std::memcpy(dst, xh + (iy * s.iw + ix) * s.C + grp * s.Cg, static_cast<size_t>(s.Cg));
        }
      }
    }
}

// The taps of output position (y, x) that fall inside the image: their NHWC pixel offsets and
// kernel indices. Returns their count.
size_t QcTaps(const QcShape& s, int64_t y, int64_t x, int64_t* offs, int64_t* ks) {
  size_t nt = 0;
  for (int64_t ky = 0; ky < s.kh; ++ky) {
    const int64_t iy = y * s.sh - s.pt + ky * s.dh;
    if (iy < 0 || iy >= s.ih) continue;
    for (int64_t kx = 0; kx < s.kw; ++kx) {
      const int64_t ix = x * s.sw - s.pl + kx * s.dw;
      if (ix < 0 || ix >= s.iw) continue;
      offs[nt] = (iy * s.iw + ix) * s.C;
      ks[nt++] = ky * s.kw + kx;
    }
  }
  return nt;
}

// Depthwise sums of one position, eight channels at a time: out[c] = sum over the taps of
// (x - xzp) * wk[tap, c] (exact: |x - xzp| <= 255, |wk| <= 255, at most kIgemmMaxK taps). Returns
// the channels done.
template <bool kSigned>
__attribute__((target("avx2"))) int64_t QcDepthwiseAvx2(const uint8_t* xh, const int64_t* offs,
                                                        const int64_t* ks, size_t nt,
                                                        const int32_t* wk, int64_t C, int32_t xzp,
                                                        int32_t* out) {
  const __m256i vz = _mm256_set1_epi32(xzp);
  int64_t c = 0;
  for (; c + 8 <= C; c += 8) {
    __m256i sum = _mm256_setzero_si256();
    for (size_t t = 0; t < nt; ++t) {
      const __m128i b = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(xh + offs[t] + c));
      __m256i xv = kSigned ? _mm256_cvtepi8_epi32(b) : _mm256_cvtepu8_epi32(b);
      xv = _mm256_sub_epi32(xv, vz);
      const __m256i wv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(wk + ks[t] * C + c));
      sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(xv, wv));
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + c), sum);
  }
  return c;
}

// Depthwise: acc[o, c] = sum over the taps inside of (x - xzp) * wk[tap, c], wk = W - wzp[c],
// for the output rows [y0, y1).
void QcDepthwise(const uint8_t* xh, bool x_signed, const QcShape& s, const int32_t* wk, int32_t xzp,
                 int64_t y0, int64_t y1, int32_t* acc, bool avx2) {
  const int64_t C = s.C;
  std::vector<int64_t> offs(static_cast<size_t>(s.kh * s.kw)), ks(offs.size());
  for (int64_t y = y0; y < y1; ++y)
    for (int64_t x = 0; x < s.ow; ++x) {
      const size_t nt = QcTaps(s, y, x, offs.data(), ks.data());
      int32_t* out = acc + (y * s.ow + x) * C;
      int64_t c = 0;
      if (avx2)
        c = x_signed ? QcDepthwiseAvx2<true>(xh, offs.data(), ks.data(), nt, wk, C, xzp, out)
                     : QcDepthwiseAvx2<false>(xh, offs.data(), ks.data(), nt, wk, C, xzp, out);
      for (; c < C; ++c) {
        int32_t sum = 0;
        for (size_t t = 0; t < nt; ++t) {
          const uint8_t raw = xh[offs[t] + c];
          const int32_t xv = x_signed ? int32_t{static_cast<int8_t>(raw)} : int32_t{raw};
          sum += (xv - xzp) * wk[ks[t] * C + c];
        }
        out[c] = sum;
      }
    }
}

// Four lanes of the reference QLinearConv's requantization, each lane the scalar operations in
// their order: nearbyint((sum + bias[m]) * scale[m]) + yz, clamped to [lo, hi] (a NaN gives 0,
// as the x86 conversion would), as four int32.
__attribute__((target("avx2"), always_inline)) inline __m128i QcRequant4(const int32_t* s,
                                                                         const double* bias,
                                                                         const double* scale,
                                                                         __m256d vzy, __m256d lo,
                                                                         __m256d hi) {
  __m256d v = _mm256_cvtepi32_pd(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s)));
  v = _mm256_add_pd(v, _mm256_loadu_pd(bias));
  v = _mm256_mul_pd(v, _mm256_loadu_pd(scale));
  v = _mm256_round_pd(v, _MM_FROUND_CUR_DIRECTION);
  v = _mm256_add_pd(v, vzy);
  v = _mm256_and_pd(v, _mm256_cmp_pd(v, v, _CMP_ORD_Q));
  v = _mm256_min_pd(_mm256_max_pd(v, lo), hi);
  return _mm256_cvttpd_epi32(v);
}

// One output position's M sums (channels-last) requantized eight and four at a time; the values
// are in T's range before they are packed, so the saturating packs change nothing. Returns the
// channels done.
template <typename T>
__attribute__((target("avx2"))) int64_t QcRequantAvx2(const int32_t* s, const double* bias,
                                                      const double* scale, int64_t n, double yz,
                                                      T* out) {
  const __m256d vzy = _mm256_set1_pd(yz);
  const __m256d lo = _mm256_set1_pd(static_cast<double>(std::numeric_limits<T>::min()));
  const __m256d hi = _mm256_set1_pd(static_cast<double>(std::numeric_limits<T>::max()));
  auto pack = [](__m128i w) {
    return std::is_same_v<T, uint8_t> ? _mm_packus_epi16(w, w) : _mm_packs_epi16(w, w);
  };
  int64_t j = 0;
  for (; j + 8 <= n; j += 8) {
    const __m128i a = QcRequant4(s + j, bias + j, scale + j, vzy, lo, hi);
    const __m128i b = QcRequant4(s + j + 4, bias + j + 4, scale + j + 4, vzy, lo, hi);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + j), pack(_mm_packs_epi32(a, b)));
  }
  for (; j + 4 <= n; j += 4) {
    const __m128i a = QcRequant4(s + j, bias + j, scale + j, vzy, lo, hi);
    const int32_t four = _mm_cvtsi128_si32(pack(_mm_packs_epi32(a, a)));
    std::memcpy(out + j, &four, 4);
  }
  return j;
}

template <typename T>
void QcRequantRow(const int32_t* s, const double* bias, const double* scale, int64_t n, double yz,
                  bool avx2, T* out) {
  const int64_t done = avx2 ? QcRequantAvx2(s, bias, scale, n, yz, out) : 0;
  const double lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
  for (int64_t j = done; j < n; ++j) {
    const double acc = static_cast<double>(s[j]) + bias[j];
    const double q = std::nearbyint(acc * scale[j]) + yz;
    out[j] = std::isnan(q) ? T{0} : static_cast<T>(std::clamp(q, lo, hi));
  }
}

// The weights of one convolution, packed for Igemm (B [K, Mg] per group, rows (ky, kx, c)) or,
// for a depthwise one, as int32 [tap, C] minus the zero points.
struct QcWeights {
  std::vector<IgemmPackedB> packs;
};

std::shared_ptr<const QcWeights> QcPack(IgemmPath path, const Tensor& w, const QcShape& s) {
  auto out = std::make_shared<QcWeights>();
  const uint8_t* W = w.data<uint8_t>();
  const bool w_signed = w.dtype() == DataType::kInt8;
  const int64_t ksp = s.kh * s.kw;
  std::vector<uint8_t> b(static_cast<size_t>(s.K * s.Mg));
  for (int64_t grp = 0; grp < s.G; ++grp) {
    for (int64_t mg = 0; mg < s.Mg; ++mg)
      for (int64_t c = 0; c < s.Cg; ++c)
        for (int64_t k = 0; k < ksp; ++k)
          b[static_cast<size_t>((k * s.Cg + c) * s.Mg + mg)] =
              W[((grp * s.Mg + mg) * s.Cg + c) * ksp + k];
    out->packs.push_back(IgemmPackB(path, b.data(), w_signed, s.K, s.Mg, s.Mg));
  }
  return out;
}

class CpuIntConv final : public OpKernel {
 public:
  CpuIntConv(const ir::Node& node, bool qlinear)
      : qlinear_(qlinear),
        x_nhwc_(node.GetInt("x_channels_last", 0) != 0),
        y_nhwc_(node.GetInt("y_channels_last", 0) != 0) {
    if (const Tensor* w = ConstInput(node, qlinear ? 3 : 1); w && IsInt8Type(w->dtype())) w_ = *w;
  }

  Status Compute(OpKernelContext& ctx) const override {
    const size_t wi = qlinear_ ? 3 : 1;
    OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
    OL_ASSIGN_OR_RETURN(const Tensor* w, ctx.RequireTensor(wi));
    if (!IsInt8Type(x->dtype()) || !IsInt8Type(w->dtype()))
      return ctx.Decline("x and W are not uint8 / int8");
    const size_t rank = x->dims().size();
    if ((rank != 3 && rank != 4) || w->dims().size() != rank)
      return ctx.Decline("x and W are not both 3-D or both 4-D");
    if ((x_nhwc_ || y_nhwc_) && rank != 4) return ctx.Decline("a channels-last x or y is not 4-D");
    std::vector<int64_t> xd = x->dims();
    if (x_nhwc_) xd = {xd[0], xd[3], xd[1], xd[2]};
    const Tensor* bias = qlinear_ ? ctx.tensor(8) : nullptr;
    if (bias && (bias->dtype() != DataType::kInt32 || bias->numel() != w->dims()[0]))
      return ctx.Decline("the bias is not one int32 per output channel");
    OL_ASSIGN_OR_RETURN(ConvGeometry g, ConvGeometry::ForConv(ctx, xd, w->dims(), bias));
    const QcShape s = QcShapeOf(g, xd[0], xd[1], w->dims()[0]);
    if (s.K > kIgemmMaxK)
      return ctx.Decline("K " + std::to_string(s.K) + " is beyond " + std::to_string(kIgemmMaxK) +
                         " (int32 sums could saturate)");

    // Zero points (and QLinearConv's scales), as the reference takes them.
    int32_t xzp = 0;
    std::vector<int32_t> wzp;
    std::vector<double> scale, bias_d(static_cast<size_t>(s.M), 0.0);
    double yz = 0;
    DataType ytype = DataType::kInt32;
    if (qlinear_) {
      for (size_t i = 1; i < 8; ++i) OL_RETURN_IF_ERROR(ctx.RequireTensor(i).status());
      const Tensor &xs = *ctx.tensor(1), &xz = *ctx.tensor(2), &ws = *ctx.tensor(4);
      const Tensor &wz = *ctx.tensor(5), &ys = *ctx.tensor(6), &yzt = *ctx.tensor(7);
      for (const Tensor* t : {&xs, &ws, &ys})
        if (t->dtype() != DataType::kFloat) return ctx.Decline("a scale is not float32");
      if (xz.dtype() != x->dtype() || wz.dtype() != w->dtype() || !IsInt8Type(yzt.dtype()))
        return ctx.Decline("a zero point's type is not its tensor's");
      auto fits = [&](const Tensor& t, int64_t per) {
        return t.numel() == 1 || (per > 1 && t.numel() == per);
      };
      if (!fits(xs, 1) || !fits(xz, 1) || !fits(ws, s.M) || !fits(wz, s.M) || !fits(ys, 1) ||
          !fits(yzt, 1))
        return ctx.Decline("a quantization parameter has an unexpected count");
      xzp = QcValue(xz, 0);
      for (int64_t i = 0; i < wz.numel(); ++i) wzp.push_back(QcValue(wz, i));
      yz = static_cast<double>(QcValue(yzt, 0));
      ytype = yzt.dtype();
      // The reference's per-channel factor: x_scale * w_scale[m] / y_scale, in double.
      const double xsd = xs.data<float>()[0], ysd = ys.data<float>()[0];
      scale.resize(static_cast<size_t>(s.M));
      for (int64_t m = 0; m < s.M; ++m)
        scale[m] = xsd * static_cast<double>(ws.data<float>()[ws.numel() == 1 ? 0 : m]) / ysd;
      if (bias)
        for (int64_t m = 0; m < s.M; ++m) bias_d[m] = bias->data<int32_t>()[m];
    } else {
      const Tensor *xz = ctx.tensor(2), *wz = ctx.tensor(3);
      if (xz && xz->numel() > 0) {
        if (xz->dtype() != x->dtype() || xz->numel() != 1)
          return ctx.Decline("x_zero_point is not one value of x's type");
        xzp = QcValue(*xz, 0);
      }
      if (wz && wz->numel() > 0) {
        if (wz->dtype() != w->dtype() || (wz->numel() != 1 && wz->numel() != s.M))
          return ctx.Decline(
              "w_zero_point is neither one value nor one per output channel of "
              "W's type");
        for (int64_t i = 0; i < wz->numel(); ++i) wzp.push_back(QcValue(*wz, i));
      }
    }

    // Working memory: the NHWC image, the im2col rows and the int32 sums of one image.
    const int64_t col_bytes = s.pointwise || s.depthwise ? 0 : SaturatingMul(s.out_sp, s.K);
    if (!WorkspaceFits(SaturatingMul(s.in_sp, s.C) / 8 + 1) || !WorkspaceFits(col_bytes / 8 + 1) ||
        !WorkspaceFits(SaturatingMul(s.out_sp, s.M) / 2 + 1))
      return ctx.Decline("the working buffers would not fit in memory");

    std::vector<int64_t> ydims;
    if (y_nhwc_)
      ydims = {s.N, s.oh, s.ow, s.M};
    else
      ydims = {s.N, s.M, s.oh, s.ow};
    if (rank == 3) ydims = {s.N, s.M, s.ow};
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, ytype, ydims));
    if (y.numel() == 0) {
      ctx.SetOutput(0, std::move(y));
      return Status::Ok();
    }

    const bool x_signed = x->dtype() == DataType::kInt8;
    const bool avx2 = IsaAllows(Isa::kAvx2);
    const IgemmPath path = BestIgemmPath();
    std::shared_ptr<const QcWeights> packs;
    std::vector<int32_t> wk;
    if (s.depthwise) {
      // int32 [tap, C]: W - w_zero_point[c].
      const int64_t ksp = s.kh * s.kw;
      wk.resize(static_cast<size_t>(ksp * s.C));
      for (int64_t c = 0; c < s.C; ++c) {
        const int32_t z = wzp.empty() ? 0 : wzp[wzp.size() == 1 ? 0 : c];
        for (int64_t k = 0; k < ksp; ++k) wk[k * s.C + c] = QcValue(*w, c * ksp + k) - z;
      }
    } else if (s.K > 0) {
      packs = Packs(path, *w, s);
    }

    // Scratch from the session's allocator (its arena keeps them between runs), not zeroed.
    OL_ASSIGN_OR_RETURN(Tensor xh_t,
                        NewTensor(ctx, DataType::kUint8, {x_nhwc_ ? 0 : s.in_sp * s.C}));
    OL_ASSIGN_OR_RETURN(Tensor col_t, NewTensor(ctx, DataType::kUint8, {col_bytes}));
    OL_ASSIGN_OR_RETURN(Tensor acc_t, NewTensor(ctx, DataType::kInt32, {s.out_sp * s.M}));
    OL_ASSIGN_OR_RETURN(
        Tensor yq_t, NewTensor(ctx, DataType::kUint8, {qlinear_ && !y_nhwc_ ? s.out_sp * s.M : 0}));
    uint8_t* const xh_buf = xh_t.mutable_data<uint8_t>();
    uint8_t* const col = col_t.mutable_data<uint8_t>();
    int32_t* const acc = acc_t.mutable_data<int32_t>();
    uint8_t* const yq = yq_t.mutable_data<uint8_t>();
    const uint8_t pad = static_cast<uint8_t>(xzp);
    ParallelRunner* pool = ctx.pool();
    for (int64_t n = 0; n < s.N; ++n) {
      const uint8_t* xn = x->data<uint8_t>() + n * s.C * s.in_sp;
      const uint8_t* xh = xn;
      if (!x_nhwc_) {
        QcParallel(pool, s.C, s.in_sp, [&](int64_t b, int64_t e) {
          // Channel range [b, e) of every position: tiles of positions keep the writes in cache.
          constexpr int64_t kTile = 64;
          for (int64_t p0 = 0; p0 < s.in_sp; p0 += kTile) {
            const int64_t p1 = std::min(s.in_sp, p0 + kTile);
            for (int64_t c = b; c < e; ++c) {
              const uint8_t* src = xn + c * s.in_sp;
              for (int64_t p = p0; p < p1; ++p) xh_buf[p * s.C + c] = src[p];
            }
          }
        });
        xh = xh_buf;
      }
      if (s.K == 0) {
        std::fill(acc, acc + s.out_sp * s.M, 0);  // no input channels: every sum is empty
      } else if (s.depthwise) {
        QcParallel(pool, s.oh, s.ow * s.C * s.kh * s.kw, [&](int64_t b, int64_t e) {
          QcDepthwise(xh, x_signed, s, wk.data(), xzp, b, e, acc, avx2);
        });
      } else {
        for (int64_t grp = 0; grp < s.G; ++grp) {
          const uint8_t* a = xh + grp * s.Cg;
          int64_t lda = s.C;
          if (!s.pointwise) {
            QcParallel(pool, s.oh, s.ow * s.K,
                       [&](int64_t b, int64_t e) { QcIm2Col(xh, s, grp, pad, b, e, col); });
            a = col;
            lda = s.K;
          }
          IgemmZeroPoints zp;
          zp.a = &xzp;
          zp.a_count = 1;
          if (!wzp.empty()) {
            zp.b = wzp.data() + (wzp.size() == 1 ? 0 : grp * s.Mg);
            zp.b_count = wzp.size() == 1 ? 1 : s.Mg;
          }
          Igemm(pool, s.out_sp, a, x_signed, lda, packs->packs[static_cast<size_t>(grp)], zp,
                acc + grp * s.Mg, s.M);
        }
      }
      // acc [out_sp, M] -> y.
      if (!qlinear_) {
        int32_t* yn = y.mutable_data<int32_t>() + n * s.M * s.out_sp;
        QcParallel(pool, s.M, s.out_sp, [&](int64_t b, int64_t e) {
          for (int64_t m = b; m < e; ++m)
            for (int64_t o = 0; o < s.out_sp; ++o) yn[m * s.out_sp + o] = acc[o * s.M + m];
        });
        continue;
      }
      uint8_t* yn = static_cast<uint8_t*>(y.mutable_raw()) + n * s.M * s.out_sp;
      uint8_t* dst = y_nhwc_ ? yn : yq;
      QcParallel(pool, s.out_sp, s.M * 4, [&](int64_t b, int64_t e) {
        for (int64_t o = b; o < e; ++o) {
          if (ytype == DataType::kInt8)
            QcRequantRow(acc + o * s.M, bias_d.data(), scale.data(), s.M, yz, avx2,
                         reinterpret_cast<int8_t*>(dst) + o * s.M);
          else
            QcRequantRow(acc + o * s.M, bias_d.data(), scale.data(), s.M, yz, avx2, dst + o * s.M);
        }
      });
      if (!y_nhwc_) QcTransposeBytes(yq, s.out_sp, s.M, yn);
    }
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

 private:
  // The packed weights: made once per path from the initializer (same type and dims), else from
  // this run's W.
  std::shared_ptr<const QcWeights> Packs(IgemmPath path, const Tensor& w, const QcShape& s) const {
    if (!w_ || w_->dtype() != w.dtype() || w_->dims() != w.dims()) return QcPack(path, w, s);
    std::lock_guard<std::mutex> lock(mu_);
    auto it = packs_.find(path);
    if (it != packs_.end()) return it->second;
    auto made = QcPack(path, *w_, s);
    packs_[path] = made;
    return made;
  }

  bool qlinear_, x_nhwc_, y_nhwc_;
  std::optional<Tensor> w_;
  mutable std::mutex mu_;
  mutable std::map<IgemmPath, std::shared_ptr<const QcWeights>> packs_;
};

// Creation-time checks: W's type and the rank the graph already tells.
Capability QcKnown(const ir::Node& n, size_t w_index) {
  for (size_t i : {size_t{0}, w_index}) {
    const ir::Value* v = i < n.inputs().size() ? n.input(i) : nullptr;
    if (!v || !v->type().is_tensor()) continue;
    const DataType t = v->type().elem_type;
    if (t != DataType::kUndefined && !IsInt8Type(t))
      return Capability::Decline(DeclineReason::kDataType,
                                 "the cpu " + n.op_type() + " kernel takes uint8 / int8 x and W, " +
                                     Quote(v->name()) + " is " + std::string(ir::DataTypeName(t)));
    if (v->type().shape && v->type().shape->size() != 3 && v->type().shape->size() != 4)
      return Capability::Decline(DeclineReason::kRank, "the cpu " + n.op_type() +
                                                           " kernel takes 1-D and 2-D "
                                                           "convolutions (rank 3 or 4)");
  }
  return Capability::Accept();
}

void QcRegister(KernelRegistry& r, const char* domain, int since, bool qlinear) {
  const char* op = qlinear ? "QLinearConv" : "ConvInteger";
  r.Register({domain,
              op,
              since,
              1000,
              kCpuProvider,
              {DataType::kUint8, DataType::kInt8},
              [qlinear](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                return std::unique_ptr<OpKernel>(std::make_unique<CpuIntConv>(info.node, qlinear));
              }});
  r.SetCheck(domain, op, kCpuProvider,
             [qlinear](const KernelInfo& info) { return QcKnown(info.node, qlinear ? 3 : 1); });
}

}  // namespace

void RegisterCpuConvIntegerKernels(KernelRegistry& r) {
  QcRegister(r, "", 10, false);
  QcRegister(r, "", 10, true);
  QcRegister(r, "com.onnxlens", 1, true);
}

}  // namespace onnxlens::kernels
