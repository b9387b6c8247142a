// The dnnl provider's kernels: one function per kernel file, then the creation-time checks.
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/dnnl/dnnl_qlinear.h"

namespace onnxlens::kernels::dnnl_ep {

void RegisterDnnlKernels(KernelRegistry& r) {
  RegisterDnnlConvKernels(r);
  RegisterDnnlConvTransposeKernel(r);
  RegisterDnnlPoolKernels(r);
  RegisterDnnlNchwcKernels(r);
  RegisterDnnlResizeKernel(r);
  RegisterDnnlMatMulKernels(r);
  RegisterDnnlAttentionKernel(r);
  RegisterDnnlMatMulIntegerKernels(r);
  RegisterDnnlConvIntegerKernel(r);
  RegisterDnnlQLinearConvKernel(r);
  RegisterDnnlQLinearMatMulKernel(r);
  RegisterDnnlChecks(r);
  r.SetCheck("", "QLinearConv", kDnnlProvider, QLinearCheck);
  r.SetCheck("com.onnxlens", "QLinearConv", kDnnlProvider, QLinearCheck);
  r.SetCheck("", "QLinearMatMul", kDnnlProvider, QLinearCheck);
}

}  // namespace onnxlens::kernels::dnnl_ep
