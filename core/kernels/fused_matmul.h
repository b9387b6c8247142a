// com.microsoft FusedMatMul on top of a provider's MatMul: alpha * op(A) * op(B), where op swaps
// the last two dims when transA / transB is set (ONNX Runtime's contrib semantics;
// transBatchA/transBatchB are not supported and give an error naming the node).
#pragma once

#include <cstdint>

#include "kernels/kernel.h"

namespace onnxlens::kernels {

using MatMulFn = Status (*)(OpKernelContext& ctx, int64_t opset);

Status RunFusedMatMul(OpKernelContext& ctx, MatMulFn matmul);

}  // namespace onnxlens::kernels
