// The kernel interface: one OpKernel per node, created when a session is built, computing from an
// OpKernelContext. Control-flow kernels run subgraphs through SubgraphRunner, which the runtime
// implements, so kernels never depend on the runtime.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/status.h"
#include "ir/graph.h"
#include "kernels/rt_value.h"

namespace onnxlens::kernels {

class ParallelRunner;  // kernels/parallel.h

/// The iterations one execution of a Loop node may run when the session sets no other cap
/// (SessionOptions::max_loop_iterations, CLI --max-loop-iterations). 2^20: a trivial body
/// iterates in about 1.1 us here (2^20 of them in 1.2 s), so a runaway trip count (2^40, INT64_MAX
/// with a condition that never turns false) stops in a few seconds, while the loops of real models
/// (greedy decoding, NMS over boxes, per-frame RNNs) run hundreds to tens of thousands of
/// iterations.
inline constexpr int64_t kDefaultMaxLoopIterations = int64_t{1} << 20;

/// Runs one subgraph of the current node with the given inputs (its graph inputs, in order);
/// outer-scope values are taken from the enclosing frame. It also carries the run's limits, so
/// kernels that iterate (Loop, Scan, long transforms) can honour them without the runtime.
class SubgraphRunner {
 public:
  virtual ~SubgraphRunner() = default;
  virtual Expected<std::vector<RtValue>> Run(const ir::Graph& subgraph,
                                             std::vector<RtValue> inputs) = 0;
  /// The most iterations one execution of a Loop may run (0 = no cap).
  virtual int64_t max_loop_iterations() const { return kDefaultMaxLoopIterations; }
  /// Cancelled when the run was cancelled, OutOfRange past its time cap, else Ok: cheap enough
  /// to poll between iterations or chunks of work.
  virtual Status CheckStop() const { return Status::Ok(); }
};

class OpKernelContext {
 public:
  OpKernelContext(const ir::Node& node, std::vector<const RtValue*> inputs,
                  std::vector<RtValue>* outputs, ParallelRunner* pool, SubgraphRunner* subgraphs)
      : node_(node),
        inputs_(std::move(inputs)),
        outputs_(outputs),
        pool_(pool),
        subgraphs_(subgraphs) {}

  const ir::Node& node() const { return node_; }
  size_t num_inputs() const { return inputs_.size(); }
  size_t num_outputs() const { return outputs_->size(); }
  /// The input value, or null for a missing optional input.
  const RtValue* input(size_t i) const { return i < inputs_.size() ? inputs_[i] : nullptr; }
  /// The input tensor, or null when missing or not a tensor.
  const ir::Tensor* tensor(size_t i) const {
    const RtValue* v = input(i);
    return v && v->is_tensor() ? &v->tensor : nullptr;
  }
  /// Like tensor(), but an error naming the node and slot when the input is absent.
  Expected<const ir::Tensor*> RequireTensor(size_t i) const;
  /// True when the node has output slot i and it is wanted (not omitted).
  bool output_wanted(size_t i) const {
    return i < node_.outputs().size() && node_.outputs()[i] != nullptr;
  }
  void SetOutput(size_t i, ir::Tensor t) {
    if (i < outputs_->size()) (*outputs_)[i] = RtValue::FromTensor(std::move(t));
  }
  void SetOutputValue(size_t i, RtValue v) {
    if (i < outputs_->size()) (*outputs_)[i] = std::move(v);
  }
  /// Output slot i as set so far (null past the end), for kernels that post-process an output.
  RtValue* mutable_output(size_t i) { return i < outputs_->size() ? &(*outputs_)[i] : nullptr; }
  ParallelRunner* pool() const { return pool_; }
  SubgraphRunner* subgraphs() const { return subgraphs_; }
  /// SubgraphRunner::CheckStop of the run (Ok outside a session), for long kernels to poll.
  Status CheckStop() const { return subgraphs_ ? subgraphs_->CheckStop() : Status::Ok(); }

  /// An error "node 'x' (Op): <msg>".
  Status Error(const std::string& msg) const;
  /// A fast kernel's "not this case" (kUnsupported): the executor then runs the node with the
  /// next provider's kernel.
  Status Decline(const std::string& msg) const;

 private:
  const ir::Node& node_;
  std::vector<const RtValue*> inputs_;
  std::vector<RtValue>* outputs_;
  ParallelRunner* pool_;
  SubgraphRunner* subgraphs_;
};

class OpKernel {
 public:
  virtual ~OpKernel() = default;
  virtual Status Compute(OpKernelContext& ctx) const = 0;
};

/// What a kernel factory sees when a session is created.
struct KernelInfo {
  const ir::Node& node;
  int64_t opset;  ///< the model's opset for the node's domain
  /// The session's intra-op thread count, for kernels whose library fixes its parallelism when a
  /// primitive is made (oneDNN); 1 outside a session.
  int threads = 1;
  /// The provider a run-time Decline of this kernel hands the node to ("" when none: the
  /// Decline is then an error), for kernels that decline what the next provider does faster.
  std::string fallback;
  /// False when the session is made only to check the model (api's CheckAsSession): kernels
  /// skip the work they do ahead of the first run (oneDNN primitives, reordered weights), which
  /// a session that never runs would only hold in memory (a quarter of a gigabyte for a
  /// 50,000-node network). What they check stays the same.
  bool prepare = true;
  /// False under runtime::SessionOptions::disable_prepacking: the float convolutions (dnnl Conv,
  /// FusedConv, NCHWc Conv, ConvTranspose) keep no copy of their constant weights in their
  /// preferred layout and reorder them on each run, as they do weights computed at run time.
  bool prepack = true;
};

using KernelFactory = std::function<Expected<std::unique_ptr<OpKernel>>(const KernelInfo&)>;

/// A kernel made from a plain function; for kernels with no state prepared at creation.
class FunctionKernel : public OpKernel {
 public:
  using Fn = std::function<Status(OpKernelContext&)>;
  explicit FunctionKernel(Fn fn) : fn_(std::move(fn)) {}
  Status Compute(OpKernelContext& ctx) const override { return fn_(ctx); }

 private:
  Fn fn_;
};

}  // namespace onnxlens::kernels
