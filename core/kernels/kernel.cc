// Kernel context helpers.
#include "kernels/kernel.h"

namespace onnxlens::kernels {

Expected<const ir::Tensor*> OpKernelContext::RequireTensor(size_t i) const {
  const ir::Tensor* t = tensor(i);
  if (!t) return Error("input #" + std::to_string(i) + " is missing or not a tensor");
  return t;
}

Status OpKernelContext::Error(const std::string& msg) const {
  return InvalidArgument("node " + node_.Describe() + ": " + msg);
}

Status OpKernelContext::Decline(const std::string& msg) const {
  return Unsupported("node " + node_.Describe() + ": " + msg);
}

}  // namespace onnxlens::kernels
