// Internal to core/api (optimize.cc, optimize_trace.cc): the pass manager's options from the
// names a request uses. Views use optimize.h and optimize_trace.h.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "passes/pass_manager.h"

namespace onnxlens::api {

/// `level` as ParseLevel reads it, `format` "ort" or "standard", passes to leave out, and the
/// provider order the optimized model is for (it decides the NCHWc rewrite of level `layout`).
Expected<passes::OptimizeOptions> OptimizeOptionsFor(const std::string& level,
                                                     const std::string& format,
                                                     const std::vector<std::string>& disabled,
                                                     const std::vector<std::string>& providers);

}  // namespace onnxlens::api
