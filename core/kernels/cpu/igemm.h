// Exact integer GEMM for the int8 kernels of the cpu provider (issue 35.2): C(int32) = sum over k
// of (A - a_zero_point) * (B - b_zero_point) for uint8 / int8 A and B, bit for bit the reference
// kernels' integers on every instruction set. oneDNN 2.6 sums u8 x s8 pairs with the saturating
// vpmaddubsw without VNNI, so its int8 products are wrong there; these paths never saturate:
// AVX2 / AVX-512BW widen both operands to 16 bits and sum pairs with vpmaddwd, VNNI sums quads
// with vpdpbusd (u8 x s8, exact in 32 bits). Any type pair is brought to that one (u8 A, s8 B) by
// an offset of 128 folded into the zero point (A' = A + 128 for int8 A, B' = B - 128 for uint8
// B), and the zero points enter through row and column sums:
//   C = A'B' - zb'[n] * rowsum(A')[m] - za'[m] * (colsum(B')[n] - K * zb'[n]).
// B is packed once per path (the kernels pack constant weights at creation).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace onnxlens::kernels {

class ParallelRunner;

/// The instruction paths of Igemm, slowest first.
enum class IgemmPath {
  kScalar,      ///< plain loops (no AVX2, or ONNXLENS_MAX_ISA=sse4)
  kAvx2,        ///< ymm, widened to 16 bits, vpmaddwd
  kAvx2Vnni,    ///< ymm, AVX-VNNI vpdpbusd
  kAvx512Bw,    ///< zmm, widened to 16 bits, vpmaddwd
  kAvx512Vnni,  ///< zmm, AVX-512 VNNI vpdpbusd
};

/// "scalar", "avx2", "avx2_vnni", "avx512bw", "avx512_vnni".
std::string_view IgemmPathName(IgemmPath path);
/// The fastest path EffectiveIsa() (the host under ONNXLENS_MAX_ISA) allows.
IgemmPath BestIgemmPath();
/// True when the host and the cap allow `path`.
bool IgemmPathAvailable(IgemmPath path);

/// The largest K whose results always fit int32 (255 * 255 * K < 2^31): beyond it the reference
/// kernels saturate their 64-bit sums, and callers leave such products to them.
inline constexpr int64_t kIgemmMaxK = 33025;

/// B [K, N] (row-major, leading dimension ldb) packed for one path, with its column sums.
struct IgemmPackedB {
  IgemmPath path = IgemmPath::kScalar;
  int64_t K = 0, N = 0;
  bool b_signed = true;           ///< int8 B (else uint8, stored as B - 128)
  std::vector<uint8_t> data;      ///< panels of the path's column width
  std::vector<int32_t> col_sums;  ///< sum over k of B'[k, n]
};

/// Packs B (int8 when b_signed, else uint8) for `path`. K <= kIgemmMaxK.
IgemmPackedB IgemmPackB(IgemmPath path, const void* b, bool b_signed, int64_t K, int64_t N,
                        int64_t ldb);

/// Zero points as int32 values: none (count 0), one per tensor (count 1), or one per row of A
/// (count M) / column of B (count N).
struct IgemmZeroPoints {
  const int32_t* a = nullptr;
  int64_t a_count = 0;
  const int32_t* b = nullptr;
  int64_t b_count = 0;
};

/// C[m, n] = sum_k (A[m, k] - za) * (B[k, n] - zb), exactly, for A [M, K] (int8 when a_signed,
/// else uint8; leading dimension lda) and the packed B; split over `pool` (may be null) by rows or
/// column panels. The zero points must be within their types' ranges.
void Igemm(ParallelRunner* pool, int64_t M, const void* a, bool a_signed, int64_t lda,
           const IgemmPackedB& b, const IgemmZeroPoints& zp, int32_t* c, int64_t ldc);

}  // namespace onnxlens::kernels
