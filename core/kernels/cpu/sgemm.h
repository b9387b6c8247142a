// SGEMM split over the intra-op pool: OpenBLAS runs single-threaded and each worker computes a
// block of rows (or columns) of C, so 2 threads speed up even the small GEMMs OpenBLAS would not
// thread itself, and the pool and BLAS never compete for cores.
#pragma once

#include <cstdint>

namespace onnxlens::kernels {

class ParallelRunner;

/// Row-major C = alpha * op(A) * op(B) + beta * C.
void ParallelSgemm(ParallelRunner* pool, bool trans_a, bool trans_b, int64_t M, int64_t N,
                   int64_t K, float alpha, const float* A, int64_t lda, const float* B, int64_t ldb,
                   float beta, float* C, int64_t ldc);

/// The same product without BLAS, element by element: what ParallelSgemm does when a size or
/// leading dimension does not fit BLAS's int arguments. Exposed for its tests.
void PlainSgemm(bool trans_a, bool trans_b, int64_t M, int64_t N, int64_t K, float alpha,
                const float* A, int64_t lda, const float* B, int64_t ldb, float beta, float* C,
                int64_t ldc);

}  // namespace onnxlens::kernels
