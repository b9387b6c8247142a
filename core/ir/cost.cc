// Compute and activation-memory estimates from static shapes.
#include "ir/cost.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "ir/tensor.h"

namespace onnxlens::ir {

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

// Saturating arithmetic: a 10^20-FLOP figure is a wrong shape, not a reason to overflow.
int64_t Mul(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return 0;
  return a > kMax / b ? kMax : a * b;
}
int64_t Add(int64_t a, int64_t b) { return a > kMax - b ? kMax : a + b; }

using Dims = std::vector<int64_t>;

// The static dims of `v` (an initializer's own, else its type's), symbolic ones as 1; nullopt
// when a dim is unknown or the rank is.
std::optional<Dims> StaticDims(const Value* v, bool* symbolic) {
  if (!v) return std::nullopt;
  if (const Tensor* t = v->initializer()) return t->dims();
  const TypeInfo& type = v->type();
  if (!type.is_tensor() || !type.shape) return std::nullopt;
  Dims out;
  for (const Dim& d : *type.shape) {
    if (d.known()) {
      out.push_back(d.value);
    } else if (d.symbolic()) {
      out.push_back(1);
      if (symbolic) *symbolic = true;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

int64_t Elements(const Dims& d) {
  int64_t n = 1;
  for (int64_t x : d) n = Mul(n, std::max<int64_t>(x, 0));
  return n;
}

int64_t Product(const Dims& d, size_t from) {
  int64_t n = 1;
  for (size_t i = from; i < d.size(); ++i) n = Mul(n, std::max<int64_t>(d[i], 0));
  return n;
}

bool In(const std::string& op, std::initializer_list<const char*> ops) {
  for (const char* o : ops)
    if (op == o) return true;
  return false;
}

// FLOPs per output element of the element-wise ops (activations included: one each, the usual
// convention of FLOP counters).
bool IsElementwise(const std::string& op) {
  return In(op, {"Add",
                 "Sub",
                 "Mul",
                 "Div",
                 "Pow",
                 "Sqrt",
                 "Reciprocal",
                 "Neg",
                 "Abs",
                 "Exp",
                 "Log",
                 "Relu",
                 "LeakyRelu",
                 "PRelu",
                 "Sigmoid",
                 "HardSigmoid",
                 "HardSwish",
                 "Tanh",
                 "Erf",
                 "Gelu",
                 "FastGelu",
                 "BiasGelu",
                 "QuickGelu",
                 "Elu",
                 "Selu",
                 "Celu",
                 "Softplus",
                 "Softsign",
                 "Mish",
                 "ThresholdedRelu",
                 "Shrink",
                 "Clip",
                 "Max",
                 "Min",
                 "Mean",
                 "Sum",
                 "Floor",
                 "Ceil",
                 "Round",
                 "Sign",
                 "Sin",
                 "Cos",
                 "Tan",
                 "Asin",
                 "Acos",
                 "Atan",
                 "Sinh",
                 "Cosh",
                 "Asinh",
                 "Acosh",
                 "Atanh",
                 "Not",
                 "And",
                 "Or",
                 "Xor",
                 "Equal",
                 "Less",
                 "Greater",
                 "LessOrEqual",
                 "GreaterOrEqual",
                 "Where",
                 "Mod",
                 "IsNaN",
                 "IsInf",
                 "BitShift",
                 "QuantizeLinear",
                 "DequantizeLinear",
                 "BiasAdd",
                 "Resize",
                 "Upsample"});
}

bool IsDataMovement(const std::string& op) {
  return In(op, {"Reshape",
                 "Transpose",
                 "Flatten",
                 "Squeeze",
                 "Unsqueeze",
                 "Concat",
                 "Split",
                 "Slice",
                 "Gather",
                 "GatherElements",
                 "GatherND",
                 "ScatterND",
                 "ScatterElements",
                 "Scatter",
                 "Identity",
                 "Shape",
                 "Size",
                 "Cast",
                 "CastLike",
                 "Pad",
                 "Expand",
                 "Tile",
                 "Constant",
                 "ConstantOfShape",
                 "Range",
                 "DepthToSpace",
                 "SpaceToDepth",
                 "Dropout",
                 "NonZero",
                 "OneHot",
                 "EyeLike",
                 "Trilu",
                 "ReverseSequence",
                 "SequenceConstruct",
                 "SequenceAt",
                 "SequenceEmpty",
                 "SequenceInsert",
                 "SequenceLength",
                 "SplitToSequence",
                 "ConcatFromSequence",
                 "Optional",
                 "OptionalGetElement",
                 "OptionalHasElement"});
}

// Extra FLOPs of a fused activation (com.microsoft FusedConv / FusedGemm / FusedMatMul).
int64_t FusedActivation(const Node& node, int64_t out) {
  return node.GetString("activation", "").empty() ? 0 : out;
}

}  // namespace

NodeCost EstimateNodeCost(const Node& node) {
  NodeCost c;
  const std::string& op = node.op_type();
  if (IsDataMovement(op)) {
    c.counted = true;
    return c;
  }
  const auto in = [&node](size_t i) { return StaticDims(node.input(i), nullptr); };
  const auto out = StaticDims(node.output(0), nullptr);
  if (!out) return c;
  const int64_t y = Elements(*out);
  auto done = [&c](int64_t macs, int64_t other) {
    c.macs = macs;
    c.flops = Add(Mul(2, macs), other);
    c.counted = true;
    return c;
  };
  if (In(op, {"Conv", "FusedConv", "ConvInteger", "QLinearConv", "NhwcConv"})) {
    const auto w = in(op == "QLinearConv" ? 3 : 1);
    if (!w || w->size() < 2) return c;
    const int64_t bias = node.input(op == "QLinearConv" ? 8 : 2) ? y : 0;
    const int64_t sum = op == "FusedConv" && node.input(3) ? y : 0;  // Z: the fused residual add
    return done(Mul(y, Product(*w, 1)), Add(Add(bias, sum), FusedActivation(node, y)));
  }
  if (op == "ConvTranspose") {
    const auto x = in(0);
    const auto w = in(1);
    if (!x || !w || w->size() < 2) return c;
    return done(Mul(Elements(*x), Product(*w, 1)), node.input(2) ? y : 0);
  }
  if (In(op, {"MatMul", "FusedMatMul", "MatMulInteger", "QLinearMatMul", "Gemm", "FusedGemm"})) {
    const auto a = in(0);
    if (!a || a->empty()) return c;
    int64_t k = a->back();
    if (In(op, {"Gemm", "FusedGemm"})) {
      if (a->size() != 2) return c;
      k = node.GetInt("transA", 0) ? (*a)[0] : (*a)[1];
    } else if (op == "FusedMatMul" && node.GetInt("transA", 0) && a->size() >= 2) {
      k = (*a)[a->size() - 2];
    }
    const int64_t bias = In(op, {"Gemm", "FusedGemm"}) && node.input(2) ? y : 0;
    return done(Mul(y, k), Add(bias, FusedActivation(node, y)));
  }
  if (In(op, {"LSTM", "GRU", "RNN"})) {
    // X [seq, batch, input], W [dirs, gates*hidden, input], R [dirs, gates*hidden, hidden].
    const auto x = in(0);
    const auto w = in(1);
    const auto r = in(2);
    if (!x || !w || !r || x->size() != 3 || w->size() != 3 || r->size() != 3) return c;
    const int64_t steps = Mul((*x)[0], (*x)[1]);
    const int64_t macs = Mul(Mul(steps, (*w)[0]), Mul((*w)[1], Add((*w)[2], (*r)[2])));
    // Gate activations and the cell update: a few per hidden unit and step.
    return done(macs, Mul(Mul(steps, (*w)[0]), Mul((*w)[1], 3)));
  }
  if (IsElementwise(op)) return done(0, y);
  if (op == "BatchNormalization") return done(0, Mul(2, y));
  if (In(op, {"LayerNormalization", "SimplifiedLayerNormalization", "InstanceNormalization",
              "GroupNormalization", "MeanVarianceNormalization", "LpNormalization",
              "SkipLayerNormalization", "SkipSimplifiedLayerNormalization"}))
    return done(0, Mul(5, y));
  if (In(op, {"Softmax", "LogSoftmax", "Hardmax"})) return done(0, Mul(3, y));
  if (In(op, {"MaxPool", "AveragePool", "LpPool"})) {
    const Dims kernel = node.GetInts("kernel_shape");
    if (kernel.empty()) return c;
    return done(0, Mul(y, Elements(kernel)));
  }
  if (In(op, {"GlobalAveragePool", "GlobalMaxPool", "GlobalLpPool", "ReduceMean", "ReduceSum",
              "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1", "ReduceL2", "ReduceLogSum",
              "ReduceLogSumExp", "ReduceSumSquare", "ArgMax", "ArgMin", "CumSum"})) {
    const auto x = in(0);
    if (!x) return c;
    return done(0, Elements(*x));
  }
  return c;  // an op the estimator does not know
}

GraphCost EstimateGraphCost(const Graph& graph) {
  GraphCost g;
  auto order = graph.TopologicalOrder();
  const std::vector<Node*> nodes = order.ok() ? *order : graph.nodes();
  std::map<std::string, OpTypeCost> ops;
  for (const Node* n : nodes) {
    const std::string key = n->domain().empty() || n->domain() == "ai.onnx"
                                ? n->op_type()
                                : n->domain() + "." + n->op_type();
    OpTypeCost& o = ops[key];
    o.op = key;
    ++o.nodes;
    const NodeCost c = EstimateNodeCost(*n);
    if (!c.counted) {
      ++o.uncounted;
      ++g.uncounted_nodes;
      continue;
    }
    o.macs = Add(o.macs, c.macs);
    o.flops = Add(o.flops, c.flops);
    g.macs = Add(g.macs, c.macs);
    g.flops = Add(g.flops, c.flops);
  }
  for (auto& [k, o] : ops) g.by_op.push_back(std::move(o));
  std::stable_sort(g.by_op.begin(), g.by_op.end(), [](const OpTypeCost& a, const OpTypeCost& b) {
    return a.flops != b.flops ? a.flops > b.flops : a.op < b.op;
  });

  // Activation memory: replay the order, each tensor alive from its producer (graph inputs from
  // the start) to its last reader (graph outputs to the end).
  std::unordered_map<const Value*, int64_t> bytes;
  auto size_of = [&](const Value* v) -> int64_t {
    auto it = bytes.find(v);
    if (it != bytes.end()) return it->second;
    bool symbolic = false;
    const auto d = StaticDims(v, &symbolic);
    const size_t elem = v->type().is_tensor() ? ElementSize(v->type().elem_type) : 0;
    int64_t b = -1;
    if (d && elem > 0) {
      b = Mul(Elements(*d), static_cast<int64_t>(elem));
      g.symbolic_dims_as_one |= symbolic;
    } else {
      ++g.unsized_values;
    }
    bytes[v] = b;
    if (b > 0) g.activation_total_bytes = Add(g.activation_total_bytes, b);
    return b;
  };
  std::unordered_map<const Value*, int> readers;
  for (const Node* n : nodes) {
    std::unordered_set<const Value*> read;
    for (const Value* v : n->inputs())
      if (v) read.insert(v);
    for (const Value* v : n->OuterScopeInputs())
      if (v) read.insert(v);
    for (const Value* v : read) ++readers[v];
  }
  int64_t live = 0;
  for (const Value* v : graph.inputs()) {
    if (v->is_initializer()) continue;
    live = Add(live, std::max<int64_t>(0, size_of(v)));
  }
  g.activation_peak_bytes = live;
  for (const Node* n : nodes) {
    for (const Value* v : n->outputs())
      if (v) live = Add(live, std::max<int64_t>(0, size_of(v)));
    g.activation_peak_bytes = std::max(g.activation_peak_bytes, live);
    std::unordered_set<const Value*> read;
    for (const Value* v : n->inputs())
      if (v) read.insert(v);
    for (const Value* v : n->OuterScopeInputs())
      if (v) read.insert(v);
    for (const Value* v : read) {
      if (v->is_initializer() || v->is_graph_input() || v->is_graph_output()) continue;
      if (--readers[v] == 0) live -= std::max<int64_t>(0, size_of(v));
    }
    for (const Value* v : n->outputs())  // outputs nobody reads are freed at once
      if (v && !v->is_graph_output() && readers[v] == 0) live -= std::max<int64_t>(0, size_of(v));
  }
  return g;
}

}  // namespace onnxlens::ir
