// File helpers: whole-file reads with a size cap, and atomic writes (temp file + rename).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "common/status.h"

namespace onnxlens {

/// Reads a whole file. Fails with a message naming the file when it is missing, not a regular
/// file, unreadable, or larger than `max_bytes`.
Expected<std::string> ReadFile(const std::filesystem::path& path, uint64_t max_bytes);

/// Writes a file atomically: `write` fills a temporary file next to `path`, which is flushed and
/// renamed over `path` only when `write` succeeded. On failure `path` is left as it was.
Status WriteFileAtomically(const std::filesystem::path& path,
                           const std::function<Status(std::FILE*)>& write);

/// True when both paths name the same existing file (after resolving symlinks).
bool SameFile(const std::filesystem::path& a, const std::filesystem::path& b);

}  // namespace onnxlens
