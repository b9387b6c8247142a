// External data resolution and reads.
#include "onnx/external_data.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "common/strings.h"

namespace fs = std::filesystem;

namespace onnxlens::onnx_io {

namespace {

Expected<int64_t> ParseNonNegative(const std::string& s, std::string_view key,
                                   std::string_view what) {
  if (s.empty() || s.size() > 19) {
    return InvalidModel(std::string(what) + ": external data " + std::string(key) + " " + Quote(s) +
                        " is not a valid number");
  }
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') {
      return InvalidModel(std::string(what) + ": external data " + std::string(key) + " " +
                          Quote(s) + " is not a non-negative integer");
    }
    v = v * 10 + (c - '0');
  }
  return v;
}

bool IsInside(const fs::path& child, const fs::path& dir) {
  auto c = child.begin();
  for (auto d = dir.begin(); d != dir.end(); ++d, ++c) {
    if (d->empty()) continue;  // trailing separator
    if (c == child.end() || *c != *d) return false;
  }
  return true;
}

}  // namespace

ExternalDataDirectory::ExternalDataDirectory(fs::path model_dir) {
  std::error_code ec;
  if (model_dir.empty()) model_dir = ".";
  dir_ = fs::canonical(model_dir, ec);
  if (ec) dir_ = fs::absolute(model_dir, ec);
}

Expected<fs::path> ExternalDataDirectory::Resolve(const std::string& location,
                                                  std::string_view what) {
  const std::string where = std::string(what) + ": external data location " + Quote(location);
  if (location.empty()) return InvalidModel(std::string(what) + ": external data has no location");
  if (location.find('\0') != std::string::npos) return InvalidModel(where + " contains a NUL byte");
  const fs::path loc(location);
  if (loc.is_absolute()) {
    return InvalidModel(where + " is absolute; it must be relative to the model's directory");
  }
  for (const auto& part : loc) {
    if (part == "..") {
      return InvalidModel(where + " contains '..'; it must stay inside the model's directory");
    }
  }
  std::error_code ec;
  const fs::path joined = dir_ / loc;
  if (!fs::exists(joined, ec)) {
    return NotFound(where + ": file not found in " + Quote(dir_.string()));
  }
  const fs::path resolved = fs::canonical(joined, ec);
  if (ec) return IoError(where + ": cannot resolve: " + ec.message());
  if (!IsInside(resolved, dir_)) {
    return InvalidModel(where + " resolves to " + Quote(resolved.string()) +
                        ", outside the model's directory " + Quote(dir_.string()));
  }
  if (!fs::is_regular_file(resolved, ec)) return InvalidModel(where + " is not a regular file");
  return resolved;
}

Expected<ir::Tensor> ExternalDataDirectory::Read(const onnx::TensorProto& tp, ir::DataType dtype,
                                                 std::vector<int64_t> dims, uint64_t expected_bytes,
                                                 std::string_view what) {
  std::string location;
  int64_t offset = 0;
  int64_t length = -1;
  for (const auto& kv : tp.external_data()) {
    if (kv.key() == "location") {
      location = kv.value();
    } else if (kv.key() == "offset") {
      OL_ASSIGN_OR_RETURN(offset, ParseNonNegative(kv.value(), "offset", what));
    } else if (kv.key() == "length") {
      OL_ASSIGN_OR_RETURN(length, ParseNonNegative(kv.value(), "length", what));
    }
  }
  OL_ASSIGN_OR_RETURN(fs::path file, Resolve(location, what));
  files_.insert(file);

  if (length >= 0 && static_cast<uint64_t>(length) != expected_bytes) {
    return InvalidModel(std::string(what) + ": external data length " + std::to_string(length) +
                        " does not match the " + std::to_string(expected_bytes) +
                        " bytes its shape needs");
  }
  std::error_code ec;
  const uint64_t size = fs::file_size(file, ec);
  if (ec) return IoError(Quote(file.string()) + ": " + ec.message());
  uint64_t end = 0;
  if (__builtin_add_overflow(static_cast<uint64_t>(offset), expected_bytes, &end) || end > size) {
    return InvalidModel(std::string(what) + ": external data reads bytes [" +
                        std::to_string(offset) + ", " + std::to_string(offset) + "+" +
                        std::to_string(expected_bytes) + ") but " + Quote(location) + " has only " +
                        std::to_string(size) + " bytes");
  }
  auto made = ir::Tensor::Zeros(dtype, std::move(dims));
  if (!made.ok()) return made.status().WithContext(what);
  ir::Tensor t = std::move(made).value();
  if (expected_bytes == 0) return t;
  std::FILE* f = std::fopen(file.c_str(), "rb");
  if (!f) return IoError(Quote(file.string()) + ": cannot open: " + std::strerror(errno));
  const bool ok = fseeko(f, offset, SEEK_SET) == 0 &&
                  std::fread(t.mutable_raw(), 1, expected_bytes, f) == expected_bytes;
  std::fclose(f);
  if (!ok) return IoError(Quote(file.string()) + ": short read for " + std::string(what));
  return t;
}

}  // namespace onnxlens::onnx_io
