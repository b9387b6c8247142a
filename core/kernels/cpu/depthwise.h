// Direct depthwise 2-D convolution (group == C == M) and 2-D max pooling for the CPU provider.
#pragma once

#include <cstdint>

#include "kernels/reference/conv_util.h"

namespace onnxlens::kernels {

class ParallelRunner;

/// Floats of the per-thread scratch (the zero-padded phase planes) Depthwise2D and MaxPool2D use
/// for `g`: callers decline geometries whose padding would make it huge.
int64_t PhasePlaneFloats(const ConvGeometry& g);

/// Y[n, c] = X[n, c] (*) W[c] + B[c] for every n < N, c < C; B may be null; pool may be null.
void Depthwise2D(const float* X, const float* W, const float* B, const ConvGeometry& g, int64_t N,
                 int64_t C, float* Y, ParallelRunner* pool);

/// Y[nc] = max pooling of X[nc] for every nc < NC (pads and ceil-mode overhang never win).
void MaxPool2D(const float* X, const ConvGeometry& g, int64_t NC, float* Y, ParallelRunner* pool);

}  // namespace onnxlens::kernels
