// String helpers.
#include "common/strings.h"

#include <map>

#include <cstdio>

namespace onnxlens {

std::string Quote(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '\'';
  out += s;
  out += '\'';
  return out;
}

std::string FormatFloat(float v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.9g", static_cast<double>(v));
  return buf;
}

std::string FormatDouble(double v) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%.17g", v);
  return buf;
}

std::string FormatBytes(uint64_t bytes) {
  static const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  int unit = 0;
  while (v >= 1024.0 && unit < 4) {
    v /= 1024.0;
    ++unit;
  }
  char buf[32];
  if (unit == 0) {
    std::snprintf(buf, sizeof(buf), "%llu B", static_cast<unsigned long long>(bytes));
  } else {
    std::snprintf(buf, sizeof(buf), "%.1f %s", v, kUnits[unit]);
  }
  return buf;
}

std::string FormatFixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

std::string EscapeMarkup(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  const auto replacement = "\xEF\xBF\xBD";
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      switch (c) {
        case '&':
          out += "&amp;";
          break;
        case '<':
          out += "&lt;";
          break;
        case '>':
          out += "&gt;";
          break;
        case '"':
          out += "&quot;";
          break;
        case '\'':
          out += "&apos;";
          break;
        case '\t':
        case '\n':
        case '\r':
          out += static_cast<char>(c);
          break;
        default:
          out += c < 0x20 || c == 0x7f ? replacement : std::string(1, static_cast<char>(c));
      }
      ++i;
      continue;
    }
    // A UTF-8 sequence: its length from the lead byte, then continuation bytes, no overlong or
    // surrogate forms, at most U+10FFFF.
    const int len = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0;
    bool ok = len > 0 && i + len <= s.size();
    uint32_t cp = len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
    for (int k = 1; ok && k < len; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      ok = (b & 0xC0) == 0x80;
      cp = (cp << 6) | (b & 0x3F);
    }
    if (ok) {
      ok = !(len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF) || cp >= 0xFFFE)) &&
           !(len == 4 && (cp < 0x10000 || cp > 0x10FFFF));
    }
    if (ok) {
      out.append(s.substr(i, len));
      i += len;
    } else {
      out += replacement;
      ++i;
    }
  }
  return out;
}

std::string EscapeString(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\x%02x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
}

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

namespace {

// Characters, not bytes (UTF-8 continuation bytes do not count).
size_t Chars(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// The first / last `n` characters of `s`.
std::string HeadChars(const std::string& s, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
    if (k == n) return s.substr(0, i);
    ++k;
  }
  return s;
}
std::string TailChars(const std::string& s, size_t n) {
  size_t i = s.size();
  for (size_t k = 0; i > 0 && k < n;) {
    --i;
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++k;
  }
  return s.substr(i);
}

}  // namespace

std::vector<std::string> DistinctShortNames(const std::vector<std::string>& names, size_t max) {
  const size_t n = names.size();
  std::vector<std::vector<std::string>> parts(n);
  std::vector<size_t> kept(n);
  for (size_t i = 0; i < n; ++i) {
    for (std::string_view rest = names[i]; !rest.empty();) {
      const size_t slash = rest.find('/');
      const std::string_view part = rest.substr(0, slash);
      if (!part.empty()) parts[i].emplace_back(part);
      rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    }
    kept[i] = std::min<size_t>(2, parts[i].size());
  }
  auto tail = [&](size_t i) {
    if (parts[i].empty()) return names[i];
    std::string s;
    for (size_t k = parts[i].size() - kept[i]; k < parts[i].size(); ++k)
      s += (s.empty() ? "" : "/") + parts[i][k];
    return s;
  };
  // Labels that are equal take one more part from the left until they differ (or are whole).
  for (bool grew = true; grew;) {
    grew = false;
    std::map<std::string, std::vector<size_t>> by_label;
    for (size_t i = 0; i < n; ++i) by_label[tail(i)].push_back(i);
    for (const auto& [label, same] : by_label) {
      if (same.size() < 2) continue;
      for (size_t i : same) {
        if (kept[i] < parts[i].size()) {
          ++kept[i];
          grew = true;
        }
      }
    }
  }
  std::vector<std::string> out;
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    std::string s = tail(i);
    // Too long: the first part kept (the one that tells equal tails apart) and the last.
    if (Chars(s) > max && kept[i] >= 3)
      s = parts[i][parts[i].size() - kept[i]] + "/\u2026/" + parts[i].back();
    if (Chars(s) > max && max > 11) s = HeadChars(s, 10) + "\u2026" + TailChars(s, max - 11);
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace onnxlens
