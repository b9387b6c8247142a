// One Chrome Trace Event Format event as plain data (the subset ONNX Runtime's profiler writes):
// complete events (ph "X") with a duration, metadata events (ph "M", e.g. thread_name) and counter
// events (ph "C": the session's bytes in use after each kernel, args {"bytes": N}), and a
// trace file's events with its metadata. Dependency-free, so that core/api's plain data and the
// GUI can hold traces without reaching into core/profiling (which writes and reads them).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace onnxlens::profiling {

/// One argument. `json` values are JSON text written as-is (ONNX Runtime's input_type_shape is an
/// array); the others are strings.
struct TraceArg {
  std::string key;
  std::string value;
  bool json = false;
};

struct TraceEvent {
  std::string name;
  std::string cat;  ///< "Session", "Node", "Parallel" (ours); whatever a foreign file says
  char ph = 'X';
  double ts_us = 0;   ///< start, microseconds since the profiler started
  double dur_us = 0;  ///< complete events only
  int64_t pid = 0;
  int64_t tid = 0;
  /// Arguments in file order; values as text (ONNX Runtime writes its sizes as strings too).
  std::vector<TraceArg> args;

  /// The value of argument `key`, or "" when absent.
  const std::string& Arg(const std::string& key) const;
};

/// Free-form facts stored in a trace file's "otherData" (model path, threads, level, ...).
using TraceMetadata = std::vector<std::pair<std::string, std::string>>;

/// A trace file as read.
struct Trace {
  std::vector<TraceEvent> events;
  TraceMetadata metadata;
  /// Events left out: unknown phase, or a required field (ph, ts, pid, tid; dur for "X") missing
  /// or of the wrong type. `skipped_reasons` has the first few, for the user.
  int64_t skipped = 0;
  std::vector<std::string> skipped_reasons;
  /// Texts (names, categories, arguments) longer than 64 KiB that were cut, and argument values
  /// of more than 65,536 elements that were left out: the reader's bounds on a hostile file.
  int64_t shortened = 0;
};

}  // namespace onnxlens::profiling
