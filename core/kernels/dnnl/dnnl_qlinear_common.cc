#include <cstring>
#include <string>

#include "common/strings.h"
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/dnnl/dnnl_qlinear.h"

namespace onnxlens::kernels::dnnl_ep {

namespace {

using dnnl::memory;

bool IsQuant(ir::DataType t) { return t == ir::DataType::kUint8 || t == ir::DataType::kInt8; }

memory::data_type DnnlType(ir::DataType t) {
  return t == ir::DataType::kInt8 ? memory::data_type::s8 : memory::data_type::u8;
}

int32_t ScalarInt(const ir::Tensor& t) {
  return t.dtype() == ir::DataType::kInt8 ? int32_t{t.data<int8_t>()[0]}
                                          : int32_t{t.data<uint8_t>()[0]};
}

memory ZeroPointMemory(int32_t zp) {
  memory m(memory::desc({1}, memory::data_type::s32, memory::format_tag::a), Engine());
  std::memcpy(m.get_data_handle(), &zp, sizeof(zp));
  return m;
}

Capability No(DeclineReason reason, const ir::Node& n, const std::string& what) {
  return Capability::Decline(reason, "the dnnl " + n.op_type() + " kernel " + what);
}

const ir::Tensor* Const(const ir::Node& n, size_t i) {
  return n.input(i) ? n.input(i)->initializer() : nullptr;
}

}  // namespace

dnnl::memory::desc TypedPlainDesc(const std::vector<int64_t>& dims, dnnl::memory::data_type t) {
  return memory::desc(memory::dims(dims.begin(), dims.end()), t, RowMajorStrides(dims));
}

Capability QLinearCheck(const KernelInfo& info) {
  const ir::Node& n = info.node;
  const bool conv = n.op_type() == "QLinearConv";
  static const char* const kNames[] = {"x",       "x_scale",      "x_zero_point", "w",
                                       "w_scale", "w_zero_point", "y_scale",      "y_zero_point"};
  for (size_t i : {1, 2, 3, 4, 5, 6, 7}) {
    if (!Const(n, i))
      return No(DeclineReason::kAttribute, n,
                std::string("takes a constant ") + kNames[i] + ", input " + std::to_string(i) +
                    (n.input(i) ? " " + Quote(n.input(i)->name()) : std::string()) +
                    " is computed or missing");
  }
  const ir::Tensor &xz = *Const(n, 2), &w = *Const(n, 3), &wz = *Const(n, 5), &yz = *Const(n, 7);
  if (!IsQuant(xz.dtype()) || !IsQuant(yz.dtype()))
    return No(DeclineReason::kDataType, n, "takes uint8 or int8 activations");
  if (w.dtype() != ir::DataType::kInt8)
    return No(DeclineReason::kDataType, n,
              "takes int8 weights (oneDNN has no uint8 weights), " + Quote(n.input(3)->name()) +
                  " is " + std::string(ir::DataTypeName(w.dtype())));
  if (wz.dtype() != ir::DataType::kInt8)
    return No(DeclineReason::kDataType, n, "takes an int8 w_zero_point");
  for (int64_t i = 0; i < wz.numel(); ++i)
    if (wz.data<int8_t>()[i] != 0)
      return No(DeclineReason::kAttribute, n,
                "takes w_zero_point 0 (oneDNN has no weight zero points), " +
                    Quote(n.input(5)->name()) + " is not");
  for (size_t i : {1, 4, 6})
    if (Const(n, i)->dtype() != ir::DataType::kFloat)
      return No(DeclineReason::kDataType, n, std::string("takes a float32 ") + kNames[i]);
  for (size_t i : {1, 2, 6, 7})
    if (Const(n, i)->numel() != 1)
      return No(DeclineReason::kAttribute, n,
                std::string("takes one ") + kNames[i] + " (per tensor), " +
                    Quote(n.input(i)->name()) + " has " + std::to_string(Const(n, i)->numel()));
  if (w.dims().empty()) return No(DeclineReason::kRank, n, "takes a W of rank 2 or more");
  const int64_t channels = conv ? w.dims()[0] : w.dims().back();
  for (size_t i : {4, 5})
    if (Const(n, i)->numel() != 1 && Const(n, i)->numel() != channels)
      return No(DeclineReason::kAttribute, n,
                std::string("takes one ") + kNames[i] + " or one per output channel");
  if (conv) {
    if (w.dims().size() < 3 || w.dims().size() > 5)
      return No(DeclineReason::kRank, n, "takes 1-D to 3-D convolutions");
    if (n.input(8)) {
      const ir::Tensor* b = Const(n, 8);
      if (!b || b->dtype() != ir::DataType::kInt32 || b->numel() != channels)
        return No(DeclineReason::kAttribute, n,
                  "takes a constant int32 bias with one value per output channel");
    }
  } else if (w.dims().size() != 2) {
    return No(DeclineReason::kRank, n, "takes a 2-D constant B");
  }
  // Without VNNI (a CPU or ONNXLENS_MAX_ISA) oneDNN's sums are exact only for |w| <= 64, and its
  // convolutions only for uint8 x: else the reference kernel runs the node, bit for bit ONNX's.
  if (Capability c = CheckInt8PairsFit(n, w, conv ? "W" : "B"); !c.accepted()) return c;
  if (conv)
    if (Capability c = CheckInt8ConvInput(n, xz.dtype()); !c.accepted()) return c;
  // A tiny product (a 1-D / 2-D convolution, the ranks the cpu kernel takes, or a matrix product)
  // is as fast or faster on the cpu kernel, and without a oneDNN primitive of its own.
  const int64_t macs = !conv                  ? KnownOutputMacs(n, w.dims().front())  // x K
                       : w.dims().size() <= 4 ? KnownConvMacs(n, 3)
                                              : -1;
  if (macs >= 0 && macs < kSmallInt8Macs)
    return Capability::Decline(
        DeclineReason::kSizeThreshold,
        "the dnnl " + n.op_type() + " kernel leaves products of fewer than " +
            std::to_string(kSmallInt8Macs) + " multiply-adds (this one: " + std::to_string(macs) +
            ") to the cpu kernel's integer GEMM, without oneDNN's reorders "
            "and jit code per node");
  return Capability::Accept();
}

Expected<QLinearParams> ReadQLinearParams(const ir::Node& n, int64_t channels) {
  KernelInfo info{n, 10, 1, {}};
  if (Capability c = QLinearCheck(info); !c.accepted()) return Unsupported(c.sentence);
  QLinearParams p;
  p.x_onnx_type = Const(n, 2)->dtype();
  p.y_onnx_type = Const(n, 7)->dtype();
  p.x_type = DnnlType(p.x_onnx_type);
  p.y_type = DnnlType(p.y_onnx_type);
  p.x_zero_point = ScalarInt(*Const(n, 2));
  p.y_zero_point = ScalarInt(*Const(n, 7));
  const float xs = Const(n, 1)->data<float>()[0], ys = Const(n, 6)->data<float>()[0];
  const ir::Tensor& ws = *Const(n, 4);
  for (int64_t i = 0; i < ws.numel(); ++i)
    p.output_scales.push_back(xs * ws.data<float>()[i] / ys);  // in float, as ONNX Runtime
  (void)channels;
  try {
    if (p.x_zero_point != 0) p.x_zp_mem = ZeroPointMemory(p.x_zero_point);
    if (p.y_zero_point != 0) p.y_zp_mem = ZeroPointMemory(p.y_zero_point);
  } catch (const dnnl::error& err) {
    return Unsupported(DnnlWhat(err));
  }
  return p;
}

void SetQuantAttributes(const QLinearParams& p, dnnl::primitive_attr* attr) {
  attr->set_output_scales(p.output_scales.size() > 1 ? 1 << 1 : 0, p.output_scales);
  if (p.x_zero_point != 0) attr->set_zero_points(DNNL_ARG_SRC, 0, {DNNL_RUNTIME_S32_VAL});
  if (p.y_zero_point != 0) {
    attr->set_zero_points(DNNL_ARG_DST, 0, {DNNL_RUNTIME_S32_VAL});
    // oneDNN adds the output zero point to the scaled float value and rounds the sum; ONNX's
    // QLinearConv / QLinearMatMul (and ONNX Runtime) round the scaled value, then add the zero
    // point. The float sum can round a value just below .5 up to the tie, so the two disagree by
    // one step now and then. Rounding (half to even) before the zero point is added makes the
    // sum an exact integer: the numbers are ONNX's.
    dnnl::post_ops ops;
    ops.append_eltwise(1.f, dnnl::algorithm::eltwise_round, 0.f, 0.f);
    attr->set_post_ops(ops);
  }
}

void AddZeroPointArgs(const QLinearParams& p, std::unordered_map<int, dnnl::memory>* args) {
  if (p.x_zero_point != 0) (*args)[DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_SRC] = p.x_zp_mem;
  if (p.y_zero_point != 0) (*args)[DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_DST] = p.y_zp_mem;
}

}  // namespace onnxlens::kernels::dnnl_ep
