// Session creation (kernel resolution, planning) and execution: the sequential executor, and the
// entry of the parallel one (whose scheduling is in session_parallel.cc; the plan types and
// Session::Impl in session_impl.h).
#include "runtime/session.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <new>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "common/strings.h"
#include "ir/buffer_allocator.h"
#include "ir/cost.h"
#include "kernels/kernel.h"
#include "onnx/node_validator.h"
#include "passes/pass_manager.h"
#include "providers/provider_factory.h"
#include "runtime/blas_threads.h"
#include "runtime/buffer_cache.h"
#include "runtime/constant_evaluator.h"
#include "runtime/inter_op_pool.h"
#include "runtime/memory/session_memory.h"
#include "runtime/session_impl.h"
#include "runtime/thread_pool.h"

namespace onnxlens::runtime {

namespace {

using kernels::OpKernel;
using kernels::OpKernelContext;

const RtValue* Resolve(Frame* f, SlotRef r) {
  for (int i = 0; i < r.depth && f; ++i) f = f->parent;
  if (!f || r.slot < 0) return nullptr;
  return &f->slots[static_cast<size_t>(r.slot)];
}

int Depth(const ir::Graph* from, const ir::Graph* owner) {
  int d = 0;
  for (const ir::Graph* g = from; g && g != owner; g = g->parent()) ++d;
  return d;
}

}  // namespace

namespace {

// Runs subgraphs of the node currently executing in `frame`.
class FrameRunner : public kernels::SubgraphRunner {
 public:
  FrameRunner(Session::Impl* impl, const Plan* plan, Frame* frame, ThreadPool* intra)
      : impl_(impl), plan_(plan), frame_(frame), intra_(intra) {}
  Expected<std::vector<RtValue>> Run(const ir::Graph& g, std::vector<RtValue> inputs) override {
    OL_RETURN_IF_ERROR(impl_->CheckStop());
    auto it = plan_->subplans.find(&g);
    if (it == plan_->subplans.end()) return Internal("no plan for subgraph " + Quote(g.name()));
    return impl_->Execute(*it->second, frame_, std::move(inputs), intra_);
  }
  int64_t max_loop_iterations() const override { return impl_->options.max_loop_iterations; }
  Status CheckStop() const override { return impl_->CheckStop(); }

 private:
  Session::Impl* impl_;
  const Plan* plan_;
  Frame* frame_;
  ThreadPool* intra_;  ///< the executing thread's intra-op pool
};

}  // namespace

const providers::ExecutionProvider* Session::Impl::Provider(const std::string& name) const {
  for (const auto& ep : providers) {
    if (ep->name() == name) return ep.get();
  }
  return nullptr;
}

// The partition's provider (and fallback) for `n`, their kernels made.
Status Session::Impl::ResolveKernels(const ir::Node& n, Step* step, bool in_region) {
  const providers::NodePlacement* placed = partition.Find(n.id());
  if (!placed || placed->provider.empty()) return Status::Ok();  // reported as unsupported
  const std::string domain = n.domain() == "ai.onnx" ? "" : n.domain();
  const int64_t opset = model->OpsetVersion(domain);
  bool wide = false;  // making the wide kernels
  auto make = [&](const std::string& name, const std::string& fallback,
                  const providers::ExecutionProvider** ep,
                  std::unique_ptr<OpKernel>* kernel) -> Status {
    *ep = Provider(name);
    const kernels::KernelDef* def = *ep ? (*ep)->registry().Find(n, opset, name) : nullptr;
    if (!def)
      return Internal("provider " + Quote(name) + " accepted " + n.Describe() +
                      " but has no kernel for it");
    const int threads = step->wide || wide ? wide_pool->threads() : pool->threads();
    OL_ASSIGN_OR_RETURN(*kernel, def->factory(kernels::KernelInfo{n, opset, threads, fallback,
                                                                  options.prepare_kernels,
                                                                  !options.disable_prepacking}));
    return Status::Ok();
  };
  OL_RETURN_IF_ERROR(make(placed->provider, placed->fallback, &step->ep, &step->kernel));
  step->provider = placed->provider;
  if (!placed->fallback.empty())
    OL_RETURN_IF_ERROR(make(placed->fallback, "", &step->fallback_ep, &step->fallback));
  if (in_region && !step->wide && wide_pool && wide_pool->threads() != pool->threads()) {
    wide = true;
    const providers::ExecutionProvider* ep = nullptr;
    OL_RETURN_IF_ERROR(make(placed->provider, placed->fallback, &ep, &step->wide_kernel));
    if (!placed->fallback.empty())
      OL_RETURN_IF_ERROR(make(placed->fallback, "", &ep, &step->wide_fallback));
  }
  return Status::Ok();
}

Status Session::Impl::BuildPlan(const ir::Graph& g, Plan* plan) {
  plan->graph = &g;
  auto slot = [&](const ir::Value* v) {
    auto it = plan->slot_of.find(v);
    if (it != plan->slot_of.end()) return it->second;
    const int s = plan->num_slots++;
    plan->slot_of.emplace(v, s);
    return s;
  };
  for (const ir::Value* v : g.inputs()) plan->input_slots.push_back(slot(v));
  for (const ir::Value* v : g.initializers())
    plan->initializers.emplace_back(slot(v), v->initializer());
  OL_ASSIGN_OR_RETURN(std::vector<ir::Node*> order, g.TopologicalOrder());
  plan->steps.reserve(order.size());  // kept for the session's life: no slack from growing
  std::unordered_map<int, size_t> last_use;
  for (size_t i = 0; i < order.size(); ++i) {
    const ir::Node* n = order[i];
    Step step;
    step.node = n;
    step.wide = &g == model->graph.get() && i < wide_steps.size() && wide_steps[i];
    const bool in_region = &g == model->graph.get() && i < serial_pinned.size() && serial_pinned[i];
    OL_RETURN_IF_ERROR(ResolveKernels(*n, &step, in_region));
    for (const ir::Value* v : n->inputs()) {
      if (!v) {
        step.inputs.push_back({0, -1});
      } else if (v->owner() == &g) {
        const int s = slot(v);
        step.inputs.push_back({0, s});
        last_use[s] = i;
      } else {
        // outer-scope read; the owning frame is `Depth` frames up at run time
        step.inputs.push_back({-1, -1});
      }
    }
    for (const ir::Value* v : n->outputs()) step.outputs.push_back(v ? slot(v) : -1);
    step.may_overwrite_inputs = memory::MayOverwriteInputs(*n, step.provider);
    for (const ir::Value* v : n->inputs())
      step.input_is_parameter.push_back(v && v->is_initializer());
    {
      auto info = std::make_shared<profiling::NodeEventInfo>();
      info->label = profiling::NodeLabel(n->name(), n->op_type(), n->id());
      info->op_name = n->op_type();
      info->provider = step.provider;
      info->node_index = n->id();
      if (&g == model->graph.get()) {
        for (ir::NodeId o : n->origins) {
          auto it = original_labels.find(o);
          if (it != original_labels.end()) info->origins.push_back(it->second);
        }
      }
      if (step.fallback_ep) {
        auto fallback_info = std::make_shared<profiling::NodeEventInfo>(*info);
        fallback_info->provider = step.fallback_ep->name();
        step.fallback_info = std::move(fallback_info);
      }
      step.info = info;
      step.label = std::shared_ptr<const std::string>(step.info, &info->label);
    }
    step.has_subgraphs = n->HasSubgraphs();
    if (step.has_subgraphs) {
      for (const ir::Value* v : n->OuterScopeInputs()) {
        if (v->owner() == &g) last_use[slot(v)] = i;
      }
      for (ir::Graph* sub : n->Subgraphs()) {
        auto sp = std::make_unique<Plan>();
        OL_RETURN_IF_ERROR(BuildPlan(*sub, sp.get()));
        plan->subplans.emplace(sub, std::move(sp));
      }
    }
    plan->steps.push_back(std::move(step));
  }
  // Outer-scope refs: resolved against the ancestor that owns the value (its plan's slot map).
  for (Step& step : plan->steps) {
    for (size_t k = 0; k < step.inputs.size(); ++k) {
      if (step.inputs[k].depth != -1) continue;
      const ir::Value* v = step.node->inputs()[k];
      const int depth = Depth(&g, v->owner());
      step.inputs[k] = {depth, -2};  // slot filled below
    }
  }
  for (const ir::Value* v : g.outputs()) {
    if (v->owner() == &g) {
      plan->outputs.push_back({0, slot(v)});
      last_use.erase(slot(v));
      last_use[slot(v)] = order.size();  // never freed
    } else {
      plan->outputs.push_back({Depth(&g, v->owner()), -2});
    }
  }
  for (const auto& [s, i] : last_use) {
    if (i < plan->steps.size()) plan->steps[i].free_after.push_back(s);
  }
  return Status::Ok();
}

namespace {

// Fills the slots of outer-scope refs (-2) by looking the value up in the ancestor plans.
void ResolveOuterSlots(Plan* plan, std::vector<const Plan*>& ancestors) {
  auto find = [&](const ir::Value* v, int depth) -> int {
    const Plan* p = ancestors[ancestors.size() - static_cast<size_t>(depth)];
    auto it = p->slot_of.find(v);
    return it == p->slot_of.end() ? -1 : it->second;
  };
  for (Step& step : plan->steps) {
    for (size_t k = 0; k < step.inputs.size(); ++k) {
      if (step.inputs[k].slot == -2)
        step.inputs[k].slot = find(step.node->inputs()[k], step.inputs[k].depth);
    }
  }
  for (size_t k = 0; k < plan->outputs.size(); ++k) {
    if (plan->outputs[k].slot == -2)
      plan->outputs[k].slot = find(plan->graph->outputs()[k], plan->outputs[k].depth);
  }
  ancestors.push_back(plan);
  for (auto& [g, sub] : plan->subplans) ResolveOuterSlots(sub.get(), ancestors);
  ancestors.pop_back();
}

}  // namespace

Expected<std::vector<RtValue>> Session::Impl::Execute(const Plan& plan, Frame* parent,
                                                      std::vector<RtValue> inputs,
                                                      ThreadPool* intra) {
  Frame frame{&plan, {}, parent};
  if (parent == nullptr) frame.slots.swap(spare_slots);
  frame.slots.resize(static_cast<size_t>(plan.num_slots));
  // The main graph's slots go back empty to spare_slots however the run ends.
  struct KeepSlots {
    Frame* frame;
    std::vector<RtValue>* spare;
    ~KeepSlots() {
      if (!spare) return;
      for (RtValue& v : frame->slots) v = RtValue();
      spare->swap(frame->slots);
    }
  } keep_slots{&frame, parent == nullptr ? &spare_slots : nullptr};
  for (const auto& [s, t] : plan.initializers) frame.slots[s] = RtValue::FromTensor(*t);
  if (inputs.size() > plan.input_slots.size()) {
    return InvalidArgument("graph " + Quote(plan.graph->name()) + " takes " +
                           std::to_string(plan.input_slots.size()) + " inputs, got " +
                           std::to_string(inputs.size()));
  }
  for (size_t i = 0; i < inputs.size(); ++i)
    frame.slots[plan.input_slots[i]] = std::move(inputs[i]);
  const auto& observe = options.observe_value;
  const bool observed = parent == nullptr && observe;
  if (observed) {
    const auto& graph_inputs = plan.graph->inputs();
    for (size_t i = 0; i < inputs.size() && i < graph_inputs.size(); ++i) {
      const RtValue& v = frame.slots[plan.input_slots[i]];
      if (!v.empty()) observe(graph_inputs[i]->name(), v);
    }
  }
  // The memory plan follows the main graph's steps of a sequential run; subgraphs' allocations
  // belong to their step. The parallel executor runs a signature's recording run sequentially
  // (its steps with the pools they have in parallel), and then serves the plan to its threads.
  memory::SessionMemory* mem = parent ? nullptr : memory.get();
  if (inter_op && parent == nullptr && !observed && !mem->recording() && AnySideBySide()) {
    OL_RETURN_IF_ERROR(RunParallel(plan, &frame));
  } else {
    for (size_t si = 0; si < plan.steps.size(); ++si) {
      const Step& step = plan.steps[si];
      // A node with subgraphs (If, Loop, Scan) is not planned: its bodies' allocations would all
      // count as this one step (a Loop's iterations alive at once) and an If may take the other
      // branch next run. They come from the dynamic arena; the frees after it are the step's.
      const bool planned = mem && !step.has_subgraphs;
      if (mem) mem->BeginStep(planned ? static_cast<int>(si) : -1);
      // A subgraph's stop is named by the node that runs it (the Loop, not a body node).
      if (Status stop = CheckStop(); !stop.ok()) {
        if (parent || stop.code() == StatusCode::kCancelled) return stop;
        return stop.WithContext("node " + step.node->Describe());
      }
      // The parallel executor's steps that run alone, and those of regions run one after
      // another (wide kernels), have the whole budget here too.
      ThreadPool* step_pool = parent || !inter_op             ? intra
                              : step.wide || step.wide_kernel ? wide_pool.get()
                                                              : intra;
      OL_RETURN_IF_ERROR(
          RunStep(plan, step, &frame, step_pool, planned ? mem : nullptr, static_cast<int>(si)));
      if (mem && !planned) mem->BeginStep(static_cast<int>(si));
      if (observed) {
        const auto& outs = step.node->outputs();
        for (size_t i = 0; i < step.outputs.size() && i < outs.size(); ++i) {
          const int s = step.outputs[i];
          if (s >= 0 && outs[i] && !frame.slots[s].empty())
            observe(outs[i]->name(), frame.slots[s]);
        }
      }
      for (int s : step.free_after) frame.slots[s] = RtValue();
      if (mem && profiler) {
        const uint64_t live = mem->live_bytes();
        if (live != memory_counter_bytes) {
          profiler->AddCounter("memory", profiler->NowUs(), live);
          memory_counter_bytes = live;
        }
      }
    }
  }
  std::vector<RtValue> result;
  for (const SlotRef& r : plan.outputs) {
    const RtValue* v = Resolve(&frame, r);
    result.push_back(v ? *v : RtValue());
  }
  return result;
}

namespace {

// A kernel's std::vector or new that the system (or the budget, through ir::AllocationRefused)
// refuses becomes an error of its node instead of ending the process with "out of memory".
Status ComputeCatchingBadAlloc(const OpKernel& kernel, OpKernelContext& ctx) {
  try {
    return kernel.Compute(ctx);
  } catch (const ir::AllocationRefused& e) {
    return OutOfRange("node " + ctx.node().Describe() + ": a buffer of the kernel: " + e.what());
  } catch (const std::bad_alloc&) {
    return OutOfRange("node " + ctx.node().Describe() +
                      ": out of memory (a buffer of the kernel needs more memory than the system "
                      "has; lower the input sizes or --max-memory)");
  } catch (const std::length_error& e) {
    return OutOfRange("node " + ctx.node().Describe() + ": a buffer of the kernel is too long (" +
                      e.what() + ")");
  }
}

}  // namespace

Status Session::Impl::CheckStop() const {
  if (cancel && cancel->cancelled()) return Cancelled("the run was cancelled");
  if (deadline != std::chrono::steady_clock::time_point::max() &&
      std::chrono::steady_clock::now() > deadline) {
    char seconds[32];
    std::snprintf(seconds, sizeof(seconds), "%g", options.run_timeout_seconds);
    return OutOfRange("the run took longer than its time cap (--timeout " + std::string(seconds) +
                      " s)");
  }
  return Status::Ok();
}

// Runs one step on the calling thread with `intra` as its intra-op pool; its outputs go to their
// slots (each written by this step alone).
Status Session::Impl::RunStep(const Plan& plan, const Step& step, Frame* frame, ThreadPool* intra,
                              memory::SessionMemory* mem, int index) {
  std::vector<const RtValue*> ins;
  ins.reserve(step.inputs.size());
  for (const SlotRef& r : step.inputs) {
    const RtValue* v = Resolve(frame, r);
    ins.push_back(v && !(v->empty() && r.slot < 0) ? v : nullptr);
  }
  std::vector<RtValue> outs(step.outputs.size());
  FrameRunner runner(this, &plan, frame, intra);
  OpKernelContext ctx(*step.node, ins, &outs, intra, &runner);
  const double t0 = profiler ? BeginNode(step, intra) : 0;
  bool fell_back = false;
  Status st;
  {
    // A light step of a region run one step after another has the whole budget: its wide kernels.
    const bool wide = step.wide_kernel && wide_pool && intra == wide_pool.get();
    kernels::OpKernel* kernel = wide ? step.wide_kernel.get() : step.kernel.get();
    kernels::OpKernel* fallback = wide ? step.wide_fallback.get() : step.fallback.get();
    ir::BufferAllocatorScope buffers(&step.ep->allocator());
    st = ComputeCatchingBadAlloc(*kernel, ctx);
    if (st.code() == StatusCode::kUnsupported && fallback) {
      // A case only run time could tell (input shapes): the next provider runs it.
      outs.assign(step.outputs.size(), RtValue());
      ir::BufferAllocatorScope fallback_buffers(&step.fallback_ep->allocator());
      st = ComputeCatchingBadAlloc(*fallback, ctx);
      fell_back = true;
    }
  }
  if (!st.ok()) {
    if (StartsWith(st.message(), "node ")) return st;
    return st.WithContext("node " + step.node->Describe());
  }
  if (profiler) EndNode(step, fell_back ? step.fallback_info : step.info, ins, outs, t0);
  if (mem) mem->EndStep(index, step.node, !fell_back && step.may_overwrite_inputs, ins, outs);
  for (size_t k = 0; k < step.outputs.size(); ++k) {
    if (step.outputs[k] >= 0) frame->slots[step.outputs[k]] = std::move(outs[k]);
  }
  return Status::Ok();
}

// The main graph on the executor threads: a step starts once its inputs' producers finished (the
// scheduler's lock orders their slot writes before its reads); a slot is freed by the last of its
// readers to finish. The first error stops the run (inter_op_pool.h).
const std::vector<std::string>& Session::Impl::StepLabels() {
  if (step_labels.empty()) {
    step_labels.reserve(main->steps.size());
    for (const Step& step : main->steps) step_labels.push_back(step.info->label);
  }
  return step_labels;
}

uint64_t Session::Impl::WeightsBytes() const {
  uint64_t bytes = 0;
  for (const auto& [slot, t] : main->initializers) bytes += t->nbytes();
  return bytes;
}

// "name:1x3x224x224;..." of the fed tensors: a memory plan holds for one such signature.
static std::string ShapeSignature(const ir::Graph& g, const std::vector<RtValue>& feed) {
  std::string sig;
  for (size_t i = 0; i < feed.size() && i < g.inputs().size(); ++i) {
    sig += g.inputs()[i]->name() + ":";
    if (feed[i].is_tensor()) sig += Join(feed[i].tensor.dims(), "x");
    sig += ";";
  }
  return sig;
}

double Session::Impl::BeginNode(const Step& step, ThreadPool* intra) {
  intra->SetLabel(step.label);
  return profiler->NowUs();
}

namespace {

// ONNX Runtime's type names in profiles: float, double, int64, float16, bool, ...
std::string_view ProfileTypeName(ir::DataType t) {
  if (t == ir::DataType::kFloat) return "float";
  if (t == ir::DataType::kDouble) return "double";
  return ir::DataTypeName(t);
}

}  // namespace

// Records shapes and sizes only; the profiler formats the event's arguments when asked for them.
void Session::Impl::EndNode(const Step& step,
                            const std::shared_ptr<const profiling::NodeEventInfo>& info,
                            const std::vector<const RtValue*>& ins,
                            const std::vector<RtValue>& outs, double start_us) {
  profiling::NodeRecord r;
  r.end_us = profiler->NowUs();
  r.start_us = start_us;
  r.info = info;
  r.input_count = static_cast<int32_t>(ins.size());
  // Scratch kept per thread: recording a node allocates nothing once these have grown.
  thread_local std::vector<profiling::TensorTypeRank> tensors;
  thread_local std::vector<int64_t> dims;
  tensors.clear();
  dims.clear();
  auto add = [](const RtValue* v) -> int64_t {
    if (!v || !v->is_tensor()) {
      tensors.emplace_back(std::string_view(), 0);
      return 0;
    }
    const ir::Tensor& t = v->tensor;
    tensors.emplace_back(ProfileTypeName(t.dtype()), static_cast<int32_t>(t.dims().size()));
    dims.insert(dims.end(), t.dims().begin(), t.dims().end());
    return static_cast<int64_t>(t.nbytes());
  };
  for (size_t i = 0; i < ins.size(); ++i) {
    const int64_t bytes = add(ins[i]);
    (step.input_is_parameter[i] ? r.parameter_size : r.activation_size) += bytes;
  }
  for (const RtValue& v : outs) r.output_size += add(&v);
  profiler->AddNode(std::move(r), tensors, dims);
}

Expected<SessionOptions::Executor> ParseExecutor(const std::string& name) {
  if (name == "sequential") return SessionOptions::Executor::kSequential;
  if (name == "parallel") return SessionOptions::Executor::kParallel;
  return InvalidArgument("unknown executor " + Quote(name) + " (sequential, parallel)");
}

uint64_t ResolveMemoryBudget(uint64_t requested) {
  if (requested) return requested;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return uint64_t{8} << 30;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) / 2;
}

Expected<std::shared_ptr<const ir::Model>> PrepareModel(std::shared_ptr<const ir::Model> model,
                                                        const std::string& optimization_level,
                                                        const std::vector<std::string>& providers) {
  if (!model || !model->graph) return InvalidArgument("no model");
  OL_ASSIGN_OR_RETURN(passes::Level level, passes::ParseLevel(optimization_level));
  // Every node checked against its schema before a pass or a kernel trusts it.
  OL_RETURN_IF_ERROR(onnx_io::ValidateModel(*model));
  if (level == passes::Level::kDisabled) return model;
  // Optimize a copy: the caller's model stays as it was.
  std::shared_ptr<ir::Model> optimized = model->Clone();
  passes::OptimizeOptions oo;
  oo.level = level;
  oo.evaluator = &ReferenceConstantEvaluator();
  oo.pass_options.nchwc_block = providers::NchwcBlockFor(providers);
  oo.pass_options.session_only_ops = true;
  OL_RETURN_IF_ERROR(passes::Optimize(*optimized, oo).status());
  return std::shared_ptr<const ir::Model>(std::move(optimized));
}

Session::Session(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Session::~Session() = default;

Expected<std::unique_ptr<Session>> Session::Create(std::shared_ptr<const ir::Model> model,
                                                   const SessionOptions& options) {
  if (!model || !model->graph) return InvalidArgument("no model");
  OL_ASSIGN_OR_RETURN(passes::Level level, passes::ParseLevel(options.optimization_level));
  if (options.max_loop_iterations < 0)
    return InvalidArgument("max_loop_iterations " + std::to_string(options.max_loop_iterations) +
                           " is negative");
  if (!(options.run_timeout_seconds >= 0))
    return InvalidArgument("run_timeout_seconds " + FormatDouble(options.run_timeout_seconds) +
                           " is not a time of 0 s or more");
  std::unordered_map<ir::NodeId, std::string> original_labels;
  if (level != passes::Level::kDisabled && options.enable_profiling) {
    for (const ir::Node* n : model->graph->nodes())
      original_labels[n->id()] = profiling::NodeLabel(n->name(), n->op_type(), n->id());
  }
  OL_ASSIGN_OR_RETURN(
      model, PrepareModel(std::move(model), options.optimization_level, options.providers));
  auto impl = std::make_unique<Impl>();
  impl->original_labels = std::move(original_labels);
  if (options.enable_profiling) {
    impl->profiler = options.profiler ? options.profiler : std::make_shared<profiling::Profiler>();
  }
  const double created = impl->profiler ? impl->profiler->NowUs() : 0;
  impl->model = std::move(model);
  impl->options = options;
  OL_ASSIGN_OR_RETURN(impl->options.providers, providers::ResolveProviderOrder(options.providers));
  impl->memory =
      std::make_shared<memory::SessionMemory>(ResolveMemoryBudget(options.max_memory_bytes),
                                              options.enable_arena, options.enable_mem_pattern);
  OL_ASSIGN_OR_RETURN(providers::ProviderSet eps,
                      providers::CreateProviders(impl->options.providers, {impl->memory}));
  impl->providers = std::move(eps.owned);
  OL_ASSIGN_OR_RETURN(impl->partition, providers::PartitionModel(*impl->model, eps.order));
  if (std::vector<std::string> unsupported = impl->partition.Unplaced(); !unsupported.empty()) {
    return Unsupported("no kernel for " + std::to_string(unsupported.size()) +
                       " op(s): " + Join(unsupported, "; "));
  }
  // One set of threads: when a provider's library runs OpenMP teams (oneDNN), the pool does too.
  bool openmp = false;
  for (const auto& ep : impl->providers) {
    auto placed = impl->partition.counts.find(ep->name());
    if (ep->UsesOpenMp() && placed != impl->partition.counts.end() && placed->second > 0)
      openmp = true;
  }
  // The parallel executor splits the thread budget: inter-op x intra-op <= intra_op_threads.
  const bool parallel = options.executor == SessionOptions::Executor::kParallel;
  const int inter =
      parallel ? ResolveInterOpThreads(options.inter_op_threads, options.intra_op_threads) : 1;
  const int intra =
      inter > 1 ? SplitThreadBudget(options.intra_op_threads, inter) : options.intra_op_threads;
  impl->pool = std::make_unique<ThreadPool>(intra, openmp);
  impl->pools.push_back(impl->pool.get());
  if (inter > 1) {
    // One intra-op thread per executor thread on OpenMP: the light phases run on an OpenMP team,
    // the same threads as the pinned steps' teams (inter_op_pool.h).
    impl->inter_op = std::make_unique<InterOpPool>(inter, openmp && intra == 1);
    for (int i = 1; i < inter; ++i) {
      impl->extra_pools.push_back(std::make_unique<ThreadPool>(intra, openmp));
      impl->pools.push_back(impl->extra_pools.back().get());
    }
    impl->FindWideSteps();
    if (std::find(impl->wide_steps.begin(), impl->wide_steps.end(), true) !=
            impl->wide_steps.end() ||
        !impl->regions.empty())
      impl->wide_pool = std::make_unique<ThreadPool>(options.intra_op_threads, openmp);
    else
      impl->wide_steps.clear();
  }
  // GEMMs are split over the pool (kernels/cpu/sgemm.h); OpenBLAS itself stays single-threaded.
  SetBlasThreads(1);
  impl->main = std::make_unique<Plan>();
  OL_RETURN_IF_ERROR(impl->BuildPlan(*impl->model->graph, impl->main.get()));
  // The main graph's slots and step labels are the session's, made once (a run's first steps
  // then do not fault in 30,000 slots of a long chain).
  impl->spare_slots.resize(static_cast<size_t>(impl->main->num_slots));
  (void)impl->StepLabels();
  std::vector<const Plan*> ancestors;
  ResolveOuterSlots(impl->main.get(), ancestors);
  if (impl->inter_op) BuildDeps(impl->main.get());
  if (impl->profiler) {
    impl->profiler->NameThread(profiling::Profiler::CurrentThreadId(), "main");
    impl->pool->SetProfiler(impl->profiler.get());
    for (size_t i = 1; i < impl->pools.size(); ++i) {
      if (i <= impl->inter_op->worker_tids().size())
        impl->profiler->NameThread(impl->inter_op->worker_tids()[i - 1],
                                   "inter-op thread " + std::to_string(i));
      impl->pools[i]->SetProfiler(impl->profiler.get(), "pool " + std::to_string(i) + " worker ");
    }
    if (impl->wide_pool) impl->wide_pool->SetProfiler(impl->profiler.get(), "wide pool worker ");
    impl->profiler->AddComplete("session_initialization", "Session", created,
                                impl->profiler->NowUs());
  }
  return std::unique_ptr<Session>(new Session(std::move(impl)));
}

namespace {

Status CheckInput(const ir::Value& v, const RtValue& given,
                  std::map<std::string, int64_t>* symbols) {
  const ir::TypeInfo& t = v.type();
  const std::string who = "input " + Quote(v.name());
  if (t.kind == ir::TypeInfo::Kind::kSequence) {
    if (!given.is_sequence()) return InvalidArgument(who + " expects a sequence");
    return Status::Ok();
  }
  if (t.kind == ir::TypeInfo::Kind::kOptional) return Status::Ok();
  if (!given.is_tensor()) return InvalidArgument(who + " expects a tensor");
  const ir::Tensor& x = given.tensor;
  if (t.kind != ir::TypeInfo::Kind::kTensor) return Status::Ok();
  if (t.elem_type != ir::DataType::kUndefined && x.dtype() != t.elem_type) {
    return InvalidArgument(who + " expects element type " + std::string(DataTypeName(t.elem_type)) +
                           ", got " + std::string(DataTypeName(x.dtype())));
  }
  if (!t.shape) return Status::Ok();
  const auto& dims = *t.shape;
  if (dims.size() != x.dims().size()) {
    return InvalidArgument(who + " expects rank " + std::to_string(dims.size()) + " (" +
                           TypeToString(t) + "), got shape [" + Join(x.dims(), ",") + "]");
  }
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i].known() && dims[i].value != x.dims()[i]) {
      return InvalidArgument(who + " expects " + TypeToString(t) + ", got shape [" +
                             Join(x.dims(), ",") + "] (dimension " + std::to_string(i) + ")");
    }
    if (dims[i].symbolic()) {
      auto [it, fresh] = symbols->emplace(dims[i].param, x.dims()[i]);
      if (!fresh && it->second != x.dims()[i]) {
        return InvalidArgument(who + ": dimension " + Quote(dims[i].param) + " is " +
                               std::to_string(x.dims()[i]) + " here but " +
                               std::to_string(it->second) + " in another input");
      }
    }
  }
  return Status::Ok();
}

}  // namespace

Expected<NamedValues> Session::Run(const std::map<std::string, RtValue>& inputs,
                                   const CancelToken* cancel) {
  const ir::Graph& g = *impl_->model->graph;
  std::set<std::string> known;
  for (const ir::Value* v : g.inputs()) known.insert(v->name());
  for (const auto& [name, value] : inputs) {
    if (!known.count(name)) {
      return InvalidArgument("the model has no input " + Quote(name) +
                             " (inputs: " + Join(known, ", ") + ")");
    }
  }
  std::map<std::string, int64_t> symbols;
  std::vector<RtValue> feed;
  for (const ir::Value* v : g.inputs()) {
    auto it = inputs.find(v->name());
    if (it == inputs.end()) {
      if (v->is_initializer()) {
        feed.push_back(RtValue::FromTensor(*v->initializer()));
        continue;
      }
      return InvalidArgument("input " + Quote(v->name()) + " (" + TypeToString(v->type()) +
                             ") is missing");
    }
    OL_RETURN_IF_ERROR(CheckInput(*v, it->second, &symbols));
    feed.push_back(it->second);
  }
  profiling::Profiler* prof = impl_->profiler.get();
  const double started = prof ? prof->NowUs() : 0;
  impl_->cancel = cancel;
  const double timeout = impl_->options.run_timeout_seconds;
  impl_->deadline = timeout > 0 && timeout < 1e9
                        ? std::chrono::steady_clock::now() +
                              std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(timeout))
                        : std::chrono::steady_clock::time_point::max();
  impl_->signature = ShapeSignature(g, feed);
  impl_->memory_counter_bytes = UINT64_MAX;
  impl_->memory->BeginRun(impl_->signature, &impl_->StepLabels(), impl_->WeightsBytes());
  auto executed = impl_->Execute(*impl_->main, nullptr, std::move(feed), impl_->pool.get());
  impl_->memory->EndRun(executed.ok());
  impl_->cancel = nullptr;
  impl_->deadline = std::chrono::steady_clock::time_point::max();
  OL_ASSIGN_OR_RETURN(std::vector<RtValue> outs, std::move(executed));
  if (prof) prof->AddComplete("model_run", "Session", started, prof->NowUs());
  NamedValues result;
  for (size_t i = 0; i < outs.size(); ++i)
    result.emplace_back(g.outputs()[i]->name(), std::move(outs[i]));
  return result;
}

const ir::Model& Session::model() const { return *impl_->model; }

std::vector<const ir::Value*> Session::Inputs() const {
  const auto& in = impl_->model->graph->inputs();
  return {in.begin(), in.end()};
}

std::vector<const ir::Value*> Session::Outputs() const {
  const auto& out = impl_->model->graph->outputs();
  return {out.begin(), out.end()};
}

const providers::Partition& Session::partition() const { return impl_->partition; }

int Session::threads() const { return impl_->pool->threads(); }

int Session::inter_op_threads() const { return static_cast<int>(impl_->pools.size()); }

// Whether the parallel executor's scheduling pays this run: some region runs side by side, or
// is still being timed. Without (a chain such as resnet18: every step pinned; or every region
// decided one after another) the main graph runs in the sequential loop with the same pools and
// kernels, without the scheduler's per-step cost (~1% of resnet18 at 2 threads).
bool Session::Impl::AnySideBySide() {
  if (regions.empty()) return false;
  auto it = region_states.find(signature);
  last_regions = it == region_states.end() ? nullptr : &it->second;
  return it == region_states.end() || !it->second.chooser.decided() ||
         it->second.chooser.side_by_side() > 0;
}

ParallelRegions Session::parallel_regions() const {
  ParallelRegions r;
  r.regions = static_cast<int>(impl_->regions.size());
  if (r.regions == 0) return r;
  r.calibration_runs = RegionChooser(impl_->regions.size()).calibration_runs();
  if (const Impl::RegionState* st = impl_->last_regions) {
    r.decided = st->chooser.decided();
    r.side_by_side = r.decided ? st->chooser.side_by_side() : 0;
    for (size_t k = 0; r.decided && k < impl_->regions.size(); ++k) {
      ParallelRegions::Region d;
      d.first_step = impl_->main->steps[static_cast<size_t>(impl_->regions[k].first)].info->label;
      d.side_by_side_us = st->chooser.median_side_by_side()[k];
      d.one_after_another_us = st->chooser.median_one_after_another()[k];
      d.side_by_side = st->chooser.modes()[k] == RegionMode::kSideBySide;
      r.detail.push_back(std::move(d));
    }
  }
  return r;
}

uint64_t Session::max_memory_bytes() const {
  return ResolveMemoryBudget(impl_->options.max_memory_bytes);
}

profiling::Profiler* Session::profiler() { return impl_->profiler.get(); }

std::shared_ptr<const MemoryPlan> Session::memory_plan() const { return impl_->memory->plan(); }

memory::MemoryStats Session::memory_stats() const { return impl_->memory->stats(); }

}  // namespace onnxlens::runtime
