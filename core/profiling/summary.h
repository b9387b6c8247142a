// Summaries of a trace as plain data: per op type, per node, per provider, per thread, and the
// share of the run spent outside kernels. Works on ONNX Runtime's profiles too (its node events are
// "<node>_kernel_time" in cat "Node"; its fence events are ignored).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "profiling/trace_event.h"

namespace onnxlens::profiling {

struct SummaryRow {
  std::string key;       ///< op type, node name, provider or thread
  std::string op_type;   ///< node rows only
  std::string provider;  ///< node rows only
  int64_t count = 0;
  double total_us = 0;
  double mean_us = 0;
  double percent = 0;  ///< of all kernel time
};

struct TraceSummary {
  int64_t runs = 0;               ///< model_run events
  double run_us = 0;              ///< their total duration
  double kernel_us = 0;           ///< all node kernel events
  double outside_kernels_us = 0;  ///< run_us - kernel_us (0 when there are no model_run events)
  int64_t node_events = 0;
  std::vector<SummaryRow> by_op;        ///< by total, descending
  std::vector<SummaryRow> by_node;      ///< by total, descending (all nodes)
  std::vector<SummaryRow> by_provider;  ///< by total, descending
  /// Busy time per thread: node events on the thread plus pool spans ("Parallel") on workers.
  std::vector<SummaryRow> by_thread;
};

/// True for a per-node kernel event (ours or ONNX Runtime's).
bool IsKernelEvent(const TraceEvent& e);
/// The node name of a kernel event (the name without "_kernel_time").
std::string KernelNodeName(const TraceEvent& e);

TraceSummary Summarize(const std::vector<TraceEvent>& events);

/// The summary as aligned text tables; `top_nodes` limits the per-node table.
std::string FormatSummary(const TraceSummary& s, size_t top_nodes = 20);

}  // namespace onnxlens::profiling
