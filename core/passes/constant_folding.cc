// Constant folding.
#include "passes/constant_folding.h"

#include <set>
#include <string>

#include "passes/constant_evaluator.h"
#include "passes/graph_util.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Tensor;

bool NeverFold(const Node& n) {
  static const std::set<std::string> kOps = {
      "RandomNormal", "RandomUniform",  "RandomNormalLike", "RandomUniformLike",    "Multinomial",
      "Bernoulli",    "QuantizeLinear", "DequantizeLinear", "DynamicQuantizeLinear"};
  return !(n.domain().empty() || n.domain() == "ai.onnx") || kOps.count(n.op_type()) ||
         n.HasSubgraphs() || n.outputs().empty();
}

// Shape / Size of a value whose dims are all known.
std::optional<Tensor> FoldShape(const Node& n) {
  if (!IsOp(&n, "Shape") && !IsOp(&n, "Size")) return std::nullopt;
  const auto dims = KnownDims(n.input(0));
  if (!dims) return std::nullopt;
  if (IsOp(&n, "Size")) {
    int64_t count = 1;
    for (int64_t d : *dims) count *= d;
    return Tensor::FromVector<int64_t>(ir::DataType::kInt64, {}, {count});
  }
  const int64_t rank = static_cast<int64_t>(dims->size());
  int64_t start = n.GetInt("start", 0), end = n.GetInt("end", rank);
  if (start < 0) start += rank;
  if (end < 0) end += rank;
  start = std::clamp<int64_t>(start, 0, rank);
  end = std::clamp<int64_t>(end, start, rank);
  std::vector<int64_t> v(dims->begin() + start, dims->begin() + end);
  return Tensor::FromVector<int64_t>(ir::DataType::kInt64, {static_cast<int64_t>(v.size())}, v);
}

// Gather(Shape(x), constant indices) when x's rank and every gathered dim are known, though other
// dims may be symbolic (x[:, 1] of a [batch, 1, time] tensor is 1 whatever the batch).
std::optional<Tensor> FoldShapeGather(const Node& n) {
  if (!IsOp(&n, "Gather") || n.GetInt("axis", 0) != 0) return std::nullopt;
  const Node* shape = n.input(0) ? n.input(0)->producer() : nullptr;
  if (!IsOp(shape, "Shape")) return std::nullopt;
  const ir::Tensor* idx_t = ConstantOf(n.input(1));
  const auto idx = ConstantInts(n.input(1));
  const auto& type = shape->input(0)->type();
  if (!idx_t || !idx || !type.shape) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(type.shape->size());
  int64_t start = shape->GetInt("start", 0), end = shape->GetInt("end", rank);
  if (start < 0) start += rank;
  if (end < 0) end += rank;
  start = std::clamp<int64_t>(start, 0, rank);
  end = std::clamp<int64_t>(end, start, rank);
  std::vector<int64_t> out;
  for (int64_t i : *idx) {
    if (i < 0) i += end - start;
    if (i < 0 || i >= end - start) return std::nullopt;
    const auto& d = (*type.shape)[static_cast<size_t>(start + i)];
    if (!d.known()) return std::nullopt;
    out.push_back(d.value);
  }
  return Tensor::FromVector<int64_t>(ir::DataType::kInt64, idx_t->dims(), out);
}

class ConstantFolding : public Pass {
 public:
  std::string_view name() const override { return "constant-folding"; }
  std::string_view summary() const override {
    return "computes nodes with constant inputs (and Shape of known shapes) ahead of time";
  }
  Level level() const override { return Level::kBasic; }

  Expected<bool> Run(ir::Graph& graph, PassContext& ctx) override {
    if (!ctx.evaluator) return false;  // nothing can be computed: fold nothing
    bool changed = false;
    Status failure = Status::Ok();
    ForEachGraphMut(graph, [&](ir::Graph& g) {
      if (!failure.ok()) return;
      auto order = g.TopologicalOrder();
      if (!order.ok()) {
        failure = order.status();
        return;
      }
      for (Node* n : *order) {
        if (NeverFold(*n)) continue;
        if (auto shape = FoldShape(*n)) {
          Replace(n, {std::move(*shape)});
          changed = true;
          continue;
        }
        if (auto dims = FoldShapeGather(*n)) {
          Replace(n, {std::move(*dims)});
          changed = true;
          continue;
        }
        if (Fold(n, ctx)) changed = true;
      }
    });
    if (!failure.ok()) return failure;
    return changed;
  }

 private:
  static void Replace(Node* n, std::vector<Tensor> values) {
    ir::Graph& g = *n->owner();
    std::vector<ir::Value*> outs = n->outputs();
    g.RemoveNode(n);
    for (size_t i = 0; i < outs.size(); ++i) {
      if (outs[i]) g.SetInitializer(outs[i], std::move(values[i]));
    }
  }

  // Computes `n` through the evaluator when every input is constant.
  static bool Fold(Node* n, const PassContext& ctx) {
    std::vector<const Tensor*> inputs;
    inputs.reserve(n->inputs().size());
    for (const ir::Value* v : n->inputs()) {
      const Tensor* t = v ? ConstantOf(v) : nullptr;
      if (v && !t) return false;
      inputs.push_back(t);
    }
    if (n->inputs().empty() && !IsOp(n, "ConstantOfShape") && !IsOp(n, "Range")) {
      // Source nodes other than these (e.g. EyeLike has inputs) are left alone.
      return false;
    }
    const std::string domain = n->domain() == "ai.onnx" ? "" : n->domain();
    auto outs = ctx.evaluator->Evaluate(*n, ctx.Opset(domain), inputs);
    if (!outs.ok() || outs->size() != n->outputs().size()) return false;  // the runtime reports it
    int64_t bytes = 0;
    for (const Tensor& t : *outs) bytes += static_cast<int64_t>(t.nbytes());
    if (bytes > ctx.options.constant_folding_max_bytes) return false;
    Replace(n, std::move(*outs));
    return true;
  }
};

}  // namespace

std::unique_ptr<Pass> CreateConstantFolding() { return std::make_unique<ConstantFolding>(); }

}  // namespace onnxlens::passes
