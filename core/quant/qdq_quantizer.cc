// Static QDQ quantization (see qdq_quantizer.h).
#include "quant/qdq_quantizer.h"

#include <algorithm>
#include <set>

#include "common/strings.h"
#include "passes/transformer_fusion.h"

namespace onnxlens::quant {

namespace {

using Kind = SlotPlan::Kind;

// Ops whose output takes the parameters of input 0 (ONNX Runtime's "direct 8-bit" ops).
const std::set<std::string>& SharingOps() {
  static const std::set<std::string> kOps = {"Reshape", "Transpose", "Squeeze", "Unsqueeze",
                                             "Flatten", "MaxPool",   "Resize"};
  return kOps;
}

// Ops with only input 0 quantized.
const std::set<std::string>& SingleInputOps() {
  static const std::set<std::string> kOps = {"AveragePool",   "GlobalAveragePool",
                                             "GlobalMaxPool", "MaxPool",
                                             "Resize",        "Softmax",
                                             "Relu",          "Clip",
                                             "Sigmoid",       "LeakyRelu",
                                             "HardSigmoid",   "HardSwish",
                                             "Tanh",          "Reshape",
                                             "Transpose",     "Squeeze",
                                             "Unsqueeze",     "Flatten"};
  return kOps;
}

bool IsFloatActivation(const ir::Value* v) { return IsFloatTensor(v) && !v->is_initializer(); }
bool IsFloatInitializer(const ir::Value* v) { return v && v->initializer() && IsFloatTensor(v); }

// The slots of `n` to quantize, or none when the node does not fit (e.g. a Conv whose weight is
// not a constant).
std::vector<SlotPlan> SlotsFor(const ir::Node& n, bool per_channel) {
  std::vector<SlotPlan> out;
  auto add = [&](int slot, Kind kind, int64_t axis = -1) {
    out.push_back(SlotPlan{n.id(), slot, kind, axis});
  };
  const std::string& op = n.op_type();
  const ir::Value* x = n.input(0);
  if (op == "Conv") {
    const ir::Value* w = n.input(1);
    if (!IsFloatActivation(x) || !IsFloatInitializer(w) || w->initializer()->dims().size() < 3)
      return {};
    add(0, Kind::kActivation);
    add(1, Kind::kWeight, per_channel ? 0 : -1);
    if (IsFloatInitializer(n.input(2))) add(2, Kind::kBias);
    return out;
  }
  if (op == "ConvTranspose") {
    // Weights [C_in, C_out / group, k...]: per channel along axis 1 (the output channels) when
    // ungrouped; grouped, the axis-1 scales would not map onto the bias's C_out, so per tensor.
    const ir::Value* w = n.input(1);
    if (!IsFloatActivation(x) || !IsFloatInitializer(w) || w->initializer()->dims().size() < 3)
      return {};
    const bool grouped = n.GetInt("group", 1) != 1;
    add(0, Kind::kActivation);
    add(1, Kind::kWeight, per_channel && !grouped ? 1 : -1);
    if (IsFloatInitializer(n.input(2))) add(2, Kind::kBias);
    return out;
  }
  if (op == "Gemm" || op == "MatMul") {
    const ir::Value* w = n.input(1);
    if (!IsFloatTensor(x) || !IsFloatTensor(w)) return {};
    if (x->is_initializer() && w->is_initializer()) return {};
    add(0, x->is_initializer() ? Kind::kConstant : Kind::kActivation);
    if (!w->is_initializer()) {
      add(1, Kind::kActivation);
      return out;
    }
    const int64_t rank = static_cast<int64_t>(w->initializer()->dims().size());
    if (rank < 2) return {};
    int64_t axis = rank - 1;
    if (op == "Gemm" && n.GetInt("transB", 0) != 0) axis = 0;
    add(1, Kind::kWeight, per_channel ? axis : -1);
    const ir::Value* c = n.input(2);
    if (op == "Gemm" && IsFloatInitializer(c) && !x->is_initializer() &&
        c->initializer()->dims().size() == 1 &&
        c->initializer()->numel() == w->initializer()->dims()[axis])
      add(2, Kind::kBias);
    return out;
  }
  if (op == "Add" || op == "Mul" || op == "Concat") {
    bool any_activation = false;
    for (size_t i = 0; i < n.inputs().size(); ++i) {
      const ir::Value* v = n.input(i);
      if (!IsFloatTensor(v)) return {};
      any_activation |= !v->is_initializer();
      add(static_cast<int>(i), v->is_initializer() ? Kind::kConstant : Kind::kActivation);
    }
    return any_activation ? out : std::vector<SlotPlan>{};
  }
  if (SingleInputOps().count(op)) {
    if (!IsFloatActivation(x)) return {};
    add(0, Kind::kActivation);
  }
  return out;
}

}  // namespace

bool FollowsInputQuantization(const std::string& op_type) {
  return SharingOps().count(op_type) > 0 || op_type == "Relu" || op_type == "Clip";
}

const std::vector<std::string>& QdqOpTypes() {
  static const std::vector<std::string> kOps = [] {
    std::vector<std::string> v(SingleInputOps().begin(), SingleInputOps().end());
    for (const char* op : {"Conv", "ConvTranspose", "Gemm", "MatMul", "Add", "Mul", "Concat"})
      v.push_back(op);
    std::sort(v.begin(), v.end());
    return v;
  }();
  return kOps;
}

Expected<QdqPlan> PlanQdq(const ir::Model& model, const StaticQuantOptions& options) {
  OL_RETURN_IF_ERROR(CheckNotQuantized(model));
  OL_RETURN_IF_ERROR(CheckFilter(model, options.filter, QdqOpTypes()));
  const int64_t opset = model.OpsetVersion("");
  if (opset < 10)
    return Unsupported("QuantizeLinear needs opset 10 or later; the model imports opset " +
                       std::to_string(opset));
  QdqPlan plan;
  plan.options = options;
  if (options.per_channel && opset < 13) {
    // Per-axis DequantizeLinear needs opset 13. Raising the import is safe when no op of the
    // model changed meaning from its opset to 13 (attributes that became inputs, Softmax's axis).
    static const std::set<std::string> kChanged = {
        "Softmax", "LogSoftmax", "Hardmax", "Squeeze", "Unsqueeze", "Split", "ReduceSum",
        "Dropout", "Clip",       "Pad",     "Resize",  "Upsample",  "Slice", "TopK"};
    std::string blocker;
    model.graph->ForEachGraph([&](const ir::Graph& sg) {
      for (const ir::Node* n : sg.nodes()) {
        const bool onnx_domain = n->domain().empty() || n->domain() == "ai.onnx";
        // Clip, Pad, Resize, Slice and TopK changed before 11 only.
        const bool early = n->op_type() == "Clip" || n->op_type() == "Pad" ||
                           n->op_type() == "Resize" || n->op_type() == "Slice" ||
                           n->op_type() == "TopK";
        if (blocker.empty() && onnx_domain && kChanged.count(n->op_type()) &&
            !(early && opset >= 11))
          blocker = n->Describe();
      }
    });
    if (opset >= 11 && blocker.empty()) {
      plan.raise_opset_to = 13;
      plan.warnings.push_back("the ai.onnx opset is raised from " + std::to_string(opset) +
                              " to 13 for per-channel weights (none of the model's ops changed "
                              "meaning in between)");
    } else {
      plan.options.per_channel = false;
      plan.warnings.push_back(
          "per-channel weights need opset 13 (the model imports " + std::to_string(opset) +
          (blocker.empty() ? std::string() : ", and " + blocker + " changed meaning by 13") +
          "): weights are quantized per tensor");
    }
  }
  const ir::Graph& g = *model.graph;
  OL_ASSIGN_OR_RETURN(std::vector<ir::Node*> order, g.TopologicalOrder());
  // LayerNorm subgraphs stay float, as ONNX Runtime's transformer quantization leaves
  // LayerNormalization: quantizing their Mul (gamma) and Add (beta) adds two roundings per norm
  // and keeps a session from fusing them into one LayerNormalization.
  std::set<ir::NodeId> layer_norm;
  int layer_norms = 0;
  for (ir::Node* n : order) {
    if (n->op_type() != "Add") continue;
    const std::vector<ir::Node*> ln = passes::MatchLayerNormSubgraph(*n, opset);
    layer_norms += ln.empty() ? 0 : 1;
    for (const ir::Node* m : ln) layer_norm.insert(m->id());
  }
  if (layer_norms > 0)
    plan.warnings.push_back(
        std::to_string(layer_norms) +
        " LayerNorm subgraph(s) stay float (their Mul / Add are not quantized)");
  std::set<std::string> activations;
  std::set<ir::NodeId> planned;
  for (const ir::Node* n : order) {
    if (layer_norm.count(n->id())) continue;
    if (!Selected(*n, options.filter, QdqOpTypes())) continue;
    if (FollowsInputQuantization(n->op_type())) {
      // Quantized only behind a quantized producer (ONNX Runtime's input check): behind a node
      // left in float its Q/DQ would be the only rounding there.
      const ir::Value* x = n->input(0);
      if (!x || !x->producer() || !planned.count(x->producer()->id())) continue;
    }
    std::vector<SlotPlan> slots = SlotsFor(*n, plan.options.per_channel);
    if (slots.empty()) continue;
    planned.insert(n->id());
    for (const SlotPlan& s : slots) {
      if (s.kind == Kind::kActivation) activations.insert(n->input(s.slot)->name());
      plan.slots.push_back(s);
    }
    const ir::Value* out = n->output(0);
    if (!out) continue;
    if (SharingOps().count(n->op_type()))
      plan.shared[out->name()] = n->input(0)->name();
    else if (n->op_type() == "Softmax")
      plan.fixed[out->name()] = TensorRange{0.0f, 1.0f};
  }
  // Removable activations: a Relu / Clip whose input has no other reader and whose output is read
  // only through planned activation slots quantizes that output on its range and disappears (the
  // clamp is the quantization's own). Not with symmetric activations: they cannot clamp at 0.
  if (!options.activation_symmetric) {
    std::map<const ir::Value*, int> planned_reads;
    for (const SlotPlan& sp : plan.slots)
      if (sp.kind == Kind::kActivation) planned_reads[g.FindNode(sp.node)->input(sp.slot)] += 1;
    std::set<ir::NodeId> dropped;
    for (const ir::Node* n : order) {
      if (n->op_type() != "Relu" && n->op_type() != "Clip") continue;
      if (!Selected(*n, options.filter, QdqOpTypes())) continue;
      const ir::Value* in = n->input(0);
      const ir::Value* out = n->output(0);
      if (!in || !out || !in->producer() || in->uses().size() != 1 || out->is_graph_output())
        continue;
      if (out->uses().empty() || planned_reads[out] != static_cast<int>(out->uses().size()))
        continue;
      if (n->op_type() == "Clip" && n->inputs().size() > 1) {
        bool constant = true;
        for (size_t i = 1; i < n->inputs().size(); ++i)
          constant &= !n->input(i) || n->input(i)->is_initializer();
        if (!constant) continue;
      }
      plan.folded[out->name()] = in->name();
      dropped.insert(n->id());
      activations.erase(in->name());
    }
    plan.slots.erase(std::remove_if(plan.slots.begin(), plan.slots.end(),
                                    [&](const SlotPlan& sp) { return dropped.count(sp.node); }),
                     plan.slots.end());
    // An input still read by another planned slot keeps its own range.
    for (const SlotPlan& sp : plan.slots)
      if (sp.kind == Kind::kActivation)
        activations.insert(g.FindNode(sp.node)->input(sp.slot)->name());
  }
  int nested = 0;
  for (const ir::Node* n : g.nodes())
    for (const ir::Graph* sub : n->Subgraphs())
      sub->ForEachGraph([&](const ir::Graph& sg) {
        for (const ir::Node* m : sg.nodes())
          nested += Selected(*m, options.filter, QdqOpTypes()) ? 1 : 0;
      });
  if (nested > 0)
    plan.warnings.push_back(
        std::to_string(nested) +
        " node(s) inside subgraphs (If / Loop / Scan bodies) stay float: static "
        "quantization calibrates main-graph tensors only");
  for (const std::string& a : activations)
    if (!plan.shared.count(a) && !plan.fixed.count(a)) plan.calibrate.push_back(a);
  return plan;
}

namespace {

struct Rewriter {
  ir::Graph& g;
  const QdqPlan& plan;
  const std::map<std::string, TensorRange>& ranges;
  NodeNamer names;
  QuantStats stats;

  Expected<QParams> ActivationParams(const std::string& name) const {
    std::string n = name;
    for (int hops = 0; plan.shared.count(n) && hops < 10000; ++hops) n = plan.shared.at(n);
    TensorRange r;
    if (auto f = plan.fixed.find(n); f != plan.fixed.end()) {
      r = f->second;
    } else if (auto c = ranges.find(n); c != ranges.end()) {
      r = c->second;
    } else {
      return NotFound("no calibrated range for tensor " + Quote(n));
    }
    const auto& o = plan.options;
    return ComputeQParams(r.rmin, r.rmax, RangeFor(o.activation_type, o.activation_symmetric),
                          o.activation_symmetric);
  }

  // QuantizeLinear -> DequantizeLinear on `v` (reading `source`, the input of a folded
  // activation, when there is one); returns the DequantizeLinear output.
  ir::Value* AddQdq(ir::Value* v, const QParams& p, ir::DataType qtype, ir::Value* source) {
    const std::string& base = v->name();
    ir::Value* scale = AddInitializer(g, base + "_scale", ScaleTensor({p}));
    ir::Value* zp = AddInitializer(g, base + "_zero_point", ZeroPointTensor({p}, qtype));
    ir::Node* q = g.AddNode("QuantizeLinear", "", names.Unique(base + "_QuantizeLinear"));
    q->AddInput(source ? source : v);
    q->AddInput(scale);
    q->AddInput(zp);
    ir::Value* qv = AddValue(g, base + "_QuantizeLinear_Output", qtype, v);
    q->AddOutput(qv);
    ++stats.quantize_nodes;
    return AddDq(qv, scale, zp, -1, v, base);
  }

  ir::Value* AddDq(ir::Value* qv, ir::Value* scale, ir::Value* zp, int64_t axis,
                   const ir::Value* like, const std::string& base) {
    ir::Node* dq = g.AddNode("DequantizeLinear", "", names.Unique(base + "_DequantizeLinear"));
    dq->AddInput(qv);
    dq->AddInput(scale);
    if (zp) dq->AddInput(zp);
    if (axis >= 0) dq->SetAttribute(ir::Attribute::Int("axis", axis));
    ir::Value* out = AddValue(g, base + "_DequantizeLinear_Output", ir::DataType::kFloat, like);
    dq->AddOutput(out);
    ++stats.dequantize_nodes;
    return out;
  }

  // A constant stored quantized behind a DequantizeLinear.
  ir::Value* AddQuantizedConstant(ir::Value* v, const QuantizedTensor& qt, ir::DataType zp_type) {
    const std::string& base = v->name();
    ir::Value* data = AddInitializer(g, base + "_quantized", qt.data);
    ir::Value* scale = AddInitializer(g, base + "_scale", ScaleTensor(qt.params));
    // An int32 bias's zero point is 0 (ONNX Runtime's too): the optional input stays absent, 4
    // bytes per output channel less with per-channel weights.
    ir::Value* zp =
        zp_type == ir::DataType::kInt32
            ? nullptr
            : AddInitializer(g, base + "_zero_point", ZeroPointTensor(qt.params, zp_type));
    ++stats.weights;
    return AddDq(data, scale, zp, qt.params.size() > 1 ? qt.axis : -1, v, base);
  }
};

}  // namespace

Expected<QuantStats> ApplyQdq(ir::Model& model, const QdqPlan& plan,
                              const std::map<std::string, TensorRange>& ranges) {
  ir::Graph& g = *model.graph;
  Rewriter rw{g, plan, ranges, NodeNamer(g), {}};
  rw.stats.warnings = plan.warnings;
  const auto& o = plan.options;
  const ir::DataType act_type = ToDataType(o.activation_type);
  // Everything is computed from the graph as planned before any input is rewired.
  struct Slot {
    ir::Node* node;
    const SlotPlan* plan;
    ir::Value* value;
  };
  std::vector<Slot> slots;
  std::set<ir::Node*> nodes;
  for (const SlotPlan& s : plan.slots) {
    ir::Node* n = g.FindNode(s.node);
    if (!n || !n->input(s.slot)) return NotFound("a planned node is gone from the graph");
    slots.push_back({n, &s, n->input(s.slot)});
    nodes.insert(n);
  }
  // Weights (cached per value and axis) and the biases that depend on them.
  std::map<std::pair<ir::Value*, int64_t>, QuantizedTensor> weights;
  std::map<ir::Node*, std::vector<QParams>> weight_params;
  for (const Slot& s : slots) {
    if (s.plan->kind != Kind::kWeight) continue;
    auto key = std::make_pair(s.value, s.plan->axis);
    if (!weights.count(key)) {
      auto qt = QuantizeWeight(*s.value->initializer(), o.weight_type, o.weight_symmetric,
                               s.plan->axis, o.reduce_range);
      if (!qt.ok()) return qt.status().WithContext(s.node->Describe() + " weight");
      weights[key] = std::move(qt).value();
    }
    weight_params[s.node] = weights[key].params;
  }
  std::map<ir::Node*, QuantizedTensor> biases;
  for (const Slot& s : slots) {
    if (s.plan->kind != Kind::kBias) continue;
    OL_ASSIGN_OR_RETURN(QParams in, rw.ActivationParams(s.node->input(0)->name()));
    auto qb = QuantizeBias(*s.value->initializer(), in.scale, weight_params[s.node]);
    if (!qb.ok()) return qb.status().WithContext(s.node->Describe() + " bias");
    biases[s.node] = std::move(qb).value();
  }
  // Rewire: one Q/DQ pair per activation tensor, one DQ per stored constant.
  std::map<ir::Value*, ir::Value*> act_dq;
  std::map<std::pair<ir::Value*, int64_t>, ir::Value*> weight_dq;
  std::map<ir::Value*, ir::Value*> const_dq;
  std::set<ir::Value*> replaced;
  std::vector<ir::Node*> folded;
  for (const Slot& s : slots) {
    ir::Value* dq = nullptr;
    switch (s.plan->kind) {
      case Kind::kActivation: {
        auto it = act_dq.find(s.value);
        if (it == act_dq.end()) {
          OL_ASSIGN_OR_RETURN(QParams p, rw.ActivationParams(s.value->name()));
          ir::Value* source = nullptr;
          if (auto f = plan.folded.find(s.value->name()); f != plan.folded.end()) {
            source = g.FindLocalValue(f->second);
            folded.push_back(s.value->producer());
          }
          it = act_dq.emplace(s.value, rw.AddQdq(s.value, p, act_type, source)).first;
        }
        dq = it->second;
        break;
      }
      case Kind::kWeight: {
        auto key = std::make_pair(s.value, s.plan->axis);
        auto it = weight_dq.find(key);
        if (it == weight_dq.end())
          it = weight_dq
                   .emplace(key, rw.AddQuantizedConstant(s.value, weights[key],
                                                         ToDataType(o.weight_type)))
                   .first;
        dq = it->second;
        break;
      }
      case Kind::kConstant: {
        auto it = const_dq.find(s.value);
        if (it == const_dq.end()) {
          auto qt = QuantizeWeight(*s.value->initializer(), o.activation_type,
                                   o.activation_symmetric, -1);
          if (!qt.ok()) return qt.status().WithContext(s.node->Describe());
          it = const_dq.emplace(s.value, rw.AddQuantizedConstant(s.value, *qt, act_type)).first;
        }
        dq = it->second;
        break;
      }
      case Kind::kBias:
        dq = rw.AddQuantizedConstant(s.value, biases[s.node], ir::DataType::kInt32);
        break;
    }
    s.node->SetInput(static_cast<size_t>(s.plan->slot), dq);
    if (s.value->is_initializer()) replaced.insert(s.value);
  }
  for (ir::Value* v : replaced) DropIfUnused(g, v);
  for (ir::Node* n : folded) {
    rw.stats.quantized_by_op[n->op_type()] += 1;
    rw.stats.folded_activations += 1;
    ir::Value* out = n->output(0);
    g.RemoveNode(n);
    if (out->uses().empty()) g.RemoveValue(out);
  }
  for (ir::Node* n : nodes) rw.stats.quantized_by_op[n->op_type()] += 1;
  if (plan.raise_opset_to > model.OpsetVersion("")) model.SetOpsetVersion("", plan.raise_opset_to);
  OL_RETURN_IF_ERROR(g.SortNodes());
  return rw.stats;
}

}  // namespace onnxlens::quant
