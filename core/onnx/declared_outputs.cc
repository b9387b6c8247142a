// Declared output types around shape inference.
#include "onnx/declared_outputs.h"

#include <unordered_set>

#include "common/strings.h"
#include "ir/type_info.h"
#include "onnx/proto_convert.h"

namespace onnxlens::onnx_io {

namespace {

std::string Text(const onnx::TypeProto& t) { return ir::TypeToString(TypeFromProto(t)); }

// Why `declared` and `inferred` cannot both hold, or "" when they can.
std::string Disagreement(const onnx::TypeProto_Tensor& declared,
                         const onnx::TypeProto_Tensor& inferred) {
  if (declared.elem_type() != 0 && inferred.elem_type() != 0 &&
      declared.elem_type() != inferred.elem_type()) {
    return "element type";
  }
  if (!declared.has_shape() || !inferred.has_shape()) return "";
  const auto& a = declared.shape();
  const auto& b = inferred.shape();
  if (a.dim_size() != b.dim_size()) return "rank";
  for (int i = 0; i < a.dim_size(); ++i) {
    if (a.dim(i).has_dim_value() && b.dim(i).has_dim_value() &&
        a.dim(i).dim_value() != b.dim(i).dim_value()) {
      return "dimension " + std::to_string(i);
    }
  }
  return "";
}

// ONNX's mergeInShapeInfo for shapes that agree: a known value wins; else the declared name.
void Merge(const onnx::TypeProto_Tensor& inferred, onnx::TypeProto_Tensor* into) {
  if (into->elem_type() == 0) into->set_elem_type(inferred.elem_type());
  if (!inferred.has_shape()) return;
  if (!into->has_shape()) {
    *into->mutable_shape() = inferred.shape();
    return;
  }
  for (int i = 0; i < into->shape().dim_size(); ++i) {
    auto* dim = into->mutable_shape()->mutable_dim(i);
    const auto& src = inferred.shape().dim(i);
    if (src.has_dim_value()) {
      dim->set_dim_value(src.dim_value());
    } else if (!dim->has_dim_value() && !dim->has_dim_param() && src.has_dim_param()) {
      dim->set_dim_param(src.dim_param());
    }
  }
}

}  // namespace

DeclaredOutputs::DeclaredOutputs(onnx::GraphProto* graph) : graph_(graph) {
  std::unordered_set<std::string> computed;
  for (const auto& n : graph->node()) {
    for (const auto& o : n.output()) computed.insert(o);
  }
  for (int i = 0; i < graph->output_size(); ++i) {
    onnx::ValueInfoProto* out = graph->mutable_output(i);
    if (!out->has_type() || !out->type().has_tensor_type()) continue;
    if (!computed.count(out->name())) continue;
    saved_.push_back({i, out->type()});
    out->clear_type();
  }
}

std::vector<std::string> DeclaredOutputs::MergeBack() {
  std::vector<std::string> warnings;
  for (Saved& s : saved_) {
    onnx::ValueInfoProto* out = graph_->mutable_output(s.index);
    const onnx::TypeProto inferred = out->type();
    *out->mutable_type() = s.declared;
    if (!inferred.has_tensor_type()) continue;  // not inferred (or not a tensor): as declared
    const std::string why = Disagreement(s.declared.tensor_type(), inferred.tensor_type());
    if (!why.empty()) {
      warnings.push_back("output " + Quote(out->name()) + " is declared " + Text(s.declared) +
                         " but shape inference gives " + Text(inferred) + " (" + why +
                         "); the declared type is kept");
      continue;
    }
    Merge(inferred.tensor_type(), out->mutable_type()->mutable_tensor_type());
  }
  saved_.clear();
  return warnings;
}

}  // namespace onnxlens::onnx_io
