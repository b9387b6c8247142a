// AssignOffsets: in-place chains become one group; groups are placed largest first, best fit.
// The groups a group must avoid (those placed before it whose lifetimes overlap its own) come from
// a segment tree over the steps (the placed groups alive at its first step) and per-step lists of
// placed groups' first steps (those born later within its lifetime): the cost follows the live
// buffers per step, not the square of the buffer count (a chain of 50,000 ops plans in
// milliseconds).
#include "runtime/memory/planner.h"

#include <algorithm>
#include <numeric>

namespace onnxlens::runtime::memory {

namespace {

struct Group {
  uint64_t size = 0;
  int first = 0;
  int last = 0;
  uint64_t offset = 0;
  size_t tail = 0;  ///< the chain's latest buffer: only it may be overwritten in place
};

// Placed groups by lifetime: Alive(first, last) lists every placed group whose lifetime meets
// [first, last], once each. Steps are compressed to the distinct first / last steps.
class LifetimeIndex {
 public:
  explicit LifetimeIndex(const std::vector<Group>& groups) : groups_(groups) {
    for (const Group& g : groups) {
      steps_.push_back(g.first);
      steps_.push_back(g.last);
    }
    std::sort(steps_.begin(), steps_.end());
    steps_.erase(std::unique(steps_.begin(), steps_.end()), steps_.end());
    leaves_ = 1;
    while (leaves_ < steps_.size()) leaves_ *= 2;
    cover_.resize(2 * leaves_);
    born_.resize(steps_.size());
  }

  void Add(size_t gi) {
    const Group& g = groups_[gi];
    size_t l = Index(g.first) + leaves_, r = Index(g.last) + leaves_ + 1;
    for (; l < r; l /= 2, r /= 2) {
      if (l & 1) cover_[l++].push_back(gi);
      if (r & 1) cover_[--r].push_back(gi);
    }
    born_[Index(g.first)].push_back(gi);
  }

  void Alive(const Group& g, std::vector<size_t>* out) const {
    const size_t first = Index(g.first), last = Index(g.last);
    // Alive at g.first: at most one of a group's tree intervals covers a step.
    for (size_t i = first + leaves_; i >= 1; i /= 2) {
      out->insert(out->end(), cover_[i].begin(), cover_[i].end());
    }
    // Born after g.first and no later than g.last.
    for (size_t s = first + 1; s <= last; ++s)
      out->insert(out->end(), born_[s].begin(), born_[s].end());
  }

 private:
  size_t Index(int step) const {
    return static_cast<size_t>(std::lower_bound(steps_.begin(), steps_.end(), step) -
                               steps_.begin());
  }

  const std::vector<Group>& groups_;
  std::vector<int> steps_;
  size_t leaves_ = 1;
  std::vector<std::vector<size_t>> cover_;  ///< segment tree nodes: groups covering the node
  std::vector<std::vector<size_t>> born_;   ///< compressed step -> groups starting there
};

}  // namespace

void AssignOffsets(MemoryPlan* plan) {
  std::vector<BufferLifetime> lifetimes(plan->buffers.size());
  for (size_t i = 0; i < lifetimes.size(); ++i) {
    const PlannedBuffer& b = plan->buffers[i];
    lifetimes[i] = {b.size, b.first_step, b.last_step, b.in_place_of, 0};
  }
  const OffsetSummary sum = AssignOffsets(&lifetimes);
  for (size_t i = 0; i < lifetimes.size(); ++i) {
    plan->buffers[i].offset = lifetimes[i].offset;
    plan->buffers[i].in_place_of = lifetimes[i].in_place_of;
  }
  plan->planned_peak = sum.planned_peak;
  plan->naive_sum = sum.naive_sum;
  plan->peak_step = sum.peak_step;
  plan->peak_live = sum.peak_live;
  plan->in_place = sum.in_place;
}

OffsetSummary AssignOffsets(std::vector<BufferLifetime>* lifetimes) {
  OffsetSummary sum;
  auto& buffers = *lifetimes;
  const size_t n = buffers.size();
  // Group of each buffer: an in-place buffer joins the group of the one it overwrites.
  std::vector<int> group_of(n, -1);
  std::vector<Group> groups;
  sum.in_place = 0;
  for (size_t i = 0; i < n; ++i) {
    const BufferLifetime& b = buffers[i];
    const int src = b.in_place_of;
    if (src >= 0 && static_cast<size_t>(src) < i && buffers[src].size == b.size &&
        buffers[src].last_step == b.first_step) {
      Group& g = groups[static_cast<size_t>(group_of[static_cast<size_t>(src)])];
      // The source's last use is this buffer's first step: the group now lives on to its end.
      if (g.last == b.first_step && g.tail == static_cast<size_t>(src)) {
        g.tail = i;
        group_of[i] = group_of[static_cast<size_t>(src)];
        g.last = std::max(g.last, b.last_step);
        ++sum.in_place;
        continue;
      }
    }
    buffers[i].in_place_of = -1;
    group_of[i] = static_cast<int>(groups.size());
    groups.push_back({b.size, b.first_step, std::max(b.first_step, b.last_step), 0, i});
  }
  std::vector<size_t> order(groups.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return groups[a].size > groups[b].size; });
  LifetimeIndex placed(groups);
  std::vector<size_t> alive;
  for (size_t gi : order) {
    Group& g = groups[gi];
    alive.clear();
    placed.Alive(g, &alive);
    std::sort(alive.begin(), alive.end(),
              [&](size_t a, size_t b) { return groups[a].offset < groups[b].offset; });
    // Scan the gaps between the alive groups, by offset, for the smallest that fits.
    uint64_t best = UINT64_MAX, best_gap = UINT64_MAX, cursor = 0;
    for (size_t ai : alive) {
      const Group& a = groups[ai];
      if (a.offset >= cursor) {
        const uint64_t gap = a.offset - cursor;
        if (gap >= g.size && gap < best_gap) {
          best = cursor;
          best_gap = gap;
        }
      }
      cursor = std::max(cursor, a.offset + a.size);
    }
    g.offset = best != UINT64_MAX ? best : cursor;
    placed.Add(gi);
  }
  sum.planned_peak = 0;
  sum.naive_sum = 0;
  int last_step = -1;
  for (size_t i = 0; i < n; ++i) {
    const Group& g = groups[static_cast<size_t>(group_of[i])];
    buffers[i].offset = g.offset;
    sum.planned_peak = std::max(sum.planned_peak, g.offset + g.size);
    sum.naive_sum += buffers[i].size;
    last_step = std::max(last_step, std::max(buffers[i].first_step, buffers[i].last_step));
  }
  // The live bytes per step (a group counted once) and where they peak: a difference array.
  std::vector<int64_t> delta(static_cast<size_t>(last_step + 2), 0);
  for (const Group& g : groups) {
    if (g.first < 0) continue;
    delta[static_cast<size_t>(g.first)] += static_cast<int64_t>(g.size);
    delta[static_cast<size_t>(g.last) + 1] -= static_cast<int64_t>(g.size);
  }
  sum.peak_step = -1;
  sum.peak_live = 0;
  int64_t live = 0;
  for (size_t s = 0; s + 1 < delta.size(); ++s) {
    live += delta[s];
    if (static_cast<uint64_t>(live) > sum.peak_live) {
      sum.peak_live = static_cast<uint64_t>(live);
      sum.peak_step = static_cast<int>(s);
    }
  }
  return sum;
}

}  // namespace onnxlens::runtime::memory
