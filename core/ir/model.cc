// Model helpers.
#include "ir/model.h"

namespace onnxlens::ir {

int64_t Model::OpsetVersion(std::string_view d) const {
  const bool default_domain = d.empty() || d == "ai.onnx";
  for (const auto& o : opset_imports) {
    const bool od = o.domain.empty() || o.domain == "ai.onnx";
    if ((default_domain && od) || o.domain == d) return o.version;
  }
  return -1;
}

void Model::SetOpsetVersion(std::string_view d, int64_t version) {
  const bool default_domain = d.empty() || d == "ai.onnx";
  for (auto& o : opset_imports) {
    const bool od = o.domain.empty() || o.domain == "ai.onnx";
    if ((default_domain && od) || o.domain == d) {
      o.version = version;
      return;
    }
  }
  opset_imports.push_back({std::string(d), version});
}

std::unique_ptr<Model> Model::Clone() const {
  auto m = std::make_unique<Model>();
  m->ir_version = ir_version;
  m->producer_name = producer_name;
  m->producer_version = producer_version;
  m->domain = domain;
  m->model_version = model_version;
  m->doc_string = doc_string;
  m->opset_imports = opset_imports;
  m->metadata = metadata;
  if (graph) m->graph = graph->Clone();
  m->functions = functions;
  m->function_names = function_names;
  m->training_info = training_info;
  return m;
}

}  // namespace onnxlens::ir
