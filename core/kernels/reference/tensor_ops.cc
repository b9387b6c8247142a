// Reference layout kernels: Identity, Shape, Size, the reshape family (Reshape, Flatten, Squeeze,
// Unsqueeze), Transpose, Expand, Tile, Concat, Split, Slice. Most are "output element i comes from
// input element src[i]" (GatherByIndex in kernels/tensor_util), which handles every element type.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <sstream>

#include "kernels/float16.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

// A tensor with the same data and a new shape (storage shared).
Expected<Tensor> Reshaped(const OpKernelContext& ctx, const Tensor& in, std::vector<int64_t> dims) {
  OL_ASSIGN_OR_RETURN(int64_t n, ir::NumElements(dims));
  if (n != in.numel()) {
    return ctx.Error("cannot reshape " + ShapeString(in.dims()) + " (" +
                     std::to_string(in.numel()) + " elements) to " + ShapeString(dims) + " (" +
                     std::to_string(n) + " elements)");
  }
  return in.WithDims(std::move(dims));
}

Expected<std::vector<int64_t>> AxesFrom(const OpKernelContext& ctx, int64_t opset,
                                        int64_t since_input, size_t input) {
  if (opset >= since_input) {
    const Tensor* t = ctx.tensor(input);
    if (!t) return std::vector<int64_t>{};
    return ReadInts(ctx, *t, "axes");
  }
  return ctx.node().GetInts("axes");
}

Status Identity(OpKernelContext& ctx, int64_t) {
  const RtValue* v = ctx.input(0);
  if (!v) return ctx.Error("input is missing");
  ctx.SetOutputValue(0, *v);
  return Status::Ok();
}

Status Shape(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  int64_t start = ctx.node().GetInt("start", 0), end = ctx.node().GetInt("end", rank);
  if (start < 0) start += rank;
  if (end < 0) end += rank;
  start = std::clamp<int64_t>(start, 0, rank);
  end = std::clamp<int64_t>(end, 0, rank);
  std::vector<int64_t> v;
  for (int64_t i = start; i < end; ++i) v.push_back(x->dims()[i]);
  ctx.SetOutput(0, Tensor::FromVector(DataType::kInt64, {static_cast<int64_t>(v.size())}, v));
  return Status::Ok();
}

Status Size(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  ctx.SetOutput(0, Tensor::FromVector<int64_t>(DataType::kInt64, {}, {x->numel()}));
  return Status::Ok();
}

Status Reshape(OpKernelContext& ctx, int64_t opset) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  std::vector<int64_t> shape;
  if (opset < 5) {
    shape = ctx.node().GetInts("shape");
  } else {
    OL_ASSIGN_OR_RETURN(const Tensor* s, ctx.RequireTensor(1));
    OL_ASSIGN_OR_RETURN(shape, ReadInts(ctx, *s, "shape"));
  }
  const bool allowzero = ctx.node().GetInt("allowzero", 0) != 0;
  int64_t infer = -1, known = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 0 && !allowzero) {
      if (i >= x->dims().size()) {
        return ctx.Error("shape " + ShapeString(shape) + " copies dimension " + std::to_string(i) +
                         " of an input of rank " + std::to_string(x->dims().size()));
      }
      shape[i] = x->dims()[i];
    }
    if (shape[i] == -1) {
      if (infer >= 0) return ctx.Error("shape " + ShapeString(shape) + " has more than one -1");
      infer = static_cast<int64_t>(i);
    } else if (shape[i] < 0) {
      return ctx.Error("shape " + ShapeString(shape) + " has a negative dimension");
    } else if (__builtin_mul_overflow(known, shape[i], &known)) {
      return ctx.Error("shape " + ShapeString(shape) + " has more elements than fit in 64 bits");
    }
  }
  if (infer >= 0) {
    if (known == 0 || x->numel() % known != 0) {
      return ctx.Error("cannot reshape " + ShapeString(x->dims()) + " (" +
                       std::to_string(x->numel()) + " elements) to " + ShapeString(shape));
    }
    shape[infer] = x->numel() / known;
  }
  OL_ASSIGN_OR_RETURN(Tensor y, Reshaped(ctx, *x, shape));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Flatten(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  int64_t axis = ctx.node().GetInt("axis", 1);
  if (axis < 0) axis += rank;
  if (axis < 0 || axis > rank) return ctx.Error("axis out of range");
  int64_t a = 1, b = 1;
  for (int64_t i = 0; i < rank; ++i) (i < axis ? a : b) *= x->dims()[i];
  OL_ASSIGN_OR_RETURN(Tensor y, Reshaped(ctx, *x, {a, b}));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Squeeze(OpKernelContext& ctx, int64_t opset) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> axes, AxesFrom(ctx, opset, 13, 1));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  std::vector<bool> drop(rank, false);
  if (axes.empty()) {
    for (int64_t i = 0; i < rank; ++i) drop[i] = x->dims()[i] == 1;
  }
  for (int64_t a : axes) {
    OL_ASSIGN_OR_RETURN(int64_t ax, NormalizeDimAxis(ctx, a, rank));
    if (x->dims()[ax] != 1) {
      return ctx.Error("cannot squeeze axis " + std::to_string(a) + " of size " +
                       std::to_string(x->dims()[ax]));
    }
    drop[ax] = true;
  }
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < rank; ++i) {
    if (!drop[i]) dims.push_back(x->dims()[i]);
  }
  OL_ASSIGN_OR_RETURN(Tensor y, Reshaped(ctx, *x, dims));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Unsqueeze(OpKernelContext& ctx, int64_t opset) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> axes, AxesFrom(ctx, opset, 13, 1));
  const int64_t out_rank = static_cast<int64_t>(x->dims().size() + axes.size());
  std::vector<bool> ins(out_rank, false);
  for (int64_t a : axes) {
    OL_ASSIGN_OR_RETURN(int64_t ax, NormalizeAxis(ctx, a, out_rank));
    if (ins[ax]) return ctx.Error("axis " + std::to_string(a) + " is repeated");
    ins[ax] = true;
  }
  std::vector<int64_t> dims;
  size_t j = 0;
  for (int64_t i = 0; i < out_rank; ++i) dims.push_back(ins[i] ? 1 : x->dims()[j++]);
  OL_ASSIGN_OR_RETURN(Tensor y, Reshaped(ctx, *x, dims));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Transpose(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const size_t rank = x->dims().size();
  std::vector<int64_t> perm = ctx.node().GetInts("perm");
  if (perm.empty()) {
    for (size_t i = 0; i < rank; ++i) perm.push_back(static_cast<int64_t>(rank - 1 - i));
  }
  OL_RETURN_IF_ERROR(CheckPermutation(ctx, perm, rank));
  std::vector<int64_t> dims(rank), in_strides = Strides(x->dims()), pstr(rank);
  for (size_t i = 0; i < rank; ++i) {
    dims[i] = x->dims()[perm[i]];
    pstr[i] = in_strides[perm[i]];
  }
  OL_ASSIGN_OR_RETURN(const std::vector<int64_t> src, StridedOffsets(ctx, dims, pstr));
  OL_ASSIGN_OR_RETURN(Tensor y, GatherByIndex(ctx, *x, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Expand(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* s, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> shape, ReadInts(ctx, *s, "shape"));
  OL_RETURN_IF_ERROR(CheckedNumel(ctx, shape, "shape").status());
  auto dims = BroadcastShapes(x->dims(), shape);
  if (!dims.ok()) return ctx.Error(dims.status().message());
  OL_RETURN_IF_ERROR(CheckOutputSize(ctx, *dims, "the expanded shape").status());
  OL_ASSIGN_OR_RETURN(const std::vector<int64_t> src,
                      StridedOffsets(ctx, *dims, BroadcastStrides(x->dims(), *dims)));
  OL_ASSIGN_OR_RETURN(Tensor y, GatherByIndex(ctx, *x, *dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Tile(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* r, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> reps, ReadInts(ctx, *r, "repeats"));
  const size_t rank = x->dims().size();
  if (reps.size() != rank) return ctx.Error("repeats has the wrong length");
  std::vector<int64_t> dims(rank);
  for (size_t i = 0; i < rank; ++i) {
    if (reps[i] < 0 || __builtin_mul_overflow(x->dims()[i], reps[i], &dims[i])) {
      return ctx.Error("repeats " + ShapeString(reps) + " cannot tile input " +
                       ShapeString(x->dims()));
    }
  }
  OL_ASSIGN_OR_RETURN(int64_t n, CheckOutputSize(ctx, dims, "the tiled shape"));
  OL_RETURN_IF_ERROR(CheckScratch(ctx, static_cast<uint64_t>(n) * sizeof(int64_t),
                                  "the index list of the tiled shape"));
  std::vector<int64_t> src(static_cast<size_t>(n));
  const auto in_str = Strides(x->dims());
  std::vector<int64_t> idx(rank, 0);
  for (int64_t o = 0; o < n; ++o) {
    int64_t off = 0;
    for (size_t d = 0; d < rank; ++d) off += (idx[d] % x->dims()[d]) * in_str[d];
    src[o] = off;
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < dims[d]) break;
      idx[d] = 0;
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, GatherByIndex(ctx, *x, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Concat(OpKernelContext& ctx, int64_t) {
  std::vector<const Tensor*> ins;
  for (size_t i = 0; i < ctx.num_inputs(); ++i) {
    OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(i));
    ins.push_back(t);
  }
  if (ins.empty()) return ctx.Error("needs inputs");
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, *ins[0], 1, "input 0"));
  const int64_t rank = static_cast<int64_t>(ins[0]->dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 0), rank));
  std::vector<int64_t> dims = ins[0]->dims();
  dims[axis] = 0;
  for (const Tensor* t : ins) {
    if (t->dtype() != ins[0]->dtype()) return ctx.Error("inputs have different element types");
    if (static_cast<int64_t>(t->dims().size()) != rank)
      return ctx.Error("inputs have different ranks");
    for (int64_t d = 0; d < rank; ++d) {
      if (d != axis && t->dims()[d] != ins[0]->dims()[d]) {
        return ctx.Error("input shapes " + ShapeString(ins[0]->dims()) + " and " +
                         ShapeString(t->dims()) + " differ outside axis " + std::to_string(axis));
      }
    }
    dims[axis] += t->dims()[axis];
  }
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= dims[d];
  for (int64_t d = axis + 1; d < rank; ++d) inner *= dims[d];
  if (ins[0]->dtype() == DataType::kString) {
    std::vector<std::string> v;
    for (int64_t o = 0; o < outer; ++o)
      for (const Tensor* t : ins) {
        const int64_t chunk = t->dims()[axis] * inner;
        for (int64_t i = 0; i < chunk; ++i) v.push_back(t->strings()[o * chunk + i]);
      }
    OL_ASSIGN_OR_RETURN(Tensor y, Tensor::FromStrings(dims, std::move(v)));
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, ins[0]->dtype(), dims));
  const size_t es = ElementSize(y.dtype());
  char* dst = static_cast<char*>(y.mutable_raw());
  for (int64_t o = 0; o < outer; ++o) {
    for (const Tensor* t : ins) {
      const size_t chunk = static_cast<size_t>(t->dims()[axis] * inner) * es;
      std::memcpy(dst, static_cast<const char*>(t->raw()) + o * chunk, chunk);
      dst += chunk;
    }
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// Copies the sub-block [begin, begin+len) along `axis` of x.
Expected<Tensor> SliceAxis(const OpKernelContext& ctx, const Tensor& x, int64_t axis, int64_t begin,
                           int64_t len) {
  std::vector<int64_t> dims = x.dims();
  dims[axis] = len;
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= x.dims()[d];
  for (size_t d = axis + 1; d < x.dims().size(); ++d) inner *= x.dims()[d];
  std::vector<int64_t> src;
  src.reserve(static_cast<size_t>(outer * len * inner));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t a = 0; a < len; ++a)
      for (int64_t i = 0; i < inner; ++i)
        src.push_back((o * x.dims()[axis] + begin + a) * inner + i);
  return GatherByIndex(ctx, x, dims, src);
}

Status Split(OpKernelContext& ctx, int64_t opset) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, *x, 1, "input"));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 0), rank));
  std::vector<int64_t> split;
  if (opset >= 13) {
    if (const Tensor* s = ctx.tensor(1)) {
      OL_ASSIGN_OR_RETURN(split, ReadInts(ctx, *s, "split"));
    }
  } else {
    split = ctx.node().GetInts("split");
  }
  const int64_t n = static_cast<int64_t>(ctx.num_outputs());
  const int64_t total = x->dims()[axis];
  if (split.empty()) {
    const int64_t parts = opset >= 18 ? ctx.node().GetInt("num_outputs", n) : n;
    if (parts <= 0) return ctx.Error("num_outputs " + std::to_string(parts) + " is not positive");
    const int64_t chunk = (total + parts - 1) / parts;
    for (int64_t i = 0; i < parts; ++i)
      split.push_back(std::max<int64_t>(0, std::min(chunk, total - i * chunk)));
  }
  if (static_cast<int64_t>(split.size()) != n)
    return ctx.Error("split has " + std::to_string(split.size()) + " parts for " +
                     std::to_string(n) + " outputs");
  for (int64_t v : split) {
    if (v < 0 || v > total) {
      return ctx.Error("split " + ShapeString(split) + " has a part outside [0, " +
                       std::to_string(total) + "]");
    }
  }
  if (std::accumulate(split.begin(), split.end(), int64_t{0}) != total) {
    return ctx.Error("split " + ShapeString(split) + " does not add up to " +
                     std::to_string(total));
  }
  int64_t begin = 0;
  for (int64_t i = 0; i < n; ++i) {
    OL_ASSIGN_OR_RETURN(Tensor part, SliceAxis(ctx, *x, axis, begin, split[i]));
    ctx.SetOutput(static_cast<size_t>(i), std::move(part));
    begin += split[i];
  }
  return Status::Ok();
}

Status Slice(OpKernelContext& ctx, int64_t opset) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  std::vector<int64_t> starts, ends, axes, steps;
  if (opset < 10) {
    starts = ctx.node().GetInts("starts");
    ends = ctx.node().GetInts("ends");
    axes = ctx.node().GetInts("axes");
  } else {
    OL_ASSIGN_OR_RETURN(const Tensor* s, ctx.RequireTensor(1));
    OL_ASSIGN_OR_RETURN(const Tensor* e, ctx.RequireTensor(2));
    OL_ASSIGN_OR_RETURN(starts, ReadInts(ctx, *s, "starts"));
    OL_ASSIGN_OR_RETURN(ends, ReadInts(ctx, *e, "ends"));
    if (const Tensor* a = ctx.tensor(3)) {
      OL_ASSIGN_OR_RETURN(axes, ReadInts(ctx, *a, "axes"));
    }
    if (const Tensor* st = ctx.tensor(4)) {
      OL_ASSIGN_OR_RETURN(steps, ReadInts(ctx, *st, "steps"));
    }
  }
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  if (axes.empty())
    for (size_t i = 0; i < starts.size(); ++i) axes.push_back(static_cast<int64_t>(i));
  if (steps.empty()) steps.assign(starts.size(), 1);
  if (ends.size() != starts.size() || axes.size() != starts.size() ||
      steps.size() != starts.size()) {
    return ctx.Error("starts, ends, axes and steps have different lengths");
  }
  std::vector<int64_t> b(rank, 0), st(rank, 1), dims = x->dims();
  for (size_t i = 0; i < starts.size(); ++i) {
    OL_ASSIGN_OR_RETURN(int64_t ax, NormalizeDimAxis(ctx, axes[i], rank));
    const int64_t d = x->dims()[ax];
    // A step past the axis takes one element, like one of the axis' size: bounding it keeps the
    // length computations below from overflowing (and -step defined).
    const int64_t step =
        std::clamp<int64_t>(steps[i], -std::max<int64_t>(d, 1), std::max<int64_t>(d, 1));
    if (step == 0) return ctx.Error("step is 0");
    int64_t s = starts[i], e = ends[i];
    if (s < 0) s += d;
    if (e < 0) e += d;
    if (step > 0) {
      s = std::clamp<int64_t>(s, 0, d);
      e = std::clamp<int64_t>(e, 0, d);
      dims[ax] = e > s ? (e - s + step - 1) / step : 0;
    } else {
      s = std::clamp<int64_t>(s, 0, d - 1);
      e = std::clamp<int64_t>(e, -1, d - 1);
      dims[ax] = s > e ? (s - e - step - 1) / (-step) : 0;
    }
    b[ax] = s;
    st[ax] = step;
  }
  OL_ASSIGN_OR_RETURN(int64_t n, ir::NumElements(dims));
  const auto in_str = Strides(x->dims());
  if (x->dtype() != DataType::kString && rank > 0 && st[rank - 1] == 1) {
    // Contiguous innermost runs: one memcpy per run (LSTM gate weights are sliced like this).
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x->dtype(), dims));
    const size_t es = ElementSize(x->dtype());
    const int64_t run = dims[rank - 1];
    const int64_t runs = run > 0 ? n / run : 0;
    std::vector<int64_t> idx(rank, 0);
    const auto* in = static_cast<const char*>(x->raw());
    auto* out = static_cast<char*>(y.mutable_raw());
    for (int64_t r = 0; r < runs; ++r) {
      int64_t off = b[rank - 1];
      for (int64_t d = 0; d + 1 < rank; ++d) off += (b[d] + idx[d] * st[d]) * in_str[d];
      std::memcpy(out + r * run * es, in + off * es, static_cast<size_t>(run) * es);
      for (int64_t d = rank - 2; d >= 0; --d) {
        if (++idx[d] < dims[d]) break;
        idx[d] = 0;
      }
    }
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  std::vector<int64_t> src(static_cast<size_t>(n));
  std::vector<int64_t> idx(rank, 0);
  for (int64_t o = 0; o < n; ++o) {
    int64_t off = 0;
    for (int64_t d = 0; d < rank; ++d) off += (b[d] + idx[d] * st[d]) * in_str[d];
    src[o] = off;
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++idx[d] < dims[d]) break;
      idx[d] = 0;
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, GatherByIndex(ctx, *x, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterTensorKernels(KernelRegistry& r) {
  AddKernel(r, "", "Identity", 1, Identity);
  AddKernel(r, "", "Shape", 1, Shape);
  AddKernel(r, "", "Size", 1, Size);
  AddKernel(r, "", "Reshape", 1, Reshape);
  AddKernel(r, "", "Flatten", 1, Flatten);
  AddKernel(r, "", "Squeeze", 1, Squeeze);
  AddKernel(r, "", "Unsqueeze", 1, Unsqueeze);
  AddKernel(r, "", "Transpose", 1, Transpose);
  AddKernel(r, "", "Expand", 8, Expand);
  AddKernel(r, "", "Tile", 6, Tile);
  AddKernel(r, "", "Concat", 1, Concat);
  AddKernel(r, "", "Split", 1, Split);
  AddKernel(r, "", "Slice", 1, Slice);
}

}  // namespace onnxlens::kernels
