// The CPU time this process has used so far: what the tests that check idle threads sleep compare
// before and after a wait.
#pragma once

#include <sys/resource.h>

namespace onnxlens::testing {

/// User + system CPU seconds of this process.
inline double ProcessCpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

}  // namespace onnxlens::testing
