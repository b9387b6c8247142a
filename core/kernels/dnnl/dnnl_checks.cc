// Creation-time checks of the dnnl kernels: what they do not handle and the graph already tells
// (element types of every input, ranks inference knows, attributes oneDNN cannot express,
// optional outputs). The partition then says why such a node runs on the next provider; the
// kernels keep run-time Declines for what only the input shapes tell.
#include <string>

#include "common/strings.h"
#include "kernels/dnnl/dnnl_common.h"
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels::dnnl_ep {

namespace {

int64_t KnownRank(const ir::Value* v) {
  return v && v->type().is_tensor() && v->type().shape
             ? static_cast<int64_t>(v->type().shape->size())
             : -1;
}

std::string OpName(const ir::Node& n) {
  return (n.domain().empty() || n.domain() == "ai.onnx" ? "" : n.domain() + ".") + n.op_type();
}

/// Declines when one of `inputs` is known not to be float32.
Capability NeedFloat(const ir::Node& n, std::initializer_list<size_t> inputs) {
  for (size_t i : inputs) {
    const ir::Value* v = n.input(i);
    if (!v || !v->type().is_tensor() || v->type().elem_type == ir::DataType::kUndefined ||
        v->type().elem_type == ir::DataType::kFloat) {
      continue;
    }
    return Capability::Decline(DeclineReason::kDataType,
                               "the dnnl " + OpName(n) + " kernel takes float32, input " +
                                   std::to_string(i) + " " + Quote(v->name()) + " is " +
                                   std::string(ir::DataTypeName(v->type().elem_type)));
  }
  return Capability::Accept();
}

/// Declines when input 0's known rank is outside [lo, hi] (spatial 1-D to 3-D for lo=3, hi=5).
Capability NeedRank(const ir::Node& n, int64_t lo, int64_t hi, const char* what) {
  const int64_t rank = KnownRank(n.input(0));
  if (rank < 0 || (rank >= lo && rank <= hi)) return Capability::Accept();
  return Capability::Decline(DeclineReason::kRank,
                             "the dnnl " + OpName(n) + " kernel takes " + what + ", input " +
                                 Quote(n.input(0)->name()) + " is " + std::to_string(rank) + "-D");
}

Capability Conv(const KernelInfo& info) {
  const ir::Node& n = info.node;
  const bool fused = n.op_type() == "FusedConv";
  if (Capability c = fused ? NeedFloat(n, {0, 1, 2, 3}) : NeedFloat(n, {0, 1, 2}); !c.accepted())
    return c;
  if (Capability c = NeedRank(n, 3, 5, "1-D to 3-D convolutions (3-D to 5-D input)"); !c.accepted())
    return c;
  // A small 1-D convolution costs oneDNN more in reorders and dispatch than the work.
  if (n.op_type() != "ConvTranspose" && KnownRank(n.input(0)) == 3) {
    const int64_t macs = KnownConvMacs(n);
    if (macs >= 0 && macs < kSmallConv1dMacs) {
      return Capability::Decline(DeclineReason::kSizeThreshold,
                                 "the dnnl " + OpName(n) + " kernel leaves 1-D convolutions of " +
                                     "fewer than " + std::to_string(kSmallConv1dMacs) +
                                     " multiply-adds (this one: " + std::to_string(macs) +
                                     ") to a kernel without reorders");
    }
  }
  if (fused) {
    auto act = FusedActivation::FromNode(n);
    dnnl::post_ops ops;
    if (!act.ok() || !AppendActivation(*act, &ops)) {
      return Capability::Decline(DeclineReason::kAttribute,
                                 "the dnnl FusedConv kernel has no post-op for activation " +
                                     Quote(n.GetString("activation", "")));
    }
  }
  return Capability::Accept();
}

Capability Pool(const KernelInfo& info) {
  const ir::Node& n = info.node;
  if (n.op_type() == "MaxPool" && n.outputs().size() > 1 && n.outputs()[1]) {
    return Capability::Decline(DeclineReason::kOutputs,
                               "the dnnl MaxPool kernel does not produce the Indices output");
  }
  // A 2-D global average is a memory-bound sum: the cpu kernel is as fast and sums in ONNX
  // Runtime's order, which a dynamically quantized model downstream can turn into whole steps.
  if (n.op_type() == "GlobalAveragePool" && KnownRank(n.input(0)) == 4 &&
      n.input(0)->type().elem_type == ir::DataType::kFloat)
    return Capability::Decline(DeclineReason::kPreferred,
                               "the cpu GlobalAveragePool sums a 2-D plane in ONNX Runtime's "
                               "order at the same speed");
  return NeedRank(n, 3, 5, "1-D to 3-D pooling (3-D to 5-D input)");
}

Capability MatMul(const KernelInfo& info) {
  if (Capability c = NeedFloat(info.node, {0, 1}); !c.accepted()) return c;
  for (size_t i : {0, 1}) {
    if (KnownRank(info.node.input(i)) > DNNL_MAX_NDIMS) {
      return Capability::Decline(
          DeclineReason::kRank,
          "the dnnl MatMul kernel takes at most " + std::to_string(DNNL_MAX_NDIMS) + "-D operands");
    }
  }
  return Capability::Accept();
}

Capability Gemm(const KernelInfo& info) {
  const ir::Node& n = info.node;
  if (Capability c = NeedFloat(n, {0, 1, 2}); !c.accepted()) return c;
  if (n.GetFloat("alpha", 1.f) != 1.f) {
    return Capability::Decline(DeclineReason::kAttribute,
                               "the dnnl " + OpName(n) + " kernel takes alpha = 1, not " +
                                   std::to_string(n.GetFloat("alpha", 1.f)));
  }
  const float beta = n.GetFloat("beta", 1.f);
  if (n.input(2) && beta != 1.f && beta != 0.f) {
    return Capability::Decline(
        DeclineReason::kAttribute,
        "the dnnl " + OpName(n) + " kernel takes beta = 1 (or 0), not " + std::to_string(beta));
  }
  if (n.op_type() == "FusedGemm") {
    auto act = FusedActivation::FromNode(n);
    dnnl::post_ops ops;
    if (!act.ok() || !AppendActivation(*act, &ops)) {
      return Capability::Decline(DeclineReason::kAttribute,
                                 "the dnnl FusedGemm kernel has no post-op for activation " +
                                     Quote(n.GetString("activation", "")));
    }
  }
  return Capability::Accept();
}

}  // namespace

int64_t KnownOutputMacs(const ir::Node& n, int64_t per_element) {
  auto y = KnownShape(n.outputs().empty() ? nullptr : n.output(0));
  if (!y || y->empty()) return -1;
  int64_t macs = per_element;
  for (int64_t d : *y) macs = SaturatingMul(macs, d);
  return macs;
}

int64_t KnownConvMacs(const ir::Node& n, size_t w_index) {
  auto w = KnownShape(w_index < n.inputs().size() ? n.input(w_index) : nullptr);
  if (!w || w->empty()) return -1;
  int64_t per_element = 1;  // W's elements per output channel
  for (size_t i = 1; i < w->size(); ++i) per_element = SaturatingMul(per_element, (*w)[i]);
  return KnownOutputMacs(n, per_element);
}

std::optional<std::vector<int64_t>> KnownShape(const ir::Value* v) {
  if (!v || !v->type().is_tensor() || !v->type().shape) return std::nullopt;
  std::vector<int64_t> dims;
  for (const ir::Dim& d : *v->type().shape) {
    if (!d.known()) return std::nullopt;
    dims.push_back(d.value);
  }
  return dims;
}

void RegisterDnnlChecks(KernelRegistry& r) {
  r.SetCheck("", "Conv", kDnnlProvider, Conv);
  r.SetCheck("com.microsoft", "FusedConv", kDnnlProvider, Conv);
  r.SetCheck("", "ConvTranspose", kDnnlProvider, Conv);
  for (const char* op : {"MaxPool", "AveragePool", "GlobalMaxPool", "GlobalAveragePool"})
    r.SetCheck("", op, kDnnlProvider, Pool);
  r.SetCheck("", "MatMul", kDnnlProvider, MatMul);
  r.SetCheck("", "Gemm", kDnnlProvider, Gemm);
  r.SetCheck("com.microsoft", "FusedGemm", kDnnlProvider, Gemm);
}

}  // namespace onnxlens::kernels::dnnl_ep
