// Reference tensor-manipulation kernels: shape, reshape family, transpose, concat/split/slice,
// gather/scatter, pad, tile/expand, cast, constants, range, one-hot, top-k, cum-sum, ...
// Most are expressed as "output element i comes from input element src[i]" (GatherElementsByIndex),
// which handles every element type, strings included.
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

Expected<Tensor> ByIndex(const OpKernelContext& ctx, const Tensor& in, std::vector<int64_t> dims,
                         const std::vector<int64_t>& src) {
  if (in.dtype() == DataType::kString) {
    std::vector<std::string> v(src.size());
    for (size_t i = 0; i < src.size(); ++i) v[i] = in.strings()[src[i]];
    return Tensor::FromStrings(std::move(dims), std::move(v));
  }
  OL_ASSIGN_OR_RETURN(Tensor out, NewTensor(ctx, in.dtype(), std::move(dims)));
  const size_t es = ElementSize(in.dtype());
  const auto* p = static_cast<const char*>(in.raw());
  auto* o = static_cast<char*>(out.mutable_raw());
  switch (es) {
    case 1:
      for (size_t i = 0; i < src.size(); ++i) o[i] = p[src[i]];
      break;
    case 2:
      for (size_t i = 0; i < src.size(); ++i)
        reinterpret_cast<uint16_t*>(o)[i] = reinterpret_cast<const uint16_t*>(p)[src[i]];
      break;
    case 4:
      for (size_t i = 0; i < src.size(); ++i)
        reinterpret_cast<uint32_t*>(o)[i] = reinterpret_cast<const uint32_t*>(p)[src[i]];
      break;
    case 8:
      for (size_t i = 0; i < src.size(); ++i)
        reinterpret_cast<uint64_t*>(o)[i] = reinterpret_cast<const uint64_t*>(p)[src[i]];
      break;
    default:
      for (size_t i = 0; i < src.size(); ++i) std::memcpy(o + i * es, p + src[i] * es, es);
  }
  return out;
}

// A tensor with the same data and a new shape (storage shared).
Expected<Tensor> Reshaped(const OpKernelContext& ctx, const Tensor& in, std::vector<int64_t> dims) {
  OL_ASSIGN_OR_RETURN(int64_t n, ir::NumElements(dims));
  if (n != in.numel()) {
    return ctx.Error("cannot reshape " + ShapeString(in.dims()) + " (" +
                     std::to_string(in.numel()) + " elements) to " + ShapeString(dims) + " (" +
                     std::to_string(n) + " elements)");
  }
  if (in.dtype() == DataType::kString) return Tensor::FromStrings(std::move(dims), in.strings());
  return Tensor::FromRaw(in.dtype(), std::move(dims), in.raw(), in.nbytes());
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
    } else {
      known *= shape[i];
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
    OL_ASSIGN_OR_RETURN(int64_t ax, NormalizeAxis(ctx, a, rank));
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
  if (perm.size() != rank)
    return ctx.Error("perm has " + std::to_string(perm.size()) + " entries for rank " +
                     std::to_string(rank));
  std::vector<int64_t> dims(rank), in_strides = Strides(x->dims()), pstr(rank);
  for (size_t i = 0; i < rank; ++i) {
    if (perm[i] < 0 || perm[i] >= static_cast<int64_t>(rank))
      return ctx.Error("perm entry out of range");
    dims[i] = x->dims()[perm[i]];
    pstr[i] = in_strides[perm[i]];
  }
  std::vector<int64_t> src(static_cast<size_t>(x->numel()));
  ForEachBroadcast(dims, {pstr},
                   [&](int64_t o, const std::vector<int64_t>& off, int64_t n,
                       const std::vector<int64_t>& inner) {
                     for (int64_t i = 0; i < n; ++i) src[o + i] = off[0] + i * inner[0];
                   });
  OL_ASSIGN_OR_RETURN(Tensor y, ByIndex(ctx, *x, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Expand(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* s, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> shape, ReadInts(ctx, *s, "shape"));
  auto dims = BroadcastShapes(x->dims(), shape);
  if (!dims.ok()) return ctx.Error(dims.status().message());
  std::vector<int64_t> src;
  src.reserve(static_cast<size_t>(ir::NumElements(*dims).value()));
  ForEachBroadcast(
      *dims, {BroadcastStrides(x->dims(), *dims)},
      [&](int64_t, const std::vector<int64_t>& off, int64_t n, const std::vector<int64_t>& inner) {
        for (int64_t i = 0; i < n; ++i) src.push_back(off[0] + i * inner[0]);
      });
  OL_ASSIGN_OR_RETURN(Tensor y, ByIndex(ctx, *x, *dims, src));
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
    if (reps[i] < 0) return ctx.Error("negative repeat");
    dims[i] = x->dims()[i] * reps[i];
  }
  OL_ASSIGN_OR_RETURN(int64_t n, ir::NumElements(dims));
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
  OL_ASSIGN_OR_RETURN(Tensor y, ByIndex(ctx, *x, dims, src));
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
  return ByIndex(ctx, x, dims, src);
}

Status Split(OpKernelContext& ctx, int64_t opset) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
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
    const int64_t chunk = (total + parts - 1) / parts;
    for (int64_t i = 0; i < parts; ++i)
      split.push_back(std::max<int64_t>(0, std::min(chunk, total - i * chunk)));
  }
  if (static_cast<int64_t>(split.size()) != n)
    return ctx.Error("split has " + std::to_string(split.size()) + " parts for " +
                     std::to_string(n) + " outputs");
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
    OL_ASSIGN_OR_RETURN(int64_t ax, NormalizeAxis(ctx, axes[i], rank));
    const int64_t d = x->dims()[ax];
    const int64_t step = steps[i];
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
  std::vector<int64_t> src(static_cast<size_t>(n));
  const auto in_str = Strides(x->dims());
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
  OL_ASSIGN_OR_RETURN(Tensor y, ByIndex(ctx, *x, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Gather(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(1));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 0), rank));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> idx, ReadInts(ctx, *ind, "indices"));
  const int64_t d = x->dims()[axis];
  for (int64_t& i : idx) {
    if (i < -d || i >= d) {
      return ctx.Error("index " + std::to_string(i) + " is out of range for axis " +
                       std::to_string(axis) + " of size " + std::to_string(d));
    }
    if (i < 0) i += d;
  }
  std::vector<int64_t> dims(x->dims().begin(), x->dims().begin() + axis);
  dims.insert(dims.end(), ind->dims().begin(), ind->dims().end());
  dims.insert(dims.end(), x->dims().begin() + axis + 1, x->dims().end());
  int64_t outer = 1, inner = 1;
  for (int64_t k = 0; k < axis; ++k) outer *= x->dims()[k];
  for (int64_t k = axis + 1; k < rank; ++k) inner *= x->dims()[k];
  std::vector<int64_t> src;
  src.reserve(static_cast<size_t>(outer * static_cast<int64_t>(idx.size()) * inner));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i : idx)
      for (int64_t k = 0; k < inner; ++k) src.push_back((o * d + i) * inner + k);
  OL_ASSIGN_OR_RETURN(Tensor y, ByIndex(ctx, *x, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status GatherElements(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(1));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 0), rank));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> idx, ReadInts(ctx, *ind, "indices"));
  if (static_cast<int64_t>(ind->dims().size()) != rank)
    return ctx.Error("indices rank differs from data rank");
  const auto xs = Strides(x->dims());
  std::vector<int64_t> pos(rank, 0), src(idx.size());
  for (size_t o = 0; o < idx.size(); ++o) {
    int64_t i = idx[o];
    const int64_t d = x->dims()[axis];
    if (i < -d || i >= d) return ctx.Error("index " + std::to_string(i) + " is out of range");
    if (i < 0) i += d;
    int64_t off = 0;
    for (int64_t k = 0; k < rank; ++k) off += (k == axis ? i : pos[k]) * xs[k];
    src[o] = off;
    for (int64_t k = rank - 1; k >= 0; --k) {
      if (++pos[k] < ind->dims()[k]) break;
      pos[k] = 0;
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, ByIndex(ctx, *x, ind->dims(), src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status GatherND(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(1));
  const int64_t b = ctx.node().GetInt("batch_dims", 0);
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> idx, ReadInts(ctx, *ind, "indices"));
  const int64_t q = static_cast<int64_t>(ind->dims().size());
  const int64_t r = static_cast<int64_t>(x->dims().size());
  if (q < 1) return ctx.Error("indices must have rank >= 1");
  const int64_t k = ind->dims()[q - 1];
  if (k > r - b) return ctx.Error("indices' last dimension is larger than the data rank");
  std::vector<int64_t> dims(ind->dims().begin(), ind->dims().end() - 1);
  for (int64_t i = b + k; i < r; ++i) dims.push_back(x->dims()[i]);
  int64_t slice = 1;
  for (int64_t i = b + k; i < r; ++i) slice *= x->dims()[i];
  int64_t batch = 1;
  for (int64_t i = 0; i < b; ++i) batch *= x->dims()[i];
  const auto xs = Strides(x->dims());
  const int64_t tuples = static_cast<int64_t>(idx.size()) / std::max<int64_t>(k, 1);
  const int64_t per_batch = tuples / std::max<int64_t>(batch, 1);
  const int64_t batch_stride = b > 0 ? xs[b - 1] : 0;
  std::vector<int64_t> src;
  for (int64_t t = 0; t < tuples; ++t) {
    int64_t off = (t / std::max<int64_t>(per_batch, 1)) * batch_stride;
    for (int64_t j = 0; j < k; ++j) {
      int64_t v = idx[t * k + j];
      const int64_t d = x->dims()[b + j];
      if (v < -d || v >= d) return ctx.Error("index " + std::to_string(v) + " is out of range");
      if (v < 0) v += d;
      off += v * xs[b + j];
    }
    for (int64_t s = 0; s < slice; ++s) src.push_back(off + s);
  }
  OL_ASSIGN_OR_RETURN(Tensor y, ByIndex(ctx, *x, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// Scatter helpers: copy data, then assign updates (with optional reduction) at computed offsets.
template <typename T>
void Reduce(T* dst, T v, const std::string& red) {
  if (red == "add")
    *dst = static_cast<T>(*dst + v);
  else if (red == "mul")
    *dst = static_cast<T>(*dst * v);
  else if (red == "max")
    *dst = std::max(*dst, v);
  else if (red == "min")
    *dst = std::min(*dst, v);
  else
    *dst = v;
}

Status ScatterAt(OpKernelContext& ctx, const Tensor& data, const Tensor& updates,
                 const std::vector<int64_t>& offsets) {
  const std::string red = ctx.node().GetString("reduction", "none");
  if (data.dtype() == DataType::kString) {
    std::vector<std::string> v = data.strings();
    for (size_t i = 0; i < offsets.size(); ++i) v[offsets[i]] = updates.strings()[i];
    OL_ASSIGN_OR_RETURN(Tensor y, Tensor::FromStrings(data.dims(), std::move(v)));
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  const DataType orig = data.dtype();
  Tensor out = ToFloat(data);
  if (!IsHalfType(orig))
    out = Tensor::FromRaw(data.dtype(), data.dims(), data.raw(), data.nbytes()).value();
  const Tensor up = ToFloat(updates);
  OL_RETURN_IF_ERROR(VisitNumeric(out.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    T* p = out.mutable_data<T>();
    const T* u = up.data<T>();
    const int64_t chunk = offsets.empty() ? 0 : up.numel() / static_cast<int64_t>(offsets.size());
    for (size_t i = 0; i < offsets.size(); ++i)
      for (int64_t c = 0; c < chunk; ++c) Reduce(&p[offsets[i] + c], u[i * chunk + c], red);
    return Status::Ok();
  }));
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(out, orig) : std::move(out));
  return Status::Ok();
}

Status ScatterElements(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* up, ctx.RequireTensor(2));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 0), rank));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> idx, ReadInts(ctx, *ind, "indices"));
  const auto xs = Strides(x->dims());
  std::vector<int64_t> pos(rank, 0), offs(idx.size());
  for (size_t o = 0; o < idx.size(); ++o) {
    int64_t i = idx[o];
    const int64_t d = x->dims()[axis];
    if (i < -d || i >= d) return ctx.Error("index " + std::to_string(i) + " is out of range");
    if (i < 0) i += d;
    int64_t off = 0;
    for (int64_t k = 0; k < rank; ++k) off += (k == axis ? i : pos[k]) * xs[k];
    offs[o] = off;
    for (int64_t k = rank - 1; k >= 0; --k) {
      if (++pos[k] < ind->dims()[k]) break;
      pos[k] = 0;
    }
  }
  return ScatterAt(ctx, *x, *up, offs);
}

Status ScatterND(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* up, ctx.RequireTensor(2));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> idx, ReadInts(ctx, *ind, "indices"));
  const int64_t k = ind->dims().empty() ? 0 : ind->dims().back();
  const auto xs = Strides(x->dims());
  std::vector<int64_t> offs;
  for (size_t t = 0; k > 0 && t < idx.size() / static_cast<size_t>(k); ++t) {
    int64_t off = 0;
    for (int64_t j = 0; j < k; ++j) {
      int64_t v = idx[t * k + j];
      const int64_t d = x->dims()[j];
      if (v < -d || v >= d) return ctx.Error("index " + std::to_string(v) + " is out of range");
      if (v < 0) v += d;
      off += v * xs[j];
    }
    offs.push_back(off);
  }
  return ScatterAt(ctx, *x, *up, offs);
}

Status Pad(OpKernelContext& ctx, int64_t opset) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  std::vector<int64_t> pads;
  double value = 0;
  if (opset < 11) {
    pads = ctx.node().GetInts("pads");
    value = ctx.node().GetFloat("value", 0.f);
  } else {
    OL_ASSIGN_OR_RETURN(const Tensor* p, ctx.RequireTensor(1));
    OL_ASSIGN_OR_RETURN(pads, ReadInts(ctx, *p, "pads"));
    if (const Tensor* v = ctx.tensor(2); v && v->numel() > 0) {
      OL_ASSIGN_OR_RETURN(value, ReadScalar(ctx, *v, "constant_value"));
    }
    if (const Tensor* a = ctx.tensor(3)) {
      OL_ASSIGN_OR_RETURN(std::vector<int64_t> axes, ReadInts(ctx, *a, "axes"));
      std::vector<int64_t> full(2 * rank, 0);
      for (size_t i = 0; i < axes.size(); ++i) {
        OL_ASSIGN_OR_RETURN(int64_t ax, NormalizeAxis(ctx, axes[i], rank));
        full[ax] = pads[i];
        full[ax + rank] = pads[i + axes.size()];
      }
      pads = full;
    }
  }
  if (static_cast<int64_t>(pads.size()) != 2 * rank) return ctx.Error("pads has the wrong length");
  const std::string mode = ctx.node().GetString("mode", "constant");
  std::vector<int64_t> dims(rank);
  for (int64_t d = 0; d < rank; ++d) {
    dims[d] = x->dims()[d] + pads[d] + pads[d + rank];
    if (dims[d] < 0) return ctx.Error("pads make a dimension negative");
    if (mode != "constant" && x->dims()[d] == 0 && dims[d] > 0)
      return ctx.Error("cannot pad an empty axis in mode " + mode);
  }
  OL_ASSIGN_OR_RETURN(int64_t n, ir::NumElements(dims));
  const auto xs = Strides(x->dims());
  std::vector<int64_t> src(static_cast<size_t>(n));
  std::vector<int64_t> idx(rank, 0);
  for (int64_t o = 0; o < n; ++o) {
    int64_t off = 0;
    bool outside = false;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t i = idx[d] - pads[d];
      const int64_t sz = x->dims()[d];
      if (i < 0 || i >= sz) {
        if (mode == "constant") {
          outside = true;
        } else if (mode == "edge") {
          i = std::clamp<int64_t>(i, 0, sz - 1);
        } else if (mode == "reflect") {
          if (sz == 1) {
            i = 0;
          } else {
            const int64_t period = 2 * (sz - 1);
            i = ((i % period) + period) % period;
            if (i >= sz) i = period - i;
          }
        } else if (mode == "wrap") {
          i = ((i % sz) + sz) % sz;
        } else {
          return ctx.Error("unknown pad mode " + mode);
        }
      }
      off += i * xs[d];
    }
    src[o] = outside ? -1 : off;
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++idx[d] < dims[d]) break;
      idx[d] = 0;
    }
  }
  // Gather with a sentinel for the constant fill.
  if (x->dtype() == DataType::kString) return ctx.Error("Pad does not take strings");
  const Tensor xf = ToFloat(*x);
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, xf.dtype(), dims));
  OL_RETURN_IF_ERROR(VisitNumeric(xf.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    const T* p = xf.data<T>();
    T* q = y.mutable_data<T>();
    const T fill = static_cast<T>(value);
    for (int64_t i = 0; i < n; ++i) q[i] = src[i] < 0 ? fill : p[src[i]];
    return Status::Ok();
  }));
  ctx.SetOutput(0, IsHalfType(x->dtype()) ? FromFloat(y, x->dtype()) : std::move(y));
  return Status::Ok();
}

// Converts one element between numeric types through double (or exactly for 64-bit ints).
template <typename From, typename To>
To ConvertValue(From v) {
  if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
    if (std::isnan(v)) return To(0);
    const double d = static_cast<double>(v);
    if (d >= static_cast<double>(std::numeric_limits<To>::max()))
      return std::numeric_limits<To>::max();
    if (d <= static_cast<double>(std::numeric_limits<To>::lowest()))
      return std::numeric_limits<To>::lowest();
    return static_cast<To>(v);
  } else {
    return static_cast<To>(v);
  }
}

std::string FormatForCast(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "INF" : "-INF";
  std::ostringstream os;
  os.precision(9);
  os << v;
  return os.str();
}

Expected<Tensor> CastTensor(const OpKernelContext& ctx, const Tensor& x, DataType to) {
  if (x.dtype() == to) return x;
  if (to == DataType::kString) {
    const Tensor f = ToFloat(x);
    std::vector<std::string> v(static_cast<size_t>(x.numel()));
    OL_RETURN_IF_ERROR(VisitNumeric(f.dtype(), [&](auto tag) -> Status {
      using T = typename decltype(tag)::type;
      for (int64_t i = 0; i < f.numel(); ++i) {
        if constexpr (std::is_floating_point_v<T>)
          v[i] = FormatForCast(f.data<T>()[i]);
        else if constexpr (std::is_same_v<T, bool>)
          v[i] = f.data<T>()[i] ? "1" : "0";
        else
          v[i] = std::to_string(f.data<T>()[i]);
      }
      return Status::Ok();
    }));
    return Tensor::FromStrings(x.dims(), std::move(v));
  }
  Tensor src = x;
  if (x.dtype() == DataType::kString) {
    OL_ASSIGN_OR_RETURN(src, NewTensor(ctx, DataType::kDouble, x.dims()));
    for (int64_t i = 0; i < x.numel(); ++i) {
      const std::string& s = x.strings()[i];
      char* end = nullptr;
      double d = std::strtod(s.c_str(), &end);
      if (s == "INF" || s == "inf" || s == "+INF") d = std::numeric_limits<double>::infinity();
      if (s == "-INF" || s == "-inf") d = -std::numeric_limits<double>::infinity();
      src.mutable_data<double>()[i] = d;
    }
  }
  src = ToFloat(src);
  const DataType work = IsHalfType(to) ? DataType::kFloat : to;
  OL_ASSIGN_OR_RETURN(Tensor out, NewTensor(ctx, work, x.dims()));
  OL_RETURN_IF_ERROR(VisitNumeric(src.dtype(), [&](auto ft) -> Status {
    using F = typename decltype(ft)::type;
    return VisitNumeric(work, [&](auto tt) -> Status {
      using T = typename decltype(tt)::type;
      const F* a = src.data<F>();
      T* o = out.mutable_data<T>();
      for (int64_t i = 0; i < src.numel(); ++i) o[i] = ConvertValue<F, T>(a[i]);
      return Status::Ok();
    });
  }));
  if (IsHalfType(to)) return FromFloat(out, to);
  return out;
}

Status Cast(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  auto to = ir::DataTypeFromOnnx(static_cast<int32_t>(ctx.node().GetInt("to", 0)));
  if (!to) return ctx.Error("attribute 'to' names no supported type");
  OL_ASSIGN_OR_RETURN(Tensor y, CastTensor(ctx, *x, *to));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status CastLike(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* like, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(Tensor y, CastTensor(ctx, *x, like->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Constant(OpKernelContext& ctx, int64_t) {
  const ir::Node& n = ctx.node();
  if (const ir::Attribute* a = n.FindAttribute("value"); a && a->type == ir::AttrType::kTensor) {
    ctx.SetOutput(0, a->t);
  } else if (const ir::Attribute* a = n.FindAttribute("value_float")) {
    ctx.SetOutput(0, Tensor::FromVector<float>(DataType::kFloat, {}, {a->f}));
  } else if (const ir::Attribute* a = n.FindAttribute("value_floats")) {
    ctx.SetOutput(0, Tensor::FromVector<float>(
                         DataType::kFloat, {static_cast<int64_t>(a->floats.size())}, a->floats));
  } else if (const ir::Attribute* a = n.FindAttribute("value_int")) {
    ctx.SetOutput(0, Tensor::FromVector<int64_t>(DataType::kInt64, {}, {a->i}));
  } else if (const ir::Attribute* a = n.FindAttribute("value_ints")) {
    ctx.SetOutput(0, Tensor::FromVector<int64_t>(DataType::kInt64,
                                                 {static_cast<int64_t>(a->ints.size())}, a->ints));
  } else if (const ir::Attribute* a = n.FindAttribute("value_string")) {
    ctx.SetOutput(0, Tensor::FromStrings({}, {a->s}).value());
  } else if (const ir::Attribute* a = n.FindAttribute("value_strings")) {
    ctx.SetOutput(
        0, Tensor::FromStrings({static_cast<int64_t>(a->strings.size())}, a->strings).value());
  } else {
    return ctx.Error("has no value attribute onnxlens can read (sparse_value is not supported)");
  }
  return Status::Ok();
}

Status ConstantOfShape(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* s, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> dims, ReadInts(ctx, *s, "shape"));
  Tensor value = Tensor::FromVector<float>(DataType::kFloat, {1}, {0.f});
  if (const ir::Attribute* a = ctx.node().FindAttribute("value")) value = a->t;
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, value.dtype(), dims));
  const size_t es = ElementSize(value.dtype());
  for (int64_t i = 0; i < y.numel(); ++i)
    std::memcpy(static_cast<char*>(y.mutable_raw()) + i * es, value.raw(), es);
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Range(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* ts, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* tl, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* td, ctx.RequireTensor(2));
  Tensor out;
  OL_RETURN_IF_ERROR(VisitNumeric(ts->dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      return ctx.Error("does not take bool");
    } else {
      const T s = ts->data<T>()[0], l = tl->data<T>()[0], d = td->data<T>()[0];
      if (d == T(0)) return ctx.Error("delta is 0");
      const double count =
          std::ceil((static_cast<double>(l) - static_cast<double>(s)) / static_cast<double>(d));
      const int64_t n = std::max<int64_t>(0, static_cast<int64_t>(count));
      OL_ASSIGN_OR_RETURN(out, NewTensor(ctx, ts->dtype(), {n}));
      for (int64_t i = 0; i < n; ++i)
        out.mutable_data<T>()[i] = static_cast<T>(s + static_cast<T>(i) * d);
      return Status::Ok();
    }
  }));
  ctx.SetOutput(0, std::move(out));
  return Status::Ok();
}

Status EyeLike(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  if (x->dims().size() != 2) return ctx.Error("input must be 2-D");
  DataType dt = x->dtype();
  if (const ir::Attribute* a = ctx.node().FindAttribute("dtype")) {
    dt = ir::DataTypeFromOnnx(static_cast<int32_t>(a->i)).value_or(dt);
  }
  const int64_t k = ctx.node().GetInt("k", 0);
  OL_ASSIGN_OR_RETURN(Tensor f, NewTensor(ctx, DataType::kDouble, x->dims()));
  for (int64_t r = 0; r < x->dims()[0]; ++r)
    for (int64_t c = 0; c < x->dims()[1]; ++c)
      f.mutable_data<double>()[r * x->dims()[1] + c] = (c - r == k) ? 1.0 : 0.0;
  OL_ASSIGN_OR_RETURN(Tensor y, CastTensor(ctx, f, dt));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Trilu(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  if (x->dims().size() < 2) return ctx.Error("input must have rank >= 2");
  int64_t k = 0;
  if (const Tensor* t = ctx.tensor(1)) {
    OL_ASSIGN_OR_RETURN(double kv, ReadScalar(ctx, *t, "k"));
    k = static_cast<int64_t>(kv);
  }
  const bool upper = ctx.node().GetInt("upper", 1) != 0;
  const int64_t rows = x->dims()[x->dims().size() - 2], cols = x->dims().back();
  Tensor y = Tensor::FromRaw(x->dtype(), x->dims(), x->raw(), x->nbytes()).value();
  const size_t es = ElementSize(x->dtype());
  char* p = static_cast<char*>(y.mutable_raw());
  for (int64_t i = 0; i < x->numel(); ++i) {
    const int64_t c = i % cols, r = (i / cols) % rows;
    const bool keep = upper ? (c - r >= k) : (c - r <= k);
    if (!keep) std::memset(p + i * es, 0, es);
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status OneHot(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* dep, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* vals, ctx.RequireTensor(2));
  OL_ASSIGN_OR_RETURN(double depth_d, ReadScalar(ctx, *dep, "depth"));
  const int64_t depth = static_cast<int64_t>(depth_d);
  const Tensor fi = CastTensor(ctx, *ind, DataType::kInt64).value();
  const int64_t rank = static_cast<int64_t>(ind->dims().size()) + 1;
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", -1), rank));
  std::vector<int64_t> dims = ind->dims();
  dims.insert(dims.begin() + axis, depth);
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= dims[i];
  for (int64_t i = axis + 1; i < rank; ++i) inner *= dims[i];
  OL_ASSIGN_OR_RETURN(int64_t n, ir::NumElements(dims));
  std::vector<int64_t> src(static_cast<size_t>(n), 0);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t d = 0; d < depth; ++d)
      for (int64_t i = 0; i < inner; ++i) {
        int64_t v = fi.data<int64_t>()[o * inner + i];
        if (v < 0) v += depth;
        src[(o * depth + d) * inner + i] = v == d ? 1 : 0;
      }
  OL_ASSIGN_OR_RETURN(Tensor y, ByIndex(ctx, *vals, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status SpaceDepth(OpKernelContext& ctx, bool to_space) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  if (x->dims().size() != 4) return ctx.Error("input must be 4-D");
  const int64_t bs = ctx.node().GetInt("blocksize", 0);
  if (bs <= 0) return ctx.Error("blocksize must be positive");
  const int64_t N = x->dims()[0], C = x->dims()[1], H = x->dims()[2], W = x->dims()[3];
  const bool crd = ctx.node().GetString("mode", "DCR") == "CRD";
  std::vector<int64_t> dims, src;
  if (to_space) {
    if (C % (bs * bs)) return ctx.Error("channels are not divisible by blocksize^2");
    const int64_t c2 = C / (bs * bs);
    dims = {N, c2, H * bs, W * bs};
    for (int64_t n = 0; n < N; ++n)
      for (int64_t c = 0; c < c2; ++c)
        for (int64_t h = 0; h < H * bs; ++h)
          for (int64_t w = 0; w < W * bs; ++w) {
            const int64_t bh = h % bs, bw = w % bs;
            const int64_t ic = crd ? c * bs * bs + bh * bs + bw : (bh * bs + bw) * c2 + c;
            src.push_back(((n * C + ic) * H + h / bs) * W + w / bs);
          }
  } else {
    if (H % bs || W % bs) return ctx.Error("spatial size is not divisible by blocksize");
    dims = {N, C * bs * bs, H / bs, W / bs};
    for (int64_t n = 0; n < N; ++n)
      for (int64_t oc = 0; oc < C * bs * bs; ++oc)
        for (int64_t h = 0; h < H / bs; ++h)
          for (int64_t w = 0; w < W / bs; ++w) {
            const int64_t c = oc % C, b = oc / C, bh = b / bs, bw = b % bs;
            src.push_back(((n * C + c) * H + h * bs + bh) * W + w * bs + bw);
          }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, ByIndex(ctx, *x, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Dropout(OpKernelContext& ctx, int64_t) {
  const RtValue* v = ctx.input(0);
  if (!v || !v->is_tensor()) return ctx.Error("input is missing");
  bool training = false;
  if (const Tensor* t = ctx.tensor(2); t && t->numel() > 0) training = t->data<bool>()[0];
  double ratio = ctx.node().GetFloat("ratio", 0.5f);
  if (const Tensor* t = ctx.tensor(1); t && t->numel() > 0) {
    OL_ASSIGN_OR_RETURN(ratio, ReadScalar(ctx, *t, "ratio"));
  }
  if (training && ratio > 0) {
    return ctx.Error("training-mode dropout is random; onnxlens runs inference only");
  }
  ctx.SetOutput(0, v->tensor);
  if (ctx.output_wanted(1)) {
    OL_ASSIGN_OR_RETURN(Tensor mask, NewTensor(ctx, DataType::kBool, v->tensor.dims()));
    std::memset(mask.mutable_raw(), 1, mask.nbytes());
    ctx.SetOutput(1, std::move(mask));
  }
  return Status::Ok();
}

Status NonZero(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* in, ctx.RequireTensor(0));
  const Tensor x = ToFloat(*in);
  std::vector<int64_t> hits;
  OL_RETURN_IF_ERROR(VisitNumeric(x.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    for (int64_t i = 0; i < x.numel(); ++i)
      if (x.data<T>()[i] != T(0)) hits.push_back(i);
    return Status::Ok();
  }));
  const int64_t rank = static_cast<int64_t>(x.dims().size());
  const auto st = Strides(x.dims());
  OL_ASSIGN_OR_RETURN(Tensor y,
                      NewTensor(ctx, DataType::kInt64, {rank, static_cast<int64_t>(hits.size())}));
  for (size_t h = 0; h < hits.size(); ++h)
    for (int64_t d = 0; d < rank; ++d)
      y.mutable_data<int64_t>()[d * static_cast<int64_t>(hits.size()) + h] =
          (hits[h] / st[d]) % x.dims()[d];
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status TopK(OpKernelContext& ctx, int64_t opset) {
  OL_ASSIGN_OR_RETURN(const Tensor* in, ctx.RequireTensor(0));
  const Tensor x = ToFloat(*in);
  int64_t k = ctx.node().GetInt("k", 0);
  if (opset >= 10) {
    OL_ASSIGN_OR_RETURN(const Tensor* kt, ctx.RequireTensor(1));
    OL_ASSIGN_OR_RETURN(std::vector<int64_t> kv, ReadInts(ctx, *kt, "K"));
    if (kv.empty()) return ctx.Error("K is empty");
    k = kv[0];
  }
  const int64_t rank = static_cast<int64_t>(x.dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", -1), rank));
  const int64_t d = x.dims()[axis];
  if (k < 0 || k > d)
    return ctx.Error("K=" + std::to_string(k) + " is out of range for an axis of size " +
                     std::to_string(d));
  const bool largest = ctx.node().GetInt("largest", 1) != 0;
  std::vector<int64_t> dims = x.dims();
  dims[axis] = k;
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= x.dims()[i];
  for (int64_t i = axis + 1; i < rank; ++i) inner *= x.dims()[i];
  OL_ASSIGN_OR_RETURN(Tensor vals, NewTensor(ctx, x.dtype(), dims));
  OL_ASSIGN_OR_RETURN(Tensor idxs, NewTensor(ctx, DataType::kInt64, dims));
  OL_RETURN_IF_ERROR(VisitNumeric(x.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    std::vector<int64_t> order(static_cast<size_t>(d));
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        auto at = [&](int64_t j) { return x.data<T>()[(o * d + j) * inner + i]; };
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
          return largest ? at(a) > at(b) : at(a) < at(b);
        });
        for (int64_t j = 0; j < k; ++j) {
          vals.mutable_data<T>()[(o * k + j) * inner + i] = at(order[j]);
          idxs.mutable_data<int64_t>()[(o * k + j) * inner + i] = order[j];
        }
      }
    return Status::Ok();
  }));
  ctx.SetOutput(0, IsHalfType(in->dtype()) ? FromFloat(vals, in->dtype()) : std::move(vals));
  ctx.SetOutput(1, std::move(idxs));
  return Status::Ok();
}

Status CumSum(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* in, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* at, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(double axis_d, ReadScalar(ctx, *at, "axis"));
  const Tensor x = ToFloat(*in);
  const int64_t rank = static_cast<int64_t>(x.dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, static_cast<int64_t>(axis_d), rank));
  const bool excl = ctx.node().GetInt("exclusive", 0) != 0,
             rev = ctx.node().GetInt("reverse", 0) != 0;
  const int64_t d = x.dims()[axis];
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= x.dims()[i];
  for (int64_t i = axis + 1; i < rank; ++i) inner *= x.dims()[i];
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x.dtype(), x.dims()));
  OL_RETURN_IF_ERROR(VisitNumeric(x.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        T acc = T(0);
        for (int64_t s = 0; s < d; ++s) {
          const int64_t j = rev ? d - 1 - s : s;
          const int64_t off = (o * d + j) * inner + i;
          const T v = x.data<T>()[off];
          if (excl) {
            y.mutable_data<T>()[off] = acc;
            acc = static_cast<T>(acc + v);
          } else {
            acc = static_cast<T>(acc + v);
            y.mutable_data<T>()[off] = acc;
          }
        }
      }
    return Status::Ok();
  }));
  ctx.SetOutput(0, IsHalfType(in->dtype()) ? FromFloat(y, in->dtype()) : std::move(y));
  return Status::Ok();
}

Status Compress(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* c, ctx.RequireTensor(1));
  if (c->dtype() != DataType::kBool) return ctx.Error("condition must be bool");
  const ir::Attribute* axis_attr = ctx.node().FindAttribute("axis");
  std::vector<int64_t> src;
  std::vector<int64_t> dims;
  if (!axis_attr) {
    for (int64_t i = 0; i < std::min(x->numel(), c->numel()); ++i)
      if (c->data<bool>()[i]) src.push_back(i);
    dims = {static_cast<int64_t>(src.size())};
  } else {
    const int64_t rank = static_cast<int64_t>(x->dims().size());
    OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, axis_attr->i, rank));
    std::vector<int64_t> keep;
    for (int64_t i = 0; i < std::min(x->dims()[axis], c->numel()); ++i)
      if (c->data<bool>()[i]) keep.push_back(i);
    dims = x->dims();
    dims[axis] = static_cast<int64_t>(keep.size());
    int64_t outer = 1, inner = 1;
    for (int64_t i = 0; i < axis; ++i) outer *= x->dims()[i];
    for (int64_t i = axis + 1; i < rank; ++i) inner *= x->dims()[i];
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t k : keep)
        for (int64_t i = 0; i < inner; ++i) src.push_back((o * x->dims()[axis] + k) * inner + i);
  }
  OL_ASSIGN_OR_RETURN(Tensor y, ByIndex(ctx, *x, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status ReverseSequence(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* lt, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> lens, ReadInts(ctx, *lt, "sequence_lens"));
  const int64_t batch_axis = ctx.node().GetInt("batch_axis", 1),
                time_axis = ctx.node().GetInt("time_axis", 0);
  const auto xs = Strides(x->dims());
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  std::vector<int64_t> src(static_cast<size_t>(x->numel())), idx(rank, 0);
  for (int64_t o = 0; o < x->numel(); ++o) {
    std::vector<int64_t> s = idx;
    const int64_t len = lens[idx[batch_axis]];
    if (idx[time_axis] < len) s[time_axis] = len - 1 - idx[time_axis];
    int64_t off = 0;
    for (int64_t d = 0; d < rank; ++d) off += s[d] * xs[d];
    src[o] = off;
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++idx[d] < x->dims()[d]) break;
      idx[d] = 0;
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, ByIndex(ctx, *x, x->dims(), src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

Expected<Tensor> CastTensorTo(const OpKernelContext& ctx, const Tensor& x, DataType to) {
  return CastTensor(ctx, x, to);
}

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
  AddKernel(r, "", "Gather", 1, Gather);
  AddKernel(r, "", "GatherElements", 11, GatherElements);
  AddKernel(r, "", "GatherND", 11, GatherND);
  AddKernel(r, "", "ScatterElements", 11, ScatterElements);
  AddKernel(r, "", "Scatter", 9, ScatterElements);
  AddKernel(r, "", "ScatterND", 11, ScatterND);
  AddKernel(r, "", "Pad", 1, Pad);
  AddKernel(r, "", "Cast", 1, Cast);
  AddKernel(r, "", "CastLike", 15, CastLike);
  AddKernel(r, "", "Constant", 1, Constant);
  AddKernel(r, "", "ConstantOfShape", 9, ConstantOfShape);
  AddKernel(r, "", "Range", 11, Range);
  AddKernel(r, "", "EyeLike", 9, EyeLike);
  AddKernel(r, "", "Trilu", 14, Trilu);
  AddKernel(r, "", "OneHot", 9, OneHot);
  AddKernel(r, "", "DepthToSpace", 1,
            [](OpKernelContext& c, int64_t) { return SpaceDepth(c, true); });
  AddKernel(r, "", "SpaceToDepth", 1,
            [](OpKernelContext& c, int64_t) { return SpaceDepth(c, false); });
  AddKernel(r, "", "Dropout", 1, Dropout);
  AddKernel(r, "", "NonZero", 9, NonZero);
  AddKernel(r, "", "TopK", 1, TopK);
  AddKernel(r, "", "CumSum", 11, CumSum);
  AddKernel(r, "", "Compress", 9, Compress);
  AddKernel(r, "", "ReverseSequence", 10, ReverseSequence);
}

}  // namespace onnxlens::kernels
