// Convert: load a model and save it again from the IR (the round trip), optionally moving large
// initializers to an external data file.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "common/status.h"

namespace onnxlens::api {

struct ConvertOptions {
  bool external_data = false;
  /// Replace an existing OUT (and OUT.data); never the input model or its data files.
  bool force = false;
};

struct ConvertResult {
  std::string output;
  std::string external_data_file;  ///< empty without external data
  int64_t node_count = 0;
  bool checker_passed = false;  ///< the ONNX checker on the written file
  std::vector<std::string> warnings;
};

Expected<ConvertResult> ConvertModelFile(const std::filesystem::path& in,
                                         const std::filesystem::path& out,
                                         const ConvertOptions& options = {});

}  // namespace onnxlens::api
