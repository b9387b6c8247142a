// Kernel registry.
#include "kernels/registry.h"

#include <algorithm>

#include "common/strings.h"

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

void KernelRegistry::SetCheck(const std::string& domain, const std::string& op,
                              const std::string& provider, CapabilityCheck check) {
  checks_[{domain, op, provider}] = std::move(check);
}

Capability KernelRegistry::Query(const ir::Node& node, int64_t opset,
                                 const std::string& provider) const {
  const std::string domain = node.domain() == "ai.onnx" ? "" : node.domain();
  const std::string op = (domain.empty() ? "" : domain + ".") + node.op_type();
  auto it = defs_.find({domain, node.op_type()});
  bool any = false, opset_ok = false;
  std::vector<std::string> ranges, types;
  if (it != defs_.end()) {
    for (const KernelDef& d : it->second) {
      if (d.provider != provider) continue;
      any = true;
      ranges.push_back(std::to_string(d.since) +
                       (d.until >= 1000 ? "+" : "-" + std::to_string(d.until)));
      if (opset < d.since || opset > d.until) continue;
      opset_ok = true;
      for (ir::DataType t : d.types) types.emplace_back(ir::DataTypeName(t));
    }
  }
  if (!any) {
    return Capability::Decline(DeclineReason::kNoKernel,
                               "the " + provider + " provider has no " + op + " kernel");
  }
  if (!opset_ok) {
    return Capability::Decline(DeclineReason::kOpsetVersion,
                               "the " + provider + " " + op + " kernel covers opset " +
                                   Join(ranges, ", ") + ", the model uses opset " +
                                   std::to_string(opset));
  }
  const KernelDef* def = Find(node, opset, provider);
  if (!def) {
    const ir::Value* in0 = node.input(0);
    return Capability::Decline(
        DeclineReason::kDataType,
        "the " + provider + " " + op + " kernel takes " + Join(types, " or ") + ", input " +
            Quote(in0 ? in0->name() : std::string("0")) + " is " +
            std::string(in0 ? ir::DataTypeName(in0->type().elem_type) : "missing"));
  }
  auto check = checks_.find({domain, node.op_type(), provider});
  if (check != checks_.end()) return check->second(KernelInfo{node, opset, 1});
  return Capability::Accept();
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

std::string_view DeclineReasonName(DeclineReason reason) {
  switch (reason) {
    case DeclineReason::kNone:
      return "";
    case DeclineReason::kNoKernel:
      return "no-kernel";
    case DeclineReason::kOpsetVersion:
      return "opset-version";
    case DeclineReason::kDataType:
      return "data-type";
    case DeclineReason::kAttribute:
      return "attribute";
    case DeclineReason::kRank:
      return "rank";
    case DeclineReason::kDynamicShape:
      return "dynamic-shape";
    case DeclineReason::kSizeThreshold:
      return "size-threshold";
    case DeclineReason::kOutputs:
      return "outputs";
    case DeclineReason::kRunTime:
      return "run-time";
    case DeclineReason::kPreferred:
      return "preferred";
  }
  return "";
}

}  // namespace onnxlens::kernels
