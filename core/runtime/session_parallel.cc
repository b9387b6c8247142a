// The parallel executor's part of a session: which main-graph steps run alone with the whole
// thread budget (FindWideSteps), the step graph it schedules (BuildDeps), and the run over the
// inter-op pool (RunParallel).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <unordered_map>

#include "ir/cost.h"
#include "runtime/session_impl.h"

namespace onnxlens::runtime {

namespace {

// A light step that no other light step can run beside (every step it may overlap is pinned, as
// resnet's downsampling 1x1 convolution beside the block's 3x3 ones) would run by itself on one
// intra-op thread: it is pinned too, to run with the whole budget. Steps overlap only within a
// section between two steps that run alone; sections of more than kMaxSection steps are left as
// they are (the ancestor bitsets are quadratic in its size).
void PinLoneLightSteps(const StepGraph& deps, const std::vector<bool>& alone,
                       std::vector<bool>* pinned) {
  constexpr size_t kMaxSection = 4096;
  const size_t n = deps.size();
  std::vector<std::vector<int>> preds(n);
  for (size_t u = 0; u < n; ++u)
    for (int v : deps.successors[u]) preds[static_cast<size_t>(v)].push_back(static_cast<int>(u));
  size_t a = 0;
  while (a < n) {
    if (alone[a]) {
      ++a;
      continue;
    }
    size_t b = a;
    while (b < n && !alone[b]) ++b;
    const size_t m = b - a, words = (m + 63) / 64;
    if (m <= kMaxSection) {
      // anc[k]: the section's steps that are ancestors of step a + k.
      std::vector<std::vector<uint64_t>> anc(m, std::vector<uint64_t>(words, 0));
      for (size_t k = 0; k < m; ++k) {
        for (int p : preds[a + k]) {
          if (static_cast<size_t>(p) < a) continue;
          const size_t q = static_cast<size_t>(p) - a;
          for (size_t w = 0; w < words; ++w) anc[k][w] |= anc[q][w];
          anc[k][q / 64] |= uint64_t{1} << (q % 64);
        }
      }
      auto related = [&](size_t i, size_t j) {  // i < j
        return (anc[j][i / 64] >> (i % 64)) & 1;
      };
      std::vector<size_t> light;
      for (size_t k = 0; k < m; ++k)
        if (!(*pinned)[a + k]) light.push_back(k);
      for (size_t x = 0; x < light.size(); ++x) {
        bool partner = false;
        for (size_t y = 0; y < light.size() && !partner; ++y) {
          if (x == y) continue;
          const size_t i = std::min(light[x], light[y]), j = std::max(light[x], light[y]);
          partner = !related(i, j);
        }
        if (!partner) (*pinned)[a + light[x]] = true;
      }
    }
    a = b;
  }
}

}  // namespace

// The main graph's steps that run alone (AloneSteps over its topological order) or are heavy: the
// parallel executor runs them alone with the whole budget (wide_pool), the others with their
// thread's share.
void Session::Impl::FindWideSteps() {
  const ir::Graph& g = *model->graph;
  auto order = g.TopologicalOrder();
  if (!order.ok()) return;  // BuildPlan reports it
  std::unordered_map<const ir::Node*, int> index;
  for (size_t i = 0; i < order->size(); ++i) index[(*order)[i]] = static_cast<int>(i);
  StepGraph deps;
  deps.Resize(order->size());
  for (size_t i = 0; i < order->size(); ++i) {
    const ir::Node* n = (*order)[i];
    std::vector<const ir::Value*> reads(n->inputs().begin(), n->inputs().end());
    if (n->HasSubgraphs()) {
      for (const ir::Value* v : n->OuterScopeInputs()) reads.push_back(v);
    }
    std::vector<int> waits;
    for (const ir::Value* v : reads) {
      if (!v || v->owner() != &g || !v->producer()) continue;
      auto it = index.find(v->producer());
      if (it != index.end()) waits.push_back(it->second);
    }
    std::sort(waits.begin(), waits.end());
    waits.erase(std::unique(waits.begin(), waits.end()), waits.end());
    for (int w : waits) deps.AddEdge(w, static_cast<int>(i));
  }
  wide_steps = AloneSteps(deps);
  // Heavy nodes (at least kHeavy x the mean MACs; 1 measured better than 2 on resnet18) scale well
  // with intra-op threads (dnnl's convolutions: 1.9-2x at 2 threads): they run alone with the whole
  // budget, the light ones of the branches beside each other (googlenet's 3x3 convolution of an
  // inception block alone took longer at 1 thread than the whole block at 2).
  constexpr int64_t kHeavy = 1;
  std::vector<int64_t> macs(order->size());
  int64_t total = 0;
  for (size_t i = 0; i < order->size(); ++i)
    total += macs[i] = ir::EstimateNodeCost(*(*order)[i]).macs;
  const int64_t mean = order->empty() ? 0 : total / static_cast<int64_t>(order->size());
  const std::vector<bool> alone = wide_steps;
  for (size_t i = 0; i < order->size(); ++i)
    if (mean > 0 && macs[i] >= kHeavy * mean) wide_steps[i] = true;
  PinLoneLightSteps(deps, alone, &wide_steps);
  // The sections whose light steps may run side by side, and the pins that run them one step
  // after another instead (region_choice.h: which way is measured per input-shape signature).
  regions = FindWideRegions(alone, wide_steps);
  serial_pinned = wide_steps;
  for (const WideRegion& r : regions)
    for (int i = r.first; i < r.last; ++i) serial_pinned[static_cast<size_t>(i)] = true;
}

// The parallel executor's view of a plan: a step waits for the producers of the slots it reads
// (its subgraphs' reads of this graph included); a slot is freed by the last of its readers.
void BuildDeps(Plan* plan) {
  const size_t n = plan->steps.size();
  plan->deps.Resize(n);
  plan->reads.assign(n, {});
  plan->readers.assign(static_cast<size_t>(plan->num_slots), 0);
  std::vector<int> producer(static_cast<size_t>(plan->num_slots), -1);
  std::vector<bool> kept(static_cast<size_t>(plan->num_slots), false);
  for (const SlotRef& r : plan->outputs)
    if (r.depth == 0 && r.slot >= 0) kept[static_cast<size_t>(r.slot)] = true;
  for (size_t i = 0; i < n; ++i) {
    const Step& step = plan->steps[i];
    std::vector<int> read;
    for (const SlotRef& r : step.inputs)
      if (r.depth == 0 && r.slot >= 0) read.push_back(r.slot);
    if (step.has_subgraphs) {
      for (const ir::Value* v : step.node->OuterScopeInputs()) {
        auto it = plan->slot_of.find(v);
        if (v->owner() == plan->graph && it != plan->slot_of.end()) read.push_back(it->second);
      }
    }
    std::sort(read.begin(), read.end());
    read.erase(std::unique(read.begin(), read.end()), read.end());
    std::vector<int> waits;
    for (int s : read) {
      if (producer[static_cast<size_t>(s)] >= 0) waits.push_back(producer[static_cast<size_t>(s)]);
      if (kept[static_cast<size_t>(s)]) continue;
      plan->reads[i].push_back(s);
      ++plan->readers[static_cast<size_t>(s)];
    }
    std::sort(waits.begin(), waits.end());
    waits.erase(std::unique(waits.begin(), waits.end()), waits.end());
    for (int w : waits) plan->deps.AddEdge(w, static_cast<int>(i));
    for (int s : step.outputs)
      if (s >= 0) producer[static_cast<size_t>(s)] = static_cast<int>(i);
    if (step.wide) {
      plan->deps.pinned.resize(n, false);
      plan->deps.pinned[i] = true;
    }
  }
}

// The pins of this run: every region side by side (plan.deps.pinned, the heavy steps pinned),
// or one step after another (serial_pinned), while the signature's regions are being timed; then
// the way chosen per region. `state` is the signature's entry, null without regions.
Status Session::Impl::RunParallel(const Plan& plan, Frame* frame) {
  RegionState* state = nullptr;
  const std::vector<bool>* pinned = &plan.deps.pinned;
  if (!regions.empty()) {
    constexpr size_t kMaxSignatures = 64;  // dynamic shapes: time again rather than grow
    if (region_states.size() >= kMaxSignatures && !region_states.count(signature))
      region_states.clear();
    state = &region_states.try_emplace(signature, RegionState{RegionChooser(regions.size()), {}})
                 .first->second;
    if (state->chooser.decided())
      pinned = &state->pinned;
    else if (state->chooser.NextMode() == RegionMode::kOneAfterAnother)
      pinned = &serial_pinned;
  }
  last_regions = state;
  auto is_pinned = [&](size_t i) { return i < pinned->size() && (*pinned)[i]; };
  const bool timing = state && !state->chooser.decided();
  using Clock = std::chrono::steady_clock;
  std::vector<Clock::time_point> began(timing ? plan.steps.size() : 0),
      ended(timing ? plan.steps.size() : 0);
  std::vector<std::atomic<int>> readers(plan.readers.size());
  for (size_t s = 0; s < readers.size(); ++s)
    readers[s].store(plan.readers[s], std::memory_order_relaxed);
  Status st = inter_op->Run(
      plan.deps,
      [&](int i, int thread) -> Status {
        const size_t si = static_cast<size_t>(i);
        const Step& step = plan.steps[si];
        if (Status stop = CheckStop(); !stop.ok()) {
          if (stop.code() == StatusCode::kCancelled) return stop;
          return stop.WithContext("node " + step.node->Describe());
        }
        if (profiler && thread > 0 && inter_op->openmp())  // an OpenMP worker of the light phase
          profiler->NameThread(profiling::Profiler::CurrentThreadId(),
                               "inter-op thread " + std::to_string(thread));
        if (timing) began[si] = Clock::now();
        // This thread's allocations are the step's (its planned buffers); subgraphs' are not.
        struct ThreadStep {
          memory::SessionMemory* mem;
          ThreadStep(memory::SessionMemory* m, int step) : mem(m) {
            if (mem) mem->BeginStepOnThread(step);
          }
          ~ThreadStep() {
            if (mem) mem->BeginStepOnThread(-1);
          }
        } on_thread(step.has_subgraphs ? nullptr : memory.get(), i);
        const bool wide = is_pinned(si);
        OL_RETURN_IF_ERROR(RunStep(plan, step, frame,
                                   wide ? wide_pool.get() : pools[static_cast<size_t>(thread)]));
        // Without OpenMP mode, a pinned step that light steps follow lets its OpenMP workers go
        // (they would spin on a core the executor threads need).
        if (wide && !inter_op->openmp()) {
          bool light_next = false;
          for (int s : plan.deps.successors[si]) light_next |= !is_pinned(static_cast<size_t>(s));
          if (light_next) wide_pool->ReleaseIdleOpenMpThreads();
        }
        for (int s : plan.reads[si]) {
          if (readers[static_cast<size_t>(s)].fetch_sub(1, std::memory_order_acq_rel) == 1)
            frame->slots[static_cast<size_t>(s)] = RtValue();
        }
        if (timing) ended[si] = Clock::now();
        return Status::Ok();
      },
      cancel, pinned);
  if (timing && st.ok()) {
    // Regions are separated by steps that run alone: a region's span is its own time.
    std::vector<double> region_us;
    for (const WideRegion& r : regions) {
      Clock::time_point from = Clock::time_point::max(), to = Clock::time_point::min();
      for (int i = r.first; i < r.last; ++i) {
        from = std::min(from, began[static_cast<size_t>(i)]);
        to = std::max(to, ended[static_cast<size_t>(i)]);
      }
      region_us.push_back(std::chrono::duration<double, std::micro>(to - from).count());
    }
    state->chooser.Record(region_us);
    if (state->chooser.decided()) {
      state->pinned = plan.deps.pinned;
      state->pinned.resize(plan.steps.size(), false);
      for (size_t r = 0; r < regions.size(); ++r) {
        if (state->chooser.modes()[r] != RegionMode::kOneAfterAnother) continue;
        for (int i = regions[r].first; i < regions[r].last; ++i)
          state->pinned[static_cast<size_t>(i)] = true;
      }
    }
  }
  return st;
}

}  // namespace onnxlens::runtime
