// Attention input checks and masks.
#include "kernels/attention_util.h"

#include <cmath>
#include <string>

#include "common/strings.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

std::string DimsText(const ir::Tensor& t) { return "[" + Join(t.dims(), ",") + "]"; }

int64_t MaskValue(const ir::Tensor& m, int64_t i) {
  return m.dtype() == ir::DataType::kInt64 ? m.data<int64_t>()[i] : m.data<int32_t>()[i];
}

}  // namespace

Expected<AttentionShape> CheckAttention(const OpKernelContext& ctx) {
  AttentionShape s;
  OL_ASSIGN_OR_RETURN(const ir::Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const ir::Tensor* w, ctx.RequireTensor(1));
  const ir::Tensor* b = ctx.tensor(2);
  const ir::Node& n = ctx.node();
  s.heads = n.GetInt("num_heads", 0);
  if (s.heads <= 0) return ctx.Error("num_heads must be a positive number");
  if (x->dims().size() != 3)
    return ctx.Error("input must be 3-D [batch, sequence, hidden], got " + DimsText(*x));
  if (w->dims().size() != 2 || w->dims()[0] != x->dims()[2] || w->dims()[1] % 3 != 0)
    return ctx.Error("weights must be [" + std::to_string(x->dims()[2]) + ", 3 * hidden], got " +
                     DimsText(*w));
  if (!n.GetInts("qkv_hidden_sizes").empty()) {
    auto q = n.GetInts("qkv_hidden_sizes");
    if (q.size() != 3 || q[0] != q[1] || q[1] != q[2])
      return ctx.Error("unequal qkv_hidden_sizes are not supported");
  }
  for (size_t i = 4; i < ctx.num_inputs(); ++i) {
    if (ctx.input(i)) return ctx.Error("past state and attention bias inputs are not supported");
  }
  s.batch = x->dims()[0];
  s.seq = x->dims()[1];
  s.input_hidden = x->dims()[2];
  s.hidden = w->dims()[1] / 3;
  if (s.hidden % s.heads != 0)
    return ctx.Error("hidden size " + std::to_string(s.hidden) +
                     " is not a multiple of num_heads " + std::to_string(s.heads));
  s.head_size = s.hidden / s.heads;
  if (!b || b->dims() != std::vector<int64_t>{3 * s.hidden})
    return ctx.Error("bias must be [" + std::to_string(3 * s.hidden) + "]");
  if (x->dtype() != ir::DataType::kFloat || w->dtype() != ir::DataType::kFloat ||
      b->dtype() != ir::DataType::kFloat)
    return ctx.Error("input, weights and bias must be float32");
  const float scale = n.GetFloat("scale", 0.f);
  s.scale = scale != 0.f ? scale : 1.f / std::sqrt(static_cast<float>(s.head_size));
  s.mask_filter = n.GetFloat("mask_filter_value", -10000.f);
  s.unidirectional = n.GetInt("unidirectional", 0) != 0;
  s.mask = ctx.tensor(3);
  if (s.mask) {
    const auto& d = s.mask->dims();
    const bool ok_type =
        s.mask->dtype() == ir::DataType::kInt32 || s.mask->dtype() == ir::DataType::kInt64;
    const bool ok_shape = (d.size() == 1 && d[0] == s.batch) ||
                          (d.size() == 2 && d[0] == s.batch && d[1] == s.seq) ||
                          (d.size() == 3 && d[0] == s.batch && d[1] == s.seq && d[2] == s.seq);
    if (!ok_type || !ok_shape)
      return ctx.Error(
          "mask_index must be int32 [batch], [batch, sequence] or [batch, sequence, "
          "sequence], got " +
          std::string(ir::DataTypeName(s.mask->dtype())) + DimsText(*s.mask));
  }
  return s;
}

void AttentionMaskRow(const AttentionShape& s, int64_t b, int64_t i, float* row) {
  for (int64_t j = 0; j < s.seq; ++j) {
    bool masked = s.unidirectional && j > i;
    if (s.mask) {
      const size_t rank = s.mask->dims().size();
      if (rank == 1)
        masked |= j >= MaskValue(*s.mask, b);
      else if (rank == 2)
        masked |= MaskValue(*s.mask, b * s.seq + j) <= 0;
      else
        masked |= MaskValue(*s.mask, (b * s.seq + i) * s.seq + j) <= 0;
    }
    row[j] = masked ? s.mask_filter : 0.f;
  }
}

}  // namespace onnxlens::kernels
