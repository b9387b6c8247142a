// The graph layout facade: forwards to core/layout.
#include "api/graph_layout.h"

#include "layout/grouped_layout.h"

namespace onnxlens::api {

std::vector<bool> AutoExpandGroups(const layout::Hierarchy& hierarchy, int budget) {
  return layout::AutoExpand(hierarchy, budget);
}

Expected<layout::GroupedLayout> LayOutGraph(const layout::LayoutInput& input,
                                            const JobControl& job) {
  return layout::LayOut(input, job);
}

const layout::GroupedLayout* LayoutCache::Find(const std::string& key) {
  for (auto it = entries_.begin(); it != entries_.end(); ++it) {
    if (it->first != key) continue;
    entries_.splice(entries_.begin(), entries_, it);
    ++hits_;
    return &entries_.front().second;
  }
  return nullptr;
}

void LayoutCache::Put(const std::string& key, layout::GroupedLayout layout) {
  entries_.emplace_front(key, std::move(layout));
  if (entries_.size() > capacity_) entries_.pop_back();
}

}  // namespace onnxlens::api
