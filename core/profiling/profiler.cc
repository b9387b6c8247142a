// Profiler: a mutex-guarded event list. Events are few (one per node run plus one per thread per
// parallel region), so a lock per event costs far less than the kernels it measures.
#include "profiling/profiler.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <nlohmann/json.hpp>

namespace onnxlens::profiling {

Profiler::Profiler() : start_(std::chrono::steady_clock::now()) {}

double Profiler::NowUs() const {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start_)
      .count();
}

int64_t Profiler::CurrentThreadId() {
  thread_local const int64_t tid = static_cast<int64_t>(syscall(SYS_gettid));
  return tid;
}

// getpid() is a system call on current glibc; the pid does not change while we record.
int64_t Profiler::ProcessId() {
  static const int64_t pid = static_cast<int64_t>(getpid());
  return pid;
}

void Profiler::AddComplete(std::string name, std::string cat, double start_us, double end_us,
                           std::vector<TraceArg> args) {
  TraceEvent e;
  e.name = std::move(name);
  e.cat = std::move(cat);
  e.ph = 'X';
  e.ts_us = start_us;
  e.dur_us = std::max(0.0, end_us - start_us);
  e.pid = ProcessId();
  e.tid = CurrentThreadId();
  e.args = std::move(args);
  std::lock_guard<std::mutex> lock(mu_);
  events_.push_back(std::move(e));
}

void Profiler::AddCounter(std::string name, double ts_us, uint64_t bytes) {
  const int64_t tid = CurrentThreadId();
  std::lock_guard<std::mutex> lock(mu_);
  counters_.push_back({std::move(name), ts_us, bytes, tid});
}

void Profiler::AddNode(NodeRecord record, const std::vector<TensorTypeRank>& tensors,
                       const std::vector<int64_t>& dims) {
  const int64_t tid = CurrentThreadId();
  std::lock_guard<std::mutex> lock(mu_);
  record.tensor_count = static_cast<uint32_t>(tensors.size());
  record.tensors_at = tensor_pool_.size();
  record.dims_at = dims_pool_.size();
  tensor_pool_.insert(tensor_pool_.end(), tensors.begin(), tensors.end());
  dims_pool_.insert(dims_pool_.end(), dims.begin(), dims.end());
  nodes_.emplace_back(tid, std::move(record));
}

namespace {

TraceEvent NodeEvent(int64_t tid, const NodeRecord& r, const std::vector<TensorTypeRank>& tensors,
                     const std::vector<int64_t>& dims) {
  TraceEvent e;
  e.name = r.info->label + "_kernel_time";
  e.cat = "Node";
  e.ph = 'X';
  e.ts_us = r.start_us;
  e.dur_us = std::max(0.0, r.end_us - r.start_us);
  e.pid = Profiler::ProcessId();
  e.tid = tid;
  std::string in = "[", out = "[";
  size_t d = r.dims_at;
  for (size_t i = 0; i < r.tensor_count && r.tensors_at + i < tensors.size(); ++i) {
    std::string& list = static_cast<int32_t>(i) < r.input_count ? in : out;
    if (list.size() > 1) list += ",";
    const auto& [type, rank] = tensors[r.tensors_at + i];
    if (type.empty()) {
      list += "{}";
      continue;
    }
    list += "{\"";
    list += type;
    list += "\":[";
    for (int32_t k = 0; k < rank && d < dims.size(); ++k, ++d) {
      if (k) list += ",";
      list += std::to_string(dims[d]);
    }
    list += "]}";
  }
  in += "]";
  out += "]";
  e.args = {{"op_name", r.info->op_name, false},
            {"provider", r.info->provider, false},
            {"node_index", std::to_string(r.info->node_index), false},
            {"activation_size", std::to_string(r.activation_size), false},
            {"parameter_size", std::to_string(r.parameter_size), false},
            {"output_size", std::to_string(r.output_size), false},
            {"input_type_shape", in, true},
            {"output_type_shape", out, true}};
  if (!r.info->origins.empty())
    e.args.push_back({"origins",
                      nlohmann::json(r.info->origins)
                          .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                      true});
  return e;
}

}  // namespace

std::string NodeLabel(const std::string& name, const std::string& op_type, int64_t id) {
  return name.empty() ? op_type + "_" + std::to_string(id) : name;
}

void Profiler::NameThread(int64_t tid, const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  thread_names_[tid] = name;
}

void Profiler::NameThreadIfUnnamed(int64_t tid, const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  thread_names_.emplace(tid, name);
}

std::vector<TraceEvent> Profiler::Events() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<TraceEvent> out;
  for (const auto& [tid, name] : thread_names_) {
    TraceEvent m;
    m.name = "thread_name";
    m.ph = 'M';
    m.pid = ProcessId();
    m.tid = tid;
    m.args = {{"name", name, false}};
    out.push_back(std::move(m));
  }
  std::vector<TraceEvent> timed = events_;
  timed.reserve(events_.size() + counters_.size() + nodes_.size());
  for (const Counter& c : counters_) {
    TraceEvent e;
    e.name = c.name;
    e.cat = "Memory";
    e.ph = 'C';
    e.ts_us = c.ts_us;
    e.pid = ProcessId();
    e.tid = c.tid;
    e.args = {{"bytes", std::to_string(c.bytes), true}};
    timed.push_back(std::move(e));
  }
  for (const auto& [tid, r] : nodes_) timed.push_back(NodeEvent(tid, r, tensor_pool_, dims_pool_));
  std::stable_sort(timed.begin(), timed.end(),
                   [](const TraceEvent& a, const TraceEvent& b) { return a.ts_us < b.ts_us; });
  out.insert(out.end(), timed.begin(), timed.end());
  return out;
}

void Profiler::Clear() {
  std::lock_guard<std::mutex> lock(mu_);
  events_.clear();
  nodes_.clear();
  tensor_pool_.clear();
  dims_pool_.clear();
  counters_.clear();
}

}  // namespace onnxlens::profiling
