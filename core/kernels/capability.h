// Whether a provider takes a node, and if not why: a reason code (plain data the CLI prints and the
// GUI colours and translates) and a sentence naming what was wrong.
#pragma once

#include <string>
#include <string_view>

namespace onnxlens::kernels {

/// Why a provider declined a node. Stable codes; add new ones at the end.
enum class DeclineReason {
  kNone = 0,       ///< accepted
  kNoKernel,       ///< the provider has no kernel for this (domain, op)
  kOpsetVersion,   ///< it has one, but not for the model's opset of the node's domain
  kDataType,       ///< an input's element type is not one the kernel takes
  kAttribute,      ///< an attribute value the kernel does not handle
  kRank,           ///< an input's rank the kernel does not handle
  kDynamicShape,   ///< needs a shape that is only known at run time
  kSizeThreshold,  ///< too small to pay for the provider's overhead
  kOutputs,        ///< an optional output the kernel does not produce
  kRunTime,        ///< the kernel declined at run time for these input shapes
  kPreferred,      ///< another provider's kernel is as fast and computes ONNX Runtime's bits
};

/// "no-kernel", "data-type", ...: for JSON and logs.
std::string_view DeclineReasonName(DeclineReason reason);

struct Capability {
  DeclineReason reason = DeclineReason::kNone;
  std::string sentence;  ///< why not, in a sentence naming the op, input or attribute (empty if ok)

  bool accepted() const { return reason == DeclineReason::kNone; }
  static Capability Accept() { return {}; }
  static Capability Decline(DeclineReason reason, std::string sentence) {
    return {reason, std::move(sentence)};
  }
};

}  // namespace onnxlens::kernels
