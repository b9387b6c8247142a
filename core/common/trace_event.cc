// TraceEvent's argument lookup.
#include "common/trace_event.h"

namespace onnxlens::profiling {

const std::string& TraceEvent::Arg(const std::string& key) const {
  static const std::string kEmpty;
  for (const TraceArg& a : args) {
    if (a.key == key) return a.value;
  }
  return kEmpty;
}

}  // namespace onnxlens::profiling
