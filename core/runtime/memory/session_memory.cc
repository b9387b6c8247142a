// SessionMemory: recording a run's buffers, planning them, serving them from the plan's arena.
#include "runtime/memory/session_memory.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <new>
#include <set>
#include <unordered_map>

#include "runtime/memory/planner.h"

namespace onnxlens::runtime::memory {

namespace {

constexpr size_t kMaxPlans = 4;  ///< input-shape signatures whose plans (and arenas) are kept

size_t Rounded(size_t n) { return (std::max<size_t>(n, 1) + 63) / 64 * 64; }

struct Block {
  uint64_t size = 0;
  int step = 0;
  int index = 0;
  int freed_step = -1;  ///< -1: alive when the run ended (an output): not planned
  PlannedBuffer info;   ///< tensor, producer, in_place_of (a block index while recording)
};

// A signature's plan and what serving it needs.
struct PlanState {
  MemoryPlan plan;
  std::vector<std::vector<int>> by_step;   ///< step -> buffer per allocation index (-1: unplanned)
  std::vector<std::vector<int>> overlaps;  ///< buffer -> other groups' buffers sharing bytes
  std::vector<int> group;                  ///< in-place group (the chain's first buffer)
  std::vector<uint8_t> live;
  std::byte* arena = nullptr;  ///< mmap'd: back to the system when the plan goes
  ~PlanState() {
    if (arena) munmap(arena, std::max<uint64_t>(plan.planned_peak, 64));
  }
};

}  // namespace

struct SessionMemory::State {
  mutable std::mutex mu;
  bool patterns = true;
  enum class Mode { kIdle, kRecording, kPlanned, kDynamic } mode = Mode::kIdle;
  int step = -1;
  int index = 0;  ///< allocations so far in this step
  uint64_t epoch = 0;
  std::string signature;
  std::vector<std::string> labels;
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
    const std::vector<int>* slots = static_cast<size_t>(step) < ps.by_step.size()
                                        ? &ps.by_step[static_cast<size_t>(step)]
                                        : nullptr;
    const int b = slots && static_cast<size_t>(index) < slots->size()
                      ? (*slots)[static_cast<size_t>(index)]
                      : -1;
    bool ok = b >= 0 && ps.plan.buffers[static_cast<size_t>(b)].size == size &&
              !ps.live[static_cast<size_t>(b)];
    // Parallel steps: no output over an input (a branch beside may read it yet).
    if (ok && threaded) ok = ps.plan.buffers[static_cast<size_t>(b)].in_place_of < 0;
    // Never hand out bytes another live buffer holds (a run that strays from its recording).
    if (ok) {
      for (int o : ps.overlaps[static_cast<size_t>(b)]) ok = ok && !ps.live[static_cast<size_t>(o)];
    }
    if (ok && !ps.arena) {
      void* a = mmap(nullptr, std::max<uint64_t>(ps.plan.planned_peak, 64), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      ps.arena = a == MAP_FAILED ? nullptr : static_cast<std::byte*>(a);
      if (!ps.arena) ok = false;
    }
    if (ok) {
      const std::string refused = dynamic_->Refusal(size + s.arena_live);
      if (!refused.empty()) throw ir::AllocationRefused(refused);
      ps.live[static_cast<size_t>(b)] = 1;
      s.arena_live += size;
      ++s.stats.planned_served;
      const uint64_t live = s.arena_live + dynamic_->stats().live_bytes;
      s.stats.peak_live_bytes = std::max(s.stats.peak_live_bytes, live);
      std::shared_ptr<State> state = state_;
      std::shared_ptr<PlanState> keep = s.current;
      std::byte* p = ps.arena + ps.plan.buffers[static_cast<size_t>(b)].offset;
      return std::shared_ptr<std::byte>(p, [state, keep, b, size](std::byte*) {
        std::lock_guard<std::mutex> l(state->mu);
        keep->live[static_cast<size_t>(b)] = 0;
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
                             const std::vector<std::string>& step_labels, uint64_t weights_bytes) {
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

void SessionMemory::EndStep(int step, const ir::Node& node, const std::string& provider,
                            const std::vector<const kernels::RtValue*>& ins,
                            const std::vector<kernels::RtValue>& outs) {
  std::lock_guard<std::mutex> lock(state_->mu);
  State& s = *state_;
  if (s.mode != State::Mode::kRecording) return;
  const std::string label = static_cast<size_t>(step) < s.labels.size()
                                ? s.labels[static_cast<size_t>(step)]
                                : node.op_type();
  auto block_of = [&](const kernels::RtValue* v) -> int {
    if (!v || !v->is_tensor() || !v->tensor.raw()) return -1;
    auto it = s.live_block.find(v->tensor.raw());
    return it == s.live_block.end() ? -1 : it->second;
  };
  for (auto b = s.blocks.rbegin(); b != s.blocks.rend() && b->step == step; ++b) {
    b->info.producer = label;
    b->info.producer_op = node.op_type();
    b->info.producer_id = static_cast<int64_t>(node.id());
  }
  for (size_t k = 0; k < outs.size() && k < node.outputs().size(); ++k) {
    const int b = block_of(&outs[k]);
    if (b < 0 || s.blocks[static_cast<size_t>(b)].step != step || !node.outputs()[k]) continue;
    Block& out = s.blocks[static_cast<size_t>(b)];
    if (out.info.tensor.empty()) out.info.tensor = node.outputs()[k]->name();
    if (k != 0 || !MayOverwriteInputs(node, provider)) continue;
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
      out.info.in_place_of = a;
      break;
    }
  }
}

namespace {

std::shared_ptr<PlanState> MakePlan(std::vector<Block>& blocks, int steps) {
  auto ps = std::make_shared<PlanState>();
  ps->by_step.resize(static_cast<size_t>(std::max(steps, 0)));
  std::vector<int> buffer_of(blocks.size(), -1);
  for (size_t i = 0; i < blocks.size(); ++i) {
    Block& b = blocks[i];
    if (b.freed_step < 0) {
      ps->plan.outputs_bytes += b.size;
    } else {
      PlannedBuffer pb = b.info;
      pb.size = b.size;
      pb.first_step = b.step;
      pb.last_step = std::max(b.freed_step, b.step);
      pb.step_index = b.index;
      pb.in_place_of = pb.in_place_of >= 0 ? buffer_of[static_cast<size_t>(pb.in_place_of)] : -1;
      buffer_of[i] = static_cast<int>(ps->plan.buffers.size());
      ps->plan.buffers.push_back(std::move(pb));
    }
    auto& slots = ps->by_step[static_cast<size_t>(b.step)];
    if (slots.size() <= static_cast<size_t>(b.index))
      slots.resize(static_cast<size_t>(b.index) + 1, -1);
    slots[static_cast<size_t>(b.index)] = buffer_of[i];
  }
  AssignOffsets(&ps->plan);
  const auto& buf = ps->plan.buffers;
  const size_t n = buf.size();
  ps->group.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const int src = buf[i].in_place_of;
    ps->group[i] = src >= 0 ? ps->group[static_cast<size_t>(src)] : static_cast<int>(i);
  }
  ps->overlaps.resize(n);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      if (ps->group[i] == ps->group[j]) continue;
      if (buf[i].offset < buf[j].offset + buf[j].size &&
          buf[j].offset < buf[i].offset + buf[i].size) {
        ps->overlaps[i].push_back(static_cast<int>(j));
        ps->overlaps[j].push_back(static_cast<int>(i));
      }
    }
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
  std::shared_ptr<PlanState> ps = MakePlan(s.blocks, static_cast<int>(s.labels.size()));
  ps->plan.steps = s.labels;
  ps->plan.weights_bytes = s.weights;
  ps->plan.signature = s.signature;
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
  return std::shared_ptr<const MemoryPlan>(state_->current, &state_->current->plan);
}

MemoryStats SessionMemory::stats() const {
  MemoryStats st;
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    st = state_->stats;
    st.planned_arena_bytes =
        state_->current && state_->current->arena ? state_->current->plan.planned_peak : 0;
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
