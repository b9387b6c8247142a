// libFuzzer entry point of the model target (body: fuzz_model.cc).
#include "fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return onnxlens::fuzz::FuzzModel(data, size);
}
