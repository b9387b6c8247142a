// ONNX Runtime's op registry beyond ONNX's (names from its CPU provider's contrib kernels), and
// the load check built on it. See ort_loadable.h.
#include "onnx/ort_loadable.h"

#include <onnx/checker.h>
#include <onnx/defs/schema.h>

#include <map>
#include <set>
#include <string_view>

#include "common/strings.h"
#include "onnx/exporter.h"

namespace onnxlens::onnx_io {

namespace {

// com.microsoft ops ONNX Runtime's CPU provider has kernels for (contrib ops, quantized ops).
const std::set<std::string_view>& MicrosoftCpuOps() {
  static const std::set<std::string_view> ops = {"Attention",
                                                 "AttnLSTM",
                                                 "BeamSearch",
                                                 "BiasGelu",
                                                 "BifurcationDetector",
                                                 "CDist",
                                                 "ConvTransposeWithDynamicPads",
                                                 "CropAndResize",
                                                 "DecoderMaskedMultiHeadAttention",
                                                 "DequantizeLinear",
                                                 "DynamicQuantizeLSTM",
                                                 "DynamicQuantizeMatMul",
                                                 "DynamicTimeWarping",
                                                 "EmbedLayerNormalization",
                                                 "ExpandDims",
                                                 "FastGelu",
                                                 "FusedConv",
                                                 "FusedGemm",
                                                 "FusedMatMul",
                                                 "GatherBlockQuantized",
                                                 "GatherND",
                                                 "Gelu",
                                                 "GreedySearch",
                                                 "GridSample",
                                                 "GroupQueryAttention",
                                                 "Inverse",
                                                 "LayerNormalization",
                                                 "MatMulBnb4",
                                                 "MatMulFpQ4",
                                                 "MatMulInteger16",
                                                 "MatMulIntegerToFloat",
                                                 "MatMulNBits",
                                                 "MaxpoolWithMask",
                                                 "MultiHeadAttention",
                                                 "MurmurHash3",
                                                 "NGramRepeatBlock",
                                                 "NhwcFusedConv",
                                                 "NhwcMaxPool",
                                                 "Pad",
                                                 "QAttention",
                                                 "QEmbedLayerNormalization",
                                                 "QGemm",
                                                 "QLinearAdd",
                                                 "QLinearAveragePool",
                                                 "QLinearConcat",
                                                 "QLinearConv",
                                                 "QLinearGlobalAveragePool",
                                                 "QLinearLeakyRelu",
                                                 "QLinearMul",
                                                 "QLinearSigmoid",
                                                 "QLinearSoftmax",
                                                 "QLinearWhere",
                                                 "QuantizeLinear",
                                                 "QuickGelu",
                                                 "Range",
                                                 "RotaryEmbedding",
                                                 "Sampling",
                                                 "SimplifiedLayerNormalization",
                                                 "SkipLayerNormalization",
                                                 "SkipSimplifiedLayerNormalization",
                                                 "SparseAttention",
                                                 "SparseToDenseMatMul",
                                                 "Tokenizer",
                                                 "TransposeMatMul",
                                                 "Trilu",
                                                 "UnfoldTensor",
                                                 "Unique",
                                                 "WhisperBeamSearch",
                                                 "WordConvEmbedding"};
  return ops;
}

// com.microsoft.nchwc: the blocked-layout ops ONNX Runtime's own optimizer writes.
const std::set<std::string_view>& NchwcOps() {
  static const std::set<std::string_view> ops = {"AveragePool",   "Conv",    "GlobalAveragePool",
                                                 "GlobalMaxPool", "MaxPool", "ReorderInput",
                                                 "ReorderOutput", "Upsample"};
  return ops;
}

// ai.onnx ops ONNX Runtime keeps up to an opset where ONNX has none (former experimental ops and
// contrib ops registered in the ONNX domain): op -> the last opset it registers them for.
const std::map<std::string_view, int64_t>& OnnxDomainExtras() {
  static const std::map<std::string_view, int64_t> ops = {{"Affine", 1000},
                                                          {"Crop", 1000},
                                                          {"DynamicSlice", 1000},
                                                          {"ImageScaler", 1000},
                                                          {"LayerNormalization", 16},
                                                          {"MeanVarianceNormalization", 8},
                                                          {"ParametricSoftplus", 1000},
                                                          {"ScaledTanh", 1000},
                                                          {"Scale", 1000},
                                                          {"SimplifiedLayerNormalization", 1000},
                                                          {"ThresholdedRelu", 9}};
  return ops;
}

std::string FirstLineOf(const std::string& s) { return s.substr(0, s.find('\n')); }

bool IsOnnxDomain(const std::string& d) { return d.empty() || d == "ai.onnx"; }

using Opsets = std::map<std::string, int64_t>;

Opsets OpsetsOf(const google::protobuf::RepeatedPtrField<onnx::OperatorSetIdProto>& imports) {
  Opsets out;
  for (const auto& o : imports) out[IsOnnxDomain(o.domain()) ? "" : o.domain()] = o.version();
  return out;
}

struct Walker {
  std::set<std::pair<std::string, std::string>> functions;  // (domain, name)
  std::vector<std::string> findings;
  size_t max_findings;
  bool rewrote = false;

  void Add(std::string finding) {
    if (findings.size() < max_findings) findings.push_back(std::move(finding));
  }

  // Checks every node of `nodes` (and of their subgraphs); ai.onnx nodes of ONNX Runtime's own
  // ops move to com.microsoft so that the checker, which knows only ONNX's, passes them.
  void Nodes(google::protobuf::RepeatedPtrField<onnx::NodeProto>* nodes, const Opsets& opsets) {
    for (onnx::NodeProto& n : *nodes) {
      Node(n, opsets);
      for (onnx::AttributeProto& a : *n.mutable_attribute()) {
        if (a.has_g()) Nodes(a.mutable_g()->mutable_node(), opsets);
        for (onnx::GraphProto& g : *a.mutable_graphs()) Nodes(g.mutable_node(), opsets);
      }
    }
  }

  void Node(onnx::NodeProto& n, const Opsets& opsets) {
    const std::string domain = IsOnnxDomain(n.domain()) ? "" : n.domain();
    const std::string shown = domain.empty() ? "ai.onnx" : domain;
    const std::string what = "node " + Quote(n.name()) + " (" + shown + "." + n.op_type() + ")";
    if (functions.count({n.domain(), n.op_type()})) return;
    const auto it = opsets.find(domain);
    const int64_t opset = it == opsets.end() ? -1 : it->second;
    if (domain.empty() || domain == "ai.onnx.ml") {
      if (opset < 0) return;  // the checker names the missing opset import
      if (onnx::OpSchemaRegistry::Schema(n.op_type(), static_cast<int>(opset), domain)) return;
      if (domain.empty() && OrtRegistersBeyondOnnx(domain, n.op_type(), opset)) {
        n.set_domain("com.microsoft");
        rewrote = true;
        return;
      }
      Add(what + ": neither ONNX nor ONNX Runtime has this op at opset " + std::to_string(opset));
      return;
    }
    if (domain == "com.microsoft") {
      if (!MicrosoftCpuOps().count(n.op_type()))
        Add(what + ": not one of ONNX Runtime's com.microsoft ops");
      return;
    }
    if (domain == "com.microsoft.nchwc") {
      if (!NchwcOps().count(n.op_type()))
        Add(what + ": not one of ONNX Runtime's com.microsoft.nchwc ops");
      return;
    }
    Add(what + ": the domain " + Quote(shown) +
        " is not ONNX Runtime's; it loads only with a custom op library that registers it");
  }
};

}  // namespace

bool OrtRegistersBeyondOnnx(const std::string& domain, const std::string& op_type, int64_t opset) {
  if (!IsOnnxDomain(domain)) return false;
  const auto it = OnnxDomainExtras().find(op_type);
  return it != OnnxDomainExtras().end() && opset >= 1 && opset <= it->second;
}

namespace {

// Node names met twice in one graph (ONNX Runtime refuses them; ONNX's checker does not look),
// in this graph and every subgraph.
void DuplicateNames(const ir::Graph& g, std::vector<std::string>* findings, size_t max) {
  std::set<std::string> seen, reported;
  for (const ir::Node* n : g.nodes()) {
    if (!n->name().empty() && !seen.insert(n->name()).second && reported.insert(n->name()).second &&
        findings->size() < max)
      findings->push_back("two nodes are named " + Quote(n->name()) + " in graph " +
                          Quote(g.name()) + "; ONNX Runtime needs node names unique");
    for (const ir::Attribute& a : n->attributes()) {
      if (a.g) DuplicateNames(*a.g, findings, max);
      for (const auto& sub : a.graphs) DuplicateNames(*sub, findings, max);
    }
  }
}

}  // namespace

std::vector<std::string> OrtLoadFindings(const ir::Model& model, size_t max_findings) {
  std::vector<std::string> duplicates;
  DuplicateNames(*model.graph, &duplicates, max_findings);
  auto exported = ExportModel(model);
  if (!exported.ok())
    return {"the model cannot be written as ONNX: " + exported.status().message()};
  onnx::ModelProto& proto = *exported;
  Walker w;
  w.max_findings = max_findings;
  for (const onnx::FunctionProto& f : proto.functions()) w.functions.insert({f.domain(), f.name()});
  w.Nodes(proto.mutable_graph()->mutable_node(), OpsetsOf(proto.opset_import()));
  for (onnx::FunctionProto& f : *proto.mutable_functions())
    w.Nodes(f.mutable_node(), OpsetsOf(f.opset_import()));
  if (w.rewrote && OpsetsOf(proto.opset_import()).count("com.microsoft") == 0) {
    onnx::OperatorSetIdProto* o = proto.add_opset_import();
    o->set_domain("com.microsoft");
    o->set_version(1);
  }
  try {
    onnx::checker::check_model(proto);
  } catch (const std::exception& e) {
    w.findings.push_back("ONNX checker: " + FirstLineOf(e.what()));
  }
  duplicates.insert(duplicates.end(), w.findings.begin(), w.findings.end());
  return duplicates;
}

}  // namespace onnxlens::onnx_io
