// Graph layout for the GUI (a facade over core/layout): the first view's open groups and the
// hierarchical Graphviz layout, off the UI thread with progress and cancel.
#pragma once

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

}  // namespace onnxlens::api
