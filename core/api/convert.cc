// Convert (round trip), and the model writers' policy convert and optimize share.
#include "api/convert.h"

#include "api/internal/writers.h"
#include "onnx/model_io.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

WritePolicy PolicyForModel(const fs::path& model, const onnx_io::LoadedModel& loaded, bool force) {
  WritePolicy policy;
  policy.force = force;
  policy.read.push_back({model, "the model"});
  for (const auto& f : loaded.external_files)
    policy.read.push_back({f, "external data of the model"});
  return policy;
}

Status SaveModelUnderPolicy(const ir::Model& model, const fs::path& out,
                            const onnx_io::SaveOptions& so, const WritePolicy& policy) {
  OL_RETURN_IF_ERROR(CheckWritePolicy(out, policy));
  if (so.external_data)
    OL_RETURN_IF_ERROR(CheckWritePolicy(onnx_io::ExternalDataPathFor(out), policy));
  return onnx_io::SaveModelFile(model, out, so);
}

Expected<ConvertResult> ConvertModelFile(const fs::path& in, const fs::path& out,
                                         const ConvertOptions& options) {
  OL_ASSIGN_OR_RETURN(onnx_io::LoadedModel loaded, onnx_io::LoadModelFile(in));
  onnx_io::SaveOptions so;
  so.external_data = options.external_data;
  OL_RETURN_IF_ERROR(
      SaveModelUnderPolicy(*loaded.model, out, so, PolicyForModel(in, loaded, options.force)));

  ConvertResult r;
  r.output = out.string();
  if (options.external_data) r.external_data_file = onnx_io::ExternalDataPathFor(out).string();
  r.node_count = static_cast<int64_t>(loaded.model->graph->num_nodes());
  const Status check = onnx_io::CheckModelFile(out);
  r.checker_passed = check.ok();
  if (!check.ok()) r.warnings.push_back(check.message());
  return r;
}

}  // namespace onnxlens::api
