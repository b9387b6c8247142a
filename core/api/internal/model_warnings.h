// What `info` and the GUI's summary warn about in a model they still open: no outputs, an opset
// newer than the ONNX schemas we know, nodes of a domain nobody defines, inputs and initializers
// no node reads. (Declared output types that disagree with inference: onnx/declared_outputs.h.)
#pragma once

#include <string>
#include <vector>

#include "ir/model.h"

namespace onnxlens::api {

std::vector<std::string> ModelWarnings(const ir::Model& model);

}  // namespace onnxlens::api
