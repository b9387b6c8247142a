// Chrome Trace Event Format JSON: writing our traces and reading ours or ONNX Runtime's profile
// files (a bare event array or an object with "traceEvents").
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "common/progress.h"
#include "common/status.h"
#include "common/trace_event.h"

namespace onnxlens::profiling {

/// The trace as JSON text: {"traceEvents": [...], "displayTimeUnit": "ms", "otherData": {...}}.
std::string TraceToJson(const std::vector<TraceEvent>& events, const TraceMetadata& metadata = {});

/// Writes TraceToJson's text to `path` atomically (temp file + rename), streamed event by event.
/// Reports Stage::kWritingTrace every MiB written; a cancel returns StatusCode::kCancelled and
/// leaves `path` as it was.
Status WriteTraceFile(const std::filesystem::path& path, const std::vector<TraceEvent>& events,
                      const TraceMetadata& metadata = {}, const JobControl& job = {});

/// Parses trace JSON text; `source` names it in errors (a syntax error with its byte offset).
/// Complete ("X"), metadata ("M") and instant ("i") events are read; begin / end pairs ("B" /
/// "E") become complete events (per thread, nested); other phases are skipped and counted.
/// Reports Stage::kReadingTrace every MiB of text; a cancel returns StatusCode::kCancelled.
Expected<Trace> ParseTrace(const std::string& text, const std::string& source,
                           const JobControl& job = {});
/// Reads and parses a trace file (at most 2 GiB).
Expected<Trace> ReadTraceFile(const std::filesystem::path& path, const JobControl& job = {});

}  // namespace onnxlens::profiling
