// libFuzzer entry point of the trace target (body: fuzz_trace.cc).
#include "fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return onnxlens::fuzz::FuzzTrace(data, size);
}
