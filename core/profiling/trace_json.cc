// Trace JSON via nlohmann::json.
#include "profiling/trace_json.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "common/file_util.h"
#include "common/strings.h"

namespace onnxlens::profiling {

namespace {

using Json = nlohmann::ordered_json;

// Nanosecond resolution is plenty and keeps the numbers short.
double Round(double us) { return std::round(us * 1000.0) / 1000.0; }

Json EventToJson(const TraceEvent& e) {
  Json j;
  j["name"] = e.name;
  if (!e.cat.empty()) j["cat"] = e.cat;
  j["ph"] = std::string(1, e.ph);
  j["ts"] = Round(e.ts_us);
  if (e.ph == 'X') j["dur"] = Round(e.dur_us);
  j["pid"] = e.pid;
  j["tid"] = e.tid;
  if (!e.args.empty()) {
    Json args = Json::object();
    for (const TraceArg& a : e.args) {
      if (a.json) {
        Json parsed = Json::parse(a.value, nullptr, /*allow_exceptions=*/false);
        args[a.key] = parsed.is_discarded() ? Json(a.value) : parsed;
      } else {
        args[a.key] = a.value;
      }
    }
    j["args"] = std::move(args);
  }
  return j;
}

constexpr size_t kMaxReasons = 5;

void Skip(Trace* t, size_t index, const std::string& why) {
  ++t->skipped;
  if (t->skipped_reasons.size() < kMaxReasons)
    t->skipped_reasons.push_back("event " + std::to_string(index) + ": " + why);
}

bool ReadNumber(const Json& j, const char* key, double* out) {
  auto it = j.find(key);
  if (it == j.end()) return false;
  if (it->is_number()) {
    *out = it->get<double>();
    return std::isfinite(*out);
  }
  if (it->is_string()) {  // some writers quote their ids
    char* end = nullptr;
    const std::string& s = it->get_ref<const std::string&>();
    *out = std::strtod(s.c_str(), &end);
    return !s.empty() && *end == '\0' && std::isfinite(*out);
  }
  return false;
}

}  // namespace

std::string TraceToJson(const std::vector<TraceEvent>& events, const TraceMetadata& metadata) {
  Json root;
  Json list = Json::array();
  for (const TraceEvent& e : events) list.push_back(EventToJson(e));
  root["traceEvents"] = std::move(list);
  root["displayTimeUnit"] = "ms";
  Json other = Json::object();
  other["producer"] = "onnxlens";
  for (const auto& [k, v] : metadata) other[k] = v;
  root["otherData"] = std::move(other);
  // One event per line: readable, diffable, and still one JSON document.
  std::string out = "{\"traceEvents\": [\n";
  for (size_t i = 0; i < root["traceEvents"].size(); ++i) {
    out += root["traceEvents"][i].dump();
    out += i + 1 < root["traceEvents"].size() ? ",\n" : "\n";
  }
  out += "],\n\"displayTimeUnit\": \"ms\",\n\"otherData\": " + root["otherData"].dump() + "}\n";
  return out;
}

Status WriteTraceFile(const std::filesystem::path& path, const std::vector<TraceEvent>& events,
                      const TraceMetadata& metadata) {
  const std::string text = TraceToJson(events, metadata);
  return WriteFileAtomically(path, [&](std::FILE* f) {
    if (std::fwrite(text.data(), 1, text.size(), f) != text.size())
      return IoError("cannot write " + Quote(path.string()));
    return Status::Ok();
  });
}

Expected<Trace> ParseTrace(const std::string& text, const std::string& source) {
  Json root = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded()) return InvalidArgument(source + ": not valid JSON");
  const Json* list = nullptr;
  Trace trace;
  if (root.is_array()) {
    list = &root;
  } else if (root.is_object() && root.contains("traceEvents") && root["traceEvents"].is_array()) {
    list = &root["traceEvents"];
    if (root.contains("otherData") && root["otherData"].is_object()) {
      for (const auto& [k, v] : root["otherData"].items())
        trace.metadata.emplace_back(k, v.is_string() ? v.get<std::string>() : v.dump());
    }
  } else {
    return InvalidArgument(source +
                           ": not a trace (expected an event array or an object with "
                           "\"traceEvents\")");
  }
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& j = (*list)[i];
    if (!j.is_object()) {
      Skip(&trace, i, "not an object");
      continue;
    }
    auto ph = j.find("ph");
    if (ph == j.end() || !ph->is_string() || ph->get_ref<const std::string&>().size() != 1) {
      Skip(&trace, i, "no phase (ph)");
      continue;
    }
    TraceEvent e;
    e.ph = ph->get_ref<const std::string&>()[0];
    if (e.ph != 'X' && e.ph != 'M' && e.ph != 'i' && e.ph != 'I') {
      Skip(&trace, i, "phase '" + std::string(1, e.ph) + "' is not read");
      continue;
    }
    if (j.contains("name") && j["name"].is_string()) e.name = j["name"].get<std::string>();
    if (j.contains("cat") && j["cat"].is_string()) e.cat = j["cat"].get<std::string>();
    double ts = 0, dur = 0, pid = 0, tid = 0;
    const bool need_ts = e.ph != 'M';
    if ((need_ts && !ReadNumber(j, "ts", &ts)) || !ReadNumber(j, "pid", &pid) ||
        !ReadNumber(j, "tid", &tid)) {
      Skip(&trace, i, Quote(e.name) + " lacks a numeric ts, pid or tid");
      continue;
    }
    if (e.ph == 'X' && (!ReadNumber(j, "dur", &dur) || dur < 0)) {
      Skip(&trace, i, Quote(e.name) + " has no duration >= 0");
      continue;
    }
    e.ts_us = ts;
    e.dur_us = dur;
    e.pid = static_cast<int64_t>(pid);
    e.tid = static_cast<int64_t>(tid);
    if (j.contains("args") && j["args"].is_object()) {
      for (const auto& [k, v] : j["args"].items()) {
        if (v.is_string())
          e.args.push_back({k, v.get<std::string>(), false});
        else
          e.args.push_back({k, v.dump(), true});
      }
    }
    trace.events.push_back(std::move(e));
  }
  return trace;
}

Expected<Trace> ReadTraceFile(const std::filesystem::path& path) {
  constexpr uint64_t kMaxBytes = uint64_t{2} << 30;
  OL_ASSIGN_OR_RETURN(std::string text, ReadFile(path, kMaxBytes));
  return ParseTrace(text, path.string());
}

}  // namespace onnxlens::profiling
