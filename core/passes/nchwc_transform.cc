// The NCHWc transformer (passes/nchwc_transform.h). One walk in topological order keeps, for each
// value that now exists in blocked form, its blocked twin and logical channel count; a node whose
// inputs are blocked is rewritten to read the twins; at the end, every original value that a plain
// node or the graph's outputs still read gets a ReorderOutput from its twin.
#include "passes/nchwc_transform.h"

#include <cmath>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "ir/nchwc.h"
#include "passes/graph_util.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

struct Blocked {
  Value* twin = nullptr;
  int64_t channels = 0;  ///< logical (unpadded) channel count
};

class Transformer {
 public:
  Transformer(ir::Graph& g, PassContext& ctx, int64_t block) : g_(g), ctx_(ctx), block_(block) {}

  bool Run() {
    auto order = g_.TopologicalOrder();
    if (!order.ok()) return false;
    for (Node* n : *order) {
      if (removed_.count(n) || n->owner() != &g_) continue;
      if (IsConv(*n)) {
        TransformConv(n);
      } else if (IsPool(*n)) {
        TransformPool(n);
      } else if (IsUnary(*n)) {
        TransformUnary(n);
      } else if (IsOp(n, "BatchNormalization")) {
        TransformBatchNorm(n);
      } else if (IsOp(n, "Add") || IsOp(n, "Mul") || IsOp(n, "Sum") || IsOp(n, "Sub") ||
                 IsOp(n, "Div")) {
        TransformBinary(n);
      } else if (IsOp(n, "Concat")) {
        TransformConcat(n);
      } else if (IsOp(n, "Resize") || IsOp(n, "Upsample")) {
        TransformUpsample(n);
      }
    }
    if (!changed_) return false;
    // Plain readers of a value that is now blocked read it through a ReorderOutput.
    for (Value* orig : order_) {
      const Blocked& b = blocked_[orig];
      if (orig->uses().empty() && !orig->is_graph_output()) {
        g_.RemoveValue(orig);
        continue;
      }
      Node* r = g_.AddNode("ReorderOutput", ir::kNchwcDomain,
                           g_.UniqueValueName(orig->name() + "_ReorderOutput"));
      if (const Node* p = b.twin->producer()) InheritOrigins(r, p);
      r->AddInput(b.twin);
      r->SetAttribute(ir::Attribute::Int("channels", b.channels));
      r->AddOutput(orig);
    }
    // The plain filters and biases the rewritten convolutions no longer read.
    for (auto* m : {&filters_, &biases_}) {
      for (const auto& [plain, blocked] : *m) {
        if (plain->uses().empty() && plain->is_initializer() && !plain->is_graph_input() &&
            !plain->is_graph_output()) {
          g_.RemoveInitializer(plain);
          g_.RemoveValue(plain);
        }
      }
    }
    if (ctx_.Opset(ir::kNchwcDomain) < 1) ctx_.model->SetOpsetVersion(ir::kNchwcDomain, 1);
    return true;
  }

 private:
  static bool IsConv(const Node& n) {
    return IsOp(&n, "Conv") || (n.domain() == "com.microsoft" && n.op_type() == "FusedConv");
  }
  static bool IsPool(const Node& n) {
    return IsOp(&n, "MaxPool") || IsOp(&n, "AveragePool") || IsOp(&n, "GlobalMaxPool") ||
           IsOp(&n, "GlobalAveragePool");
  }
  // Element-wise ops that keep the zero padding channels finite.
  static bool IsUnary(const Node& n) {
    for (const char* op :
         {"Relu", "Sigmoid", "Tanh", "LeakyRelu", "Clip", "HardSigmoid", "HardSwish"})
      if (IsOp(&n, op)) return true;
    return n.op_type() == "QuickGelu" && n.domain() == "com.microsoft";  // 0 stays 0
  }

  const Blocked* Find(const Value* v) const {
    auto it = blocked_.find(const_cast<Value*>(v));
    return it == blocked_.end() ? nullptr : &it->second;
  }

  // A new value holding `orig` blocked to `channels` logical channels.
  Value* NewTwin(Value* orig, int64_t channels) {
    Value* t = g_.CreateValue(g_.UniqueValueName(orig->name() + "_nchwc"));
    ir::TypeInfo type = ir::TypeInfo::TensorUnknownRank(ir::DataType::kFloat);
    if (orig->type().shape && orig->type().shape->size() == 4) {
      std::vector<ir::Dim> dims = *orig->type().shape;
      dims[1] = ir::Dim::Known(ir::RoundUpToBlock(channels, block_));
      type = ir::TypeInfo::Tensor(ir::DataType::kFloat, std::move(dims));
    }
    t->set_type(std::move(type));
    blocked_[orig] = Blocked{t, channels};
    order_.push_back(orig);
    changed_ = true;
    return t;
  }

  // The blocked form of plain `v` with `channels` channels: its twin, or a (shared) ReorderInput.
  Value* BlockedInput(Value* v, int64_t channels) {
    if (const Blocked* b = Find(v)) return b->twin;
    auto it = reordered_.find(v);
    if (it != reordered_.end()) return it->second;
    Node* r = g_.AddNode("ReorderInput", ir::kNchwcDomain,
                         g_.UniqueValueName(v->name() + "_ReorderInput"));
    if (const Node* p = v->producer()) InheritOrigins(r, p);
    r->AddInput(v);
    Value* out = g_.CreateValue(g_.UniqueValueName(v->name() + "_nchwc"));
    ir::TypeInfo type = ir::TypeInfo::TensorUnknownRank(ir::DataType::kFloat);
    if (v->type().shape && v->type().shape->size() == 4) {
      std::vector<ir::Dim> dims = *v->type().shape;
      dims[1] = ir::Dim::Known(ir::RoundUpToBlock(channels, block_));
      type = ir::TypeInfo::Tensor(ir::DataType::kFloat, std::move(dims));
    }
    out->set_type(std::move(type));
    r->AddOutput(out);
    reordered_[v] = out;
    changed_ = true;
    return out;
  }

  // Rewires the kept node `n` to produce `twin` instead of its output 0.
  Value* ReplaceOutput(Node* n, int64_t channels) {
    Value* orig = n->output(0);
    Value* twin = NewTwin(orig, channels);
    n->SetOutput(0, twin);
    return twin;
  }

  void TransformConv(Node* n) {
    if (n->outputs().size() != 1) return;
    const auto xt = KnownType(n->input(0));
    if (!xt || *xt != ir::DataType::kFloat) return;
    if (n->input(0)->type().shape && n->input(0)->type().shape->size() != 4) return;
    const ir::Tensor* w = ConstantOf(n->input(1));
    if (!w || w->dtype() != ir::DataType::kFloat || w->dims().size() != 4) return;
    const int64_t oc = w->dims()[0], ic = w->dims()[1];
    const int64_t group = n->GetInt("group", 1);
    if (oc <= 0 || ic <= 0 || group <= 0) return;
    const ir::Tensor* bias = nullptr;
    if (n->input(2)) {
      bias = ConstantOf(n->input(2));
      if (!bias || bias->dtype() != ir::DataType::kFloat || bias->dims().size() != 1 ||
          bias->dims()[0] != oc)
        return;
    }
    Value* z = n->inputs().size() > 3 ? n->input(3) : nullptr;
    if (n->inputs().size() > 4) return;
    // ONNX Runtime's conditions, so the rewritten graph is the one it would make.
    bool reorder_input = true, filter_bo = false, pad_depthwise = false;
    if (group > 1) {
      if (ic == 1 && oc == group) {
        filter_bo = true;  // depthwise
        // Unlike ONNX Runtime, any channel count (mnasnet's 72, 120): the blocked input's padding
        // channels are zero, and a zero filter and bias for them keep them zero.
        pad_depthwise = oc % block_ != 0;
      } else if (oc % block_ != 0 || ic % block_ != 0 || oc % group != 0 ||
                 (oc / group) % block_ != 0) {
        return;
      }
    } else if (ic < block_ && !Find(n->input(0))) {
      filter_bo = true;
      reorder_input = false;  // reads the plain NCHW input directly
    }
    // Unlike ONNX Runtime, a group-1 convolution whose input channels are not a multiple of the
    // block still takes the blocked input: its filter gets zero input channels up to the padded
    // count (ONNX Runtime runs the result all the same: X and W agree on the padded count).
    const int64_t ic_w = (group == 1 && reorder_input) ? ir::RoundUpToBlock(ic, block_) : ic;
    if (reorder_input) {
      if (const Blocked* b = Find(n->input(0)); b && b->channels != ic * group) return;
    }
    const int64_t oc_pad = ir::RoundUpToBlock(oc, block_);

    Node* c = AddFusedNode(g_, "Conv", ir::kNchwcDomain, {n}, n->name());
    CopyAttributes(*n, c);
    if (pad_depthwise) c->SetAttribute(ir::Attribute::Int("group", oc_pad));
    c->AddInput(reorder_input ? BlockedInput(n->input(0), ic * group) : n->input(0));
    // Filters reordered once per initializer (shared convolutions share the result).
    Value*& wv = filters_[n->input(1)];
    if (!wv) {
      const int64_t oc_w = pad_depthwise ? oc_pad : oc;
      const std::vector<int64_t> wd = {oc_w, ic_w, w->dims()[2], w->dims()[3]};
      std::vector<float> padded;
      const float* wp = w->data<float>();
      if (pad_depthwise) {  // zero filters for the padding channels
        padded.assign(static_cast<size_t>(oc_pad * w->dims()[2] * w->dims()[3]), 0.f);
        std::copy(wp, wp + w->numel(), padded.begin());
        wp = padded.data();
      } else if (ic_w != ic) {
        const int64_t ks = wd[2] * wd[3];
        padded.assign(static_cast<size_t>(oc * ic_w * ks), 0.f);
        for (int64_t o = 0; o < oc; ++o)
          std::copy(wp + o * ic * ks, wp + (o + 1) * ic * ks, padded.begin() + o * ic_w * ks);
        wp = padded.data();
      }
      std::vector<float> r =
          filter_bo ? ir::ReorderFilterBo(wp, wd, block_) : ir::ReorderFilterBiBo(wp, wd, block_);
      // Interned: a session of the model the optimization trace holds makes the same filters.
      wv =
          AddInitializer(g_, n->input(1)->name() + "_nchwc",
                         ir::Interned(ir::Tensor::FromVector(
                             ir::DataType::kFloat, {oc_pad, ic_w, w->dims()[2], w->dims()[3]}, r)));
    }
    c->AddInput(wv);
    if (bias) {
      Value* bv = n->input(2);
      if (oc_pad != oc) {
        Value*& pv = biases_[n->input(2)];
        if (!pv) {
          std::vector<float> padded(static_cast<size_t>(oc_pad), 0.f);
          std::copy(bias->data<float>(), bias->data<float>() + oc, padded.begin());
          pv = AddInitializer(
              g_, n->input(2)->name() + "_nchwc",
              ir::Interned(ir::Tensor::FromVector(ir::DataType::kFloat, {oc_pad}, padded)));
        }
        bv = pv;
      }
      c->AddInput(bv);
    } else if (z) {
      c->AddInput(nullptr);
    }
    if (z) c->AddInput(BlockedInput(z, oc));
    Value* orig = n->output(0);
    n->SetOutput(0, nullptr);
    g_.RemoveNode(n);
    c->AddOutput(NewTwin(orig, oc));
  }

  void TransformPool(Node* n) {
    // Any channel count: the zero padding channels pool to zero (ONNX Runtime asks for aligned
    // channels; its kernels run the result all the same).
    const Blocked* b = Find(n->input(0));
    if (!b) return;
    if (n->outputs().size() > 1 && n->output(1) &&
        (!n->output(1)->uses().empty() || n->output(1)->is_graph_output()))
      return;  // MaxPool's Indices
    const int64_t channels = b->channels;
    Node* p = AddFusedNode(g_, n->op_type(), ir::kNchwcDomain, {n}, n->name());
    CopyAttributes(*n, p);
    p->AddInput(b->twin);
    Value* orig = n->output(0);
    n->SetOutput(0, nullptr);
    if (n->outputs().size() > 1 && n->output(1)) {
      Value* idx = n->output(1);
      n->SetOutput(1, nullptr);
      g_.RemoveValue(idx);
    }
    g_.RemoveNode(n);
    p->AddOutput(NewTwin(orig, channels));
  }

  // An inference BatchNormalization of a blocked tensor (DenseNet's pre-activation BN -> Relu ->
  // Conv, which conv-bn-fusion cannot fold) becomes a blocked depthwise 1x1 convolution with the
  // per-channel scale s = scale / sqrt(var + eps) and bias B - mean * s, as ONNX Runtime's
  // NchwcTransformer does: the chain is not cut by reorders. Padding channels get 0 and 0.
  void TransformBatchNorm(Node* n) {
    const Blocked* b = Find(n->input(0));
    if (!b || n->inputs().size() < 5 || n->GetInt("training_mode", 0) != 0) return;
    for (size_t k = 1; k < n->outputs().size(); ++k)
      if (n->output(k) && (!n->output(k)->uses().empty() || n->output(k)->is_graph_output()))
        return;
    const int64_t channels = b->channels;
    std::vector<std::vector<float>> prm;
    for (size_t i = 1; i < 5; ++i) {
      auto v = ConstantFloats(n->input(i));
      if (!v || static_cast<int64_t>(v->size()) != channels) return;
      prm.push_back(std::move(*v));
    }
    const int64_t padded = ir::RoundUpToBlock(channels, block_);
    const double eps = n->GetFloat("epsilon", 1e-5f);
    std::vector<float> w(static_cast<size_t>(padded), 0.f), bias(w.size(), 0.f);
    for (int64_t c = 0; c < channels; ++c) {
      const double s = prm[0][c] / std::sqrt(static_cast<double>(prm[3][c]) + eps);
      w[c] = static_cast<float>(s);
      bias[c] = static_cast<float>(prm[1][c] - prm[2][c] * s);
    }
    const std::vector<int64_t> wd = {padded, 1, 1, 1};
    Node* c = AddFusedNode(g_, "Conv", ir::kNchwcDomain, {n}, n->name());
    c->SetAttribute(ir::Attribute::Int("group", padded));
    c->SetAttribute(ir::Attribute::Ints("kernel_shape", {1, 1}));
    c->AddInput(b->twin);
    c->AddInput(
        AddInitializer(g_, n->name().empty() ? "bn_nchwc_scale" : n->name() + "_nchwc_scale",
                       ir::Interned(ir::Tensor::FromVector(
                           ir::DataType::kFloat, wd, ir::ReorderFilterBo(w.data(), wd, block_)))));
    c->AddInput(
        AddInitializer(g_, n->name().empty() ? "bn_nchwc_bias" : n->name() + "_nchwc_bias",
                       ir::Interned(ir::Tensor::FromVector(ir::DataType::kFloat, {padded}, bias))));
    Value* orig = n->output(0);
    n->SetOutput(0, nullptr);
    g_.RemoveNode(n);
    // Its Relu (BN -> Relu -> Conv) becomes the convolution's activation.
    if (Node* relu = SoleConsumer(orig); IsOp(relu, "Relu") && relu->outputs().size() == 1) {
      c->SetAttribute(ir::Attribute::String("activation", "Relu"));
      Value* out = relu->output(0);
      relu->SetOutput(0, nullptr);
      removed_.insert(relu);
      g_.RemoveNode(relu);
      g_.RemoveValue(orig);
      orig = out;
    }
    c->AddOutput(NewTwin(orig, channels));
  }

  void TransformUnary(Node* n) {
    const Blocked* b = Find(n->input(0));
    if (!b || n->outputs().size() != 1) return;
    // Clip's bounds and the like stay plain scalars.
    for (size_t i = 1; i < n->inputs().size(); ++i)
      if (n->input(i) && !ConstantOf(n->input(i))) return;
    const int64_t channels = b->channels;
    n->SetInput(0, b->twin);
    ReplaceOutput(n, channels);
  }

  void TransformBinary(Node* n) {
    if (n->inputs().size() < 2 || n->outputs().size() != 1) return;
    // x op scalar-constant (HardSwish's x + 3 and / 6, a scale): element-wise in any layout; the
    // padding channels stay finite (a divisor must not be 0).
    if (n->inputs().size() == 2 && !IsOp(n, "Sum")) {
      for (size_t k = 0; k < 2; ++k) {
        const Blocked* b = Find(n->input(k));
        const ir::Tensor* c = ConstantOf(n->input(1 - k));
        if (!b || !c || c->numel() != 1 || c->dtype() != ir::DataType::kFloat) continue;
        if (IsOp(n, "Div") && (k == 1 || c->data<float>()[0] == 0.f)) continue;
        const int64_t channels = b->channels;
        n->SetInput(k, b->twin);
        ReplaceOutput(n, channels);
        return;
      }
    }
    if (IsOp(n, "Div")) return;
    const Blocked* first = Find(n->input(0));
    if (!first) return;
    bool same = true;
    for (Value* v : n->inputs()) {
      const Blocked* b = Find(v);
      if (!b || b->channels != first->channels) return;
      same = same && SameShape(v, n->input(0));
    }
    const int64_t channels = first->channels;
    if (same) {
      for (size_t i = 0; i < n->inputs().size(); ++i) n->SetInput(i, Find(n->input(i))->twin);
      ReplaceOutput(n, channels);
      return;
    }
    // [N, C, H, W] op [N, C, 1, 1] (a squeeze-and-excitation scale): both viewed as
    // [N, C/B, H, W, B] and [N, C/B, 1, 1, B] so broadcasting pairs each channel with its own
    // value, and the result viewed back as [N, C, H, W].
    if (n->inputs().size() != 2 || IsOp(n, "Sum")) return;
    auto rank4 = [](const Value* v) { return v->type().shape && v->type().shape->size() == 4; };
    auto per_channel = [](const Value* v) {
      const auto& d = *v->type().shape;
      return d[2].known() && d[2].value == 1 && d[3].known() && d[3].value == 1;
    };
    if (!rank4(n->input(0)) || !rank4(n->input(1)) ||
        per_channel(n->input(0)) == per_channel(n->input(1)))
      return;
    const int64_t cpad = ir::RoundUpToBlock(channels, block_);
    for (size_t i = 0; i < 2; ++i) {
      Value* split = g_.CreateValue(g_.UniqueValueName(n->input(i)->name() + "_blocks"));
      Node* r =
          g_.AddNode("Reshape", "", g_.UniqueValueName(n->name() + "_split" + std::to_string(i)));
      InheritOrigins(r, n);
      r->AddInput(Find(n->input(i))->twin);
      r->AddInput(ShapeConstant({0, cpad / block_, 0, 0, block_}));
      r->AddOutput(split);
      n->SetInput(i, split);
    }
    Value* orig = n->output(0);
    Value* joined = g_.CreateValue(g_.UniqueValueName(orig->name() + "_blocks"));
    n->SetOutput(0, joined);
    Node* r = g_.AddNode("Reshape", "", g_.UniqueValueName(n->name() + "_join"));
    InheritOrigins(r, n);
    r->AddInput(joined);
    r->AddInput(ShapeConstant({0, cpad, 0, 0}));
    r->AddOutput(NewTwin(orig, channels));
  }

  // An int64 shape initializer (shared per content).
  Value* ShapeConstant(const std::vector<int64_t>& shape) {
    Value*& v = shapes_[shape];
    if (!v)
      v = AddInitializer(g_, "nchwc_shape",
                         ir::Tensor::FromVector(ir::DataType::kInt64,
                                                {static_cast<int64_t>(shape.size())}, shape));
    return v;
  }

  // Resize / Upsample by whole factors of the spatial axes, nearest with floor on asymmetric
  // coordinates (each output pixel copies input pixel (y / s, x / s)): ONNX Runtime's nchwc
  // Upsample, block by block.
  void TransformUpsample(Node* n) {
    const Blocked* b = Find(n->input(0));
    if (!b || n->outputs().size() != 1) return;
    if (n->GetString("mode", "nearest") != "nearest") return;
    const bool resize = n->op_type() == "Resize";
    if (resize) {
      if (n->GetString("coordinate_transformation_mode", "half_pixel") != "asymmetric" ||
          n->GetString("nearest_mode", "round_prefer_floor") != "floor")
        return;
      if (n->inputs().size() > 3 && n->input(3)) return;  // sizes
    }
    // Resize-10 / Upsample: scales is input 1; Resize-11+: input 2 (input 1 is roi).
    Value* sv = resize && ctx_.Opset() >= 11 ? n->input(2) : n->input(1);
    auto scales = ConstantFloats(sv);
    if (!scales || scales->size() != 4 || (*scales)[0] != 1.f || (*scales)[1] != 1.f) return;
    std::vector<int64_t> whole = {1, 1};
    for (size_t d = 2; d < 4; ++d) {
      const float s = (*scales)[d];
      if (s < 1.f || s > 64.f || s != static_cast<float>(static_cast<int64_t>(s))) return;
      whole.push_back(static_cast<int64_t>(s));
    }
    const int64_t channels = b->channels;
    Node* u = AddFusedNode(g_, "Upsample", ir::kNchwcDomain, {n}, n->name());
    u->SetAttribute(ir::Attribute::Ints("scales", whole));
    u->SetAttribute(ir::Attribute::String("mode", "nearest"));
    u->AddInput(b->twin);
    Value* orig = n->output(0);
    n->SetOutput(0, nullptr);
    g_.RemoveNode(n);
    u->AddOutput(NewTwin(orig, channels));
  }

  void TransformConcat(Node* n) {
    const int64_t axis = n->GetInt("axis", 0);
    if ((axis != 1 && axis != -3) || n->inputs().empty() || n->outputs().size() != 1) return;
    int64_t total = 0;
    for (Value* v : n->inputs()) {
      const Blocked* b = Find(v);
      if (!b || b->channels % block_ != 0) return;
      if (!v->type().shape || v->type().shape->size() != 4) return;
      total += b->channels;
    }
    for (size_t i = 0; i < n->inputs().size(); ++i) n->SetInput(i, Find(n->input(i))->twin);
    ReplaceOutput(n, total);
  }

  ir::Graph& g_;
  PassContext& ctx_;
  int64_t block_;
  bool changed_ = false;
  std::set<const Node*> removed_;  ///< nodes of the walk's order removed ahead of it
  std::unordered_map<Value*, Blocked> blocked_;
  std::vector<Value*> order_;  ///< keys of blocked_ in the order they were made
  std::unordered_map<Value*, Value*> reordered_, filters_, biases_;
  std::map<std::vector<int64_t>, Value*> shapes_;
};

class NchwcTransformer final : public Pass {
 public:
  std::string_view name() const override { return "nchwc-transformer"; }
  std::string_view summary() const override {
    return "blocks convolution chains in the NCHWc layout (channels in blocks of 8 or 16) with "
           "reorders only at the chain edges, as ONNX Runtime's NchwcTransformer "
           "[com.microsoft.nchwc]";
  }
  Level level() const override { return Level::kLayout; }
  bool needs_contrib_ops() const override { return true; }
  Expected<bool> Run(ir::Graph& graph, PassContext& ctx) override {
    if (ctx.options.nchwc_block <= 0) return false;
    return Transformer(graph, ctx, ctx.options.nchwc_block).Run();
  }
};

}  // namespace

std::unique_ptr<Pass> CreateNchwcTransformer() { return std::make_unique<NchwcTransformer>(); }

}  // namespace onnxlens::passes
