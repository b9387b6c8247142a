// Profiler: a mutex-guarded event list. Events are few (one per node run plus one per thread per
// parallel region), so a lock per event costs far less than the kernels it measures.
#include "profiling/profiler.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>

namespace onnxlens::profiling {

const std::string& TraceEvent::Arg(const std::string& key) const {
  static const std::string kEmpty;
  for (const TraceArg& a : args) {
    if (a.key == key) return a.value;
  }
  return kEmpty;
}

Profiler::Profiler() : start_(std::chrono::steady_clock::now()) {}

double Profiler::NowUs() const {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start_)
      .count();
}

int64_t Profiler::CurrentThreadId() {
  thread_local const int64_t tid = static_cast<int64_t>(syscall(SYS_gettid));
  return tid;
}

int64_t Profiler::ProcessId() { return static_cast<int64_t>(getpid()); }

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

void Profiler::NameThread(int64_t tid, const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  thread_names_[tid] = name;
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
  std::stable_sort(timed.begin(), timed.end(),
                   [](const TraceEvent& a, const TraceEvent& b) { return a.ts_us < b.ts_us; });
  out.insert(out.end(), timed.begin(), timed.end());
  return out;
}

void Profiler::Clear() {
  std::lock_guard<std::mutex> lock(mu_);
  events_.clear();
}

}  // namespace onnxlens::profiling
