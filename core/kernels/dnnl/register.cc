// The dnnl provider's kernels: one function per kernel file, then the creation-time checks.
#include "kernels/dnnl/dnnl_kernels.h"

namespace onnxlens::kernels::dnnl_ep {

void RegisterDnnlKernels(KernelRegistry& r) {
  RegisterDnnlConvKernels(r);
  RegisterDnnlConvTransposeKernel(r);
  RegisterDnnlPoolKernels(r);
  RegisterDnnlNchwcKernels(r);
  RegisterDnnlResizeKernel(r);
  RegisterDnnlMatMulKernels(r);
  RegisterDnnlChecks(r);
}

}  // namespace onnxlens::kernels::dnnl_ep
