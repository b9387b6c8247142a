// The kernels of dynamically quantized models on oneDNN's int8 matmul (u8 x s8 -> s32):
// MatMulInteger (A u8 / s8 with a scalar zero point known only at run time, as
// DynamicQuantizeLinear computes it) and com.microsoft DynamicQuantizeMatMul (A float, quantized
// here exactly as DynamicQuantizeLinear does, then scaled by a_scale * b_scale and the bias added
// in the same float arithmetic as the reference kernel). Both take a constant, non-empty 2-D s8 B
// with zero points 0, reordered once. The s32 products equal the reference's: on a CPU without
// VNNI oneDNN sums pairs of u8 x s8 products in 16 bits (vpmaddubsw saturates, as ONNX Runtime's
// MLAS does: the "reduce range" advice of both), so there B's values must stay within +-64
// (2 x 255 x 64 < 2^15), else the reference kernel runs the node.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/cpu_isa.h"
#include "common/strings.h"
#include "kernels/dnnl/dnnl_common.h"
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/dnnl/dnnl_qlinear.h"
#include "kernels/dynamic_quant.h"
#include "kernels/parallel.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels::dnnl_ep {

namespace {

using dnnl::memory;
using ir::DataType;
using ir::Tensor;

const Tensor* ConstInput(const ir::Node& n, size_t i) {
  return n.input(i) ? n.input(i)->initializer() : nullptr;
}

Capability DeclineMmi(DeclineReason reason, const ir::Node& n, const std::string& what) {
  return Capability::Decline(reason, "the dnnl " + n.op_type() + " kernel " + what);
}

Capability CheckConstantB(const ir::Node& n, size_t bzp) {
  return CheckInt8Weight(n, bzp, "B", 2, 2);
}

Capability MatMulIntegerCheck(const KernelInfo& info) {
  const ir::Node& n = info.node;
  if (Capability c = CheckConstantB(n, 3); !c.accepted()) return c;
  if (auto zd = KnownShape(n.input(2))) {
    int64_t count = 1;
    for (int64_t d : *zd) count *= d;
    if (count != 1)
      return DeclineMmi(DeclineReason::kRank, n, "takes one a_zero_point (not one per row)");
  }
  return Capability::Accept();
}

Capability DynamicQuantizeMatMulCheck(const KernelInfo& info) {
  const ir::Node& n = info.node;
  if (Capability c = CheckConstantB(n, 3); !c.accepted()) return c;
  const Tensor* bs = ConstInput(n, 2);
  const int64_t cols = ConstInput(n, 1)->dims()[1];
  if (!bs || bs->dtype() != DataType::kFloat || (bs->numel() != 1 && bs->numel() != cols))
    return DeclineMmi(DeclineReason::kAttribute, n,
                      "takes a constant float32 b_scale, one or one per column of B");
  return Capability::Accept();
}

// Element-wise passes of at least this many values (or rows of that many) are split over the pool.
constexpr int64_t kGrain = 1 << 14;

// How many pieces Split makes of `n` items of `width` values each.
int64_t Pieces(const OpKernelContext& ctx, int64_t n, int64_t width = 1) {
  const int64_t threads = ctx.pool() ? ctx.pool()->threads() : 1;
  const int64_t per_piece = std::max<int64_t>(1, kGrain / std::max<int64_t>(1, width));
  if (threads <= 1 || n < 2 * per_piece) return 1;
  return std::min<int64_t>((n + per_piece - 1) / per_piece, 4 * threads);
}

// Calls fn(piece, begin, end) over Pieces(ctx, n, width) contiguous pieces of [0, n).
template <typename Fn>
void Split(OpKernelContext& ctx, int64_t n, Fn&& fn, int64_t width = 1) {
  const int64_t pieces = Pieces(ctx, n, width);
  const int64_t chunk = (n + pieces - 1) / pieces;
  if (pieces == 1) {
    fn(int64_t{0}, int64_t{0}, n);
    return;
  }
  ctx.pool()->ParallelFor(pieces, [&](int64_t b, int64_t e) {
    for (int64_t t = b; t < e; ++t) fn(t, t * chunk, std::min(n, (t + 1) * chunk));
  });
}

struct IntMatMulEntry {
  dnnl::matmul::primitive_desc pd;
  dnnl::matmul prim;
  memory::desc a, dst;
  memory weights;
};

// A [rows, K] (u8 or s8) x the constant B [K, N] into s32 [rows, N], A's zero point at run time.
class IntMatMul {
 public:
  IntMatMul(Tensor b, int threads) : b_(std::move(b)), threads_(threads) {}

  int64_t K() const { return b_.dims()[0]; }
  int64_t N() const { return b_.dims()[1]; }

  Status Run(const OpKernelContext& ctx, const Tensor& a, int32_t a_zero_point,
             int32_t* out) const {
    const int64_t rows = a.numel() / K();
    const bool s8 = a.dtype() == DataType::kInt8;
    const bool zp = a_zero_point != 0;
    OL_ASSIGN_OR_RETURN(std::shared_ptr<IntMatMulEntry> e,
                        cache_.GetOrMake({rows, s8, zp}, [&] { return Make(ctx, rows, s8, zp); }));
    try {
      dnnl::stream& s = PrepareThreads(threads_);
      memory dst(e->dst, Engine(), out);
      std::unordered_map<int, memory> args = {
          {DNNL_ARG_SRC, Wrap(e->a, a)}, {DNNL_ARG_WEIGHTS, e->weights}, {DNNL_ARG_DST, dst}};
      int32_t zp_value = a_zero_point;
      if (zp) {
        args[DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_SRC] = memory(
            memory::desc({1}, memory::data_type::s32, memory::format_tag::a), Engine(), &zp_value);
      }
      OL_RETURN_IF_ERROR(Execute(ctx, s, e->prim, args));
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    return Status::Ok();
  }

 private:
  Expected<std::shared_ptr<IntMatMulEntry>> Make(const OpKernelContext& ctx, int64_t rows, bool s8,
                                                 bool zp) const {
    auto e = std::make_shared<IntMatMulEntry>();
    e->a = TypedPlainDesc({rows, K()}, s8 ? memory::data_type::s8 : memory::data_type::u8);
    e->dst = TypedPlainDesc({rows, N()}, memory::data_type::s32);
    const memory::desc b_plain = TypedPlainDesc({K(), N()}, memory::data_type::s8);
    const memory::desc b_any({K(), N()}, memory::data_type::s8, memory::format_tag::any);
    try {
      dnnl::primitive_attr attr = UserScratchpad();
      if (zp) attr.set_zero_points(DNNL_ARG_SRC, 0, {DNNL_RUNTIME_S32_VAL});
      dnnl::stream& s = PrepareThreads(threads_);
      e->pd = dnnl::matmul::primitive_desc(dnnl::matmul::desc(e->a, b_any, e->dst), attr, Engine());
      e->prim = dnnl::matmul(e->pd);
      PrepareConstantWeights(cache_, *e, b_plain, b_, s);
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    return e;
  }

  Tensor b_;
  int threads_;
  mutable PrimitiveCache<IntMatMulEntry> cache_;
};

// A's dimensions with the last one K replaced by N; a declined case when A is not [..., rows, K].
Expected<std::vector<int64_t>> OutputDims(const OpKernelContext& ctx, const Tensor& a, int64_t K,
                                          int64_t N) {
  if (a.dims().size() < 2 || a.dims().back() != K)
    return ctx.Decline("A " + ShapeString(a.dims()) + " is not [..., rows, " + std::to_string(K) +
                       "]");
  std::vector<int64_t> dims = a.dims();
  dims.back() = N;
  return dims;
}

// A with at most this many rows (a classifier on one image) goes to the cpu kernel when it is the
// fallback: its exact GEMM computes only those rows (15-35 us for 1 x 1280 x 1000) where oneDNN's
// int8 matmul took 60-90 us with VNNI and ~310 us without.
constexpr int64_t kCpuMaxRows = 8;

class DnnlMatMulInteger final : public OpKernel {
 public:
  DnnlMatMulInteger(Tensor b, int threads, bool cpu_fallback)
      : mm_(std::move(b), threads), cpu_fallback_(cpu_fallback) {}

  Status Compute(OpKernelContext& ctx) const override {
    OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
    if (a->dtype() != DataType::kUint8 && a->dtype() != DataType::kInt8)
      return ctx.Decline("A is " + std::string(DataTypeName(a->dtype())));
    int32_t zp = 0;
    if (const Tensor* z = ctx.tensor(2)) {
      if (z->numel() != 1 || z->dtype() != a->dtype())
        return ctx.Decline("a_zero_point is not one " + std::string(DataTypeName(a->dtype())));
      zp = a->dtype() == DataType::kInt8 ? int32_t{z->data<int8_t>()[0]}
                                         : int32_t{z->data<uint8_t>()[0]};
    }
    OL_ASSIGN_OR_RETURN(std::vector<int64_t> dims, OutputDims(ctx, *a, mm_.K(), mm_.N()));
    if (cpu_fallback_ && a->numel() / mm_.K() <= kCpuMaxRows)
      return ctx.Decline("A has " + std::to_string(a->numel() / mm_.K()) +
                         " rows: the cpu kernel is faster for so few");
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kInt32, dims));
    if (y.numel() > 0) OL_RETURN_IF_ERROR(mm_.Run(ctx, *a, zp, y.mutable_data<int32_t>()));
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

 private:
  IntMatMul mm_;
  bool cpu_fallback_;
};

class DnnlDynamicQuantizeMatMul final : public OpKernel {
 public:
  DnnlDynamicQuantizeMatMul(Tensor b, std::vector<float> b_scale, int threads)
      : mm_(std::move(b), threads), b_scale_(std::move(b_scale)) {}

  Status Compute(OpKernelContext& ctx) const override {
    OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
    if (a->dtype() != DataType::kFloat) return ctx.Decline("A is not float32");
    const int64_t N = mm_.N();
    const Tensor* bias = ctx.tensor(4);
    if (bias && (bias->dtype() != DataType::kFloat || bias->numel() != N))
      return ctx.Decline("the bias is not " + std::to_string(N) + " float32 values");
    OL_ASSIGN_OR_RETURN(std::vector<int64_t> dims, OutputDims(ctx, *a, mm_.K(), N));
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, dims));
    if (y.numel() == 0) {
      ctx.SetOutput(0, std::move(y));
      return Status::Ok();
    }
    // DynamicQuantizeLinear of A, then the scaling of the s32 products: element-wise passes split
    // over the intra-op pool (single-threaded they were ~40% of bert_tiny's DynamicQuantizeMatMul
    // time at 2 threads), each piece in the reference kernel's arithmetic.
    const float* av = a->data<float>();
    const int64_t n = a->numel();
    std::vector<float> lo(static_cast<size_t>(Pieces(ctx, n)), 0.f), hi(lo.size(), 0.f);
    Split(ctx, n, [&](int64_t t, int64_t b, int64_t e) {
      DynamicRange(av, b, e, &lo[static_cast<size_t>(t)], &hi[static_cast<size_t>(t)]);
    });
    float mn = 0.f, mx = 0.f;
    for (size_t t = 0; t < lo.size(); ++t) {
      mn = std::min(mn, lo[t]);
      mx = std::max(mx, hi[t]);
    }
    const DynamicQuantParams p = DynamicParamsOf(mn, mx);
    OL_ASSIGN_OR_RETURN(Tensor aq, NewTensor(ctx, DataType::kUint8, a->dims()));
    uint8_t* aqv = aq.mutable_data<uint8_t>();
    Split(ctx, n, [&](int64_t, int64_t b, int64_t e) { DynamicQuantizeRange(av, aqv, p, b, e); });
    OL_ASSIGN_OR_RETURN(Tensor acc, NewTensor(ctx, DataType::kInt32, dims));
    OL_RETURN_IF_ERROR(
        mm_.Run(ctx, aq, static_cast<int32_t>(p.zero_point), acc.mutable_data<int32_t>()));
    // scale * b_scale[j], rounded to float once per column as the reference does per element.
    std::vector<float> col_scale(static_cast<size_t>(N));
    for (int64_t j = 0; j < N; ++j)
      col_scale[static_cast<size_t>(j)] =
          p.scale * (b_scale_.size() == 1 ? b_scale_[0] : b_scale_[j]);
    const int32_t* sv = acc.data<int32_t>();
    float* out = y.mutable_data<float>();
    const float* bv = bias ? bias->data<float>() : nullptr;
    const int64_t rows = y.numel() / N;
    Split(
        ctx, rows,
        [&](int64_t, int64_t rb, int64_t re) {
          for (int64_t r = rb; r < re; ++r) {
            const int32_t* s = sv + r * N;
            float* o = out + r * N;
            if (bv) {
              for (int64_t j = 0; j < N; ++j)
                o[j] = static_cast<float>(s[j]) * col_scale[j] + bv[j];
            } else {
              for (int64_t j = 0; j < N; ++j) o[j] = static_cast<float>(s[j]) * col_scale[j] + 0.f;
            }
          }
        },
        N);
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

 private:
  IntMatMul mm_;
  std::vector<float> b_scale_;
};

Expected<std::unique_ptr<OpKernel>> MakeMatMulInteger(const KernelInfo& info) {
  if (Capability c = MatMulIntegerCheck(info); !c.accepted()) return Unsupported(c.sentence);
  return std::unique_ptr<OpKernel>(std::make_unique<DnnlMatMulInteger>(
      *ConstInput(info.node, 1), info.threads, info.fallback == kCpuProvider));
}

Expected<std::unique_ptr<OpKernel>> MakeDynamicQuantizeMatMul(const KernelInfo& info) {
  if (Capability c = DynamicQuantizeMatMulCheck(info); !c.accepted())
    return Unsupported(c.sentence);
  const Tensor& bs = *ConstInput(info.node, 2);
  std::vector<float> scales(bs.data<float>(), bs.data<float>() + bs.numel());
  return std::unique_ptr<OpKernel>(std::make_unique<DnnlDynamicQuantizeMatMul>(
      *ConstInput(info.node, 1), std::move(scales), info.threads));
}

}  // namespace

bool Int8PairsExact() {
  // Both our cap (ONNXLENS_MAX_ISA, given to oneDNN before its first primitive) and oneDNN's own
  // (ONEDNN_MAX_CPU_ISA) must leave VNNI on.
  ApplyIsaCap();
  using isa = dnnl::cpu_isa;
  const isa i = dnnl::get_effective_cpu_isa();
  return IsaHasVnni(EffectiveIsa()) && (i == isa::avx512_core_vnni || i == isa::avx512_core_bf16 ||
                                        i == isa::avx512_core_amx || i == isa::avx2_vnni);
}

Capability CheckInt8PairsFit(const ir::Node& n, const ir::Tensor& w, const std::string& name) {
  if (Int8PairsExact()) return Capability::Accept();
  const int8_t* v = w.data<int8_t>();
  for (int64_t i = 0; i < w.numel(); ++i)
    if (v[i] > 64 || v[i] < -64)
      return DeclineMmi(
          DeclineReason::kAttribute, n,
          "on this CPU (no VNNI" + std::string(MaxIsa() ? ", ONNXLENS_MAX_ISA" : "") +
              ") sums u8 x s8 pairs in 16 bits, which " + name +
              "'s values beyond +-64 can overflow (quantize with reduced-range weights)");
  return Capability::Accept();
}

Capability CheckInt8ConvInput(const ir::Node& n, ir::DataType x) {
  if (Int8PairsExact() || x != DataType::kInt8) return Capability::Accept();
  return DeclineMmi(DeclineReason::kDataType, n,
                    "takes uint8 x on this CPU (no VNNI" +
                        std::string(MaxIsa() ? ", ONNXLENS_MAX_ISA" : "") +
                        "): oneDNN's int8 convolution halves the weights for int8 x, inexactly");
}

Capability CheckInt8Weight(const ir::Node& n, size_t zp_index, const char* name, size_t min_rank,
                           size_t max_rank) {
  const std::string w = name;
  const Tensor* b = ConstInput(n, 1);
  if (!b) return DeclineMmi(DeclineReason::kAttribute, n, "takes a constant " + w);
  if (b->dtype() != DataType::kInt8)
    return DeclineMmi(DeclineReason::kDataType, n,
                      "takes int8 " + w + " (oneDNN has no uint8 weights), " +
                          Quote(n.input(1)->name()) + " is " +
                          std::string(ir::DataTypeName(b->dtype())));
  if (b->dims().size() < min_rank || b->dims().size() > max_rank)
    return DeclineMmi(DeclineReason::kRank, n,
                      min_rank == max_rank
                          ? "takes a " + std::to_string(min_rank) + "-D " + w
                          : "takes a " + w + " of rank " + std::to_string(min_rank) + " to " +
                                std::to_string(max_rank));
  if (b->numel() == 0) return DeclineMmi(DeclineReason::kRank, n, "takes a non-empty " + w);
  if (Capability c = CheckInt8PairsFit(n, *b, w); !c.accepted()) return c;
  if (n.input(zp_index)) {
    const std::string zp = w == "B" ? "b_zero_point" : "w_zero_point";
    const Tensor* z = ConstInput(n, zp_index);
    if (!z || z->dtype() != DataType::kInt8)
      return DeclineMmi(DeclineReason::kAttribute, n, "takes a constant int8 " + zp);
    for (int64_t i = 0; i < z->numel(); ++i)
      if (z->data<int8_t>()[i] != 0)
        return DeclineMmi(DeclineReason::kAttribute, n,
                          "takes " + zp + " 0 (oneDNN has no weight zero points)");
  }
  return Capability::Accept();
}

void RegisterDnnlMatMulIntegerKernels(KernelRegistry& r) {
  r.Register({"",
              "MatMulInteger",
              10,
              1000,
              kDnnlProvider,
              {DataType::kUint8, DataType::kInt8},
              MakeMatMulInteger});
  r.Register({"com.microsoft",
              "DynamicQuantizeMatMul",
              1,
              1000,
              kDnnlProvider,
              {DataType::kFloat},
              MakeDynamicQuantizeMatMul});
  r.SetCheck("", "MatMulInteger", kDnnlProvider, MatMulIntegerCheck);
  r.SetCheck("com.microsoft", "DynamicQuantizeMatMul", kDnnlProvider, DynamicQuantizeMatMulCheck);
}

}  // namespace onnxlens::kernels::dnnl_ep
