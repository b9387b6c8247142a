// SessionMemory: recording a run's buffers, planning them, serving them from the plan's arena.
#include "runtime/memory/session_memory.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <new>
#include <set>
#include <unordered_map>

#include "runtime/memory/planner.h"

namespace onnxlens::runtime::memory {

namespace {

constexpr size_t kMaxPlans = 4;  ///< input-shape signatures whose plans (and arenas) are kept

size_t Rounded(size_t n) { return (std::max<size_t>(n, 1) + 63) / 64 * 64; }

// A recorded allocation: plain numbers and the node that made it, so that recording a run costs
// little per step; MakePlan names the buffers (tensor, producer) once at the end.
struct Block {
  uint64_t size = 0;
  int step = 0;
  int index = 0;
  int freed_step = -1;             ///< -1: alive when the run ended (an output): not planned
  int output = -1;                 ///< which output of its node it became, or -1 (scratch)
  int in_place_of = -1;            ///< the block it overwrites in place, or -1
  const ir::Node* node = nullptr;  ///< the node of its step (set by EndStep)
};

// Where a planned buffer came from, for naming it when the plan is asked for.
struct BufferSource {
  const ir::Node* node = nullptr;
  int output = -1;
  int step_index = 0;
};

// A signature's plan and what serving it needs. The buffers' names (MemoryPlan) are filled in
// the first time someone asks for the plan (the Memory view, `memory`, bench), not by the run.
struct PlanState {
  std::vector<BufferLifetime> buffers;  ///< offsets, sizes, in-place sources
  OffsetSummary summary;
  uint64_t outputs_bytes = 0;
  std::vector<BufferSource> sources;
  const std::vector<std::string>* labels = nullptr;  ///< the session's step labels
  uint64_t weights_bytes = 0;
  std::string signature;
  std::shared_ptr<MemoryPlan> named;  ///< built by Named() under the session memory's lock
  const MemoryPlan& Named();
  /// Allocation k of step s is planned buffer slots[step_first[s] + k] (-1: unplanned), for k
  /// below step_first[s + 1] - step_first[s].
  std::vector<int> step_first;
  std::vector<int> slots;
  std::vector<int> group;  ///< in-place group (the chain's first buffer)
  std::vector<uint8_t> live;
  /// The byte ranges live planned buffers hold, by offset: disjoint, except that the buffers of
  /// one in-place group share theirs (`count` of them live).
  struct LiveRange {
    uint64_t offset = 0, end = 0;
    int group = 0;
    int count = 0;
  };
  std::vector<LiveRange> live_ranges;
  /// Whether buffer `b` may be handed out: no live buffer of another group holds its bytes.
  bool Free(int b) const;
  void Hold(int b);
  void Release(int b);
  std::byte* arena = nullptr;  ///< mmap'd: back to the system when the plan goes
  ~PlanState() {
    if (arena) munmap(arena, std::max<uint64_t>(summary.planned_peak, 64));
  }
};

bool PlanState::Free(int b) const {
  const BufferLifetime& pb = buffers[static_cast<size_t>(b)];
  const uint64_t end = pb.offset + pb.size;
  auto it = std::lower_bound(live_ranges.begin(), live_ranges.end(), pb.offset,
                             [](const LiveRange& r, uint64_t off) { return r.offset < off; });
  if (it != live_ranges.end() && it->offset < end &&
      !(it->offset == pb.offset && it->group == group[static_cast<size_t>(b)]))
    return false;
  return it == live_ranges.begin() || std::prev(it)->end <= pb.offset;
}

void PlanState::Hold(int b) {
  const BufferLifetime& pb = buffers[static_cast<size_t>(b)];
  auto it = std::lower_bound(live_ranges.begin(), live_ranges.end(), pb.offset,
                             [](const LiveRange& r, uint64_t off) { return r.offset < off; });
  if (it != live_ranges.end() && it->offset == pb.offset) {
    ++it->count;
    return;
  }
  live_ranges.insert(it, {pb.offset, pb.offset + pb.size, group[static_cast<size_t>(b)], 1});
}

void PlanState::Release(int b) {
  const uint64_t offset = buffers[static_cast<size_t>(b)].offset;
  auto it = std::lower_bound(live_ranges.begin(), live_ranges.end(), offset,
                             [](const LiveRange& r, uint64_t off) { return r.offset < off; });
  if (it != live_ranges.end() && it->offset == offset && --it->count == 0) live_ranges.erase(it);
}

const MemoryPlan& PlanState::Named() {
  if (named) return *named;
  auto p = std::make_shared<MemoryPlan>();
  const size_t steps = labels ? labels->size() : 0;
  p->buffers.resize(buffers.size());
  for (size_t i = 0; i < buffers.size(); ++i) {
    const BufferLifetime& b = buffers[i];
    const BufferSource& src = sources[i];
    PlannedBuffer& pb = p->buffers[i];
    pb.offset = b.offset;
    pb.size = b.size;
    pb.first_step = b.first_step;
    pb.last_step = b.last_step;
    pb.step_index = src.step_index;
    pb.in_place_of = b.in_place_of;
    if (const ir::Node* node = src.node) {
      if (src.output >= 0 && static_cast<size_t>(src.output) < node->outputs().size() &&
          node->outputs()[static_cast<size_t>(src.output)])
        pb.tensor = node->outputs()[static_cast<size_t>(src.output)]->name();
      pb.producer = static_cast<size_t>(b.first_step) < steps
                        ? (*labels)[static_cast<size_t>(b.first_step)]
                        : node->op_type();
      pb.producer_op = node->op_type();
      pb.producer_id = static_cast<int64_t>(node->id());
    }
  }
  if (labels) p->steps = *labels;
  p->planned_peak = summary.planned_peak;
  p->naive_sum = summary.naive_sum;
  p->peak_step = summary.peak_step;
  p->peak_live = summary.peak_live;
  p->in_place = summary.in_place;
  p->weights_bytes = weights_bytes;
  p->outputs_bytes = outputs_bytes;
  p->signature = signature;
  named = std::move(p);
  return *named;
}

}  // namespace

struct SessionMemory::State {
  mutable std::mutex mu;
  bool patterns = true;
  enum class Mode { kIdle, kRecording, kPlanned, kDynamic } mode = Mode::kIdle;
  int step = -1;
  int index = 0;  ///< allocations so far in this step
  uint64_t epoch = 0;
  std::string signature;
  const std::vector<std::string>* labels = nullptr;  ///< the session's, while recording
  uint64_t weights = 0;
  // recording
  std::vector<Block> blocks;
  std::unordered_map<const void*, int> live_block;
  // plans by signature, oldest first in `order`
  std::map<std::string, std::shared_ptr<PlanState>> plans;
  std::vector<std::string> order;
  std::shared_ptr<PlanState> current;
  uint64_t arena_live = 0;
  MemoryStats stats;
};

namespace {

// The parallel executor's step on this thread (BeginStepOnThread), for the session `owner`.
struct ThreadStep {
  const SessionMemory::State* owner = nullptr;
  int step = -1;
  int index = 0;
};
thread_local ThreadStep tl_step;

}  // namespace

bool MayOverwriteInputs(const ir::Node& node, const std::string& provider) {
  static const std::set<std::string> kOps = {
      "Add", "Sub", "Mul", "Div",         "Relu",      "Sigmoid",   "Tanh", "Erf",      "Sqrt",
      "Exp", "Log", "Neg", "HardSigmoid", "HardSwish", "LeakyRelu", "Clip", "QuickGelu"};
  // The cpu provider's element-wise kernels make their output with Tensor::Empty and write y[i]
  // after reading x[i] only (kernels/cpu/elementwise_cpu.cc).
  if (provider != "cpu") return false;
  const bool onnx = node.domain().empty() || node.domain() == "ai.onnx";
  const bool ms = node.domain() == "com.microsoft" && node.op_type() == "QuickGelu";
  return (onnx || ms) && kOps.count(node.op_type()) > 0;
}

SessionMemory::SessionMemory(size_t budget, bool enable_arena, bool enable_mem_pattern)
    : state_(std::make_shared<State>()),
      dynamic_(std::make_shared<BufferCache>(budget, enable_arena)),
      recording_(std::make_shared<BufferCache>(budget, false)) {
  state_->patterns = enable_mem_pattern;
}

SessionMemory::~SessionMemory() = default;

std::string SessionMemory::Refusal(size_t nbytes) const {
  uint64_t arena_live;
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    arena_live = state_->arena_live;
  }
  return dynamic_->Refusal(nbytes + arena_live + recording_->stats().live_bytes);
}

std::shared_ptr<std::byte> SessionMemory::Allocate(size_t nbytes) {
  State& s = *state_;
  const size_t size = Rounded(nbytes);
  std::unique_lock<std::mutex> lock(s.mu);
  const bool threaded = tl_step.owner == &s;
  const int step = threaded ? tl_step.step : s.step;
  const int index = threaded ? tl_step.index++ : s.index++;
  if (s.mode == State::Mode::kPlanned && step >= 0) {
    PlanState& ps = *s.current;
    const size_t st = static_cast<size_t>(step);
    const int b = st + 1 < ps.step_first.size() && index < ps.step_first[st + 1] - ps.step_first[st]
                      ? ps.slots[static_cast<size_t>(ps.step_first[st] + index)]
                      : -1;
    bool ok = b >= 0 && ps.buffers[static_cast<size_t>(b)].size == size &&
              !ps.live[static_cast<size_t>(b)];
    // Parallel steps: no output over an input (a branch beside may read it yet).
    if (ok && threaded) ok = ps.buffers[static_cast<size_t>(b)].in_place_of < 0;
    // Never hand out bytes another live buffer holds (a run that strays from its recording).
    if (ok) ok = ps.Free(b);
    if (ok && !ps.arena) {
      void* a = mmap(nullptr, std::max<uint64_t>(ps.summary.planned_peak, 64),
                     PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      ps.arena = a == MAP_FAILED ? nullptr : static_cast<std::byte*>(a);
      if (!ps.arena) ok = false;
    }
    if (ok) {
      const std::string refused = dynamic_->Refusal(size + s.arena_live);
      if (!refused.empty()) throw ir::AllocationRefused(refused);
      ps.live[static_cast<size_t>(b)] = 1;
      ps.Hold(b);
      s.arena_live += size;
      ++s.stats.planned_served;
      const uint64_t live = s.arena_live + dynamic_->stats().live_bytes;
      s.stats.peak_live_bytes = std::max(s.stats.peak_live_bytes, live);
      std::shared_ptr<State> state = state_;
      std::shared_ptr<PlanState> keep = s.current;
      std::byte* p = ps.arena + ps.buffers[static_cast<size_t>(b)].offset;
      return std::shared_ptr<std::byte>(p, [state, keep, b, size](std::byte*) {
        std::lock_guard<std::mutex> l(state->mu);
        keep->live[static_cast<size_t>(b)] = 0;
        keep->Release(b);
        state->arena_live -= size;
      });
    }
    ++s.stats.unplanned;
  }
  const bool record = s.mode == State::Mode::kRecording && !threaded && step >= 0;
  const uint64_t epoch = s.epoch;
  lock.unlock();
  // The dynamic and recording caches each check only their own bytes against the budget; it is
  // the session's, so a Loop's buffers (dynamic, unplanned) beside a recording run's planned
  // ones count together, with the plan's arena.
  if (std::string refused = Refusal(nbytes); !refused.empty())
    throw ir::AllocationRefused(std::move(refused));
  // A recording run's buffers are not recycled: its peak is then what the kernels really hold,
  // and nothing is left cached beside the plan's arena afterwards.
  std::shared_ptr<std::byte> inner = (record ? recording_ : dynamic_)->Allocate(nbytes);
  lock.lock();
  s.stats.peak_live_bytes =
      std::max<uint64_t>(s.stats.peak_live_bytes, s.arena_live + dynamic_->stats().live_bytes +
                                                      recording_->stats().live_bytes);
  if (!record) return inner;
  const int id = static_cast<int>(s.blocks.size());
  Block blk;
  blk.size = size;
  blk.step = step;
  blk.index = index;
  s.blocks.push_back(blk);
  std::byte* p = inner.get();
  s.live_block[p] = id;
  std::shared_ptr<State> state = state_;
  return std::shared_ptr<std::byte>(p, [state, epoch, id, inner](std::byte* q) mutable {
    {
      std::lock_guard<std::mutex> l(state->mu);
      if (state->epoch == epoch && state->mode == State::Mode::kRecording) {
        state->blocks[static_cast<size_t>(id)].freed_step = state->step;
        state->live_block.erase(q);
      }
    }
    inner.reset();
  });
}

void SessionMemory::BeginRun(const std::string& signature,
                             const std::vector<std::string>* step_labels, uint64_t weights_bytes) {
  std::lock_guard<std::mutex> lock(state_->mu);
  State& s = *state_;
  ++s.epoch;
  s.step = -1;
  s.index = 0;
  s.signature = signature;
  s.blocks.clear();
  s.live_block.clear();
  if (!s.patterns) {
    s.mode = State::Mode::kDynamic;
    return;
  }
  auto it = s.plans.find(signature);
  if (it != s.plans.end()) {
    s.current = it->second;
    s.mode = State::Mode::kPlanned;
    return;
  }
  s.mode = State::Mode::kRecording;
  s.labels = step_labels;
  // About one buffer per step: the recording rarely grows the list.
  s.blocks.reserve(step_labels ? step_labels->size() + 16 : 16);
  s.weights = weights_bytes;
}

void SessionMemory::BeginStep(int step) {
  std::lock_guard<std::mutex> lock(state_->mu);
  state_->step = step;
  state_->index = 0;
}

void SessionMemory::BeginStepOnThread(int step) {
  if (step < 0) {
    tl_step = ThreadStep{};
    return;
  }
  tl_step = ThreadStep{state_.get(), step, 0};
}

bool SessionMemory::recording() const {
  std::lock_guard<std::mutex> lock(state_->mu);
  return state_->mode == State::Mode::kRecording;
}

void SessionMemory::EndStep(int step, const ir::Node* node, bool may_overwrite_inputs,
                            const std::vector<const kernels::RtValue*>& ins,
                            const std::vector<kernels::RtValue>& outs) {
  std::lock_guard<std::mutex> lock(state_->mu);
  State& s = *state_;
  if (s.mode != State::Mode::kRecording) return;
  auto block_of = [&](const kernels::RtValue* v) -> int {
    if (!v || !v->is_tensor() || !v->tensor.raw()) return -1;
    auto it = s.live_block.find(v->tensor.raw());
    return it == s.live_block.end() ? -1 : it->second;
  };
  for (auto b = s.blocks.rbegin(); b != s.blocks.rend() && b->step == step; ++b) b->node = node;
  // (An omitted output is empty: it has no block.)
  for (size_t k = 0; k < outs.size(); ++k) {
    const int b = block_of(&outs[k]);
    if (b < 0 || s.blocks[static_cast<size_t>(b)].step != step) continue;
    Block& out = s.blocks[static_cast<size_t>(b)];
    if (out.output < 0) out.output = static_cast<int>(k);
    if (k != 0 || !may_overwrite_inputs) continue;
    // Only an input the output maps onto element for element (same shape and bytes: no
    // broadcast, which reads an input again after writing over it) that no other input of the
    // step reads from (the same block, or a view into it).
    const kernels::RtValue& y = outs[k];
    for (size_t i = 0; i < ins.size(); ++i) {
      const kernels::RtValue* in = ins[i];
      const int a = block_of(in);
      if (a < 0 || s.blocks[static_cast<size_t>(a)].step >= step ||
          s.blocks[static_cast<size_t>(a)].size != out.size || !y.is_tensor() ||
          in->tensor.dims() != y.tensor.dims() || in->tensor.nbytes() != y.tensor.nbytes())
        continue;
      const auto* lo = static_cast<const std::byte*>(in->tensor.raw());
      const auto* hi = lo + s.blocks[static_cast<size_t>(a)].size;
      bool shared = false;
      for (size_t j = 0; j < ins.size() && !shared; ++j) {
        if (j == i || !ins[j] || !ins[j]->is_tensor() || !ins[j]->tensor.raw()) continue;
        const auto* p = static_cast<const std::byte*>(ins[j]->tensor.raw());
        shared = p >= lo && p < hi;
      }
      if (shared) continue;
      out.in_place_of = a;
      break;
    }
  }
}

namespace {

std::shared_ptr<PlanState> MakePlan(const std::vector<Block>& blocks,
                                    const std::vector<std::string>* labels) {
  auto ps = std::make_shared<PlanState>();
  ps->labels = labels;
  const size_t steps = labels ? labels->size() : 0;
  // Allocations per step (the blocks come in step order; an index past the labels is dropped).
  ps->step_first.assign(steps + 1, 0);
  for (const Block& b : blocks) {
    if (b.step < 0 || static_cast<size_t>(b.step) >= steps) continue;
    int& count = ps->step_first[static_cast<size_t>(b.step) + 1];
    count = std::max(count, b.index + 1);
  }
  for (size_t i = 0; i < steps; ++i) ps->step_first[i + 1] += ps->step_first[i];
  ps->slots.assign(static_cast<size_t>(ps->step_first[steps]), -1);
  std::vector<int> buffer_of(blocks.size(), -1);
  ps->buffers.reserve(blocks.size());
  ps->sources.reserve(blocks.size());
  for (size_t i = 0; i < blocks.size(); ++i) {
    const Block& b = blocks[i];
    if (b.freed_step < 0) {
      ps->outputs_bytes += b.size;
    } else {
      BufferLifetime life;
      life.size = b.size;
      life.first_step = b.step;
      life.last_step = std::max(b.freed_step, b.step);
      life.in_place_of = b.in_place_of >= 0 ? buffer_of[static_cast<size_t>(b.in_place_of)] : -1;
      buffer_of[i] = static_cast<int>(ps->buffers.size());
      ps->buffers.push_back(life);
      ps->sources.push_back({b.node, b.output, b.index});
    }
    if (b.step >= 0 && static_cast<size_t>(b.step) < steps)
      ps->slots[static_cast<size_t>(ps->step_first[static_cast<size_t>(b.step)] + b.index)] =
          buffer_of[i];
  }
  ps->summary = AssignOffsets(&ps->buffers);
  const size_t n = ps->buffers.size();
  ps->group.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const int src = ps->buffers[i].in_place_of;
    ps->group[i] = src >= 0 ? ps->group[static_cast<size_t>(src)] : static_cast<int>(i);
  }
  ps->live.assign(n, 0);
  return ps;
}

}  // namespace

void SessionMemory::EndRun(bool ok) {
  std::unique_lock<std::mutex> lock(state_->mu);
  State& s = *state_;
  const bool recorded = s.mode == State::Mode::kRecording;
  s.mode = State::Mode::kIdle;
  s.step = -1;
  if (!recorded || !ok) return;
  std::shared_ptr<PlanState> ps = MakePlan(s.blocks, s.labels);
  s.labels = nullptr;
  ps->weights_bytes = s.weights;
  ps->signature = s.signature;
  s.blocks.clear();
  s.live_block.clear();
  if (s.plans.size() >= kMaxPlans && !s.order.empty()) {
    s.plans.erase(s.order.front());
    s.order.erase(s.order.begin());
  }
  s.plans[s.signature] = ps;
  s.order.push_back(s.signature);
  s.current = ps;
  lock.unlock();
  // The recording run's buffers sit in the dynamic arena's free lists; the plan's arena serves
  // them from now on, so do not hold both.
  dynamic_->Trim();
}

std::shared_ptr<const MemoryPlan> SessionMemory::plan() const {
  std::lock_guard<std::mutex> lock(state_->mu);
  if (!state_->current) return nullptr;
  const MemoryPlan& named = state_->current->Named();
  return std::shared_ptr<const MemoryPlan>(state_->current, &named);
}

MemoryStats SessionMemory::stats() const {
  MemoryStats st;
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    st = state_->stats;
    st.planned_arena_bytes =
        state_->current && state_->current->arena ? state_->current->summary.planned_peak : 0;
    st.live_bytes = state_->arena_live;
  }
  st.dynamic = dynamic_->stats();
  st.live_bytes += st.dynamic.live_bytes + recording_->stats().live_bytes;
  return st;
}

uint64_t SessionMemory::live_bytes() const {
  uint64_t arena_live;
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    arena_live = state_->arena_live;
  }
  return arena_live + dynamic_->stats().live_bytes + recording_->stats().live_bytes;
}

}  // namespace onnxlens::runtime::memory
