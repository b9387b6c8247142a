// Value files.
#include "api/internal/value_files.h"

#include <onnx/onnx_pb.h>
// after onnx_pb.h, which defines ONNX_API
#include <onnx/onnx-data.pb.h>

#include <cstring>

#include "common/file_util.h"
#include "common/strings.h"
#include "onnx/proto_convert.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

namespace {

constexpr uint64_t kMaxValueFile = uint64_t{4} << 30;

Expected<ir::Tensor> FromProto(const onnx::TensorProto& tp, const fs::path& path) {
  return onnx_io::TensorFromProto(tp, nullptr, "tensor in " + Quote(path.string()));
}

Expected<RtValue> FromSequence(const onnx::SequenceProto& sp, const fs::path& path) {
  std::vector<ir::Tensor> items;
  for (const auto& t : sp.tensor_values()) {
    OL_ASSIGN_OR_RETURN(ir::Tensor x, FromProto(t, path));
    items.push_back(std::move(x));
  }
  const auto dt =
      ir::DataTypeFromOnnx(sp.elem_type() == onnx::SequenceProto::TENSOR && !items.empty()
                               ? static_cast<int32_t>(items[0].dtype())
                               : 1);
  return RtValue::FromSequence(std::move(items), dt.value_or(ir::DataType::kFloat));
}

}  // namespace

Expected<RtValue> ReadValuePb(const fs::path& path, std::string* name, const std::string& hint) {
  OL_ASSIGN_OR_RETURN(std::string bytes, ReadFile(path, kMaxValueFile));
  if (hint == "sequence") {
    onnx::SequenceProto sp;
    if (!sp.ParseFromString(bytes))
      return InvalidArgument(Quote(path.string()) + ": not a SequenceProto");
    if (name) *name = sp.name();
    return FromSequence(sp, path);
  }
  if (hint == "optional") {
    onnx::OptionalProto op;
    if (!op.ParseFromString(bytes))
      return InvalidArgument(Quote(path.string()) + ": not an OptionalProto");
    if (name) *name = op.name();
    if (op.has_tensor_value()) {
      OL_ASSIGN_OR_RETURN(ir::Tensor t, FromProto(op.tensor_value(), path));
      return RtValue::FromTensor(std::move(t));
    }
    if (op.has_sequence_value()) return FromSequence(op.sequence_value(), path);
    return RtValue();
  }
  onnx::TensorProto tp;
  if (!tp.ParseFromString(bytes)) {
    return InvalidArgument(Quote(path.string()) + ": not an ONNX TensorProto file");
  }
  if (name) *name = tp.name();
  OL_ASSIGN_OR_RETURN(ir::Tensor t, FromProto(tp, path));
  return RtValue::FromTensor(std::move(t));
}

Status WriteTensorPb(const ir::Tensor& t, const std::string& name, const fs::path& path) {
  onnx::TensorProto tp;
  onnx_io::TensorToProto(t, &tp);
  tp.set_name(name);
  return WriteFileAtomically(path, [&](std::FILE* f) -> Status {
    const std::string bytes = tp.SerializeAsString();
    if (std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size())
      return IoError("write failed");
    return Status::Ok();
  });
}

namespace {

struct NpyType {
  const char* descr;
  ir::DataType type;
};
constexpr NpyType kNpyTypes[] = {
    {"<f4", ir::DataType::kFloat},  {"<f8", ir::DataType::kDouble}, {"<f2", ir::DataType::kFloat16},
    {"|i1", ir::DataType::kInt8},   {"<i2", ir::DataType::kInt16},  {"<i4", ir::DataType::kInt32},
    {"<i8", ir::DataType::kInt64},  {"|u1", ir::DataType::kUint8},  {"<u2", ir::DataType::kUint16},
    {"<u4", ir::DataType::kUint32}, {"<u8", ir::DataType::kUint64}, {"|b1", ir::DataType::kBool},
};

std::string HeaderValue(const std::string& header, const std::string& key) {
  const auto k = header.find("'" + key + "'");
  if (k == std::string::npos) return {};
  auto colon = header.find(':', k);
  if (colon == std::string::npos) return {};
  auto start = header.find_first_not_of(' ', colon + 1);
  if (start == std::string::npos) return {};
  if (header[start] == '\'') {
    const auto end = header.find('\'', start + 1);
    return header.substr(start + 1, end - start - 1);
  }
  if (header[start] == '(') {
    const auto end = header.find(')', start);
    return header.substr(start, end - start + 1);
  }
  const auto end = header.find_first_of(",}", start);
  return header.substr(start, end - start);
}

}  // namespace

Expected<ir::Tensor> ReadNpy(const fs::path& path) {
  OL_ASSIGN_OR_RETURN(std::string bytes, ReadFile(path, kMaxValueFile));
  const std::string where = Quote(path.string());
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0)
    return InvalidArgument(where + ": not a .npy file");
  const int major = static_cast<unsigned char>(bytes[6]);
  size_t header_len, offset;
  if (major == 1) {
    header_len = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    offset = 10;
  } else {
    if (bytes.size() < 12) return InvalidArgument(where + ": truncated .npy header");
    header_len = 0;
    for (int i = 0; i < 4; ++i)
      header_len |= static_cast<size_t>(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
    offset = 12;
  }
  if (offset + header_len > bytes.size()) return InvalidArgument(where + ": truncated .npy header");
  const std::string header = bytes.substr(offset, header_len);
  const std::string descr = HeaderValue(header, "descr");
  if (HeaderValue(header, "fortran_order") == "True")
    return Unsupported(where + ": Fortran-order arrays");
  ir::DataType type = ir::DataType::kUndefined;
  for (const auto& t : kNpyTypes) {
    if (descr == t.descr ||
        (descr.size() == 3 && descr.substr(1) == std::string(t.descr).substr(1) && descr[0] == '='))
      type = t.type;
  }
  if (type == ir::DataType::kUndefined) return Unsupported(where + ": dtype " + Quote(descr));
  std::vector<int64_t> dims;
  const std::string shape = HeaderValue(header, "shape");
  for (size_t i = 0; i < shape.size();) {
    if (std::isdigit(static_cast<unsigned char>(shape[i]))) {
      size_t j = i;
      while (j < shape.size() && std::isdigit(static_cast<unsigned char>(shape[j]))) ++j;
      if (j - i > 15) return InvalidArgument(where + ": dimension too large");
      dims.push_back(std::stoll(shape.substr(i, j - i)));
      i = j;
    } else {
      ++i;
    }
  }
  const size_t data_off = offset + header_len;
  auto t = ir::Tensor::FromRaw(type, dims, bytes.data() + data_off, bytes.size() - data_off);
  if (!t.ok()) return t.status().WithContext(where);
  return t;
}

Status WriteNpy(const ir::Tensor& t, const fs::path& path) {
  const char* descr = nullptr;
  for (const auto& n : kNpyTypes) {
    if (n.type == t.dtype()) descr = n.descr;
  }
  if (!descr)
    return Unsupported("cannot write " + std::string(DataTypeName(t.dtype())) + " as .npy");
  std::string shape = "(";
  for (size_t i = 0; i < t.dims().size(); ++i) shape += std::to_string(t.dims()[i]) + ", ";
  if (t.dims().size() > 1)
    shape.resize(shape.size() - 2);
  else if (t.dims().size() == 1)
    shape.resize(shape.size() - 1);
  shape += ")";
  std::string header =
      "{'descr': '" + std::string(descr) + "', 'fortran_order': False, 'shape': " + shape + ", }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  return WriteFileAtomically(path, [&](std::FILE* f) -> Status {
    const char magic[] = "\x93NUMPY\x01\x00";
    const uint16_t len = static_cast<uint16_t>(header.size());
    bool ok = std::fwrite(magic, 1, 8, f) == 8 && std::fwrite(&len, 1, 2, f) == 2 &&
              std::fwrite(header.data(), 1, header.size(), f) == header.size() &&
              std::fwrite(t.raw(), 1, t.nbytes(), f) == t.nbytes();
    return ok ? Status::Ok() : IoError("write failed");
  });
}

}  // namespace onnxlens::api
