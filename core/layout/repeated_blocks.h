// Structure without names: graphs whose exporter left no name scopes (every node in the root)
// still repeat the same block many times (transformer layers, residual blocks). Given one
// signature per node in graph order (its op, attributes and weight shapes), the longest stretch
// of identical consecutive blocks is found and grouped as "24 × block" holding "block 1" …
// "block 24", then the next longest in what is left, so a 50,000-node export opens as a few boxes
// that say what is inside instead of "[ … ] 200 nodes" pages.
#pragma once

#include <string>
#include <vector>

#include "common/graph_layout.h"

namespace onnxlens::layout {

/// A stretch of `repeats` consecutive blocks of `length` nodes from node `start` on.
struct RepeatedRun {
  int start = 0, length = 0, repeats = 0;
};

/// The runs of at least `min_repeats` identical blocks of at least 2 nodes in `signatures`, the
/// ones covering most nodes first, at most `max_runs`, not overlapping.
std::vector<RepeatedRun> FindRepeatedRuns(const std::vector<std::string>& signatures,
                                          int min_repeats = 3, int max_runs = 4);

/// The hierarchy of `FindRepeatedRuns`: per run a group "N × block" (then "N × block (2)", …)
/// with one group per block; the other nodes in the root; paged as GroupByScope's.
Hierarchy GroupByRepeats(const std::vector<std::string>& signatures,
                         const std::vector<std::string>& node_names);

}  // namespace onnxlens::layout
