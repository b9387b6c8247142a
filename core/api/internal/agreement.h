// Internal to core/api (accuracy, quant_search): error statistics of B's values against A's,
// accumulated over any number of value pairs in double precision.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "api/accuracy.h"
#include "kernels/rt_value.h"

namespace onnxlens::api {

/// Max / mean absolute error, cosine and SQNR of every (a, b) pair added.
struct AgreementAccum {
  double max_abs = 0, sum_abs = 0, dot = 0, aa = 0, bb = 0, ee = 0;
  int64_t n = 0;
  void Add(const float* a, const float* b, int64_t count) {
    for (int64_t i = 0; i < count; ++i) {
      const double x = a[i], y = b[i], e = x - y;
      max_abs = std::max(max_abs, std::fabs(e));
      sum_abs += std::fabs(e);
      dot += x * y;
      aa += x * x;
      bb += y * y;
      ee += e * e;
    }
    n += count;
  }
  Agreement Result() const {
    Agreement r;
    r.elements = n;
    r.max_abs = max_abs;
    r.mean_abs = n ? sum_abs / static_cast<double>(n) : 0;
    r.cosine = aa > 0 && bb > 0 ? dot / std::sqrt(aa * bb) : (aa == bb ? 1.0 : 0.0);
    r.sqnr_db = ee == 0 ? kExactSqnr : aa == 0 ? -kExactSqnr : 10 * std::log10(aa / ee);
    return r;
  }
};

/// Adds the pair (a the reference, b the values judged) to `acc` as float32; false, with
/// `problem`, when they cannot be compared (not tensors, shapes differ, strings).
bool AddValuePair(const kernels::RtValue& a, const kernels::RtValue& b, AgreementAccum& acc,
                  std::string* problem);

}  // namespace onnxlens::api
