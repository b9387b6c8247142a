// Quantization parameter math (see quant_params.h).
#include "quant/quant_params.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace onnxlens::quant {

std::string_view QuantTypeName(QuantType t) { return t == QuantType::kUint8 ? "u8" : "s8"; }

ir::DataType ToDataType(QuantType t) {
  return t == QuantType::kUint8 ? ir::DataType::kUint8 : ir::DataType::kInt8;
}

QRange RangeFor(QuantType t, bool symmetric, bool reduce_range) {
  if (t == QuantType::kUint8) return reduce_range ? QRange{0, 127} : QRange{0, 255};
  if (reduce_range) return {-64, 64};
  return symmetric ? QRange{-127, 127} : QRange{-128, 127};
}

QParams ComputeQParams(double rmin_in, double rmax_in, QRange range, bool symmetric) {
  // ONNX Runtime works on float32 ranges: the range and its width are float32 values, the
  // division by the integer width is float64, the scale stored is float32.
  float rmin = std::min(static_cast<float>(rmin_in), 0.0f);
  float rmax = std::max(static_cast<float>(rmax_in), 0.0f);
  if (symmetric) {
    const float absmax = std::max(std::fabs(rmin), std::fabs(rmax));
    rmin = -absmax;
    rmax = absmax;
  }
  const double dr = static_cast<double>(rmax - rmin);
  const double dq = static_cast<double>(range.qmax) - static_cast<double>(range.qmin);
  const double scale = dr / dq;
  QParams p;
  if (!(scale >= static_cast<double>(std::numeric_limits<float>::min()))) return p;  // 1, 0
  p.zero_point = static_cast<int32_t>(std::nearbyint(range.qmin - rmin / scale));
  p.zero_point = std::clamp(p.zero_point, range.qmin, range.qmax);
  p.scale = static_cast<float>(scale);
  return p;
}

int32_t QuantizeValue(float x, const QParams& p, QRange range) {
  const float q = std::nearbyint(x / p.scale) + static_cast<float>(p.zero_point);
  if (!(q >= static_cast<float>(range.qmin))) return range.qmin;  // NaN too
  if (q > static_cast<float>(range.qmax)) return range.qmax;
  return static_cast<int32_t>(q);
}

namespace {

// Element i's channel along `axis` of `dims` (0 when per tensor).
struct ChannelIndex {
  int64_t inner = 1, channels = 1;
  int64_t operator()(int64_t i) const { return channels == 1 ? 0 : (i / inner) % channels; }
};

Expected<ChannelIndex> ChannelsOf(const ir::Tensor& t, int64_t axis) {
  ChannelIndex c;
  if (axis < 0) return c;
  const auto& d = t.dims();
  if (axis >= static_cast<int64_t>(d.size()))
    return InvalidArgument("per-channel axis " + std::to_string(axis) + " is out of range for a " +
                           "rank-" + std::to_string(d.size()) + " tensor");
  c.channels = d[axis];
  for (size_t k = axis + 1; k < d.size(); ++k) c.inner *= d[k];
  return c;
}

}  // namespace

Expected<QuantizedTensor> QuantizeWeight(const ir::Tensor& w, QuantType type, bool symmetric,
                                         int64_t axis, bool reduce_range) {
  if (w.dtype() != ir::DataType::kFloat)
    return InvalidArgument("only float32 weights are quantized, got " +
                           std::string(ir::DataTypeName(w.dtype())));
  OL_ASSIGN_OR_RETURN(ChannelIndex ch, ChannelsOf(w, axis));
  const int64_t n = std::max<int64_t>(ch.channels, 1);
  std::vector<float> lo(n, 0.0f), hi(n, 0.0f);
  std::vector<bool> seen(n, false);
  const float* x = w.data<float>();
  for (int64_t i = 0; i < w.numel(); ++i) {
    const int64_t c = ch(i);
    if (!seen[c]) {
      lo[c] = hi[c] = x[i];
      seen[c] = true;
    } else {
      lo[c] = std::min(lo[c], x[i]);
      hi[c] = std::max(hi[c], x[i]);
    }
  }
  QuantizedTensor out;
  out.axis = ch.channels == 1 && axis < 0 ? -1 : axis;
  const QRange range = RangeFor(type, symmetric, reduce_range);
  for (int64_t c = 0; c < n; ++c)
    out.params.push_back(ComputeQParams(lo[c], hi[c], range, symmetric));
  // ONNX Runtime clamps quantized int8 weights to the symmetric range whatever the mode.
  const QRange clamp = RangeFor(type, /*symmetric=*/true, false);
  OL_ASSIGN_OR_RETURN(out.data, ir::Tensor::Empty(ToDataType(type), w.dims()));
  for (int64_t i = 0; i < w.numel(); ++i) {
    const int32_t q = QuantizeValue(x[i], out.params[ch(i)], clamp);
    if (type == QuantType::kUint8)
      out.data.mutable_data<uint8_t>()[i] = static_cast<uint8_t>(q);
    else
      out.data.mutable_data<int8_t>()[i] = static_cast<int8_t>(q);
  }
  return out;
}

Expected<QuantizedTensor> QuantizeBias(const ir::Tensor& bias, float input_scale,
                                       const std::vector<QParams>& weight_params) {
  if (bias.dtype() != ir::DataType::kFloat)
    return InvalidArgument("only float32 biases are quantized, got " +
                           std::string(ir::DataTypeName(bias.dtype())));
  if (weight_params.empty()) return InvalidArgument("no weight parameters for the bias");
  const bool per_channel = weight_params.size() > 1;
  if (per_channel &&
      (bias.dims().size() != 1 || bias.numel() != static_cast<int64_t>(weight_params.size())))
    return InvalidArgument("a per-channel bias needs " + std::to_string(weight_params.size()) +
                           " values in one dimension, got " + std::to_string(bias.numel()));
  QuantizedTensor out;
  out.axis = per_channel ? 0 : -1;
  for (const QParams& wp : weight_params) {
    const float s = input_scale * wp.scale;  // float32 product, as ONNX Runtime
    out.params.push_back({s == 0.0f ? 1.0f : s, 0});
  }
  OL_ASSIGN_OR_RETURN(out.data, ir::Tensor::Empty(ir::DataType::kInt32, bias.dims()));
  const float* b = bias.data<float>();
  for (int64_t i = 0; i < bias.numel(); ++i) {
    const float s = out.params[per_channel ? i : 0].scale;
    const double q = std::nearbyint(static_cast<double>(b[i] / s));
    out.data.mutable_data<int32_t>()[i] =
        static_cast<int32_t>(std::clamp(q, static_cast<double>(std::numeric_limits<int32_t>::min()),
                                        static_cast<double>(std::numeric_limits<int32_t>::max())));
  }
  return out;
}

ir::Tensor ScaleTensor(const std::vector<QParams>& params) {
  std::vector<float> v;
  for (const QParams& p : params) v.push_back(p.scale);
  std::vector<int64_t> dims;
  if (v.size() != 1) dims.push_back(static_cast<int64_t>(v.size()));
  return ir::Tensor::FromVector(ir::DataType::kFloat, dims, v);
}

ir::Tensor ZeroPointTensor(const std::vector<QParams>& params, ir::DataType type) {
  std::vector<int64_t> dims;
  if (params.size() != 1) dims.push_back(static_cast<int64_t>(params.size()));
  ir::Tensor t = ir::Tensor::Zeros(type, dims).value();
  for (size_t i = 0; i < params.size(); ++i) {
    const int32_t z = params[i].zero_point;
    switch (type) {
      case ir::DataType::kUint8:
        t.mutable_data<uint8_t>()[i] = static_cast<uint8_t>(z);
        break;
      case ir::DataType::kInt8:
        t.mutable_data<int8_t>()[i] = static_cast<int8_t>(z);
        break;
      default:
        t.mutable_data<int32_t>()[i] = z;
        break;
    }
  }
  return t;
}

}  // namespace onnxlens::quant
