// An execution provider (as ONNX Runtime's IExecutionProvider): a name, its kernel registry, the
// allocator its kernels' tensors come from, and Capability(graph, node) — accept, or a reason code
// and a sentence. The partitioner (providers/partitioner.h) asks each provider in preference order.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "ir/buffer_allocator.h"
#include "ir/graph.h"
#include "kernels/capability.h"
#include "kernels/registry.h"

namespace onnxlens::providers {

using kernels::Capability;
using kernels::DeclineReason;

class ExecutionProvider {
 public:
  virtual ~ExecutionProvider() = default;
  ExecutionProvider(const ExecutionProvider&) = delete;
  ExecutionProvider& operator=(const ExecutionProvider&) = delete;

  const std::string& name() const { return name_; }
  const kernels::KernelRegistry& registry() const { return registry_; }
  /// Where the tensors its kernels make come from while a session runs.
  ir::BufferAllocator& allocator() const { return *allocator_; }

  /// Whether this provider runs `node` of `graph` at `opset` (the model's opset of the node's
  /// domain). The default asks the registry: a kernel for (domain, op), the opset range, input
  /// types, then the kernel's creation-time check.
  virtual Capability GetCapability(const ir::Graph& graph, const ir::Node& node,
                                   int64_t opset) const;

  /// Whether its kernels' library parallelizes with OpenMP (oneDNN): a session running nodes on
  /// it then runs its intra-op pool on OpenMP too, so one set of threads serves every kernel.
  virtual bool UsesOpenMp() const { return false; }

 protected:
  ExecutionProvider(std::string name, std::shared_ptr<ir::BufferAllocator> allocator);
  kernels::KernelRegistry& mutable_registry() { return registry_; }

 private:
  std::string name_;
  kernels::KernelRegistry registry_;
  std::shared_ptr<ir::BufferAllocator> allocator_;
};

}  // namespace onnxlens::providers
