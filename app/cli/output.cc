// What the verbs share about their output: JSON on stdout, and the writers' rule checked before a
// long job.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "common/file_util.h"

namespace onnxlens::cli {

void PrintJson(const nlohmann::json& j) {
  // Names come from model files and need not be UTF-8; JSON must be. Invalid bytes become U+FFFD
  // (nlohmann's default throws type_error 316, which reached main as an internal error).
  const std::string text = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  std::printf("%s\n", text.c_str());
}

bool OutputRefused(
    const std::string& model, const std::filesystem::path& output, bool force,
    const std::vector<std::pair<std::string, std::filesystem::path>>& input_folders) {
  WritePolicy policy;
  policy.read.push_back({model, "the model"});
  for (const auto& [option, dir] : input_folders) AddInputFolder(&policy, dir, option);
  policy.force = force;
  const Status st = CheckWritePolicy(output, policy);
  if (!st.ok()) PrintError(st.message());
  return !st.ok();
}

}  // namespace onnxlens::cli
