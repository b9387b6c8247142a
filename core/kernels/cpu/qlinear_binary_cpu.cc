// cpu com.microsoft QLinearAdd / QLinearMul (uint8 / int8, per-tensor parameters): eight values
// at a time with AVX2 + FMA, with the arithmetic of kernels/qlinear_binary.h (bit for bit the
// reference kernel's). Shapes: equal, one input a single value, B repeated along the leading
// axes of A (a bias row, a mask), or one input constant along the other's last axes (a
// per-channel scale [1, C, 1, 1] over [1, C, H, W], squeeze-and-excitation's); other broadcasts
// go to the reference kernel.
#include <algorithm>
#include <cstdint>
#include <string>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define OL_QLB_AVX2 1
#endif

#include "common/cpu_isa.h"
#include "kernels/cpu/cpu_util.h"
#include "kernels/parallel.h"
#include "kernels/qlinear_binary.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

constexpr int64_t kQbGrain = 1 << 15;

// What one call computes: y[i] from a[i] and b[i] (or the single value folded in).
enum class Form { kVector, kScalarB, kScalarA };

struct QbJob {
  bool add = true;
  Form form = Form::kVector;
  qlinear::AddParams ap;
  qlinear::MulParams mp;
  float fixed = 0;     // Add with a single value: the fixed part with it folded in
  int32_t single = 0;  // Mul with a single value: that value
};

template <typename T>
T ScalarOne(const QbJob& j, int32_t a, int32_t b) {
  float v;
  if (!j.add) {
    v = qlinear::MulValue(a, b, j.mp);
  } else if (j.form == Form::kVector) {
    v = qlinear::AddValue(a, b, j.ap);
  } else if (j.form == Form::kScalarB) {
    v = qlinear::AddValueScalar(a, j.ap.ra, j.fixed);
  } else {
    v = qlinear::AddValueScalar(b, j.ap.rb, j.fixed);
  }
  return qlinear::Saturate<T>(v);
}

#ifdef OL_QLB_AVX2
bool HasAvx2Fma() {
  return IsaAllows(Isa::kAvx2);  // the host's AVX2 + FMA, under ONNXLENS_MAX_ISA
}

template <typename T>
__attribute__((target("avx2"))) inline __m256 Load8(const T* p) {
  const __m128i v = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
  const __m256i w = std::is_same_v<T, uint8_t> ? _mm256_cvtepu8_epi32(v) : _mm256_cvtepi8_epi32(v);
  return _mm256_cvtepi32_ps(w);
}

template <typename T>
__attribute__((target("avx2"))) inline __m256i Load8i(const T* p) {
  const __m128i v = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
  return std::is_same_v<T, uint8_t> ? _mm256_cvtepu8_epi32(v) : _mm256_cvtepi8_epi32(v);
}

// Rounds (the conversion's half-to-even; INT32_MIN out of range), saturates, stores 8.
template <typename T>
__attribute__((target("avx2"))) inline void Store8(T* y, __m256 v) {
  __m256i i = _mm256_cvtps_epi32(v);
  i = _mm256_max_epi32(i, _mm256_set1_epi32(std::numeric_limits<T>::min()));
  i = _mm256_min_epi32(i, _mm256_set1_epi32(std::numeric_limits<T>::max()));
  const __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(i), _mm256_extracti128_si256(i, 1));
  const __m128i b = std::is_same_v<T, uint8_t> ? _mm_packus_epi16(w, w) : _mm_packs_epi16(w, w);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(y), b);
}

// y[0, n) from a / b (b of length n, or a single value per the job's form); returns where the
// scalar tail starts.
template <typename T>
__attribute__((target("avx2,fma"))) int64_t RunAvx2(const QbJob& j, const T* a, const T* b, T* y,
                                                    int64_t n) {
  int64_t i = 0;
  if (j.add) {
    const __m256 ra = _mm256_set1_ps(j.ap.ra), rb = _mm256_set1_ps(j.ap.rb);
    const __m256 fixed = _mm256_set1_ps(j.form == Form::kVector ? j.ap.fixed : j.fixed);
    if (j.form == Form::kVector) {
      for (; i + 8 <= n; i += 8)
        Store8(y + i, _mm256_fmadd_ps(Load8(a + i), ra, _mm256_fmadd_ps(Load8(b + i), rb, fixed)));
    } else if (j.form == Form::kScalarB) {
      for (; i + 8 <= n; i += 8) Store8(y + i, _mm256_fmadd_ps(Load8(a + i), ra, fixed));
    } else {
      for (; i + 8 <= n; i += 8) Store8(y + i, _mm256_fmadd_ps(Load8(b + i), rb, fixed));
    }
    return i;
  }
  const __m256 ratio = _mm256_set1_ps(j.mp.ratio), zc = _mm256_set1_ps(j.mp.zc);
  const __m256i za = _mm256_set1_epi32(j.mp.za), zb = _mm256_set1_epi32(j.mp.zb);
  const __m256i single = _mm256_set1_epi32(j.single);
  for (; i + 8 <= n; i += 8) {
    const __m256i x = j.form == Form::kScalarA ? single : Load8i(a + i);
    const __m256i w = j.form == Form::kScalarB ? single : Load8i(b + i);
    const __m256i prod = _mm256_mullo_epi32(_mm256_sub_epi32(x, za), _mm256_sub_epi32(w, zb));
    // Multiply, then add: two roundings, as the reference (this file is built without
    // floating-point contraction).
    const __m256 scaled = _mm256_mul_ps(_mm256_cvtepi32_ps(prod), ratio);
    Store8(y + i, _mm256_add_ps(scaled, zc));
  }
  return i;
}
#endif

template <typename T>
void RunRange(const QbJob& j, const T* a, const T* b, T* y, int64_t n) {
  int64_t i = 0;
#ifdef OL_QLB_AVX2
  if (HasAvx2Fma()) i = RunAvx2<T>(j, a, b, y, n);
#endif
  for (; i < n; ++i) {
    const int32_t x = j.form == Form::kScalarA ? j.single : a[i];
    const int32_t w = j.form == Form::kScalarB ? j.single : b[i];
    y[i] = ScalarOne<T>(j, x, w);
  }
}

Status ReadParams(OpKernelContext& ctx, float* s, int32_t* z) {
  for (int k = 0; k < 3; ++k) {
    const size_t si = k == 0 ? 1 : k == 1 ? 4 : 6;
    const Tensor* st = ctx.tensor(si);
    const Tensor* zt = ctx.tensor(si + 1);
    if (!st || st->dtype() != DataType::kFloat || st->numel() != 1 || (zt && zt->numel() != 1))
      return ctx.Decline("the cpu kernel takes per-tensor float32 scales and zero points");
    s[k] = st->data<float>()[0];
    z[k] = 0;
    if (zt && zt->dtype() == DataType::kUint8) z[k] = zt->data<uint8_t>()[0];
    if (zt && zt->dtype() == DataType::kInt8) z[k] = zt->data<int8_t>()[0];
  }
  return Status::Ok();
}

// B, without its leading 1s, is A's last axes (a bias row, or an attention mask [1, 1, 1, S]
// over [B, H, S, S]): B repeats over A's rows.
bool IsRowOf(const std::vector<int64_t>& bd, const std::vector<int64_t>& ad) {
  if (bd.size() > ad.size()) return false;
  size_t first = 0;
  while (first < bd.size() && bd[first] == 1) ++first;
  const size_t k = bd.size() - first;
  return std::equal(bd.begin() + static_cast<std::ptrdiff_t>(first), bd.end(),
                    ad.end() - static_cast<std::ptrdiff_t>(k));
}

// `s`, with leading 1s added to `l`'s rank, is `l`'s leading axes followed by 1s, and `l`'s last
// axis is longer than 1 (a per-channel scale [1, C, 1, 1] over [1, C, H, W]): each value of `s`
// is constant over a run of `l`. The run's length, or 0.
int64_t ColumnRun(const std::vector<int64_t>& s, const std::vector<int64_t>& l) {
  if (s.size() > l.size() || l.empty() || l.back() <= 1) return 0;
  std::vector<int64_t> sp(l.size() - s.size(), 1);
  sp.insert(sp.end(), s.begin(), s.end());
  size_t k = sp.size();
  while (k > 0 && sp[k - 1] == 1) --k;
  int64_t run = 1;
  for (size_t i = 0; i < l.size(); ++i) {
    if (i < k && sp[i] != l[i]) return 0;
    if (i >= k) run *= l[i];
  }
  return run;
}

template <typename T>
Status RunQb(OpKernelContext& ctx, bool add, const Tensor& a, const Tensor& b) {
  for (size_t i : {2, 5, 7})
    if (const Tensor* z = ctx.tensor(i); z && z->dtype() != DataTypeOf<T>())
      return ctx.Decline("the cpu kernel takes zero points of the data's type");
  float s[3];
  int32_t z[3];
  OL_RETURN_IF_ERROR(ReadParams(ctx, s, z));
  QbJob j;
  j.add = add;
  j.ap = qlinear::MakeAddParams(s[0], z[0], s[1], z[1], s[2], z[2]);
  j.mp = qlinear::MakeMulParams(s[0], z[0], s[1], z[1], s[2], z[2]);
  const std::vector<int64_t>& ad = a.dims();
  const std::vector<int64_t>& bd = b.dims();
  std::vector<int64_t> out;
  int64_t row = 0;     // > 0: B is one row of this length, repeated over A
  int64_t column = 0;  // > 0: one input's values each constant over a run of this length
  // Which input is a single value decides the form, as in ONNX Runtime: A first (the reference
  // kernel's rule). Both single: the output is the higher rank's all-ones shape.
  if (a.numel() == 1 && (ad.size() <= bd.size() || b.numel() == 1)) {
    out = ad.size() <= bd.size() ? bd : ad;
    j.form = Form::kScalarA;
    j.single = a.data<T>()[0];
    j.fixed = qlinear::AddFixedWithScalar(j.single, j.ap.ra, j.ap.fixed);
  } else if (b.numel() == 1 && bd.size() <= ad.size()) {
    out = ad;
    j.form = Form::kScalarB;
    j.single = b.data<T>()[0];
    j.fixed = qlinear::AddFixedWithScalar(j.single, j.ap.rb, j.ap.fixed);
  } else if (ad == bd) {
    out = ad;
  } else if (IsRowOf(bd, ad) && b.numel() > 0) {
    out = ad;
    row = b.numel();
  } else if (const int64_t r = ColumnRun(bd, ad); r > 0 && b.numel() > 1) {
    out = ad;
    column = r;
    j.form = Form::kScalarB;
  } else if (const int64_t r = ColumnRun(ad, bd); r > 0 && a.numel() > 1) {
    out = bd;
    column = r;
    j.form = Form::kScalarA;
  } else {
    return ctx.Decline("the cpu kernel takes equal shapes, a single value or B as A's last axes");
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataTypeOf<T>(), out));
  const T* av = a.data<T>();
  const T* bv = b.data<T>();
  T* yv = y.mutable_data<T>();
  const int64_t n = y.numel();
  const int64_t unit = row > 0 ? row : column > 0 ? column : 1;  // work splits at whole runs
  const int64_t units = n / std::max<int64_t>(unit, 1);
  auto part = [&](int64_t ub, int64_t ue) {
    if (column > 0) {
      // Each run takes its single value as the scalar forms do (the reference's rule: a value
      // constant over a run is folded into the fixed part).
      const bool small_b = j.form == Form::kScalarB;
      for (int64_t r = ub; r < ue; ++r) {
        QbJob jr = j;
        jr.single = small_b ? bv[r] : av[r];
        jr.fixed = qlinear::AddFixedWithScalar(jr.single, small_b ? j.ap.rb : j.ap.ra, j.ap.fixed);
        RunRange<T>(jr, small_b ? av + r * column : av, small_b ? bv : bv + r * column,
                    yv + r * column, column);
      }
    } else if (row > 0) {
      for (int64_t r = ub; r < ue; ++r) RunRange<T>(j, av + r * row, bv, yv + r * row, row);
    } else {
      const T* ap = j.form == Form::kScalarA ? av : av + ub;
      const T* bp = j.form == Form::kScalarB ? bv : bv + ub;
      RunRange<T>(j, ap, bp, yv + ub, ue - ub);
    }
  };
  ParallelRunner* pool = ctx.pool();
  if (!pool || pool->threads() == 1 || n < 2 * kQbGrain || units < 2) {
    part(0, units);
  } else {
    const int64_t tasks =
        std::min<int64_t>({(n + kQbGrain - 1) / kQbGrain, pool->threads() * 4, units});
    const int64_t chunk = (units + tasks - 1) / tasks;
    pool->ParallelFor(tasks, [&](int64_t tb, int64_t te) {
      for (int64_t t = tb; t < te; ++t) part(t * chunk, std::min(units, (t + 1) * chunk));
    });
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status CpuQLinearBinary(OpKernelContext& ctx, bool add) {
  OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* b, ctx.RequireTensor(3));
  if (a->dtype() != b->dtype()) return ctx.Decline("A and B differ in type");
  if (a->dtype() == DataType::kUint8) return RunQb<uint8_t>(ctx, add, *a, *b);
  if (a->dtype() == DataType::kInt8) return RunQb<int8_t>(ctx, add, *a, *b);
  return ctx.Decline("the cpu kernel takes uint8 / int8");
}

// At creation: constant scales and zero points must be single values.
Capability QbPerTensorCheck(const KernelInfo& info) {
  for (size_t i : {1, 2, 4, 5, 6, 7}) {
    const ir::Value* v = i < info.node.inputs().size() ? info.node.input(i) : nullptr;
    if (v && v->initializer() && v->initializer()->numel() != 1)
      return Capability::Decline(
          DeclineReason::kAttribute,
          "the cpu " + info.node.op_type() + " kernel takes per-tensor scales and zero points, " +
              v->name() + " has " + std::to_string(v->initializer()->numel()) + " values");
  }
  return Capability::Accept();
}

void Add(KernelRegistry& r, const char* op, bool add) {
  r.Register({"com.microsoft",
              op,
              1,
              1000,
              kCpuProvider,
              {DataType::kUint8, DataType::kInt8},
              [add](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
                    [add](OpKernelContext& ctx) { return CpuQLinearBinary(ctx, add); }));
              }});
  r.SetCheck("com.microsoft", op, kCpuProvider, QbPerTensorCheck);
}

}  // namespace

void RegisterCpuQLinearBinaryKernels(KernelRegistry& r) {
  Add(r, "QLinearAdd", true);
  Add(r, "QLinearMul", false);
}

}  // namespace onnxlens::kernels
