// The fuzz targets' bodies: plain functions taking the fuzzer's bytes, linked both into the
// libFuzzer executables (fuzz_*_main.cc, preset `fuzz`) and into fuzz_regression_tests, which
// replays tests/data/fuzz/<target>/. Each returns 0; a bug is a crash or a sanitizer report.
#pragma once

#include <cstddef>
#include <cstdint>

namespace onnxlens::fuzz {

/// Model bytes -> load (checker, shape inference, import) -> info and graph snapshot -> session
/// (schema validation, partition, plans) -> one run on small inputs; then the optimizer alone.
int FuzzModel(const uint8_t* data, size_t size);

/// Trace JSON -> reader -> summary, its text, timeline, range summary, slice details, origins.
int FuzzTrace(const uint8_t* data, size_t size);

/// data[0] selects the reader of data[1..]: 0 .npy, 1 .pb TensorProto, 2 SequenceProto,
/// 3 OptionalProto (modulo 4); a tensor read is then summarized as the views do.
int FuzzTensorFile(const uint8_t* data, size_t size);

/// data[0] selects the decoder of data[1..]: even PNG, odd JPEG (calibration images); a decoded
/// image is resized as the samples are.
int FuzzImage(const uint8_t* data, size_t size);

}  // namespace onnxlens::fuzz
