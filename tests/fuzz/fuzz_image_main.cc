// libFuzzer entry point of the image target (body: fuzz_image.cc).
#include "fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return onnxlens::fuzz::FuzzImage(data, size);
}
