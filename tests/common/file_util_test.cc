// Tests for whole-file reads, atomic writes, the writers' policy and safe file names.
#include "common/file_util.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <fstream>

#include "common/strings.h"
#include "test_paths.h"

namespace onnxlens {
namespace {

namespace fs = std::filesystem;

TEST(FileUtilTest, ReadFileRefusesFilesOverTheCap) {
  testing::TempDir dir;
  const fs::path p = dir.path() / "f.bin";
  std::ofstream(p) << "0123456789";
  EXPECT_EQ(*ReadFile(p, 100), "0123456789");
  auto r = ReadFile(p, 5);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("f.bin"), std::string::npos);
}

TEST(FileUtilTest, ReadFileNamesAMissingFile) {
  auto r = ReadFile("/nonexistent/dir/model.onnx", 100);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kNotFound);
  EXPECT_NE(r.status().message().find("model.onnx"), std::string::npos);
}

TEST(FileUtilTest, AFingerprintFollowsTheBytesAndNamesAFileItCannotRead) {
  testing::TempDir dir;
  const auto write = [&](const std::string& name, const std::string& bytes) {
    std::ofstream(dir.path() / name, std::ios::binary) << bytes;
    return dir.path() / name;
  };
  // Over a block of 1 MiB, so that the blocks are joined.
  std::string big(3 << 19, 'x');
  const auto a = write("a.onnx", big), b = write("b.onnx", big);
  big[big.size() - 1] = 'y';
  const auto c = write("c.onnx", big);
  auto fa = FileFingerprint(a), fb = FileFingerprint(b), fc = FileFingerprint(c);
  ASSERT_TRUE(fa.ok() && fb.ok() && fc.ok());
  EXPECT_EQ(*fa, *fb);  // the same bytes under another name
  EXPECT_NE(*fa, *fc);  // one byte changed
  EXPECT_EQ(fa->size(), 16u);
  EXPECT_EQ(*FileFingerprint(write("empty", "")), "cbf29ce484222325");  // FNV-1a's offset basis
  auto missing = FileFingerprint(dir.path() / "missing.onnx");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("missing.onnx"), std::string::npos);
  EXPECT_FALSE(FileFingerprint(dir.path()).ok());  // a folder
}

TEST(FileUtilTest, FailedAtomicWriteLeavesTheOldFileAndNoTemporary) {
  testing::TempDir dir;
  const fs::path p = dir.path() / "out.onnx";
  std::ofstream(p) << "original";
  Status st = WriteFileAtomically(p, [](std::FILE* f) {
    std::fputs("partial", f);
    return IoError("simulated failure");
  });
  EXPECT_FALSE(st.ok());
  EXPECT_EQ(*ReadFile(p, 100), "original");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(FileUtilTest, AtomicWriteReplacesTheFile) {
  testing::TempDir dir;
  const fs::path p = dir.path() / "out.onnx";
  std::ofstream(p) << "original";
  ASSERT_TRUE(WriteFileAtomically(p, [](std::FILE* f) {
                std::fputs("new", f);
                return Status::Ok();
              }).ok());
  EXPECT_EQ(*ReadFile(p, 100), "new");
}

Status WriteText(const fs::path& p, const char* text) {
  return WriteFileAtomically(p, [text](std::FILE* f) {
    std::fputs(text, f);
    return Status::Ok();
  });
}

mode_t Mode(const fs::path& p) {
  struct stat st {};
  EXPECT_EQ(::lstat(p.c_str(), &st), 0) << p;
  return st.st_mode & 07777;
}

size_t Entries(const fs::path& dir) {
  return static_cast<size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

TEST(FileUtilTest, AtomicWriteKeepsThePermissionsOfTheReplacedFile) {
  testing::TempDir dir;
  for (const mode_t mode : {0600, 0640, 0755}) {
    const fs::path p = dir.path() / ("secret-" + std::to_string(mode));
    std::ofstream(p) << "original";
    ASSERT_EQ(::chmod(p.c_str(), mode), 0);
    ASSERT_TRUE(WriteText(p, "new").ok());
    EXPECT_EQ(*ReadFile(p, 100), "new");
    EXPECT_EQ(Mode(p), mode) << std::oct << mode;
  }
}

TEST(FileUtilTest, ANewFileGetsTheUsualModeLessTheUmask) {
  testing::TempDir dir;
  const mode_t old = ::umask(027);
  const Status st = WriteText(dir.path() / "new.json", "{}");
  ::umask(old);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(Mode(dir.path() / "new.json"), 0640u);
}

TEST(FileUtilTest, AtomicWriteRefusesASymlinkAndLeavesItAndItsTarget) {
  testing::TempDir dir;
  const fs::path target = dir.path() / "target.txt";
  const fs::path link = dir.path() / "out.json";
  std::ofstream(target) << "keep me";
  fs::create_symlink(target, link);
  const Status st = WriteText(link, "new");
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("out.json"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("a symbolic link to '" + target.string() + "'"), std::string::npos)
      << st.message();
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(*ReadFile(target, 100), "keep me");
  EXPECT_EQ(Entries(dir.path()), 2u) << "no temporary file left";
}

TEST(FileUtilTest, AtomicWriteRefusesAFifoAndADirectorySayingWhatTheyAre) {
  testing::TempDir dir;
  const fs::path fifo = dir.path() / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const Status on_fifo = WriteText(fifo, "x");
  ASSERT_FALSE(on_fifo.ok());
  EXPECT_NE(on_fifo.message().find("a FIFO"), std::string::npos) << on_fifo.message();
  const Status on_dir = WriteText(dir.path(), "x");
  ASSERT_FALSE(on_dir.ok());
  EXPECT_NE(on_dir.message().find("a directory"), std::string::npos) << on_dir.message();
  EXPECT_EQ(Entries(dir.path()), 1u);
}

TEST(FileUtilTest, AFailedRenameReportsTheRenamesErrnoNotSuccess) {
  testing::TempDir dir;
  const fs::path p = dir.path() / "out.bin";
  // While the temporary file is written, a non-empty directory takes the target's name: the
  // rename fails with EISDIR, and the cleanup after it succeeds (and would reset errno).
  const Status st = WriteFileAtomically(p, [&](std::FILE* f) {
    fs::create_directory(p);
    std::ofstream(p / "inside") << "x";
    std::fputs("data", f);
    return Status::Ok();
  });
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("cannot rename"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find(std::strerror(EISDIR)), std::string::npos) << st.message();
  EXPECT_EQ(st.message().find("Success"), std::string::npos) << st.message();
  EXPECT_EQ(Entries(dir.path()), 1u) << "the temporary file is removed";
}

TEST(FileUtilTest, WritePolicyNeverReplacesAFileThatWasReadEvenWithForce) {
  testing::TempDir dir;
  const fs::path model = dir.path() / "model.onnx";
  std::ofstream(model) << "model";
  const fs::path hard_link = dir.path() / "same.onnx";
  fs::create_hard_link(model, hard_link);
  WritePolicy policy;
  policy.read = {{model, "the model"}};
  policy.force = true;
  for (const fs::path& p : {model, hard_link}) {
    const Status st = CheckWritePolicy(p, policy);
    ASSERT_FALSE(st.ok()) << p;
    EXPECT_NE(st.message().find("refusing to overwrite " + Quote(p.string()) +
                                ": it is the model this command reads"),
              std::string::npos)
        << st.message();
  }
}

TEST(FileUtilTest, WritePolicyNeverReplacesAFileOfAFolderThatWasReadNorALinkToIt) {
  testing::TempDir dir;
  const fs::path data = dir.path() / "data";
  fs::create_directories(data / "test_data_set_0");
  const fs::path top = data / "input_0.pb", nested = data / "test_data_set_0" / "input_0.pb";
  std::ofstream(top) << "top";
  std::ofstream(nested) << "nested";
  const fs::path hard_link = dir.path() / "hard.pb", other = dir.path() / "other.pb";
  fs::create_hard_link(nested, hard_link);
  std::ofstream(other) << "other";
  WritePolicy policy;
  policy.force = true;
  AddInputFolder(&policy, data, "--calib");
  AddInputFolder(&policy, {}, "--eval");  // not given: nothing
  for (const fs::path& p : {top, nested, hard_link}) {
    const Status st = CheckWritePolicy(p, policy);
    ASSERT_FALSE(st.ok()) << p;
    EXPECT_EQ(st.message(), "refusing to overwrite " + Quote(p.string()) +
                                ": it is an input in --calib " + Quote(data.string()) +
                                " this command reads (also with --force); write to another file");
  }
  EXPECT_TRUE(CheckWritePolicy(other, policy).ok()) << "a file not read is replaced with --force";
  EXPECT_TRUE(CheckWritePolicy(data / "new.pb", policy).ok()) << "a new file inside is written";
}

TEST(FileUtilTest, WritePolicyReplacesAnExistingFileOnlyWithForceNamingTheOption) {
  testing::TempDir dir;
  const fs::path out = dir.path() / "trace.json";
  WritePolicy policy;
  policy.force_option = "--force";
  EXPECT_TRUE(CheckWritePolicy(out, policy).ok()) << "a new file needs no --force";
  std::ofstream(out) << "{}";
  const Status st = CheckWritePolicy(out, policy);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.message(), "refusing to replace " + Quote(out.string()) +
                              ": the file exists (pass --force to replace it)");
  policy.force = true;
  EXPECT_TRUE(CheckWritePolicy(out, policy).ok());
  fs::create_symlink(out, dir.path() / "link.json");
  const Status link = CheckWritePolicy(dir.path() / "link.json", policy);
  ASSERT_FALSE(link.ok()) << "a link is refused also with --force";
  EXPECT_NE(link.message().find("a symbolic link"), std::string::npos) << link.message();
}

TEST(FileUtilTest, SafeFileNameKeepsAPlainNameAndDefusesPathsAndHiddenNames) {
  EXPECT_EQ(SafeFileName("logits_1.out-2"), "logits_1.out-2");
  EXPECT_EQ(SafeFileName("../x"), "___x");
  EXPECT_EQ(SafeFileName("/etc/passwd"), "_etc_passwd");
  EXPECT_EQ(SafeFileName(".."), "__");
  EXPECT_EQ(SafeFileName(".bashrc"), "_bashrc");
  EXPECT_EQ(SafeFileName("a\\b:c d\n"), "a_b_c_d_");
  EXPECT_EQ(SafeFileName(""), "_");
  EXPECT_EQ(SafeFileName("\xc3\xbc"), "__");  // UTF-8 bytes each become '_'
}

TEST(FileUtilTest, SafeFileNameBoundsTheLengthAndKeepsLongNamesApart) {
  const std::string a(300, 'a'), b = std::string(299, 'a') + "b";
  EXPECT_EQ(SafeFileName(a).size(), 96u);
  EXPECT_EQ(SafeFileName(a, 40).size(), 40u);
  EXPECT_NE(SafeFileName(a), SafeFileName(b));
  EXPECT_EQ(SafeFileName(a), SafeFileName(a));
}

TEST(FileUtilTest, UniqueFileNamesNeverHandsOutOneNameTwice) {
  UniqueFileNames names;
  EXPECT_EQ(names.Take("a/b", ".npy"), "a_b.npy");
  EXPECT_EQ(names.Take("a_b", ".npy"), "a_b-2.npy");
  EXPECT_EQ(names.Take("a:b", ".npy"), "a_b-3.npy");
  EXPECT_EQ(names.Take("Y", ".npy"), "Y.npy");
  EXPECT_EQ(names.Take("y", ".npy"), "y-2.npy") << "case-insensitive file systems";
  EXPECT_EQ(names.Take("a_b", ".pb"), "a_b.pb");
}

}  // namespace
}  // namespace onnxlens
