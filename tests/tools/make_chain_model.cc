// Writes a long chain model for the scale checks (not committed: generate it when needed):
//   make_chain_model N OUT.onnx
// N nodes in a line (chain_model.h); bench/chain_bench times sessions of such chains.
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "chain_model.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_chain_model N OUT.onnx\n");
    return 2;
  }
  const long n = std::strtol(argv[1], nullptr, 10);
  if (n < 1 || n > 10'000'000) {
    std::fprintf(stderr, "N must be in [1, 10000000]\n");
    return 2;
  }
  const onnx::ModelProto m = onnxlens::testing::MakeChainModelProto(n);
  std::ofstream out(argv[2], std::ios::binary);
  if (!m.SerializeToOstream(&out)) {
    std::fprintf(stderr, "cannot write %s\n", argv[2]);
    return 1;
  }
  return 0;
}
