// The SSE float math against its scalar twin and libm, including arguments outside exp's domain.
#include "kernels/cpu/vec_math.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace onnxlens::kernels::vec {
namespace {

#if defined(__SSE2__)
float Lane0(__m128 v) { return _mm_cvtss_f32(v); }
#endif

TEST(VecMath, ExpNegMatchesLibmOnItsDomain) {
  for (float x : {0.f, -1e-7f, -0.5f, -1.f, -13.f, -86.9f}) {
    EXPECT_NEAR(ExpNeg(x), std::exp(x), 2e-7 * std::exp(x) + 1e-38) << x;
#if defined(__SSE2__)
    EXPECT_EQ(Lane0(ExpNeg4(_mm_set1_ps(x))), ExpNeg(x)) << x;
#endif
  }
}

// A fuzzed model with NaN weights reached ExpNeg through Softmax: NaN converted to int was
// undefined behaviour. NaN now gives NaN in both twins, and arguments above 0 are taken as 0.
TEST(VecMath, ExpNegOfNaNIsNaNAndAboveZeroIsOne) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(std::isnan(ExpNeg(nan)));
  EXPECT_EQ(ExpNeg(inf), 1.f);
  EXPECT_EQ(ExpNeg(1e30f), 1.f);
  EXPECT_EQ(ExpNeg(-inf), ExpNeg(-87.f));
  EXPECT_TRUE(std::isnan(Sigmoid(nan)));
  EXPECT_TRUE(std::isnan(Tanh(nan)));
#if defined(__SSE2__)
  EXPECT_TRUE(std::isnan(Lane0(ExpNeg4(_mm_set1_ps(nan)))));
  EXPECT_EQ(Lane0(ExpNeg4(_mm_set1_ps(inf))), 1.f);
  EXPECT_EQ(Lane0(ExpNeg4(_mm_set1_ps(1e30f))), 1.f);
  EXPECT_EQ(Lane0(ExpNeg4(_mm_set1_ps(-inf))), ExpNeg(-87.f));
#endif
}

}  // namespace
}  // namespace onnxlens::kernels::vec
