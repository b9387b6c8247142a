// ReferenceConstantEvaluator: one node, constant inputs, the reference kernel, no thread pool.
#include "runtime/constant_evaluator.h"

#include <memory>
#include <utility>

#include "common/strings.h"
#include "kernels/kernel.h"
#include "kernels/registry.h"
#include "runtime/buffer_cache.h"

namespace onnxlens::runtime {

namespace {

constexpr size_t kMaxFoldBytes = size_t{256} << 20;

class KernelConstantEvaluator : public passes::ConstantEvaluator {
 public:
  KernelConstantEvaluator() { kernels::RegisterReferenceKernels(registry_); }

  Expected<std::vector<ir::Tensor>> Evaluate(
      const ir::Node& node, int64_t opset,
      const std::vector<const ir::Tensor*>& inputs) const override {
    const kernels::KernelDef* def = registry_.Find(node, opset, kernels::kReferenceProvider);
    if (!def)
      return Unsupported("no reference kernel for " + Quote(node.name()) + " (" + node.op_type() +
                         ")");
    OL_ASSIGN_OR_RETURN(std::unique_ptr<kernels::OpKernel> kernel,
                        def->factory(kernels::KernelInfo{node, opset, 1}));
    std::vector<kernels::RtValue> in(inputs.size());
    std::vector<const kernels::RtValue*> in_ptrs(inputs.size(), nullptr);
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (!inputs[i]) continue;
      in[i] = kernels::RtValue::FromTensor(*inputs[i]);
      in_ptrs[i] = &in[i];
    }
    std::vector<kernels::RtValue> outs(node.outputs().size());
    kernels::OpKernelContext ctx(node, std::move(in_ptrs), &outs, nullptr, nullptr);
    {
      // A file decides what a fold computes (HannWindow(2^31), a Pad to 10^12): a fold may use
      // kMaxFoldBytes at most; past it the node is simply not folded.
      BufferCache budget(kMaxFoldBytes);
      ir::BufferAllocatorScope scope(&budget);
      OL_RETURN_IF_ERROR(kernel->Compute(ctx));
    }
    std::vector<ir::Tensor> values(outs.size());
    for (size_t i = 0; i < outs.size(); ++i) {
      if (!node.output(i)) continue;
      if (!outs[i].is_tensor())
        return Unsupported("output " + std::to_string(i) + " of " + Quote(node.name()) + " (" +
                           node.op_type() + ") is not a tensor");
      values[i] = std::move(outs[i].tensor);
    }
    return values;
  }

 private:
  kernels::KernelRegistry registry_;
};

}  // namespace

const passes::ConstantEvaluator& ReferenceConstantEvaluator() {
  static const KernelConstantEvaluator evaluator;
  return evaluator;
}

}  // namespace onnxlens::runtime
