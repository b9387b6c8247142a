// The oneDNN convolution kernels' shared geometry and plain-boundary execution (see
// dnnl_conv_util.h).
#include "kernels/dnnl/dnnl_conv_util.h"

#include <cstring>
#include <optional>

namespace onnxlens::kernels::dnnl_ep {

using dnnl::memory;

DnnlConvShape ToDnnlConvShape(const ConvGeometry& g, const std::vector<int64_t>& x,
                              const std::vector<int64_t>& w) {
  const size_t r = g.kernel.size();
  DnnlConvShape c;
  c.strides.assign(g.strides.begin(), g.strides.end());
  c.dilations.resize(r);
  c.pad_l.resize(r);
  c.pad_r.resize(r);
  for (size_t d = 0; d < r; ++d) {
    c.dilations[d] = g.dilations[d] - 1;
    c.pad_l[d] = g.pads[d];
    c.pad_r[d] = g.pads[d + r];
  }
  const int64_t M = w[0], G = g.group;
  c.ydims = {x[0], M};
  c.ydims.insert(c.ydims.end(), g.out.begin(), g.out.end());
  c.wdims = w;
  if (G > 1) {
    c.wdims = {G, M / G};
    c.wdims.insert(c.wdims.end(), w.begin() + 1, w.end());
  }
  return c;
}

Status ExecuteBetweenPlain(const OpKernelContext& ctx, dnnl::stream& s, const dnnl::primitive& prim,
                           const memory::desc& src_desc, const memory::desc& dst_desc,
                           const memory::desc& src_plain, const memory::desc& dst_plain,
                           const ir::Tensor& x, ir::Tensor& y,
                           std::unordered_map<int, memory> args) {
  try {
    memory src = Wrap(src_plain, x);
    std::optional<ir::Tensor> src_buf, dst_buf;
    if (src_desc != src_plain) {
      OL_ASSIGN_OR_RETURN(src_buf, Scratch(ctx, src_desc.get_size()));
      memory blocked = Wrap(src_desc, *src_buf);
      Reorder(s, src, blocked);
      src = blocked;
    }
    memory out = Wrap(dst_plain, y);
    memory dst = out;
    const bool blocked_dst = dst_desc != dst_plain;
    if (blocked_dst) {
      OL_ASSIGN_OR_RETURN(dst_buf, Scratch(ctx, dst_desc.get_size()));
      dst = Wrap(dst_desc, *dst_buf);
    }
    args[DNNL_ARG_SRC] = src;
    args[DNNL_ARG_DST] = dst;
    OL_RETURN_IF_ERROR(Execute(ctx, s, prim, args));
    if (blocked_dst) Reorder(s, dst, out);
  } catch (const dnnl::error& err) {
    return ctx.Decline(DnnlWhat(err));
  }
  return Status::Ok();
}

Status MakeConvPrimitive(const dnnl::convolution_forward::desc& d, bool sum,
                         const FusedActivation& act, dnnl::convolution_forward::primitive_desc* pd,
                         dnnl::convolution_forward* prim) {
  try {
    dnnl::post_ops ops;
    if (sum) ops.append_sum(1.f);
    if (!AppendActivation(act, &ops)) return Unsupported("activation not expressible in oneDNN");
    dnnl::primitive_attr attr = UserScratchpad();
    attr.set_post_ops(ops);
    *pd = dnnl::convolution_forward::primitive_desc(d, attr, Engine());
    *prim = dnnl::convolution_forward(*pd);
  } catch (const dnnl::error& err) {
    return Unsupported(DnnlWhat(err));
  }
  return Status::Ok();
}

std::vector<int64_t> ConvKey(const std::vector<int64_t>& x,
                             std::initializer_list<const std::vector<int64_t>*> parts,
                             int64_t flags, const FusedActivation& act, int threads) {
  std::vector<int64_t> key = x;
  for (const std::vector<int64_t>* part : parts) {
    key.push_back(-1);
    key.insert(key.end(), part->begin(), part->end());
  }
  uint32_t alpha = 0, beta = 0;
  std::memcpy(&alpha, &act.alpha, sizeof alpha);
  std::memcpy(&beta, &act.beta, sizeof beta);
  key.insert(key.end(), {-2, flags, static_cast<int64_t>(act.kind), alpha, beta, threads});
  return key;
}

}  // namespace onnxlens::kernels::dnnl_ep
