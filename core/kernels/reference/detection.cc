// Reference NonMaxSuppression (corner and center box formats) and Einsum (explicit and implicit
// output, ellipsis, repeated indices / diagonals).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <numeric>

#include "common/strings.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

Status Nms(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* tb, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ts, ctx.RequireTensor(1));
  if (tb->dims().size() != 3 || tb->dims()[2] != 4)
    return ctx.Error("boxes must be [batch, boxes, 4]");
  if (ts->dims().size() != 3 || ts->dims()[0] != tb->dims()[0] || ts->dims()[2] != tb->dims()[1]) {
    return ctx.Error("scores must be [batch, classes, boxes] matching boxes");
  }
  int64_t max_out = 0;
  double iou_th = 0, score_th = -INFINITY;
  if (const Tensor* t = ctx.tensor(2); t && t->numel()) {
    OL_ASSIGN_OR_RETURN(std::vector<int64_t> v, ReadInts(ctx, *t, "max_output_boxes_per_class"));
    max_out = v[0];
  }
  if (const Tensor* t = ctx.tensor(3); t && t->numel()) {
    OL_ASSIGN_OR_RETURN(iou_th, ReadScalar(ctx, *t, "iou_threshold"));
  }
  if (const Tensor* t = ctx.tensor(4); t && t->numel()) {
    OL_ASSIGN_OR_RETURN(score_th, ReadScalar(ctx, *t, "score_threshold"));
  }
  const bool center = ctx.node().GetInt("center_point_box", 0) != 0;
  const auto boxes = ToDoubles(*tb), scores = ToDoubles(*ts);
  const int64_t B = tb->dims()[0], N = tb->dims()[1], C = ts->dims()[1];
  auto corners = [&](int64_t b, int64_t i, double* y1, double* x1, double* y2, double* x2) {
    const double* p = &boxes[(b * N + i) * 4];
    if (center) {
      *x1 = p[0] - p[2] / 2;
      *x2 = p[0] + p[2] / 2;
      *y1 = p[1] - p[3] / 2;
      *y2 = p[1] + p[3] / 2;
    } else {
      *y1 = std::min(p[0], p[2]);
      *y2 = std::max(p[0], p[2]);
      *x1 = std::min(p[1], p[3]);
      *x2 = std::max(p[1], p[3]);
    }
  };
  auto iou = [&](int64_t b, int64_t i, int64_t j) {
    double ay1, ax1, ay2, ax2, by1, bx1, by2, bx2;
    corners(b, i, &ay1, &ax1, &ay2, &ax2);
    corners(b, j, &by1, &bx1, &by2, &bx2);
    const double ih = std::max(0.0, std::min(ay2, by2) - std::max(ay1, by1));
    const double iw = std::max(0.0, std::min(ax2, bx2) - std::max(ax1, bx1));
    const double inter = ih * iw;
    const double uni = (ay2 - ay1) * (ax2 - ax1) + (by2 - by1) * (bx2 - bx1) - inter;
    return uni <= 0 ? 0.0 : inter / uni;
  };
  std::vector<int64_t> selected;
  for (int64_t b = 0; b < B; ++b)
    for (int64_t c = 0; c < C; ++c) {
      std::vector<int64_t> cand;
      for (int64_t i = 0; i < N; ++i)
        if (scores[(b * C + c) * N + i] > score_th) cand.push_back(i);
      std::stable_sort(cand.begin(), cand.end(), [&](int64_t x, int64_t y) {
        return scores[(b * C + c) * N + x] > scores[(b * C + c) * N + y];
      });
      std::vector<int64_t> kept;
      for (int64_t i : cand) {
        if (static_cast<int64_t>(kept.size()) >= max_out) break;
        bool keep = true;
        for (int64_t k : kept) {
          if (iou(b, i, k) > iou_th) {
            keep = false;
            break;
          }
        }
        if (keep) kept.push_back(i);
      }
      for (int64_t k : kept) selected.insert(selected.end(), {b, c, k});
    }
  ctx.SetOutput(0, Tensor::FromVector(DataType::kInt64,
                                      {static_cast<int64_t>(selected.size() / 3), 3}, selected));
  return Status::Ok();
}

Status Einsum(OpKernelContext& ctx, int64_t) {
  std::string eq = ctx.node().GetString("equation", "");
  eq.erase(std::remove(eq.begin(), eq.end(), ' '), eq.end());
  const size_t arrow = eq.find("->");
  std::string lhs = arrow == std::string::npos ? eq : eq.substr(0, arrow);
  std::vector<std::string> terms;
  for (size_t b = 0;;) {
    const size_t comma = lhs.find(',', b);
    terms.push_back(lhs.substr(b, comma == std::string::npos ? std::string::npos : comma - b));
    if (comma == std::string::npos) break;
    b = comma + 1;
  }
  if (terms.size() != ctx.num_inputs())
    return ctx.Error("equation has " + std::to_string(terms.size()) + " operands for " +
                     std::to_string(ctx.num_inputs()) + " inputs");
  for (size_t i = 0; i < eq.size();) {
    const char c = eq[i];
    size_t run = 1;
    if (c == '.') {
      while (i + run < eq.size() && eq[i + run] == '.') ++run;
    }
    const bool ok = std::isalpha(static_cast<unsigned char>(c)) || c == ',' ||
                    (c == '-' && i == arrow) || (c == '>' && i == arrow + 1) ||
                    (c == '.' && run == 3);
    if (!ok) {
      return ctx.Error("equation " + Quote(ctx.node().GetString("equation", "")) + ": character " +
                       std::to_string(i) + " is not a letter, ',', '->' or '...'");
    }
    i += run;
  }
  std::vector<const Tensor*> ins;
  std::vector<std::vector<double>> vals;
  // Expand "..." into placeholder indices per operand (right-aligned): control characters, which
  // no equation letter can be (upper-case placeholders took the meaning of the equation's own
  // upper-case letters).
  int64_t ell_rank = 0;
  for (size_t k = 0; k < terms.size(); ++k) {
    OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(k));
    ins.push_back(t);
    vals.push_back(ToDoubles(*t));
    const size_t e = terms[k].find("...");
    if (e != std::string::npos) {
      ell_rank = std::max<int64_t>(ell_rank, static_cast<int64_t>(t->dims().size()) -
                                                 static_cast<int64_t>(terms[k].size() - 3));
    }
  }
  std::string ell;
  if (ell_rank > 30) return ctx.Error("'...' stands for more than 30 dimensions");
  for (int64_t i = 0; i < ell_rank; ++i) ell += static_cast<char>(1 + i);
  for (size_t k = 0; k < terms.size(); ++k) {
    const size_t e = terms[k].find("...");
    if (e != std::string::npos) {
      const int64_t n =
          static_cast<int64_t>(ins[k]->dims().size()) - static_cast<int64_t>(terms[k].size() - 3);
      if (n < 0) {
        return ctx.Error("operand " + std::to_string(k) + " has rank " +
                         std::to_string(ins[k]->dims().size()) + ", fewer than the " +
                         std::to_string(terms[k].size() - 3) + " indices of " + terms[k]);
      }
      terms[k] = terms[k].substr(0, e) + ell.substr(ell_rank - n) + terms[k].substr(e + 3);
    }
    if (terms[k].size() != ins[k]->dims().size())
      return ctx.Error("operand " + std::to_string(k) + " has rank " +
                       std::to_string(ins[k]->dims().size()) + " but the equation gives " +
                       std::to_string(terms[k].size()) + " indices");
  }
  std::map<char, int64_t> size;
  std::map<char, int> count;
  for (size_t k = 0; k < terms.size(); ++k)
    for (size_t i = 0; i < terms[k].size(); ++i) {
      const char c = terms[k][i];
      const int64_t d = ins[k]->dims()[i];
      if (size.count(c) && size[c] != d && size[c] != 1 && d != 1)
        return ctx.Error(
            (c < 32 ? std::string("a dimension of '...'") : std::string("index ") + c) +
            " has different sizes");
      size[c] = std::max(size.count(c) ? size[c] : 1, d);
      count[c]++;
    }
  std::string out;
  if (arrow != std::string::npos) {
    out = eq.substr(arrow + 2);
    const size_t e = out.find("...");
    if (e != std::string::npos) out = out.substr(0, e) + ell + out.substr(e + 3);
  } else {
    out = ell;
    for (const auto& [c, n] : count)
      if (n == 1 && ell.find(c) == std::string::npos) out += c;
  }
  for (char c : out) {
    if (!size.count(c)) {
      return ctx.Error(std::string("output index ") + c + " appears in no operand of " +
                       ctx.node().GetString("equation", ""));
    }
  }
  std::string all = out;
  for (const auto& [c, n] : size)
    if (all.find(c) == std::string::npos) all += c;
  std::vector<int64_t> dims_all;
  for (char c : all) dims_all.push_back(size[c]);
  std::vector<int64_t> odims(dims_all.begin(), dims_all.begin() + out.size());
  OL_ASSIGN_OR_RETURN(int64_t on, CheckOutputSize(ctx, odims, "the output"));
  std::vector<double> acc(static_cast<size_t>(on), 0.0);
  // per-operand strides over `all`
  std::vector<std::vector<int64_t>> str(terms.size(), std::vector<int64_t>(all.size(), 0));
  for (size_t k = 0; k < terms.size(); ++k) {
    const auto own = Strides(ins[k]->dims());
    for (size_t i = 0; i < terms[k].size(); ++i) {
      if (ins[k]->dims()[i] == 1 && size[terms[k][i]] != 1) continue;  // broadcast
      str[k][all.find(terms[k][i])] += own[i];
    }
  }
  OL_ASSIGN_OR_RETURN(int64_t total, ir::NumElements(dims_all));
  if (total > (int64_t{1} << 32))
    return ctx.Error("the contraction is too large for the reference kernel");
  int64_t inner = 1;
  for (size_t i = out.size(); i < all.size(); ++i) inner *= dims_all[i];
  std::vector<int64_t> idx(all.size(), 0);
  for (int64_t lin = 0; lin < total; ++lin) {
    double p = 1;
    for (size_t k = 0; k < terms.size(); ++k) {
      int64_t off = 0;
      for (size_t i = 0; i < all.size(); ++i) off += idx[i] * str[k][i];
      p *= vals[k][off];
    }
    acc[lin / inner] += p;
    for (size_t d = all.size(); d-- > 0;) {
      if (++idx[d] < dims_all[d]) break;
      idx[d] = 0;
    }
  }
  const DataType type = ins[0]->dtype();
  const DataType work = IsHalfType(type) ? DataType::kFloat : type;
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, work, odims));
  OL_RETURN_IF_ERROR(VisitNumeric(work, [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    for (size_t i = 0; i < acc.size(); ++i) y.mutable_data<T>()[i] = SaturatingCast<T>(acc[i]);
    return Status::Ok();
  }));
  ctx.SetOutput(0, IsHalfType(type) ? FromFloat(y, type) : std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterDetectionKernels(KernelRegistry& r) {
  AddKernel(r, "", "NonMaxSuppression", 10, Nms);
  AddKernel(r, "", "Einsum", 12, Einsum);
}

}  // namespace onnxlens::kernels
