// Parsing and printing --dim and --range values.
#include "api/input_spec.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "common/strings.h"

namespace onnxlens::api {

namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Pieces of `text` split at any of `seps`, trimmed, empty ones dropped.
std::vector<std::string_view> SplitAny(std::string_view text, std::string_view seps) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || seps.find(text[i]) != std::string_view::npos) {
      const std::string_view piece = Trim(text.substr(start, i - start));
      if (!piece.empty()) out.push_back(piece);
      start = i + 1;
    }
  }
  return out;
}

bool ParseNumber(std::string_view s, double* out) {
  const std::string copy(Trim(s));
  if (copy.empty()) return false;
  char* end = nullptr;
  *out = std::strtod(copy.c_str(), &end);
  return end == copy.c_str() + copy.size() && std::isfinite(*out);
}

}  // namespace

Status ParseDimOverrides(std::string_view text, DimOverrides* dims) {
  // "sequence = 128" is one setting: spaces around '=' go first, then spaces separate settings.
  std::string joined;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == ' ' || text[i] == '\t') {
      size_t j = i;
      while (j < text.size() && (text[j] == ' ' || text[j] == '\t')) ++j;
      const bool by_eq =
          (j < text.size() && text[j] == '=') || (!joined.empty() && joined.back() == '=');
      if (!by_eq) joined += ' ';
      i = j - 1;
      continue;
    }
    joined += text[i];
  }
  for (std::string_view piece : SplitAny(joined, ",; ")) {
    const size_t eq = piece.rfind('=');
    if (eq == std::string_view::npos) {
      return InvalidArgument(Quote(piece) + ": expected NAME=VALUE (e.g. batch=1)");
    }
    const std::string name(Trim(piece.substr(0, eq)));
    const std::string_view value = Trim(piece.substr(eq + 1));
    int64_t v = 0;
    const auto r = std::from_chars(value.data(), value.data() + value.size(), v);
    if (name.empty()) return InvalidArgument(Quote(piece) + ": the name is empty");
    if (r.ec != std::errc() || r.ptr != value.data() + value.size() || v < 1) {
      return InvalidArgument(Quote(piece) + ": " + Quote(value) +
                             " is not a whole number of at least 1");
    }
    // `--dim batch=1 --dim batch=2` took the last silently; the same value twice is harmless.
    const auto [it, added] = dims->emplace(name, v);
    if (!added && it->second != v) {
      return InvalidArgument(Quote(name) + " is set twice, to " + std::to_string(it->second) +
                             " and " + std::to_string(v) + "; set it once");
    }
  }
  return Status::Ok();
}

std::string FormatDimOverrides(const DimOverrides& dims) {
  std::vector<std::string> parts;
  for (const auto& [name, value] : dims) parts.push_back(name + "=" + std::to_string(value));
  return Join(parts, ", ");
}

Status ParseRangeOverrides(std::string_view text, RangeOverrides* ranges) {
  for (std::string_view piece : SplitAny(text, ";")) {
    const size_t eq = piece.rfind('=');
    const std::string bad = Quote(piece) + ": ";
    if (eq == std::string_view::npos) return InvalidArgument(bad + "expected NAME=LO,HI");
    const std::string name(Trim(piece.substr(0, eq)));
    if (name.empty()) return InvalidArgument(bad + "the name is empty");
    const std::string_view bounds = piece.substr(eq + 1);
    const size_t comma = bounds.find(',');
    ValueRange r;
    if (comma == std::string_view::npos || !ParseNumber(bounds.substr(0, comma), &r.lo) ||
        !ParseNumber(bounds.substr(comma + 1), &r.hi)) {
      return InvalidArgument(bad + "expected NAME=LO,HI with two numbers (e.g. input_ids=0,999)");
    }
    if (r.lo > r.hi) return InvalidArgument(bad + "LO is larger than HI");
    const auto [it, added] = ranges->emplace(name, r);
    if (!added && !(it->second == r)) {
      return InvalidArgument(Quote(name) + " is set twice, to " + FormatDouble(it->second.lo) +
                             "," + FormatDouble(it->second.hi) + " and " + FormatDouble(r.lo) +
                             "," + FormatDouble(r.hi) + "; set it once");
    }
  }
  return Status::Ok();
}

std::string FormatRangeOverrides(const RangeOverrides& ranges) {
  std::vector<std::string> parts;
  for (const auto& [name, r] : ranges)
    parts.push_back(name + "=" + FormatDouble(r.lo) + "," + FormatDouble(r.hi));
  return Join(parts, "; ");
}

}  // namespace onnxlens::api
