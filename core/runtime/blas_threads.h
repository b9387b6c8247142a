// Sets OpenBLAS's thread count (the intra-op pool and BLAS must not oversubscribe the cores).
#pragma once

namespace onnxlens::runtime {

void SetBlasThreads(int threads);

}  // namespace onnxlens::runtime
