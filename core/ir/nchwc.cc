// NCHWc block size and the activation / filter reorders (ir/nchwc.h).
#include "ir/nchwc.h"

#include <cstddef>

#include "common/cpu_isa.h"

namespace onnxlens::ir {

int NchwcBlockSize() {
#if defined(__x86_64__) || defined(__i386__)
  // Under ONNXLENS_MAX_ISA: an avx2 cap gives the 8-wide blocks AVX2 hosts use.
  return IsaAllows(Isa::kAvx512) ? 16 : IsaAllows(Isa::kAvx2) ? 8 : 0;
#else
  return 0;
#endif
}

void BlockChannels(const float* src, float* dst, int64_t n, int64_t c, int64_t spatial,
                   int64_t block) {
  const int64_t cb = RoundUpToBlock(c, block) / block;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t b = 0; b < cb; ++b) {
      float* d = dst + (i * cb + b) * spatial * block;
      for (int64_t k = 0; k < block; ++k) {
        const int64_t ch = b * block + k;
        if (ch < c) {
          const float* s = src + (i * c + ch) * spatial;
          for (int64_t p = 0; p < spatial; ++p) d[p * block + k] = s[p];
        } else {
          for (int64_t p = 0; p < spatial; ++p) d[p * block + k] = 0.f;
        }
      }
    }
}

void UnblockChannels(const float* src, float* dst, int64_t n, int64_t c, int64_t spatial,
                     int64_t block) {
  const int64_t cb = RoundUpToBlock(c, block) / block;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t ch = 0; ch < c; ++ch) {
      const float* s = src + ((i * cb + ch / block) * spatial) * block + ch % block;
      float* d = dst + (i * c + ch) * spatial;
      for (int64_t p = 0; p < spatial; ++p) d[p] = s[p * block];
    }
}

namespace {

// Index of OIHW element (o, i, k) in OIHWBiBo / OIHWBo with o_pad output channels.
int64_t BiBoIndex(int64_t o, int64_t i, int64_t k, int64_t in, int64_t ks, int64_t block) {
  const int64_t ib = in / block;
  return ((((o / block) * ib + i / block) * ks + k) * block + i % block) * block + o % block;
}
int64_t BoIndex(int64_t o, int64_t i, int64_t k, int64_t in, int64_t ks, int64_t block) {
  return (((o / block) * in + i) * ks + k) * block + o % block;
}

template <typename Index>
std::vector<float> Reorder(const float* w, const std::vector<int64_t>& dims, int64_t block,
                           Index index, bool to_blocked) {
  const int64_t o = dims[0], in = dims[1], ks = dims[2] * dims[3];
  const int64_t o_pad = RoundUpToBlock(o, block);
  std::vector<float> out(static_cast<size_t>((to_blocked ? o_pad : o) * in * ks), 0.f);
  for (int64_t a = 0; a < o; ++a)
    for (int64_t i = 0; i < in; ++i)
      for (int64_t k = 0; k < ks; ++k) {
        const int64_t plain = (a * in + i) * ks + k, blocked = index(a, i, k, in, ks, block);
        if (to_blocked)
          out[blocked] = w[plain];
        else
          out[plain] = w[blocked];
      }
  return out;
}

}  // namespace

std::vector<float> ReorderFilterBiBo(const float* w, const std::vector<int64_t>& dims,
                                     int64_t block) {
  return Reorder(w, dims, block, BiBoIndex, true);
}
std::vector<float> ReorderFilterBo(const float* w, const std::vector<int64_t>& dims,
                                   int64_t block) {
  return Reorder(w, dims, block, BoIndex, true);
}
std::vector<float> PlainFilterFromBiBo(const float* w, const std::vector<int64_t>& dims,
                                       int64_t block) {
  return Reorder(w, dims, block, BiBoIndex, false);
}
std::vector<float> PlainFilterFromBo(const float* w, const std::vector<int64_t>& dims,
                                     int64_t block) {
  return Reorder(w, dims, block, BoIndex, false);
}

}  // namespace onnxlens::ir
