// Registration and type-gating helpers shared by the CPU kernel files.
#pragma once

#include <memory>
#include <string>

#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

/// Registers fn(ctx, opset) as the cpu provider's float32 kernel for `op` from opset `since`.
template <typename Fn>
void AddCpu(KernelRegistry& r, const char* op, int since, Fn fn) {
  r.Register(
      {"", op, since, 1000, kCpuProvider, {ir::DataType::kFloat}, [fn](const KernelInfo& info) {
         const int64_t opset = info.opset;
         return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
             [fn, opset](OpKernelContext& ctx) { return fn(ctx, opset); }));
       }});
}

/// Declines (so the reference kernel runs) unless `t` is float32.
inline Status NeedFloat(const OpKernelContext& ctx, const ir::Tensor& t) {
  if (t.dtype() != ir::DataType::kFloat) {
    return ctx.Decline("the cpu kernel takes float32, got " + std::string(DataTypeName(t.dtype())));
  }
  return Status::Ok();
}

/// uint8 or int8: the types of the int8 kernels' operands.
inline bool IsInt8Type(ir::DataType t) {
  return t == ir::DataType::kUint8 || t == ir::DataType::kInt8;
}

/// The initializer behind input `i` of `n` (null when computed or absent): what a kernel may
/// prepare once at creation (packed weights).
inline const ir::Tensor* ConstInput(const ir::Node& n, size_t i) {
  return i < n.inputs().size() && n.input(i) ? n.input(i)->initializer() : nullptr;
}

}  // namespace onnxlens::kernels
