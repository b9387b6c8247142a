// The cpu LSTM kernel called directly against the reference kernel (a run-time decline fails
// here): hidden sizes around the 4-lane gate path and the 8-lane dot products (1, 13, 127),
// batches of 1 (dot products) and 6 (SGEMM), every direction, initial states, peepholes, clip and
// sequence lengths (the scalar gate path), inline and with the directions on two threads.
#include <string>

#include "kernels/cpu/cpu_vs_reference.h"

namespace onnxlens::testing {
namespace {

TEST(LstmCpu, MatchesReferenceOnOddSizes) {
  uint32_t seed = 90;
  for (const char* dir : {"forward", "reverse", "bidirectional"})
    for (int64_t H : {1, 13, 127})
      for (int64_t B : {1, 6}) {
        const int64_t D = std::string(dir) == "bidirectional" ? 2 : 1, S = 7, I = 13;
        const HostileRun r{
            "LSTM",
            {RandomTensor({S, B, I}, seed), RandomTensor({D, 4 * H, I}, seed + 1),
             RandomTensor({D, 4 * H, H}, seed + 2), RandomTensor({D, 8 * H}, seed + 3)},
            {AString("direction", dir), AInt("hidden_size", H)},
            1,
            14,
            ""};
        seed += 4;
        ExpectCpuMatchesReference(
            r, 1e-4, 1e-5,
            std::string(dir) + " H " + std::to_string(H) + " B " + std::to_string(B));
      }
}

TEST(LstmCpu, InitialStatesPeepholesClipAndSequenceLengths) {
  const int64_t S = 6, B = 3, I = 5, H = 13, D = 2;
  for (int variant = 0; variant < 3; ++variant) {
    std::vector<std::optional<ir::Tensor>> in = {
        RandomTensor({S, B, I}, 1),  RandomTensor({D, 4 * H, I}, 2), RandomTensor({D, 4 * H, H}, 3),
        RandomTensor({D, 8 * H}, 4), Int32s({B}, {6, 1, 4}),         RandomTensor({D, B, H}, 5),
        RandomTensor({D, B, H}, 6)};
    std::vector<Attr> attrs = {AString("direction", "bidirectional"), AInt("hidden_size", H)};
    if (variant == 1) in.push_back(RandomTensor({D, 3 * H}, 7));  // peepholes
    if (variant == 2) attrs.push_back(AFloat("clip", 0.5f));
    const HostileRun r{"LSTM", in, attrs, 1, 14, ""};
    ExpectCpuMatchesReference(r, 1e-4, 1e-5, "variant " + std::to_string(variant));
  }
}

}  // namespace
}  // namespace onnxlens::testing
