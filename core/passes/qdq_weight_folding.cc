// qdq-weight-folding: DequantizeLinear of constants computed once in a session's graph.
#include "passes/qdq_weight_folding.h"

#include <vector>

#include "passes/constant_evaluator.h"
#include "passes/graph_util.h"

namespace onnxlens::passes {

namespace {

class QdqWeightFolding final : public Pass {
 public:
  std::string_view name() const override { return "qdq-weight-folding"; }
  std::string_view summary() const override {
    return "DequantizeLinear of a constant that no int8 kernel took is computed once (sessions "
           "only: exports keep the int8 weights)";
  }
  Level level() const override { return Level::kLayout; }
  Expected<bool> Run(ir::Graph& graph, PassContext& ctx) override {
    if (!ctx.options.session_only_ops || !ctx.evaluator) return false;
    bool changed = false;
    ForEachGraphMut(graph, [&](ir::Graph& g) {
      std::vector<ir::Node*> dqs;
      for (ir::Node* n : g.nodes())
        if (IsOp(n, "DequantizeLinear") && n->outputs().size() == 1) dqs.push_back(n);
      for (ir::Node* n : dqs) changed |= Fold(g, n, ctx);
    });
    return changed;
  }

 private:
  static bool Fold(ir::Graph& g, ir::Node* n, const PassContext& ctx) {
    std::vector<const ir::Tensor*> inputs;
    for (const ir::Value* v : n->inputs()) {
      const ir::Tensor* t = v ? ConstantOf(v) : nullptr;
      if (v && !t) return false;
      inputs.push_back(t);
    }
    if (inputs.empty() || !inputs[0]) return false;
    // A float copy is 4x the int8 bytes: within what constant folding may add to a model.
    if (inputs[0]->numel() * 4 > ctx.options.constant_folding_max_bytes) return false;
    auto outs = ctx.evaluator->Evaluate(*n, ctx.Opset(""), inputs);
    if (!outs.ok() || outs->size() != 1) return false;  // the kernel reports it at run time
    ir::Value* y = n->output(0);
    g.RemoveNode(n);
    g.SetInitializer(y, std::move((*outs)[0]));
    return true;
  }
};

}  // namespace

std::unique_ptr<Pass> CreateQdqWeightFolding() { return std::make_unique<QdqWeightFolding>(); }

}  // namespace onnxlens::passes
