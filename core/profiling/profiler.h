// Collects trace events from the session and the thread pool. Recording is thread-safe; a session
// without a profiler pays nothing (callers test the pointer).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "profiling/trace_event.h"

namespace onnxlens::profiling {

class Profiler {
 public:
  Profiler();

  /// Microseconds since construction (steady clock, sub-microsecond resolution).
  double NowUs() const;
  /// Records a complete event on the calling thread.
  void AddComplete(std::string name, std::string cat, double start_us, double end_us,
                   std::vector<TraceArg> args = {});
  /// Names a thread ("main", "pool worker 1", ...) for the thread_name metadata events.
  void NameThread(int64_t tid, const std::string& name);

  /// Every event so far: thread_name metadata first, then complete events by start time.
  std::vector<TraceEvent> Events() const;
  /// Drops the complete events (thread names stay).
  void Clear();

  static int64_t CurrentThreadId();
  static int64_t ProcessId();

 private:
  std::chrono::steady_clock::time_point start_;
  mutable std::mutex mu_;
  std::vector<TraceEvent> events_;
  std::map<int64_t, std::string> thread_names_;
};

}  // namespace onnxlens::profiling
