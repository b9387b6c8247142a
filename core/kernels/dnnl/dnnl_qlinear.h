// What the dnnl QLinearConv and QLinearMatMul kernels share: their constant quantization
// parameters read once at creation (inputs 1, 2, 4 to 7 have the same meaning in both ops), the
// oneDNN attributes they make (output scales x_scale * w_scale / y_scale, per output channel or
// column with mask 1 << 1; run-time zero points of the source and destination), and the
// creation-time check both register (dnnl_qlinear_common.cc).
#pragma once

#include <unordered_map>
#include <vector>

#include "kernels/dnnl/dnnl_common.h"
#include "kernels/registry.h"

namespace onnxlens::kernels::dnnl_ep {

struct QLinearParams {
  ir::DataType x_onnx_type = ir::DataType::kUint8, y_onnx_type = ir::DataType::kUint8;
  dnnl::memory::data_type x_type = dnnl::memory::data_type::u8;
  dnnl::memory::data_type y_type = dnnl::memory::data_type::u8;
  int32_t x_zero_point = 0, y_zero_point = 0;
  std::vector<float> output_scales;  ///< one, or one per output channel / column
  dnnl::memory x_zp_mem, y_zp_mem;   ///< s32 [1] holding the zero points (when not 0)
};

/// The parameters of a QLinearConv / QLinearMatMul node whose check (QLinearCheck) accepted it;
/// `channels` is the number of output channels (Conv: W's first dim) or columns (MatMul: B's last).
Expected<QLinearParams> ReadQLinearParams(const ir::Node& n, int64_t channels);
/// Output scales (mask 0 or 1 << 1) and the zero points that are not 0, as run-time values.
void SetQuantAttributes(const QLinearParams& p, dnnl::primitive_attr* attr);
/// The zero point memories for execute (matching SetQuantAttributes).
void AddZeroPointArgs(const QLinearParams& p, std::unordered_map<int, dnnl::memory>* args);
/// The plain (row-major) descriptor of `dims` with element type `t`.
dnnl::memory::desc TypedPlainDesc(const std::vector<int64_t>& dims, dnnl::memory::data_type t);

/// Creation-time check of both ops: constant scales and zero points (x / y per tensor), u8 / s8
/// activations, constant s8 weights with zero points 0 (a u8 or shifted W runs on the reference
/// kernel), Conv: 1-D to 3-D with a constant int32 bias; MatMul: a 2-D constant B.
Capability QLinearCheck(const KernelInfo& info);

void RegisterDnnlQLinearConvKernel(KernelRegistry& r);
void RegisterDnnlQLinearMatMulKernel(KernelRegistry& r);

}  // namespace onnxlens::kernels::dnnl_ep
