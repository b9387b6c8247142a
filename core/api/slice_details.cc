// Slice details.
#include "api/slice_details.h"

#include <charconv>
#include <nlohmann/json.hpp>

namespace onnxlens::api {

std::optional<std::string> FormatShapesArg(const std::string& json) {
  const nlohmann::json j = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (!j.is_array()) return std::nullopt;
  std::string out;
  for (const auto& item : j) {
    if (!item.is_object() || item.size() != 1) return std::nullopt;
    const auto entry = item.items().begin();
    const auto& dims = entry.value();
    if (!dims.is_array()) return std::nullopt;
    if (!out.empty()) out += ", ";
    out += entry.key() + "[";
    bool first = true;
    for (const auto& d : dims) {
      if (!d.is_number_integer()) return std::nullopt;
      if (!first) out += "×";
      out += std::to_string(d.get<int64_t>());
      first = false;
    }
    out += "]";
  }
  return out;
}

namespace {

std::vector<std::string> NamesArg(const std::string& json) {
  std::vector<std::string> out;
  const nlohmann::json j = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (!j.is_array()) return out;
  for (const auto& v : j) {
    if (!v.is_string()) return {};
    out.push_back(v.get<std::string>());
  }
  return out;
}

}  // namespace

std::vector<std::string> SliceOrigins(const profiling::TraceEvent& e) {
  for (const profiling::TraceArg& a : e.args)
    if (a.key == "origins") return NamesArg(a.value);
  return {};
}

std::vector<SliceArg> DescribeSliceArgs(const profiling::TraceEvent& e) {
  std::vector<SliceArg> out;
  for (const profiling::TraceArg& a : e.args) {
    SliceArg s;
    s.key = a.key;
    s.value = a.value;
    if (a.key == "input_type_shape" || a.key == "output_type_shape") {
      if (auto f = FormatShapesArg(a.value)) {
        s.value = *f;
        s.kind = SliceArgKind::kShapes;
      }
    } else if (a.key == "origins") {
      s.nodes = NamesArg(a.value);
      if (!s.nodes.empty()) s.kind = SliceArgKind::kNodes;
    } else if (a.key == "activation_size" || a.key == "parameter_size" || a.key == "output_size") {
      int64_t v = 0;
      const char* end = a.value.data() + a.value.size();
      auto [p, ec] = std::from_chars(a.value.data(), end, v);
      if (ec == std::errc() && p == end && v >= 0) {
        s.kind = SliceArgKind::kBytes;
        s.bytes = v;
      }
    }
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace onnxlens::api
