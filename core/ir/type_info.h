// Static types of values: tensor element type + shape (dims known, symbolic or unknown), and the
// non-tensor ONNX types (sequence, map, optional, sparse tensor).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/data_type.h"

namespace onnxlens::ir {

/// One dimension: a known size, a symbolic name (`batch`), or unknown.
struct Dim {
  int64_t value = -1;  ///< >= 0 when known
  std::string param;   ///< symbolic name when not known and named

  static Dim Known(int64_t v) { return Dim{v, {}}; }
  static Dim Symbolic(std::string name) { return Dim{-1, std::move(name)}; }
  static Dim Unknown() { return Dim{}; }

  bool known() const { return value >= 0; }
  bool symbolic() const { return value < 0 && !param.empty(); }
  bool operator==(const Dim& o) const { return value == o.value && param == o.param; }
  bool operator!=(const Dim& o) const { return !(*this == o); }
};

/// The type of a value. `kind == kUnknown` when nothing is known (not even tensor-ness).
struct TypeInfo {
  enum class Kind { kUnknown, kTensor, kSparseTensor, kSequence, kMap, kOptional };

  Kind kind = Kind::kUnknown;
  DataType elem_type = DataType::kUndefined;  ///< tensor/sparse tensor element; map key type
  std::optional<std::vector<Dim>> shape;      ///< nullopt = rank unknown
  std::shared_ptr<TypeInfo> inner;            ///< sequence/optional element, map value

  static TypeInfo Tensor(DataType t, std::vector<Dim> dims);
  static TypeInfo TensorUnknownRank(DataType t);

  bool is_tensor() const { return kind == Kind::kTensor; }
  bool known() const { return kind != Kind::kUnknown; }
  /// True when every dimension of a tensor is a known number.
  bool fully_static() const;
  bool operator==(const TypeInfo& o) const;
  bool operator!=(const TypeInfo& o) const { return !(*this == o); }
};

/// "float32[1,3,224,224]", "int64[batch,?]", "float32[*]" (rank unknown), "seq(float32[2])", "?".
std::string TypeToString(const TypeInfo& type);

/// "1×3×224×224" (Netron's edge label); symbolic names kept, unknown and made-up dims as "?".
std::string ShapeLabel(const std::vector<Dim>& dims);
/// A dimension name ONNX's shape inference made up for a size it could not name ("unk__19"):
/// ShapeLabel shows it as "?" (the name means nothing to the user); TypeToString keeps it.
bool IsGeneratedDimName(const std::string& param);

std::vector<Dim> DimsFromSizes(const std::vector<int64_t>& sizes);

}  // namespace onnxlens::ir
