// The trace facade: forwards to core/profiling.
#include "api/trace.h"

#include "profiling/profiler.h"
#include "profiling/summary.h"
#include "profiling/trace_json.h"

namespace onnxlens::api {

Expected<profiling::Trace> ReadTraceFile(const std::filesystem::path& path, const JobControl& job) {
  return profiling::ReadTraceFile(path, job);
}

Status WriteTraceFile(const std::filesystem::path& path,
                      const std::vector<profiling::TraceEvent>& events,
                      const profiling::TraceMetadata& metadata, const JobControl& job) {
  return profiling::WriteTraceFile(path, events, metadata, job);
}

profiling::TraceSummary SummarizeTrace(const std::vector<profiling::TraceEvent>& events) {
  return profiling::Summarize(events);
}

std::string FormatTraceSummary(const profiling::TraceSummary& summary, size_t top_nodes) {
  return profiling::FormatSummary(summary, top_nodes);
}

bool IsKernelEvent(const profiling::TraceEvent& event) { return profiling::IsKernelEvent(event); }

std::string KernelNodeName(const profiling::TraceEvent& event) {
  return profiling::KernelNodeName(event);
}

std::string TraceNodeLabel(const std::string& name, const std::string& op_type, int64_t id) {
  return profiling::NodeLabel(name, op_type, id);
}

}  // namespace onnxlens::api
