// Registration functions of the reference kernel families (one per file), called from
// RegisterReferenceKernels.
#pragma once

#include "kernels/registry.h"

namespace onnxlens::kernels {

void RegisterElementwiseKernels(KernelRegistry& r);
void RegisterTensorKernels(KernelRegistry& r);
void RegisterReduceKernels(KernelRegistry& r);
void RegisterMathKernels(KernelRegistry& r);
void RegisterNnKernels(KernelRegistry& r);
void RegisterRnnKernels(KernelRegistry& r);
void RegisterControlFlowKernels(KernelRegistry& r);

/// Cast used by several families (Cast, CastLike, EyeLike, quantization).
Expected<ir::Tensor> CastTensorTo(const OpKernelContext& ctx, const ir::Tensor& x, ir::DataType to);

/// Wraps a plain function as a kernel factory.
template <typename Fn>
void AddKernel(KernelRegistry& r, const char* domain, const char* op, int since, Fn fn) {
  r.Register({domain, op, since, 1000, kReferenceProvider, {}, [fn](const KernelInfo& info) {
                const int64_t opset = info.opset;
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
                    [fn, opset](OpKernelContext& ctx) { return fn(ctx, opset); }));
              }});
}

}  // namespace onnxlens::kernels
