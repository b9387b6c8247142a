// Loading and saving .onnx files: parse, ONNX checker, shape inference, external data, import;
// export with optional external data, written atomically (temp file + rename).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/progress.h"
#include "common/status.h"
#include "ir/model.h"

namespace onnxlens::onnx_io {

struct LoadOptions {
  /// The most external data (all side files together) the model may read, checked before each
  /// read; more is an error naming the tensor (onnx_io::kDefaultMaxExternalBytes, 64 GiB).
  uint64_t max_external_bytes = uint64_t{64} << 30;
  bool run_checker = true;
  bool infer_shapes = true;
  /// Values for the graph inputs' free dimensions, set before checking and shape inference (so
  /// shapes inside the graph become static), as ONNX Runtime's free-dimension overrides: a
  /// dim_param name ("batch") -> value for every input axis of that name, or "INPUT:AXIS" -> value
  /// for one axis. A name the model does not have is an error listing the names it has.
  std::map<std::string, int64_t> dim_overrides;
};

struct LoadedModel {
  std::unique_ptr<ir::Model> model;
  std::string path;
  uint64_t file_bytes = 0;
  /// Checker and shape-inference findings and importer notes; the model is usable regardless.
  std::vector<std::string> warnings;
  bool checker_passed = false;
  bool shape_inference_complete = false;
  /// The external data files the model read (canonical paths).
  std::vector<std::filesystem::path> external_files;
  double load_seconds = 0;
};

/// Loads a model file. Errors start with the file name and say what is wrong and where.
/// `job` gets the stages (reading, parsing, checking, inferring shapes, building the graph); its
/// token is checked between stages and between external tensors (a cancel ends with kCancelled).
Expected<LoadedModel> LoadModelFile(const std::filesystem::path& path,
                                    const LoadOptions& options = {}, const JobControl& job = {});

/// Keeps the last model LoadModelFile read (files up to 64 MiB) and hands out clones of it while
/// the file's bytes, the options and its external data files are unchanged: a program that loads
/// one file many times (the GUI) skips parsing, checking and shape inference. Files loaded before
/// it (the last eight) are found too while something else still holds their model (the cache
/// itself does not keep them alive). A file is known by its size and two 64-bit hashes of its
/// bytes; the bytes are not kept. Off by default; turning it off drops the kept model.
void SetLoadCacheEnabled(bool on);

/// LoadModelFile for a reader that never changes the model: with the load cache on, the kept
/// model itself (no copy); without it, a fresh load. `meta`, when given, receives the rest of
/// the load (path, warnings, checker and shape-inference results; its model is null).
Expected<std::shared_ptr<const ir::Model>> LoadSharedModelFile(const std::filesystem::path& path,
                                                               const LoadOptions& options = {},
                                                               const JobControl& job = {},
                                                               LoadedModel* meta = nullptr);

/// Loads a model from bytes already in memory; external data is looked up in `model_dir`.
Expected<LoadedModel> LoadModelFromBytes(std::string_view bytes,
                                         const std::filesystem::path& model_dir,
                                         const std::string& display_name,
                                         const LoadOptions& options = {},
                                         const JobControl& job = {});

struct SaveOptions {
  bool external_data = false;
  /// With external_data: initializers of at least this many bytes go to the side file.
  uint64_t external_threshold = 1024;
  /// See ExportOptions::intermediate_value_info.
  bool intermediate_value_info = true;
  /// Files that must never be replaced (the opened model, its data files) unless `force`.
  std::vector<std::filesystem::path> protected_paths;
  bool force = false;
};

/// The side file name used with external data: "<model file name>.data".
std::filesystem::path ExternalDataPathFor(const std::filesystem::path& model_path);

/// Saves atomically. Fails (and writes nothing) when the target is protected, or when the model
/// needs more than 2 GiB without external data. The file names onnxlens (this build's version) as
/// its producer; the source's producer, when another, is kept in the metadata property
/// kSourceProducerKey.
constexpr const char* kSourceProducerKey = "onnxlens.source_producer";
Status SaveModelFile(const ir::Model& model, const std::filesystem::path& path,
                     const SaveOptions& options = {});

/// Runs the ONNX checker on a saved file; ok or the checker's message.
Status CheckModelFile(const std::filesystem::path& path);

}  // namespace onnxlens::onnx_io
