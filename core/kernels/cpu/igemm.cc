// Exact integer GEMM (igemm.h): B packed in panels of 16 (ymm) or 32 (zmm) columns, A's rows
// copied in chunks as 16-bit (vpmaddwd paths) or offset 8-bit (vpdpbusd paths) values, register
// tiles of 6 x 16 (ymm) or 8 x 32 (zmm) int32 sums, the zero points applied from row and column
// sums when a tile is stored. All arithmetic after the products wraps in 32 bits: the result fits
// int32 for K <= kIgemmMaxK, so the wrapped value is the exact one.
#include "kernels/cpu/igemm.h"

#include <immintrin.h>

#include <algorithm>
#include <cstring>

#include "common/cpu_isa.h"
#include "kernels/parallel.h"

namespace onnxlens::kernels {

namespace {

struct IgemmGeometry {
  int group;  // k values per 32-bit lane: 1 (scalar), 2 (vpmaddwd), 4 (vpdpbusd)
  int elem;   // bytes per packed value: 2 (16-bit) or 1
  int mr;     // rows of a register tile
  int nr;     // columns of a panel
};

IgemmGeometry GeometryOf(IgemmPath p) {
  switch (p) {
    case IgemmPath::kScalar:
      return {1, 1, 1, 1};
    case IgemmPath::kAvx2:
      return {2, 2, 6, 16};
    case IgemmPath::kAvx2Vnni:
      return {4, 1, 6, 16};
    case IgemmPath::kAvx512Bw:
      return {2, 2, 8, 32};
    case IgemmPath::kAvx512Vnni:
      return {4, 1, 8, 32};
  }
  return {1, 1, 1, 1};
}

bool HostHasAvxVnni() {
#if defined(__x86_64__) && defined(__GNUC__)
  static const bool v = __builtin_cpu_supports("avxvnni");
  return v;
#else
  return false;
#endif
}

int64_t RoundUp(int64_t v, int64_t to) { return (v + to - 1) / to * to; }

inline int32_t Wrap(uint32_t v) { return static_cast<int32_t>(v); }

// The micro-kernels: c[r][j] = sum over the groups of a[r] . b[j] - colterm[j] - rowterm[r] for
// the tile's mr x nr values. `a` holds mr rows of `as` packed values, `b` one panel.

template <int R>
__attribute__((target("avx2"))) void MicroAvx2(const void* av, int64_t as, const void* bv,
                                               int64_t groups, const int32_t* colterm,
                                               const int32_t* rowterm, int32_t* c, int64_t ldc) {
  const int16_t* a = static_cast<const int16_t*>(av);
  const __m256i* b = static_cast<const __m256i*>(bv);
  __m256i acc[R][2];
#pragma GCC unroll 6
  for (int r = 0; r < R; ++r) acc[r][0] = acc[r][1] = _mm256_setzero_si256();
  for (int64_t g = 0; g < groups; ++g) {
    const __m256i b0 = _mm256_loadu_si256(b + 2 * g), b1 = _mm256_loadu_si256(b + 2 * g + 1);
#pragma GCC unroll 6
    for (int r = 0; r < R; ++r) {
      int32_t pair;
      std::memcpy(&pair, a + r * as + 2 * g, 4);
      const __m256i x = _mm256_set1_epi32(pair);
      acc[r][0] = _mm256_add_epi32(acc[r][0], _mm256_madd_epi16(x, b0));
      acc[r][1] = _mm256_add_epi32(acc[r][1], _mm256_madd_epi16(x, b1));
    }
  }
  const __m256i c0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(colterm));
  const __m256i c1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(colterm + 8));
#pragma GCC unroll 6
  for (int r = 0; r < R; ++r) {
    const __m256i rt = _mm256_set1_epi32(rowterm[r]);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(c + r * ldc),
                        _mm256_sub_epi32(acc[r][0], _mm256_add_epi32(c0, rt)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(c + r * ldc + 8),
                        _mm256_sub_epi32(acc[r][1], _mm256_add_epi32(c1, rt)));
  }
}

template <int R>
__attribute__((target("avx2,avxvnni"))) void MicroAvx2Vnni(const void* av, int64_t as,
                                                           const void* bv, int64_t groups,
                                                           const int32_t* colterm,
                                                           const int32_t* rowterm, int32_t* c,
                                                           int64_t ldc) {
  const uint8_t* a = static_cast<const uint8_t*>(av);
  const __m256i* b = static_cast<const __m256i*>(bv);
  __m256i acc[R][2];
#pragma GCC unroll 6
  for (int r = 0; r < R; ++r) acc[r][0] = acc[r][1] = _mm256_setzero_si256();
  for (int64_t g = 0; g < groups; ++g) {
    const __m256i b0 = _mm256_loadu_si256(b + 2 * g), b1 = _mm256_loadu_si256(b + 2 * g + 1);
#pragma GCC unroll 6
    for (int r = 0; r < R; ++r) {
      int32_t quad;
      std::memcpy(&quad, a + r * as + 4 * g, 4);
      const __m256i x = _mm256_set1_epi32(quad);
      acc[r][0] = _mm256_dpbusd_avx_epi32(acc[r][0], x, b0);
      acc[r][1] = _mm256_dpbusd_avx_epi32(acc[r][1], x, b1);
    }
  }
  const __m256i c0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(colterm));
  const __m256i c1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(colterm + 8));
#pragma GCC unroll 6
  for (int r = 0; r < R; ++r) {
    const __m256i rt = _mm256_set1_epi32(rowterm[r]);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(c + r * ldc),
                        _mm256_sub_epi32(acc[r][0], _mm256_add_epi32(c0, rt)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(c + r * ldc + 8),
                        _mm256_sub_epi32(acc[r][1], _mm256_add_epi32(c1, rt)));
  }
}

template <int R>
__attribute__((target("avx512f,avx512bw"))) void MicroAvx512Bw(const void* av, int64_t as,
                                                               const void* bv, int64_t groups,
                                                               const int32_t* colterm,
                                                               const int32_t* rowterm, int32_t* c,
                                                               int64_t ldc) {
  const int16_t* a = static_cast<const int16_t*>(av);
  const __m512i* b = static_cast<const __m512i*>(bv);
  __m512i acc[R][2];
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r) acc[r][0] = acc[r][1] = _mm512_setzero_si512();
  for (int64_t g = 0; g < groups; ++g) {
    const __m512i b0 = _mm512_loadu_si512(b + 2 * g), b1 = _mm512_loadu_si512(b + 2 * g + 1);
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) {
      int32_t pair;
      std::memcpy(&pair, a + r * as + 2 * g, 4);
      const __m512i x = _mm512_set1_epi32(pair);
      acc[r][0] = _mm512_add_epi32(acc[r][0], _mm512_madd_epi16(x, b0));
      acc[r][1] = _mm512_add_epi32(acc[r][1], _mm512_madd_epi16(x, b1));
    }
  }
  const __m512i c0 = _mm512_loadu_si512(colterm), c1 = _mm512_loadu_si512(colterm + 16);
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r) {
    const __m512i rt = _mm512_set1_epi32(rowterm[r]);
    _mm512_storeu_si512(c + r * ldc, _mm512_sub_epi32(acc[r][0], _mm512_add_epi32(c0, rt)));
    _mm512_storeu_si512(c + r * ldc + 16, _mm512_sub_epi32(acc[r][1], _mm512_add_epi32(c1, rt)));
  }
}

template <int R>
__attribute__((target("avx512f,avx512bw,avx512vnni"))) void MicroAvx512Vnni(
    const void* av, int64_t as, const void* bv, int64_t groups, const int32_t* colterm,
    const int32_t* rowterm, int32_t* c, int64_t ldc) {
  const uint8_t* a = static_cast<const uint8_t*>(av);
  const __m512i* b = static_cast<const __m512i*>(bv);
  __m512i acc[R][2];
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r) acc[r][0] = acc[r][1] = _mm512_setzero_si512();
  for (int64_t g = 0; g < groups; ++g) {
    const __m512i b0 = _mm512_loadu_si512(b + 2 * g), b1 = _mm512_loadu_si512(b + 2 * g + 1);
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) {
      int32_t quad;
      std::memcpy(&quad, a + r * as + 4 * g, 4);
      const __m512i x = _mm512_set1_epi32(quad);
      acc[r][0] = _mm512_dpbusd_epi32(acc[r][0], x, b0);
      acc[r][1] = _mm512_dpbusd_epi32(acc[r][1], x, b1);
    }
  }
  const __m512i c0 = _mm512_loadu_si512(colterm), c1 = _mm512_loadu_si512(colterm + 16);
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r) {
    const __m512i rt = _mm512_set1_epi32(rowterm[r]);
    _mm512_storeu_si512(c + r * ldc, _mm512_sub_epi32(acc[r][0], _mm512_add_epi32(c0, rt)));
    _mm512_storeu_si512(c + r * ldc + 16, _mm512_sub_epi32(acc[r][1], _mm512_add_epi32(c1, rt)));
  }
}

using MicroFn = void (*)(const void*, int64_t, const void*, int64_t, const int32_t*, const int32_t*,
                         int32_t*, int64_t);

// A path's micro-kernels by row count (index 1 .. the tile's rows): a tail of fewer rows than a
// tile (M = 1: a classifier on one image) computes only its own rows instead of a padded tile.
const MicroFn kMicroAvx2Rows[] = {nullptr,      MicroAvx2<1>, MicroAvx2<2>, MicroAvx2<3>,
                                  MicroAvx2<4>, MicroAvx2<5>, MicroAvx2<6>};
const MicroFn kMicroAvx2VnniRows[] = {nullptr,          MicroAvx2Vnni<1>, MicroAvx2Vnni<2>,
                                      MicroAvx2Vnni<3>, MicroAvx2Vnni<4>, MicroAvx2Vnni<5>,
                                      MicroAvx2Vnni<6>};
const MicroFn kMicroAvx512BwRows[] = {nullptr,          MicroAvx512Bw<1>, MicroAvx512Bw<2>,
                                      MicroAvx512Bw<3>, MicroAvx512Bw<4>, MicroAvx512Bw<5>,
                                      MicroAvx512Bw<6>, MicroAvx512Bw<7>, MicroAvx512Bw<8>};
const MicroFn kMicroAvx512VnniRows[] = {nullptr,
                                        MicroAvx512Vnni<1>,
                                        MicroAvx512Vnni<2>,
                                        MicroAvx512Vnni<3>,
                                        MicroAvx512Vnni<4>,
                                        MicroAvx512Vnni<5>,
                                        MicroAvx512Vnni<6>,
                                        MicroAvx512Vnni<7>,
                                        MicroAvx512Vnni<8>};

const MicroFn* MicroOf(IgemmPath p) {
  switch (p) {
    case IgemmPath::kAvx2:
      return kMicroAvx2Rows;
    case IgemmPath::kAvx2Vnni:
      return kMicroAvx2VnniRows;
    case IgemmPath::kAvx512Bw:
      return kMicroAvx512BwRows;
    case IgemmPath::kAvx512Vnni:
      return kMicroAvx512VnniRows;
    case IgemmPath::kScalar:
      break;
  }
  return nullptr;
}

// A' (A, or A + 128 for int8 A) of one row: `k` values into `kp` (zero padded), as uint8 or int16;
// returns the row's sum.
int32_t PackRow(const uint8_t* src, bool a_signed, int64_t k, int64_t kp, int elem, void* dst) {
  int32_t sum = 0;
  const uint8_t flip = a_signed ? 0x80 : 0;
  if (elem == 1) {
    uint8_t* d = static_cast<uint8_t*>(dst);
    for (int64_t i = 0; i < k; ++i) {
      d[i] = static_cast<uint8_t>(src[i] ^ flip);
      sum += d[i];
    }
    std::fill(d + k, d + kp, uint8_t{0});
  } else {
    int16_t* d = static_cast<int16_t*>(dst);
    for (int64_t i = 0; i < k; ++i) {
      d[i] = static_cast<int16_t>(static_cast<uint8_t>(src[i] ^ flip));
      sum += d[i];
    }
    std::fill(d + k, d + kp, int16_t{0});
  }
  return sum;
}

// What one call shares between its pieces of work.
struct IgemmJob {
  const IgemmPackedB* b;
  IgemmGeometry geo;
  const MicroFn* micro;  ///< by row count
  int64_t M, K, N, kp, panels;
  const uint8_t* a;
  bool a_signed;
  int64_t lda;
  int32_t za0 = 0;                   // za' of row 0 (per tensor: of every row)
  const int32_t* za_rows = nullptr;  // per-row zero points (raw), else null
  int32_t zb0 = 0;                   // zb' of column 0
  bool zb_uniform = true;
  std::vector<int32_t> zb;       // zb'[n], padded to the panels
  std::vector<int32_t> cs2;      // colsum(B')[n] - K * zb'[n], padded
  std::vector<int32_t> colterm;  // za0 * cs2[n], padded
  int32_t* c;
  int64_t ldc;
};

int32_t RowZero(const IgemmJob& j, int64_t m) {
  if (!j.za_rows) return j.za0;
  return j.za_rows[m] + (j.a_signed ? 128 : 0);
}

void RunScalar(const IgemmJob& j, int64_t m0, int64_t m1) {
  const int8_t* bq = reinterpret_cast<const int8_t*>(j.b->data.data());
  std::vector<int32_t> acc(static_cast<size_t>(j.N));
  const uint8_t flip = j.a_signed ? 0x80 : 0;
  for (int64_t m = m0; m < m1; ++m) {
    std::fill(acc.begin(), acc.end(), 0);
    const uint8_t* ar = j.a + m * j.lda;
    uint32_t rs = 0;
    for (int64_t k = 0; k < j.K; ++k) {
      const int32_t x = static_cast<uint8_t>(ar[k] ^ flip);
      rs += static_cast<uint32_t>(x);
      const int8_t* br = bq + k * j.N;
      for (int64_t n = 0; n < j.N; ++n) acc[n] += x * br[n];
    }
    const uint32_t za = static_cast<uint32_t>(RowZero(j, m));
    int32_t* cr = j.c + m * j.ldc;
    for (int64_t n = 0; n < j.N; ++n)
      cr[n] = Wrap(static_cast<uint32_t>(acc[n]) - static_cast<uint32_t>(j.zb[n]) * rs -
                   za * static_cast<uint32_t>(j.cs2[n]));
  }
}

// Rows [m0, m1) x panels [p0, p1) on a SIMD path.
void RunTiles(const IgemmJob& j, int64_t m0, int64_t m1, int64_t p0, int64_t p1) {
  const IgemmGeometry& g = j.geo;
  const int64_t row_bytes = j.kp * g.elem;
  // Rows per chunk: their packed copy within ~96 KB (L2), whole tiles.
  const int64_t chunk =
      std::max<int64_t>(g.mr, std::min<int64_t>(256, (96 << 10) / row_bytes) / g.mr * g.mr);
  const int64_t rows_here = std::min(chunk, RoundUp(m1 - m0, g.mr));
  std::vector<uint8_t> abuf(static_cast<size_t>(rows_here * row_bytes));
  std::vector<int32_t> rs(static_cast<size_t>(rows_here)), rowterm(rs.size());
  std::vector<int32_t> tile(static_cast<size_t>(g.mr * g.nr));
  const int64_t groups = j.kp / g.group;
  const int64_t panel_bytes = j.kp * g.nr * g.elem;
  for (int64_t mc = m0; mc < m1; mc += chunk) {
    const int64_t rows = std::min(chunk, m1 - mc);
    const int64_t padded = RoundUp(rows, g.mr);
    for (int64_t r = 0; r < padded; ++r) {
      void* dst = abuf.data() + r * row_bytes;
      if (r < rows) {
        rs[r] = PackRow(j.a + (mc + r) * j.lda, j.a_signed, j.K, j.kp, g.elem, dst);
      } else {
        std::memset(dst, 0, static_cast<size_t>(row_bytes));
        rs[r] = 0;
      }
      rowterm[r] = Wrap(static_cast<uint32_t>(j.zb0) * static_cast<uint32_t>(rs[r]));
    }
    for (int64_t p = p0; p < p1; ++p) {
      const uint8_t* panel = j.b->data.data() + p * panel_bytes;
      const int64_t n0 = p * g.nr;
      const int64_t nr = std::min<int64_t>(g.nr, j.N - n0);
      for (int64_t rb = 0; rb < rows; rb += g.mr) {
        const int64_t mr = std::min<int64_t>(g.mr, rows - rb);
        // The micro-kernel writes exactly mr rows: whole panels go straight to C.
        const bool exact_fit = nr == g.nr && j.zb_uniform && !j.za_rows;
        int32_t* out = exact_fit ? j.c + (mc + rb) * j.ldc + n0 : tile.data();
        const int64_t ldo = exact_fit ? j.ldc : g.nr;
        j.micro[mr](abuf.data() + rb * row_bytes, j.kp, panel, groups, j.colterm.data() + n0,
                    rowterm.data() + rb, out, ldo);
        if (exact_fit) continue;
        for (int64_t r = 0; r < mr; ++r) {
          const int64_t m = mc + rb + r;
          int32_t* t = tile.data() + r * g.nr;
          if (!j.zb_uniform) {
            const uint32_t s = static_cast<uint32_t>(rs[rb + r]);
            for (int64_t n = 0; n < nr; ++n)
              t[n] = Wrap(static_cast<uint32_t>(t[n]) -
                          static_cast<uint32_t>(j.zb[n0 + n] - j.zb0) * s);
          }
          if (j.za_rows) {
            const uint32_t d = static_cast<uint32_t>(RowZero(j, m) - j.za0);
            for (int64_t n = 0; n < nr; ++n)
              t[n] = Wrap(static_cast<uint32_t>(t[n]) - d * static_cast<uint32_t>(j.cs2[n0 + n]));
          }
          std::memcpy(j.c + m * j.ldc + n0, t, static_cast<size_t>(nr) * sizeof(int32_t));
        }
      }
    }
  }
}

}  // namespace

std::string_view IgemmPathName(IgemmPath path) {
  switch (path) {
    case IgemmPath::kScalar:
      return "scalar";
    case IgemmPath::kAvx2:
      return "avx2";
    case IgemmPath::kAvx2Vnni:
      return "avx2_vnni";
    case IgemmPath::kAvx512Bw:
      return "avx512bw";
    case IgemmPath::kAvx512Vnni:
      return "avx512_vnni";
  }
  return "scalar";
}

bool IgemmPathAvailable(IgemmPath path) {
  const Isa isa = EffectiveIsa();
  switch (path) {
    case IgemmPath::kScalar:
      return true;
    case IgemmPath::kAvx2:
      return IsaAllows(Isa::kAvx2);
    case IgemmPath::kAvx2Vnni:
      // An AVX-512 host may lack the VEX-encoded AVX-VNNI: ask the CPU, not the level order.
      return IsaAllows(Isa::kAvx2Vnni) && HostHasAvxVnni();
    case IgemmPath::kAvx512Bw:
      return IsaAllows(Isa::kAvx512);
    case IgemmPath::kAvx512Vnni:
      return isa == Isa::kAvx512Vnni;
  }
  return false;
}

IgemmPath BestIgemmPath() {
  switch (EffectiveIsa()) {
    case Isa::kAvx512Vnni:
      return IgemmPath::kAvx512Vnni;
    case Isa::kAvx512:
      return IgemmPath::kAvx512Bw;
    case Isa::kAvx2Vnni:
      return IgemmPath::kAvx2Vnni;
    case Isa::kAvx2:
      return IgemmPath::kAvx2;
    case Isa::kSse4:
      break;
  }
  return IgemmPath::kScalar;
}

IgemmPackedB IgemmPackB(IgemmPath path, const void* bv, bool b_signed, int64_t K, int64_t N,
                        int64_t ldb) {
  IgemmPackedB p;
  p.path = path;
  p.K = K;
  p.N = N;
  p.b_signed = b_signed;
  p.col_sums.assign(static_cast<size_t>(N), 0);
  const uint8_t* b = static_cast<const uint8_t*>(bv);
  const uint8_t flip = b_signed ? 0 : 0x80;  // uint8 B - 128 as int8
  auto at = [&](int64_t k, int64_t n) {
    return static_cast<int8_t>(static_cast<uint8_t>(b[k * ldb + n] ^ flip));
  };
  for (int64_t k = 0; k < K; ++k)
    for (int64_t n = 0; n < N; ++n) p.col_sums[n] += at(k, n);
  const IgemmGeometry g = GeometryOf(path);
  if (path == IgemmPath::kScalar) {
    p.data.resize(static_cast<size_t>(K * N));
    int8_t* d = reinterpret_cast<int8_t*>(p.data.data());
    for (int64_t k = 0; k < K; ++k)
      for (int64_t n = 0; n < N; ++n) d[k * N + n] = at(k, n);
    return p;
  }
  const int64_t kp = RoundUp(K, g.group);
  const int64_t panels = (N + g.nr - 1) / g.nr;
  p.data.assign(static_cast<size_t>(panels * kp * g.nr * g.elem), 0);
  for (int64_t pi = 0; pi < panels; ++pi) {
    const int64_t base = pi * kp * g.nr;
    for (int64_t k = 0; k < K; ++k) {
      const int64_t grp = k / g.group, e = k % g.group;
      for (int64_t j = 0; j < g.nr && pi * g.nr + j < N; ++j) {
        const int64_t idx = base + (grp * g.nr + j) * g.group + e;
        const int8_t v = at(k, pi * g.nr + j);
        if (g.elem == 2)
          reinterpret_cast<int16_t*>(p.data.data())[idx] = v;
        else
          reinterpret_cast<int8_t*>(p.data.data())[idx] = v;
      }
    }
  }
  return p;
}

void Igemm(ParallelRunner* pool, int64_t M, const void* a, bool a_signed, int64_t lda,
           const IgemmPackedB& b, const IgemmZeroPoints& zp, int32_t* c, int64_t ldc) {
  const int64_t N = b.N, K = b.K;
  if (M <= 0 || N <= 0) return;
  if (K == 0) {
    for (int64_t m = 0; m < M; ++m) std::fill(c + m * ldc, c + m * ldc + N, 0);
    return;
  }
  IgemmJob j;
  j.b = &b;
  j.geo = GeometryOf(b.path);
  j.micro = MicroOf(b.path);
  j.M = M;
  j.K = K;
  j.N = N;
  j.kp = RoundUp(K, j.geo.group);
  j.panels = (N + j.geo.nr - 1) / j.geo.nr;
  j.a = static_cast<const uint8_t*>(a);
  j.a_signed = a_signed;
  j.lda = lda;
  j.c = c;
  j.ldc = ldc;
  const int32_t a_off = a_signed ? 128 : 0, b_off = b.b_signed ? 0 : -128;
  j.za0 = (zp.a_count > 0 ? zp.a[0] : 0) + a_off;
  if (zp.a_count > 1) j.za_rows = zp.a;
  const int64_t padded_n = j.panels * j.geo.nr;
  j.zb.assign(static_cast<size_t>(padded_n), 0);
  j.cs2.assign(j.zb.size(), 0);
  j.colterm.assign(j.zb.size(), 0);
  for (int64_t n = 0; n < N; ++n) {
    const int32_t z = (zp.b_count == 0 ? 0 : zp.b[zp.b_count == 1 ? 0 : n]) + b_off;
    j.zb[n] = z;
    j.cs2[n] = Wrap(static_cast<uint32_t>(b.col_sums[n]) -
                    static_cast<uint32_t>(K) * static_cast<uint32_t>(z));
    j.colterm[n] = Wrap(static_cast<uint32_t>(j.za0) * static_cast<uint32_t>(j.cs2[n]));
  }
  j.zb0 = j.zb[0];
  for (int64_t n = 1; n < N; ++n) j.zb_uniform = j.zb_uniform && j.zb[n] == j.zb0;

  const int threads = pool ? pool->threads() : 1;
  const bool split = threads > 1 && M * N * K >= (int64_t{1} << 18);
  const int64_t mr = j.geo.mr;
  auto run = [&](int64_t m0, int64_t m1, int64_t p0, int64_t p1) {
    if (b.path == IgemmPath::kScalar)
      RunScalar(j, m0, m1);
    else
      RunTiles(j, m0, m1, p0, p1);
  };
  if (!split) {
    run(0, M, 0, j.panels);
    return;
  }
  if (M >= 2 * mr * threads || j.panels < 2 || b.path == IgemmPath::kScalar) {
    // Rows in whole tiles, one piece per thread.
    const int64_t tiles = (M + mr - 1) / mr;
    const int64_t pieces = std::min<int64_t>(threads, tiles);
    const int64_t per = (tiles + pieces - 1) / pieces;
    pool->ParallelFor(pieces, [&](int64_t pb, int64_t pe) {
      for (int64_t t = pb; t < pe; ++t)
        run(std::min(M, t * per * mr), std::min(M, (t + 1) * per * mr), 0, j.panels);
    });
  } else {
    const int64_t pieces = std::min<int64_t>(threads, j.panels);
    const int64_t per = (j.panels + pieces - 1) / pieces;
    pool->ParallelFor(pieces, [&](int64_t pb, int64_t pe) {
      for (int64_t t = pb; t < pe; ++t)
        run(0, M, std::min(j.panels, t * per), std::min(j.panels, (t + 1) * per));
    });
  }
}

}  // namespace onnxlens::kernels
