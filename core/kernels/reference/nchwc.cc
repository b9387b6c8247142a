// com.microsoft.nchwc ops (ir/nchwc.h), the oracle and last fallback of the blocked kernels:
// ReorderInput / ReorderOutput (also the cpu provider's: plain loops split over the pool), and
// Conv and the pools computed by the plain reference kernels on unblocked copies (a blocked
// convolution is a plain one over the padded channels with the filter un-reordered).
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "ir/nchwc.h"
#include "kernels/parallel.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::Tensor;

constexpr const char* kDomain = ir::kNchwcDomain;
constexpr int64_t kTile = 32;  // spatial positions per reorder tile

Expected<int64_t> Block(const OpKernelContext& ctx) {
  const int64_t b = ir::NchwcBlockSize();
  if (b <= 0) return ctx.Error("this CPU has no NCHWc block size (the blocked layout needs AVX2)");
  return b;
}

Status CheckBlocked(const OpKernelContext& ctx, const Tensor& x, int64_t block, const char* what) {
  if (x.dtype() != ir::DataType::kFloat || x.dims().size() != 4 || x.dims()[1] % block != 0)
    return ctx.Error(std::string(what) + " must be a float32 NCHWc tensor [N, C, H, W] with C a " +
                     "multiple of the block " + std::to_string(block) + ", got " +
                     std::string(DataTypeName(x.dtype())) + ShapeString(x.dims()));
  return Status::Ok();
}

// Runs fn(first, last) over the (image, channel block) pairs, on the pool when there is one.
void ForBlocks(OpKernelContext& ctx, int64_t count,
               const std::function<void(int64_t, int64_t)>& fn) {
  if (ctx.pool() && count > 1)
    ctx.pool()->ParallelFor(count, fn);
  else
    fn(0, count);
}

Status ReorderInput(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const int64_t block, Block(ctx));
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const bool nhwc = ctx.node().GetInt("channels_last", 0) != 0;
  if (x->dtype() != ir::DataType::kFloat || x->dims().size() != 4)
    return ctx.Error(std::string("X must be a float32 tensor ") +
                     (nhwc ? "[N, H, W, C]" : "[N, C, H, W]") + ", got " +
                     std::string(DataTypeName(x->dtype())) + ShapeString(x->dims()));
  const std::vector<int64_t>& xd = x->dims();
  const int64_t n = xd[0], c = nhwc ? xd[3] : xd[1];
  const int64_t h = nhwc ? xd[1] : xd[2], w = nhwc ? xd[2] : xd[3], sp = h * w;
  const int64_t cpad = ir::RoundUpToBlock(c, block);
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, ir::DataType::kFloat, {n, cpad, h, w}));
  const float* src = x->data<float>();
  float* dst = y.mutable_data<float>();
  const int64_t cb = cpad / block;
  if (nhwc) {
    // Each position's channels are contiguous: a block is `block` of them, copied in a row.
    ForBlocks(ctx, n * cb, [&](int64_t first, int64_t last) {
      for (int64_t i = first; i < last; ++i) {
        const int64_t img = i / cb, b = i % cb;
        const int64_t chans = std::min(block, c - b * block);
        float* d = dst + i * sp * block;
        const float* s = src + img * sp * c + b * block;
        for (int64_t p = 0; p < sp; ++p) {
          std::memcpy(d + p * block, s + p * c, sizeof(float) * chans);
          for (int64_t k = chans; k < block; ++k) d[p * block + k] = 0.f;
        }
      }
    });
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  ForBlocks(ctx, n * cb, [&](int64_t first, int64_t last) {
    for (int64_t i = first; i < last; ++i) {
      const int64_t img = i / cb, b = i % cb;
      const int64_t chans = std::min(block, c - b * block);
      // One block: channels b*block .. +chans of image img, interleaved.
      float* d = dst + i * sp * block;
      const float* s = src + (img * c + b * block) * sp;
      // Tiles of kTile positions: the tile's block stays in L1 while each channel row is read.
      for (int64_t p0 = 0; p0 < sp; p0 += kTile) {
        const int64_t pe = std::min(sp, p0 + kTile);
        for (int64_t k = 0; k < chans; ++k)
          for (int64_t p = p0; p < pe; ++p) d[p * block + k] = s[k * sp + p];
        for (int64_t k = chans; k < block; ++k)
          for (int64_t p = p0; p < pe; ++p) d[p * block + k] = 0.f;
      }
    }
  });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status ReorderOutput(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const int64_t block, Block(ctx));
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(CheckBlocked(ctx, *x, block, "X"));
  const bool nhwc = ctx.node().GetInt("channels_last", 0) != 0;
  const int64_t n = x->dims()[0], cpad = x->dims()[1], sp = x->dims()[2] * x->dims()[3];
  const int64_t c = ctx.node().GetInt("channels", 0);
  if (c <= 0 || c > cpad)
    return ctx.Error("attribute channels must be in [1, " + std::to_string(cpad) + "], got " +
                     std::to_string(c));
  const std::vector<int64_t> ydims = nhwc ? std::vector<int64_t>{n, x->dims()[2], x->dims()[3], c}
                                          : std::vector<int64_t>{n, c, x->dims()[2], x->dims()[3]};
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, ir::DataType::kFloat, ydims));
  const float* src = x->data<float>();
  float* dst = y.mutable_data<float>();
  const int64_t cb = cpad / block;
  if (nhwc) {
    // Split by image and run of positions: each position's channels are written in one row.
    const int64_t runs = (sp + kTile - 1) / kTile;
    ForBlocks(ctx, n * runs, [&](int64_t first, int64_t last) {
      for (int64_t i = first; i < last; ++i) {
        const int64_t img = i / runs, p0 = (i % runs) * kTile, pe = std::min(sp, p0 + kTile);
        for (int64_t p = p0; p < pe; ++p) {
          float* d = dst + (img * sp + p) * c;
          for (int64_t b = 0; b < cb; ++b) {
            const int64_t chans = std::min(block, c - b * block);
            if (chans <= 0) break;
            std::memcpy(d + b * block, src + ((img * cb + b) * sp + p) * block,
                        sizeof(float) * chans);
          }
        }
      }
    });
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  ForBlocks(ctx, n * cb, [&](int64_t first, int64_t last) {
    for (int64_t i = first; i < last; ++i) {
      const int64_t img = i / cb, b = i % cb;
      const int64_t chans = std::min(block, c - b * block);
      const float* s = src + i * sp * block;
      float* d = dst + (img * c + b * block) * sp;
      // Tiles of kTile positions (see ReorderInput): one pass over the block, not one per channel.
      for (int64_t p0 = 0; p0 < sp; p0 += kTile) {
        const int64_t pe = std::min(sp, p0 + kTile);
        for (int64_t k = 0; k < chans; ++k)
          for (int64_t p = p0; p < pe; ++p) d[k * sp + p] = s[p * block + k];
      }
    }
  });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Expected<Tensor> Unblock(const OpKernelContext& ctx, const Tensor& x, int64_t block) {
  OL_ASSIGN_OR_RETURN(Tensor p, NewTensor(ctx, ir::DataType::kFloat, x.dims()));
  ir::UnblockChannels(x.data<float>(), p.mutable_data<float>(), x.dims()[0], x.dims()[1],
                      x.dims()[2] * x.dims()[3], block);
  return p;
}

Expected<Tensor> Reblock(const OpKernelContext& ctx, const Tensor& p, int64_t block) {
  OL_ASSIGN_OR_RETURN(Tensor b, NewTensor(ctx, ir::DataType::kFloat, p.dims()));
  ir::BlockChannels(p.data<float>(), b.mutable_data<float>(), p.dims()[0], p.dims()[1],
                    p.dims()[2] * p.dims()[3], block);
  return b;
}

// Runs `fn` on a context whose inputs are `inputs` and blocks its output 0 into ctx's.
template <typename Fn>
Status RunPlain(OpKernelContext& ctx, const std::vector<const RtValue*>& inputs, int64_t block,
                Fn fn) {
  std::vector<RtValue> outs(ctx.num_outputs());
  OpKernelContext plain(ctx.node(), inputs, &outs, ctx.pool(), ctx.subgraphs());
  OL_RETURN_IF_ERROR(fn(plain));
  if (outs.empty() || !outs[0].is_tensor()) return ctx.Error("no output");
  OL_ASSIGN_OR_RETURN(Tensor y, Reblock(ctx, outs[0].tensor, block));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status NchwcConv(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const int64_t block, Block(ctx));
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* w, ctx.RequireTensor(1));
  if (w->dtype() != ir::DataType::kFloat || w->dims().size() != 4 || w->dims()[0] % block != 0)
    return ctx.Error("W must be a float32 NCHWc filter [O, I, kH, kW] with O a multiple of " +
                     std::to_string(block) + ", got " + ShapeString(w->dims()));
  const int64_t group = ctx.node().GetInt("group", 1);
  const int64_t o = w->dims()[0], i = w->dims()[1];
  const bool plain_input = group == 1 && i < block;
  const bool filter_bo = plain_input || (group > 1 && i == 1 && o == group);
  if (plain_input) {
    if (x->dtype() != ir::DataType::kFloat || x->dims().size() != 4)
      return ctx.Error("X must be a float32 tensor [N, C, H, W], got " + ShapeString(x->dims()));
  } else {
    OL_RETURN_IF_ERROR(CheckBlocked(ctx, *x, block, "X"));
    if (!filter_bo && i % block != 0)
      return ctx.Error("W's input channels (" + std::to_string(i) +
                       ") must be a multiple of the block " + std::to_string(block));
  }
  RtValue xv = RtValue::FromTensor(*x);
  if (!plain_input) {
    OL_ASSIGN_OR_RETURN(Tensor xp, Unblock(ctx, *x, block));
    xv = RtValue::FromTensor(std::move(xp));
  }
  std::vector<float> wp = filter_bo ? ir::PlainFilterFromBo(w->data<float>(), w->dims(), block)
                                    : ir::PlainFilterFromBiBo(w->data<float>(), w->dims(), block);
  RtValue wv = RtValue::FromTensor(Tensor::FromVector(ir::DataType::kFloat, w->dims(), wp));
  std::vector<const RtValue*> inputs = {&xv, &wv, ctx.input(2)};
  RtValue sum;
  if (const Tensor* s = ctx.tensor(3)) {
    OL_RETURN_IF_ERROR(CheckBlocked(ctx, *s, block, "Sum"));
    OL_ASSIGN_OR_RETURN(Tensor sp, Unblock(ctx, *s, block));
    sum = RtValue::FromTensor(std::move(sp));
    inputs.push_back(&sum);
  }
  return RunPlain(ctx, inputs, block, [](OpKernelContext& c) { return ReferenceFusedConv(c); });
}

Status NchwcPool(OpKernelContext& ctx, const std::string& op) {
  OL_ASSIGN_OR_RETURN(const int64_t block, Block(ctx));
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(CheckBlocked(ctx, *x, block, "X"));
  OL_ASSIGN_OR_RETURN(Tensor xp, Unblock(ctx, *x, block));
  RtValue xv = RtValue::FromTensor(std::move(xp));
  return RunPlain(ctx, {&xv}, block, [&](OpKernelContext& c) { return ReferencePool(c, op); });
}

}  // namespace

Status NchwcUpsample(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(const int64_t block, Block(ctx));
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(CheckBlocked(ctx, *x, block, "X"));
  const std::vector<int64_t> s = ctx.node().GetInts("scales");
  if (s.size() != 4 || s[0] != 1 || s[1] != 1 || s[2] < 1 || s[3] < 1 || s[2] > 64 || s[3] > 64)
    return ctx.Error("scales must be [1, 1, sH, sW] with whole factors in [1, 64]");
  if (ctx.node().GetString("mode", "nearest") != "nearest")
    return ctx.Error("only mode nearest is supported");
  const int64_t n = x->dims()[0], cb = x->dims()[1] / block, h = x->dims()[2], w = x->dims()[3];
  const int64_t oh = h * s[2], ow = w * s[3];
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, ir::DataType::kFloat, {n, cb * block, oh, ow}));
  const float* src = x->data<float>();
  float* dst = y.mutable_data<float>();
  const size_t bytes = static_cast<size_t>(block) * sizeof(float);
  ForBlocks(ctx, n * cb * oh, [&](int64_t first, int64_t last) {
    for (int64_t i = first; i < last; ++i) {
      const int64_t plane = i / oh, r = i % oh;
      const float* in_row = src + (plane * h + r / s[2]) * w * block;
      float* out_row = dst + (plane * oh + r) * ow * block;
      for (int64_t c = 0; c < ow; ++c)
        std::memcpy(out_row + c * block, in_row + (c / s[3]) * block, bytes);
    }
  });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status NchwcReorderInput(OpKernelContext& ctx) { return ReorderInput(ctx, 1); }
Status NchwcReorderOutput(OpKernelContext& ctx) { return ReorderOutput(ctx, 1); }

void RegisterNchwcKernels(KernelRegistry& r) {
  AddKernel(r, kDomain, "ReorderInput", 1, ReorderInput);
  AddKernel(r, kDomain, "ReorderOutput", 1, ReorderOutput);
  AddKernel(r, kDomain, "Conv", 1, NchwcConv);
  AddKernel(r, kDomain, "Upsample", 1,
            [](OpKernelContext& c, int64_t) { return NchwcUpsample(c); });
  for (const char* op : {"MaxPool", "AveragePool", "GlobalMaxPool", "GlobalAveragePool"}) {
    const std::string name = op;
    AddKernel(r, kDomain, op, 1,
              [name](OpKernelContext& c, int64_t) { return NchwcPool(c, name); });
  }
}

}  // namespace onnxlens::kernels
