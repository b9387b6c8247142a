// Sets libgomp's spin bound before libgomp's constructor reads it (runtime/omp_wait_policy.h).
#include "runtime/omp_wait_policy.h"

#include <cstdlib>

// The symbol the executables' link pulls in (linker --undefined, core/CMakeLists.txt), so that this
// object and its .preinit_array entry are linked from the static library.
extern "C" {
int onnxlens_omp_wait_policy_anchor = 0;
}

namespace onnxlens::runtime {
namespace {

bool applied = false;

// Runs from .preinit_array: before every shared library's constructor, before C++ static
// initialization. Only the C library's environment functions are used here.
void SetOmpWaitDefault(int, char**, char**) {
  if (std::getenv("OMP_WAIT_POLICY") || std::getenv("GOMP_SPINCOUNT")) return;
  applied = setenv("GOMP_SPINCOUNT", kDefaultGompSpinCount, 0) == 0;
}

__attribute__((section(".preinit_array"), used)) void (*const kPreinit)(int, char**,
                                                                        char**) = SetOmpWaitDefault;

}  // namespace

bool OmpWaitPolicyDefaultApplied() { return applied; }

}  // namespace onnxlens::runtime
