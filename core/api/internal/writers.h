// Internal to core/api (convert, optimize, run): the writers' rule applied to what a job loaded.
// Every writer builds a WritePolicy (common/file_util.h) from the files it read and checks each
// file before writing it.
#pragma once

#include <filesystem>
#include <vector>

#include "common/file_util.h"
#include "common/status.h"
#include "onnx/model_io.h"

namespace onnxlens::api {

/// The policy for a job that loaded `loaded` from `model`: the model file and every external data
/// file it read are never replaced; other existing files only with `force` ("--force").
WritePolicy PolicyForModel(const std::filesystem::path& model, const onnx_io::LoadedModel& loaded,
                           bool force);

/// Saves a model under `policy`: OUT (and OUT.data with `so.external_data`) checked with
/// CheckWritePolicy before anything is written.
Status SaveModelUnderPolicy(const ir::Model& model, const std::filesystem::path& out,
                            const onnx_io::SaveOptions& so, const WritePolicy& policy);

}  // namespace onnxlens::api
