// AssignOffsets: in-place chains become one group; groups are placed largest first, best fit.
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

bool Overlap(const Group& a, const Group& b) { return a.first <= b.last && b.first <= a.last; }

}  // namespace

void AssignOffsets(MemoryPlan* plan) {
  auto& buffers = plan->buffers;
  const size_t n = buffers.size();
  // Group of each buffer: an in-place buffer joins the group of the one it overwrites.
  std::vector<int> group_of(n, -1);
  std::vector<Group> groups;
  plan->in_place = 0;
  for (size_t i = 0; i < n; ++i) {
    const PlannedBuffer& b = buffers[i];
    const int src = b.in_place_of;
    if (src >= 0 && static_cast<size_t>(src) < i && buffers[src].size == b.size &&
        buffers[src].last_step == b.first_step) {
      Group& g = groups[static_cast<size_t>(group_of[static_cast<size_t>(src)])];
      // The source's last use is this buffer's first step: the group now lives on to its end.
      if (g.last == b.first_step && g.tail == static_cast<size_t>(src)) {
        g.tail = i;
        group_of[i] = group_of[static_cast<size_t>(src)];
        g.last = std::max(g.last, b.last_step);
        ++plan->in_place;
        continue;
      }
    }
    buffers[i].in_place_of = -1;
    group_of[i] = static_cast<int>(groups.size());
    groups.push_back({b.size, b.first_step, b.last_step, 0, i});
  }
  std::vector<size_t> order(groups.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return groups[a].size > groups[b].size; });
  std::vector<size_t> placed;  // indices into groups, sorted by offset
  std::vector<const Group*> alive;
  for (size_t gi : order) {
    Group& g = groups[gi];
    alive.clear();
    for (size_t p : placed) {
      if (Overlap(groups[p], g)) alive.push_back(&groups[p]);
    }
    // `placed` is kept sorted by offset, so `alive` is too: scan the gaps between them.
    uint64_t best = UINT64_MAX, best_gap = UINT64_MAX, cursor = 0;
    for (const Group* a : alive) {
      if (a->offset >= cursor) {
        const uint64_t gap = a->offset - cursor;
        if (gap >= g.size && gap < best_gap) {
          best = cursor;
          best_gap = gap;
        }
      }
      cursor = std::max(cursor, a->offset + a->size);
    }
    g.offset = best != UINT64_MAX ? best : cursor;
    auto at = std::upper_bound(placed.begin(), placed.end(), g.offset,
                               [&](uint64_t off, size_t p) { return off < groups[p].offset; });
    placed.insert(at, gi);
  }
  plan->planned_peak = 0;
  plan->naive_sum = 0;
  int last_step = -1;
  for (size_t i = 0; i < n; ++i) {
    const Group& g = groups[static_cast<size_t>(group_of[i])];
    buffers[i].offset = g.offset;
    plan->planned_peak = std::max(plan->planned_peak, g.offset + g.size);
    plan->naive_sum += buffers[i].size;
    last_step = std::max(last_step, buffers[i].last_step);
  }
  // The live bytes per step (a group counted once) and where they peak.
  std::vector<uint64_t> live(static_cast<size_t>(last_step + 1), 0);
  for (const Group& g : groups) {
    for (int s = g.first; s <= g.last; ++s) live[static_cast<size_t>(s)] += g.size;
  }
  plan->peak_step = -1;
  plan->peak_live = 0;
  for (size_t s = 0; s < live.size(); ++s) {
    if (live[s] > plan->peak_live) {
      plan->peak_live = live[s];
      plan->peak_step = static_cast<int>(s);
    }
  }
}

}  // namespace onnxlens::runtime::memory
