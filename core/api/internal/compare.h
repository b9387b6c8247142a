// Numeric comparison of run-time values: the rule ONNX's backend tests use
// (|actual - expected| <= atol + rtol * |expected|, NaN equal to NaN, strings exact), with the
// statistics a user needs to judge a mismatch.
#pragma once

#include <string>

#include "kernels/rt_value.h"

namespace onnxlens::api {

struct CompareResult {
  bool ok = true;
  std::string reason;  ///< why not ok: type, shape, or "N of M elements differ ..."
  double max_abs_diff = 0;
  double max_rel_diff = 0;
  int64_t mismatches = 0;
  double cosine = 1;
};

CompareResult CompareValues(const kernels::RtValue& actual, const kernels::RtValue& expected,
                            double rtol, double atol);

}  // namespace onnxlens::api
