// TypeInfo helpers and text.
#include "ir/type_info.h"

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
std::string DimsText(const std::vector<Dim>& dims, const char* sep) {
  std::string s;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) s += sep;
    const Dim& d = dims[i];
    if (d.known()) {
      s += std::to_string(d.value);
    } else if (d.symbolic()) {
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
      s += t.shape ? "[" + DimsText(*t.shape, ",") + "]" : "[*]";
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

std::string ShapeLabel(const std::vector<Dim>& dims) { return DimsText(dims, "\u00d7"); }

std::vector<Dim> DimsFromSizes(const std::vector<int64_t>& sizes) {
  std::vector<Dim> dims;
  dims.reserve(sizes.size());
  for (int64_t s : sizes) dims.push_back(Dim::Known(s));
  return dims;
}

}  // namespace onnxlens::ir
