// What the oneDNN convolution kernels (float Conv, QLinearConv, ConvInteger) share: the
// convolution geometry in oneDNN's terms, and running a primitive made with `format_tag::any`
// between tensors the graph holds plain.
#pragma once

#include <unordered_map>
#include <vector>

#include "kernels/dnnl/dnnl_common.h"
#include "kernels/reference/conv_util.h"

namespace onnxlens::kernels::dnnl_ep {

/// A convolution of x `x` and weights `w` ([M, C / group, k...]) as oneDNN describes it: strides,
/// dilations (ONNX's minus 1), left and right pads, the output dims [N, M, spatial...] and the
/// weight dims (grouped: [group, M / group, C / group, k...]).
struct DnnlConvShape {
  dnnl::memory::dims strides, dilations, pad_l, pad_r;
  std::vector<int64_t> ydims, wdims;
};
DnnlConvShape ToDnnlConvShape(const ConvGeometry& g, const std::vector<int64_t>& x,
                              const std::vector<int64_t>& w);

/// Executes `prim` (a forward primitive whose source / destination layouts are `src_desc` /
/// `dst_desc`) reading `x` laid out as `src_plain` and writing `y` as `dst_plain`: reorders into
/// and out of the primitive's layouts where they differ, through scratch buffers from the
/// context's budget. `args` holds the other arguments (weights, bias, zero points). A oneDNN error
/// is a decline.
Status ExecuteBetweenPlain(const OpKernelContext& ctx, dnnl::stream& s, const dnnl::primitive& prim,
                           const dnnl::memory::desc& src_desc, const dnnl::memory::desc& dst_desc,
                           const dnnl::memory::desc& src_plain, const dnnl::memory::desc& dst_plain,
                           const ir::Tensor& x, ir::Tensor& y,
                           std::unordered_map<int, dnnl::memory> args);

}  // namespace onnxlens::kernels::dnnl_ep
