// Reference convolution (Conv, ConvTranspose, ConvInteger, QLinearConv) and pooling (MaxPool with
// indices, AveragePool, LpPool, the Global* pools), N-dimensional, with ONNX's auto_pad / ceil_mode
// / dilation rules.
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "kernels/fused_activation.h"
#include "kernels/reference/conv_util.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

// Iterates all multi-indices of `dims` (row-major), calling fn(linear, index).
template <typename Fn>
void ForEachIndex(const std::vector<int64_t>& dims, Fn&& fn) {
  int64_t total = 1;
  for (int64_t d : dims) total *= d;
  std::vector<int64_t> idx(dims.size(), 0);
  for (int64_t lin = 0; lin < total; ++lin) {
    fn(lin, idx);
    for (size_t d = dims.size(); d-- > 0;) {
      if (++idx[d] < dims[d]) break;
      idx[d] = 0;
    }
  }
}

template <typename T>
Status ConvT(OpKernelContext& ctx, const Tensor& x, const Tensor& w, const Tensor* b,
             const ConvGeometry& g, Tensor* y) {
  const int64_t N = x.dims()[0], C = x.dims()[1], M = w.dims()[0];
  const int64_t group = g.group, Cg = C / group, Mg = M / group;
  const size_t r = g.kernel.size();
  const T* X = x.data<T>();
  const T* W = w.data<T>();
  T* Y = y->mutable_data<T>();
  const int64_t in_sp = g.InSize(), out_sp = g.OutSize(), k_sp = g.KernelSize();
  OL_RETURN_IF_ERROR(
      CheckWorkspace(ctx, SaturatingMul(out_sp, k_sp), "the convolution's tap table"));
  std::vector<int64_t> in_off(static_cast<size_t>(out_sp * k_sp), -1);
  // For each output position and kernel tap, the input spatial offset (or -1 when in padding).
  ForEachIndex(g.out, [&](int64_t o, const std::vector<int64_t>& oi) {
    ForEachIndex(g.kernel, [&](int64_t k, const std::vector<int64_t>& ki) {
      int64_t off = 0;
      for (size_t d = 0; d < r; ++d) {
        const int64_t pos = oi[d] * g.strides[d] - g.pads[d] + ki[d] * g.dilations[d];
        if (pos < 0 || pos >= g.in[d]) return;
        off = off * g.in[d] + pos;
      }
      in_off[o * k_sp + k] = off;
    });
  });
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m) {
      const int64_t grp = m / Mg;
      for (int64_t o = 0; o < out_sp; ++o) {
        double acc = b ? double(b->data<T>()[m]) : 0.0;
        for (int64_t c = 0; c < Cg; ++c) {
          const T* xc = X + (n * C + grp * Cg + c) * in_sp;
          const T* wc = W + (m * Cg + c) * k_sp;
          for (int64_t k = 0; k < k_sp; ++k) {
            const int64_t off = in_off[o * k_sp + k];
            if (off >= 0) acc += double(xc[off]) * double(wc[k]);
          }
        }
        Y[(n * M + m) * out_sp + o] = static_cast<T>(acc);
      }
    }
  return Status::Ok();
}

Status Conv(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* tx, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* tw, ctx.RequireTensor(1));
  const DataType orig = tx->dtype();
  const Tensor x = ToFloat(*tx), w = ToFloat(*tw);
  const Tensor* tb = ctx.tensor(2);
  const Tensor b = tb ? ToFloat(*tb) : Tensor();
  OL_RETURN_IF_ERROR(CheckType(ctx, w, x.dtype(), "W"));
  if (tb) OL_RETURN_IF_ERROR(CheckType(ctx, b, x.dtype(), "bias B"));
  OL_ASSIGN_OR_RETURN(ConvGeometry g,
                      ConvGeometry::ForConv(ctx, x.dims(), w.dims(), tb ? &b : nullptr));
  std::vector<int64_t> ydims = {x.dims()[0], w.dims()[0]};
  ydims.insert(ydims.end(), g.out.begin(), g.out.end());
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x.dtype(), ydims));
  Status st = x.dtype() == DataType::kDouble ? ConvT<double>(ctx, x, w, tb ? &b : nullptr, g, &y)
                                             : ConvT<float>(ctx, x, w, tb ? &b : nullptr, g, &y);
  OL_RETURN_IF_ERROR(st);
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(y, orig) : std::move(y));
  return Status::Ok();
}

template <typename T>
void ConvTransposeT(const Tensor& x, const Tensor& w, const Tensor* b, const ConvGeometry& g,
                    int64_t M, Tensor* y) {
  const int64_t N = x.dims()[0], C = x.dims()[1];
  const int64_t group = g.group, Cg = C / group, Mg = M / group;
  const size_t r = g.kernel.size();
  const int64_t in_sp = g.InSize(), out_sp = g.OutSize(), k_sp = g.KernelSize();
  std::vector<double> acc(static_cast<size_t>(N * M * out_sp), 0.0);
  const T* X = x.data<T>();
  const T* W = w.data<T>();
  std::vector<int64_t> tap(static_cast<size_t>(in_sp * k_sp), -1);
  ForEachIndex(g.in, [&](int64_t i, const std::vector<int64_t>& ii) {
    ForEachIndex(g.kernel, [&](int64_t k, const std::vector<int64_t>& ki) {
      int64_t off = 0;
      for (size_t d = 0; d < r; ++d) {
        const int64_t pos = ii[d] * g.strides[d] + ki[d] * g.dilations[d] - g.pads[d];
        if (pos < 0 || pos >= g.out[d]) return;
        off = off * g.out[d] + pos;
      }
      tap[i * k_sp + k] = off;
    });
  });
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c) {
      const int64_t grp = c / Cg;
      for (int64_t mg = 0; mg < Mg; ++mg) {
        const int64_t m = grp * Mg + mg;
        const T* wk = W + (c * Mg + mg) * k_sp;
        double* out = acc.data() + (n * M + m) * out_sp;
        for (int64_t i = 0; i < in_sp; ++i) {
          const double xv = double(X[(n * C + c) * in_sp + i]);
          for (int64_t k = 0; k < k_sp; ++k) {
            const int64_t o = tap[i * k_sp + k];
            if (o >= 0) out[o] += xv * double(wk[k]);
          }
        }
      }
    }
  T* Y = y->mutable_data<T>();
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t o = 0; o < out_sp; ++o) {
        const int64_t at = (n * M + m) * out_sp + o;
        Y[at] = static_cast<T>(acc[at] + (b ? double(b->data<T>()[m]) : 0.0));
      }
}

Status ConvTranspose(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* tx, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* tw, ctx.RequireTensor(1));
  const DataType orig = tx->dtype();
  const Tensor x = ToFloat(*tx), w = ToFloat(*tw);
  const Tensor* tb = ctx.tensor(2);
  const Tensor b = tb ? ToFloat(*tb) : Tensor();
  OL_RETURN_IF_ERROR(CheckType(ctx, w, x.dtype(), "W"));
  if (tb) OL_RETURN_IF_ERROR(CheckType(ctx, b, x.dtype(), "bias B"));
  OL_ASSIGN_OR_RETURN(ConvGeometry g,
                      ConvGeometry::ForConvTranspose(ctx, x.dims(), w.dims(), tb ? &b : nullptr));
  const int64_t M = w.dims()[1] * g.group;
  std::vector<int64_t> ydims = {x.dims()[0], M};
  ydims.insert(ydims.end(), g.out.begin(), g.out.end());
  OL_RETURN_IF_ERROR(CheckOutputSize(ctx, ydims, "the output").status());  // accumulated in double
  OL_RETURN_IF_ERROR(CheckWorkspace(ctx, SaturatingMul(g.InSize(), g.KernelSize()),
                                    "the convolution's tap table"));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x.dtype(), ydims));
  if (x.dtype() == DataType::kDouble)
    ConvTransposeT<double>(x, w, tb ? &b : nullptr, g, M, &y);
  else
    ConvTransposeT<float>(x, w, tb ? &b : nullptr, g, M, &y);
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(y, orig) : std::move(y));
  return Status::Ok();
}

// ConvInteger: (x - x_zero_point) * (w - w_zero_point[m]) accumulated exactly in double -> int32.
// x_zero_point is one value; w_zero_point one value or one per output channel (ONNX's spec).
Status ConvInteger(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* tx, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* tw, ctx.RequireTensor(1));
  // t minus its zero point: one value, or (per_channel) one per slice of the first dimension.
  auto shifted = [&](const Tensor& t, const Tensor* zp, const char* what,
                     bool per_channel) -> Expected<Tensor> {
    OL_ASSIGN_OR_RETURN(Tensor d, NewTensor(ctx, DataType::kDouble, t.dims()));
    std::vector<double> z = {0.0};
    if (zp && zp->numel() > 0) {
      const int64_t channels = t.dims().empty() ? 1 : t.dims()[0];
      if (zp->numel() != 1 && !(per_channel && zp->numel() == channels))
        return ctx.Error(
            std::string(what) + " has " + std::to_string(zp->numel()) + " values, needs 1" +
            (per_channel ? " or " + std::to_string(channels) + " (one per output channel)"
                         : std::string()));
      z = ToDoubles(*zp);
    }
    const int64_t per = z.size() > 1 ? t.numel() / static_cast<int64_t>(z.size()) : 0;
    Status st = VisitNumeric(t.dtype(), [&](auto tag) -> Status {
      using T = typename decltype(tag)::type;
      for (int64_t i = 0; i < t.numel(); ++i)
        d.mutable_data<double>()[i] = double(t.data<T>()[i]) - z[per > 0 ? i / per : 0];
      return Status::Ok();
    });
    OL_RETURN_IF_ERROR(st);
    return d;
  };
  OL_ASSIGN_OR_RETURN(Tensor x, shifted(*tx, ctx.tensor(2), "x_zero_point", false));
  OL_ASSIGN_OR_RETURN(Tensor w, shifted(*tw, ctx.tensor(3), "w_zero_point", true));
  OL_ASSIGN_OR_RETURN(ConvGeometry g, ConvGeometry::ForConv(ctx, x.dims(), w.dims()));
  std::vector<int64_t> ydims = {x.dims()[0], w.dims()[0]};
  ydims.insert(ydims.end(), g.out.begin(), g.out.end());
  OL_ASSIGN_OR_RETURN(Tensor yd, NewTensor(ctx, DataType::kDouble, ydims));
  OL_RETURN_IF_ERROR(ConvT<double>(ctx, x, w, nullptr, g, &yd));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kInt32, ydims));
  for (int64_t i = 0; i < y.numel(); ++i)
    y.mutable_data<int32_t>()[i] = static_cast<int32_t>(yd.data<double>()[i]);
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// QLinearConv (opset 10): (x - x_zp) * (w - w_zp[m]) + B[m] accumulated exactly in double, then
// scaled by x_scale * w_scale[m] / y_scale, rounded half to even, plus y_zp, saturated to y's type.
// w_scale / w_zero_point hold one value or one per output channel; B is int32.
// `tx` is x (NCHW); returns y (NCHW).
Expected<Tensor> QLinearConvOn(OpKernelContext& ctx, const Tensor& tx) {
  for (size_t i = 0; i < 8; ++i) OL_RETURN_IF_ERROR(ctx.RequireTensor(i).status());
  const Tensor &tw = *ctx.tensor(3), &yzp = *ctx.tensor(7);
  if (tw.dims().empty()) return ctx.Error("W must have rank 3 or more");
  const int64_t M = tw.dims()[0];
  auto per = [&](size_t i, const char* what, int64_t n) -> Expected<std::vector<double>> {
    const Tensor& t = *ctx.tensor(i);
    if (t.numel() != 1 && t.numel() != n)
      return ctx.Error(std::string(what) + " has " + std::to_string(t.numel()) +
                       " values, needs 1" +
                       (n > 1 ? " or " + std::to_string(n) + " (one per output channel)" : ""));
    return ToDoubles(t);
  };
  OL_ASSIGN_OR_RETURN(auto xs, per(1, "x_scale", 1));
  OL_ASSIGN_OR_RETURN(auto xz, per(2, "x_zero_point", 1));
  OL_ASSIGN_OR_RETURN(auto ws, per(4, "w_scale", M));
  OL_ASSIGN_OR_RETURN(auto wz, per(5, "w_zero_point", M));
  OL_ASSIGN_OR_RETURN(auto ys, per(6, "y_scale", 1));
  OL_ASSIGN_OR_RETURN(auto yz, per(7, "y_zero_point", 1));
  if (ctx.tensor(2)->dtype() != tx.dtype()) return ctx.Error("x and x_zero_point differ in type");
  if (ctx.tensor(5)->dtype() != tw.dtype()) return ctx.Error("w and w_zero_point differ in type");
  const Tensor* tb = ctx.tensor(8);
  if (tb && tb->dtype() != DataType::kInt32) return ctx.Error("bias B must be int32");
  OL_ASSIGN_OR_RETURN(Tensor x, NewTensor(ctx, DataType::kDouble, tx.dims()));
  OL_ASSIGN_OR_RETURN(Tensor w, NewTensor(ctx, DataType::kDouble, tw.dims()));
  const auto xv = ToDoubles(tx), wv = ToDoubles(tw);
  for (int64_t i = 0; i < tx.numel(); ++i) x.mutable_data<double>()[i] = xv[i] - xz[0];
  const int64_t per_m = M > 0 ? tw.numel() / M : 0;
  for (int64_t i = 0; i < tw.numel(); ++i)
    w.mutable_data<double>()[i] = wv[i] - wz[wz.size() == 1 ? 0 : i / per_m];
  Tensor b;
  if (tb) {
    OL_ASSIGN_OR_RETURN(b, NewTensor(ctx, DataType::kDouble, tb->dims()));
    const auto bv = ToDoubles(*tb);
    for (int64_t i = 0; i < tb->numel(); ++i) b.mutable_data<double>()[i] = bv[i];
  }
  OL_ASSIGN_OR_RETURN(ConvGeometry g,
                      ConvGeometry::ForConv(ctx, x.dims(), w.dims(), tb ? &b : nullptr));
  std::vector<int64_t> ydims = {x.dims()[0], M};
  ydims.insert(ydims.end(), g.out.begin(), g.out.end());
  OL_ASSIGN_OR_RETURN(Tensor yd, NewTensor(ctx, DataType::kDouble, ydims));
  OL_RETURN_IF_ERROR(ConvT<double>(ctx, x, w, tb ? &b : nullptr, g, &yd));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, yzp.dtype(), ydims));
  const int64_t sp = g.OutSize();
  const double* acc = yd.data<double>();
  auto requantize = [&](auto* out, double lo, double hi) {
    for (int64_t i = 0; i < yd.numel(); ++i) {
      const int64_t m = (i / sp) % M;
      const double s = xs[0] * ws[ws.size() == 1 ? 0 : m] / ys[0];
      const double q = std::nearbyint(acc[i] * s) + yz[0];
      out[i] = static_cast<std::remove_pointer_t<decltype(out)>>(std::clamp(q, lo, hi));
    }
  };
  if (yzp.dtype() == DataType::kUint8)
    requantize(y.mutable_data<uint8_t>(), 0, 255);
  else if (yzp.dtype() == DataType::kInt8)
    requantize(y.mutable_data<int8_t>(), -128, 127);
  else
    return ctx.Error("y_zero_point must be uint8 or int8");
  return y;
}

Status QLinearConv(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(Tensor y, QLinearConvOn(ctx, *x));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// A 4-D tensor of 1-byte elements with its axes permuted: to_nhwc NCHW -> NHWC, else back.
Expected<Tensor> PermuteBytes4(OpKernelContext& ctx, const Tensor& t, bool to_nhwc) {
  if (t.dims().size() != 4 || ir::ElementSize(t.dtype()) != 1)
    return ctx.Error("a channels-last x or y is a 4-D uint8 / int8 tensor");
  const std::vector<int64_t>& d = t.dims();
  // Loop over the output in order; n, a, b, c are its dims, and the input's strides per them.
  const int64_t N = d[0];
  const std::vector<int64_t> od = to_nhwc ? std::vector<int64_t>{d[0], d[2], d[3], d[1]}
                                          : std::vector<int64_t>{d[0], d[3], d[1], d[2]};
  OL_ASSIGN_OR_RETURN(Tensor out, NewTensor(ctx, t.dtype(), od));
  const uint8_t* src = static_cast<const uint8_t*>(t.raw());
  uint8_t* dst = static_cast<uint8_t*>(out.mutable_raw());
  const int64_t A = od[1], B = od[2], C = od[3];
  // Input strides of the output's axes 1..3.
  int64_t sa, sb, sc;
  if (to_nhwc) {  // input [N, C', H, W], output [N, H, W, C']
    sa = d[3];
    sb = 1;
    sc = d[2] * d[3];
  } else {  // input [N, H, W, C'], output [N, C', H, W]
    sa = 1;
    sb = d[2] * d[3];
    sc = d[3];
  }
  const int64_t plane = A * B * C;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t a = 0; a < A; ++a)
      for (int64_t b = 0; b < B; ++b)
        for (int64_t c = 0; c < C; ++c)
          dst[n * plane + (a * B + b) * C + c] = src[n * plane + a * sa + b * sb + c * sc];
  return out;
}

// com.onnxlens QLinearConv (passes/qlinear_nhwc.h): QLinearConv whose x and / or y are NHWC.
Status QLinearConvChannelsLast(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const bool x_nhwc = ctx.node().GetInt("x_channels_last", 0) != 0;
  const bool y_nhwc = ctx.node().GetInt("y_channels_last", 0) != 0;
  Tensor nchw;
  if (x_nhwc) {
    OL_ASSIGN_OR_RETURN(nchw, PermuteBytes4(ctx, *x, false));
  }
  OL_ASSIGN_OR_RETURN(Tensor y, QLinearConvOn(ctx, x_nhwc ? nchw : *x));
  if (y_nhwc) {
    OL_ASSIGN_OR_RETURN(Tensor t, PermuteBytes4(ctx, y, true));
    y = std::move(t);
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

enum class PoolKind { kMax, kAverage, kLp };

template <typename T>
void PoolT(const Tensor& x, const ConvGeometry& g, PoolKind kind, bool count_include_pad, double p,
           int64_t storage_order, Tensor* y, Tensor* indices) {
  const int64_t NC = x.dims()[0] * x.dims()[1];
  const size_t r = g.kernel.size();
  const int64_t in_sp = g.InSize(), out_sp = g.OutSize();
  const T* X = x.data<T>();
  T* Y = y->mutable_data<T>();
  // Column-major (storage_order = 1) index of a spatial position, for MaxPool's Indices.
  auto col_major = [&](int64_t off) {
    int64_t res = 0, mul = 1;
    std::vector<int64_t> idx(r);
    for (size_t d = r; d-- > 0;) {
      idx[d] = off % g.in[d];
      off /= g.in[d];
    }
    for (size_t d = 0; d < r; ++d) {
      res += idx[d] * mul;
      mul *= g.in[d];
    }
    return res;
  };
  for (int64_t nc = 0; nc < NC; ++nc) {
    ForEachIndex(g.out, [&](int64_t o, const std::vector<int64_t>& oi) {
      double acc = kind == PoolKind::kMax ? -std::numeric_limits<double>::infinity() : 0.0;
      int64_t best = -1, count = 0, padded_count = 0;
      ForEachIndex(g.kernel, [&](int64_t, const std::vector<int64_t>& ki) {
        int64_t off = 0;
        bool inside = true, in_padded = true;
        for (size_t d = 0; d < r; ++d) {
          const int64_t pos = oi[d] * g.strides[d] - g.pads[d] + ki[d] * g.dilations[d];
          if (pos < 0 || pos >= g.in[d]) inside = false;
          if (pos >= g.in[d] + g.pads[d + r]) in_padded = false;
          off = off * g.in[d] + pos;
        }
        if (in_padded) ++padded_count;
        if (!inside) return;
        ++count;
        const double v = double(X[nc * in_sp + off]);
        if (kind == PoolKind::kMax) {
          if (v > acc || best < 0) {
            acc = v;
            best = off;
          }
        } else if (kind == PoolKind::kAverage) {
          acc += v;
        } else {
          acc += std::pow(std::abs(v), p);
        }
      });
      double out = acc;
      if (kind == PoolKind::kAverage) {
        const int64_t denom = count_include_pad ? padded_count : count;
        out = denom ? acc / double(denom) : 0.0;
      } else if (kind == PoolKind::kLp) {
        out = std::pow(acc, 1.0 / p);
      }
      Y[nc * out_sp + o] = static_cast<T>(out);
      if (indices && best >= 0) {
        const int64_t local = storage_order ? col_major(best) : best;
        indices->mutable_data<int64_t>()[nc * out_sp + o] = nc * in_sp + local;
      }
    });
  }
}

// `channels_last`: com.onnxlens MaxPool (passes/qlinear_nhwc.h), X and Y NHWC uint8 / int8.
Status Pool(OpKernelContext& ctx, PoolKind kind, bool global, bool channels_last = false) {
  OL_ASSIGN_OR_RETURN(const Tensor* tx, ctx.RequireTensor(0));
  Tensor nchw;
  if (channels_last) {
    OL_ASSIGN_OR_RETURN(nchw, PermuteBytes4(ctx, *tx, false));
    tx = &nchw;
  }
  const DataType orig = tx->dtype();
  const Tensor x = ToFloat(*tx);
  if (x.dims().size() < 3)
    return ctx.Error("input must have rank >= 3, got " + ShapeString(x.dims()));
  ConvGeometry g;
  if (global) {
    g = ConvGeometry::Global(x.dims());
  } else {
    OL_ASSIGN_OR_RETURN(g, ConvGeometry::ForPool(ctx, x.dims()));
  }
  std::vector<int64_t> ydims = {x.dims()[0], x.dims()[1]};
  ydims.insert(ydims.end(), g.out.begin(), g.out.end());
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x.dtype(), ydims));
  Tensor indices;
  const bool want_idx = kind == PoolKind::kMax && ctx.output_wanted(1);
  if (want_idx) {
    OL_ASSIGN_OR_RETURN(indices, NewTensor(ctx, DataType::kInt64, ydims));
  }
  const bool cip = ctx.node().GetInt("count_include_pad", 0) != 0;
  const double p = static_cast<double>(ctx.node().GetInt("p", 2));
  const int64_t so = ctx.node().GetInt("storage_order", 0);
  if (x.dtype() == DataType::kDouble) {
    PoolT<double>(x, g, kind, cip, p, so, &y, want_idx ? &indices : nullptr);
  } else if (x.dtype() == DataType::kFloat) {
    PoolT<float>(x, g, kind, cip, p, so, &y, want_idx ? &indices : nullptr);
  } else if (x.dtype() == DataType::kUint8) {
    PoolT<uint8_t>(x, g, kind, cip, p, so, &y, want_idx ? &indices : nullptr);
  } else if (x.dtype() == DataType::kInt8) {
    PoolT<int8_t>(x, g, kind, cip, p, so, &y, want_idx ? &indices : nullptr);
  } else {
    return ctx.Error("unsupported element type " + std::string(DataTypeName(x.dtype())));
  }
  if (channels_last) {
    if (want_idx) return ctx.Error("a channels-last MaxPool has no Indices output");
    OL_ASSIGN_OR_RETURN(Tensor t, PermuteBytes4(ctx, y, true));
    ctx.SetOutput(0, std::move(t));
    return Status::Ok();
  }
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(y, orig) : std::move(y));
  if (want_idx) ctx.SetOutput(1, std::move(indices));
  return Status::Ok();
}

}  // namespace

Status ReferenceFusedConv(OpKernelContext& ctx) {
  OL_RETURN_IF_ERROR(Conv(ctx, 0));
  return ApplyFusedActivation(ctx);
}

Status ReferencePool(OpKernelContext& ctx, const std::string& op) {
  if (op == "MaxPool") return Pool(ctx, PoolKind::kMax, false);
  if (op == "AveragePool") return Pool(ctx, PoolKind::kAverage, false);
  if (op == "GlobalMaxPool") return Pool(ctx, PoolKind::kMax, true);
  if (op == "GlobalAveragePool") return Pool(ctx, PoolKind::kAverage, true);
  return ctx.Error("no reference pooling " + op);
}

void RegisterConvPoolKernels(KernelRegistry& r) {
  AddKernel(r, "", "Conv", 1, Conv);
  AddKernel(r, "com.microsoft", "FusedConv", 1, [](OpKernelContext& ctx, int64_t o) {
    OL_RETURN_IF_ERROR(Conv(ctx, o));
    return ApplyFusedActivation(ctx);
  });
  AddKernel(r, "", "ConvTranspose", 1, ConvTranspose);
  AddKernel(r, "", "ConvInteger", 10, ConvInteger);
  AddKernel(r, "", "QLinearConv", 10, QLinearConv);
  AddKernel(r, "com.onnxlens", "QLinearConv", 1, QLinearConvChannelsLast);
  AddKernel(r, "", "MaxPool", 1,
            [](OpKernelContext& c, int64_t) { return Pool(c, PoolKind::kMax, false); });
  AddKernel(r, "com.onnxlens", "MaxPool", 1,
            [](OpKernelContext& c, int64_t) { return Pool(c, PoolKind::kMax, false, true); });
  AddKernel(r, "", "AveragePool", 1,
            [](OpKernelContext& c, int64_t) { return Pool(c, PoolKind::kAverage, false); });
  AddKernel(r, "", "LpPool", 1,
            [](OpKernelContext& c, int64_t) { return Pool(c, PoolKind::kLp, false); });
  AddKernel(r, "", "GlobalMaxPool", 1,
            [](OpKernelContext& c, int64_t) { return Pool(c, PoolKind::kMax, true); });
  AddKernel(r, "", "GlobalAveragePool", 1,
            [](OpKernelContext& c, int64_t) { return Pool(c, PoolKind::kAverage, true); });
  AddKernel(r, "", "GlobalLpPool", 1,
            [](OpKernelContext& c, int64_t) { return Pool(c, PoolKind::kLp, true); });
}

}  // namespace onnxlens::kernels
