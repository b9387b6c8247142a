// Value files.
#include "api/internal/value_files.h"

#include <onnx/onnx_pb.h>
// after onnx_pb.h, which defines ONNX_API
#include <onnx/onnx-data.pb.h>

#include <cctype>
#include <charconv>
#include <cstring>
#include <limits>
#include <new>
#include <set>

#include "common/file_util.h"
#include "common/strings.h"
#include "onnx/proto_convert.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

namespace {

constexpr uint64_t kMaxValueFile = uint64_t{4} << 30;

Expected<ir::Tensor> FromProto(const onnx::TensorProto& tp, const std::string& source) {
  return onnx_io::TensorFromProto(tp, nullptr, "tensor in " + Quote(source));
}

Expected<RtValue> FromSequence(const onnx::SequenceProto& sp, const std::string& source) {
  std::vector<ir::Tensor> items;
  for (const auto& t : sp.tensor_values()) {
    OL_ASSIGN_OR_RETURN(ir::Tensor x, FromProto(t, source));
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
  return ParseValuePb(bytes, path.string(), name, hint);
}

Expected<RtValue> ParseValuePb(std::string_view bytes, const std::string& source, std::string* name,
                               const std::string& hint) {
  // Protobuf takes an int size; ReadFile's cap is larger than that.
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    return OutOfRange(Quote(source) + ": a .pb value file must be smaller than 2 GiB");
  const int size = static_cast<int>(bytes.size());
  if (hint == "sequence") {
    onnx::SequenceProto sp;
    if (!sp.ParseFromArray(bytes.data(), size))
      return InvalidArgument(Quote(source) + ": not a SequenceProto");
    if (name) *name = sp.name();
    return FromSequence(sp, source);
  }
  if (hint == "optional") {
    onnx::OptionalProto op;
    if (!op.ParseFromArray(bytes.data(), size))
      return InvalidArgument(Quote(source) + ": not an OptionalProto");
    if (name) *name = op.name();
    if (op.has_tensor_value()) {
      OL_ASSIGN_OR_RETURN(ir::Tensor t, FromProto(op.tensor_value(), source));
      return RtValue::FromTensor(std::move(t));
    }
    if (op.has_sequence_value()) return FromSequence(op.sequence_value(), source);
    return RtValue();
  }
  onnx::TensorProto tp;
  if (!tp.ParseFromArray(bytes.data(), size)) {
    return InvalidArgument(Quote(source) + ": not an ONNX TensorProto file");
  }
  if (name) *name = tp.name();
  OL_ASSIGN_OR_RETURN(ir::Tensor t, FromProto(tp, source));
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

// The dtypes read and written, by numpy's descr without the byte order ('f4' is '<f4').
struct NpyType {
  const char* code;
  ir::DataType type;
};
constexpr NpyType kNpyTypes[] = {
    {"f4", ir::DataType::kFloat},  {"f8", ir::DataType::kDouble}, {"f2", ir::DataType::kFloat16},
    {"i1", ir::DataType::kInt8},   {"i2", ir::DataType::kInt16},  {"i4", ir::DataType::kInt32},
    {"i8", ir::DataType::kInt64},  {"u1", ir::DataType::kUint8},  {"u2", ir::DataType::kUint16},
    {"u4", ir::DataType::kUint32}, {"u8", ir::DataType::kUint64}, {"b1", ir::DataType::kBool},
};
constexpr char kNpySupported[] = "f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 b1, little-endian";

// '<f4', '=f4' (native is little-endian here) and, for one-byte types, '|u1'.
Expected<ir::DataType> NpyDataType(const std::string& descr) {
  const char order = descr.empty() ? '\0' : descr[0];
  const std::string code = descr.size() == 3 ? descr.substr(1) : std::string();
  for (const auto& t : kNpyTypes) {
    if (code != t.code) continue;
    if (order == '<' || order == '=' || (order == '|' && ir::ElementSize(t.type) == 1))
      return t.type;
    if (order == '>')
      return Unsupported("big-endian dtype " + Quote(descr) + " (supported: " + kNpySupported +
                         ")");
  }
  return Unsupported("dtype " + Quote(descr) + " is not supported (supported: " + kNpySupported +
                     ")");
}

struct NpyHeader {
  std::string descr;
  bool fortran_order = false;
  std::vector<int64_t> shape;
};

// The header as numpy reads it (ast.literal_eval of a dict): exactly the keys 'descr' (a
// string), 'fortran_order' (True / False) and 'shape' (a tuple of non-negative ints, "(4,)" for
// one dimension, "()" for none, a trailing comma allowed after two or more), in any order,
// whitespace between tokens, nothing but whitespace after the closing brace.
class NpyHeaderParser {
 public:
  explicit NpyHeaderParser(std::string_view text) : text_(text) {}

  Expected<NpyHeader> Parse() {
    NpyHeader h;
    OL_RETURN_IF_ERROR(Expect('{', "the header does not start with '{'"));
    std::set<std::string> seen;
    while (!Peek('}')) {
      if (pos_ == text_.size()) return Error("the header dict is not closed with '}'");
      OL_ASSIGN_OR_RETURN(const std::string key, String("a key"));
      if (!seen.insert(key).second) return Error("key " + Quote(key) + " appears twice");
      OL_RETURN_IF_ERROR(Expect(':', "no ':' after key " + Quote(key)));
      if (key == "descr") {
        if (Peek('[')) return Unsupported("structured dtypes (a list of fields as 'descr')");
        OL_ASSIGN_OR_RETURN(h.descr, String("the 'descr' string"));
      } else if (key == "fortran_order") {
        OL_ASSIGN_OR_RETURN(h.fortran_order, Bool());
      } else if (key == "shape") {
        OL_ASSIGN_OR_RETURN(h.shape, Tuple());
      } else {
        return Error("unexpected key " + Quote(key) +
                     " (a .npy header has exactly 'descr', 'fortran_order' and 'shape')");
      }
      if (Eat(',')) continue;
      if (pos_ == text_.size()) return Error("the header dict is not closed with '}'");
      if (!Peek('}')) return Error("no ',' or '}' after the value of " + Quote(key));
    }
    ++pos_;  // '}'
    SkipSpace();
    if (pos_ != text_.size()) return Error("text after the header dict");
    for (const char* key : {"descr", "fortran_order", "shape"}) {
      if (!seen.count(key)) return Error("no " + Quote(key) + " key");
    }
    return h;
  }

 private:
  Status Error(const std::string& what) const {
    return InvalidArgument(".npy header: " + what + " (at byte " + std::to_string(pos_) + ")");
  }
  void SkipSpace() {
    while (pos_ < text_.size() && std::strchr(" \t\n\r\f\v", text_[pos_]) && text_[pos_] != '\0')
      ++pos_;
  }
  bool Peek(char c) {
    SkipSpace();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool Eat(char c) {
    if (!Peek(c)) return false;
    ++pos_;
    return true;
  }
  Status Expect(char c, const std::string& what) { return Eat(c) ? Status::Ok() : Error(what); }

  // 'text' or "text", without escapes (numpy writes none; a key or descr never needs one).
  Expected<std::string> String(const std::string& what) {
    SkipSpace();
    const char quote = pos_ < text_.size() ? text_[pos_] : '\0';
    if (quote != '\'' && quote != '"') return Error("expected " + what + " in quotes");
    const size_t end = text_.find(quote, pos_ + 1);
    const size_t stop = text_.find_first_of("\\\n", pos_ + 1);
    if (end == std::string_view::npos || stop < end) return Error(what + " is not closed");
    std::string out(text_.substr(pos_ + 1, end - pos_ - 1));
    pos_ = end + 1;
    return out;
  }

  Expected<bool> Bool() {
    SkipSpace();
    for (const auto& [word, value] : {std::pair{"True", true}, std::pair{"False", false}}) {
      if (text_.substr(pos_, std::strlen(word)) == word) {
        pos_ += std::strlen(word);
        return value;
      }
    }
    return Error("'fortran_order' is not True or False");
  }

  // A non-negative decimal int as Python writes it ("0", "12"; no sign, no leading zeros).
  Expected<int64_t> Dim() {
    SkipSpace();
    const size_t start = pos_;
    if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
    size_t end = pos_;
    while (end < text_.size() && std::isdigit(static_cast<unsigned char>(text_[end]))) ++end;
    if (pos_ != start) {
      return Error("the shape has a negative dimension " +
                   std::string(text_.substr(start, end - start)));
    }
    const std::string_view digits = text_.substr(pos_, end - pos_);
    if (digits.empty()) return Error("the shape holds something other than whole numbers");
    if (digits.size() > 1 && digits[0] == '0')
      return Error("dimension " + Quote(std::string(digits)) + " has a leading zero");
    int64_t v = 0;
    if (std::from_chars(digits.data(), digits.data() + digits.size(), v).ec != std::errc())
      return Error("dimension " + Quote(std::string(digits)) + " does not fit in 64 bits");
    pos_ = end;
    return v;
  }

  Expected<std::vector<int64_t>> Tuple() {
    if (!Eat('(')) return Error("'shape' is not a tuple");
    std::vector<int64_t> dims;
    bool comma = false;  // after the last dimension
    while (!Peek(')')) {
      if (pos_ == text_.size()) return Error("'shape' is not closed with ')'");
      if (!dims.empty() && !comma) return Error("no ',' between dimensions of 'shape'");
      OL_ASSIGN_OR_RETURN(const int64_t d, Dim());
      dims.push_back(d);
      comma = Eat(',');
    }
    ++pos_;  // ')'
    if (dims.size() == 1 && !comma)
      return Error("'shape' (n) is a number, not a tuple: write (n,)");
    return dims;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

uint32_t LittleEndian(std::string_view bytes, size_t at, int n) {
  uint32_t v = 0;
  for (int i = 0; i < n; ++i) v |= uint32_t{static_cast<unsigned char>(bytes[at + i])} << (8 * i);
  return v;
}

}  // namespace

Expected<ir::Tensor> ReadNpy(const fs::path& path) {
  OL_ASSIGN_OR_RETURN(std::string bytes, ReadFile(path, kMaxValueFile));
  return ParseNpy(bytes, path.string());
}

Expected<ir::Tensor> ParseNpy(std::string_view bytes, const std::string& source) {
  const std::string where = Quote(source);
  if (bytes.size() < 8 || bytes.compare(0, 6, "\x93NUMPY") != 0)
    return InvalidArgument(where + ": not a .npy file (no \\x93NUMPY magic)");
  const int major = static_cast<unsigned char>(bytes[6]);
  const int minor = static_cast<unsigned char>(bytes[7]);
  if (major < 1 || major > 3 || minor != 0) {
    return Unsupported(where + ": .npy format version " + std::to_string(major) + "." +
                       std::to_string(minor) + " (known: 1.0, 2.0, 3.0)");
  }
  const size_t len_bytes = major == 1 ? 2 : 4;
  const size_t offset = 8 + len_bytes;
  if (bytes.size() < offset) return InvalidArgument(where + ": truncated .npy header");
  const uint64_t header_len = LittleEndian(bytes, 8, static_cast<int>(len_bytes));
  if (header_len > bytes.size() - offset) {
    return InvalidArgument(where + ": the .npy header of " + std::to_string(header_len) +
                           " bytes runs past the end of the file (" + std::to_string(bytes.size()) +
                           " bytes)");
  }
  auto header = NpyHeaderParser(std::string_view(bytes).substr(offset, header_len)).Parse();
  if (!header.ok()) return header.status().WithContext(where);
  if (header->fortran_order)
    return Unsupported(where + ": Fortran-order arrays (fortran_order True)");
  auto type = NpyDataType(header->descr);
  if (!type.ok()) return type.status().WithContext(where);
  auto numel = ir::NumElements(header->shape);
  auto nbytes = numel.ok() ? ir::ByteSize(*type, *numel) : Expected<uint64_t>(numel.status());
  if (!nbytes.ok()) return nbytes.status().WithContext(where);
  const uint64_t data_bytes = bytes.size() - offset - header_len;
  if (*nbytes != data_bytes) {
    return InvalidArgument(where + ": the header promises " + std::to_string(*nbytes) +
                           " bytes of data (" + header->descr + " [" + Join(header->shape, ",") +
                           "]) but the file holds " + std::to_string(data_bytes));
  }
  try {
    auto t =
        ir::Tensor::FromRaw(*type, header->shape, bytes.data() + offset + header_len, data_bytes);
    if (!t.ok()) return t.status().WithContext(where);
    return t;
  } catch (const std::bad_alloc&) {
    return OutOfRange(where + ": not enough memory for " + FormatBytes(data_bytes) + " of data");
  }
}

Status WriteNpy(const ir::Tensor& t, const fs::path& path) {
  const NpyType* type = nullptr;
  for (const auto& n : kNpyTypes) {
    if (n.type == t.dtype()) type = &n;
  }
  if (!type)
    return Unsupported("cannot write " + std::string(DataTypeName(t.dtype())) + " as .npy");
  const std::string descr = (ir::ElementSize(t.dtype()) == 1 ? "|" : "<") + std::string(type->code);
  std::string shape = "(";
  for (size_t i = 0; i < t.dims().size(); ++i) shape += std::to_string(t.dims()[i]) + ", ";
  if (t.dims().size() > 1)
    shape.resize(shape.size() - 2);
  else if (t.dims().size() == 1)
    shape.resize(shape.size() - 1);
  shape += ")";
  std::string header =
      "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Version 1.0 has a 2-byte header length; 2.0 a 4-byte one. Data starts 64-byte aligned.
  const size_t prefix = 10 + header.size() + 1 > 65535 ? 12 : 10;
  while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string lead = std::string("\x93NUMPY", 6) + (prefix == 10 ? '\x01' : '\x02') + '\0';
  for (size_t i = 0; i < prefix - 8; ++i)
    lead += static_cast<char>((header.size() >> (8 * i)) & 0xff);
  return WriteFileAtomically(path, [&](std::FILE* f) -> Status {
    bool ok = std::fwrite(lead.data(), 1, lead.size(), f) == lead.size() &&
              std::fwrite(header.data(), 1, header.size(), f) == header.size() &&
              std::fwrite(t.raw(), 1, t.nbytes(), f) == t.nbytes();
    return ok ? Status::Ok() : IoError(Quote(path.string()) + ": write failed");
  });
}

}  // namespace onnxlens::api
