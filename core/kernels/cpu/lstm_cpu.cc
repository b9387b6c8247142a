// Fast float32 LSTM: one SGEMM projects every time step's input at once (X · Wᵀ + Wb + Rb), then
// each step adds H · Rᵀ (a small SGEMM over the batch) and applies the gates. Handles forward,
// reverse and bidirectional, initial states, peepholes, clip and sequence_lens with the default
// activations (Sigmoid, Tanh, Tanh); declines other activations, layout=1 and input_forget so the
// reference kernel runs them.

#include <algorithm>
#include <cmath>
#include <cstring>

#include "kernels/cpu/sgemm.h"
#include "kernels/cpu/vec_math.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

inline float Sig(float x) { return vec::Sigmoid(x); }

Status Lstm(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* X, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* W, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* R, ctx.RequireTensor(2));
  const ir::Node& n = ctx.node();
  for (const Tensor* t : {X, W, R}) {
    if (t->dtype() != DataType::kFloat) return ctx.Decline("float32 only");
  }
  if (n.GetInt("layout", 0) != 0 || n.GetInt("input_forget", 0) != 0)
    return ctx.Decline("layout/input_forget");
  if (const ir::Attribute* a = n.FindAttribute("activations")) {
    for (size_t i = 0; i < a->strings.size(); ++i) {
      if (a->strings[i] != (i % 3 == 0 ? "Sigmoid" : "Tanh"))
        return ctx.Decline("custom activations");
    }
  }
  const std::string direction = n.GetString("direction", "forward");
  const Tensor* Bt = ctx.tensor(3);
  const Tensor* H0 = ctx.tensor(5);
  const Tensor* C0 = ctx.tensor(6);
  const Tensor* P = ctx.tensor(7);
  for (const Tensor* t : {Bt, H0, C0, P}) {
    if (t && t->dtype() != DataType::kFloat) return ctx.Decline("float32 only");
  }
  OL_ASSIGN_OR_RETURN(RecurrentDims dims, CheckRecurrentInputs(ctx, 4));
  const int64_t dirs = dims.dirs, S = dims.seq, B = dims.batch, I = dims.input, H = dims.hidden;
  const std::vector<int64_t>& lens = dims.lens;
  const float clip = n.FindAttribute("clip") ? n.GetFloat("clip", 0.f) : -1.f;
  auto cl = [clip](float v) { return clip > 0 ? std::max(-clip, std::min(clip, v)) : v; };

  OL_ASSIGN_OR_RETURN(Tensor Y, NewTensor(ctx, DataType::kFloat, {S, dirs, B, H}));
  std::memset(Y.mutable_raw(), 0, Y.nbytes());
  OL_ASSIGN_OR_RETURN(Tensor Yh, NewTensor(ctx, DataType::kFloat, {dirs, B, H}));
  OL_ASSIGN_OR_RETURN(Tensor Yc, NewTensor(ctx, DataType::kFloat, {dirs, B, H}));
  std::vector<float> xw(static_cast<size_t>(S * B * 4 * H)), hr(static_cast<size_t>(B * 4 * H));
  std::vector<float> h(static_cast<size_t>(B * H)), c(static_cast<size_t>(B * H));
  for (int64_t d = 0; d < dirs; ++d) {
    const float* Wd = W->data<float>() + d * 4 * H * I;
    const float* Rd = R->data<float>() + d * 4 * H * H;
    // xw[t, b, :] = X[t, b, :] · Wdᵀ + Wb + Rb
    ParallelSgemm(ctx.pool(), false, true, S * B, 4 * H, I, 1.f, X->data<float>(), I, Wd, I, 0.f,
                  xw.data(), 4 * H);
    if (Bt) {
      const float* bias = Bt->data<float>() + d * 8 * H;
      for (int64_t r = 0; r < S * B; ++r)
        for (int64_t q = 0; q < 4 * H; ++q) xw[r * 4 * H + q] += bias[q] + bias[4 * H + q];
    }
    for (int64_t b = 0; b < B; ++b)
      for (int64_t k = 0; k < H; ++k) {
        h[b * H + k] = H0 ? H0->data<float>()[(d * B + b) * H + k] : 0.f;
        c[b * H + k] = C0 ? C0->data<float>()[(d * B + b) * H + k] : 0.f;
      }
    const float* pp = P ? P->data<float>() + d * 3 * H : nullptr;
    const bool reverse = direction == "reverse" || d == 1;
    for (int64_t step = 0; step < S; ++step) {
      ParallelSgemm(nullptr, false, true, B, 4 * H, H, 1.f, h.data(), H, Rd, H, 0.f, hr.data(),
                    4 * H);
      for (int64_t b = 0; b < B; ++b) {
        const int64_t len = lens[b];
        if (step >= len) continue;
        const int64_t t = reverse ? len - 1 - step : step;
        const float* g = &xw[(t * B + b) * 4 * H];
        const float* r = &hr[b * 4 * H];
        float* hb = &h[b * H];
        float* cb = &c[b * H];
        for (int64_t k = 0; k < H; ++k) {
          float ig = g[k] + r[k], og = g[H + k] + r[H + k], fg = g[2 * H + k] + r[2 * H + k],
                cg = g[3 * H + k] + r[3 * H + k];
          if (pp) {
            ig += pp[k] * cb[k];
            fg += pp[2 * H + k] * cb[k];
          }
          const float i_ = Sig(cl(ig)), f_ = Sig(cl(fg)), c_ = vec::Tanh(cl(cg));
          const float cn = f_ * cb[k] + i_ * c_;
          if (pp) og += pp[H + k] * cn;
          const float o_ = Sig(cl(og));
          cb[k] = cn;
          hb[k] = o_ * vec::Tanh(cn);
        }
        std::memcpy(Y.mutable_data<float>() + ((t * dirs + d) * B + b) * H, hb, sizeof(float) * H);
      }
    }
    std::memcpy(Yh.mutable_data<float>() + d * B * H, h.data(), sizeof(float) * B * H);
    std::memcpy(Yc.mutable_data<float>() + d * B * H, c.data(), sizeof(float) * B * H);
  }
  ctx.SetOutput(0, std::move(Y));
  ctx.SetOutput(1, std::move(Yh));
  ctx.SetOutput(2, std::move(Yc));
  return Status::Ok();
}

}  // namespace

void RegisterCpuLstmKernel(KernelRegistry& r) {
  r.Register({"", "LSTM", 7, 1000, kCpuProvider, {DataType::kFloat}, [](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
                    [](OpKernelContext& ctx) { return Lstm(ctx, 0); }));
              }});
}

}  // namespace onnxlens::kernels
