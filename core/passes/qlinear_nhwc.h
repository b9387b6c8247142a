// Level `layout`: int8 convolution chains in channels-last (NHWC). oneDNN's int8 convolutions
// want NHWC activations; a plain QLinearConv reorders its input NCHW -> NHWC and its output back
// on every run, which costs more than the convolution itself on mobilenet_v2. This pass finds the
// values that can live in NHWC: outputs of QLinearConv, and of per-tensor DequantizeLinear /
// QuantizeLinear, Relu, Clip, same-shape Add / Mul / Sub and com.microsoft QLinearAdd /
// QLinearMul (qdq-node-units) whose data inputs are NHWC too, when
// every reader of the value is such a node (a QLinearConv reading it as x). Those values get NHWC
// shapes; each QLinearConv touching one becomes com.onnxlens QLinearConv with `x_channels_last` /
// `y_channels_last` saying which side is NHWC (the kernel reorders the other side itself, so no
// transpose node is added). A uint8 / int8 MaxPool (qdq-node-units' DQ -> MaxPool -> Q) inside
// the chain becomes com.onnxlens MaxPool with `channels_last` = 1 (NHWC in and out). The
// element-wise nodes compute the same numbers in either layout. Runs only when the session's
// providers include dnnl (PassOptions::nchwc_block set), and only for a session's own graph
// (PassOptions::session_only_ops): ONNX Runtime cannot load the com.onnxlens op, so optimize /
// export never write it.
#pragma once

#include <memory>

#include "passes/pass.h"

namespace onnxlens::passes {

constexpr const char* kOnnxlensDomain = "com.onnxlens";

std::unique_ptr<Pass> CreateQLinearNhwcTransformer();

/// Level `layout`, after the NCHWc transformer (mixed-precision models, float and int8
/// convolutions in one graph): a ReorderOutput whose only reader is a per-tensor QuantizeLinear
/// feeding QLinearConvs as x gets `channels_last` = 1 (NHWC out), and the QLinearConvs read NHWC;
/// a QLinearConv whose only reader is a per-tensor DequantizeLinear feeding ReorderInputs writes
/// NHWC, and the ReorderInputs read it (`channels_last` = 1). Sessions only, with dnnl.
std::unique_ptr<Pass> CreateNchwcInt8Boundaries();

}  // namespace onnxlens::passes
