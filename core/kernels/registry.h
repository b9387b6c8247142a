// KernelRegistry: kernels keyed by (domain, op, opset range, provider) with a type predicate.
// Registration is explicit (RegisterReferenceKernels / RegisterCpuKernels call one function per
// kernel file): self-registering statics are dropped by static libraries.
#pragma once

#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "kernels/capability.h"
#include "kernels/kernel.h"

namespace onnxlens::kernels {

struct KernelDef {
  std::string domain;  ///< "" = ai.onnx
  std::string op;
  int since = 1;     ///< first opset version this kernel implements
  int until = 1000;  ///< last opset version (inclusive)
  std::string provider;
  /// Element types of input 0 the kernel handles (empty = any); checked against the IR's
  /// inferred type when it is known.
  std::vector<ir::DataType> types;
  KernelFactory factory;
};

/// A check of what a kernel needs that the graph already tells at session creation (attribute
/// values, optional outputs, known ranks); cases that depend on run-time shapes stay `Decline`s in
/// the kernel.
using CapabilityCheck = std::function<Capability(const KernelInfo&)>;

class KernelRegistry {
 public:
  void Register(KernelDef def);
  /// Adds a creation-time check to the kernels of (domain, op) for `provider`.
  void SetCheck(const std::string& domain, const std::string& op, const std::string& provider,
                CapabilityCheck check);
  /// The kernel for `node` at `opset` from `provider`, or null.
  const KernelDef* Find(const ir::Node& node, int64_t opset, const std::string& provider) const;
  /// Whether `provider` takes `node`: a kernel for its (domain, op), the opset, input 0's type,
  /// then the check set for it; a decline says why in a sentence.
  Capability Query(const ir::Node& node, int64_t opset, const std::string& provider) const;
  /// Every (domain, op) with at least one kernel of `provider`.
  std::vector<std::pair<std::string, std::string>> Ops(const std::string& provider) const;

 private:
  std::map<std::pair<std::string, std::string>, std::vector<KernelDef>> defs_;
  std::map<std::tuple<std::string, std::string, std::string>, CapabilityCheck> checks_;
};

/// Plain kernels for every supported op: the oracle the fast kernels are tested against.
void RegisterReferenceKernels(KernelRegistry& registry);
/// Fast CPU kernels (OpenBLAS GEMM, im2col convolution, ...).
void RegisterCpuKernels(KernelRegistry& registry);

constexpr const char* kReferenceProvider = "reference";
constexpr const char* kCpuProvider = "cpu";

}  // namespace onnxlens::kernels
