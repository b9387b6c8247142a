// libFuzzer entry point of the model target (body: fuzz_model.cc), with a custom mutator: one
// mutation in four changes a tensor's data against its shape (tensor_data_mutator.h), the others
// are libFuzzer's byte-level ones.
#include <cstring>
#include <string>

#include "fuzz/fuzz_targets.h"
#include "fuzz/tensor_data_mutator.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return onnxlens::fuzz::FuzzModel(data, size);
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  if (seed % 4 == 0) {
    std::string model(reinterpret_cast<const char*>(data), size);
    if (onnxlens::fuzz::MutateTensorData(&model, seed / 4) && model.size() <= max_size) {
      std::memcpy(data, model.data(), model.size());
      return model.size();
    }
  }
  return LLVMFuzzerMutate(data, size, max_size);
}
