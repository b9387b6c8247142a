// TypeInfo helpers and text.
#include "ir/type_info.h"

#include <string_view>

namespace onnxlens::ir {

TypeInfo TypeInfo::Tensor(DataType t, std::vector<Dim> dims) {
  TypeInfo ti;
  ti.kind = Kind::kTensor;
  ti.elem_type = t;
  ti.shape = std::move(dims);
  return ti;
}

TypeInfo TypeInfo::TensorUnknownRank(DataType t) {
  TypeInfo ti;
  ti.kind = Kind::kTensor;
  ti.elem_type = t;
  return ti;
}

bool TypeInfo::fully_static() const {
  if (kind != Kind::kTensor || !shape) return false;
  for (const auto& d : *shape) {
    if (!d.known()) return false;
  }
  return true;
}

bool TypeInfo::operator==(const TypeInfo& o) const {
  if (kind != o.kind || elem_type != o.elem_type || shape != o.shape) return false;
  if (!inner || !o.inner) return !inner && !o.inner;
  return *inner == *o.inner;
}

namespace {
std::string DimsText(const std::vector<Dim>& dims, const char* sep, bool hide_generated) {
  std::string s;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) s += sep;
    const Dim& d = dims[i];
    if (d.known()) {
      s += std::to_string(d.value);
    } else if (d.symbolic() && !(hide_generated && IsGeneratedDimName(d.param))) {
      s += d.param;
    } else {
      s += '?';
    }
  }
  return s;
}
}  // namespace

std::string TypeToString(const TypeInfo& t) {
  switch (t.kind) {
    case TypeInfo::Kind::kUnknown:
      return "?";
    case TypeInfo::Kind::kTensor:
    case TypeInfo::Kind::kSparseTensor: {
      std::string s = t.kind == TypeInfo::Kind::kSparseTensor ? "sparse(" : "";
      s += DataTypeName(t.elem_type);
      s += t.shape ? "[" + DimsText(*t.shape, ",", false) + "]" : "[*]";
      if (t.kind == TypeInfo::Kind::kSparseTensor) s += ")";
      return s;
    }
    case TypeInfo::Kind::kSequence:
      return "seq(" + (t.inner ? TypeToString(*t.inner) : std::string("?")) + ")";
    case TypeInfo::Kind::kOptional:
      return "optional(" + (t.inner ? TypeToString(*t.inner) : std::string("?")) + ")";
    case TypeInfo::Kind::kMap:
      return "map(" + std::string(DataTypeName(t.elem_type)) + "," +
             (t.inner ? TypeToString(*t.inner) : std::string("?")) + ")";
  }
  return "?";
}

bool IsGeneratedDimName(const std::string& param) {
  constexpr std::string_view kPrefix = "unk__";
  if (param.size() <= kPrefix.size() || param.compare(0, kPrefix.size(), kPrefix) != 0)
    return false;
  for (size_t i = kPrefix.size(); i < param.size(); ++i)
    if (param[i] < '0' || param[i] > '9') return false;
  return true;
}

std::string ShapeLabel(const std::vector<Dim>& dims) { return DimsText(dims, "\u00d7", true); }

std::vector<Dim> DimsFromSizes(const std::vector<int64_t>& sizes) {
  std::vector<Dim> dims;
  dims.reserve(sizes.size());
  for (int64_t s : sizes) dims.push_back(Dim::Known(s));
  return dims;
}

}  // namespace onnxlens::ir
