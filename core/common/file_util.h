// File helpers: whole-file reads with a size cap, atomic writes (temp file + rename) that keep the
// replaced file's permissions, the rule every writer follows before replacing a file, and safe
// file names made from model-controlled text.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace onnxlens {

/// Reads a whole file. Fails with a message naming the file when it is missing, not a regular
/// file, unreadable, larger than `max_bytes`, or too large for the memory left.
Expected<std::string> ReadFile(const std::filesystem::path& path, uint64_t max_bytes);

/// A fingerprint of a file's bytes (64-bit FNV-1a over its content, read in blocks; 16 hex
/// digits): what tells two runs of "the same" model path apart when the file changed between them.
/// Fails with a message naming the file when it is missing, not a regular file or unreadable.
Expected<std::string> FileFingerprint(const std::filesystem::path& path);

/// The entries of folder `dir` (in no particular order), or an error naming it when it cannot be
/// listed (never a std::filesystem exception).
Expected<std::vector<std::filesystem::path>> ListFolder(const std::filesystem::path& dir);

/// Writes a file atomically: `write` fills a new temporary file next to `path` (created
/// exclusively, never through a link), which is flushed, synced and renamed over `path` only when
/// `write` succeeded. On failure `path` is left as it was and the temporary file is removed. A
/// replaced file's permission bits (and, when allowed, its owner) carry over; a new file gets
/// 0666 less the umask. A `path` that is a symbolic link, FIFO, directory, socket or device is
/// refused (a link is neither followed nor replaced). Errors name `path` and the failing call's
/// errno.
Status WriteFileAtomically(const std::filesystem::path& path,
                           const std::function<Status(std::FILE*)>& write);

/// True when both paths name the same existing file (after resolving symlinks).
bool SameFile(const std::filesystem::path& a, const std::filesystem::path& b);

/// A file a job read (the model, its external data, an input): a writer never replaces it.
struct ReadInput {
  std::filesystem::path path;
  std::string role;  ///< "the model", "external data of the model", "an input" (for the error)
};

/// The rule every writer (convert, optimize -o, profile -o, run --outputs) follows.
struct WritePolicy {
  /// Never replaced, with or without `force` (same file by device and inode, links resolved).
  std::vector<ReadInput> read;
  /// Replace an existing regular file; without it an existing file is refused.
  bool force = false;
  /// The option that sets `force`, named in the refusal.
  std::string force_option = "--force";
};

/// Adds every file a reader of folder `dir` may open to `policy->read`, each with `role` (e.g. "an
/// input in --calib 'DIR'"): the files of `dir` and of its subfolders one level down (data sets:
/// DIR/test_data_set_N/input_0.pb), links followed as the readers follow them. An empty `dir`, or
/// one that cannot be listed, adds nothing (its reader reports it).
void AddReadFolder(WritePolicy* policy, const std::filesystem::path& dir, const std::string& role);
/// AddReadFolder for the folder of an option: the role "an input in OPTION 'DIR'".
void AddInputFolder(WritePolicy* policy, const std::filesystem::path& dir, std::string_view option);

/// Ok when `path` may be written under `policy`. Otherwise an error naming `path` and why: it is
/// one of the files read (saying which), it exists and `force` is off (naming the option), or it
/// is not a regular file (saying what it is: a symbolic link and its target, a FIFO, ...).
Status CheckWritePolicy(const std::filesystem::path& path, const WritePolicy& policy);

/// A file name (no directory) made from any text, e.g. a model's output name: bytes other than
/// [A-Za-z0-9._-] become '_', leading dots become '_' (no hidden files, no "." or ".."), at most
/// `max_length` bytes (a cut name ends in a hash of the whole text so that long names stay apart),
/// never empty.
std::string SafeFileName(std::string_view text, size_t max_length = 96);

/// Hands out distinct file names in one folder: SafeFileName(text) + `extension` (".npy"), with
/// "-2", "-3",
/// ... before the extension when a name was taken (compared ignoring case, so that two names
/// never land on one file on a case-insensitive file system either).
class UniqueFileNames {
 public:
  std::string Take(std::string_view text, std::string_view extension);

 private:
  std::set<std::string> taken_;  ///< lower-cased
};

}  // namespace onnxlens
