// Whether ONNX Runtime would load a model: every op is ONNX's at its node's opset or one ONNX
// Runtime's CPU provider registers beyond ONNX (its com.microsoft contrib ops, the NCHWc ops, and
// the ai.onnx ops it keeps past ONNX's schemas such as LayerNormalization before opset 17), and
// the ONNX checker passes once those ops are set aside. `check --ort-loadable` is this gate.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ir/model.h"

namespace onnxlens::onnx_io {

/// Whether ONNX Runtime's CPU provider registers `op_type` of `domain` ("" is ai.onnx) at
/// `opset` although ONNX (1.12, the schemas this build knows) has no schema for it there.
bool OrtRegistersBeyondOnnx(const std::string& domain, const std::string& op_type, int64_t opset);

/// Why ONNX Runtime would refuse `model` (empty: it would load it): nodes of unknown ops or custom
/// domains (naming the node, its op and domain), then the ONNX checker's first finding. At most
/// `max_findings` node findings.
std::vector<std::string> OrtLoadFindings(const ir::Model& model, size_t max_findings = 20);

}  // namespace onnxlens::onnx_io
