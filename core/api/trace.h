// Trace files and their summaries for the CLI and the GUI (a facade over core/profiling): read
// ours, ONNX Runtime's or chrome://tracing's JSON, write ours, summarize, and name nodes as traces
// name them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "common/progress.h"
#include "common/status.h"
#include "common/trace_event.h"
#include "common/trace_summary.h"

namespace onnxlens::api {

/// Reads a trace file (at most 2 GiB): Stage::kReadingFile, then kReadingTrace every MiB parsed; a
/// cancel ends with kCancelled. The error names the file (and a syntax error's byte offset).
Expected<profiling::Trace> ReadTraceFile(const std::filesystem::path& path,
                                         const JobControl& job = {});

/// Writes the events as trace JSON atomically (temp file + rename): Stage::kWritingTrace every
/// MiB; a cancel ends with kCancelled and leaves `path` as it was.
Status WriteTraceFile(const std::filesystem::path& path,
                      const std::vector<profiling::TraceEvent>& events,
                      const profiling::TraceMetadata& metadata = {}, const JobControl& job = {});

/// Per op type, node, provider and thread; works on ONNX Runtime's profiles too.
profiling::TraceSummary SummarizeTrace(const std::vector<profiling::TraceEvent>& events);
/// The summary as aligned text tables; `top_nodes` limits the per-node table.
std::string FormatTraceSummary(const profiling::TraceSummary& summary, size_t top_nodes = 20);

/// True for a per-node kernel event (ours or ONNX Runtime's).
bool IsKernelEvent(const profiling::TraceEvent& event);
/// The node label of a kernel event (its name without "_kernel_time").
std::string KernelNodeName(const profiling::TraceEvent& event);
/// How traces name a graph node: its name, or "<op_type>_<id>" when it has none.
std::string TraceNodeLabel(const std::string& name, const std::string& op_type, int64_t id);

}  // namespace onnxlens::api
