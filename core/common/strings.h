// Small string helpers shared by core libraries (joining, quoting, number formatting).
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace onnxlens {

/// Joins the items of a container with `sep`, formatting each with operator<<.
template <typename Container>
std::string Join(const Container& items, std::string_view sep) {
  std::ostringstream os;
  bool first = true;
  for (const auto& item : items) {
    if (!first) os << sep;
    os << item;
    first = false;
  }
  return os.str();
}

/// 'name' with the name quoted, for error messages.
std::string Quote(std::string_view s);

/// A float formatted so that parsing it gives the same bits back ("%.9g").
std::string FormatFloat(float v);
std::string FormatDouble(double v);

/// "12.345" with `digits` after the point, trailing zeros (and a bare point) dropped: "1.5",
/// "10". For figures shown to people, not for round trips.
std::string FormatFixed(double v, int digits);

/// "12.3 MiB" style size.
std::string FormatBytes(uint64_t bytes);

/// Text for XML 1.0 and HTML (element text and quoted attribute values): & < > " ' as entities,
/// bytes that are not UTF-8 and the control characters XML forbids as U+FFFD (a model's names
/// are arbitrary bytes).
std::string EscapeMarkup(std::string_view s);

/// Chart labels for '/'-separated names (node and tensor names of exports): the last two parts
/// ("features.16/Add"), more parts where two labels would be equal ("layers.0/attention/self/
/// MatMul" beside "layers.1/..."), and when longer than `max` characters the first part kept and
/// the last ("layers.0/…/MatMul"), else cut in the middle. Names equal to the end stay equal.
std::vector<std::string> DistinctShortNames(const std::vector<std::string>& names, size_t max);

/// Escapes a string for the IR text form (quotes, backslashes, control characters).
std::string EscapeString(std::string_view s);

bool StartsWith(std::string_view s, std::string_view prefix);
bool EndsWith(std::string_view s, std::string_view suffix);

}  // namespace onnxlens
