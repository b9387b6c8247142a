// Convolution / pooling geometry: kernel, strides, dilations, pads and output size from a node's
// attributes and ONNX's auto_pad and ceil_mode rules. Shared by the reference and CPU kernels.
#pragma once

#include <vector>

#include "common/status.h"
#include "kernels/kernel.h"

namespace onnxlens::kernels {

struct ConvGeometry {
  std::vector<int64_t> in, out, kernel, strides, dilations;
  std::vector<int64_t> pads;  ///< begin pads of every spatial dim, then end pads
  int64_t group = 1;

  int64_t InSize() const;
  int64_t OutSize() const;
  int64_t KernelSize() const;

  /// Conv's geometry after the run-time checks: X and W ranks, W's channels against X's and
  /// group, kernel_shape against W, positive strides / dilations / kernel, and `bias` (when given)
  /// one value per output channel.
  static Expected<ConvGeometry> ForConv(const OpKernelContext& ctx, const std::vector<int64_t>& x,
                                        const std::vector<int64_t>& w,
                                        const ir::Tensor* bias = nullptr);
  /// ConvTranspose's, with the same checks (group dividing X's channels, W's first dimension
  /// equal to them, attribute lengths matching the spatial rank).
  static Expected<ConvGeometry> ForConvTranspose(const OpKernelContext& ctx,
                                                 const std::vector<int64_t>& x,
                                                 const std::vector<int64_t>& w,
                                                 const ir::Tensor* bias = nullptr);
  static Expected<ConvGeometry> ForPool(const OpKernelContext& ctx, const std::vector<int64_t>& x);
  static ConvGeometry Global(const std::vector<int64_t>& x);
};

}  // namespace onnxlens::kernels
