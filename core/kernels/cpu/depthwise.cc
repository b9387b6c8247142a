// Depthwise convolution and 2-D max pooling. Each (n, c) plane is copied once into `stride`
// zero-padded phase planes (phase p holds padded columns p, p + s, p + 2s, ...), so that every tap
// of every output row is a contiguous multiply-add over the row: no bounds checks, no strided
// loads, and the compiler vectorises the inner loops (an AVX2/FMA clone is picked at load time
// where the CPU has it).
#include "kernels/cpu/depthwise.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <vector>

#include "kernels/parallel.h"

namespace onnxlens::kernels {

namespace {

// Not under ThreadSanitizer: GCC instruments the clones' ifunc resolver, which the dynamic
// loader runs before the TSan runtime is initialized (every binary linking it crashed at load).
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
#define OL_VECTOR_CLONES __attribute__((target_clones("arch=haswell", "default")))
#else
#define OL_VECTOR_CLONES
#endif

struct DwPlan {
  int64_t ih, iw, oh, ow, kh, kw, sh, sw, dh, dw, pt, pl;
  int64_t rows;   ///< padded input rows the outputs read
  int64_t width;  ///< columns of one phase plane
};

DwPlan MakePlan(const ConvGeometry& g) {
  DwPlan p{};
  p.ih = g.in[0], p.iw = g.in[1], p.oh = g.out[0], p.ow = g.out[1];
  p.kh = g.kernel[0], p.kw = g.kernel[1];
  p.sh = g.strides[0], p.sw = g.strides[1], p.dh = g.dilations[0], p.dw = g.dilations[1];
  p.pt = g.pads[0], p.pl = g.pads[1];
  p.rows = (p.oh - 1) * p.sh + (p.kh - 1) * p.dh + 1;
  p.width = p.ow + ((p.kw - 1) * p.dw) / p.sw + 1;
  return p;
}

// planes[ph][r][j] = X[r - pt][j * sw + ph - pl], `pad` outside the input.
void BuildPhases(const DwPlan& p, const float* x, float* planes, float pad) {
  const int64_t plane = p.rows * p.width;
  for (int64_t ph = 0; ph < p.sw; ++ph) {
    float* dst = planes + ph * plane;
    for (int64_t r = 0; r < p.rows; ++r) {
      float* row = dst + r * p.width;
      const int64_t iy = r - p.pt;
      if (iy < 0 || iy >= p.ih) {
        std::fill(row, row + p.width, pad);
        continue;
      }
      const float* src = x + iy * p.iw;
      if (p.sw == 1) {
        // One contiguous copy between the zero borders.
        const int64_t lo = std::min(p.width, std::max<int64_t>(0, p.pl));
        const int64_t hi = std::max(lo, std::min(p.width, p.pl + p.iw));
        std::fill(row, row + lo, pad);
        if (hi > lo) std::memcpy(row + lo, src + (lo - p.pl), sizeof(float) * (hi - lo));
        std::fill(row + hi, row + p.width, pad);
        continue;
      }
      // Columns j with 0 <= j * sw + ph - pl < iw come from the input, the rest are padding.
      auto ceil_div = [](int64_t a, int64_t b) { return a <= 0 ? 0 : (a + b - 1) / b; };
      const int64_t lo = std::min(p.width, ceil_div(p.pl - ph, p.sw));
      const int64_t hi = std::max(lo, std::min(p.width, ceil_div(p.iw - ph + p.pl, p.sw)));
      std::fill(row, row + lo, pad);
      for (int64_t j = lo; j < hi; ++j) row[j] = src[j * p.sw + ph - p.pl];
      std::fill(row + hi, row + p.width, pad);
    }
  }
}

OL_VECTOR_CLONES
void ConvolvePlane(const DwPlan& p, const float* planes, const float* w, float bias, float* y) {
  const int64_t plane = p.rows * p.width, ow = p.ow;
  for (int64_t oy = 0; oy < p.oh; ++oy) {
    float* __restrict acc = y + oy * ow;
    for (int64_t ox = 0; ox < ow; ++ox) acc[ox] = bias;
    for (int64_t ky = 0; ky < p.kh; ++ky) {
      const int64_t r = oy * p.sh + ky * p.dh;
      const float* wr = w + ky * p.kw;
      int64_t kx = 0;
      // Three taps per pass over the output row (the common 3x3 case in one pass).
      for (; kx + 3 <= p.kw; kx += 3) {
        const int64_t o0 = kx * p.dw, o1 = (kx + 1) * p.dw, o2 = (kx + 2) * p.dw;
        const float* __restrict s0 = planes + (o0 % p.sw) * plane + r * p.width + o0 / p.sw;
        const float* __restrict s1 = planes + (o1 % p.sw) * plane + r * p.width + o1 / p.sw;
        const float* __restrict s2 = planes + (o2 % p.sw) * plane + r * p.width + o2 / p.sw;
        const float w0 = wr[kx], w1 = wr[kx + 1], w2 = wr[kx + 2];
        for (int64_t ox = 0; ox < ow; ++ox) acc[ox] += w0 * s0[ox] + w1 * s1[ox] + w2 * s2[ox];
      }
      for (; kx < p.kw; ++kx) {
        const int64_t o = kx * p.dw;
        const float* __restrict s = planes + (o % p.sw) * plane + r * p.width + o / p.sw;
        const float wk = wr[kx];
        for (int64_t ox = 0; ox < ow; ++ox) acc[ox] += wk * s[ox];
      }
    }
  }
}

OL_VECTOR_CLONES
void MaxPlane(const DwPlan& p, const float* planes, float* y) {
  const int64_t plane = p.rows * p.width, ow = p.ow;
  for (int64_t oy = 0; oy < p.oh; ++oy) {
    float* __restrict acc = y + oy * ow;
    for (int64_t ox = 0; ox < ow; ++ox) acc[ox] = -std::numeric_limits<float>::infinity();
    for (int64_t ky = 0; ky < p.kh; ++ky) {
      const int64_t r = oy * p.sh + ky * p.dh;
      for (int64_t kx = 0; kx < p.kw; ++kx) {
        const int64_t o = kx * p.dw;
        const float* __restrict s = planes + (o % p.sw) * plane + r * p.width + o / p.sw;
        for (int64_t ox = 0; ox < ow; ++ox) acc[ox] = s[ox] > acc[ox] ? s[ox] : acc[ox];
      }
    }
  }
}

template <typename Fn>
void ForEachPlane(const DwPlan& p, int64_t planes_count, ParallelRunner* pool, Fn fn) {
  const size_t scratch = static_cast<size_t>(p.sw * p.rows * p.width);
  auto work = [&](int64_t begin, int64_t end) {
    std::vector<float> planes(scratch);
    for (int64_t nc = begin; nc < end; ++nc) fn(nc, planes.data());
  };
  if (pool)
    pool->ParallelFor(planes_count, work);
  else
    work(0, planes_count);
}

}  // namespace

int64_t PhasePlaneFloats(const ConvGeometry& g) {
  const DwPlan p = MakePlan(g);  // each factor is bounded by 2^32 (ConvGeometry's checks)
  const double floats = double(p.sw) * double(p.rows) * double(p.width);
  return floats > 9e18 ? std::numeric_limits<int64_t>::max() : static_cast<int64_t>(floats);
}

void MaxPool2D(const float* X, const ConvGeometry& g, int64_t NC, float* Y, ParallelRunner* pool) {
  const DwPlan p = MakePlan(g);
  const int64_t in_plane = p.ih * p.iw, out_plane = p.oh * p.ow;
  ForEachPlane(p, NC, pool, [&](int64_t nc, float* planes) {
    BuildPhases(p, X + nc * in_plane, planes, -std::numeric_limits<float>::infinity());
    MaxPlane(p, planes, Y + nc * out_plane);
  });
}

void Depthwise2D(const float* X, const float* W, const float* B, const ConvGeometry& g, int64_t N,
                 int64_t C, float* Y, ParallelRunner* pool) {
  const DwPlan p = MakePlan(g);
  const int64_t in_plane = p.ih * p.iw, out_plane = p.oh * p.ow;
  ForEachPlane(p, N * C, pool, [&](int64_t nc, float* planes) {
    const int64_t c = nc % C;
    BuildPhases(p, X + nc * in_plane, planes, 0.f);
    ConvolvePlane(p, planes, W + c * p.kh * p.kw, B ? B[c] : 0.f, Y + nc * out_plane);
  });
}

}  // namespace onnxlens::kernels
