// CPU ConvTranspose (float32, 1-D and 2-D; a 1-D one is a 2-D one over a single row): per image,
// group and block of input rows one GEMM makes every tap's contribution, cols[Mg * kh * kw, rows
// of the block] = Wg^T · Xg (W is [C, Mg, kh, kw], so Wg is already the K x M matrix), then
// col2im adds each tap's plane into the output at its strided, dilated, padded place (the output
// starts as the bias). Blocks of about 256 KiB of columns keep them in the cache between the two.
// Threads take whole blocks when the blocks' output rows cannot overlap (kernel reach <= stride,
// as in the 2x2 / stride 2 upsampling of detection heads), else output channels and the GEMM.
// Groups, strides, dilations, pads, output_padding and output_shape come from the reference
// kernel's geometry (ConvGeometry::ForConvTranspose), so both give the same errors.
#include <algorithm>
#include <memory>
#include <string>

#include "kernels/cpu/cpu_util.h"
#include "kernels/cpu/sgemm.h"
#include "kernels/parallel.h"
#include "kernels/reference/conv_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

int64_t pool_threads(const OpKernelContext& ctx) {
  return ctx.pool() && ctx.pool()->threads() > 1 ? ctx.pool()->threads() : 1;
}

struct ConvTPlane {
  int64_t ih, iw, oh, ow, kh, kw, sh, sw, dh, dw, pt, pl;
};

ConvTPlane PlaneOf(const ConvGeometry& g) {
  if (g.kernel.size() == 1)
    return {1, g.in[0],      1, g.out[0],       1, g.kernel[0],
            1, g.strides[0], 1, g.dilations[0], 0, g.pads[0]};
  return {g.in[0],      g.in[1],      g.out[0],       g.out[1],       g.kernel[0], g.kernel[1],
          g.strides[0], g.strides[1], g.dilations[0], g.dilations[1], g.pads[0],   g.pads[1]};
}

// Adds the taps of input rows [iy0, iy1) of one output channel to its plane y (which holds the
// bias): `cols` holds kh * kw planes of (iy1 - iy0) * iw, one per tap.
void Col2Im(const ConvTPlane& p, const float* cols, int64_t iy0, int64_t iy1, float* y) {
  const int64_t block = (iy1 - iy0) * p.iw;
  for (int64_t ky = 0; ky < p.kh; ++ky) {
    for (int64_t kx = 0; kx < p.kw; ++kx) {
      const float* src = cols + (ky * p.kw + kx) * block;
      const int64_t x0 = kx * p.dw - p.pl;  // output column of input column 0
      // input columns whose output column lands inside [0, ow)
      const int64_t ix_begin = x0 >= 0 ? 0 : (-x0 + p.sw - 1) / p.sw;
      int64_t ix_end = p.ow - 1 - x0 < 0 ? 0 : (p.ow - 1 - x0) / p.sw + 1;
      if (ix_end > p.iw) ix_end = p.iw;
      if (ix_begin >= ix_end) continue;
      for (int64_t iy = iy0; iy < iy1; ++iy) {
        const int64_t oy = iy * p.sh + ky * p.dh - p.pt;
        if (oy < 0 || oy >= p.oh) continue;
        const float* __restrict s = src + (iy - iy0) * p.iw;
        float* __restrict row = y + oy * p.ow;
        if (p.sw == 1) {
          for (int64_t ix = ix_begin; ix < ix_end; ++ix) row[x0 + ix] += s[ix];
        } else {
          for (int64_t ix = ix_begin; ix < ix_end; ++ix) row[x0 + ix * p.sw] += s[ix];
        }
      }
    }
  }
}

// The input rows of one block: its column buffer (rows x block floats) stays in the cache
// between the GEMM that writes it and the col2im that reads it.
int64_t RowsPerBlock(int64_t rows, int64_t iw) {
  const int64_t floats = 64 * 1024;  // 256 KiB
  const int64_t per_row = std::max<int64_t>(1, rows * iw);
  return std::max<int64_t>(1, floats / per_row);
}

// One image and group: y (Mg planes, holding the bias) += the transposed convolution of x (Cg
// planes) with w (Cg x rows). `cols` holds `slots` buffers of ColumnFloats(p, Mg) floats, one per
// thread of the pool (allocated by the caller from the session's budget).
int64_t ColumnFloats(const ConvTPlane& p, int64_t Mg) {
  const int64_t rows = Mg * p.kh * p.kw;
  return rows * RowsPerBlock(rows, p.iw) * p.iw;
}

void ConvTransposeGroup(const ConvTPlane& p, const float* x, const float* w, int64_t Cg, int64_t Mg,
                        float* y, float* cols, int64_t slots, ParallelRunner* pool) {
  const int64_t k_sp = p.kh * p.kw, rows = Mg * k_sp, in_sp = p.ih * p.iw, out_sp = p.oh * p.ow;
  const int64_t rpb = RowsPerBlock(rows, p.iw), blocks = (p.ih + rpb - 1) / rpb;
  const int64_t slot_floats = ColumnFloats(p, Mg);
  // One block's columns: cols[rows, nb] = w^T (Cg x rows) * x's rows [iy0, iy1) (Cg x nb), then
  // every output channel's taps added in.
  auto block = [&](int64_t b, float* c, ParallelRunner* gemm_pool, ParallelRunner* ch_pool) {
    const int64_t iy0 = b * rpb, iy1 = std::min(p.ih, iy0 + rpb), nb = (iy1 - iy0) * p.iw;
    ParallelSgemm(gemm_pool, true, false, rows, nb, Cg, 1.f, w, rows, x + iy0 * p.iw, in_sp, 0.f, c,
                  nb);
    auto channels = [&](int64_t begin, int64_t end) {
      for (int64_t m = begin; m < end; ++m) Col2Im(p, c + m * k_sp * nb, iy0, iy1, y + m * out_sp);
    };
    if (ch_pool && Mg > 1)
      ch_pool->ParallelFor(Mg, channels);
    else
      channels(0, Mg);
  };
  // Blocks write disjoint output rows when a tap's reach (the dilated kernel height) is at most
  // the stride: then each thread's slot takes every slots-th block. Otherwise blocks run one
  // after another, each split over the pool.
  const int64_t reach = (p.kh - 1) * p.dh + 1;
  if (pool && slots > 1 && blocks > 1 && reach <= p.sh) {
    pool->ParallelFor(slots, [&](int64_t begin, int64_t end) {
      for (int64_t t = begin; t < end; ++t)
        for (int64_t b = t; b < blocks; b += slots)
          block(b, cols + t * slot_floats, nullptr, nullptr);
    });
    return;
  }
  const bool split = pool && pool->threads() > 1;
  for (int64_t b = 0; b < blocks; ++b) block(b, cols, pool, split ? pool : nullptr);
}

Status CpuConvTranspose(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* w, ctx.RequireTensor(1));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *w));
  const Tensor* b = ctx.tensor(2);
  if (b) OL_RETURN_IF_ERROR(NeedFloat(ctx, *b));
  if (x->dims().size() != 3 && x->dims().size() != 4)
    return ctx.Decline("the cpu ConvTranspose kernel takes 1-D and 2-D (3-D or 4-D input)");
  OL_ASSIGN_OR_RETURN(ConvGeometry g, ConvGeometry::ForConvTranspose(ctx, x->dims(), w->dims(), b));
  const int64_t N = x->dims()[0], C = x->dims()[1], G = g.group, Cg = C / G, Mg = w->dims()[1];
  const int64_t M = Mg * G;
  std::vector<int64_t> ydims = {N, M};
  ydims.insert(ydims.end(), g.out.begin(), g.out.end());
  const ConvTPlane p = PlaneOf(g);
  const int64_t in_sp = p.ih * p.iw, out_sp = p.oh * p.ow, rows = SaturatingMul(Mg, p.kh * p.kw);
  // One block of columns (at least one input row) per thread, from the session's budget.
  const int64_t slots = pool_threads(ctx);
  if (!WorkspaceFits(SaturatingMul(slots, std::max<int64_t>(64 * 1024, SaturatingMul(rows, p.iw)))))
    return ctx.Decline("the column buffer would not fit in memory");
  OL_ASSIGN_OR_RETURN(Tensor cols, NewTensor(ctx, DataType::kFloat, {slots, ColumnFloats(p, Mg)}));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, ydims));
  float* Y = y.mutable_data<float>();
  const float* B = b ? b->data<float>() : nullptr;
  ParallelRunner* pool = ctx.pool();
  auto fill = [&](int64_t begin, int64_t end) {
    for (int64_t nm = begin; nm < end; ++nm)
      std::fill(Y + nm * out_sp, Y + (nm + 1) * out_sp, B ? B[nm % M] : 0.f);
  };
  if (pool && pool->threads() > 1 && N * M * out_sp >= 32768)
    pool->ParallelFor(N * M, fill);
  else
    fill(0, N * M);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t grp = 0; grp < G; ++grp)
      ConvTransposeGroup(p, x->data<float>() + (n * C + grp * Cg) * in_sp,
                         w->data<float>() + grp * Cg * rows, Cg, Mg,
                         Y + (n * M + grp * Mg) * out_sp, cols.mutable_data<float>(), slots, pool);
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterCpuConvTransposeKernel(KernelRegistry& r) {
  AddCpu(r, "ConvTranspose", 1, CpuConvTranspose);
}

}  // namespace onnxlens::kernels
