// File helpers.
#include "common/file_util.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <random>

#include "common/strings.h"

namespace fs = std::filesystem;

namespace onnxlens {

Expected<std::string> ReadFile(const fs::path& path, uint64_t max_bytes) {
  std::error_code ec;
  auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) return NotFound(Quote(path.string()) + ": no such file");
  if (!fs::is_regular_file(status)) return IoError(Quote(path.string()) + ": not a regular file");
  const uint64_t size = fs::file_size(path, ec);
  if (ec) return IoError(Quote(path.string()) + ": cannot read size: " + ec.message());
  if (size > max_bytes) {
    return OutOfRange(Quote(path.string()) + ": file is " + FormatBytes(size) + ", more than the " +
                      FormatBytes(max_bytes) + " allowed");
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return IoError(Quote(path.string()) + ": cannot open: " + std::strerror(errno));
  std::string data;
  data.resize(size);
  const size_t got = size ? std::fread(data.data(), 1, size, f) : 0;
  std::fclose(f);
  if (got != size) return IoError(Quote(path.string()) + ": short read");
  return data;
}

Status WriteFileAtomically(const fs::path& path, const std::function<Status(std::FILE*)>& write) {
  std::random_device rd;
  const fs::path tmp =
      path.parent_path() / (path.filename().string() + ".tmp-" + std::to_string(rd() % 1000000));
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return IoError(Quote(path.string()) + ": cannot create: " + std::strerror(errno));
  Status st = write(f);
  if (st.ok() && std::fflush(f) != 0) st = IoError(Quote(path.string()) + ": write failed");
  if (st.ok() && ::fsync(fileno(f)) != 0) st = IoError(Quote(path.string()) + ": fsync failed");
  if (std::fclose(f) != 0 && st.ok()) st = IoError(Quote(path.string()) + ": close failed");
  std::error_code ec;
  if (!st.ok()) {
    fs::remove(tmp, ec);
    return st;
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    return IoError(Quote(path.string()) + ": cannot rename temporary file: " + ec.message());
  }
  return Status::Ok();
}

bool SameFile(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return fs::exists(a, ec) && fs::exists(b, ec) && fs::equivalent(a, b, ec) && !ec;
}

}  // namespace onnxlens
