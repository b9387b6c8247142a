// CPU DFT and STFT (opset 17, float32): the reference kernels' checks (CheckDftInputs,
// CheckStftInputs), then an FFT in double: iterative radix-2 for powers of two, Bluestein's
// chirp-z (a convolution through a power-of-two FFT) for other lengths. The twiddles and chirps
// of a length are computed once per run, with exactly reduced angles; the signals (DFT) or
// frames (STFT) are split over the intra-op pool, each thread with its own scratch.
// MelWeightMatrix stays on the reference kernel (it is a constant).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernels/cpu/cpu_util.h"
#include "kernels/parallel.h"
#include "kernels/reference/reference_kernels.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

constexpr double kPi = 3.141592653589793238462643383279502884;

struct Cx {
  double re, im;
};

inline Cx Mul(Cx a, Cx b) { return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }

// exp(-2 pi i k / n) for 0 <= k < n (k already reduced).
Cx Twiddle(int64_t k, int64_t n) {
  const double angle = -2.0 * kPi * static_cast<double>(k) / static_cast<double>(n);
  return {std::cos(angle), std::sin(angle)};
}

int64_t NextPow2(int64_t n) {
  int64_t m = 1;
  while (m < n) m <<= 1;
  return m;
}

// A forward power-of-two FFT of length m, in place.
class Radix2 {
 public:
  explicit Radix2(int64_t m)
      : m_(m), rev_(static_cast<size_t>(m)), tw_(static_cast<size_t>(m / 2)) {
    int bits = 0;
    while ((int64_t{1} << bits) < m) ++bits;
    for (int64_t i = 0; i < m; ++i) {
      int64_t r = 0;
      for (int b = 0; b < bits; ++b) r |= ((i >> b) & 1) << (bits - 1 - b);
      rev_[i] = r;
    }
    for (int64_t k = 0; k < m / 2; ++k) tw_[k] = Twiddle(k, m);
  }

  void Run(Cx* a) const {
    for (int64_t i = 0; i < m_; ++i)
      if (i < rev_[i]) std::swap(a[i], a[rev_[i]]);
    for (int64_t len = 2; len <= m_; len <<= 1) {
      const int64_t half = len / 2, step = m_ / len;
      for (int64_t i = 0; i < m_; i += len) {
        Cx* lo = a + i;
        Cx* hi = a + i + half;
        for (int64_t j = 0; j < half; ++j) {
          const Cx v = Mul(hi[j], tw_[j * step]);
          const Cx u = lo[j];
          lo[j] = {u.re + v.re, u.im + v.im};
          hi[j] = {u.re - v.re, u.im - v.im};
        }
      }
    }
  }

  int64_t size() const { return m_; }

 private:
  int64_t m_;
  std::vector<int64_t> rev_;
  std::vector<Cx> tw_;
};

// The forward DFT of any length n >= 1: radix-2 when n is a power of two, else Bluestein.
class Fft {
 public:
  explicit Fft(int64_t n) : n_(n), pow2_((n & (n - 1)) == 0), r2_(pow2_ ? n : NextPow2(2 * n - 1)) {
    if (pow2_) return;
    const int64_t m = r2_.size();
    // chirp_[k] = exp(-i pi k^2 / n), k^2 reduced mod 2n exactly (incrementally, no overflow).
    chirp_.resize(static_cast<size_t>(n));
    int64_t sq = 0;  // k^2 mod 2n
    for (int64_t k = 0; k < n; ++k) {
      chirp_[k] = Twiddle(sq, 2 * n);
      sq = (sq + 2 * k + 1) % (2 * n);
    }
    // The filter conj(chirp) at 0..n-1 and its mirror at m-n+1..m-1, transformed once.
    filter_.assign(static_cast<size_t>(m), Cx{0, 0});
    for (int64_t k = 0; k < n; ++k) {
      const Cx c = {chirp_[k].re, -chirp_[k].im};
      filter_[k] = c;
      if (k > 0) filter_[m - k] = c;
    }
    r2_.Run(filter_.data());
  }

  /// Complex values Scratch() needs.
  int64_t ScratchSize() const { return pow2_ ? 0 : r2_.size(); }
  /// The 8-byte words this plan holds (for the workspace check before it is built).
  static int64_t PlanWords(int64_t n) {
    const bool pow2 = (n & (n - 1)) == 0;
    const int64_t m = pow2 ? n : NextPow2(2 * n - 1);
    return m + m + (pow2 ? 0 : 2 * n + 2 * m);  // rev + twiddles (+ chirp + filter)
  }

  /// a[0..n) <- DFT(a[0..n)); `scratch` has ScratchSize() values.
  void Run(Cx* a, Cx* scratch) const {
    if (pow2_) {
      r2_.Run(a);
      return;
    }
    const int64_t m = r2_.size();
    for (int64_t k = 0; k < n_; ++k) scratch[k] = Mul(a[k], chirp_[k]);
    std::fill(scratch + n_, scratch + m, Cx{0, 0});
    r2_.Run(scratch);
    // The product, conjugated: the inverse transform as a forward one of the conjugate.
    for (int64_t k = 0; k < m; ++k) {
      const Cx p = Mul(scratch[k], filter_[k]);
      scratch[k] = {p.re, -p.im};
    }
    r2_.Run(scratch);
    const double scale = 1.0 / static_cast<double>(m);
    for (int64_t k = 0; k < n_; ++k) {
      const Cx conv = {scratch[k].re * scale, -scratch[k].im * scale};
      a[k] = Mul(conv, chirp_[k]);
    }
  }

 private:
  int64_t n_;
  bool pow2_;
  Radix2 r2_;
  std::vector<Cx> chirp_, filter_;
};

// Splits `count` transforms over the pool; fn(begin, end, buffer, scratch) with per-chunk
// buffers of n and scratch values.
template <typename Fn>
void ForEachTransform(OpKernelContext& ctx, int64_t count, int64_t n, int64_t scratch,
                      int64_t work_per_item, Fn fn) {
  auto run = [&](int64_t b, int64_t e) {
    std::vector<Cx> buf(static_cast<size_t>(n)), scr(static_cast<size_t>(scratch));
    fn(b, e, buf.data(), scr.data());
  };
  if (ctx.pool() && ctx.pool()->threads() > 1 && count > 1 && count * work_per_item >= 16384)
    ctx.pool()->ParallelFor(count, run);
  else
    run(0, count);
}

Status CheckPlan(const OpKernelContext& ctx, int64_t n) {
  // plan + one buffer and one scratch per chunk running at once (a thread each; complex: 2 words)
  const int64_t threads = ctx.pool() ? std::max<int64_t>(1, ctx.pool()->threads()) : 1;
  const int64_t words = Fft::PlanWords(n) + threads * 2 * 2 * (n + NextPow2(2 * n));
  OL_RETURN_IF_ERROR(CheckWorkspace(ctx, words, "the FFT of length " + std::to_string(n)));
  // The plan and buffers are std::vectors the session's allocator does not see: checked against
  // its memory budget beside the output already made.
  return CheckScratch(ctx, static_cast<uint64_t>(words) * 8,
                      "the FFT plan and buffers of length " + std::to_string(n));
}

Status CpuDft(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  OL_ASSIGN_OR_RETURN(const DftArgs a, CheckDftInputs(ctx, *x));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, a.out_dims));
  const int64_t signals = a.outer * a.inner;
  if (signals == 0 || a.bins == 0) {
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  OL_RETURN_IF_ERROR(CheckPlan(ctx, a.n));
  const Fft fft(a.n);
  const float* X = x->data<float>();
  float* Y = y.mutable_data<float>();
  const int64_t keep = std::min(a.len, a.n), n = a.n, inner = a.inner, comp = a.comp;
  const double scale = a.inverse ? 1.0 / static_cast<double>(n) : 1.0;
  const double sign = a.inverse ? -1.0 : 1.0;  // an inverse DFT is conj(DFT(conj(x))) / n
  ForEachTransform(ctx, signals, n, fft.ScratchSize(), n * 8,
                   [&](int64_t b, int64_t e, Cx* buf, Cx* scr) {
                     for (int64_t s = b; s < e; ++s) {
                       const int64_t o = s / inner, i = s % inner;
                       for (int64_t t = 0; t < keep; ++t) {
                         const float* v = X + ((o * a.len + t) * inner + i) * comp;
                         buf[t] = {v[0], comp == 2 ? sign * v[1] : 0.0};
                       }
                       std::fill(buf + keep, buf + n, Cx{0, 0});
                       fft.Run(buf, scr);
                       for (int64_t k = 0; k < a.bins; ++k) {
                         float* out = Y + ((o * a.bins + k) * inner + i) * 2;
                         out[0] = static_cast<float>(buf[k].re * scale);
                         out[1] = static_cast<float>(sign * buf[k].im * scale);
                       }
                     }
                   });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status CpuStft(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  OL_ASSIGN_OR_RETURN(const StftArgs a, CheckStftInputs(ctx, *x));
  if (a.window) OL_RETURN_IF_ERROR(NeedFloat(ctx, *a.window));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, a.out_dims));
  const int64_t count = a.batch * a.frames;
  if (count == 0) {
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  // frame <= len: the signal bounds the plan.
  OL_RETURN_IF_ERROR(CheckPlan(ctx, a.frame));
  const Fft fft(a.frame);
  const float* X = x->data<float>();
  const float* win = a.window ? a.window->data<float>() : nullptr;
  float* Y = y.mutable_data<float>();
  const int64_t frame = a.frame, comp = a.comp;
  ForEachTransform(ctx, count, frame, fft.ScratchSize(), frame * 8,
                   [&](int64_t b, int64_t e, Cx* buf, Cx* scr) {
                     for (int64_t s = b; s < e; ++s) {
                       const int64_t batch = s / a.frames, f = s % a.frames;
                       const float* v = X + (batch * a.len + f * a.step) * comp;
                       for (int64_t t = 0; t < frame; ++t) {
                         const double w = win ? static_cast<double>(win[t]) : 1.0;
                         buf[t] = {v[t * comp] * w, comp == 2 ? v[t * comp + 1] * w : 0.0};
                       }
                       fft.Run(buf, scr);
                       float* out = Y + s * a.bins * 2;
                       for (int64_t k = 0; k < a.bins; ++k) {
                         out[2 * k] = static_cast<float>(buf[k].re);
                         out[2 * k + 1] = static_cast<float>(buf[k].im);
                       }
                     }
                   });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterCpuSpectralKernels(KernelRegistry& r) {
  AddCpu(r, "DFT", 17, CpuDft);
  AddCpu(r, "STFT", 17, CpuStft);
}

}  // namespace onnxlens::kernels
