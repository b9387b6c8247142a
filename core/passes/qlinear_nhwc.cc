#include "passes/qlinear_nhwc.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <vector>

#include "ir/nchwc.h"
#include "passes/graph_util.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

bool Rank4(const Value* v) { return v && v->type().shape && v->type().shape->size() == 4; }

bool IsPlainQLinearConv(const Node& n) {
  if (!IsOp(&n, "QLinearConv") || n.outputs().size() != 1 || !Rank4(n.input(0)) ||
      !Rank4(n.output(0)))
    return false;
  const ir::Tensor* w = n.inputs().size() > 3 ? ConstantOf(n.input(3)) : nullptr;
  return w && w->dims().size() == 4;
}

bool PerTensorConst(const Value* v) {
  const ir::Tensor* t = ConstantOf(v);
  return t && t->numel() == 1;
}

// A uint8 / int8 MaxPool (qdq-node-units' DQ -> MaxPool -> Q) without Indices: it becomes
// com.onnxlens MaxPool with channels_last = 1 when its input and output go NHWC.
bool IsChannelsLastPool(const Node& n) {
  if (!IsOp(&n, "MaxPool") || n.outputs().size() != 1 || !Rank4(n.input(0)) ||
      !Rank4(n.output(0)) || n.GetInt("storage_order", 0) != 0)
    return false;
  const ir::DataType t = n.input(0)->type().elem_type;
  return t == ir::DataType::kUint8 || t == ir::DataType::kInt8;
}

bool IsMsQLinearBinary(const Node& n) {
  return n.domain() == "com.microsoft" &&
         (n.op_type() == "QLinearAdd" || n.op_type() == "QLinearMul");
}

// The element-wise nodes whose output can be NHWC when their data inputs are: the indices of
// those data inputs (empty: not such a node).
std::vector<size_t> DataInputs(const Node& n) {
  // Shapes from the file are untrusted: the output's type is rewritten, so it must be 4-D too.
  if (n.outputs().size() != 1 || !Rank4(n.input(0)) || !Rank4(n.output(0))) return {};
  if (IsOp(&n, "DequantizeLinear") || IsOp(&n, "QuantizeLinear")) {
    if (n.inputs().size() < 2 || !PerTensorConst(n.input(1))) return {};
    if (n.inputs().size() > 2 && n.input(2) && !PerTensorConst(n.input(2))) return {};
    return {0};
  }
  // Element-wise activations (float, between a DQ and a Q): the same numbers in either layout.
  if (IsOp(&n, "Relu") || IsOp(&n, "HardSigmoid") || IsOp(&n, "HardSwish") || IsOp(&n, "Sigmoid") ||
      IsOp(&n, "Tanh") || IsOp(&n, "LeakyRelu"))
    return {0};
  if (IsChannelsLastPool(n)) return {0};
  if (IsOp(&n, "Clip")) {
    for (size_t i = 1; i < n.inputs().size(); ++i)
      if (n.input(i) && !PerTensorConst(n.input(i))) return {};
    return {0};
  }
  if (IsOp(&n, "Add") || IsOp(&n, "Mul") || IsOp(&n, "Sub")) {
    // Same shape (a symbolic batch named alike on both sides is the same size): no broadcast,
    // so the sum is the same in either layout.
    if (n.inputs().size() != 2 || !SameShape(n.input(0), n.input(1))) return {};
    return {0, 1};
  }
  if (IsMsQLinearBinary(n)) {
    // com.microsoft QLinearAdd / QLinearMul (qdq-node-units): A and B at 0 and 3, per tensor.
    if (n.inputs().size() < 7) return {};
    for (size_t i : {1, 2, 4, 5, 6, 7})
      if (i < n.inputs().size() && n.input(i) && !PerTensorConst(n.input(i))) return {};
    if (SameShape(n.input(0), n.input(3))) return {0, 3};
    // B a constant single value (PP-LCNet's learnable affine scale and bias): A is the data,
    // the same numbers in either layout.
    if (PerTensorConst(n.input(3))) return {0};
    return {};
  }
  return {};
}

// Replaces the ai.onnx QLinearConv `n` by com.onnxlens QLinearConv with the given layout flags
// (same inputs, attributes and output value).
void ToOnnxlensConv(ir::Graph& g, Node* n, bool x_channels_last, bool y_channels_last) {
  Node* c = AddFusedNode(g, "QLinearConv", kOnnxlensDomain, {n}, n->name());
  CopyAttributes(*n, c);
  c->SetAttribute(ir::Attribute::Int("x_channels_last", x_channels_last ? 1 : 0));
  c->SetAttribute(ir::Attribute::Int("y_channels_last", y_channels_last ? 1 : 0));
  for (size_t i = 0; i < n->inputs().size(); ++i) c->AddInput(n->input(i));
  Value* y = n->output(0);
  n->SetOutput(0, nullptr);
  g.RemoveNode(n);
  c->AddOutput(y);
}

class NhwcTransformer {
 public:
  explicit NhwcTransformer(ir::Graph& g) : g_(g) {}

  bool Run() {
    auto order = g_.TopologicalOrder();
    if (!order.ok()) return false;
    // Candidates: every output that could be NHWC; then drop, until nothing changes, those with a
    // reader that needs NCHW or (element-wise producers) a data input that stays NCHW.
    for (Node* n : *order) {
      if (n->owner() != &g_) continue;
      if (IsPlainQLinearConv(*n) || !DataInputs(*n).empty()) {
        if (!n->output(0)->is_graph_output()) nhwc_.insert(n->output(0));
      }
    }
    // What a subgraph reads from this graph (an If branch's node, or a branch output naming the
    // value) reads it as NCHW: never channels-last.
    for (Node* n : *order)
      if (n->owner() == &g_ && n->HasSubgraphs())
        for (Value* v : n->OuterScopeInputs()) nhwc_.erase(v);
    // Keep only needs members, so dropping one value can only drop its neighbours: a worklist
    // of them reaches the same (greatest) set in linear time where sweeps of the whole set took
    // one sweep per link of a chain (minutes on a 50k-node int8 CNN).
    std::vector<Value*> work(nhwc_.begin(), nhwc_.end());
    while (!work.empty()) {
      Value* v = work.back();
      work.pop_back();
      if (!nhwc_.count(v) || Keep(v)) continue;
      nhwc_.erase(v);
      const Node* p = v->producer();
      for (size_t i : DataInputs(*p))
        if (p->input(i)) work.push_back(p->input(i));
      for (const ir::Use& u : v->uses())
        if (u.node->outputs().size() == 1 && u.node->output(0)) work.push_back(u.node->output(0));
    }
    if (nhwc_.empty()) return false;
    std::vector<Node*> convs;
    for (Node* n : *order)
      if (n->owner() == &g_ && IsPlainQLinearConv(*n) &&
          (nhwc_.count(n->input(0)) || nhwc_.count(n->output(0))))
        convs.push_back(n);
    for (Value* v : nhwc_) {
      std::vector<ir::Dim> d = *v->type().shape;
      v->set_type(ir::TypeInfo::Tensor(v->type().elem_type, {d[0], d[2], d[3], d[1]}));
    }
    std::vector<Node*> pools;
    for (Node* n : *order)
      if (n->owner() == &g_ && IsChannelsLastPool(*n) && nhwc_.count(n->output(0)))
        pools.push_back(n);
    for (Node* n : convs) Rewrite(n);
    for (Node* n : pools) RewritePool(n);
    return true;
  }

 private:
  bool Keep(Value* v) const {
    const Node* p = v->producer();
    for (size_t i : DataInputs(*p))
      if (!nhwc_.count(p->input(i))) return false;
    if (v->uses().empty()) return false;
    for (const ir::Use& u : v->uses()) {
      const Node& r = *u.node;
      if (r.owner() != &g_) return false;  // read inside a subgraph, which stays NCHW
      if (IsPlainQLinearConv(r)) {
        if (u.index != 0) return false;
        continue;
      }
      const std::vector<size_t> data = DataInputs(r);
      if (std::find(data.begin(), data.end(), static_cast<size_t>(u.index)) == data.end() ||
          !nhwc_.count(r.output(0)))
        return false;
    }
    return true;
  }

  void Rewrite(Node* n) {
    ToOnnxlensConv(g_, n, nhwc_.count(n->input(0)) > 0, nhwc_.count(n->output(0)) > 0);
  }

  void RewritePool(Node* n) {
    Node* p = AddFusedNode(g_, "MaxPool", kOnnxlensDomain, {n}, n->name());
    CopyAttributes(*n, p);
    p->SetAttribute(ir::Attribute::Int("channels_last", 1));
    p->AddInput(n->input(0));
    Value* y = n->output(0);
    n->SetOutput(0, nullptr);
    g_.RemoveNode(n);
    p->AddOutput(y);
  }

  ir::Graph& g_;
  std::set<Value*> nhwc_;
};

class QLinearNhwcTransformer final : public Pass {
 public:
  std::string_view name() const override { return "qlinear-nhwc"; }
  std::string_view summary() const override {
    return "keeps int8 convolution chains (QLinearConv and the per-tensor QDQ / element-wise "
           "nodes between them) in channels-last NHWC, so oneDNN's int8 convolutions do not "
           "reorder every activation [com.onnxlens; sessions only, never written to a file]";
  }
  Level level() const override { return Level::kLayout; }
  bool needs_contrib_ops() const override { return true; }
  Expected<bool> Run(ir::Graph& graph, PassContext& ctx) override {
    if (ctx.options.nchwc_block <= 0 || !ctx.options.session_only_ops) return false;
    if (!NhwcTransformer(graph).Run()) return false;
    if (ctx.Opset(kOnnxlensDomain) < 1) ctx.model->SetOpsetVersion(kOnnxlensDomain, 1);
    return true;
  }
};

// A QLinearConv reading x at slot 0 (ai.onnx, or com.onnxlens with x still NCHW).
bool TakesNchwX(const ir::Use& u) {
  const Node& n = *u.node;
  if (u.index != 0) return false;
  if (IsPlainQLinearConv(n)) return true;
  return n.domain() == kOnnxlensDomain && n.op_type() == "QLinearConv" &&
         n.GetInt("x_channels_last", 0) == 0;
}

bool IsReorder(const Node& n, const char* op) {
  return n.domain() == ir::kNchwcDomain && n.op_type() == op && n.GetInt("channels_last", 0) == 0 &&
         n.outputs().size() == 1;
}

// The single reader of `v` (null when it has none, several, or is a graph output).
Node* OnlyReader(Value* v) {
  if (!v || v->is_graph_output() || v->uses().size() != 1) return nullptr;
  return v->uses()[0].node;
}

bool PerTensorQdq(const Node& n, const char* op) {
  if (!IsOp(&n, op) || n.outputs().size() != 1 || n.inputs().size() < 2 || !Rank4(n.input(0)) ||
      !Rank4(n.output(0)) || !PerTensorConst(n.input(1)))
    return false;
  return n.inputs().size() < 3 || !n.input(2) || PerTensorConst(n.input(2));
}

void ToNhwc(Value* v) {
  std::vector<ir::Dim> d = *v->type().shape;
  v->set_type(ir::TypeInfo::Tensor(v->type().elem_type, {d[0], d[2], d[3], d[1]}));
}

// `n` as com.onnxlens QLinearConv with `side` ("x_channels_last" / "y_channels_last") set.
void SetConvSide(ir::Graph& g, Node* n, const char* side) {
  if (n->domain() == kOnnxlensDomain) {
    n->SetAttribute(ir::Attribute::Int(side, 1));
    return;
  }
  const bool x_side = std::string_view(side) == "x_channels_last";
  ToOnnxlensConv(g, n, x_side, !x_side);
}

// Where a float NCHWc chain meets an int8 one (mixed precision): the float side's ReorderOutput
// writes NHWC for the QuantizeLinear in front of a QLinearConv, and a QLinearConv's
// DequantizeLinear hands NHWC to the ReorderInput behind it, so the int8 convolution reads and
// writes the layout it computes in instead of reordering NCHW itself.
class NchwcInt8Boundaries final : public Pass {
 public:
  std::string_view name() const override { return "nchwc-int8-boundaries"; }
  std::string_view summary() const override {
    return "where float NCHWc convolutions meet int8 ones, ReorderOutput / ReorderInput take "
           "channels-last (NHWC) and the QuantizeLinear / DequantizeLinear between them pass it "
           "on, so the QLinearConv does not reorder NCHW [com.onnxlens; sessions only]";
  }
  Level level() const override { return Level::kLayout; }
  bool needs_contrib_ops() const override { return true; }
  Expected<bool> Run(ir::Graph& g, PassContext& ctx) override {
    if (ctx.options.nchwc_block <= 0 || !ctx.options.session_only_ops) return false;
    bool changed = false;
    // Chain starts first: their rewrites may replace QLinearConvs the chain ends then look at.
    OL_ASSIGN_OR_RETURN(std::vector<Node*> order, g.TopologicalOrder());
    std::set<Node*> removed;
    for (Node* n : order) {
      // ReorderOutput -> QuantizeLinear -> QLinearConv(s) reading x.
      if (removed.count(n) || !IsReorder(*n, "ReorderOutput") || !Rank4(n->output(0))) continue;
      Node* q = OnlyReader(n->output(0));
      if (!q || !PerTensorQdq(*q, "QuantizeLinear") || q->output(0)->is_graph_output() ||
          q->output(0)->uses().empty())
        continue;
      bool convs = true;
      for (const ir::Use& u : q->output(0)->uses()) convs &= TakesNchwX(u);
      if (!convs) continue;
      std::vector<Node*> readers;
      for (const ir::Use& u : q->output(0)->uses()) readers.push_back(u.node);
      n->SetAttribute(ir::Attribute::Int("channels_last", 1));
      ToNhwc(n->output(0));
      ToNhwc(q->output(0));
      for (Node* c : readers) {
        if (c->domain() != kOnnxlensDomain) removed.insert(c);
        SetConvSide(g, c, "x_channels_last");
      }
      changed = true;
    }
    OL_ASSIGN_OR_RETURN(order, g.TopologicalOrder());
    for (Node* n : order) {
      // QLinearConv -> DequantizeLinear -> ReorderInput(s).
      const bool plain = IsPlainQLinearConv(*n);
      const bool onnxlens = n->domain() == kOnnxlensDomain && n->op_type() == "QLinearConv" &&
                            n->GetInt("y_channels_last", 0) == 0 && Rank4(n->output(0));
      if (!plain && !onnxlens) continue;
      Node* dq = OnlyReader(n->output(0));
      if (!dq || !PerTensorQdq(*dq, "DequantizeLinear") || dq->output(0)->is_graph_output() ||
          dq->output(0)->uses().empty())
        continue;
      bool reorders = true;
      for (const ir::Use& u : dq->output(0)->uses())
        reorders &= u.index == 0 && IsReorder(*u.node, "ReorderInput");
      if (!reorders) continue;
      for (const ir::Use& u : dq->output(0)->uses())
        u.node->SetAttribute(ir::Attribute::Int("channels_last", 1));
      ToNhwc(n->output(0));
      ToNhwc(dq->output(0));
      SetConvSide(g, n, "y_channels_last");  // may replace n: nothing after reads it
      changed = true;
    }
    if (changed && ctx.Opset(kOnnxlensDomain) < 1) ctx.model->SetOpsetVersion(kOnnxlensDomain, 1);
    return changed;
  }
};

}  // namespace

std::unique_ptr<Pass> CreateQLinearNhwcTransformer() {
  return std::make_unique<QLinearNhwcTransformer>();
}

std::unique_ptr<Pass> CreateNchwcInt8Boundaries() {
  return std::make_unique<NchwcInt8Boundaries>();
}

}  // namespace onnxlens::passes
