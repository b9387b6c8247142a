// Quantization parameter math: integer ranges, scale and zero point from a real range, and
// weight / bias quantization per tensor or per channel, with ONNX Runtime's quantization tool's
// ranges and rounding (round half to even, float32 scale from a float64 division).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "ir/tensor.h"

namespace onnxlens::quant {

/// The integer type a tensor is quantized to.
enum class QuantType { kUint8, kInt8 };

std::string_view QuantTypeName(QuantType t);  ///< "u8" / "s8"
ir::DataType ToDataType(QuantType t);

/// The integers a quantized value may take. Symmetric int8 is [-127, 127] (so that -x quantizes
/// to -q), otherwise the full range; `reduce_range` keeps 7 bits ([0, 127] / [-64, 64]).
struct QRange {
  int32_t qmin = 0;
  int32_t qmax = 255;
};
QRange RangeFor(QuantType t, bool symmetric, bool reduce_range = false);

/// r = scale * (q - zero_point).
struct QParams {
  float scale = 1.0f;
  int32_t zero_point = 0;
};

/// Scale and zero point covering [rmin, rmax] (widened to hold 0). Symmetric: the range is first
/// made [-absmax, absmax]. A range narrower than float's smallest normal gives scale 1, zero point
/// 0. The zero point is round(qmin - rmin / scale), half to even, computed in float64.
QParams ComputeQParams(double rmin, double rmax, QRange range, bool symmetric);

/// One value quantized: round(x / scale) (half to even, float32) + zero point, clamped.
int32_t QuantizeValue(float x, const QParams& p, QRange range);

/// A float32 tensor quantized: the integer tensor and its parameters (one per channel along
/// `axis`, or one for the tensor when `axis` < 0).
struct QuantizedTensor {
  ir::Tensor data;
  std::vector<QParams> params;
  int64_t axis = -1;  ///< -1: per tensor
};

/// A weight quantized as ONNX Runtime does: ranges from the data (per channel along `axis` when
/// `axis` >= 0), values clamped to the symmetric range for int8 (never -128).
Expected<QuantizedTensor> QuantizeWeight(const ir::Tensor& w, QuantType type, bool symmetric,
                                         int64_t axis, bool reduce_range = false);

/// A bias quantized to int32 with scale input_scale * weight_scale[c] and zero point 0 (one
/// scale per output channel when the weight has several). A zero product scale becomes 1.
Expected<QuantizedTensor> QuantizeBias(const ir::Tensor& bias, float input_scale,
                                       const std::vector<QParams>& weight_params);

/// The scale (float32 tensor) and zero point (`type`, int32 for a bias) tensors of `params`:
/// scalars for one parameter, 1-D otherwise.
ir::Tensor ScaleTensor(const std::vector<QParams>& params);
ir::Tensor ZeroPointTensor(const std::vector<QParams>& params, ir::DataType type);

}  // namespace onnxlens::quant
