// ParallelSgemm and its BLAS-free path: PlainSgemm (used when a size does not fit BLAS's int
// arguments) computes what OpenBLAS computes, for every transpose combination, alpha and beta.
#include "kernels/cpu/sgemm.h"

#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <vector>

namespace onnxlens::kernels {
namespace {

TEST(Sgemm, PlainPathMatchesBlasForEveryTransposeAlphaAndBeta) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1, 1);
  const int64_t M = 7, N = 5, K = 9;
  for (bool ta : {false, true}) {
    for (bool tb : {false, true}) {
      for (auto [alpha, beta] : {std::pair{1.f, 0.f}, {0.5f, 1.f}, {-2.f, 0.25f}}) {
        const int64_t lda = (ta ? M : K) + 3, ldb = (tb ? K : N) + 2, ldc = N + 1;
        std::vector<float> A((ta ? K : M) * lda), B((tb ? N : K) * ldb), C(M * ldc);
        for (auto* v : {&A, &B, &C})
          for (float& x : *v) x = u(rng);
        std::vector<float> blas = C, plain = C;
        ParallelSgemm(nullptr, ta, tb, M, N, K, alpha, A.data(), lda, B.data(), ldb, beta,
                      blas.data(), ldc);
        PlainSgemm(ta, tb, M, N, K, alpha, A.data(), lda, B.data(), ldb, beta, plain.data(), ldc);
        for (size_t i = 0; i < C.size(); ++i)
          EXPECT_NEAR(blas[i], plain[i], 1e-5) << ta << tb << " alpha " << alpha << " at " << i;
      }
    }
  }
}

TEST(Sgemm, BetaZeroIgnoresWhatCHeld) {
  const float A[2] = {1, 2}, B[2] = {3, 4};
  float C[1] = {std::numeric_limits<float>::quiet_NaN()};
  PlainSgemm(false, false, 1, 1, 2, 1.f, A, 2, B, 1, 0.f, C, 1);
  EXPECT_EQ(C[0], 11.f);
}

}  // namespace
}  // namespace onnxlens::kernels
