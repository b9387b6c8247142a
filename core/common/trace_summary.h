// A trace's summary as plain data: per op type, per node, per provider, per thread, and the share
// of the run spent outside kernels. core/profiling computes it (Summarize); dependency-free so that
// core/api and the GUI can hold it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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

}  // namespace onnxlens::profiling
