// Summaries of a trace as plain data: per op type, per node, per provider, per thread, and the
// share of the run spent outside kernels. Works on ONNX Runtime's profiles too (its node events are
// "<node>_kernel_time" in cat "Node"; its fence events are ignored).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/trace_event.h"
#include "common/trace_summary.h"

namespace onnxlens::profiling {

/// True for a per-node kernel event (ours or ONNX Runtime's).
bool IsKernelEvent(const TraceEvent& e);
/// The node name of a kernel event (the name without "_kernel_time").
std::string KernelNodeName(const TraceEvent& e);

TraceSummary Summarize(const std::vector<TraceEvent>& events);

/// The summary as aligned text tables; `top_nodes` limits the per-node table.
std::string FormatSummary(const TraceSummary& s, size_t top_nodes = 20);

}  // namespace onnxlens::profiling
