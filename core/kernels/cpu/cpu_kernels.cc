// Fast CPU kernels for float32: Gemm and MatMul on OpenBLAS SGEMM, Conv as im2col + SGEMM (1x1
// convolutions skip im2col) with a direct depthwise path. Everything else falls back to the
// reference kernels. Tested against the reference kernels in tests/kernels/cpu/.
#include <cblas.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "ir/nchwc.h"
#include "kernels/cpu/cpu_util.h"
#include "kernels/cpu/depthwise.h"
#include "kernels/cpu/sgemm.h"
#include "kernels/fused_activation.h"
#include "kernels/fused_matmul.h"
#include "kernels/parallel.h"
#include "kernels/reference/conv_util.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

Status CpuGemm(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* b, ctx.RequireTensor(1));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *a));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *b));
  if (a->dims().size() != 2 || b->dims().size() != 2) return ctx.Error("A and B must be 2-D");
  const bool tA = ctx.node().GetInt("transA", 0) != 0, tB = ctx.node().GetInt("transB", 0) != 0;
  const float alpha = ctx.node().GetFloat("alpha", 1.f);
  float beta = ctx.node().GetFloat("beta", 1.f);
  const int64_t M = tA ? a->dims()[1] : a->dims()[0], K = tA ? a->dims()[0] : a->dims()[1];
  const int64_t K2 = tB ? b->dims()[1] : b->dims()[0], N = tB ? b->dims()[0] : b->dims()[1];
  if (K != K2)
    return ctx.Error("inner dimensions differ: " + ShapeString(a->dims()) + " x " +
                     ShapeString(b->dims()));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, {M, N}));
  float* Y = y.mutable_data<float>();
  const Tensor* c = ctx.tensor(2);
  if (c && beta != 0.f) {
    OL_RETURN_IF_ERROR(NeedFloat(ctx, *c));
    auto bc = BroadcastShapes(c->dims(), {M, N});
    if (!bc.ok() || *bc != std::vector<int64_t>{M, N})
      return ctx.Error("C does not broadcast to [M,N]");
    const auto cs = BroadcastStrides(c->dims(), {M, N});
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) Y[i * N + j] = c->data<float>()[i * cs[0] + j * cs[1]];
  } else {
    beta = 0.f;
  }
  ParallelSgemm(ctx.pool(), tA, tB, M, N, K, alpha, a->data<float>(), a->dims()[1],
                b->data<float>(), b->dims()[1], beta, Y, N);
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status CpuMatMul(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* b, ctx.RequireTensor(1));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *a));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *b));
  std::vector<int64_t> ad = a->dims(), bd = b->dims();
  if (ad.empty() || bd.empty()) return ctx.Error("inputs must not be scalars");
  const bool a1 = ad.size() == 1, b1 = bd.size() == 1;
  if (a1) ad.insert(ad.begin(), 1);
  if (b1) bd.push_back(1);
  const int64_t M = ad[ad.size() - 2], K = ad.back(), N = bd.back();
  if (K != bd[bd.size() - 2]) {
    return ctx.Error("inner dimensions differ: " + ShapeString(a->dims()) + " x " +
                     ShapeString(b->dims()));
  }
  std::vector<int64_t> abatch(ad.begin(), ad.end() - 2), bbatch(bd.begin(), bd.end() - 2);
  auto batch = BroadcastShapes(abatch, bbatch);
  if (!batch.ok()) return ctx.Error(batch.status().message());
  std::vector<int64_t> out = *batch;
  if (!a1) out.push_back(M);
  if (!b1) out.push_back(N);
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, out));
  // A batch of A against one B is a single tall GEMM.
  int64_t bcount = 1;
  for (int64_t d : bbatch) bcount *= d;
  if (bcount == 1) {
    int64_t rows = 1;
    for (int64_t d : *batch) rows *= d;
    ParallelSgemm(ctx.pool(), false, false, rows * M, N, K, 1.f, a->data<float>(), K,
                  b->data<float>(), N, 0.f, y.mutable_data<float>(), N);
    // a had no batch dims to broadcast over when its batch equals the output's
    int64_t acount = 1;
    for (int64_t d : abatch) acount *= d;
    if (acount == rows) {
      ctx.SetOutput(0, std::move(y));
      return Status::Ok();
    }
  }
  const auto as = BroadcastStrides(abatch, *batch), bs = BroadcastStrides(bbatch, *batch);
  std::vector<std::pair<int64_t, int64_t>> pairs;
  ForEachBroadcast(
      *batch, {as, bs},
      [&](int64_t, const std::vector<int64_t>& off, int64_t n, const std::vector<int64_t>& in) {
        for (int64_t i = 0; i < n; ++i) pairs.emplace_back(off[0] + i * in[0], off[1] + i * in[1]);
      });
  for (size_t p = 0; p < pairs.size(); ++p) {
    if (M == 0 || N == 0) break;
    ParallelSgemm(ctx.pool(), false, false, M, N, K, 1.f, a->data<float>() + pairs[p].first * M * K,
                  K, b->data<float>() + pairs[p].second * K * N, N, 0.f,
                  y.mutable_data<float>() + static_cast<int64_t>(p) * M * N, N);
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// im2col for one image and one group: col[(c*K + k) * out_sp + o].
void Im2Col(const float* x, int64_t channels, const ConvGeometry& g, float* col) {
  const size_t r = g.kernel.size();
  const int64_t k_sp = g.KernelSize(), out_sp = g.OutSize(), in_sp = g.InSize();
  std::vector<int64_t> ki(r), oi(r);
  for (int64_t c = 0; c < channels; ++c) {
    const float* xc = x + c * in_sp;
    for (int64_t k = 0; k < k_sp; ++k) {
      int64_t rem = k;
      for (size_t d = r; d-- > 0;) {
        ki[d] = rem % g.kernel[d];
        rem /= g.kernel[d];
      }
      float* dst = col + (c * k_sp + k) * out_sp;
      if (r == 2) {
        const int64_t oh = g.out[0], ow = g.out[1], ih = g.in[0], iw = g.in[1];
        for (int64_t y = 0; y < oh; ++y) {
          const int64_t iy = y * g.strides[0] - g.pads[0] + ki[0] * g.dilations[0];
          float* row = dst + y * ow;
          if (iy < 0 || iy >= ih) {
            std::memset(row, 0, sizeof(float) * ow);
            continue;
          }
          // The columns whose input x is inside: [x0, x1); zeros on either side, then a copy
          // (contiguous for stride 1) with no test per element.
          const int64_t sx = g.strides[1], ox = ki[1] * g.dilations[1] - g.pads[1];
          int64_t x0 = ox >= 0 ? 0 : (-ox + sx - 1) / sx;
          int64_t x1 = iw - ox <= 0 ? 0 : (iw - ox + sx - 1) / sx;
          x0 = std::min(x0, ow);
          x1 = std::max(x0, std::min(x1, ow));
          const float* src = xc + iy * iw;
          std::fill(row, row + x0, 0.f);
          if (sx == 1) {
            if (x1 > x0) std::memcpy(row + x0, src + x0 + ox, sizeof(float) * (x1 - x0));
          } else {
            for (int64_t xx = x0; xx < x1; ++xx) row[xx] = src[xx * sx + ox];
          }
          std::fill(row + x1, row + ow, 0.f);
        }
        continue;
      }
      for (int64_t o = 0; o < out_sp; ++o) {
        int64_t orem = o, off = 0;
        bool inside = true;
        for (size_t d = r; d-- > 0;) {
          oi[d] = orem % g.out[d];
          orem /= g.out[d];
        }
        for (size_t d = 0; d < r; ++d) {
          const int64_t pos = oi[d] * g.strides[d] - g.pads[d] + ki[d] * g.dilations[d];
          if (pos < 0 || pos >= g.in[d]) inside = false;
          off = off * g.in[d] + pos;
        }
        dst[o] = inside ? xc[off] : 0.f;
      }
    }
  }
}

bool IsPointwise(const ConvGeometry& g) {
  for (size_t d = 0; d < g.kernel.size(); ++d) {
    if (g.kernel[d] != 1 || g.strides[d] != 1 || g.pads[d] != 0 || g.pads[d + g.kernel.size()] != 0)
      return false;
  }
  return true;
}

// Conv's epilogue over image n's output, channel by channel while each is in cache (in
// parallel): + bias (unless already added), + Z (FusedConv's residual input), then the activation.
void ConvEpilogue(OpKernelContext& ctx, float* Y, int64_t n, int64_t M, int64_t out_sp,
                  const float* bias, const float* z, const FusedActivation& act) {
  if (!bias && !z && act.kind == FusedActivation::Kind::kNone) return;
  auto channels = [&](int64_t b, int64_t e) {
    for (int64_t m = b; m < e; ++m) {
      float* ym = Y + (n * M + m) * out_sp;
      if (bias) {
        const float v = bias[m];
        for (int64_t o = 0; o < out_sp; ++o) ym[o] += v;
      }
      if (z) {
        const float* zm = z + (n * M + m) * out_sp;
        for (int64_t o = 0; o < out_sp; ++o) ym[o] += zm[o];
      }
      act.Apply(ym, out_sp);
    }
  };
  if (ctx.pool() && ctx.pool()->threads() > 1 && M > 1 && M * out_sp >= 32768)
    ctx.pool()->ParallelFor(M, channels);
  else
    channels(0, M);
}

// A 1-D geometry as the 2-D one of a single row: kernel 1 x k, no vertical stride or padding.
ConvGeometry AsOneRow(const ConvGeometry& g) {
  ConvGeometry r = g;
  r.in = {1, g.in[0]};
  r.out = {1, g.out[0]};
  r.kernel = {1, g.kernel[0]};
  r.strides = {1, g.strides[0]};
  r.dilations = {1, g.dilations[0]};
  r.pads = {0, g.pads[0], 0, g.pads[1]};
  return r;
}

// Conv, and FusedConv (com.microsoft) with `act` and Z (input 3) applied in the epilogue.
Status ConvImpl(OpKernelContext& ctx, const FusedActivation& act, bool fused) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* w, ctx.RequireTensor(1));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *w));
  const Tensor* b = ctx.tensor(2);
  if (b) OL_RETURN_IF_ERROR(NeedFloat(ctx, *b));
  OL_ASSIGN_OR_RETURN(ConvGeometry g, ConvGeometry::ForConv(ctx, x->dims(), w->dims(), b));
  const int64_t N = x->dims()[0], C = x->dims()[1], M = w->dims()[0];
  const int64_t G = g.group, Cg = C / G, Mg = M / G;
  const int64_t k_sp = g.KernelSize(), out_sp = g.OutSize(), in_sp = g.InSize();
  std::vector<int64_t> ydims = {N, M};
  ydims.insert(ydims.end(), g.out.begin(), g.out.end());
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, ydims));
  float* Y = y.mutable_data<float>();
  const float* X = x->data<float>();
  const float* W = w->data<float>();
  const float* Z = nullptr;
  if (fused) {
    if (const Tensor* z = ctx.tensor(3)) {
      if (z->dtype() != DataType::kFloat || z->dims() != ydims)
        return ctx.Error("Z must be float32 with the output's shape");
      Z = z->data<float>();
    }
  }
  if (G == C && M == C && (g.kernel.size() == 2 || g.kernel.size() == 1)) {
    // A 1-D depthwise convolution is the 2-D one over a single row (silero_vad's 258-channel,
    // 5-tap one: 153 us through im2col + 258 one-row GEMMs, a few us here).
    const ConvGeometry g2 = g.kernel.size() == 2 ? g : AsOneRow(g);
    if (!WorkspaceFits(PhasePlaneFloats(g2)))
      return ctx.Decline("the depthwise phase planes of this padding would not fit in memory");
    Depthwise2D(X, W, b ? b->data<float>() : nullptr, g2, N, C, Y, ctx.pool());
    for (int64_t n = 0; n < N; ++n) ConvEpilogue(ctx, Y, n, M, out_sp, nullptr, Z, act);
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  const bool pointwise = IsPointwise(g);
  if (!pointwise && !WorkspaceFits(SaturatingMul(Cg * k_sp, out_sp)))
    return ctx.Decline("the im2col buffer would not fit in memory");
  // Im2Col writes every element: no zero-filling of a buffer that can be megabytes.
  std::unique_ptr<float[]> col(pointwise ? nullptr
                                         : new float[static_cast<size_t>(Cg * k_sp * out_sp)]);
  for (int64_t n = 0; n < N; ++n) {
    for (int64_t grp = 0; grp < G; ++grp) {
      const float* xg = X + (n * C + grp * Cg) * in_sp;
      const float* src = xg;
      if (!pointwise) {
        // im2col by channel ranges across the pool (each channel's rows are independent)
        if (ctx.pool() && ctx.pool()->threads() > 1 && Cg > 1) {
          ctx.pool()->ParallelFor(Cg, [&](int64_t b, int64_t e) {
            Im2Col(xg + b * in_sp, e - b, g, col.get() + b * k_sp * out_sp);
          });
        } else {
          Im2Col(xg, Cg, g, col.get());
        }
        src = col.get();
      }
      float* yg = Y + (n * M + grp * Mg) * out_sp;
      ParallelSgemm(ctx.pool(), false, false, Mg, out_sp, Cg * k_sp, 1.f, W + grp * Mg * Cg * k_sp,
                    Cg * k_sp, src, out_sp, 0.f, yg, out_sp);
    }
    ConvEpilogue(ctx, Y, n, M, out_sp, b ? b->data<float>() : nullptr, Z, act);
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status CpuConv(OpKernelContext& ctx, int64_t) { return ConvImpl(ctx, FusedActivation{}, false); }

}  // namespace

void RegisterCpuElementwiseKernels(KernelRegistry& r);
void RegisterCpuLstmKernel(KernelRegistry& r);
void RegisterCpuPadKernel(KernelRegistry& r);
void RegisterCpuTransformerKernels(KernelRegistry& r);
void RegisterCpuChecks(KernelRegistry& r);
void RegisterCpuQuantKernels(KernelRegistry& r);
void RegisterCpuDynamicQuantKernel(KernelRegistry& r);
void RegisterCpuDynamicQuantizeLstmKernel(KernelRegistry& r);
void RegisterCpuQLinearBinaryKernels(KernelRegistry& r);
void RegisterCpuGatherKernel(KernelRegistry& r);
void RegisterCpuGridSampleKernel(KernelRegistry& r);
void RegisterCpuSpectralKernels(KernelRegistry& r);
void RegisterCpuConvTransposeKernel(KernelRegistry& r);
void RegisterCpuMatMulIntegerKernels(KernelRegistry& r);
void RegisterCpuConvIntegerKernels(KernelRegistry& r);

void RegisterCpuKernels(KernelRegistry& r) {
  RegisterCpuElementwiseKernels(r);
  RegisterCpuLstmKernel(r);
  RegisterCpuPadKernel(r);
  RegisterCpuTransformerKernels(r);
  RegisterCpuQuantKernels(r);
  RegisterCpuDynamicQuantKernel(r);
  RegisterCpuDynamicQuantizeLstmKernel(r);
  RegisterCpuQLinearBinaryKernels(r);
  RegisterCpuGatherKernel(r);
  RegisterCpuGridSampleKernel(r);
  RegisterCpuSpectralKernels(r);
  RegisterCpuConvTransposeKernel(r);
  RegisterCpuMatMulIntegerKernels(r);
  RegisterCpuConvIntegerKernels(r);
  AddCpu(r, "Gemm", 1, CpuGemm);
  AddCpu(r, "MatMul", 1, CpuMatMul);
  r.Register({"com.microsoft",
              "FusedMatMul",
              1,
              1000,
              kCpuProvider,
              {ir::DataType::kFloat},
              [](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
                    [](OpKernelContext& ctx) { return RunFusedMatMul(ctx, CpuMatMul); }));
              }});
  AddCpu(r, "Conv", 1, CpuConv);
  // The edges of NCHWc chains (ir/nchwc.h), whichever provider runs the chain.
  for (auto [op, fn] :
       {std::pair{"ReorderInput", &NchwcReorderInput},
        std::pair{"ReorderOutput", &NchwcReorderOutput}, std::pair{"Upsample", &NchwcUpsample}}) {
    r.Register({ir::kNchwcDomain,
                op,
                1,
                1000,
                kCpuProvider,
                {ir::DataType::kFloat},
                [fn = fn](const KernelInfo&) {
                  return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(fn));
                }});
  }
  RegisterCpuChecks(r);
  // ONNX Runtime's contrib ops from the extended-level fusions: the plain kernel, then the
  // activation in place while the output is still in cache.
  // FusedConv: the activation (read once, at creation) and Z in Conv's epilogue, per channel
  // while it is in cache.
  r.Register({"com.microsoft",
              "FusedConv",
              1,
              1000,
              kCpuProvider,
              {ir::DataType::kFloat},
              [](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                OL_ASSIGN_OR_RETURN(FusedActivation act, FusedActivation::FromNode(info.node));
                return std::unique_ptr<OpKernel>(std::make_unique<FunctionKernel>(
                    [act](OpKernelContext& ctx) { return ConvImpl(ctx, act, true); }));
              }});
  r.Register({"com.microsoft",
              "FusedGemm",
              1,
              1000,
              kCpuProvider,
              {ir::DataType::kFloat},
              [](const KernelInfo& info) {
                const int64_t opset = info.opset;
                return Expected<std::unique_ptr<OpKernel>>(
                    std::make_unique<FunctionKernel>([opset](OpKernelContext& ctx) {
                      OL_RETURN_IF_ERROR(CpuGemm(ctx, opset));
                      return ApplyFusedActivation(ctx);
                    }));
              }});
}

}  // namespace onnxlens::kernels
