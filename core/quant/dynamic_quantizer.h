// Dynamic quantization: weights stored as int8 (per tensor or per output channel), activations
// quantized at run time. Two formats: standard ONNX (DynamicQuantizeLinear -> MatMulInteger /
// ConvInteger -> Cast -> Mul by the scales) and ONNX Runtime's (com.microsoft
// DynamicQuantizeMatMul for MatMul and Gemm, com.microsoft DynamicQuantizeLSTM for LSTM; Conv as
// in the standard format, which is what ONNX Runtime's quantize_dynamic writes too).
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "ir/model.h"
#include "quant/quant_model.h"
#include "quant/quant_params.h"

namespace onnxlens::quant {

struct DynamicQuantOptions {
  QuantType weight_type = QuantType::kInt8;
  bool weight_symmetric = true;
  bool per_channel = false;
  bool reduce_range = false;  ///< weights in 7 bits, as StaticQuantOptions::reduce_range
  bool ort_format = false;    ///< com.microsoft DynamicQuantizeMatMul / DynamicQuantizeLSTM
  NodeFilter filter;
};

/// The op types the dynamic quantizer handles: Conv, Gemm, LSTM (ort format only), MatMul.
const std::vector<std::string>& DynamicOpTypes();

/// Rewrites every selected MatMul (constant 2-D B), Gemm (constant B, alpha 1, transA 0) and Conv
/// (constant weight) and, in ONNX Runtime's format, LSTM (constant W and R, time-major) of `model`,
/// subgraphs (If / Loop / Scan bodies) included. Errors: a quantized model, an unknown op type or
/// node name in the filter, LSTM asked for in the standard format, an opset below 11
/// (DynamicQuantizeLinear).
Expected<QuantStats> QuantizeDynamic(ir::Model& model, const DynamicQuantOptions& options);

}  // namespace onnxlens::quant
