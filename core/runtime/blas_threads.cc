// OpenBLAS thread control.
#include "runtime/blas_threads.h"

extern "C" void openblas_set_num_threads(int num_threads);

namespace onnxlens::runtime {

void SetBlasThreads(int threads) { openblas_set_num_threads(threads < 1 ? 1 : threads); }

}  // namespace onnxlens::runtime
