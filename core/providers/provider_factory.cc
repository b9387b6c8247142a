// The dnnl, cpu and reference providers, and the factory that makes providers by name.
#include "providers/provider_factory.h"

#include "ir/nchwc.h"

#include <algorithm>

#include "common/strings.h"
#include "kernels/dnnl/dnnl_kernels.h"

namespace onnxlens::providers {

namespace {

std::shared_ptr<ir::BufferAllocator> AllocatorOf(const ProviderConfig& config) {
  if (config.allocator) return config.allocator;
  // The default allocator is a never-destroyed singleton: share it without owning it.
  return std::shared_ptr<ir::BufferAllocator>(&ir::DefaultBufferAllocator(),
                                              [](ir::BufferAllocator*) {});
}

class CpuProvider final : public ExecutionProvider {
 public:
  explicit CpuProvider(const ProviderConfig& config)
      : ExecutionProvider(kCpu, AllocatorOf(config)) {
    kernels::RegisterCpuKernels(mutable_registry());
  }
};

class DnnlProvider final : public ExecutionProvider {
 public:
  explicit DnnlProvider(const ProviderConfig& config)
      : ExecutionProvider(kDnnl, AllocatorOf(config)) {
    kernels::dnnl_ep::RegisterDnnlKernels(mutable_registry());
  }
  bool UsesOpenMp() const override { return true; }
};

class ReferenceProvider final : public ExecutionProvider {
 public:
  explicit ReferenceProvider(const ProviderConfig& config)
      : ExecutionProvider(kReference, AllocatorOf(config)) {
    kernels::RegisterReferenceKernels(mutable_registry());
  }
};

}  // namespace

int NchwcBlockFor(const std::vector<std::string>& order) {
  return std::find(order.begin(), order.end(), kDnnl) != order.end() ? ir::NchwcBlockSize() : 0;
}

std::vector<std::string> KnownProviders() { return {kDnnl, kCpu, kReference}; }

Expected<std::unique_ptr<ExecutionProvider>> CreateProvider(const std::string& name,
                                                            const ProviderConfig& config) {
  if (name == kCpu) return std::unique_ptr<ExecutionProvider>(new CpuProvider(config));
  if (name == kDnnl) return std::unique_ptr<ExecutionProvider>(new DnnlProvider(config));
  if (name == kReference) return std::unique_ptr<ExecutionProvider>(new ReferenceProvider(config));
  return InvalidArgument("unknown execution provider " + Quote(name) +
                         " (known: " + Join(KnownProviders(), ", ") + ")");
}

Expected<ProviderSet> CreateProviders(const std::vector<std::string>& names,
                                      const ProviderConfig& config) {
  ProviderSet set;
  for (const std::string& name : names) {
    OL_ASSIGN_OR_RETURN(auto ep, CreateProvider(name, config));
    set.order.push_back(ep.get());
    set.owned.push_back(std::move(ep));
  }
  return set;
}

Expected<std::vector<std::string>> ResolveProviderOrder(const std::vector<std::string>& requested) {
  std::vector<std::string> order;
  const std::vector<std::string> known = KnownProviders();
  for (const std::string& p : requested) {
    if (std::find(known.begin(), known.end(), p) == known.end()) {
      return InvalidArgument("unknown execution provider " + Quote(p) +
                             " (known: " + Join(known, ", ") + ")");
    }
    if (std::find(order.begin(), order.end(), p) != order.end())
      return InvalidArgument("execution provider " + Quote(p) + " is listed twice");
    order.push_back(p);
  }
  if (std::find(order.begin(), order.end(), kReference) == order.end()) order.push_back(kReference);
  return order;
}

}  // namespace onnxlens::providers
