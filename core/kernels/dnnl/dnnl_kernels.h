// The oneDNN kernels' factories and registration, shared by the dnnl kernel files.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/registry.h"

namespace onnxlens::kernels::dnnl_ep {

/// Every dnnl kernel and its creation-time checks, under the provider name "dnnl".
void RegisterDnnlKernels(KernelRegistry& r);

/// Conv (fused = false) or com.microsoft FusedConv (activation, Z) on oneDNN.
Expected<std::unique_ptr<OpKernel>> MakeDnnlConv(const KernelInfo& info, bool fused);

/// The shape inference gave `v` when every dimension is known.
std::optional<std::vector<int64_t>> KnownShape(const ir::Value* v);
/// Multiply-adds of a convolution whose output shape and weights (input `w_index`) the graph
/// knows (output elements x W's elements per output channel), else -1.
int64_t KnownConvMacs(const ir::Node& n, size_t w_index = 1);
/// Multiply-adds of a node whose output shape the graph knows, `per_element` for each output
/// element (a matrix product: K), else -1.
int64_t KnownOutputMacs(const ir::Node& n, int64_t per_element);

void RegisterDnnlConvKernels(KernelRegistry& r);
void RegisterDnnlConvTransposeKernel(KernelRegistry& r);
void RegisterDnnlPoolKernels(KernelRegistry& r);
/// com.microsoft.nchwc Conv (the pools are in dnnl_pool.cc).
void RegisterDnnlNchwcKernels(KernelRegistry& r);
/// Resize with its own creation-time check (dnnl_resize.cc).
void RegisterDnnlResizeKernel(KernelRegistry& r);
void RegisterDnnlMatMulKernels(KernelRegistry& r);
void RegisterDnnlAttentionKernel(KernelRegistry& r);
/// MatMulInteger and com.microsoft DynamicQuantizeMatMul with their checks
/// (dnnl_matmul_integer.cc).
void RegisterDnnlMatMulIntegerKernels(KernelRegistry& r);
/// Input 1 of `n` (`name`: "B" or "W") a constant non-empty int8 tensor of a rank in
/// [min_rank, max_rank] whose zero point (input `zp_index`) is absent or all 0, and within +-64 on
/// a CPU without VNNI (Int8PairsExact); else the decline naming what is not so.
Capability CheckInt8Weight(const ir::Node& n, size_t zp_index, const char* name, size_t min_rank,
                           size_t max_rank);
/// Accepts when Int8PairsExact() or every value of the int8 weight `w` (input `name`) is within
/// +-64, so that vpmaddubsw's 16-bit pair sums (255 x 64 x 2 < 2^15) cannot saturate; else the
/// decline saying so.
Capability CheckInt8PairsFit(const ir::Node& n, const ir::Tensor& w, const std::string& name);
/// Accepts uint8 activations `x` of an int8 convolution, and int8 ones when Int8PairsExact():
/// without VNNI oneDNN 2.6 scales int8 weights by 0.5 for an int8 source (rounding odd ones), so
/// its sums are not the reference kernel's.
Capability CheckInt8ConvInput(const ir::Node& n, ir::DataType x);
/// ConvInteger (1-D to 3-D, u8 / s8 x, int8 W with zero points 0) on oneDNN's int8 convolution
/// with s32 output (dnnl_conv_integer.cc).
void RegisterDnnlConvIntegerKernel(KernelRegistry& r);
/// True when oneDNN's int8 matmul sums u8 x s8 products exactly for any s8 weights (the CPU has
/// VNNI); without it pairs are summed in 16 bits and may saturate.
bool Int8PairsExact();
/// The creation-time checks (dnnl_checks.cc): why a node goes to the next provider.
void RegisterDnnlChecks(KernelRegistry& r);

}  // namespace onnxlens::kernels::dnnl_ep
