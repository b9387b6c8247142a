// Per-tensor QuantizeLinear (float32 -> uint8 / int8) and DequantizeLinear (uint8 / int8 ->
// float32) on the cpu provider: the reference kernels' arithmetic (x / scale in float32, rounded
// half to even, plus the zero point, saturated; (x - zero point) * scale), in loops the compiler
// vectorizes (and, where the CPU has AVX2, in explicit AVX2 loops computing the same numbers: the
// build's baseline is SSE2 at -O2, where GCC left these loops scalar), split over the intra-op
// pool. Per-axis parameters and other types are declined
// (the reference kernel runs them). com.onnxlens QuantizeDequantizeLinear is the two in one pass.
#include <algorithm>
#include <cstdint>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define OL_QUANT_AVX2 1
#endif
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "common/cpu_isa.h"
#include "kernels/cpu/cpu_util.h"
#include "kernels/parallel.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

constexpr int64_t kQuantGrain = 1 << 15;

template <typename Fn>
void SplitQuant(OpKernelContext& ctx, int64_t n, Fn&& fn) {
  if (!ctx.pool() || ctx.pool()->threads() == 1 || n < 2 * kQuantGrain) {
    fn(int64_t{0}, n);
    return;
  }
  const int64_t tasks =
      std::min<int64_t>((n + kQuantGrain - 1) / kQuantGrain, ctx.pool()->threads() * 4);
  const int64_t chunk = (n + tasks - 1) / tasks;
  ctx.pool()->ParallelFor(tasks, [&](int64_t b, int64_t e) {
    for (int64_t t = b; t < e; ++t) fn(t * chunk, std::min(n, (t + 1) * chunk));
  });
}

// The per-tensor scale and zero point (zero point 0 of type `fallback` when absent).
Status PerTensor(const OpKernelContext& ctx, const Tensor*& zp) {
  OL_ASSIGN_OR_RETURN(const Tensor* s, ctx.RequireTensor(1));
  zp = ctx.tensor(2);
  if (s->dtype() != DataType::kFloat || s->numel() != 1 || (zp && zp->numel() != 1))
    return ctx.Decline("the cpu kernel takes one float32 scale and one zero point");
  return Status::Ok();
}

#ifdef OL_QUANT_AVX2
bool QuantHasAvx2() {
  return IsaAllows(Isa::kAvx2);  // the host's AVX2, under ONNXLENS_MAX_ISA
}

// Eight at a time: x / scale (the same IEEE division), clamped with NaN -> lo (max_ps returns its
// second operand when the first is NaN), rounded half to even (the default rounding mode, as the
// magic-number rounding), plus the zero point, narrowed; returns where the scalar tail starts.
template <typename T>
__attribute__((target("avx2"))) int64_t QuantizeAvx2(const float* x, T* y, float scale, int zp,
                                                     float lo, float hi, int64_t b, int64_t e) {
  const __m256 vs = _mm256_set1_ps(scale), vlo = _mm256_set1_ps(lo), vhi = _mm256_set1_ps(hi);
  const __m256i vz = _mm256_set1_epi32(zp);
  int64_t i = b;
  for (; i + 8 <= e; i += 8) {
    __m256 v = _mm256_div_ps(_mm256_loadu_ps(x + i), vs);
    v = _mm256_min_ps(_mm256_max_ps(v, vlo), vhi);
    const __m256i q = _mm256_add_epi32(_mm256_cvtps_epi32(v), vz);
    const __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(q), _mm256_extracti128_si256(q, 1));
    const __m128i n = std::is_same_v<T, uint8_t> ? _mm_packus_epi16(w, w) : _mm_packs_epi16(w, w);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(y + i), n);
  }
  return i;
}

// Eight at a time: float(x - zero point) * scale.
template <typename T>
__attribute__((target("avx2"))) int64_t DequantizeAvx2(const T* x, float* y, float scale, int zp,
                                                       int64_t b, int64_t e) {
  const __m256 vs = _mm256_set1_ps(scale);
  const __m256i vz = _mm256_set1_epi32(zp);
  int64_t i = b;
  for (; i + 8 <= e; i += 8) {
    const __m128i raw = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(x + i));
    const __m256i w =
        std::is_same_v<T, uint8_t> ? _mm256_cvtepu8_epi32(raw) : _mm256_cvtepi8_epi32(raw);
    _mm256_storeu_ps(y + i, _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(w, vz)), vs));
  }
  return i;
}
#endif

template <typename T>
void QuantizeRange(const float* x, T* y, float scale, int zp, int64_t b, int64_t e) {
  // Saturating before rounding is the same as after (the bounds are whole numbers), and keeps
  // |v| small enough for the add-and-subtract rounding (half to even in the default mode).
  const float lo = float(std::numeric_limits<T>::min() - zp);
  const float hi = float(std::numeric_limits<T>::max() - zp);
  const float magic = 12582912.f;  // 1.5 * 2^23
  const float z = float(zp);
#ifdef OL_QUANT_AVX2
  if (QuantHasAvx2()) b = QuantizeAvx2(x, y, scale, zp, lo, hi, b, e);
#endif
  for (int64_t i = b; i < e; ++i) {
    float v = x[i] / scale;
    v = v >= lo ? v : lo;  // NaN -> lo, as the reference kernel
    v = v <= hi ? v : hi;
    y[i] = static_cast<T>(((v + magic) - magic) + z);
  }
}

Status CpuQuantize(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  const Tensor* zp = nullptr;
  OL_RETURN_IF_ERROR(PerTensor(ctx, zp));
  const DataType out = zp ? zp->dtype() : DataType::kUint8;
  if (out != DataType::kUint8 && out != DataType::kInt8)
    return ctx.Decline("the cpu QuantizeLinear kernel makes uint8 or int8");
  if (ctx.node().GetInt("saturate", 1) != 1) return ctx.Decline("saturate = 0");
  const float scale = ctx.tensor(1)->data<float>()[0];
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, out, x->dims()));
  const float* xv = x->data<float>();
  if (out == DataType::kUint8) {
    const int z = zp ? zp->data<uint8_t>()[0] : 0;
    uint8_t* yv = y.mutable_data<uint8_t>();
    SplitQuant(ctx, x->numel(),
               [&](int64_t b, int64_t e) { QuantizeRange(xv, yv, scale, z, b, e); });
  } else {
    const int z = zp->data<int8_t>()[0];
    int8_t* yv = y.mutable_data<int8_t>();
    SplitQuant(ctx, x->numel(),
               [&](int64_t b, int64_t e) { QuantizeRange(xv, yv, scale, z, b, e); });
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

template <typename T>
void DequantizeRange(const T* x, float* y, float scale, int zp, int64_t b, int64_t e) {
#ifdef OL_QUANT_AVX2
  if (QuantHasAvx2()) b = DequantizeAvx2(x, y, scale, zp, b, e);
#endif
  for (int64_t i = b; i < e; ++i) y[i] = static_cast<float>(int(x[i]) - zp) * scale;
}

Status CpuDequantize(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const Tensor* zp = nullptr;
  OL_RETURN_IF_ERROR(PerTensor(ctx, zp));
  if (x->dtype() != DataType::kUint8 && x->dtype() != DataType::kInt8)
    return ctx.Decline("the cpu DequantizeLinear kernel takes uint8 or int8");
  if (zp && zp->dtype() != x->dtype()) return ctx.Error("x and its zero point differ in type");
  const float scale = ctx.tensor(1)->data<float>()[0];
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x->dims()));
  float* yv = y.mutable_data<float>();
  if (x->dtype() == DataType::kUint8) {
    const uint8_t* xv = x->data<uint8_t>();
    const int z = zp ? zp->data<uint8_t>()[0] : 0;
    SplitQuant(ctx, x->numel(),
               [&](int64_t b, int64_t e) { DequantizeRange(xv, yv, scale, z, b, e); });
  } else {
    const int8_t* xv = x->data<int8_t>();
    const int z = zp ? zp->data<int8_t>()[0] : 0;
    SplitQuant(ctx, x->numel(),
               [&](int64_t b, int64_t e) { DequantizeRange(xv, yv, scale, z, b, e); });
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// com.onnxlens QuantizeDequantizeLinear (passes/qdq_fake_quant.h): QuantizeRange then
// DequantizeRange through a small buffer, so the numbers are the two kernels' bit for bit, with
// one pass over memory and one kernel launch instead of two.
template <typename T>
void QuantizeDequantizeRange(const float* x, float* y, float scale, int zp, int64_t b, int64_t e) {
  constexpr int64_t kChunk = 2048;
  T buf[kChunk];
  for (int64_t c = b; c < e; c += kChunk) {
    const int64_t n = std::min(kChunk, e - c);
    QuantizeRange(x + c, buf, scale, zp, 0, n);
    DequantizeRange(buf, y + c, scale, zp, 0, n);
  }
}

Status CpuQuantizeDequantize(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  const Tensor* zp = nullptr;
  OL_RETURN_IF_ERROR(PerTensor(ctx, zp));
  if (!zp || (zp->dtype() != DataType::kUint8 && zp->dtype() != DataType::kInt8))
    return ctx.Decline("the cpu QuantizeDequantizeLinear kernel takes a uint8 / int8 zero point");
  const float scale = ctx.tensor(1)->data<float>()[0];
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x->dims()));
  const float* xv = x->data<float>();
  float* yv = y.mutable_data<float>();
  if (zp->dtype() == DataType::kUint8) {
    const int z = zp->data<uint8_t>()[0];
    SplitQuant(ctx, x->numel(), [&](int64_t b, int64_t e) {
      QuantizeDequantizeRange<uint8_t>(xv, yv, scale, z, b, e);
    });
  } else {
    const int z = zp->data<int8_t>()[0];
    SplitQuant(ctx, x->numel(), [&](int64_t b, int64_t e) {
      QuantizeDequantizeRange<int8_t>(xv, yv, scale, z, b, e);
    });
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

template <typename Fn>
void AddQuant(KernelRegistry& r, const char* op, std::vector<DataType> types, Fn fn) {
  r.Register({"", op, 10, 1000, kCpuProvider, std::move(types), [fn](const KernelInfo& info) {
                const int64_t opset = info.opset;
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
                    [fn, opset](OpKernelContext& ctx) { return fn(ctx, opset); }));
              }});
}

// What the graph tells at creation: a constant scale or zero point with more than one value is
// per axis, which these kernels leave to the reference kernel.
Capability QuantPerTensorCheck(const KernelInfo& info) {
  for (size_t i : {1, 2}) {
    const ir::Value* v = info.node.input(i);
    if (v && v->initializer() && v->initializer()->numel() != 1)
      return Capability::Decline(DeclineReason::kAttribute,
                                 "the cpu " + info.node.op_type() +
                                     " kernel takes one scale and zero point (per tensor), " +
                                     v->name() + " has " +
                                     std::to_string(v->initializer()->numel()));
  }
  return Capability::Accept();
}

}  // namespace

void RegisterCpuQuantKernels(KernelRegistry& r) {
  AddQuant(r, "QuantizeLinear", {DataType::kFloat}, CpuQuantize);
  AddQuant(r, "DequantizeLinear", {DataType::kUint8, DataType::kInt8}, CpuDequantize);
  r.Register({"com.onnxlens",
              "QuantizeDequantizeLinear",
              1,
              1000,
              kCpuProvider,
              {DataType::kFloat},
              [](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
                    [](OpKernelContext& ctx) { return CpuQuantizeDequantize(ctx, 1); }));
              }});
  r.SetCheck("", "QuantizeLinear", kCpuProvider, QuantPerTensorCheck);
  r.SetCheck("", "DequantizeLinear", kCpuProvider, QuantPerTensorCheck);
}

}  // namespace onnxlens::kernels
