// Internal to core/api (optimize, quantize): what `run` checks before it runs a model, for the
// commands that write one without running it.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "ir/model.h"

namespace onnxlens::api {

/// Ok when a session of `model` can be created as `run` creates one (the model as it is, not
/// optimized): every node at any depth validated against its schema and against its constant
/// inputs and known shapes, subgraphs in topological order, a kernel of `providers` (empty: the
/// default order) for every node, a plan for every graph. Otherwise the session's error, with
/// the message `run` prints. `model` is only read, and only during the call.
Status CheckAsSession(const ir::Model& model, const std::vector<std::string>& providers);

}  // namespace onnxlens::api
