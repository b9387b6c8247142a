// RtValue: a value at run time — a tensor, a sequence of tensors, or an empty optional.
#pragma once

#include <vector>

#include "ir/tensor.h"

namespace onnxlens::kernels {

struct RtValue {
  enum class Kind { kEmpty, kTensor, kSequence };
  Kind kind = Kind::kEmpty;
  ir::Tensor tensor;
  std::vector<ir::Tensor> sequence;
  /// Set for a sequence to know its element type even when it holds nothing.
  ir::DataType sequence_type = ir::DataType::kUndefined;

  static RtValue FromTensor(ir::Tensor t) {
    RtValue v;
    v.kind = Kind::kTensor;
    v.tensor = std::move(t);
    return v;
  }
  static RtValue FromSequence(std::vector<ir::Tensor> s, ir::DataType type) {
    RtValue v;
    v.kind = Kind::kSequence;
    v.sequence = std::move(s);
    v.sequence_type = type;
    return v;
  }
  bool is_tensor() const { return kind == Kind::kTensor; }
  bool is_sequence() const { return kind == Kind::kSequence; }
  bool empty() const { return kind == Kind::kEmpty; }
};

}  // namespace onnxlens::kernels
