// Collects trace events from the session and the thread pool. Recording is thread-safe; a session
// without a profiler pays nothing (callers test the pointer).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "profiling/trace_event.h"

namespace onnxlens::profiling {

/// What a node's kernel events share from run to run (made once per session step).
struct NodeEventInfo {
  std::string label;  ///< NodeLabel(); the event is "<label>_kernel_time"
  std::string op_name;
  std::string provider;
  int64_t node_index = 0;
  /// Labels of the nodes of the model as loaded that an optimizer pass made this node from (empty
  /// for a node of the file): written as the event's "origins" argument (a JSON array), so a
  /// fused kernel leads back to the graph the user opened.
  std::vector<std::string> origins;
};

/// How traces name a node: its name, or "<Op>_<id>" when it has none.
std::string NodeLabel(const std::string& name, const std::string& op_type, int64_t id);

/// One node execution, recorded cheaply on the hot path; its trace-event arguments are written
/// only when Events() is called.
struct NodeRecord {
  std::shared_ptr<const NodeEventInfo> info;
  double start_us = 0, end_us = 0;
  int64_t activation_size = 0, parameter_size = 0, output_size = 0;
  int32_t input_count = 0;  ///< the first input_count tensors are inputs, the rest outputs
  // Set by AddNode: where the record's tensors and dims sit in the profiler's shared pools (no
  // allocation per record on the hot path).
  uint32_t tensor_count = 0;
  size_t tensors_at = 0, dims_at = 0;
};

/// A node's input or output as the profile shows it: ONNX Runtime's type name (static storage;
/// empty for a missing or non-tensor value) and rank; the dims of all follow one another.
using TensorTypeRank = std::pair<std::string_view, int32_t>;

class Profiler {
 public:
  Profiler();

  /// Microseconds since construction (steady clock, sub-microsecond resolution).
  double NowUs() const;
  /// Records a complete event on the calling thread.
  void AddComplete(std::string name, std::string cat, double start_us, double end_us,
                   std::vector<TraceArg> args = {});
  /// Records a counter event (ph "C", args {"bytes": value}) on the calling thread: the
  /// session's bytes in use after each kernel, as a "memory" track in Perfetto and our timeline.
  void AddCounter(std::string name, double ts_us, uint64_t bytes);
  /// Records a node execution on the calling thread ("<label>_kernel_time", cat "Node"): its
  /// inputs then outputs (`tensors`) and their dims one after another (`dims`).
  void AddNode(NodeRecord record, const std::vector<TensorTypeRank>& tensors,
               const std::vector<int64_t>& dims);
  /// Names a thread ("main", "pool worker 1", ...) for the thread_name metadata events.
  void NameThread(int64_t tid, const std::string& name);
  /// The same unless the thread has a name already (an OpenMP worker that is also the parallel
  /// executor's thread keeps the executor's name).
  void NameThreadIfUnnamed(int64_t tid, const std::string& name);

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
  std::vector<std::pair<int64_t, NodeRecord>> nodes_;  ///< (thread id, record)
  std::vector<TensorTypeRank> tensor_pool_;            ///< NodeRecord::tensors_at indexes it
  std::vector<int64_t> dims_pool_;                     ///< NodeRecord::dims_at indexes it
  struct Counter {
    std::string name;
    double ts_us = 0;
    uint64_t bytes = 0;
    int64_t tid = 0;
  };
  std::vector<Counter> counters_;  ///< made into events by Events()
  std::map<int64_t, std::string> thread_names_;
};

}  // namespace onnxlens::profiling
