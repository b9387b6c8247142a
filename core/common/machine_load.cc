// Machine load from /proc (common/machine_load.h).
#include "common/machine_load.h"

#include <dirent.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>

namespace onnxlens {

namespace {

// Reads a small /proc file whole (they report a size of 0, so no stat).
std::string ReadProcFile(const char* path) {
  std::string out;
  FILE* f = std::fopen(path, "r");
  if (!f) return out;
  char buf[512];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  std::fclose(f);
  return out;
}

int AffinityCores() {
#ifdef __linux__
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
#endif
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

int OnlineCpus() {
  const long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<int>(n) : AffinityCores();
}

// The threads of this process in state R (running or runnable), from /proc/self/task/*/stat.
int OwnRunnableThreads() {
  int n = 0;
  DIR* dir = opendir("/proc/self/task");
  if (!dir) return 1;
  while (dirent* e = readdir(dir)) {
    if (e->d_name[0] == '.') continue;
    const std::string stat =
        ReadProcFile(("/proc/self/task/" + std::string(e->d_name) + "/stat").c_str());
    const size_t paren = stat.rfind(')');  // the command name may hold spaces and parentheses
    if (paren != std::string::npos && paren + 2 < stat.size() && stat[paren + 2] == 'R') ++n;
  }
  closedir(dir);
  return std::max(n, 1);  // the sampling thread itself
}

// /proc/loadavg: "0.52 0.41 0.30 3/107 962": the 1-minute average and the runnable tasks.
bool ReadLoadAvg(double* loadavg1, int* runnable) {
  const std::string s = ReadProcFile("/proc/loadavg");
  int total = 0;
  return std::sscanf(s.c_str(), "%lf %*f %*f %d/%d", loadavg1, runnable, &total) == 3;
}

}  // namespace

MachineLoad SampleMachineLoad() {
  MachineLoad load;
  load.cores = AffinityCores();
  int others = -1;
  for (int i = 0; i < 8; ++i) {
    if (i > 0) std::this_thread::sleep_for(std::chrono::microseconds(500));
    int runnable = 0;
    if (!ReadLoadAvg(&load.loadavg1, &runnable)) return load;
    const int mine = OwnRunnableThreads();
    const int o = std::max(0, runnable - mine);
    others = others < 0 ? o : std::min(others, o);
  }
  // The run queue is the whole machine's: the share of it on our CPUs, when we may not use all.
  const int online = OnlineCpus();
  double busy = others;
  if (online > load.cores) busy = busy * load.cores / online;
  load.busy_cores = std::min(load.cores, static_cast<int>(std::floor(busy + 0.5)));
  return load;
}

int DefaultThreadCount(const MachineLoad& load) {
  return std::max(1, load.cores - load.busy_cores);
}

int ResolveThreadCount(int requested) {
  if (requested > 0) return requested;
  static std::mutex mu;
  static std::chrono::steady_clock::time_point sampled;
  static int threads = 0;
  std::lock_guard<std::mutex> lock(mu);
  const auto now = std::chrono::steady_clock::now();
  if (threads == 0 || now - sampled > std::chrono::seconds(1)) {
    threads = DefaultThreadCount(SampleMachineLoad());
    sampled = now;
  }
  return threads;
}

int64_t ProcessRunQueueWaitNs() {
  int64_t total = 0;
  DIR* dir = opendir("/proc/self/task");
  if (!dir) return 0;
  while (dirent* e = readdir(dir)) {
    if (e->d_name[0] == '.') continue;
    const std::string s =
        ReadProcFile(("/proc/self/task/" + std::string(e->d_name) + "/schedstat").c_str());
    unsigned long long on_cpu = 0, waiting = 0;
    if (std::sscanf(s.c_str(), "%llu %llu", &on_cpu, &waiting) == 2)
      total += static_cast<int64_t>(waiting);
  }
  closedir(dir);
  return total;
}

}  // namespace onnxlens
