// Value comparison.
#include "api/internal/compare.h"

#include <cmath>
#include <sstream>

#include "kernels/tensor_util.h"

namespace onnxlens::api {

namespace {

std::vector<double> AsDoubles(const ir::Tensor& t) {
  const ir::Tensor f = kernels::ToFloat(t);
  std::vector<double> v(static_cast<size_t>(f.numel()));
  Status st = kernels::VisitNumeric(f.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    for (int64_t i = 0; i < f.numel(); ++i) v[i] = static_cast<double>(f.data<T>()[i]);
    return Status::Ok();
  });
  (void)st;
  return v;
}

CompareResult CompareTensors(const ir::Tensor& a, const ir::Tensor& e, double rtol, double atol) {
  CompareResult r;
  if (a.dtype() != e.dtype()) {
    r.ok = false;
    r.reason = "element type " + std::string(DataTypeName(a.dtype())) + ", expected " +
               std::string(DataTypeName(e.dtype()));
    return r;
  }
  if (a.dims() != e.dims()) {
    r.ok = false;
    r.reason =
        "shape " + kernels::ShapeString(a.dims()) + ", expected " + kernels::ShapeString(e.dims());
    return r;
  }
  if (a.dtype() == ir::DataType::kString) {
    for (int64_t i = 0; i < a.numel(); ++i) {
      if (a.strings()[i] != e.strings()[i]) ++r.mismatches;
    }
    if (r.mismatches) {
      r.ok = false;
      r.reason =
          std::to_string(r.mismatches) + " of " + std::to_string(a.numel()) + " strings differ";
    }
    return r;
  }
  const auto av = AsDoubles(a), ev = AsDoubles(e);
  double dot = 0, na = 0, ne = 0;
  int64_t first_bad = -1;
  for (size_t i = 0; i < av.size(); ++i) {
    const double x = av[i], y = ev[i];
    if (std::isnan(x) && std::isnan(y)) continue;
    if (std::isinf(x) && std::isinf(y) && (x > 0) == (y > 0)) continue;
    const double d = std::abs(x - y);
    if (!(d <= atol + rtol * std::abs(y))) {
      ++r.mismatches;
      if (first_bad < 0) first_bad = static_cast<int64_t>(i);
    }
    if (std::isfinite(d)) {
      r.max_abs_diff = std::max(r.max_abs_diff, d);
      if (y != 0) r.max_rel_diff = std::max(r.max_rel_diff, d / std::abs(y));
    } else {
      r.max_abs_diff = INFINITY;
    }
    dot += x * y;
    na += x * x;
    ne += y * y;
  }
  r.cosine = (na > 0 && ne > 0) ? dot / std::sqrt(na * ne) : (na == ne ? 1.0 : 0.0);
  if (r.mismatches) {
    r.ok = false;
    std::ostringstream os;
    os.precision(6);
    os << r.mismatches << " of " << av.size() << " elements differ (max abs diff " << r.max_abs_diff
       << "; first at flat index " << first_bad << ": " << av[first_bad] << " vs " << ev[first_bad]
       << ")";
    r.reason = os.str();
  }
  return r;
}

}  // namespace

CompareResult CompareValues(const kernels::RtValue& actual, const kernels::RtValue& expected,
                            double rtol, double atol) {
  CompareResult r;
  if (actual.kind != expected.kind) {
    r.ok = false;
    r.reason = "value kind differs (tensor / sequence / empty optional)";
    return r;
  }
  if (actual.is_tensor()) return CompareTensors(actual.tensor, expected.tensor, rtol, atol);
  if (actual.is_sequence()) {
    if (actual.sequence.size() != expected.sequence.size()) {
      r.ok = false;
      r.reason = "sequence of " + std::to_string(actual.sequence.size()) + ", expected " +
                 std::to_string(expected.sequence.size());
      return r;
    }
    for (size_t i = 0; i < actual.sequence.size(); ++i) {
      CompareResult e = CompareTensors(actual.sequence[i], expected.sequence[i], rtol, atol);
      if (!e.ok) {
        e.reason = "sequence item " + std::to_string(i) + ": " + e.reason;
        return e;
      }
    }
  }
  return r;
}

}  // namespace onnxlens::api
