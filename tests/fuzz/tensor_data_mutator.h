// A structure-aware mutation for fuzz_model: one tensor of the model (an initializer, a Constant's
// value, a sparse tensor's values or indices, in any subgraph or function) gets data that does not
// match its shape. Byte-level mutation rarely keeps a protobuf parseable while changing exactly a
// length; this one always does.
#pragma once

#include <cstdint>
#include <string>

namespace onnxlens::fuzz {

/// Parses `model` as a ModelProto and mutates one of its tensors, chosen with `seed`: raw_data cut
/// short or grown, the data type swapped for another integer type (int8 ... uint64, bool, float16)
/// with the bytes kept, a typed field moved to raw_data at the wrong length, or a dimension
/// changed. Returns false (leaving `model` as it was) when it does not parse or has no tensor.
bool MutateTensorData(std::string* model, uint32_t seed);

}  // namespace onnxlens::fuzz
