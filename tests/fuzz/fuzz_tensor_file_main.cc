// libFuzzer entry point of the tensor_file target (body: fuzz_tensor_file.cc).
#include "fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return onnxlens::fuzz::FuzzTensorFile(data, size);
}
