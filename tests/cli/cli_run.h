// Running onnxlens-cli as a user does, for the CLI tests: exit code, stdout, stderr.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "test_paths.h"

namespace onnxlens {

struct CliRun {
  int exit_code;
  std::string out;
  std::string err;
};

inline CliRun RunCli(const std::string& args) {
  onnxlens::testing::TempDir tmp;
  const std::filesystem::path err = tmp.path() / "stderr.txt";
  const std::string cmd =
      std::string("'") + ONNXLENS_CLI + "' " + args + " 2>'" + err.string() + "'";
  CliRun r;
  std::FILE* p = popen(cmd.c_str(), "r");
  std::array<char, 4096> buf;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  const int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream e(err);
  std::stringstream ss;
  ss << e.rdbuf();
  r.err = ss.str();
  return r;
}

inline std::string Q(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

/// A file's bytes ("" when it cannot be read).
inline std::string ReadText(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// True when `text` contains `part`.
inline bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace onnxlens
