// Convert (round trip).
#include "api/convert.h"

#include "onnx/model_io.h"

namespace onnxlens::api {

Expected<ConvertResult> ConvertModelFile(const std::filesystem::path& in,
                                         const std::filesystem::path& out,
                                         const ConvertOptions& options) {
  OL_ASSIGN_OR_RETURN(onnx_io::LoadedModel loaded, onnx_io::LoadModelFile(in));
  onnx_io::SaveOptions so;
  so.external_data = options.external_data;
  so.force = options.force;
  so.protected_paths.push_back(in);
  for (const auto& f : loaded.external_files) so.protected_paths.push_back(f);
  OL_RETURN_IF_ERROR(onnx_io::SaveModelFile(*loaded.model, out, so));

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
