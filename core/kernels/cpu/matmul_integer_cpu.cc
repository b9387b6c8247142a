// The int8 matrix products on the cpu provider's exact integer GEMM (igemm.h, issue 35.2):
// MatMulInteger, com.microsoft DynamicQuantizeMatMul and QLinearMatMul, for uint8 / int8 A and B
// with zero points per tensor, per row of A or per column of B, batched and broadcast as the
// reference kernels (kernels/reference/quant.cc) take them, and with their outputs bit for bit:
// the same int32 sums, then the reference's float (DynamicQuantizeMatMul) or double
// (QLinearMatMul) arithmetic after them. A constant B (weights) is packed once per instruction
// path; a computed B is packed at each run. What the reference kernel would reject (shapes,
// parameter counts) and K beyond kIgemmMaxK (where its 64-bit sums saturate) are declined to it.
#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "common/cpu_isa.h"
#include "common/strings.h"
#include "kernels/cpu/cpu_util.h"
#include "kernels/cpu/igemm.h"
#include "kernels/dynamic_quant.h"
#include "kernels/parallel.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

// A zero point's values as int32 (none for a missing or empty tensor); false for other types.
bool ReadZeroPoints(const Tensor* t, std::vector<int32_t>* out) {
  out->clear();
  if (!t) return true;
  if (t->dtype() == DataType::kUint8) {
    out->assign(t->data<uint8_t>(), t->data<uint8_t>() + t->numel());
  } else if (t->dtype() == DataType::kInt8) {
    out->assign(t->data<int8_t>(), t->data<int8_t>() + t->numel());
  } else {
    return false;
  }
  return true;
}

// The reference's IntMatMul geometry: 1-D A / B made [1, K] / [K, 1], batches broadcast.
struct MmiPlan {
  int64_t M = 0, K = 0, N = 0;
  std::vector<int64_t> out_dims;
  std::vector<std::pair<int64_t, int64_t>> pairs;  // (A batch, B batch) per output batch
};

Expected<MmiPlan> PlanOf(const OpKernelContext& ctx, const Tensor& a, const Tensor& b) {
  if (a.dims().empty() || b.dims().empty()) return ctx.Decline("A or B is a scalar");
  std::vector<int64_t> ad = a.dims(), bd = b.dims();
  if (ad.size() == 1) ad.insert(ad.begin(), 1);
  if (bd.size() == 1) bd.push_back(1);
  MmiPlan p;
  p.M = ad[ad.size() - 2];
  p.K = ad.back();
  p.N = bd.back();
  if (p.K != bd[bd.size() - 2]) return ctx.Decline("inner dimensions differ");
  if (p.K > kIgemmMaxK)
    return ctx.Decline("K " + std::to_string(p.K) + " is beyond " + std::to_string(kIgemmMaxK) +
                       " (int32 sums could saturate)");
  std::vector<int64_t> abatch(ad.begin(), ad.end() - 2), bbatch(bd.begin(), bd.end() - 2);
  auto batch = BroadcastShapes(abatch, bbatch);
  if (!batch.ok()) return ctx.Decline(batch.status().message());
  p.out_dims = *batch;
  if (a.dims().size() > 1) p.out_dims.push_back(p.M);
  if (b.dims().size() > 1) p.out_dims.push_back(p.N);
  ForEachBroadcast(
      *batch, {BroadcastStrides(abatch, *batch), BroadcastStrides(bbatch, *batch)},
      [&](int64_t, const std::vector<int64_t>& off, int64_t n, const std::vector<int64_t>& in) {
        for (int64_t i = 0; i < n; ++i)
          p.pairs.emplace_back(off[0] + i * in[0], off[1] + i * in[1]);
      });
  return p;
}

// A [.., M, K] x B [.., K, N] into int32, B packed once when it is a constant.
class IntMatMulCore {
 public:
  // A constant B is packed here for the current path, so the first run does not pay for it
  // (unless the session is only a check: `prepare` false).
  IntMatMulCore(const Tensor* constant_b, bool prepare) {
    if (!constant_b || !IsInt8Type(constant_b->dtype()) || constant_b->dims().empty()) return;
    b_ = *constant_b;
    const auto& d = b_->dims();
    const int64_t k = d.size() == 1 ? d[0] : d[d.size() - 2], n = d.size() == 1 ? 1 : d.back();
    if (prepare && k > 0 && n > 0 && k <= kIgemmMaxK) ConstantPacks(BestIgemmPath(), k, n);
  }

  // azp: 0, 1 or M values; bzp: 0, 1 or N values (checked here: a decline otherwise).
  Status Run(OpKernelContext& ctx, const Tensor& a, const Tensor& b, const MmiPlan& p,
             const std::vector<int32_t>& azp, const std::vector<int32_t>& bzp, int32_t* out) const {
    if (azp.size() > 1 && static_cast<int64_t>(azp.size()) != p.M)
      return ctx.Decline("a_zero_point is neither one value nor one per row");
    if (bzp.size() > 1 && static_cast<int64_t>(bzp.size()) != p.N)
      return ctx.Decline("b_zero_point is neither one value nor one per column");
    const int64_t mats = p.K * p.N == 0 ? 0 : b.numel() / (p.K * p.N);
    std::shared_ptr<const std::vector<IgemmPackedB>> packs;
    const IgemmPath path = BestIgemmPath();
    // An initializer cannot change between runs: the packs made from it stand (same dims).
    if (b_ && b_->dtype() == b.dtype() && b_->dims() == b.dims()) {
      packs = ConstantPacks(path, p.K, p.N);
    } else {
      auto fresh = std::make_shared<std::vector<IgemmPackedB>>();
      for (int64_t i = 0; i < mats; ++i) fresh->push_back(PackOne(path, b, i, p));
      packs = std::move(fresh);
    }
    const bool a_signed = a.dtype() == DataType::kInt8;
    IgemmZeroPoints zp;
    zp.a = azp.data();
    zp.a_count = static_cast<int64_t>(azp.size());
    zp.b = bzp.data();
    zp.b_count = static_cast<int64_t>(bzp.size());
    const uint8_t* av = a.data<uint8_t>();
    for (size_t i = 0; i < p.pairs.size(); ++i) {
      int32_t* c = out + static_cast<int64_t>(i) * p.M * p.N;
      if (p.K == 0 || mats == 0) {
        std::fill(c, c + p.M * p.N, 0);
        continue;
      }
      Igemm(ctx.pool(), p.M, av + p.pairs[i].first * p.M * p.K, a_signed, p.K,
            (*packs)[static_cast<size_t>(p.pairs[i].second)], zp, c, p.N);
    }
    return Status::Ok();
  }

 private:
  static IgemmPackedB PackOne(IgemmPath path, const Tensor& b, int64_t i, const MmiPlan& p) {
    return IgemmPackB(path, b.data<uint8_t>() + i * p.K * p.N, b.dtype() == DataType::kInt8, p.K,
                      p.N, p.N);
  }

  // The constant B's matrices packed for `path`, made at the first use of the path (the cap can
  // change between runs).
  std::shared_ptr<const std::vector<IgemmPackedB>> ConstantPacks(IgemmPath path, int64_t k,
                                                                 int64_t n) const {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = packs_.find(path);
    if (it != packs_.end()) return it->second;
    auto made = std::make_shared<std::vector<IgemmPackedB>>();
    const int64_t mats = b_->numel() / (k * n);
    for (int64_t i = 0; i < mats; ++i)
      made->push_back(IgemmPackB(path, b_->data<uint8_t>() + i * k * n,
                                 b_->dtype() == DataType::kInt8, k, n, n));
    packs_[path] = made;
    return made;
  }

  std::optional<Tensor> b_;
  mutable std::mutex mu_;
  mutable std::map<IgemmPath, std::shared_ptr<const std::vector<IgemmPackedB>>> packs_;
};

// Element-wise passes of at least this many values are split over the pool.
constexpr int64_t kMmiGrain = 1 << 14;

int64_t PiecesOf(const OpKernelContext& ctx, int64_t n, int64_t width = 1) {
  const int64_t threads = ctx.pool() ? ctx.pool()->threads() : 1;
  const int64_t per_piece = std::max<int64_t>(1, kMmiGrain / std::max<int64_t>(1, width));
  if (threads <= 1 || n < 2 * per_piece) return 1;
  return std::min<int64_t>((n + per_piece - 1) / per_piece, 4 * threads);
}

// Calls fn(piece, begin, end) over PiecesOf(ctx, n, width) contiguous pieces of [0, n).
template <typename Fn>
void SplitRange(OpKernelContext& ctx, int64_t n, Fn&& fn, int64_t width = 1) {
  const int64_t pieces = PiecesOf(ctx, n, width);
  const int64_t chunk = (n + pieces - 1) / pieces;
  if (pieces == 1) {
    fn(int64_t{0}, int64_t{0}, n);
    return;
  }
  ctx.pool()->ParallelFor(pieces, [&](int64_t b, int64_t e) {
    for (int64_t t = b; t < e; ++t) fn(t, t * chunk, std::min(n, (t + 1) * chunk));
  });
}

class CpuMatMulInteger final : public OpKernel {
 public:
  CpuMatMulInteger(const Tensor* b, bool prepare) : core_(b, prepare) {}

  Status Compute(OpKernelContext& ctx) const override {
    OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
    OL_ASSIGN_OR_RETURN(const Tensor* b, ctx.RequireTensor(1));
    if (!IsInt8Type(a->dtype()) || !IsInt8Type(b->dtype()))
      return ctx.Decline("A and B are not uint8 / int8");
    std::vector<int32_t> azp, bzp;
    if (!ReadZeroPoints(ctx.tensor(2), &azp) || !ReadZeroPoints(ctx.tensor(3), &bzp))
      return ctx.Decline("a zero point is not uint8 / int8");
    OL_ASSIGN_OR_RETURN(MmiPlan p, PlanOf(ctx, *a, *b));
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kInt32, p.out_dims));
    if (y.numel() > 0)
      OL_RETURN_IF_ERROR(core_.Run(ctx, *a, *b, p, azp, bzp, y.mutable_data<int32_t>()));
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

 private:
  IntMatMulCore core_;
};

class CpuDynamicQuantizeMatMul final : public OpKernel {
 public:
  CpuDynamicQuantizeMatMul(const Tensor* b, bool prepare) : core_(b, prepare) {}

  Status Compute(OpKernelContext& ctx) const override {
    OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
    OL_ASSIGN_OR_RETURN(const Tensor* b, ctx.RequireTensor(1));
    OL_ASSIGN_OR_RETURN(const Tensor* bs, ctx.RequireTensor(2));
    if (a->dtype() != DataType::kFloat) return ctx.Decline("A is not float32");
    if (!IsInt8Type(b->dtype()) || b->dims().size() < 2)
      return ctx.Decline("B is not a uint8 / int8 matrix");
    if (bs->dtype() != DataType::kFloat) return ctx.Decline("b_scale is not float32");
    std::vector<int32_t> bzp;
    if (!ReadZeroPoints(ctx.tensor(3), &bzp)) return ctx.Decline("b_zero_point is not int8");
    const int64_t cols = b->dims().empty() ? -1 : b->dims().back();
    const int64_t n_scales = bs->numel();
    if (n_scales != 1 && n_scales != cols)
      return ctx.Decline("b_scale is neither one value nor one per column");
    if (ctx.tensor(3) && ctx.tensor(3)->numel() != 1 && ctx.tensor(3)->numel() != cols)
      return ctx.Decline("b_zero_point is neither one value nor one per column");
    const Tensor* bias = ctx.tensor(4);
    if (bias && (bias->dtype() != DataType::kFloat || bias->numel() != cols))
      return ctx.Decline("the bias is not one float32 per column");
    OL_ASSIGN_OR_RETURN(MmiPlan p, PlanOf(ctx, *a, *b));
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, p.out_dims));
    if (y.numel() == 0) {
      ctx.SetOutput(0, std::move(y));
      return Status::Ok();
    }
    // DynamicQuantizeLinear of A (kernels/dynamic_quant.h, the reference's arithmetic), split.
    const float* av = a->data<float>();
    const int64_t n = a->numel();
    std::vector<float> lo(static_cast<size_t>(PiecesOf(ctx, n)), 0.f), hi(lo.size(), 0.f);
    SplitRange(ctx, n, [&](int64_t t, int64_t b0, int64_t e) {
      DynamicRange(av, b0, e, &lo[static_cast<size_t>(t)], &hi[static_cast<size_t>(t)]);
    });
    float mn = 0.f, mx = 0.f;
    for (size_t t = 0; t < lo.size(); ++t) {
      mn = std::min(mn, lo[t]);
      mx = std::max(mx, hi[t]);
    }
    const DynamicQuantParams q = DynamicParamsOf(mn, mx);
    OL_ASSIGN_OR_RETURN(Tensor aq, NewTensor(ctx, DataType::kUint8, a->dims()));
    uint8_t* aqv = aq.mutable_data<uint8_t>();
    SplitRange(ctx, n,
               [&](int64_t, int64_t b0, int64_t e) { DynamicQuantizeRange(av, aqv, q, b0, e); });
    OL_ASSIGN_OR_RETURN(Tensor acc, NewTensor(ctx, DataType::kInt32, p.out_dims));
    const std::vector<int32_t> azp = {static_cast<int32_t>(q.zero_point)};
    OL_RETURN_IF_ERROR(core_.Run(ctx, aq, *b, p, azp, bzp, acc.mutable_data<int32_t>()));
    // The reference: float(sum) * (scale * b_scale[j]) + bias[j] (or + 0), one rounding each.
    const int64_t N = std::max<int64_t>(1, cols);
    std::vector<float> col_scale(static_cast<size_t>(N));
    const float* bsv = bs->data<float>();
    for (int64_t j = 0; j < N; ++j) col_scale[j] = q.scale * (n_scales == 1 ? bsv[0] : bsv[j]);
    const int32_t* sv = acc.data<int32_t>();
    float* out = y.mutable_data<float>();
    const float* bv = bias ? bias->data<float>() : nullptr;
    const int64_t rows = y.numel() / N;
    SplitRange(
        ctx, rows,
        [&](int64_t, int64_t rb, int64_t re) {
          ScaleRows(sv, col_scale.data(), bv, N, rb, re, out);
        },
        N);
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

 private:
  // Built without FMA (no target attribute): the product and the sum round separately, as in the
  // reference kernel.
  static void ScaleRows(const int32_t* sv, const float* col_scale, const float* bias, int64_t N,
                        int64_t rb, int64_t re, float* out) {
    for (int64_t r = rb; r < re; ++r) {
      const int32_t* s = sv + r * N;
      float* o = out + r * N;
      if (bias) {
        for (int64_t j = 0; j < N; ++j) o[j] = static_cast<float>(s[j]) * col_scale[j] + bias[j];
      } else {
        for (int64_t j = 0; j < N; ++j) o[j] = static_cast<float>(s[j]) * col_scale[j] + 0.f;
      }
    }
  }

  IntMatMulCore core_;
};

// The reference QLinearMatMul's double arithmetic, four lanes at a time: each lane the scalar
// loop's operations in its order ((s * a_scale) * b_scale) / y_scale + zy, rounded in the current
// mode (nearbyint), then SaturatingCast's result (NaN 0, else clamped to T).
template <typename T>
__attribute__((target("avx2"))) int64_t RequantAvx2(const int32_t* s, const double* bs, int64_t n,
                                                    double as, double ys, double zy, T* out) {
  const __m256d vas = _mm256_set1_pd(as), vys = _mm256_set1_pd(ys), vzy = _mm256_set1_pd(zy);
  const __m256d lo = _mm256_set1_pd(static_cast<double>(std::numeric_limits<T>::min()));
  const __m256d hi = _mm256_set1_pd(static_cast<double>(std::numeric_limits<T>::max()));
  int64_t j = 0;
  for (; j + 4 <= n; j += 4) {
    __m256d v = _mm256_cvtepi32_pd(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s + j)));
    v = _mm256_mul_pd(v, vas);
    v = _mm256_mul_pd(v, _mm256_loadu_pd(bs + j));
    v = _mm256_div_pd(v, vys);
    v = _mm256_add_pd(v, vzy);
    v = _mm256_round_pd(v, _MM_FROUND_CUR_DIRECTION);
    v = _mm256_and_pd(v, _mm256_cmp_pd(v, v, _CMP_ORD_Q));  // NaN -> 0
    v = _mm256_min_pd(_mm256_max_pd(v, lo), hi);
    alignas(16) int32_t q[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(q), _mm256_cvttpd_epi32(v));
    for (int k = 0; k < 4; ++k) out[j + k] = static_cast<T>(q[k]);
  }
  return j;
}

template <typename T>
void RequantRow(const int32_t* s, const double* bs, int64_t n, double as, double ys, double zy,
                bool avx2, T* out) {
  const int64_t done = avx2 ? RequantAvx2(s, bs, n, as, ys, zy, out) : 0;
  for (int64_t j = done; j < n; ++j) {
    const double v = static_cast<double>(s[j]) * as * bs[j] / ys + zy;
    out[j] = SaturatingCast<T>(std::nearbyint(v));
  }
}

// QLinearMatMul: the int32 sums, then the reference's double arithmetic per element:
// saturate(round_half_even(sum * a_scale * b_scale[j] / y_scale + y_zero_point)).
class CpuQLinearMatMul final : public OpKernel {
 public:
  CpuQLinearMatMul(const Tensor* b, bool prepare) : core_(b, prepare) {}

  Status Compute(OpKernelContext& ctx) const override {
    for (size_t i = 0; i < 8; ++i) OL_RETURN_IF_ERROR(ctx.RequireTensor(i).status());
    const Tensor &a = *ctx.tensor(0), &b = *ctx.tensor(3);
    const Tensor &as = *ctx.tensor(1), &bs = *ctx.tensor(4), &ys = *ctx.tensor(6);
    const Tensor& yzp = *ctx.tensor(7);
    if (!IsInt8Type(a.dtype()) || !IsInt8Type(b.dtype()) || !IsInt8Type(yzp.dtype()))
      return ctx.Decline("A, B and y_zero_point are not uint8 / int8");
    for (const Tensor* s : {&as, &bs, &ys})
      if (s->dtype() != DataType::kFloat) return ctx.Decline("a scale is not float32");
    const int64_t cols = b.dims().empty() ? -1 : b.dims().back();
    const int64_t rows = a.dims().size() < 2 ? 1 : a.dims()[a.dims().size() - 2];
    auto fits = [](const Tensor& t, int64_t per) { return t.numel() == 1 || t.numel() == per; };
    if (!fits(as, -1) || !fits(*ctx.tensor(2), rows) || !fits(bs, cols) ||
        !fits(*ctx.tensor(5), cols) || !fits(ys, -1) || !fits(yzp, -1))
      return ctx.Decline("a quantization parameter has an unexpected count");
    std::vector<int32_t> azp, bzp;
    if (!ReadZeroPoints(ctx.tensor(2), &azp) || !ReadZeroPoints(ctx.tensor(5), &bzp))
      return ctx.Decline("a zero point is not uint8 / int8");
    OL_ASSIGN_OR_RETURN(MmiPlan p, PlanOf(ctx, a, b));
    OL_ASSIGN_OR_RETURN(Tensor acc, NewTensor(ctx, DataType::kInt32, p.out_dims));
    if (acc.numel() > 0)
      OL_RETURN_IF_ERROR(core_.Run(ctx, a, b, p, azp, bzp, acc.mutable_data<int32_t>()));
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, yzp.dtype(), p.out_dims));
    const double a_scale = as.data<float>()[0], y_scale = ys.data<float>()[0];
    const double zy = yzp.dtype() == DataType::kInt8 ? static_cast<double>(yzp.data<int8_t>()[0])
                                                     : static_cast<double>(yzp.data<uint8_t>()[0]);
    const int64_t N = b.dims().size() > 1 ? p.out_dims.back() : 1;
    std::vector<double> b_scale(static_cast<size_t>(N));
    for (int64_t j = 0; j < N; ++j)
      b_scale[j] = bs.numel() == 1 ? bs.data<float>()[0] : bs.data<float>()[j];
    const int32_t* sv = acc.data<int32_t>();
    const int64_t total = acc.numel();
    const int64_t row_count = total / std::max<int64_t>(1, N);
    const bool avx2 = IsaAllows(Isa::kAvx2);
    auto requant = [&](auto* out) {
      SplitRange(
          ctx, row_count,
          [&](int64_t, int64_t rb, int64_t re) {
            for (int64_t r = rb; r < re; ++r)
              RequantRow(sv + r * N, b_scale.data(), N, a_scale, y_scale, zy, avx2, out + r * N);
          },
          N);
    };
    if (yzp.dtype() == DataType::kInt8)
      requant(y.mutable_data<int8_t>());
    else
      requant(y.mutable_data<uint8_t>());
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

 private:
  IntMatMulCore core_;
};

// Creation-time checks: the types and K the graph already tells.
Capability KnownInt8(const ir::Node& n, size_t i, const char* what) {
  const ir::Value* v = i < n.inputs().size() ? n.input(i) : nullptr;
  if (!v || !v->type().is_tensor() || v->type().elem_type == DataType::kUndefined ||
      IsInt8Type(v->type().elem_type))
    return Capability::Accept();
  return Capability::Decline(DeclineReason::kDataType,
                             "the cpu " + n.op_type() + " kernel takes uint8 / int8 " + what +
                                 ", " + Quote(v->name()) + " is " +
                                 std::string(ir::DataTypeName(v->type().elem_type)));
}

Capability KnownK(const ir::Node& n, size_t b_index) {
  const ir::Value* v = b_index < n.inputs().size() ? n.input(b_index) : nullptr;
  if (!v || !v->type().is_tensor() || !v->type().shape || v->type().shape->empty())
    return Capability::Accept();
  const auto& dims = *v->type().shape;
  const ir::Dim& k = dims.size() == 1 ? dims[0] : dims[dims.size() - 2];
  if (k.known() && k.value > kIgemmMaxK)
    return Capability::Decline(DeclineReason::kRank,
                               "the cpu " + n.op_type() + " kernel takes K up to " +
                                   std::to_string(kIgemmMaxK) + " (int32 sums)");
  return Capability::Accept();
}

template <typename K>
void RegisterIntKernel(KernelRegistry& r, const char* domain, const char* op, int since,
                       std::vector<DataType> types, size_t b_index) {
  r.Register({domain, op, since, 1000, kCpuProvider, std::move(types),
              [b_index](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                return std::unique_ptr<OpKernel>(
                    std::make_unique<K>(ConstInput(info.node, b_index), info.prepare));
              }});
  r.SetCheck(domain, op, kCpuProvider, [b_index](const KernelInfo& info) {
    if (Capability c = KnownInt8(info.node, b_index, "B"); !c.accepted()) return c;
    return KnownK(info.node, b_index);
  });
}

}  // namespace

void RegisterCpuMatMulIntegerKernels(KernelRegistry& r) {
  RegisterIntKernel<CpuMatMulInteger>(r, "", "MatMulInteger", 10,
                                      {DataType::kUint8, DataType::kInt8}, 1);
  RegisterIntKernel<CpuDynamicQuantizeMatMul>(r, "com.microsoft", "DynamicQuantizeMatMul", 1,
                                              {DataType::kFloat}, 1);
  RegisterIntKernel<CpuQLinearMatMul>(r, "", "QLinearMatMul", 10,
                                      {DataType::kUint8, DataType::kInt8}, 3);
}

}  // namespace onnxlens::kernels
