// Kernel registry.
#include "kernels/registry.h"

#include <algorithm>

namespace onnxlens::kernels {

void KernelRegistry::Register(KernelDef def) {
  auto key = std::make_pair(def.domain, def.op);
  defs_[key].push_back(std::move(def));
}

const KernelDef* KernelRegistry::Find(const ir::Node& node, int64_t opset,
                                      const std::string& provider) const {
  const std::string domain = node.domain() == "ai.onnx" ? "" : node.domain();
  auto it = defs_.find({domain, node.op_type()});
  if (it == defs_.end()) return nullptr;
  const ir::Value* in0 = node.input(0);
  const ir::DataType t0 =
      in0 && in0->type().is_tensor() ? in0->type().elem_type : ir::DataType::kUndefined;
  for (const KernelDef& d : it->second) {
    if (d.provider != provider || opset < d.since || opset > d.until) continue;
    if (!d.types.empty() && t0 != ir::DataType::kUndefined &&
        std::find(d.types.begin(), d.types.end(), t0) == d.types.end()) {
      continue;
    }
    return &d;
  }
  return nullptr;
}

std::vector<std::pair<std::string, std::string>> KernelRegistry::Ops(
    const std::string& provider) const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [key, defs] : defs_) {
    for (const auto& d : defs) {
      if (d.provider == provider) {
        out.push_back(key);
        break;
      }
    }
  }
  return out;
}

}  // namespace onnxlens::kernels
