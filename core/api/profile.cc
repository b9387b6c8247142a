// Profile a model file.
#include "api/profile.h"

#include "api/run.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "profiling/profiler.h"
#include "runtime/session.h"

namespace onnxlens::api {

Expected<ProfileResult> ProfileModelFile(const std::filesystem::path& path,
                                         const ProfileOptions& options) {
  if (options.runs < 1) return InvalidArgument("--runs must be at least 1");
  auto profiler = std::make_shared<profiling::Profiler>();
  const double load_start = profiler->NowUs();
  OL_ASSIGN_OR_RETURN(onnx_io::LoadedModel loaded, onnx_io::LoadModelFile(path));
  profiler->AddComplete("model_loading_uri", "Session", load_start, profiler->NowUs(),
                        {{"uri", path.string(), false}});
  std::shared_ptr<const ir::Model> model(std::move(loaded.model));
  runtime::SessionOptions so;
  so.optimization_level = options.level;
  so.intra_op_threads = options.threads;
  so.providers = options.providers;
  so.enable_profiling = true;
  so.profiler = profiler;
  OL_ASSIGN_OR_RETURN(auto session, runtime::Session::Create(model, so));
  OL_ASSIGN_OR_RETURN(auto inputs, MakeInputs(*session, options.inputs_dir, options.seed));
  for (int i = 0; i < options.runs; ++i) OL_RETURN_IF_ERROR(session->Run(inputs).status());
  ProfileResult result;
  result.events = profiler->Events();
  result.metadata = {{"model", path.string()},
                     {"level", options.level},
                     {"threads", std::to_string(session->threads())},
                     {"runs", std::to_string(options.runs)}};
  result.summary = profiling::Summarize(result.events);
  return result;
}

}  // namespace onnxlens::api
