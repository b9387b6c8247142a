// RegisterReferenceKernels: one call per reference kernel family.
#include "kernels/reference/reference_kernels.h"

namespace onnxlens::kernels {

void RegisterConvPoolKernels(KernelRegistry& r);
void RegisterNormKernels(KernelRegistry& r);
void RegisterResizeKernels(KernelRegistry& r);
void RegisterLossKernels(KernelRegistry& r);
void RegisterQuantKernels(KernelRegistry& r);
void RegisterDynamicQuantizeLstmKernel(KernelRegistry& r);
void RegisterQLinearBinaryKernels(KernelRegistry& r);
void RegisterMiscKernels(KernelRegistry& r);
void RegisterDetectionKernels(KernelRegistry& r);
void RegisterIndexKernels(KernelRegistry& r);
void RegisterCreateKernels(KernelRegistry& r);
void RegisterTransformerKernels(KernelRegistry& r);
void RegisterTrainingKernels(KernelRegistry& r);
void RegisterGridSampleKernels(KernelRegistry& r);
void RegisterSpectralKernels(KernelRegistry& r);
void RegisterRoiAlignKernels(KernelRegistry& r);
void RegisterTfIdfKernels(KernelRegistry& r);

void RegisterNnKernels(KernelRegistry& r) {
  RegisterConvPoolKernels(r);
  RegisterNchwcKernels(r);
  RegisterNormKernels(r);
  RegisterTransformerKernels(r);
  RegisterResizeKernels(r);
  RegisterGridSampleKernels(r);
}

void RegisterReferenceKernels(KernelRegistry& r) {
  RegisterElementwiseKernels(r);
  RegisterTensorKernels(r);
  RegisterIndexKernels(r);
  RegisterCreateKernels(r);
  RegisterReduceKernels(r);
  RegisterMathKernels(r);
  RegisterNnKernels(r);
  RegisterRnnKernels(r);
  RegisterControlFlowKernels(r);
  RegisterLossKernels(r);
  RegisterQuantKernels(r);
  RegisterDynamicQuantizeLstmKernel(r);
  RegisterQLinearBinaryKernels(r);
  RegisterMiscKernels(r);
  RegisterDetectionKernels(r);
  RegisterTrainingKernels(r);
  RegisterSpectralKernels(r);
  RegisterRoiAlignKernels(r);
  RegisterTfIdfKernels(r);
}

}  // namespace onnxlens::kernels
