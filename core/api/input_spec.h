// What random inputs look like: symbolic dimension overrides (`--dim NAME=VALUE`, as ONNX Runtime's
// free-dimension overrides) and value ranges per input (`--range NAME=LO,HI`), shared by every verb
// and dialog that runs a model.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "common/status.h"

namespace onnxlens::api {

/// Symbolic dimension name (dim_param) -> value; or "INPUT:AXIS" -> value for one axis of one
/// graph input (also an axis without a name).
using DimOverrides = std::map<std::string, int64_t>;

/// Closed range of random values for one input: integers in [lo, hi], floats uniform in [lo, hi].
struct ValueRange {
  double lo = 0, hi = 0;
  bool operator==(const ValueRange& o) const { return lo == o.lo && hi == o.hi; }
};
/// Input name -> range.
using RangeOverrides = std::map<std::string, ValueRange>;

/// Adds "NAME=VALUE" (or several, separated by commas, spaces or ';': "batch=1, sequence=128")
/// to `dims`. VALUE is a whole number >= 1. Errors name the malformed part, or a NAME already in
/// `dims` with another value (the same value again is accepted).
Status ParseDimOverrides(std::string_view text, DimOverrides* dims);
/// "batch=1, sequence=128" (the form ParseDimOverrides reads).
std::string FormatDimOverrides(const DimOverrides& dims);

/// Adds "NAME=LO,HI" (or several separated by ';': "input_ids=0,999; mask=0,1") to `ranges`.
/// LO <= HI, both finite numbers. A NAME already in `ranges` with another range is an error (the
/// same range again is accepted).
Status ParseRangeOverrides(std::string_view text, RangeOverrides* ranges);
/// "input_ids=0,999; mask=0,1".
std::string FormatRangeOverrides(const RangeOverrides& ranges);

}  // namespace onnxlens::api
