// Reference kernels of smaller families: StringNormalizer, the signal windows (Hann, Hamming,
// Blackman), Det, MaxUnpool, Unique, and BatchNormalization in training mode.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <type_traits>

#include "kernels/float16.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

// ASCII case mapping plus the Latin-1 supplement in UTF-8; other characters pass unchanged.
std::string ChangeCase(const std::string& s, bool upper) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      out += static_cast<char>(upper ? std::toupper(c) : std::tolower(c));
    } else if (c == 0xC3 && i + 1 < s.size()) {
      unsigned char d = static_cast<unsigned char>(s[++i]);
      if (upper && d >= 0xA0 && d <= 0xBE && d != 0xB7) d = static_cast<unsigned char>(d - 0x20);
      if (!upper && d >= 0x80 && d <= 0x9E && d != 0x97) d = static_cast<unsigned char>(d + 0x20);
      out += static_cast<char>(c);
      out += static_cast<char>(d);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

Status StringNormalizer(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  if (x->dtype() != DataType::kString) return ctx.Error("expects strings");
  const std::string action = ctx.node().GetString("case_change_action", "NONE");
  const bool sensitive = ctx.node().GetInt("is_case_sensitive", 0) != 0;
  std::set<std::string> stop;
  if (const ir::Attribute* a = ctx.node().FindAttribute("stopwords")) {
    for (const auto& w : a->strings) stop.insert(sensitive ? w : ChangeCase(w, false));
  }
  std::vector<std::string> kept;
  for (const auto& s : x->strings()) {
    if (stop.count(sensitive ? s : ChangeCase(s, false))) continue;
    kept.push_back(action == "LOWER"   ? ChangeCase(s, false)
                   : action == "UPPER" ? ChangeCase(s, true)
                                       : s);
  }
  std::vector<int64_t> dims;
  if (x->dims().size() == 2)
    dims = {1, static_cast<int64_t>(kept.size())};
  else
    dims = {static_cast<int64_t>(kept.size())};
  if (kept.empty()) {
    kept.push_back("");
    dims = x->dims().size() == 2 ? std::vector<int64_t>{1, 1} : std::vector<int64_t>{1};
  }
  OL_ASSIGN_OR_RETURN(Tensor y, Tensor::FromStrings(dims, std::move(kept)));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

enum class Window { kHann, kHamming, kBlackman };

// The window is computed straight into the output (from the session's allocator, so its memory
// budget): a size of 2^31 filled a std::vector of doubles first, 16 GiB outside --max-memory 1G.
Status MakeWindow(OpKernelContext& ctx, Window w) {
  OL_ASSIGN_OR_RETURN(const Tensor* s, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> size_v, ReadInts(ctx, *s, "size"));
  if (size_v.size() != 1) return ctx.Error("size has " + std::to_string(size_v.size()) + " values");
  const int64_t n = size_v[0];
  if (n < 0) return ctx.Error("size is negative");
  OL_RETURN_IF_ERROR(CheckOutputSize(ctx, {n}, "the window").status());
  const bool periodic = ctx.node().GetInt("periodic", 1) != 0;
  const double N = periodic ? double(n) : double(n - 1);
  auto value = [&](int64_t i) {
    const double a = 2 * M_PI * i / N;
    switch (w) {
      case Window::kHann:
        return 0.5 - 0.5 * std::cos(a);
      case Window::kHamming:
        return 25.0 / 46 - (21.0 / 46) * std::cos(a);
      case Window::kBlackman:
        return 0.42 - 0.5 * std::cos(a) + 0.08 * std::cos(2 * a);
    }
    return 0.0;
  };
  auto dt = ir::DataTypeFromOnnx(static_cast<int32_t>(ctx.node().GetInt("output_datatype", 1)));
  const DataType type = dt.value_or(DataType::kFloat);
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, type, {n}));
  auto fill = [&](auto* out, auto convert) -> Status {
    constexpr int64_t kChunk = int64_t{1} << 20;  // cancellation / --timeout polled per chunk
    for (int64_t b = 0; b < n; b += kChunk) {
      OL_RETURN_IF_ERROR(ctx.CheckStop());
      const int64_t e = std::min(n, b + kChunk);
      for (int64_t i = b; i < e; ++i) out[i] = convert(value(i));
    }
    return Status::Ok();
  };
  if (IsHalfType(type)) {
    const bool bf = type == DataType::kBFloat16;
    OL_RETURN_IF_ERROR(fill(y.mutable_data<uint16_t>(), [bf](double v) {
      const float f = SaturatingCast<float>(v);
      return bf ? FloatToBFloat16(f) : FloatToHalf(f);
    }));
  } else {
    OL_RETURN_IF_ERROR(VisitNumeric(type, [&](auto tag) -> Status {
      using T = typename decltype(tag)::type;
      return fill(y.mutable_data<T>(), [](double v) { return SaturatingCast<T>(v); });
    }));
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Det(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const size_t r = x->dims().size();
  if (r < 2 || x->dims()[r - 1] != x->dims()[r - 2]) return ctx.Error("input must be [..., M, M]");
  const int64_t m = x->dims()[r - 1];
  const auto v = ToDoubles(*x);
  const int64_t batches = m ? static_cast<int64_t>(v.size()) / (m * m) : 0;
  std::vector<double> out(static_cast<size_t>(batches));
  for (int64_t b = 0; b < batches; ++b) {
    std::vector<double> a(v.begin() + b * m * m, v.begin() + (b + 1) * m * m);
    double det = 1;
    for (int64_t c = 0; c < m; ++c) {
      int64_t piv = c;
      for (int64_t i = c + 1; i < m; ++i)
        if (std::abs(a[i * m + c]) > std::abs(a[piv * m + c])) piv = i;
      if (a[piv * m + c] == 0) {
        det = 0;
        break;
      }
      if (piv != c) {
        for (int64_t k = 0; k < m; ++k) std::swap(a[c * m + k], a[piv * m + k]);
        det = -det;
      }
      det *= a[c * m + c];
      for (int64_t i = c + 1; i < m; ++i) {
        const double f = a[i * m + c] / a[c * m + c];
        for (int64_t k = c; k < m; ++k) a[i * m + k] -= f * a[c * m + k];
      }
    }
    out[b] = det;
  }
  std::vector<int64_t> dims(x->dims().begin(), x->dims().end() - 2);
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, out, dims, x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status MaxUnpool(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(1));
  const auto kernel = ctx.node().GetInts("kernel_shape");
  const size_t r = kernel.size();
  const auto strides = ctx.node().GetInts("strides", std::vector<int64_t>(r, 1));
  const auto pads = ctx.node().GetInts("pads", std::vector<int64_t>(2 * r, 0));
  if (x->dims().size() != r + 2) {
    return ctx.Error("kernel_shape " + ShapeString(kernel) + " does not match X " +
                     ShapeString(x->dims()));
  }
  if (strides.size() != r || pads.size() != 2 * r) {
    return ctx.Error("strides " + ShapeString(strides) + " or pads " + ShapeString(pads) +
                     " do not match kernel_shape " + ShapeString(kernel));
  }
  // Indices come from MaxPool with X: one flat output position per element of X.
  OL_RETURN_IF_ERROR(CheckShape(ctx, *ind, x->dims(), "indices I"));
  std::vector<int64_t> dims = {x->dims()[0], x->dims()[1]};
  for (size_t d = 0; d < r; ++d) {
    dims.push_back((x->dims()[d + 2] - 1) * strides[d] + kernel[d] - pads[d] - pads[d + r]);
  }
  // The indices address the inferred shape; an output_shape input pads it at the end of each
  // dimension (ONNX's reference and backend test).
  std::vector<int64_t> out_dims = dims;
  if (const Tensor* os = ctx.tensor(2)) {
    OL_ASSIGN_OR_RETURN(out_dims, ReadInts(ctx, *os, "output_shape"));
    if (out_dims.size() != r + 2) {
      return ctx.Error("output_shape " + ShapeString(out_dims) + " does not have the rank of X " +
                       ShapeString(x->dims()));
    }
    for (size_t d = 0; d < out_dims.size(); ++d)
      if (out_dims[d] < dims[d])
        return ctx.Error("output_shape " + ShapeString(out_dims) +
                         " is smaller than the unpooled shape " + ShapeString(dims));
  }
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> idx, ReadInts(ctx, *ind, "indices"));
  const auto xv = ToDoubles(*x);
  OL_ASSIGN_OR_RETURN(int64_t total, CheckOutputSize(ctx, dims, "the unpooled shape"));
  OL_ASSIGN_OR_RETURN(int64_t out_total, CheckOutputSize(ctx, out_dims, "output_shape"));
  std::vector<double> out(static_cast<size_t>(out_total), 0.0);
  const std::vector<int64_t> in_strides = Strides(dims), out_strides = Strides(out_dims);
  for (size_t i = 0; i < idx.size() && i < xv.size(); ++i) {
    if (idx[i] < 0 || idx[i] >= total)
      return ctx.Error("index " + std::to_string(idx[i]) + " is out of range");
    int64_t rest = idx[i], at = 0;
    for (size_t d = 0; d < dims.size(); ++d) {
      at += rest / in_strides[d] * out_strides[d];
      rest %= in_strides[d];
    }
    out[static_cast<size_t>(at)] = xv[i];
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, out, out_dims, x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// Three-way comparison of elements p and q of `t` in its own type (int64 beyond 2^53 and strings
// compare exactly; a double round trip merged distinct int64 values). NaN equals NaN and sorts
// after every number, as numpy's unique does.
Expected<std::function<int(int64_t, int64_t)>> ElementOrder(const OpKernelContext& ctx,
                                                            const Tensor& t) {
  if (t.dtype() == DataType::kString) {
    const auto* v = &t.strings();
    return std::function<int(int64_t, int64_t)>([v](int64_t p, int64_t q) {
      const int c = (*v)[static_cast<size_t>(p)].compare((*v)[static_cast<size_t>(q)]);
      return (c > 0) - (c < 0);
    });
  }
  const Tensor* src = &t;
  std::shared_ptr<Tensor> widened;
  if (IsHalfType(t.dtype())) {
    widened = std::make_shared<Tensor>(ToFloat(t));
    src = widened.get();
  }
  std::function<int(int64_t, int64_t)> order;
  Status s = VisitNumeric(src->dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    const T* d = src->data<T>();
    order = [d, widened](int64_t p, int64_t q) {
      const T a = d[p], b = d[q];
      if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(a) || std::isnan(b)) return int{std::isnan(a)} - int{std::isnan(b)};
      }
      return int{b < a} - int{a < b};
    };
    return Status::Ok();
  });
  if (!s.ok()) return ctx.Error(s.message());
  return order;
}

Status Unique(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const bool sorted = ctx.node().GetInt("sorted", 1) != 0;
  const ir::Attribute* axis_attr = ctx.node().FindAttribute("axis");
  OL_ASSIGN_OR_RETURN(auto elem, ElementOrder(ctx, *x));
  // Split into "rows" along the axis (or single elements), find unique rows.
  int64_t axis = -1, outer = 1, len = x->numel(), inner = 1;
  if (axis_attr) {
    OL_RETURN_IF_ERROR(CheckMinRank(ctx, *x, 1, "X"));
    OL_ASSIGN_OR_RETURN(axis,
                        NormalizeAxis(ctx, axis_attr->i, static_cast<int64_t>(x->dims().size())));
    len = x->dims()[axis];
    for (int64_t d = 0; d < axis; ++d) outer *= x->dims()[d];
    for (size_t d = axis + 1; d < x->dims().size(); ++d) inner *= x->dims()[d];
  }
  auto row_less = [&](int64_t k1, int64_t k2) {
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        const int c = elem((o * len + k1) * inner + i, (o * len + k2) * inner + i);
        if (c != 0) return c < 0;
      }
    return false;
  };
  // Each distinct row is kept as the index of its first occurrence.
  std::vector<int64_t> first, inverse(static_cast<size_t>(len)), counts;
  std::map<int64_t, int64_t, decltype(row_less)> seen(row_less);
  for (int64_t k = 0; k < len; ++k) {
    auto [it, added] = seen.emplace(k, static_cast<int64_t>(first.size()));
    if (added) {
      first.push_back(k);
      counts.push_back(0);
    }
    inverse[k] = it->second;
    counts[it->second]++;
  }
  const int64_t u = static_cast<int64_t>(first.size());
  std::vector<int64_t> order(static_cast<size_t>(u));
  std::iota(order.begin(), order.end(), 0);
  if (sorted) {
    std::sort(order.begin(), order.end(),
              [&](int64_t a, int64_t b) { return row_less(first[a], first[b]); });
  }
  std::vector<int64_t> rank(static_cast<size_t>(u));
  for (int64_t i = 0; i < u; ++i) rank[order[i]] = i;
  std::vector<int64_t> ydims = axis_attr ? x->dims() : std::vector<int64_t>{u};
  std::vector<int64_t> src;
  if (axis_attr) {
    ydims[axis] = u;
    src.reserve(static_cast<size_t>(outer * u * inner));
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t j = 0; j < u; ++j)
        for (int64_t i = 0; i < inner; ++i) src.push_back((o * len + first[order[j]]) * inner + i);
  } else {
    for (int64_t j = 0; j < u; ++j) src.push_back(first[order[j]]);
  }
  OL_ASSIGN_OR_RETURN(Tensor y, GatherByIndex(ctx, *x, ydims, src));
  ctx.SetOutput(0, std::move(y));
  std::vector<int64_t> idx_out, inv_out, cnt_out;
  for (int64_t j = 0; j < u; ++j) {
    idx_out.push_back(first[order[j]]);
    cnt_out.push_back(counts[order[j]]);
  }
  for (int64_t k = 0; k < len; ++k) inv_out.push_back(rank[inverse[k]]);
  ctx.SetOutput(1, Tensor::FromVector(DataType::kInt64, {u}, idx_out));
  ctx.SetOutput(2, Tensor::FromVector(DataType::kInt64, {len}, inv_out));
  ctx.SetOutput(3, Tensor::FromVector(DataType::kInt64, {u}, cnt_out));
  return Status::Ok();
}

Status BatchNormTraining(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  for (size_t i = 1; i < 5; ++i) OL_RETURN_IF_ERROR(ctx.RequireTensor(i).status());
  const double eps = ctx.node().GetFloat("epsilon", 1e-5f),
               mom = ctx.node().GetFloat("momentum", 0.9f);
  const auto X = ToDoubles(*x), s = ToDoubles(*ctx.tensor(1)), b = ToDoubles(*ctx.tensor(2)),
             rm = ToDoubles(*ctx.tensor(3)), rv = ToDoubles(*ctx.tensor(4));
  const int64_t N = x->dims()[0], C = x->dims()[1];
  int64_t inner = 1;
  for (size_t d = 2; d < x->dims().size(); ++d) inner *= x->dims()[d];
  std::vector<double> mean(C, 0), var(C, 0), Y(X.size()), run_m(C), run_v(C);
  for (int64_t c = 0; c < C; ++c) {
    for (int64_t n = 0; n < N; ++n)
      for (int64_t i = 0; i < inner; ++i) mean[c] += X[(n * C + c) * inner + i];
    mean[c] /= double(N * inner);
    for (int64_t n = 0; n < N; ++n)
      for (int64_t i = 0; i < inner; ++i) {
        const double d = X[(n * C + c) * inner + i] - mean[c];
        var[c] += d * d;
      }
    var[c] /= double(N * inner);
    run_m[c] = rm[c] * mom + mean[c] * (1 - mom);
    run_v[c] = rv[c] * mom + var[c] * (1 - mom);
    for (int64_t n = 0; n < N; ++n)
      for (int64_t i = 0; i < inner; ++i) {
        const int64_t at = (n * C + c) * inner + i;
        Y[at] = s[c] * (X[at] - mean[c]) / std::sqrt(var[c] + eps) + b[c];
      }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  if (ctx.output_wanted(1)) {
    OL_ASSIGN_OR_RETURN(Tensor t, FromDoubles(ctx, run_m, {C}, ctx.tensor(3)->dtype()));
    ctx.SetOutput(1, std::move(t));
  }
  if (ctx.output_wanted(2)) {
    OL_ASSIGN_OR_RETURN(Tensor t, FromDoubles(ctx, run_v, {C}, ctx.tensor(4)->dtype()));
    ctx.SetOutput(2, std::move(t));
  }
  return Status::Ok();
}

}  // namespace

Status BatchNormTrainingMode(OpKernelContext& ctx) { return BatchNormTraining(ctx); }

void RegisterMiscKernels(KernelRegistry& r) {
  AddKernel(r, "", "StringNormalizer", 10, StringNormalizer);
  AddKernel(r, "", "HannWindow", 17,
            [](OpKernelContext& c, int64_t) { return MakeWindow(c, Window::kHann); });
  AddKernel(r, "", "HammingWindow", 17,
            [](OpKernelContext& c, int64_t) { return MakeWindow(c, Window::kHamming); });
  AddKernel(r, "", "BlackmanWindow", 17,
            [](OpKernelContext& c, int64_t) { return MakeWindow(c, Window::kBlackman); });
  AddKernel(r, "", "Det", 11, Det);
  AddKernel(r, "", "MaxUnpool", 9, MaxUnpool);
  AddKernel(r, "", "Unique", 11, Unique);
}

}  // namespace onnxlens::kernels
