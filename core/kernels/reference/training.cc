// Reference optimizers of ai.onnx.preview.training: Adagrad, Adam and Momentum (standard and
// nesterov), element by element as the ONNX operator specs define them. Inputs are R, T, then
// the tensors to optimize and one group per state (X..., G..., [V...], [H...]); outputs are the
// updated X... and state groups. Computed in double, stored in X's element type.
#include <cmath>
#include <string>

#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::Tensor;

// The common part of the three optimizers: R and T as scalars, the input / output counts
// (`in_groups` tensor groups after R and T, `out_groups` output groups) and, per optimized
// tensor, the groups' tensors of one shape and one floating-point type.
struct Groups {
  double r = 0;
  int64_t t = 0;
  size_t n = 0;  // tensors optimized
  // groups[g][i]: group g (X, G, V / H ...), tensor i.
  std::vector<std::vector<const Tensor*>> groups;
};

Expected<Groups> ReadGroups(OpKernelContext& ctx, size_t in_groups, size_t out_groups,
                            const char* const* names) {
  Groups g;
  const size_t ins = ctx.num_inputs();
  if (ins < 2 + in_groups || (ins - 2) % in_groups != 0)
    return ctx.Error("expects R, T and " + std::to_string(in_groups) +
                     " groups of equally many tensors, got " + std::to_string(ins) + " inputs");
  g.n = (ins - 2) / in_groups;
  if (ctx.node().outputs().size() != g.n * out_groups)
    return ctx.Error("expects " + std::to_string(g.n * out_groups) + " outputs for " +
                     std::to_string(g.n) + " optimized tensors, got " +
                     std::to_string(ctx.node().outputs().size()));
  OL_ASSIGN_OR_RETURN(const Tensor* r, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(1));
  if (r->numel() != 1) return ctx.Error("R must be a scalar, has shape " + ShapeString(r->dims()));
  if (t->numel() != 1) return ctx.Error("T must be a scalar, has shape " + ShapeString(t->dims()));
  if (t->dtype() != ir::DataType::kInt64) return ctx.Error("T must be int64");
  OL_ASSIGN_OR_RETURN(g.r, ReadScalar(ctx, *r, "R"));
  g.t = t->data<int64_t>()[0];
  g.groups.assign(in_groups, {});
  for (size_t k = 0; k < in_groups; ++k)
    for (size_t i = 0; i < g.n; ++i) {
      const size_t slot = 2 + k * g.n + i;
      OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(slot));
      const std::string what =
          std::string(names[k]) + std::to_string(i + 1) + " (input " + std::to_string(slot) + ")";
      if (x->dtype() != ir::DataType::kFloat && x->dtype() != ir::DataType::kDouble)
        return ctx.Error(what + " must be float32 or float64");
      if (k > 0) {
        OL_RETURN_IF_ERROR(CheckShape(ctx, *x, g.groups[0][i]->dims(), what));
        OL_RETURN_IF_ERROR(CheckType(ctx, *x, g.groups[0][i]->dtype(), what));
      }
      g.groups[k].push_back(x);
    }
  return g;
}

Status SetOut(OpKernelContext& ctx, size_t slot, const std::vector<double>& v, const Tensor& like) {
  if (!ctx.output_wanted(slot)) return Status::Ok();
  OL_ASSIGN_OR_RETURN(Tensor out, FromDoubles(ctx, v, like.dims(), like.dtype()));
  ctx.SetOutput(slot, std::move(out));
  return Status::Ok();
}

Status Adagrad(OpKernelContext& ctx, int64_t) {
  static const char* const kNames[] = {"X", "G", "H"};
  OL_ASSIGN_OR_RETURN(Groups g, ReadGroups(ctx, 3, 2, kNames));
  const double decay = ctx.node().GetFloat("decay_factor", 0.0f);
  const double eps = ctx.node().GetFloat("epsilon", 1e-6f);
  const double norm = ctx.node().GetFloat("norm_coefficient", 0.0f);
  const double r = g.r / (1.0 + static_cast<double>(g.t) * decay);
  for (size_t i = 0; i < g.n; ++i) {
    std::vector<double> x = ToDoubles(*g.groups[0][i]), gr = ToDoubles(*g.groups[1][i]),
                        h = ToDoubles(*g.groups[2][i]);
    for (size_t e = 0; e < x.size(); ++e) {
      const double greg = norm * x[e] + gr[e];
      h[e] += greg * greg;
      x[e] -= r * greg / (std::sqrt(h[e]) + eps);
    }
    OL_RETURN_IF_ERROR(SetOut(ctx, i, x, *g.groups[0][i]));
    OL_RETURN_IF_ERROR(SetOut(ctx, g.n + i, h, *g.groups[0][i]));
  }
  return Status::Ok();
}

Status Adam(OpKernelContext& ctx, int64_t) {
  static const char* const kNames[] = {"X", "G", "V", "H"};
  OL_ASSIGN_OR_RETURN(Groups g, ReadGroups(ctx, 4, 3, kNames));
  const double alpha = ctx.node().GetFloat("alpha", 0.9f);
  const double beta = ctx.node().GetFloat("beta", 0.999f);
  const double eps = ctx.node().GetFloat("epsilon", 1e-6f);
  const double norm = ctx.node().GetFloat("norm_coefficient", 0.0f);
  const double post = ctx.node().GetFloat("norm_coefficient_post", 0.0f);
  double r = g.r;
  if (g.t > 0) {
    const double t = static_cast<double>(g.t);
    r = g.r * std::sqrt(1.0 - std::pow(beta, t)) / (1.0 - std::pow(alpha, t));
  }
  for (size_t i = 0; i < g.n; ++i) {
    std::vector<double> x = ToDoubles(*g.groups[0][i]), gr = ToDoubles(*g.groups[1][i]),
                        v = ToDoubles(*g.groups[2][i]), h = ToDoubles(*g.groups[3][i]);
    for (size_t e = 0; e < x.size(); ++e) {
      const double greg = norm * x[e] + gr[e];
      v[e] = alpha * v[e] + (1.0 - alpha) * greg;
      h[e] = beta * h[e] + (1.0 - beta) * greg * greg;
      x[e] = (1.0 - post) * (x[e] - r * (v[e] / (std::sqrt(h[e]) + eps)));
    }
    OL_RETURN_IF_ERROR(SetOut(ctx, i, x, *g.groups[0][i]));
    OL_RETURN_IF_ERROR(SetOut(ctx, g.n + i, v, *g.groups[0][i]));
    OL_RETURN_IF_ERROR(SetOut(ctx, 2 * g.n + i, h, *g.groups[0][i]));
  }
  return Status::Ok();
}

Status Momentum(OpKernelContext& ctx, int64_t) {
  static const char* const kNames[] = {"X", "G", "V"};
  for (const char* a : {"alpha", "beta", "mode", "norm_coefficient"})
    if (!ctx.node().FindAttribute(a))
      return ctx.Error(std::string("the required attribute '") + a + "' is missing");
  const std::string mode = ctx.node().GetString("mode", "");
  if (mode != "standard" && mode != "nesterov")
    return ctx.Error("mode '" + mode + "' is not one of standard, nesterov");
  OL_ASSIGN_OR_RETURN(Groups g, ReadGroups(ctx, 3, 2, kNames));
  const double alpha = ctx.node().GetFloat("alpha", 0.0f);
  const double beta = g.t > 0 ? ctx.node().GetFloat("beta", 0.0f) : 1.0;
  const double norm = ctx.node().GetFloat("norm_coefficient", 0.0f);
  for (size_t i = 0; i < g.n; ++i) {
    std::vector<double> x = ToDoubles(*g.groups[0][i]), gr = ToDoubles(*g.groups[1][i]),
                        v = ToDoubles(*g.groups[2][i]);
    for (size_t e = 0; e < x.size(); ++e) {
      const double greg = norm * x[e] + gr[e];
      v[e] = alpha * v[e] + beta * greg;
      x[e] -= mode == "nesterov" ? g.r * (greg + alpha * v[e]) : g.r * v[e];
    }
    OL_RETURN_IF_ERROR(SetOut(ctx, i, x, *g.groups[0][i]));
    OL_RETURN_IF_ERROR(SetOut(ctx, g.n + i, v, *g.groups[0][i]));
  }
  return Status::Ok();
}

}  // namespace

void RegisterTrainingKernels(KernelRegistry& r) {
  AddKernel(r, "ai.onnx.preview.training", "Adagrad", 1, Adagrad);
  AddKernel(r, "ai.onnx.preview.training", "Adam", 1, Adam);
  AddKernel(r, "ai.onnx.preview.training", "Momentum", 1, Momentum);
}

}  // namespace onnxlens::kernels
