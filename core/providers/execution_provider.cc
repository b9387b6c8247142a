// ExecutionProvider's default capability: what its registry says.
#include "providers/execution_provider.h"

namespace onnxlens::providers {

ExecutionProvider::ExecutionProvider(std::string name,
                                     std::shared_ptr<ir::BufferAllocator> allocator)
    : name_(std::move(name)), allocator_(std::move(allocator)) {}

Capability ExecutionProvider::GetCapability(const ir::Graph&, const ir::Node& node,
                                            int64_t opset) const {
  return registry_.Query(node, opset, name_);
}

}  // namespace onnxlens::providers
