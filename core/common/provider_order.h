// The default execution-provider order: the fastest correct one measured beside ONNX Runtime
// (../shared/tools/perf-compare, issue 18): oneDNN first (convolutions, pools, matrix products and
// the NCHWc chains of level `layout`), then our cpu kernels, then the reference kernels as the last
// fallback. Every request that takes `providers` starts from it; `--providers` chooses another.
#pragma once

#include <string>
#include <vector>

namespace onnxlens {

inline std::vector<std::string> DefaultProviderOrder() {
#ifdef ONNXLENS_NO_OPENMP_BY_DEFAULT
  // ThreadSanitizer builds: Debian's libgomp is not instrumented, so every OpenMP barrier would be
  // reported as a race; the tsan suite checks our own pool (dnnl is tested by name in release and
  // asan).
  return {"cpu", "reference"};
#else
  return {"dnnl", "cpu", "reference"};
#endif
}

}  // namespace onnxlens
