// The exact integer GEMM (kernels/cpu/igemm.h) on every instruction path the host and the
// ONNXLENS_MAX_ISA cap allow, against plain 64-bit sums: odd shapes (M, N, K not multiples of the
// tiles, K = 1, N = 1), full-range values (uint8 255, int8 -128 / 127), uint8 / int8 A and B in
// all four pairs, zero points absent, per tensor (at the types' extremes), per row of A and per
// column of B, inline and on two threads; bit for bit.
#include "kernels/cpu/igemm.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "common/cpu_isa.h"
#include "kernels/cpu/cpu_vs_reference.h"

namespace onnxlens::testing {
namespace {

using kernels::IgemmPath;

struct IgmCase {
  int64_t M, K, N;
  bool a_signed, b_signed;
  int zp_kind;  // 0 none, 1 per tensor, 2 per row of A and per column of B, 3 extremes
};

std::vector<uint8_t> IgmBytes(int64_t n, bool is_signed, std::mt19937& rng) {
  std::uniform_int_distribution<int> u(0, 255);
  std::vector<uint8_t> v(static_cast<size_t>(n));
  for (auto& x : v) x = static_cast<uint8_t>(u(rng));
  // The extremes the saturating vpmaddubsw gets wrong: 255 x -128 pairs, 127 x 127 ...
  if (n > 0) v[0] = is_signed ? 0x80 : 255;
  if (n > 1) v[static_cast<size_t>(n - 1)] = is_signed ? 0x7f : 255;
  return v;
}

int32_t IgmValue(uint8_t raw, bool is_signed) {
  return is_signed ? int32_t{static_cast<int8_t>(raw)} : int32_t{raw};
}

std::vector<int32_t> IgmZeros(int kind, int64_t count, bool is_signed, std::mt19937& rng) {
  if (kind == 0) return {};
  const int lo = is_signed ? -128 : 0, hi = is_signed ? 127 : 255;
  if (kind == 3) return {is_signed ? -128 : 255};
  std::uniform_int_distribution<int> u(lo, hi);
  std::vector<int32_t> v(static_cast<size_t>(kind == 1 ? 1 : count));
  for (auto& x : v) x = u(rng);
  return v;
}

void IgmCheck(IgemmPath path, const IgmCase& c, uint32_t seed) {
  std::mt19937 rng(seed);
  const auto a = IgmBytes(c.M * c.K, c.a_signed, rng);
  const auto b = IgmBytes(c.K * c.N, c.b_signed, rng);
  const auto za = IgmZeros(c.zp_kind, c.M, c.a_signed, rng);
  // kind 3: A's zero point at one extreme, B's at the other.
  const auto zb = c.zp_kind == 3 ? std::vector<int32_t>{c.b_signed ? 127 : 0}
                                 : IgmZeros(c.zp_kind, c.N, c.b_signed, rng);
  std::vector<int32_t> want(static_cast<size_t>(c.M * c.N));
  for (int64_t m = 0; m < c.M; ++m)
    for (int64_t n = 0; n < c.N; ++n) {
      int64_t s = 0;
      const int64_t zam = za.empty() ? 0 : za[za.size() == 1 ? 0 : m];
      const int64_t zbn = zb.empty() ? 0 : zb[zb.size() == 1 ? 0 : n];
      for (int64_t k = 0; k < c.K; ++k)
        s += (IgmValue(a[m * c.K + k], c.a_signed) - zam) *
             (IgmValue(b[k * c.N + n], c.b_signed) - zbn);
      want[m * c.N + n] = static_cast<int32_t>(s);
    }
  const kernels::IgemmPackedB packed =
      kernels::IgemmPackB(path, b.data(), c.b_signed, c.K, c.N, c.N);
  kernels::IgemmZeroPoints zp;
  zp.a = za.data();
  zp.a_count = static_cast<int64_t>(za.size());
  zp.b = zb.data();
  zp.b_count = static_cast<int64_t>(zb.size());
  TwoThreads two;
  for (kernels::ParallelRunner* pool : {static_cast<kernels::ParallelRunner*>(nullptr),
                                        static_cast<kernels::ParallelRunner*>(&two)}) {
    // C wider than N (ldc > N): the tiles must not write past their columns.
    const int64_t ldc = c.N + 3;
    std::vector<int32_t> got(static_cast<size_t>(c.M * ldc), 0x5a5a5a5a);
    kernels::Igemm(pool, c.M, a.data(), c.a_signed, c.K, packed, zp, got.data(), ldc);
    int64_t off = 0, first = -1;
    for (int64_t m = 0; m < c.M; ++m) {
      for (int64_t n = 0; n < c.N; ++n)
        if (got[m * ldc + n] != want[m * c.N + n]) {
          if (first < 0) first = m * c.N + n;
          ++off;
        }
      for (int64_t n = c.N; n < ldc; ++n) EXPECT_EQ(got[m * ldc + n], 0x5a5a5a5a) << "past N";
    }
    EXPECT_EQ(off, 0) << IgemmPathName(path) << " M " << c.M << " K " << c.K << " N " << c.N
                      << " a_signed " << c.a_signed << " b_signed " << c.b_signed << " zp "
                      << c.zp_kind << (pool ? " 2 threads" : "") << ": " << off << " of "
                      << c.M * c.N << " differ, first at " << first;
  }
}

std::vector<IgemmPath> IgmPaths() {
  std::vector<IgemmPath> paths;
  for (IgemmPath p : {IgemmPath::kScalar, IgemmPath::kAvx2, IgemmPath::kAvx2Vnni,
                      IgemmPath::kAvx512Bw, IgemmPath::kAvx512Vnni})
    if (kernels::IgemmPathAvailable(p)) paths.push_back(p);
  return paths;
}

TEST(Igemm, ExactOnEveryPathOddShapesAllTypePairsAndZeroPoints) {
#if defined(__SANITIZE_THREAD__)
  // Every GEMM path on one thread: 52 s under ThreadSanitizer, which has nothing to check there
  // (the release and asan builds run it; the threaded int8 kernels have their own tests).
  GTEST_SKIP() << "one thread: not a ThreadSanitizer test";
#endif
  const std::vector<std::vector<int64_t>> shapes = {
      {1, 1, 1},     {1, 13, 1},    {13, 1, 13},    {7, 5, 3},     {13, 13, 13},
      {9, 31, 17},   {6, 32, 16},   {8, 64, 32},    {17, 127, 33}, {127, 128, 64},
      {50, 300, 45}, {1, 512, 128}, {128, 129, 130}};
  uint32_t seed = 3500;
  for (IgemmPath path : IgmPaths())
    for (const auto& s : shapes)
      for (bool as : {false, true})
        for (bool bs : {false, true})
          for (int zk = 0; zk < 4; ++zk) IgmCheck(path, {s[0], s[1], s[2], as, bs, zk}, ++seed);
}

TEST(Igemm, WorstCaseSumsAtTheLargestKStayExact) {
  // |A - za| = |B - zb| = 255 everywhere: each sum is 255 * 255 * K, the largest that fits int32.
  const int64_t K = kernels::kIgemmMaxK, M = 3, N = 5;
  std::vector<uint8_t> a(static_cast<size_t>(M * K), 255), b(static_cast<size_t>(K * N), 255);
  const std::vector<int32_t> za = {0}, zb = {0};
  for (IgemmPath path : IgmPaths()) {
    for (int sign : {1, -1}) {
      // B uint8 255 with zero point 0 (sign 1), or with zero point 255 and B 0 (sign -1).
      std::vector<uint8_t> bb(b.size(), sign > 0 ? 255 : 0);
      const std::vector<int32_t> zbs = {sign > 0 ? 0 : 255};
      auto packed = kernels::IgemmPackB(path, bb.data(), false, K, N, N);
      kernels::IgemmZeroPoints zp{za.data(), 1, zbs.data(), 1};
      std::vector<int32_t> c(static_cast<size_t>(M * N));
      kernels::Igemm(nullptr, M, a.data(), false, K, packed, zp, c.data(), N);
      for (int32_t v : c) ASSERT_EQ(v, sign * 255 * 255 * K) << IgemmPathName(path);
    }
  }
}

TEST(Igemm, BestPathFollowsTheCap) {
  const IgemmPath best = kernels::BestIgemmPath();
  EXPECT_TRUE(kernels::IgemmPathAvailable(best));
  if (auto cap = MaxIsa(); cap && *cap == Isa::kAvx2 && HostIsa() >= Isa::kAvx2) {
    EXPECT_EQ(best, IgemmPath::kAvx2);
  }
  if (!MaxIsa() && HostIsa() == Isa::kAvx512Vnni) {
    EXPECT_EQ(best, IgemmPath::kAvx512Vnni);
  }
}

}  // namespace
}  // namespace onnxlens::testing
