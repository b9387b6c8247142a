// Parallel SGEMM.
#include "kernels/cpu/sgemm.h"

#include <cblas.h>

#include <algorithm>
#include <limits>

#include "kernels/parallel.h"

namespace onnxlens::kernels {

namespace {

bool FitsInt(int64_t v) { return v <= std::numeric_limits<int>::max(); }

}  // namespace

// Casting sizes BLAS's int arguments cannot hold wrapped them negative: wrong results or reads out
// of bounds. Such products go element by element instead.
void PlainSgemm(bool ta, bool tb, int64_t M, int64_t N, int64_t K, float alpha, const float* A,
                int64_t lda, const float* B, int64_t ldb, float beta, float* C, int64_t ldc) {
  for (int64_t i = 0; i < M; ++i) {
    for (int64_t j = 0; j < N; ++j) {
      double acc = 0;
      for (int64_t k = 0; k < K; ++k) {
        const float a = ta ? A[k * lda + i] : A[i * lda + k];
        const float b = tb ? B[j * ldb + k] : B[k * ldb + j];
        acc += static_cast<double>(a) * b;
      }
      float& c = C[i * ldc + j];
      c = alpha * static_cast<float>(acc) + (beta == 0 ? 0.f : beta * c);
    }
  }
}

namespace {

void Call(bool ta, bool tb, int64_t M, int64_t N, int64_t K, float alpha, const float* A,
          int64_t lda, const float* B, int64_t ldb, float beta, float* C, int64_t ldc) {
  if (M <= 0 || N <= 0) return;
  if (!FitsInt(M) || !FitsInt(N) || !FitsInt(K) || !FitsInt(lda) || !FitsInt(ldb) ||
      !FitsInt(ldc)) {
    PlainSgemm(ta, tb, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
    return;
  }
  cblas_sgemm(CblasRowMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans,
              static_cast<int>(M), static_cast<int>(N), static_cast<int>(K), alpha, A,
              static_cast<int>(lda), B, static_cast<int>(ldb), beta, C, static_cast<int>(ldc));
}

}  // namespace

void ParallelSgemm(ParallelRunner* pool, bool ta, bool tb, int64_t M, int64_t N, int64_t K,
                   float alpha, const float* A, int64_t lda, const float* B, int64_t ldb,
                   float beta, float* C, int64_t ldc) {
  const int threads = pool ? pool->threads() : 1;
  // Below ~1 MFLOP a split costs more than it saves.
  if (threads == 1 || M * N * K < (int64_t{1} << 20)) {
    Call(ta, tb, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
    return;
  }
  if (M >= N) {
    const int64_t parts = std::min<int64_t>(threads, M);
    const int64_t chunk = (M + parts - 1) / parts;
    pool->ParallelFor(parts, [&](int64_t b, int64_t e) {
      for (int64_t p = b; p < e; ++p) {
        const int64_t r0 = p * chunk, rows = std::min(M - r0, chunk);
        const float* a = ta ? A + r0 : A + r0 * lda;
        Call(ta, tb, rows, N, K, alpha, a, lda, B, ldb, beta, C + r0 * ldc, ldc);
      }
    });
  } else {
    const int64_t parts = std::min<int64_t>(threads, N);
    // Column blocks rounded to 16 floats keep each worker's writes on its own cache lines.
    const int64_t chunk = ((N + parts - 1) / parts + 15) / 16 * 16;
    pool->ParallelFor(parts, [&](int64_t b, int64_t e) {
      for (int64_t p = b; p < e; ++p) {
        const int64_t c0 = p * chunk;
        if (c0 >= N) continue;
        const int64_t cols = std::min(N - c0, chunk);
        const float* bb = tb ? B + c0 * ldb : B + c0;
        Call(ta, tb, M, cols, K, alpha, A, lda, bb, ldb, beta, C + c0, ldc);
      }
    });
  }
}

}  // namespace onnxlens::kernels
