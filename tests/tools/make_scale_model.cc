// Writes a generated model of the GUI scale checks (not committed: generate it when needed):
//   make_scale_model transformer|cnn|unnamed NODES OUT.onnx
// (scale_models.h); bench/view_bench times every view on such models.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "scale_models.h"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: make_scale_model transformer|cnn|unnamed NODES OUT.onnx\n");
    return 2;
  }
  const long n = std::strtol(argv[2], nullptr, 10);
  if (n < 1 || n > 2'000'000) {
    std::fprintf(stderr, "NODES must be in [1, 2000000]\n");
    return 2;
  }
  onnx::ModelProto m;
  if (!onnxlens::testing::MakeScaleModelProto(argv[1], n, &m)) {
    std::fprintf(stderr, "unknown kind '%s' (transformer, cnn or unnamed)\n", argv[1]);
    return 2;
  }
  std::ofstream out(argv[3], std::ios::binary);
  if (!m.SerializeToOstream(&out)) {
    std::fprintf(stderr, "cannot write %s\n", argv[3]);
    return 1;
  }
  return 0;
}
