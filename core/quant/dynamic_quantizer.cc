// Dynamic quantization (see dynamic_quantizer.h).
#include "quant/dynamic_quantizer.h"

#include <algorithm>
#include <map>

#include "common/strings.h"
#include "passes/graph_util.h"

namespace onnxlens::quant {

namespace {

constexpr const char* kMsDomain = "com.microsoft";

struct DynamicInput {
  ir::Value* q = nullptr;
  ir::Value* scale = nullptr;
  ir::Value* zero_point = nullptr;
};

class DynamicRewriter {
 public:
  // Rewrites nodes of `g` (the main graph or a subgraph: weights may be outer-scope values).
  DynamicRewriter(ir::Graph& g, const DynamicQuantOptions& o) : g_(g), o_(o), names_(g) {}

  QuantStats stats;
  int float_lstms = 0;  ///< LSTMs left float because the format is the standard one

  // Rewrites `n` or returns false (left as it is) when it does not fit.
  Expected<bool> Rewrite(ir::Node* n) {
    const std::string& op = n->op_type();
    if (op == "MatMul") return MatMul(n);
    if (op == "Gemm") return Gemm(n);
    if (op == "Conv") return Conv(n);
    if (op == "LSTM") return Lstm(n);
    return false;
  }

 private:
  static bool FloatActivation(const ir::Value* v) {
    return IsFloatTensor(v) && !v->is_initializer();
  }
  static bool FloatConstant(const ir::Value* v, size_t rank) {
    return v && v->initializer() && v->initializer()->dtype() == ir::DataType::kFloat &&
           v->initializer()->dims().size() == rank;
  }

  ir::Value* Init(const std::string& name, ir::Tensor t) { return AddInitializer(g_, name, t); }

  ir::Node* Node(const std::string& op, const std::string& base, const char* domain = "") {
    return g_.AddNode(op, domain, names_.Unique(base));
  }

  ir::Value* Out(ir::Node* n, const std::string& name, ir::DataType t,
                 const ir::Value* like = nullptr) {
    ir::Value* v = AddValue(g_, name, t, like);
    n->AddOutput(v);
    return v;
  }

  // One DynamicQuantizeLinear per activation, shared by its quantized readers.
  DynamicInput Quantized(ir::Value* a) {
    auto it = dynamic_.find(a);
    if (it != dynamic_.end()) return it->second;
    ir::Node* d = Node("DynamicQuantizeLinear", a->name() + "_DynamicQuantizeLinear");
    d->AddInput(a);
    DynamicInput in;
    in.q = Out(d, a->name() + "_quantized", ir::DataType::kUint8, a);
    in.scale = Out(d, a->name() + "_scale", ir::DataType::kFloat);
    in.zero_point = Out(d, a->name() + "_zero_point", ir::DataType::kUint8);
    ++stats.quantize_nodes;
    dynamic_[a] = in;
    return in;
  }

  // The zero point tensor: a scalar when every channel has the same one (ConvInteger and most
  // kernels want that), else 1-D.
  ir::Tensor ZeroPoints(const QuantizedTensor& qt) const {
    const bool uniform = std::all_of(qt.params.begin(), qt.params.end(), [&](const QParams& p) {
      return p.zero_point == qt.params[0].zero_point;
    });
    if (uniform) return ZeroPointTensor({qt.params[0]}, ToDataType(o_.weight_type));
    return ZeroPointTensor(qt.params, ToDataType(o_.weight_type));
  }

  // y = (x_q - x_zp)(w_q - w_zp) * x_scale * w_scale, the integer product given.
  ir::Value* Scaled(ir::Value* product, ir::Value* x_scale, ir::Value* w_scale,
                    const std::string& base, ir::Value* out) {
    ir::Node* cast = Node("Cast", base + "_cast");
    cast->AddInput(product);
    cast->SetAttribute(ir::Attribute::Int("to", static_cast<int64_t>(ir::DataType::kFloat)));
    ir::Value* f = Out(cast, base + "_output_float", ir::DataType::kFloat, product);
    ir::Node* s = Node("Mul", base + "_scales_mul");
    s->AddInput(x_scale);
    s->AddInput(w_scale);
    ir::Value* scales = Out(s, base + "_scales", ir::DataType::kFloat);
    ir::Node* m = Node("Mul", base + "_output_scale_mul");
    m->AddInput(f);
    m->AddInput(scales);
    if (out) {
      m->AddOutput(out);
      return out;
    }
    return Out(m, base + "_output_scaled", ir::DataType::kFloat, product);
  }

  Expected<QuantizedTensor> Weight(const ir::Tensor& w, int64_t axis) {
    ++stats.weights;
    return QuantizeWeight(w, o_.weight_type, o_.weight_symmetric, o_.per_channel ? axis : -1,
                          o_.reduce_range);
  }

  // A [K, N] weight times `a`, written to `out` (a value whose producer was removed), with an
  // optional 1-D bias.
  Status QuantizedMatMul(ir::Value* a, const ir::Tensor& w, ir::Value* bias,
                         const std::string& base, ir::Value* out) {
    OL_ASSIGN_OR_RETURN(QuantizedTensor qt, Weight(w, 1));
    ir::Value* wq = Init(base + "_weight_quantized", qt.data);
    ir::Value* ws = Init(base + "_weight_scale", ScaleTensor(qt.params));
    ir::Value* wz = Init(base + "_weight_zero_point", ZeroPoints(qt));
    if (o_.ort_format) {
      ir::Node* d = Node("DynamicQuantizeMatMul", base + "_DynamicQuantizeMatMul", kMsDomain);
      d->AddInput(a);
      d->AddInput(wq);
      d->AddInput(ws);
      d->AddInput(wz);
      if (bias) d->AddInput(bias);
      d->AddOutput(out);
      ++stats.quantize_nodes;
      return Status::Ok();
    }
    DynamicInput in = Quantized(a);
    ir::Node* mm = Node("MatMulInteger", base + "_MatMulInteger");
    for (ir::Value* v : {in.q, wq, in.zero_point, wz}) mm->AddInput(v);
    ir::Value* product = Out(mm, base + "_output_quantized", ir::DataType::kInt32, out);
    if (!bias) {
      Scaled(product, in.scale, ws, base, out);
      return Status::Ok();
    }
    ir::Value* scaled = Scaled(product, in.scale, ws, base, nullptr);
    ir::Node* add = Node("Add", base + "_bias_add");
    add->AddInput(scaled);
    add->AddInput(bias);
    add->AddOutput(out);
    return Status::Ok();
  }

  // Detaches `n`'s output 0 (kept: its readers stay wired) and removes `n`.
  ir::Value* TakeOutput(ir::Node* n) {
    ir::Value* out = n->output(0);
    g_.RemoveNode(n);
    return out;
  }

  Expected<bool> MatMul(ir::Node* n) {
    ir::Value* a = n->input(0);
    ir::Value* b = n->input(1);
    if (!FloatActivation(a) || !FloatConstant(b, 2)) return false;
    const ir::Tensor w = *b->initializer();
    const std::string base = n->name().empty() ? b->name() : n->name();
    ir::Value* out = TakeOutput(n);
    OL_RETURN_IF_ERROR(QuantizedMatMul(a, w, nullptr, base, out));
    DropIfUnused(*b->owner(), b);
    return true;
  }

  Expected<bool> Gemm(ir::Node* n) {
    ir::Value* a = n->input(0);
    ir::Value* b = n->input(1);
    ir::Value* c = n->input(2);
    if (!FloatActivation(a) || !FloatConstant(b, 2)) return false;
    if (n->GetFloat("alpha", 1.0f) != 1.0f || n->GetInt("transA", 0) != 0) return false;
    const float beta = n->GetFloat("beta", 1.0f);
    if (c && (!IsFloatTensor(c) || (beta != 1.0f && !c->initializer()))) return false;
    ir::Tensor w = *b->initializer();
    if (n->GetInt("transB", 0) != 0) {  // stored [N, K]: make it [K, N]
      const int64_t rows = w.dims()[0], cols = w.dims()[1];
      OL_ASSIGN_OR_RETURN(ir::Tensor t, ir::Tensor::Empty(ir::DataType::kFloat, {cols, rows}));
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j)
          t.mutable_data<float>()[j * rows + i] = w.data<float>()[i * cols + j];
      w = std::move(t);
    }
    ir::Value* bias = c;
    if (c && beta != 1.0f) {
      ir::Tensor scaled = *c->initializer();
      float* p = scaled.mutable_data<float>();
      for (int64_t i = 0; i < scaled.numel(); ++i) p[i] *= beta;
      bias = Init(c->name() + "_scaled", std::move(scaled));
    }
    // DynamicQuantizeMatMul takes a 1-D bias only; anything else is added after it.
    const bool fused_bias =
        bias && bias->initializer() && bias->initializer()->dims().size() == 1 && o_.ort_format;
    const std::string base = n->name().empty() ? b->name() : n->name();
    ir::Value* out = TakeOutput(n);
    if (!bias || fused_bias || !o_.ort_format) {
      OL_RETURN_IF_ERROR(QuantizedMatMul(a, w, bias, base, out));
    } else {
      ir::Value* mm = AddValue(g_, base + "_matmul", ir::DataType::kFloat, out);
      OL_RETURN_IF_ERROR(QuantizedMatMul(a, w, nullptr, base, mm));
      ir::Node* add = Node("Add", base + "_bias_add");
      add->AddInput(mm);
      add->AddInput(bias);
      add->AddOutput(out);
    }
    DropIfUnused(*b->owner(), b);
    if (c) DropIfUnused(*c->owner(), c);
    return true;
  }

  Expected<bool> Conv(ir::Node* n) {
    ir::Value* x = n->input(0);
    ir::Value* wv = n->input(1);
    ir::Value* bias = n->input(2);
    if (!FloatActivation(x) || !wv || !wv->initializer() ||
        wv->initializer()->dtype() != ir::DataType::kFloat || wv->initializer()->dims().size() < 3)
      return false;
    if (bias && !(bias->initializer() && IsFloatTensor(bias))) return false;
    const ir::Tensor& w = *wv->initializer();
    const size_t spatial = w.dims().size() - 2;
    OL_ASSIGN_OR_RETURN(QuantizedTensor qt, Weight(w, 0));
    const std::string base = n->name().empty() ? wv->name() : n->name();
    ir::Value* wq = Init(base + "_weight_quantized", qt.data);
    ir::Value* wz = Init(base + "_weight_zero_point", ZeroPoints(qt));
    // Per-channel scales shaped [M, 1, ..] so that they broadcast over [N, M, spatial...].
    ir::Tensor scales = ScaleTensor(qt.params);
    if (qt.params.size() > 1) {
      std::vector<int64_t> dims{static_cast<int64_t>(qt.params.size())};
      dims.resize(1 + spatial, 1);
      scales =
          ir::Tensor::FromRaw(ir::DataType::kFloat, dims, scales.raw(), scales.nbytes()).value();
    }
    ir::Value* ws = Init(base + "_weight_scale", std::move(scales));
    DynamicInput in = Quantized(x);
    ir::Node* conv = Node("ConvInteger", base + "_ConvInteger");
    for (ir::Value* v : {in.q, wq, in.zero_point, wz}) conv->AddInput(v);
    for (const ir::Attribute& a : n->attributes()) {
      switch (a.type) {
        case ir::AttrType::kInt:
          conv->SetAttribute(ir::Attribute::Int(a.name, a.i));
          break;
        case ir::AttrType::kInts:
          conv->SetAttribute(ir::Attribute::Ints(a.name, a.ints));
          break;
        case ir::AttrType::kString:
          conv->SetAttribute(ir::Attribute::String(a.name, a.s));
          break;
        default:
          break;
      }
    }
    ir::Value* out = n->output(0);
    ir::Value* product = Out(conv, base + "_output_quantized", ir::DataType::kInt32, out);
    g_.RemoveNode(n);
    if (!bias) {
      Scaled(product, in.scale, ws, base, out);
    } else {
      ir::Tensor b = *bias->initializer();
      std::vector<int64_t> dims{b.numel()};
      dims.resize(1 + spatial, 1);
      ir::Value* shaped =
          Init(bias->name() + "_reshaped",
               ir::Tensor::FromRaw(ir::DataType::kFloat, dims, b.raw(), b.nbytes()).value());
      ir::Value* scaled = Scaled(product, in.scale, ws, base, nullptr);
      ir::Node* add = Node("Add", base + "_bias_add");
      add->AddInput(scaled);
      add->AddInput(shaped);
      add->AddOutput(out);
      DropIfUnused(*bias->owner(), bias);
    }
    DropIfUnused(*wv->owner(), wv);
    return true;
  }

  // W [dirs, 4H, K] quantized to int8, symmetric, as ONNX Runtime's LSTM quantizer does whatever
  // the weight type (its kernel takes int8 weights only with zero points 0): one scale per gate
  // row with per_channel, else one per direction; stored transposed, [dirs, K, 4H].
  struct LstmWeight {
    ir::Tensor data, scale, zero_point;
  };
  Expected<LstmWeight> LstmWeights(const ir::Tensor& w) {
    const int64_t dirs = w.dims()[0], rows = w.dims()[1], k = w.dims()[2];
    const int64_t groups = o_.per_channel ? dirs * rows : dirs;
    OL_ASSIGN_OR_RETURN(ir::Tensor flat, ir::Tensor::FromRaw(ir::DataType::kFloat,
                                                             {groups, dirs * rows * k / groups},
                                                             w.raw(), w.nbytes()));
    OL_ASSIGN_OR_RETURN(QuantizedTensor qt, QuantizeWeight(flat, QuantType::kInt8, true, 0));
    ++stats.weights;
    LstmWeight out;
    OL_ASSIGN_OR_RETURN(out.data, ir::Tensor::Empty(ir::DataType::kInt8, {dirs, k, rows}));
    const int8_t* src = qt.data.data<int8_t>();
    int8_t* dst = out.data.mutable_data<int8_t>();
    for (int64_t d = 0; d < dirs; ++d)
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t i = 0; i < k; ++i) dst[(d * k + i) * rows + r] = src[(d * rows + r) * k + i];
    const std::vector<int64_t> dims =
        o_.per_channel ? std::vector<int64_t>{dirs, rows} : std::vector<int64_t>{dirs};
    const ir::Tensor s = ScaleTensor(qt.params);
    const ir::Tensor z = ZeroPointTensor(qt.params, ir::DataType::kInt8);
    OL_ASSIGN_OR_RETURN(out.scale,
                        ir::Tensor::FromRaw(ir::DataType::kFloat, dims, s.raw(), s.nbytes()));
    OL_ASSIGN_OR_RETURN(out.zero_point,
                        ir::Tensor::FromRaw(ir::DataType::kInt8, dims, z.raw(), z.nbytes()));
    return out;
  }

  // LSTM -> com.microsoft DynamicQuantizeLSTM (ONNX Runtime's format only: standard ONNX has no
  // quantized LSTM). W and R constant, X float, time-major (the contrib op has no layout).
  Expected<bool> Lstm(ir::Node* n) {
    if (!o_.ort_format) {
      ++float_lstms;
      return false;
    }
    if (n->GetInt("layout", 0) != 0) return false;
    ir::Value* x = n->input(0);
    ir::Value* wv = n->input(1);
    ir::Value* rv = n->input(2);
    if (!FloatActivation(x) || !FloatConstant(wv, 3) || !FloatConstant(rv, 3)) return false;
    const ir::Tensor& w = *wv->initializer();
    const ir::Tensor& r = *rv->initializer();
    const int64_t dirs = n->GetString("direction", "forward") == "bidirectional" ? 2 : 1;
    const int64_t hidden = n->GetInt("hidden_size", w.dims()[1] / 4);
    if (hidden <= 0 || w.dims() != std::vector<int64_t>{dirs, 4 * hidden, w.dims()[2]} ||
        r.dims() != std::vector<int64_t>{dirs, 4 * hidden, hidden})
      return false;
    for (size_t i = 3; i < n->inputs().size(); ++i)
      if (i != 4 && n->input(i) && !IsFloatTensor(n->input(i))) return false;
    OL_ASSIGN_OR_RETURN(LstmWeight qw, LstmWeights(w));
    OL_ASSIGN_OR_RETURN(LstmWeight qr, LstmWeights(r));
    const std::string base = n->name().empty() ? wv->name() : n->name();
    ir::Node* q = Node("DynamicQuantizeLSTM", base + "_quant", kMsDomain);
    q->AddInput(x);
    q->AddInput(Init(base + "_W_quantized", std::move(qw.data)));
    q->AddInput(Init(base + "_R_quantized", std::move(qr.data)));
    for (size_t i = 3; i < 8; ++i) q->AddInput(n->input(i));
    q->AddInput(Init(base + "_W_scale", std::move(qw.scale)));
    q->AddInput(Init(base + "_W_zero_point", std::move(qw.zero_point)));
    q->AddInput(Init(base + "_R_scale", std::move(qr.scale)));
    q->AddInput(Init(base + "_R_zero_point", std::move(qr.zero_point)));
    passes::CopyAttributes(*n, q, {"layout"});
    // ONNX Runtime's LSTM kernels require hidden_size; LSTM's own default is W's rows / 4.
    if (!q->FindAttribute("hidden_size"))
      q->SetAttribute(ir::Attribute::Int("hidden_size", hidden));
    const std::vector<ir::Value*> outs = n->outputs();
    g_.RemoveNode(n);
    for (ir::Value* v : outs) q->AddOutput(v);
    DropIfUnused(*wv->owner(), wv);
    DropIfUnused(*rv->owner(), rv);
    return true;
  }

  ir::Graph& g_;
  const DynamicQuantOptions& o_;
  NodeNamer names_;
  std::map<ir::Value*, DynamicInput> dynamic_;
};

}  // namespace

const std::vector<std::string>& DynamicOpTypes() {
  static const std::vector<std::string> kOps = {"Conv", "Gemm", "LSTM", "MatMul"};
  return kOps;
}

Expected<QuantStats> QuantizeDynamic(ir::Model& model, const DynamicQuantOptions& options) {
  OL_RETURN_IF_ERROR(CheckNotQuantized(model));
  OL_RETURN_IF_ERROR(CheckFilter(model, options.filter, DynamicOpTypes()));
  if (!options.ort_format && options.filter.op_types.count("LSTM"))
    return InvalidArgument(
        "--op-types: LSTM is quantized only with --format ort (ONNX Runtime's com.microsoft "
        "DynamicQuantizeLSTM); standard ONNX has no quantized LSTM");
  const int64_t opset = model.OpsetVersion("");
  if (opset < 11)
    return Unsupported("DynamicQuantizeLinear needs opset 11 or later; the model imports opset " +
                       std::to_string(opset));
  // The main graph and every subgraph (If branches, Loop / Scan bodies), outermost first.
  std::vector<ir::Graph*> graphs = {model.graph.get()};
  for (size_t i = 0; i < graphs.size(); ++i)
    for (ir::Node* n : graphs[i]->nodes())
      for (ir::Graph* sub : n->Subgraphs()) graphs.push_back(sub);
  QuantStats stats;
  int float_lstms = 0;
  for (ir::Graph* g : graphs) {
    DynamicRewriter rw(*g, options);
    OL_ASSIGN_OR_RETURN(std::vector<ir::Node*> order, g->TopologicalOrder());
    for (ir::Node* n : order) {
      if (!Selected(*n, options.filter, DynamicOpTypes())) continue;
      const std::string op = n->op_type();
      const std::string what = n->Describe();
      auto done = rw.Rewrite(n);
      if (!done.ok()) return done.status().WithContext(what);
      if (*done) stats.quantized_by_op[op] += 1;
    }
    stats.quantize_nodes += rw.stats.quantize_nodes;
    stats.weights += rw.stats.weights;
    float_lstms += rw.float_lstms;
    OL_RETURN_IF_ERROR(g->SortNodes());
  }
  if (float_lstms > 0)
    stats.warnings.push_back(std::to_string(float_lstms) +
                             " LSTM node(s) left float: standard ONNX has no quantized LSTM "
                             "(--format ort writes ONNX Runtime's DynamicQuantizeLSTM)");
  if (options.ort_format && model.OpsetVersion(kMsDomain) < 1) model.SetOpsetVersion(kMsDomain, 1);
  return stats;
}

}  // namespace onnxlens::quant
