// The CLI's JSON on stdout: one function, so that every verb prints what a model holds the same
// way.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli/commands.h"

namespace onnxlens::cli {

void PrintJson(const nlohmann::json& j) {
  // Names come from model files and need not be UTF-8; JSON must be. Invalid bytes become U+FFFD
  // (nlohmann's default throws type_error 316, which reached main as an internal error).
  const std::string text = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  std::printf("%s\n", text.c_str());
}

}  // namespace onnxlens::cli
