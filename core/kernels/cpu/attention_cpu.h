// The heads of com.microsoft Attention after its QKV projection, shared by the cpu kernel
// (transformer_cpu.cc, OpenBLAS projection) and the dnnl one (dnnl_attention.cc, oneDNN's matmul
// for the projection, which is ~2x OpenBLAS on AVX-512 hosts).
#pragma once

#include "common/status.h"
#include "kernels/attention_util.h"
#include "kernels/kernel.h"

namespace onnxlens::kernels {

/// From the projected rows `qkv` [batch * seq, 3 * hidden] (bias added), per batch and head:
/// scores = Q K^T * scale, the masked softmax, and scores V into output 0 [batch, seq, hidden].
Status AttentionFromQkv(OpKernelContext& ctx, const AttentionShape& s, const float* qkv);

}  // namespace onnxlens::kernels
