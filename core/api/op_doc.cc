// Operator docs from onnx::OpSchemaRegistry.
#include "api/op_doc.h"

#include <onnx/defs/schema.h>

#include "api/contrib_op_docs.h"

namespace onnxlens::api {

namespace {

std::string AttrTypeText(onnx::AttributeProto::AttributeType t) {
  return onnx::AttributeProto::AttributeType_Name(t);
}

OpFormalParameter Param(const onnx::OpSchema::FormalParameter& p) {
  OpFormalParameter f;
  f.name = p.GetName();
  f.description = p.GetDescription();
  f.type = p.GetTypeStr();
  switch (p.GetOption()) {
    case onnx::OpSchema::Optional:
      f.option = "optional";
      break;
    case onnx::OpSchema::Variadic:
      f.option = "variadic";
      break;
    default:
      break;
  }
  return f;
}

}  // namespace

std::optional<OpDoc> FindOpDoc(const std::string& domain, const std::string& op_type,
                               int64_t opset) {
  const std::string d = domain == "ai.onnx" ? "" : domain;
  const onnx::OpSchema* s = onnx::OpSchemaRegistry::Schema(op_type, static_cast<int>(opset), d);
  // ONNX defines LayerNormalization from opset 17; ONNX Runtime also registers it in the ai.onnx
  // domain for opsets 1-16, and its layer-norm fusion (and ours for the ORT format) writes it
  // there. Shown with the opset-17 schema (the same inputs and attributes) and said to be ONNX
  // Runtime's.
  std::string prefix;
  if (!s && d.empty() && op_type == "LayerNormalization" && opset < 17) {
    s = onnx::OpSchemaRegistry::Schema(op_type, 17, d);
    prefix =
        "ONNX Runtime's LayerNormalization: ONNX defines this op from opset 17 on; ONNX Runtime "
        "also runs it in the ai.onnx domain at opset " +
        std::to_string(opset) +
        " (its layer-norm fusion writes it there), with the inputs and attributes below. ONNX's "
        "checker and other runtimes reject it before opset 17 (export with --format standard "
        "for a file every runtime loads).\n\n";
  }
  if (!s) return d == "com.microsoft" ? FindContribOpDoc(op_type) : std::nullopt;
  OpDoc doc;
  doc.domain = d;
  doc.op_type = op_type;
  doc.since_version = s->SinceVersion();
  doc.doc = prefix + (s->doc() ? s->doc() : "");
  doc.deprecated = s->Deprecated();
  for (const auto& p : s->inputs()) doc.inputs.push_back(Param(p));
  for (const auto& p : s->outputs()) doc.outputs.push_back(Param(p));
  for (const auto& [name, a] : s->attributes())
    doc.attributes.push_back({name, a.description, AttrTypeText(a.type), a.required});
  for (const auto& c : s->typeConstraintParams())
    doc.type_constraints.push_back({c.type_param_str, c.allowed_type_strs, c.description});
  return doc;
}

}  // namespace onnxlens::api
