// TensorProto / TypeProto conversions.
#include "onnx/proto_convert.h"

#include <cstring>

#include "common/strings.h"

namespace onnxlens::onnx_io {

using ir::DataType;

namespace {

std::string ShapeText(DataType t, const std::vector<int64_t>& dims) {
  return std::string(DataTypeName(t)) + "[" + Join(dims, ",") + "]";
}

Status CountMismatch(std::string_view what, DataType t, const std::vector<int64_t>& dims,
                     int64_t numel, std::string_view field, int64_t have) {
  return InvalidModel(std::string(what) + ": shape " + ShapeText(t, dims) + " declares " +
                      std::to_string(numel) + " element(s) but " + std::string(field) + " holds " +
                      std::to_string(have) + " value(s)");
}

// Copies `n` values of a repeated field into the tensor, narrowing each to T.
template <typename T, typename Repeated>
void CopyNarrow(const Repeated& src, ir::Tensor* t) {
  T* dst = t->mutable_data<T>();
  for (int i = 0; i < src.size(); ++i) dst[i] = static_cast<T>(src.Get(i));
}

}  // namespace

Status CheckTensorProtoData(const onnx::TensorProto& tp, std::string_view what) {
  const auto dtype_opt = ir::DataTypeFromOnnx(tp.data_type());
  if (!dtype_opt) {
    return InvalidModel(std::string(what) + ": unsupported tensor data type " +
                        std::to_string(tp.data_type()));
  }
  const DataType dtype = *dtype_opt;
  const std::vector<int64_t> dims(tp.dims().begin(), tp.dims().end());
  auto numel_or = ir::NumElements(dims);
  if (!numel_or.ok()) return numel_or.status().WithContext(what);
  const int64_t numel = *numel_or;
  auto bytes_or = ir::ByteSize(dtype, numel);
  if (!bytes_or.ok()) return bytes_or.status().WithContext(what);
  const uint64_t bytes = *bytes_or;
  if (tp.has_segment()) return Unsupported(std::string(what) + ": segmented tensors");

  if (tp.data_location() == onnx::TensorProto::EXTERNAL) {
    if (dtype == DataType::kString) {
      return InvalidModel(std::string(what) + ": string tensors cannot use external data");
    }
    return Status::Ok();  // the external reader checks the length against `bytes`
  }

  if (tp.has_raw_data()) {
    if (dtype == DataType::kString) {
      return InvalidModel(std::string(what) + ": string tensors cannot use raw_data");
    }
    if (tp.raw_data().size() != bytes) {
      return InvalidModel(std::string(what) + ": shape " + ShapeText(dtype, dims) + " needs " +
                          std::to_string(bytes) + " bytes but raw_data holds " +
                          std::to_string(tp.raw_data().size()));
    }
    return Status::Ok();
  }

  // Typed repeated fields: the count must match the shape.
  const int64_t per_elem =
      (dtype == DataType::kComplex64 || dtype == DataType::kComplex128) ? 2 : 1;
  auto check = [&](std::string_view field, int64_t have) -> Status {
    if (have != numel * per_elem) {
      if (numel > 0 && have == 0) {
        return InvalidModel(std::string(what) + ": shape " + ShapeText(dtype, dims) + " declares " +
                            std::to_string(numel) + " element(s) but the tensor holds no data");
      }
      return CountMismatch(what, dtype, dims, numel, field, have);
    }
    return Status::Ok();
  };
  switch (dtype) {
    case DataType::kString:
      return check("string_data", tp.string_data_size());
    case DataType::kFloat:
    case DataType::kComplex64:
      return check("float_data", tp.float_data_size());
    case DataType::kDouble:
    case DataType::kComplex128:
      return check("double_data", tp.double_data_size());
    case DataType::kInt64:
      return check("int64_data", tp.int64_data_size());
    case DataType::kUint32:
    case DataType::kUint64:
      return check("uint64_data", tp.uint64_data_size());
    default:
      return check("int32_data", tp.int32_data_size());
  }
}

Expected<ir::Tensor> TensorFromProto(const onnx::TensorProto& tp, const ExternalReader& external,
                                     std::string_view what) {
  OL_RETURN_IF_ERROR(CheckTensorProtoData(tp, what));
  const DataType dtype = *ir::DataTypeFromOnnx(tp.data_type());
  std::vector<int64_t> dims(tp.dims().begin(), tp.dims().end());
  const uint64_t bytes = *ir::ByteSize(dtype, *ir::NumElements(dims));

  if (tp.data_location() == onnx::TensorProto::EXTERNAL) {
    if (!external) {
      return InvalidModel(std::string(what) + ": uses external data but no model directory");
    }
    return external(tp, dtype, std::move(dims), bytes, what);
  }

  if (tp.has_raw_data()) {
    auto t = ir::Tensor::FromRaw(dtype, std::move(dims), tp.raw_data().data(), bytes);
    if (!t.ok()) return t.status().WithContext(what);
    return t;
  }

  if (dtype == DataType::kString) {
    std::vector<std::string> values(tp.string_data().begin(), tp.string_data().end());
    return ir::Tensor::FromStrings(std::move(dims), std::move(values));
  }

  auto made = ir::Tensor::Zeros(dtype, std::move(dims));
  if (!made.ok()) return made.status().WithContext(what);
  ir::Tensor t = std::move(made).value();
  switch (dtype) {
    case DataType::kFloat:
    case DataType::kComplex64:
      if (!tp.float_data().empty())
        std::memcpy(t.mutable_raw(), tp.float_data().data(), tp.float_data_size() * sizeof(float));
      break;
    case DataType::kDouble:
    case DataType::kComplex128:
      if (!tp.double_data().empty())
        std::memcpy(t.mutable_raw(), tp.double_data().data(),
                    tp.double_data_size() * sizeof(double));
      break;
    case DataType::kInt64:
      if (!tp.int64_data().empty())
        std::memcpy(t.mutable_raw(), tp.int64_data().data(), tp.int64_data_size() * 8);
      break;
    case DataType::kUint64:
      CopyNarrow<uint64_t>(tp.uint64_data(), &t);
      break;
    case DataType::kUint32:
      CopyNarrow<uint32_t>(tp.uint64_data(), &t);
      break;
    case DataType::kInt32:
      CopyNarrow<int32_t>(tp.int32_data(), &t);
      break;
    case DataType::kInt16:
      CopyNarrow<int16_t>(tp.int32_data(), &t);
      break;
    case DataType::kUint16:
    case DataType::kFloat16:
    case DataType::kBFloat16:
      CopyNarrow<uint16_t>(tp.int32_data(), &t);
      break;
    case DataType::kInt8:
      CopyNarrow<int8_t>(tp.int32_data(), &t);
      break;
    case DataType::kUint8:
      CopyNarrow<uint8_t>(tp.int32_data(), &t);
      break;
    case DataType::kBool: {
      uint8_t* dst = t.mutable_data<uint8_t>();
      for (int i = 0; i < tp.int32_data_size(); ++i) dst[i] = tp.int32_data(i) != 0;
      break;
    }
    default:
      break;
  }
  return t;
}

void TensorToProto(const ir::Tensor& t, onnx::TensorProto* tp) {
  tp->set_data_type(static_cast<int32_t>(t.dtype()));
  for (int64_t d : t.dims()) tp->add_dims(d);
  if (t.dtype() == DataType::kString) {
    for (const auto& s : t.strings()) tp->add_string_data(s);
  } else {
    tp->set_raw_data(t.raw(), t.nbytes());
  }
}

ir::TypeInfo TypeFromProto(const onnx::TypeProto& tp) {
  ir::TypeInfo t;
  auto read_shape = [&](bool has_shape, const onnx::TensorShapeProto& shape) {
    if (!has_shape) return;
    std::vector<ir::Dim> dims;
    dims.reserve(shape.dim_size());
    for (const auto& d : shape.dim()) {
      if (d.has_dim_value()) {
        dims.push_back(ir::Dim::Known(d.dim_value()));
      } else if (d.has_dim_param() && !d.dim_param().empty()) {
        dims.push_back(ir::Dim::Symbolic(d.dim_param()));
      } else {
        dims.push_back(ir::Dim::Unknown());
      }
    }
    t.shape = std::move(dims);
  };
  switch (tp.value_case()) {
    case onnx::TypeProto::kTensorType:
      t.kind = ir::TypeInfo::Kind::kTensor;
      t.elem_type =
          ir::DataTypeFromOnnx(tp.tensor_type().elem_type()).value_or(DataType::kUndefined);
      read_shape(tp.tensor_type().has_shape(), tp.tensor_type().shape());
      break;
    case onnx::TypeProto::kSparseTensorType:
      t.kind = ir::TypeInfo::Kind::kSparseTensor;
      t.elem_type =
          ir::DataTypeFromOnnx(tp.sparse_tensor_type().elem_type()).value_or(DataType::kUndefined);
      read_shape(tp.sparse_tensor_type().has_shape(), tp.sparse_tensor_type().shape());
      break;
    case onnx::TypeProto::kSequenceType:
      t.kind = ir::TypeInfo::Kind::kSequence;
      if (tp.sequence_type().has_elem_type()) {
        t.inner = std::make_shared<ir::TypeInfo>(TypeFromProto(tp.sequence_type().elem_type()));
      }
      break;
    case onnx::TypeProto::kOptionalType:
      t.kind = ir::TypeInfo::Kind::kOptional;
      if (tp.optional_type().has_elem_type()) {
        t.inner = std::make_shared<ir::TypeInfo>(TypeFromProto(tp.optional_type().elem_type()));
      }
      break;
    case onnx::TypeProto::kMapType:
      t.kind = ir::TypeInfo::Kind::kMap;
      t.elem_type = ir::DataTypeFromOnnx(tp.map_type().key_type()).value_or(DataType::kUndefined);
      if (tp.map_type().has_value_type()) {
        t.inner = std::make_shared<ir::TypeInfo>(TypeFromProto(tp.map_type().value_type()));
      }
      break;
    default:
      break;
  }
  return t;
}

namespace {
void ShapeToProto(const std::optional<std::vector<ir::Dim>>& shape, onnx::TensorShapeProto* sp,
                  bool* has) {
  if (!shape) return;
  *has = true;
  for (const auto& d : *shape) {
    auto* pd = sp->add_dim();
    if (d.known()) {
      pd->set_dim_value(d.value);
    } else if (d.symbolic()) {
      pd->set_dim_param(d.param);
    }
  }
}
}  // namespace

void TypeToProto(const ir::TypeInfo& t, onnx::TypeProto* tp) {
  bool has_shape = false;
  switch (t.kind) {
    case ir::TypeInfo::Kind::kUnknown:
      break;
    case ir::TypeInfo::Kind::kTensor: {
      auto* tt = tp->mutable_tensor_type();
      tt->set_elem_type(static_cast<int32_t>(t.elem_type));
      onnx::TensorShapeProto shape;
      ShapeToProto(t.shape, &shape, &has_shape);
      if (has_shape) *tt->mutable_shape() = std::move(shape);
      break;
    }
    case ir::TypeInfo::Kind::kSparseTensor: {
      auto* tt = tp->mutable_sparse_tensor_type();
      tt->set_elem_type(static_cast<int32_t>(t.elem_type));
      onnx::TensorShapeProto shape;
      ShapeToProto(t.shape, &shape, &has_shape);
      if (has_shape) *tt->mutable_shape() = std::move(shape);
      break;
    }
    case ir::TypeInfo::Kind::kSequence: {
      auto* st = tp->mutable_sequence_type();
      if (t.inner) TypeToProto(*t.inner, st->mutable_elem_type());
      break;
    }
    case ir::TypeInfo::Kind::kOptional: {
      auto* ot = tp->mutable_optional_type();
      if (t.inner) TypeToProto(*t.inner, ot->mutable_elem_type());
      break;
    }
    case ir::TypeInfo::Kind::kMap: {
      auto* mt = tp->mutable_map_type();
      mt->set_key_type(static_cast<int32_t>(t.elem_type));
      if (t.inner) TypeToProto(*t.inner, mt->mutable_value_type());
      break;
    }
  }
}

}  // namespace onnxlens::onnx_io
