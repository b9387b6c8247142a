// Reference signal-processing ops of opset 17: DFT (forward / inverse, real or complex input,
// onesided, zero-padded or truncated to dft_length), STFT (framed, optionally windowed, onesided)
// and MelWeightMatrix (ONNX's triangular mel filter bank). Plain O(n^2) transforms in double with
// exactly reduced twiddle angles: this is the oracle, not the fast path.
#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

constexpr double kTwoPi = 6.283185307179586476925286766559;

// One length-n transform of `in` (n_in complex values, the rest zero) into `bins` outputs. O(n^2):
// a long signal takes hours, so cancellation and the run's time cap are polled every 64 bins.
Status Transform(const OpKernelContext& ctx, const std::vector<double>& re,
                 const std::vector<double>& im, int64_t n, bool inverse, int64_t bins,
                 std::vector<double>& out_re, std::vector<double>& out_im) {
  const int64_t n_in = std::min<int64_t>(n, static_cast<int64_t>(re.size()));
  const double sign = inverse ? 1.0 : -1.0;
  for (int64_t k = 0; k < bins; ++k) {
    if (k % 64 == 0) OL_RETURN_IF_ERROR(ctx.CheckStop());
    double sr = 0, si = 0;
    for (int64_t t = 0; t < n_in; ++t) {
      const double angle =
          sign * kTwoPi * static_cast<double>((k * t) % n) / static_cast<double>(n);
      const double c = std::cos(angle), s = std::sin(angle);
      sr += re[t] * c - im[t] * s;
      si += re[t] * s + im[t] * c;
    }
    if (inverse) {
      sr /= static_cast<double>(n);
      si /= static_cast<double>(n);
    }
    out_re[k] = sr;
    out_im[k] = si;
  }
  return Status::Ok();
}

// The doubles a kernel computes in (`doubles`) and its output of `out_elements` of `out_type`
// are alive at once: checked together against the session's memory budget before either is made
// (the std::vectors are not the allocator's, so it would not see them otherwise).
Status CheckDoubleWorkspace(const OpKernelContext& ctx, uint64_t doubles, int64_t out_elements,
                            DataType out_type, std::string_view what) {
  uint64_t bytes = 0, out_bytes = 0;
  if (__builtin_mul_overflow(doubles, uint64_t{sizeof(double)}, &bytes) ||
      __builtin_mul_overflow(static_cast<uint64_t>(std::max<int64_t>(out_elements, 0)),
                             uint64_t{ElementSize(out_type)}, &out_bytes) ||
      __builtin_add_overflow(bytes, out_bytes, &bytes))
    bytes = UINT64_MAX;
  return CheckScratch(ctx, bytes, what);
}

Expected<int64_t> OptionalLength(const OpKernelContext& ctx, size_t slot, const char* what,
                                 int64_t fallback) {
  const Tensor* t = ctx.tensor(slot);
  if (!t || t->numel() == 0) return fallback;
  if (t->numel() != 1)
    return ctx.Error(std::string(what) + " must be a scalar, has shape " + ShapeString(t->dims()));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> v, ReadInts(ctx, *t, what));
  if (v[0] <= 0)
    return ctx.Error(std::string(what) + " must be positive, got " + std::to_string(v[0]));
  return v[0];
}

Status CheckComplexDim(const OpKernelContext& ctx, const Tensor& x, size_t min_rank,
                       const char* what) {
  if (x.dims().size() < min_rank || (x.dims().back() != 1 && x.dims().back() != 2))
    return ctx.Error(std::string(what) + " has shape " + ShapeString(x.dims()) +
                     ", expected rank >= " + std::to_string(min_rank) +
                     " with a last dimension of 1 (real) or 2 (complex)");
  return Status::Ok();
}

}  // namespace

Expected<DftArgs> CheckDftInputs(const OpKernelContext& ctx, const Tensor& x) {
  OL_RETURN_IF_ERROR(CheckComplexDim(ctx, x, 3, "input"));
  DftArgs a;
  const int64_t rank = static_cast<int64_t>(x.dims().size());
  a.axis = ctx.node().GetInt("axis", 1);
  if (a.axis < 0) a.axis += rank - 1;
  if (a.axis < 1 || a.axis > rank - 2)
    return ctx.Error("axis " + std::to_string(ctx.node().GetInt("axis", 1)) +
                     " is not a signal axis of input of shape " + ShapeString(x.dims()));
  const int64_t inverse = ctx.node().GetInt("inverse", 0);
  const int64_t onesided = ctx.node().GetInt("onesided", 0);
  if ((inverse != 0 && inverse != 1) || (onesided != 0 && onesided != 1))
    return ctx.Error("inverse and onesided must be 0 or 1");
  a.inverse = inverse == 1;
  a.len = x.dims()[a.axis];
  OL_ASSIGN_OR_RETURN(a.n, OptionalLength(ctx, 1, "dft_length", a.len));
  if (a.len == 0 && a.n == 0) return ctx.Error("the signal axis is empty");
  a.bins = onesided ? a.n / 2 + 1 : a.n;
  a.out_dims = x.dims();
  a.out_dims[a.axis] = a.bins;
  a.out_dims.back() = 2;
  OL_ASSIGN_OR_RETURN(a.total, CheckOutputSize(ctx, a.out_dims, "output"));
  a.comp = x.dims().back();
  for (int64_t d = 0; d < a.axis; ++d) a.outer *= x.dims()[d];
  for (int64_t d = a.axis + 1; d < rank - 1; ++d) a.inner *= x.dims()[d];
  return a;
}

Expected<StftArgs> CheckStftInputs(const OpKernelContext& ctx, const Tensor& x) {
  OL_RETURN_IF_ERROR(CheckComplexDim(ctx, x, 3, "signal"));
  if (x.dims().size() != 3)
    return ctx.Error("signal has shape " + ShapeString(x.dims()) +
                     ", expected [batch, length, 1 or 2]");
  StftArgs a;
  const int64_t onesided = ctx.node().GetInt("onesided", 1);
  if (onesided != 0 && onesided != 1) return ctx.Error("onesided must be 0 or 1");
  OL_RETURN_IF_ERROR(ctx.RequireTensor(1).status());
  OL_ASSIGN_OR_RETURN(a.step, OptionalLength(ctx, 1, "frame_step", 0));
  if (a.step <= 0) return ctx.Error("frame_step must be a positive scalar");
  a.window = ctx.tensor(2);
  if (a.window && a.window->dims().size() != 1)
    return ctx.Error("window has shape " + ShapeString(a.window->dims()) + ", expected 1-D");
  const int64_t wlen = a.window ? a.window->dims()[0] : 0;
  OL_ASSIGN_OR_RETURN(a.frame, OptionalLength(ctx, 3, "frame_length", wlen));
  if (a.frame <= 0) return ctx.Error("needs a window or a frame_length");
  if (a.window && wlen != a.frame)
    return ctx.Error("window has " + std::to_string(wlen) + " values for frame_length " +
                     std::to_string(a.frame));
  a.batch = x.dims()[0];
  a.len = x.dims()[1];
  a.comp = x.dims()[2];
  if (a.frame > a.len)
    return ctx.Error("frame_length " + std::to_string(a.frame) + " is longer than the signal (" +
                     std::to_string(a.len) + ")");
  a.frames = (a.len - a.frame) / a.step + 1;
  a.bins = onesided ? a.frame / 2 + 1 : a.frame;
  a.out_dims = {a.batch, a.frames, a.bins, 2};
  OL_ASSIGN_OR_RETURN(a.total, CheckOutputSize(ctx, a.out_dims, "output"));
  return a;
}

namespace {

Status Dft(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const DftArgs a, CheckDftInputs(ctx, *x));
  const int64_t len = a.len, n = a.n, bins = a.bins, outer = a.outer, inner = a.inner;
  const int64_t comp = a.comp;
  if (a.total == 0) {  // no signals: dft_length may be anything, allocate nothing of its size
    OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, {}, a.out_dims, x->dtype()));
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  OL_RETURN_IF_ERROR(CheckDoubleWorkspace(
      ctx,
      static_cast<uint64_t>(a.total) + static_cast<uint64_t>(x->numel()) +
          2 * static_cast<uint64_t>(std::min(len, n)) + 2 * static_cast<uint64_t>(bins),
      a.total, x->dtype(), "the DFT's double workspace and output"));
  std::vector<double> out(static_cast<size_t>(a.total));
  const std::vector<double> in = ToDoubles(*x);
  const int64_t keep = std::min(len, n);
  std::vector<double> re(keep), im(keep), ore(bins), oim(bins);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      for (int64_t t = 0; t < keep; ++t) {
        const int64_t base = ((o * len + t) * inner + i) * comp;
        re[t] = in[base];
        im[t] = comp == 2 ? in[base + 1] : 0.0;
      }
      OL_RETURN_IF_ERROR(Transform(ctx, re, im, n, a.inverse, bins, ore, oim));
      for (int64_t k = 0; k < bins; ++k) {
        const int64_t base = ((o * bins + k) * inner + i) * 2;
        out[base] = ore[k];
        out[base + 1] = oim[k];
      }
    }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, out, a.out_dims, x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Stft(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const StftArgs a, CheckStftInputs(ctx, *x));
  const int64_t B = a.batch, L = a.len, comp = a.comp, step = a.step, frame = a.frame;
  const int64_t frames = a.frames, bins = a.bins;
  OL_RETURN_IF_ERROR(
      CheckDoubleWorkspace(ctx,
                           static_cast<uint64_t>(a.total) + static_cast<uint64_t>(x->numel()) +
                               3 * static_cast<uint64_t>(frame) + 2 * static_cast<uint64_t>(bins),
                           a.total, x->dtype(), "the STFT's double workspace and output"));
  std::vector<double> out(static_cast<size_t>(a.total));
  const std::vector<double> in = ToDoubles(*x);
  const std::vector<double> w = a.window ? ToDoubles(*a.window) : std::vector<double>(frame, 1.0);
  std::vector<double> re(frame), im(frame), ore(bins), oim(bins);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t f = 0; f < frames; ++f) {
      for (int64_t t = 0; t < frame; ++t) {
        const int64_t base = (b * L + f * step + t) * comp;
        re[t] = in[base] * w[t];
        im[t] = comp == 2 ? in[base + 1] * w[t] : 0.0;
      }
      OL_RETURN_IF_ERROR(Transform(ctx, re, im, frame, false, bins, ore, oim));
      for (int64_t k = 0; k < bins; ++k) {
        const int64_t base = ((b * frames + f) * bins + k) * 2;
        out[base] = ore[k];
        out[base + 1] = oim[k];
      }
    }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, out, a.out_dims, x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status MelWeightMatrix(OpKernelContext& ctx, int64_t) {
  const char* names[] = {"num_mel_bins", "dft_length", "sample_rate", "lower_edge_hertz",
                         "upper_edge_hertz"};
  double v[5];
  for (size_t i = 0; i < 5; ++i) {
    OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(i));
    if (t->numel() != 1)
      return ctx.Error(std::string(names[i]) + " must be a scalar, has shape " +
                       ShapeString(t->dims()));
    OL_ASSIGN_OR_RETURN(v[i], ReadScalar(ctx, *t, names[i]));
  }
  for (size_t i = 0; i < 3; ++i)
    if (!(v[i] >= 1 && v[i] <= 1e9))
      return ctx.Error(std::string(names[i]) + " must be a positive count up to 1e9, got " +
                       std::to_string(v[i]));
  const int64_t mels = static_cast<int64_t>(v[0]), dft = static_cast<int64_t>(v[1]),
                rate = static_cast<int64_t>(v[2]);
  const double lo = v[3], hi = v[4];
  if (mels <= 0 || dft <= 0 || rate <= 0)
    return ctx.Error("num_mel_bins, dft_length and sample_rate must be positive");
  if (!(lo >= 0) || !(hi >= lo) || !std::isfinite(hi))
    return ctx.Error("the edges must satisfy 0 <= lower_edge_hertz <= upper_edge_hertz");
  const auto type = static_cast<DataType>(ctx.node().GetInt("output_datatype", 1));
  const int64_t spec_bins = dft / 2 + 1;
  const std::vector<int64_t> out_dims = {spec_bins, mels};
  OL_ASSIGN_OR_RETURN(const int64_t total, CheckOutputSize(ctx, out_dims, "output"));
  // ONNX's reference: num_mel_bins + 2 points evenly spaced in mel (its step divides by the
  // point count), mapped back to hertz and to a spectrogram bin.
  const double lo_mel = 2595 * std::log10(1 + lo / 700), hi_mel = 2595 * std::log10(1 + hi / 700);
  const double step = (hi_mel - lo_mel) / static_cast<double>(mels + 2);
  std::vector<int64_t> bin(static_cast<size_t>(mels + 2));
  for (int64_t i = 0; i < mels + 2; ++i) {
    const double hz = 700 * (std::pow(10.0, (static_cast<double>(i) * step + lo_mel) / 2595) - 1);
    bin[i] = static_cast<int64_t>(std::floor(static_cast<double>(dft + 1) * hz / rate));
    if (bin[i] < 0 || bin[i] > spec_bins - (i == mels + 1 ? 0 : 1))
      return ctx.Error("upper_edge_hertz " + std::to_string(hi) + " maps past the spectrogram's " +
                       std::to_string(spec_bins) + " bins");
  }
  OL_RETURN_IF_ERROR(CheckDoubleWorkspace(ctx, static_cast<uint64_t>(total), total, type,
                                          "the mel weight matrix's double workspace and output"));
  std::vector<double> out(static_cast<size_t>(total), 0.0);
  for (int64_t i = 0; i < mels; ++i) {
    const int64_t left = bin[i], center = bin[i + 1], right = bin[i + 2];
    if (center == left) {
      out[center * mels + i] = 1;
    } else {
      for (int64_t j = left; j <= center; ++j)
        out[j * mels + i] = static_cast<double>(j - left) / static_cast<double>(center - left);
    }
    if (right > center)
      for (int64_t j = center; j < right; ++j)
        out[j * mels + i] = static_cast<double>(right - j) / static_cast<double>(right - center);
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, out, out_dims, type));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterSpectralKernels(KernelRegistry& r) {
  AddKernel(r, "", "DFT", 17, Dft);
  AddKernel(r, "", "STFT", 17, Stft);
  AddKernel(r, "", "MelWeightMatrix", 17, MelWeightMatrix);
}

}  // namespace onnxlens::kernels
