// fuzz_tensor_file: the value files `run --inputs` and the views read (.npy, .pb TensorProto /
// SequenceProto / OptionalProto), then what the tensor sidebar computes, and a .pb round trip.
#include <onnx/onnx_pb.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "api/internal/value_files.h"
#include "api/tensor_stats.h"
#include "fuzz/fuzz_targets.h"
#include "onnx/proto_convert.h"

namespace onnxlens::fuzz {

namespace {

// A tensor as read must describe itself consistently and survive TensorProto and back.
void Check(const ir::Tensor& t) {
  (void)api::ComputeTensorStats(t, 16, 16);
  onnx::TensorProto tp;
  onnx_io::TensorToProto(t, &tp);
  auto back = onnx_io::TensorFromProto(tp, nullptr, "round trip");
  if (!back.ok() || back->dtype() != t.dtype() || back->dims() != t.dims()) std::abort();
  if (t.dtype() != ir::DataType::kString &&
      (back->nbytes() != t.nbytes() || std::memcmp(back->raw(), t.raw(), t.nbytes()) != 0))
    std::abort();
}

}  // namespace

int FuzzTensorFile(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  static const char* const kHints[] = {"", "sequence", "optional"};
  const int which = data[0] % 4;
  if (which == 0) {
    auto t = api::ParseNpy(bytes, "fuzz.npy");
    if (t.ok()) Check(*t);
    return 0;
  }
  std::string name;
  auto v = api::ParseValuePb(bytes, "input_0.pb", &name, kHints[which - 1]);
  if (!v.ok()) return 0;
  if (v->is_tensor()) Check(v->tensor);
  for (const ir::Tensor& t : v->sequence) Check(t);
  return 0;
}

}  // namespace onnxlens::fuzz
