// The cpu DFT and STFT kernels (radix-2 and Bluestein FFTs) against the reference kernels' O(n^2)
// double transforms: lengths 1, 2, 13, 127, 128, 250; real and complex input; onesided or not;
// inverse; dft_length shorter and longer than the axis; the signal axis not last; STFT with and
// without a window, several frame steps.
// Tolerance: |cpu - ref| <= 1e-4 + 1e-4 |ref| (both in double, rounded to float32 once; the FFT's
// rounding stays far below the float32 rounding of outputs up to ~250).
#include <string>

#include "kernels/cpu/cpu_vs_reference.h"
#include "kernels/tensor_util.h"

namespace onnxlens::testing {
namespace {

using kernels::ShapeString;

constexpr int64_t kLengths[] = {1, 2, 13, 127, 128, 250};

TEST(SpectralCpu, DftMatchesReference) {
  uint32_t seed = 1;
  for (int64_t len : kLengths)
    for (int64_t comp : {1, 2})
      for (int64_t onesided : {0, 1})
        for (int64_t inverse : {0, 1}) {
          // axis 1 of [2, len, 3, comp] (not the last signal axis), and -1 of [3, len, comp]
          for (bool middle : {true, false}) {
            const std::vector<int64_t> dims =
                middle ? std::vector<int64_t>{2, len, 3, comp} : std::vector<int64_t>{3, len, comp};
            const int64_t axis = middle ? 1 : -1;  // -1: numpy's count on the complex array
            // dft_length: absent, shorter and longer than the axis (a power of two and not)
            for (int64_t n : {int64_t{0}, std::max<int64_t>(1, len / 2), len + 3, 2 * len + 64}) {
              std::vector<std::optional<ir::Tensor>> in = {RandomTensor(dims, seed++, -1, 1)};
              if (n > 0) in.push_back(Int64s({}, {n}));
              const std::string what = "DFT " + ShapeString(dims) + " axis " +
                                       std::to_string(axis) + " dft_length " + std::to_string(n) +
                                       " onesided " + std::to_string(onesided) + " inverse " +
                                       std::to_string(inverse);
              const HostileRun r{
                  "DFT",
                  in,
                  {AInt("axis", axis), AInt("onesided", onesided), AInt("inverse", inverse)},
                  1,
                  17,
                  ""};
              ExpectCpuMatchesReference(r, 1e-4, 1e-4, what);
            }
          }
        }
}

TEST(SpectralCpu, StftMatchesReference) {
  uint32_t seed = 100;
  for (int64_t frame : kLengths)
    for (int64_t comp : {1, 2})
      for (int64_t onesided : {0, 1})
        for (int64_t step : {int64_t{1}, frame / 2 + 1, int64_t{7}})
          for (bool window : {true, false}) {
            if (step == 1 && frame > 13) continue;  // the reference's n^2 per frame: slow
            const int64_t len = 3 * frame + 5;
            std::vector<std::optional<ir::Tensor>> in = {RandomTensor({2, len, comp}, seed++),
                                                         Int64s({}, {step})};
            if (window) {
              in.push_back(RandomTensor({frame}, seed++, 0, 1));
            } else {
              in.push_back(std::nullopt);
              in.push_back(Int64s({}, {frame}));
            }
            const std::string what = "STFT frame " + std::to_string(frame) + " step " +
                                     std::to_string(step) + " comp " + std::to_string(comp) +
                                     " onesided " + std::to_string(onesided) +
                                     (window ? " windowed" : "");
            ExpectCpuMatchesReference({"STFT", in, {AInt("onesided", onesided)}, 1, 17, ""}, 1e-4,
                                      1e-4, what);
          }
}

}  // namespace
}  // namespace onnxlens::testing
