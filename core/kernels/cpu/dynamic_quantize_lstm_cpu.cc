// com.microsoft DynamicQuantizeLSTM on the cpu provider: the reference kernel's quantization,
// scaling and gates (DynamicQuantizeLstmWith) with the integer products in AVX2: pairs of weight
// rows interleaved and multiplied by a pair of activations with vpmaddwd, sixteen columns at a
// time. The sums are exact (|a - a_zp| and |w - w_zp| <= 255, so a pair's sum fits 32 bits), so the
// outputs are the reference kernel's bit for bit. Without AVX2 the reference kernel runs the node.
#include <immintrin.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "common/cpu_isa.h"
#include "kernels/reference/reference_kernels.h"

namespace onnxlens::kernels {

namespace {

bool DqLstmHasAvx2() {
  return IsaAllows(Isa::kAvx2);  // the host's AVX2, under ONNXLENS_MAX_ISA
}

__attribute__((target("avx2"))) void Avx2IntProduct(const uint8_t* a, int32_t zp, int64_t rows,
                                                    int64_t k, const int16_t* w, int64_t n,
                                                    int32_t* acc) {
  const int64_t pairs = (k + 1) / 2;
  const int64_t n16 = n / 16 * 16;
  std::vector<int32_t> ap(static_cast<size_t>(pairs));
  const __m256i zero = _mm256_setzero_si256();
  for (int64_t r = 0; r < rows; ++r) {
    const uint8_t* ar = a + r * k;
    // (a[2p] - zp, a[2p + 1] - zp) as two int16 in one int32; an odd k pads with 0.
    for (int64_t p = 0; p < pairs; ++p) {
      const int32_t a0 = static_cast<int32_t>(ar[2 * p]) - zp;
      const int32_t a1 = 2 * p + 1 < k ? static_cast<int32_t>(ar[2 * p + 1]) - zp : 0;
      ap[static_cast<size_t>(p)] = static_cast<int32_t>(
          (static_cast<uint32_t>(static_cast<uint16_t>(a1)) << 16) | static_cast<uint16_t>(a0));
    }
    int32_t* out = acc + r * n;
    for (int64_t j = 0; j < n16; j += 16) {
      __m256i lo = zero, hi = zero;  // columns {0-3, 8-11} and {4-7, 12-15} of the block
      for (int64_t p = 0; p < pairs; ++p) {
        const int32_t pv = ap[static_cast<size_t>(p)];
        if (pv == 0) continue;
        const __m256i pair = _mm256_set1_epi32(pv);
        const __m256i w0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 2 * p * n + j));
        const __m256i w1 =
            2 * p + 1 < k
                ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + (2 * p + 1) * n + j))
                : zero;
        lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(w0, w1), pair));
        hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(w0, w1), pair));
      }
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + j),
                          _mm256_permute2x128_si256(lo, hi, 0x20));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + j + 8),
                          _mm256_permute2x128_si256(lo, hi, 0x31));
    }
    for (int64_t j = n16; j < n; ++j) {
      int32_t s = 0;
      for (int64_t i = 0; i < k; ++i) s += (static_cast<int32_t>(ar[i]) - zp) * w[i * n + j];
      out[j] = s;
    }
  }
}

Status Compute(OpKernelContext& ctx) { return DynamicQuantizeLstmWith(ctx, Avx2IntProduct); }

}  // namespace

void RegisterCpuDynamicQuantizeLstmKernel(KernelRegistry& r) {
  r.Register({"com.microsoft",
              "DynamicQuantizeLSTM",
              1,
              1000,
              kCpuProvider,
              {ir::DataType::kFloat},
              [](const KernelInfo&) -> Expected<std::unique_ptr<OpKernel>> {
                if (!DqLstmHasAvx2())
                  return Unsupported(
                      "the cpu DynamicQuantizeLSTM kernel needs AVX2 (the reference kernel runs "
                      "it)");
                return std::unique_ptr<OpKernel>(std::make_unique<FunctionKernel>(Compute));
              }});
}

}  // namespace onnxlens::kernels
