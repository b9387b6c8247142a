// What `check` prints and writes: text lines, onnxlens.check/1 JSON and JUnit XML (see check.h).
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "api/check.h"
#include "api/input_spec.h"
#include "common/strings.h"

namespace onnxlens::api {

namespace {

std::string Seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

std::string Hostname() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0 || buf[0] == '\0') return "localhost";
  return buf;
}

// "2026-11-29T10:15:00" (local time, no zone: the JUnit schema's xs:dateTime pattern).
std::string Timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  return buf;
}

// What a gate says in one line: "P50 12.4 ms over 30 runs; limit <= 10 ms".
std::string Summary(const GateResult& g) {
  if (!g.error.empty()) return "could not be measured: " + g.error;
  return g.measured + "; gate: " + g.limit;
}

}  // namespace

std::string FormatCheckReport(const CheckReport& r) {
  std::string out = r.model;
  if (!r.level.empty()) {
    out += "  (timed at level " + r.level + ", " + std::to_string(r.threads) + " thread(s), " +
           r.cpu_isa + (r.dims.empty() ? "" : ", " + FormatDimOverrides(r.dims)) + ")";
  }
  out += "\n";
  size_t width = 0;
  for (const GateResult& g : r.gates) width = std::max(width, g.name.size());
  for (const GateResult& g : r.gates) {
    out += std::string(g.passed           ? "PASS  "
                       : !g.error.empty() ? "ERROR "
                                          : "FAIL  ") +
           g.name + std::string(width - g.name.size() + 2, ' ') + Summary(g) + "\n";
    for (const std::string& d : g.details) out += std::string(width + 8, ' ') + d + "\n";
  }
  const int failed = r.failed();
  out += failed == 0 ? "check passed: " + std::to_string(r.gates.size()) + " gate(s) hold\n"
                     : "check failed: " + std::to_string(failed) + " of " +
                           std::to_string(r.gates.size()) + " gate(s)\n";
  return out;
}

nlohmann::json ToJson(const CheckReport& r) {
  nlohmann::json j;
  j["schema"] = "onnxlens.check/1";
  j["model"] = r.model;
  j["passed"] = r.passed();
  j["failed"] = r.failed();
  if (!r.level.empty()) {
    j["timed"] = {{"level", r.level},
                  {"threads", r.threads},
                  {"cpu_isa", r.cpu_isa},
                  {"runs", r.runs},
                  {"dims", r.dims}};
  }
  j["gates"] = nlohmann::json::array();
  for (const GateResult& g : r.gates) {
    nlohmann::json x = {{"gate", g.name},     {"limit", g.limit},     {"measured", g.measured},
                        {"passed", g.passed}, {"details", g.details}, {"seconds", g.seconds}};
    x["value"] = std::isfinite(g.value) ? nlohmann::json(g.value) : nlohmann::json();
    if (!g.error.empty()) x["error"] = g.error;
    j["gates"].push_back(std::move(x));
  }
  return j;
}

std::string CheckJUnitXml(const CheckReport& r) {
  int failures = 0, errors = 0;
  double total = 0;
  for (const GateResult& g : r.gates) {
    if (!g.passed) (g.error.empty() ? failures : errors)++;
    total += g.seconds;
  }
  const std::string tests = std::to_string(r.gates.size());
  const std::string counts = " tests=\"" + tests + "\" failures=\"" + std::to_string(failures) +
                             "\" errors=\"" + std::to_string(errors) + "\" time=\"" +
                             Seconds(total) + "\"";
  const std::string file = std::filesystem::path(r.model).filename().string();
  std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  x += "<testsuites>\n";
  x += "  <testsuite name=\"onnxlens check\" package=\"onnxlens\" id=\"0\" timestamp=\"" +
       Timestamp() + "\" hostname=\"" + EscapeMarkup(Hostname()) + "\"" + counts + ">\n";
  x += "    <properties>\n";
  auto property = [&](const std::string& name, const std::string& value) {
    x += "      <property name=\"" + EscapeMarkup(name) + "\" value=\"" + EscapeMarkup(value) +
         "\"/>\n";
  };
  property("model", r.model);
  if (!r.level.empty()) {
    property("level", r.level);
    property("threads", std::to_string(r.threads));
    property("cpu_isa", r.cpu_isa);
    property("runs", std::to_string(r.runs));
    if (!r.dims.empty()) property("dims", FormatDimOverrides(r.dims));
  }
  for (const GateResult& g : r.gates) {
    if (std::isfinite(g.value)) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.6g", g.value);
      property(g.name, buf);
    }
  }
  x += "    </properties>\n";
  std::string out;
  for (const GateResult& g : r.gates) {
    x += "    <testcase name=\"" + EscapeMarkup(g.name) + "\" classname=\"" + EscapeMarkup(file) +
         "\" time=\"" + Seconds(g.seconds) + "\"";
    const std::string text = Join(g.details, "\n");
    if (g.passed) {
      x += "/>\n";
    } else {
      const char* tag = g.error.empty() ? "failure" : "error";
      x += ">\n      <" + std::string(tag) + " message=\"" +
           EscapeMarkup(g.name + ": " + Summary(g)) + "\" type=\"" +
           (g.error.empty() ? "GateFailed" : "NotMeasured") + "\">" + EscapeMarkup(text) + "</" +
           tag + ">\n    </testcase>\n";
    }
    out += (g.passed          ? "PASS "
            : g.error.empty() ? "FAIL "
                              : "ERROR ") +
           g.name + ": " + Summary(g) + "\n";
    for (const std::string& d : g.details) out += "  " + d + "\n";
  }
  x += "    <system-out>" + EscapeMarkup(out) + "</system-out>\n";
  x += "    <system-err></system-err>\n";
  x += "  </testsuite>\n</testsuites>\n";
  return x;
}

}  // namespace onnxlens::api
