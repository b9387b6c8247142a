// Makes providers by name, so the session depends on no specific provider.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/status.h"
#include "ir/buffer_allocator.h"
#include "providers/execution_provider.h"

namespace onnxlens::providers {

constexpr const char* kDnnl = "dnnl";            ///< oneDNN kernels (Conv, pooling, MatMul, Gemm)
constexpr const char* kCpu = "cpu";              ///< our float kernels on OpenBLAS
constexpr const char* kReference = "reference";  ///< a plain kernel per op: oracle, last fallback

/// What every provider is made with.
struct ProviderConfig {
  /// The allocator of its kernels' tensors (the runtime's buffer cache); default: plain aligned.
  std::shared_ptr<ir::BufferAllocator> allocator;
};

/// Every provider name CreateProvider knows, in the default preference order.
std::vector<std::string> KnownProviders();

/// The provider called `name`; an error naming it and listing the known ones otherwise.
Expected<std::unique_ptr<ExecutionProvider>> CreateProvider(const std::string& name,
                                                            const ProviderConfig& config = {});

/// Providers made from an order: owned, and as the partitioner's list.
struct ProviderSet {
  std::vector<std::unique_ptr<ExecutionProvider>> owned;
  std::vector<const ExecutionProvider*> order;
};

/// Every provider of `names`, in that order (no fallback appended: see ResolveProviderOrder).
Expected<ProviderSet> CreateProviders(const std::vector<std::string>& names,
                                      const ProviderConfig& config = {});

/// `requested` checked (known names, no repeats) with the reference provider appended when it is
/// missing: it is the last fallback of every order.
Expected<std::vector<std::string>> ResolveProviderOrder(const std::vector<std::string>& requested);

/// The NCHWc block the layout level's nchwc-transformer uses for a session with provider `order`:
/// the machine's block (ir/nchwc.h) when a provider whose kernels run blocked chains fast (dnnl)
/// is in the order, else 0 (the reference kernels would run them, correctly but slowly).
int NchwcBlockFor(const std::vector<std::string>& order);

}  // namespace onnxlens::providers
