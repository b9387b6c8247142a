// CheckAsSession: a session made and dropped.
#include "api/internal/session_check.h"

#include <memory>

#include "runtime/session.h"

namespace onnxlens::api {

Status CheckAsSession(const ir::Model& model, const std::vector<std::string>& providers) {
  runtime::SessionOptions so;
  so.optimization_level = "disabled";
  so.intra_op_threads = 1;
  so.prepare_kernels = false;  // never run: no oneDNN primitives or reordered weights
  if (!providers.empty()) so.providers = providers;
  // A pointer that owns nothing: the session lives only in this call.
  const std::shared_ptr<const ir::Model> view(std::shared_ptr<const ir::Model>(), &model);
  return runtime::Session::Create(view, so).status();
}

}  // namespace onnxlens::api
