// File helpers.
#include "common/file_util.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>
#include <random>
#include <vector>

#include "common/strings.h"

namespace fs = std::filesystem;

namespace onnxlens {

namespace {

std::string Errno(int err) { return std::strerror(err); }

// Why a non-regular file is refused ("it is a FIFO (named pipe), not a regular file").
std::string WhyNotRegular(const fs::path& path, const struct stat& st) {
  if (S_ISLNK(st.st_mode)) {
    std::error_code ec;
    const fs::path target = fs::read_symlink(path, ec);
    return "it is a symbolic link" + (ec ? std::string() : " to " + Quote(target.string())) +
           "; links are neither followed nor replaced";
  }
  const char* kind = S_ISDIR(st.st_mode)    ? "a directory"
                     : S_ISFIFO(st.st_mode) ? "a FIFO (named pipe)"
                     : S_ISSOCK(st.st_mode) ? "a socket"
                     : S_ISCHR(st.st_mode)  ? "a character device"
                     : S_ISBLK(st.st_mode)  ? "a block device"
                                            : "a special file";
  return std::string("it is ") + kind + ", not a regular file";
}

// What is at `path` without following a link: *exists false when nothing is; an error when it is
// anything but a regular file (the one kind a writer may replace).
Status InspectTarget(const fs::path& path, bool* exists, struct stat* st) {
  *exists = false;
  if (::lstat(path.c_str(), st) != 0) {
    const int err = errno;
    if (err == ENOENT) return Status::Ok();
    return IoError(Quote(path.string()) + ": cannot inspect: " + Errno(err));
  }
  *exists = true;
  if (!S_ISREG(st->st_mode)) {
    return InvalidArgument("refusing to write " + Quote(path.string()) + ": " +
                           WhyNotRegular(path, *st));
  }
  return Status::Ok();
}

// A new, empty temporary file next to `path`, created exclusively (never through a planted link).
Expected<int> CreateTemporary(const fs::path& path, fs::path* tmp) {
  std::random_device rd;
  std::mt19937_64 rng((uint64_t{rd()} << 32) ^ rd());
  for (int attempt = 0; attempt < 100; ++attempt) {
    *tmp =
        path.parent_path() / (path.filename().string() + ".tmp-" + std::to_string(rng() % 1000000));
    const int fd = ::open(tmp->c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
    if (fd >= 0) return fd;
    if (errno != EEXIST) {
      return IoError(Quote(path.string()) +
                     ": cannot create a temporary file next to it: " + Errno(errno));
    }
  }
  return IoError(Quote(path.string()) +
                 ": cannot create a temporary file next to it: " + Errno(EEXIST));
}

// Best effort: a crash right after the rename keeps the new directory entry.
void SyncDirectory(const fs::path& path) {
  const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

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
  std::string data;
  try {
    data.resize(size);
  } catch (const std::bad_alloc&) {
    return OutOfRange(Quote(path.string()) + ": not enough memory to read its " +
                      FormatBytes(size));
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return IoError(Quote(path.string()) + ": cannot open: " + Errno(errno));
  const size_t got = size ? std::fread(data.data(), 1, size, f) : 0;
  std::fclose(f);
  if (got != size) return IoError(Quote(path.string()) + ": short read");
  return data;
}

Expected<std::string> FileFingerprint(const fs::path& path) {
  std::error_code ec;
  auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) return NotFound(Quote(path.string()) + ": no such file");
  if (!fs::is_regular_file(status)) return IoError(Quote(path.string()) + ": not a regular file");
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return IoError(Quote(path.string()) + ": cannot open: " + Errno(errno));
  uint64_t h = 14695981039346656037ull;  // FNV-1a 64's offset basis
  std::vector<unsigned char> block(1 << 20);
  size_t got = 0;
  while ((got = std::fread(block.data(), 1, block.size(), f)) > 0)
    for (size_t i = 0; i < got; ++i) h = (h ^ block[i]) * 1099511628211ull;
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return IoError(Quote(path.string()) + ": read error");
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return std::string(hex);
}

Expected<std::vector<fs::path>> ListFolder(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
    out.push_back(it->path());
  if (ec) return IoError(Quote(dir.string()) + ": cannot list the folder: " + ec.message());
  return out;
}

Status WriteFileAtomically(const fs::path& path, const std::function<Status(std::FILE*)>& write) {
  bool exists = false;
  struct stat old {};
  OL_RETURN_IF_ERROR(InspectTarget(path, &exists, &old));
  fs::path tmp;
  OL_ASSIGN_OR_RETURN(const int fd, CreateTemporary(path, &tmp));
  const std::string where = Quote(path.string());
  Status st;
  if (exists) {
    // The replacement is a new inode: carry the old one's owner (when allowed) and mode over.
    if (::fchown(fd, old.st_uid, old.st_gid) != 0) {
      // Best effort: only root may give a file away; the mode below still carries over.
    }
    if (::fchmod(fd, old.st_mode & 07777) != 0)
      st = IoError(where + ": cannot keep its permissions: " + Errno(errno));
  }
  std::FILE* f = st.ok() ? ::fdopen(fd, "wb") : nullptr;
  if (!f) {
    if (st.ok()) st = IoError(where + ": cannot open the temporary file: " + Errno(errno));
    ::close(fd);
  } else {
    st = write(f);
    if (st.ok() && std::fflush(f) != 0) st = IoError(where + ": write failed: " + Errno(errno));
    if (st.ok() && ::fsync(fileno(f)) != 0) st = IoError(where + ": fsync failed: " + Errno(errno));
    const int closed = std::fclose(f);
    if (closed != 0 && st.ok()) st = IoError(where + ": close failed: " + Errno(errno));
  }
  if (st.ok() && ::rename(tmp.c_str(), path.c_str()) != 0) {
    // errno before the cleanup below can change it.
    st = IoError(where + ": cannot rename the temporary file over it: " + Errno(errno));
  }
  if (!st.ok()) {
    ::unlink(tmp.c_str());
    return st;
  }
  SyncDirectory(path);
  return Status::Ok();
}

bool SameFile(const fs::path& a, const fs::path& b) {
  struct stat sa {
  }, sb{};
  return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

void AddReadFolder(WritePolicy* policy, const fs::path& dir, const std::string& role) {
  if (dir.empty()) return;
  constexpr int kDepth = 2;  // DIR/test_data_set_N/input_0.pb
  std::vector<std::pair<fs::path, int>> todo = {{dir, 1}};
  while (!todo.empty()) {
    const auto [folder, depth] = todo.back();
    todo.pop_back();
    auto entries = ListFolder(folder);
    if (!entries.ok()) continue;
    for (fs::path& p : *entries) {
      struct stat st {};
      if (::stat(p.c_str(), &st) != 0) continue;  // a dangling link: nothing is read through it
      if (S_ISDIR(st.st_mode)) {
        if (depth < kDepth) todo.emplace_back(std::move(p), depth + 1);
        continue;
      }
      policy->read.push_back({std::move(p), role});
    }
  }
}

void AddInputFolder(WritePolicy* policy, const fs::path& dir, std::string_view option) {
  if (dir.empty()) return;
  AddReadFolder(policy, dir, "an input in " + std::string(option) + " " + Quote(dir.string()));
}

Status CheckWritePolicy(const fs::path& path, const WritePolicy& policy) {
  bool exists = false;
  struct stat st {};
  OL_RETURN_IF_ERROR(InspectTarget(path, &exists, &st));
  if (!exists) return Status::Ok();
  // `path` is a regular file (not a link): its lstat is its identity. A read file is compared by
  // device and inode after its links are resolved, so a hard link or a symbolic link to it counts.
  for (const ReadInput& in : policy.read) {
    struct stat rs {};
    if (::stat(in.path.c_str(), &rs) == 0 && rs.st_dev == st.st_dev && rs.st_ino == st.st_ino) {
      return InvalidArgument("refusing to overwrite " + Quote(path.string()) + ": it is " +
                             in.role + " this command reads (also with " + policy.force_option +
                             "); write to another file");
    }
  }
  if (!policy.force) {
    return InvalidArgument("refusing to replace " + Quote(path.string()) +
                           ": the file exists (pass " + policy.force_option + " to replace it)");
  }
  return Status::Ok();
}

std::string SafeFileName(std::string_view text, size_t max_length) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const bool keep =
        std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
    out += keep && static_cast<unsigned char>(c) < 0x80 ? c : '_';
  }
  for (char& c : out) {
    if (c != '.') break;
    c = '_';
  }
  if (out.empty()) out = "_";
  if (max_length < 16) max_length = 16;
  if (out.size() > max_length) {
    uint64_t h = 1469598103934665603ull;  // FNV-1a of the whole text
    for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    char suffix[18];
    std::snprintf(suffix, sizeof suffix, "-%08llx", static_cast<unsigned long long>(h >> 32));
    out.resize(max_length - std::strlen(suffix));
    out += suffix;
  }
  return out;
}

std::string UniqueFileNames::Take(std::string_view text, std::string_view extension) {
  const std::string base = SafeFileName(text);
  const std::string ext(extension);
  auto lower = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  std::string name = base + ext;
  for (int n = 2; !taken_.insert(lower(name)).second; ++n) {
    name = base + "-" + std::to_string(n) + ext;
  }
  return name;
}

}  // namespace onnxlens
