// What the oneDNN convolution kernels (float Conv, NCHWc Conv, QLinearConv, ConvInteger) share:
// the convolution geometry in oneDNN's terms, running a primitive made with `format_tag::any`
// between tensors the graph holds plain, and the float convolutions' shared primitives.
#pragma once

#include <memory>
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

/// A float convolution's primitive for `d` with a sum post-op when `sum` and `act` as eltwise
/// post-ops (UserScratchpad), into `pd` and `prim`; an error (Unsupported) when oneDNN or the
/// activation cannot be had, to decline with.
Status MakeConvPrimitive(const dnnl::convolution_forward::desc& d, bool sum,
                         const FusedActivation& act, dnnl::convolution_forward::primitive_desc* pd,
                         dnnl::convolution_forward* prim);

/// The SharedPrimitives key of a float convolution: `x`, then each of `parts` (dims) after a -1,
/// then -2, `flags`, the activation (kind and the bits of alpha and beta) and `threads`.
std::vector<int64_t> ConvKey(const std::vector<int64_t>& x,
                             std::initializer_list<const std::vector<int64_t>*> parts,
                             int64_t flags, const FusedActivation& act, int threads);

/// A kernel's entry over the shared primitive `conv` (a SharedPrimitives result): `Entry` has
/// `conv`, `pd` and `weights`; a constant filter (`constant_w`, laid out as the primitive's
/// `user` descriptor) is prepared as PrepareConstantWeights does. A failure declines.
template <typename Entry, typename Primitive>
Expected<std::shared_ptr<Entry>> SharedConvEntry(const OpKernelContext& ctx,
                                                 Expected<std::shared_ptr<const Primitive>> conv,
                                                 const PrimitiveCache<Entry>& cache,
                                                 dnnl::memory::desc Primitive::*user,
                                                 const ir::Tensor* constant_w, dnnl::stream& s) {
  if (!conv.ok()) return ctx.Decline(conv.status().message());
  auto e = std::make_shared<Entry>();
  e->conv = std::move(*conv);
  e->pd = e->conv->pd;
  try {
    if (constant_w) PrepareConstantWeights(cache, *e, (*e->conv).*user, *constant_w, s);
  } catch (const dnnl::error& err) {
    return ctx.Decline(DnnlWhat(err));
  }
  return e;
}

}  // namespace onnxlens::kernels::dnnl_ep
