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

}  // namespace onnxlens::ir
