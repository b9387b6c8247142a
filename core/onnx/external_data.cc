// External data resolution and reads.
#include "onnx/external_data.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <new>
#include <optional>

#include "common/strings.h"

namespace fs = std::filesystem;

namespace onnxlens::onnx_io {

namespace {

// Smaller tensors are read: a mapping's page granularity and bookkeeping are not worth it.
constexpr uint64_t kMapAtLeastBytes = 64 * 1024;

// A plain decimal ("0", "4096"): no sign, space, base prefix or exponent; at most 2^64 - 1.
Expected<uint64_t> ParseSize(const std::string& s, std::string_view key, std::string_view what) {
  const std::string where =
      std::string(what) + ": external data " + std::string(key) + " " + Quote(s);
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || !std::isdigit(static_cast<unsigned char>(s[0])) ||
      ec == std::errc::invalid_argument || end != s.data() + s.size()) {
    return InvalidModel(where + " is not a plain decimal number");
  }
  if (ec == std::errc::result_out_of_range) return InvalidModel(where + " does not fit in 64 bits");
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
  uint64_t offset = 0;
  std::optional<uint64_t> length;
  std::set<std::string> keys;
  for (const auto& kv : tp.external_data()) {
    if (!keys.insert(kv.key()).second) {
      return InvalidModel(std::string(what) + ": external data key " + Quote(kv.key()) +
                          " appears twice");
    }
    if (kv.key() == "location") {
      location = kv.value();
    } else if (kv.key() == "offset") {
      OL_ASSIGN_OR_RETURN(offset, ParseSize(kv.value(), "offset", what));
    } else if (kv.key() == "length") {
      OL_ASSIGN_OR_RETURN(length, ParseSize(kv.value(), "length", what));
    }
  }
  OL_ASSIGN_OR_RETURN(fs::path file, Resolve(location, what));
  files_.insert(file);

  if (length && *length != expected_bytes) {
    return InvalidModel(std::string(what) + ": external data length " + std::to_string(*length) +
                        " does not match the " + std::to_string(expected_bytes) +
                        " bytes its shape needs");
  }
  std::error_code ec;
  const uint64_t size = fs::file_size(file, ec);
  if (ec) return IoError(Quote(file.string()) + ": " + ec.message());
  uint64_t end = 0;
  if (__builtin_add_overflow(offset, expected_bytes, &end) || end > size) {
    return InvalidModel(std::string(what) + ": external data reads bytes [" +
                        std::to_string(offset) + ", " + std::to_string(offset) + "+" +
                        std::to_string(expected_bytes) + ") but " + Quote(location) + " has only " +
                        std::to_string(size) + " bytes");
  }
  uint64_t total = 0;
  if (__builtin_add_overflow(total_bytes_, expected_bytes, &total) || total > max_total_bytes_) {
    return OutOfRange(std::string(what) + ": external data would total " +
                      FormatBytes(total_bytes_ + expected_bytes) + ", more than the " +
                      FormatBytes(max_total_bytes_) +
                      " allowed for one model (LoadOptions::max_external_bytes)");
  }
  total_bytes_ = total;
  if (expected_bytes >= kMapAtLeastBytes && offset % 64 == 0) {
    const Mapping& m = Map(file);
    // The file may have changed since its size was checked: map only what it has now.
    if (m.base && end <= m.size) {
      std::shared_ptr<std::byte> at(m.base, m.base.get() + offset);
      return ir::Tensor::Adopt(dtype, std::move(dims), std::move(at), expected_bytes);
    }
  }
  return ReadCopy(file, offset, dtype, std::move(dims), expected_bytes, what);
}

const ExternalDataDirectory::Mapping& ExternalDataDirectory::Map(const fs::path& file) {
  if (auto it = maps_.find(file); it != maps_.end()) return it->second;
  Mapping mapped;
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  struct stat st {};
  if (fd >= 0 && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    const auto size = static_cast<uint64_t>(st.st_size);
    // Private and writable: a kernel writing in place gets its own copy of the page.
    void* p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_NORESERVE, fd, 0);
    if (p != MAP_FAILED) {
      mapped.base = std::shared_ptr<std::byte>(static_cast<std::byte*>(p),
                                               [size](std::byte* q) { ::munmap(q, size); });
      mapped.size = size;
    }
  }
  if (fd >= 0) ::close(fd);
  return maps_[file] = std::move(mapped);
}

Expected<ir::Tensor> ExternalDataDirectory::ReadCopy(const fs::path& file, uint64_t offset,
                                                     ir::DataType dtype, std::vector<int64_t> dims,
                                                     uint64_t expected_bytes,
                                                     std::string_view what) {
  auto made = [&]() -> Expected<ir::Tensor> {
    try {
      return ir::Tensor::Empty(dtype, std::move(dims));
    } catch (const std::bad_alloc&) {
      return OutOfRange(std::string(what) + ": not enough memory for its " +
                        FormatBytes(expected_bytes) + " of external data");
    }
  }();
  if (!made.ok()) return made.status().WithContext(what);
  ir::Tensor t = std::move(made).value();
  if (expected_bytes == 0) return t;
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  std::FILE* f = fd >= 0 ? ::fdopen(fd, "rb") : nullptr;
  if (!f) {
    const int err = errno;
    if (fd >= 0) ::close(fd);
    return IoError(Quote(file.string()) + ": cannot open: " + std::strerror(err));
  }
  const bool ok = fseeko(f, static_cast<off_t>(offset), SEEK_SET) == 0 &&
                  std::fread(t.mutable_raw(), 1, expected_bytes, f) == expected_bytes;
  std::fclose(f);
  if (!ok) return IoError(Quote(file.string()) + ": short read for " + std::string(what));
  return t;
}

}  // namespace onnxlens::onnx_io
