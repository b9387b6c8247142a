// Reference recurrent layers: LSTM, GRU and RNN with every direction, layout, peephole, clip and
// activation option ONNX defines. Computed in double.
#include <cmath>
#include <functional>

#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

Expected<RecurrentDims> CheckRecurrentInputs(const OpKernelContext& ctx, int64_t gates) {
  OL_ASSIGN_OR_RETURN(const ir::Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const ir::Tensor* w, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const ir::Tensor* r, ctx.RequireTensor(2));
  const ir::Node& node = ctx.node();
  const bool layout = node.GetInt("layout", 0) != 0;
  RecurrentDims d;
  d.dirs = node.GetString("direction", "forward") == "bidirectional" ? 2 : 1;
  if (x->dims().size() != 3)
    return ctx.Error("X has shape " + ShapeString(x->dims()) + ", not 3-D");
  if (w->dims().size() != 3)
    return ctx.Error("W has shape " + ShapeString(w->dims()) + ", not 3-D");
  d.seq = x->dims()[layout ? 1 : 0];
  d.batch = x->dims()[layout ? 0 : 1];
  d.input = x->dims()[2];
  d.hidden = node.GetInt("hidden_size", w->dims()[1] / gates);
  if (d.hidden < 0) return ctx.Error("hidden_size " + std::to_string(d.hidden) + " is negative");
  const int64_t H = d.hidden, B = d.batch, D = d.dirs;
  OL_RETURN_IF_ERROR(CheckShape(ctx, *w, {D, gates * H, d.input}, "W"));
  OL_RETURN_IF_ERROR(CheckShape(ctx, *r, {D, gates * H, H}, "R"));
  if (const ir::Tensor* b = ctx.tensor(3)) {
    OL_RETURN_IF_ERROR(CheckShape(ctx, *b, {D, 2 * gates * H}, "B"));
  }
  d.lens.assign(static_cast<size_t>(B), d.seq);
  if (const ir::Tensor* sl = ctx.tensor(4)) {
    OL_ASSIGN_OR_RETURN(d.lens, ReadInts(ctx, *sl, "sequence_lens"));
    OL_RETURN_IF_ERROR(CheckLengths(ctx, d.lens, B, d.seq, "sequence_lens"));
  }
  const std::vector<int64_t> state =
      layout ? std::vector<int64_t>{B, D, H} : std::vector<int64_t>{D, B, H};
  if (const ir::Tensor* h0 = ctx.tensor(5)) {
    OL_RETURN_IF_ERROR(CheckShape(ctx, *h0, state, "initial_h"));
  }
  if (gates == 4) {
    if (const ir::Tensor* c0 = ctx.tensor(6)) {
      OL_RETURN_IF_ERROR(CheckShape(ctx, *c0, state, "initial_c"));
    }
    if (const ir::Tensor* p = ctx.tensor(7)) {
      OL_RETURN_IF_ERROR(CheckShape(ctx, *p, {D, 3 * H}, "P"));
    }
  }
  return d;
}

namespace {

using ir::DataType;
using ir::Tensor;
using Act = RecurrentActivation;

Expected<Act> MakeActivation(const OpKernelContext& ctx, const std::string& name, float alpha,
                             float beta) {
  const std::string n = name;
  if (n == "Sigmoid") return Act([](double x) { return 1.0 / (1.0 + std::exp(-x)); });
  if (n == "Tanh") return Act([](double x) { return std::tanh(x); });
  if (n == "Relu") return Act([](double x) { return x > 0 ? x : 0.0; });
  if (n == "Affine") return Act([alpha, beta](double x) { return alpha * x + beta; });
  if (n == "LeakyRelu") return Act([alpha](double x) { return x < 0 ? alpha * x : x; });
  if (n == "ThresholdedRelu") return Act([alpha](double x) { return x > alpha ? x : 0.0; });
  if (n == "ScaledTanh")
    return Act([alpha, beta](double x) { return alpha * std::tanh(beta * x); });
  if (n == "HardSigmoid")
    return Act([alpha, beta](double x) { return std::max(0.0, std::min(1.0, alpha * x + beta)); });
  if (n == "Elu") return Act([alpha](double x) { return x < 0 ? alpha * (std::exp(x) - 1) : x; });
  if (n == "Softsign") return Act([](double x) { return x / (1 + std::abs(x)); });
  if (n == "Softplus") return Act([](double x) { return std::log1p(std::exp(x)); });
  return ctx.Error("unknown activation " + name);
}

}  // namespace

Expected<std::vector<RecurrentActivation>> RecurrentActivations(const OpKernelContext& ctx,
                                                                size_t per_dir, int64_t dirs) {
  const ir::Node& node = ctx.node();
  std::vector<std::string> names;
  if (const ir::Attribute* a = node.FindAttribute("activations")) names = a->strings;
  if (names.empty()) {
    std::vector<std::string> d = per_dir == 3 ? std::vector<std::string>{"Sigmoid", "Tanh", "Tanh"}
                                 : per_dir == 2 ? std::vector<std::string>{"Sigmoid", "Tanh"}
                                                : std::vector<std::string>{"Tanh"};
    for (int64_t k = 0; k < dirs; ++k) names.insert(names.end(), d.begin(), d.end());
  }
  if (names.size() < per_dir * static_cast<size_t>(dirs))
    return ctx.Error("needs " + std::to_string(per_dir * dirs) + " activations");
  std::vector<float> alphas, betas;
  if (const ir::Attribute* a = node.FindAttribute("activation_alpha")) alphas = a->floats;
  if (const ir::Attribute* a = node.FindAttribute("activation_beta")) betas = a->floats;
  std::vector<Act> acts;
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string& nm = names[i];
    float al = i < alphas.size() ? alphas[i]
                                 : (nm == "LeakyRelu"     ? 0.01f
                                    : nm == "HardSigmoid" ? 0.2f
                                                          : 1.0f);
    float be = i < betas.size() ? betas[i]
                                : (nm == "HardSigmoid"  ? 0.5f
                                   : nm == "ScaledTanh" ? 1.0f
                                                        : 0.0f);
    OL_ASSIGN_OR_RETURN(Act a, MakeActivation(ctx, nm, al, be));
    acts.push_back(std::move(a));
  }
  return acts;
}

namespace {

enum class Cell { kLstm, kGru, kRnn };

Status Recurrent(OpKernelContext& ctx, Cell cell) {
  OL_ASSIGN_OR_RETURN(const Tensor* tx, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* tw, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* tr, ctx.RequireTensor(2));
  const ir::Node& node = ctx.node();
  const int64_t layout = node.GetInt("layout", 0);
  const std::string direction = node.GetString("direction", "forward");
  const int64_t gates = cell == Cell::kLstm ? 4 : cell == Cell::kGru ? 3 : 1;
  OL_ASSIGN_OR_RETURN(RecurrentDims dims, CheckRecurrentInputs(ctx, gates));
  const int64_t dirs = dims.dirs, S = dims.seq, B = dims.batch, I = dims.input, H = dims.hidden;
  const double clip = node.FindAttribute("clip") ? node.GetFloat("clip", 0.f) : -1.0;
  const bool input_forget = node.GetInt("input_forget", 0) != 0;
  const bool lbr = node.GetInt("linear_before_reset", 0) != 0;
  const auto X = ToDoubles(*tx), W = ToDoubles(*tw), R = ToDoubles(*tr),
             Bv = (ctx.tensor(3) ? ToDoubles(*ctx.tensor(3)) : std::vector<double>{});
  const std::vector<int64_t>& lens = dims.lens;
  const auto H0 = (ctx.tensor(5) ? ToDoubles(*ctx.tensor(5)) : std::vector<double>{});
  const auto C0 = cell == Cell::kLstm
                      ? (ctx.tensor(6) ? ToDoubles(*ctx.tensor(6)) : std::vector<double>{})
                      : std::vector<double>{};
  const auto P = cell == Cell::kLstm
                     ? (ctx.tensor(7) ? ToDoubles(*ctx.tensor(7)) : std::vector<double>{})
                     : std::vector<double>{};

  // Activations: f, g, h per direction (LSTM 3, GRU 2, RNN 1).
  const size_t per_dir = cell == Cell::kLstm ? 3 : cell == Cell::kGru ? 2 : 1;
  OL_ASSIGN_OR_RETURN(std::vector<Act> acts, RecurrentActivations(ctx, per_dir, dirs));
  auto clipf = [clip](double v) { return clip > 0 ? std::max(-clip, std::min(clip, v)) : v; };

  std::vector<double> Y(static_cast<size_t>(S * dirs * B * H), 0.0);
  std::vector<double> Yh(static_cast<size_t>(dirs * B * H)), Yc(static_cast<size_t>(dirs * B * H));
  auto x_at = [&](int64_t t, int64_t b, int64_t i) {
    return layout ? X[(b * S + t) * I + i] : X[(t * B + b) * I + i];
  };
  for (int64_t d = 0; d < dirs; ++d) {
    const bool reverse = direction == "reverse" || d == 1;
    const double* Wd = W.data() + d * gates * H * I;
    const double* Rd = R.data() + d * gates * H * H;
    const double* Wb = Bv.empty() ? nullptr : Bv.data() + d * 2 * gates * H;
    const Act& f = acts[d * per_dir];
    const Act& g = acts[d * per_dir + (per_dir > 1 ? 1 : 0)];
    const Act& h = acts[d * per_dir + (per_dir > 2 ? 2 : 0)];
    for (int64_t b = 0; b < B; ++b) {
      std::vector<double> hs(H, 0.0), cs(H, 0.0);
      // initial_h / initial_c are [dirs, batch, hidden], or [batch, dirs, hidden] with layout=1.
      const int64_t state_at = layout ? (b * dirs + d) * H : (d * B + b) * H;
      for (int64_t k = 0; k < H; ++k) {
        if (!H0.empty()) hs[k] = H0[state_at + k];
        if (!C0.empty()) cs[k] = C0[state_at + k];
      }
      const int64_t len = lens[b];
      std::vector<double> xw(gates * H), hr(gates * H);
      for (int64_t step = 0; step < len; ++step) {
        const int64_t t = reverse ? len - 1 - step : step;
        for (int64_t q = 0; q < gates * H; ++q) {
          double a = Wb ? Wb[q] : 0.0, c = Wb ? Wb[gates * H + q] : 0.0;
          for (int64_t i = 0; i < I; ++i) a += Wd[q * I + i] * x_at(t, b, i);
          for (int64_t k = 0; k < H; ++k) c += Rd[q * H + k] * hs[k];
          xw[q] = a;
          hr[q] = c;
        }
        std::vector<double> nh(H);
        for (int64_t k = 0; k < H; ++k) {
          if (cell == Cell::kLstm) {
            const double* p = P.empty() ? nullptr : P.data() + d * 3 * H;
            double ig = xw[k] + hr[k], og = xw[H + k] + hr[H + k];
            double fg = xw[2 * H + k] + hr[2 * H + k], cg = xw[3 * H + k] + hr[3 * H + k];
            if (p) {
              ig += p[k] * cs[k];
              fg += p[2 * H + k] * cs[k];
            }
            const double i_ = f(clipf(ig));
            const double f_ = input_forget ? 1 - i_ : f(clipf(fg));
            const double c_ = g(clipf(cg));
            const double cn = f_ * cs[k] + i_ * c_;
            if (p) og += p[H + k] * cn;
            const double o_ = f(clipf(og));
            cs[k] = cn;
            nh[k] = o_ * h(cn);
          } else if (cell == Cell::kGru) {
            const double z = f(clipf(xw[k] + hr[k]));
            if (lbr) {
              // linear_before_reset: h~ = g(Wh x + Wbh + r * (Rh h + Rbh))
              const double r = f(clipf(xw[H + k] + hr[H + k]));
              const double hh = g(clipf(xw[2 * H + k] + r * hr[2 * H + k]));
              nh[k] = (1 - z) * hh + z * hs[k];
            } else {
              nh[k] = z;  // finished below: h~ needs r of every unit
            }
          } else {
            nh[k] = f(clipf(xw[k] + hr[k]));
          }
        }
        if (cell == Cell::kGru && !lbr) {
          // h~ = g(Wh x + Rh (r ⊙ h) + Wbh + Rbh)
          std::vector<double> r(H);
          for (int64_t k = 0; k < H; ++k) r[k] = f(clipf(xw[H + k] + hr[H + k]));
          for (int64_t k = 0; k < H; ++k) {
            double acc = xw[2 * H + k] + (Wb ? Wb[gates * H + 2 * H + k] : 0.0);
            for (int64_t j = 0; j < H; ++j) acc += Rd[(2 * H + k) * H + j] * r[j] * hs[j];
            const double hh = g(clipf(acc));
            const double z = nh[k];
            nh[k] = (1 - z) * hh + z * hs[k];
          }
        }
        hs = nh;
        for (int64_t k = 0; k < H; ++k) {
          const int64_t at =
              layout ? ((b * S + t) * dirs + d) * H + k : ((t * dirs + d) * B + b) * H + k;
          Y[at] = hs[k];
        }
      }
      for (int64_t k = 0; k < H; ++k) {
        const int64_t at = layout ? (b * dirs + d) * H + k : (d * B + b) * H + k;
        Yh[at] = hs[k];
        Yc[at] = cs[k];
      }
    }
  }
  const DataType out_type = tx->dtype();
  auto emit = [&](size_t slot, const std::vector<double>& v, std::vector<int64_t> dims) -> Status {
    if (!ctx.output_wanted(slot)) return Status::Ok();
    const DataType work = out_type == DataType::kDouble ? DataType::kDouble : DataType::kFloat;
    OL_ASSIGN_OR_RETURN(Tensor t, NewTensor(ctx, work, dims));
    for (size_t i = 0; i < v.size(); ++i) {
      if (work == DataType::kDouble)
        t.mutable_data<double>()[i] = v[i];
      else
        t.mutable_data<float>()[i] = static_cast<float>(v[i]);
    }
    ctx.SetOutput(slot, IsHalfType(out_type) ? FromFloat(t, out_type) : std::move(t));
    return Status::Ok();
  };
  OL_RETURN_IF_ERROR(emit(
      0, Y, layout ? std::vector<int64_t>{B, S, dirs, H} : std::vector<int64_t>{S, dirs, B, H}));
  OL_RETURN_IF_ERROR(
      emit(1, Yh, layout ? std::vector<int64_t>{B, dirs, H} : std::vector<int64_t>{dirs, B, H}));
  if (cell == Cell::kLstm) {
    OL_RETURN_IF_ERROR(
        emit(2, Yc, layout ? std::vector<int64_t>{B, dirs, H} : std::vector<int64_t>{dirs, B, H}));
  }
  return Status::Ok();
}

}  // namespace

void RegisterRnnKernels(KernelRegistry& r) {
  AddKernel(r, "", "LSTM", 1,
            [](OpKernelContext& c, int64_t) { return Recurrent(c, Cell::kLstm); });
  AddKernel(r, "", "GRU", 1, [](OpKernelContext& c, int64_t) { return Recurrent(c, Cell::kGru); });
  AddKernel(r, "", "RNN", 1, [](OpKernelContext& c, int64_t) { return Recurrent(c, Cell::kRnn); });
}

}  // namespace onnxlens::kernels
