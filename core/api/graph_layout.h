// Graph layout for the GUI (a facade over core/layout): the first view's open groups and the
// hierarchical Graphviz layout, off the UI thread with progress and cancel.
#pragma once

#include <cstddef>
#include <list>
#include <string>
#include <utility>
#include <vector>

#include "common/graph_layout.h"
#include "common/progress.h"
#include "common/status.h"

namespace onnxlens::api {

/// The first view of a large graph: groups opened breadth-first (biggest first) while the items
/// on screen stay within `budget`; returns the `expanded` flags.
std::vector<bool> AutoExpandGroups(const layout::Hierarchy& hierarchy, int budget);

/// Lays out `input` group by group with dot: Stage::kLayingOut per group ("done/total"); the
/// cancel token is polled between dot runs (kCancelled).
Expected<layout::GroupedLayout> LayOutGraph(const layout::LayoutInput& input,
                                            const JobControl& job = {});

/// Recent layouts by key, newest first: an expand / collapse undone or an option toggled back is
/// served at once. A handful only: each is a few MB at 10,000 nodes.
class LayoutCache {
 public:
  explicit LayoutCache(size_t capacity = 12) : capacity_(capacity) {}
  /// The layout stored under `key` (made the newest), or nullptr; counts a hit.
  const layout::GroupedLayout* Find(const std::string& key);
  /// Stores `layout` as the newest; the oldest goes beyond the capacity.
  void Put(const std::string& key, layout::GroupedLayout layout);
  void Clear() { entries_.clear(); }
  size_t size() const { return entries_.size(); }
  int hits() const { return hits_; }

 private:
  size_t capacity_;
  std::list<std::pair<std::string, layout::GroupedLayout>> entries_;
  int hits_ = 0;
};

}  // namespace onnxlens::api
