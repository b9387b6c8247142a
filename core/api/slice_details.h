// The facts of one trace event for the timeline's slice details: ONNX Runtime's (and our)
// kernel-event arguments made readable. Shapes such as [{"float":[1,3,224,224]},{"int64":[2]}]
// become "float[1×3×224×224], int64[2]"; byte counts are numbers the GUI formats in its locale.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/trace_event.h"

namespace onnxlens::api {

enum class SliceArgKind {
  kText,    ///< shown as it is
  kShapes,  ///< input_type_shape / output_type_shape, formatted
  kBytes,   ///< activation_size / parameter_size / output_size; `bytes` holds the number
  kNodes,   ///< origins: the nodes of the model as loaded a fused kernel was made from (`nodes`)
};

struct SliceArg {
  std::string key;    ///< the event's argument name
  std::string value;  ///< formatted (kShapes) or as written
  SliceArgKind kind = SliceArgKind::kText;
  int64_t bytes = 0;
  std::vector<std::string> nodes;
};

/// The "origins" argument of a kernel event (a JSON array of node labels), else empty.
std::vector<std::string> SliceOrigins(const profiling::TraceEvent& event);

/// The arguments of `event` in order, known ones formatted.
std::vector<SliceArg> DescribeSliceArgs(const profiling::TraceEvent& event);

/// "float[1×3×224×224], int64[2]" from ONNX Runtime's shape argument; nullopt when the text is
/// not that form (a list of one-key objects mapping an element type to a list of integers).
std::optional<std::string> FormatShapesArg(const std::string& json);

}  // namespace onnxlens::api
