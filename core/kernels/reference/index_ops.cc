// Reference indexing kernels: Gather, GatherElements, GatherND, Scatter(Elements/ND) with
// reductions, NonZero, TopK, CumSum, Compress, ReverseSequence, OneHot, Trilu.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <sstream>

#include "kernels/gather_plan.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

Status Gather(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(GatherPlan p, PlanGather(ctx, *x, *ind));
  std::vector<int64_t> src;
  src.reserve(static_cast<size_t>(p.outer * static_cast<int64_t>(p.indices.size()) * p.inner));
  for (int64_t o = 0; o < p.outer; ++o)
    for (int64_t i : p.indices)
      for (int64_t k = 0; k < p.inner; ++k) src.push_back((o * p.axis_size + i) * p.inner + k);
  OL_ASSIGN_OR_RETURN(Tensor y, GatherByIndex(ctx, *x, p.out_dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// For each element of `indices` (shape `index_dims`), the offset in `data_dims` of the element it
// addresses along `axis` (the other coordinates are the index element's own): GatherElements and
// ScatterElements.
Expected<std::vector<int64_t>> AxisOffsets(const OpKernelContext& ctx,
                                           const std::vector<int64_t>& data_dims,
                                           const std::vector<int64_t>& index_dims,
                                           const std::vector<int64_t>& idx, int64_t axis) {
  const int64_t rank = static_cast<int64_t>(data_dims.size());
  if (static_cast<int64_t>(index_dims.size()) != rank || rank == 0) {
    return ctx.Error("indices " + ShapeString(index_dims) + " and data " + ShapeString(data_dims) +
                     " must have the same rank >= 1");
  }
  // Off the axis an index element addresses the data element at its own coordinates.
  for (int64_t k = 0; k < rank; ++k) {
    if (k != axis && index_dims[k] > data_dims[k]) {
      return ctx.Error("indices " + ShapeString(index_dims) + " are larger than data " +
                       ShapeString(data_dims) + " on axis " + std::to_string(k));
    }
  }
  const auto xs = Strides(data_dims);
  const int64_t d = data_dims[axis];
  std::vector<int64_t> pos(rank, 0), offs(idx.size());
  for (size_t o = 0; o < idx.size(); ++o) {
    OL_ASSIGN_OR_RETURN(const int64_t i, WrapIndex(ctx, idx[o], d, "index", axis));
    int64_t off = 0;
    for (int64_t k = 0; k < rank; ++k) off += (k == axis ? i : pos[k]) * xs[k];
    offs[o] = off;
    for (int64_t k = rank - 1; k >= 0; --k) {
      if (++pos[k] < index_dims[k]) break;
      pos[k] = 0;
    }
  }
  return offs;
}

Status GatherElements(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(1));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 0), rank));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> idx, ReadInts(ctx, *ind, "indices"));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> src,
                      AxisOffsets(ctx, x->dims(), ind->dims(), idx, axis));
  OL_ASSIGN_OR_RETURN(Tensor y, GatherByIndex(ctx, *x, ind->dims(), src));
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
  if (b < 0 || b >= q || b > r) {
    return ctx.Error("batch_dims " + std::to_string(b) + " is out of range for indices " +
                     ShapeString(ind->dims()) + " and data " + ShapeString(x->dims()));
  }
  for (int64_t i = 0; i < b; ++i) {
    if (ind->dims()[i] != x->dims()[i]) {
      return ctx.Error("the batch dimensions of indices " + ShapeString(ind->dims()) +
                       " and data " + ShapeString(x->dims()) + " differ");
    }
  }
  const int64_t k = ind->dims()[q - 1];
  if (k > r - b) {
    return ctx.Error("indices " + ShapeString(ind->dims()) + " address " + std::to_string(k) +
                     " dimensions, data " + ShapeString(x->dims()) + " has " +
                     std::to_string(r - b) + " after the " + std::to_string(b) + " batch ones");
  }
  std::vector<int64_t> dims(ind->dims().begin(), ind->dims().end() - 1);
  for (int64_t i = b + k; i < r; ++i) dims.push_back(x->dims()[i]);
  OL_RETURN_IF_ERROR(CheckOutputSize(ctx, dims, "the output").status());
  int64_t slice = 1;
  for (int64_t i = b + k; i < r; ++i) slice *= x->dims()[i];
  int64_t batch = 1;
  for (int64_t i = 0; i < b; ++i) batch *= x->dims()[i];
  const auto xs = Strides(x->dims());
  // One tuple per position of indices' leading dimensions, also when a tuple is empty (k == 0:
  // each one takes the whole batch's slice; counting tuples by index values gave none).
  int64_t tuples = 1;
  for (int64_t i = 0; i + 1 < q; ++i) tuples *= ind->dims()[i];
  const int64_t per_batch = tuples / std::max<int64_t>(batch, 1);
  const int64_t batch_stride = b > 0 ? xs[b - 1] : 0;
  std::vector<int64_t> src;
  for (int64_t t = 0; t < tuples; ++t) {
    int64_t off = (t / std::max<int64_t>(per_batch, 1)) * batch_stride;
    for (int64_t j = 0; j < k; ++j) {
      OL_ASSIGN_OR_RETURN(const int64_t v,
                          WrapIndex(ctx, idx[t * k + j], x->dims()[b + j], "index", b + j));
      off += v * xs[b + j];
    }
    for (int64_t s = 0; s < slice; ++s) src.push_back(off + s);
  }
  OL_ASSIGN_OR_RETURN(Tensor y, GatherByIndex(ctx, *x, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// Scatter helpers: copy data, then assign updates (with optional reduction) at computed offsets.
template <typename T>
void ScatterReduce(T* dst, T v, const std::string& red) {
  if (red == "add")
    *dst = WrapAdd(*dst, v);
  else if (red == "mul")
    *dst = WrapMul(*dst, v);
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
      for (int64_t c = 0; c < chunk; ++c) ScatterReduce(&p[offsets[i] + c], u[i * chunk + c], red);
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
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> offs,
                      AxisOffsets(ctx, x->dims(), ind->dims(), idx, axis));
  OL_RETURN_IF_ERROR(CheckShape(ctx, *up, ind->dims(), "updates"));
  OL_RETURN_IF_ERROR(CheckType(ctx, *up, x->dtype(), "updates"));
  return ScatterAt(ctx, *x, *up, offs);
}

Status ScatterND(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* up, ctx.RequireTensor(2));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> idx, ReadInts(ctx, *ind, "indices"));
  if (ind->dims().empty()) return ctx.Error("indices must have rank >= 1");
  const int64_t k = ind->dims().back();
  const int64_t r = static_cast<int64_t>(x->dims().size());
  if (k < 1 || k > r) {
    return ctx.Error("indices " + ShapeString(ind->dims()) + " address " + std::to_string(k) +
                     " dimensions of data " + ShapeString(x->dims()));
  }
  // updates: indices' shape without its last dimension, then data's shape after the first k.
  std::vector<int64_t> up_dims(ind->dims().begin(), ind->dims().end() - 1);
  up_dims.insert(up_dims.end(), x->dims().begin() + k, x->dims().end());
  OL_RETURN_IF_ERROR(CheckShape(ctx, *up, up_dims, "updates"));
  OL_RETURN_IF_ERROR(CheckType(ctx, *up, x->dtype(), "updates"));
  const auto xs = Strides(x->dims());
  std::vector<int64_t> offs;
  for (size_t t = 0; t < idx.size() / static_cast<size_t>(k); ++t) {
    int64_t off = 0;
    for (int64_t j = 0; j < k; ++j) {
      OL_ASSIGN_OR_RETURN(const int64_t v,
                          WrapIndex(ctx, idx[t * k + j], x->dims()[j], "index", j));
      off += v * xs[j];
    }
    offs.push_back(off);
  }
  return ScatterAt(ctx, *x, *up, offs);
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
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, x, 1, "X"));
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
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> axis_v, ReadInts(ctx, *at, "axis"));
  if (axis_v.size() != 1) return ctx.Error("axis has " + std::to_string(axis_v.size()) + " values");
  const Tensor x = ToFloat(*in);
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, x, 1, "x"));
  const int64_t rank = static_cast<int64_t>(x.dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, axis_v[0], rank));
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
            acc = WrapAdd(acc, v);
          } else {
            acc = WrapAdd(acc, v);
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
    OL_RETURN_IF_ERROR(CheckMinRank(ctx, *x, 1, "input"));
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
  OL_ASSIGN_OR_RETURN(Tensor y, GatherByIndex(ctx, *x, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status ReverseSequence(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* lt, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> lens, ReadInts(ctx, *lt, "sequence_lens"));
  const int64_t batch_axis = ctx.node().GetInt("batch_axis", 1),
                time_axis = ctx.node().GetInt("time_axis", 0);
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, *x, 2, "input"));
  if (batch_axis < 0 || batch_axis > 1 || time_axis < 0 || time_axis > 1 ||
      batch_axis == time_axis) {
    return ctx.Error("batch_axis " + std::to_string(batch_axis) + " and time_axis " +
                     std::to_string(time_axis) + " must be 0 and 1 in some order");
  }
  OL_RETURN_IF_ERROR(
      CheckLengths(ctx, lens, x->dims()[batch_axis], x->dims()[time_axis], "sequence_lens"));
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
  OL_ASSIGN_OR_RETURN(Tensor y, GatherByIndex(ctx, *x, x->dims(), src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status OneHot(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* dep, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* vals, ctx.RequireTensor(2));
  OL_ASSIGN_OR_RETURN(double depth_d, ReadScalar(ctx, *dep, "depth"));
  if (!(depth_d >= 1) || depth_d > static_cast<double>(std::numeric_limits<int32_t>::max())) {
    return ctx.Error("depth " + std::to_string(depth_d) + " is not a positive size");
  }
  const int64_t depth = static_cast<int64_t>(depth_d);
  if (vals->numel() < 2) {
    return ctx.Error("values has " + std::to_string(vals->numel()) +
                     " elements, needs 2 (off_value, on_value)");
  }
  OL_ASSIGN_OR_RETURN(const Tensor fi, CastTensorTo(ctx, *ind, DataType::kInt64));
  const int64_t rank = static_cast<int64_t>(ind->dims().size()) + 1;
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", -1), rank));
  std::vector<int64_t> dims = ind->dims();
  dims.insert(dims.begin() + axis, depth);
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= dims[i];
  for (int64_t i = axis + 1; i < rank; ++i) inner *= dims[i];
  OL_ASSIGN_OR_RETURN(int64_t n, CheckOutputSize(ctx, dims, "the output"));
  std::vector<int64_t> src(static_cast<size_t>(n), 0);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t d = 0; d < depth; ++d)
      for (int64_t i = 0; i < inner; ++i) {
        int64_t v = fi.data<int64_t>()[o * inner + i];
        if (v < 0) v += depth;
        src[(o * depth + d) * inner + i] = v == d ? 1 : 0;
      }
  OL_ASSIGN_OR_RETURN(Tensor y, GatherByIndex(ctx, *vals, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Trilu(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  if (x->dims().size() < 2) return ctx.Error("input must have rank >= 2");
  int64_t k = 0;
  if (const Tensor* t = ctx.tensor(1)) {
    OL_ASSIGN_OR_RETURN(std::vector<int64_t> kv, ReadInts(ctx, *t, "k"));
    if (kv.size() != 1) return ctx.Error("k has " + std::to_string(kv.size()) + " values");
    k = kv[0];
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

}  // namespace

void RegisterIndexKernels(KernelRegistry& r) {
  AddKernel(r, "", "Gather", 1, Gather);
  AddKernel(r, "", "GatherElements", 11, GatherElements);
  AddKernel(r, "", "GatherND", 11, GatherND);
  AddKernel(r, "", "ScatterElements", 11, ScatterElements);
  AddKernel(r, "", "Scatter", 9, ScatterElements);
  AddKernel(r, "", "ScatterND", 11, ScatterND);
  AddKernel(r, "", "Trilu", 14, Trilu);
  AddKernel(r, "", "OneHot", 9, OneHot);
  AddKernel(r, "", "NonZero", 9, NonZero);
  AddKernel(r, "", "TopK", 1, TopK);
  AddKernel(r, "", "CumSum", 11, CumSum);
  AddKernel(r, "", "Compress", 9, Compress);
  AddKernel(r, "", "ReverseSequence", 10, ReverseSequence);
}

}  // namespace onnxlens::kernels
