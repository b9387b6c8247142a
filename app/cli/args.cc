// CLI argument parsing.
#include "cli/args.h"

#include <cstdlib>
#include <sstream>

#include "common/strings.h"

namespace onnxlens::cli {

Expected<Args> Args::Parse(const std::vector<std::string>& args, const std::set<std::string>& flags,
                           const std::set<std::string>& options) {
  Args out;
  bool only_positionals = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (only_positionals || a.size() < 2 || a[0] != '-') {
      out.positionals_.push_back(a);
      continue;
    }
    if (a == "--") {
      only_positionals = true;
      continue;
    }
    std::string key = a;
    std::optional<std::string> value;
    if (const auto eq = a.find('='); eq != std::string::npos) {
      key = a.substr(0, eq);
      value = a.substr(eq + 1);
    }
    if (flags.count(key)) {
      if (value) return InvalidArgument(key + " takes no value");
      out.flags_.insert(key);
    } else if (options.count(key)) {
      if (!value) {
        if (i + 1 >= args.size()) return InvalidArgument(key + " needs a value");
        value = args[++i];
      }
      out.options_[key] = *value;
    } else {
      return InvalidArgument("unknown option " + Quote(a));
    }
  }
  return out;
}

std::optional<std::string> Args::Get(const std::string& option) const {
  auto it = options_.find(option);
  if (it == options_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> SplitList(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

Expected<int> ParseInt(const std::string& flag, const std::string& value) {
  char* end = nullptr;
  const long long v = std::strtoll(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0')
    return InvalidArgument(flag + " needs a whole number, got '" + value + "'");
  if (v < -1000000000LL || v > 1000000000LL)
    return InvalidArgument(flag + " is out of range: '" + value + "'");
  return static_cast<int>(v);
}

Status ReadIntOption(const Args& args, const char* flag, int min, int* out) {
  auto v = args.Get(flag);
  if (!v) return Status::Ok();
  auto n = ParseInt(flag, *v);
  if (!n.ok() || *n < min)
    return InvalidArgument(std::string(flag) + " needs a whole number >= " + std::to_string(min) +
                           ", got '" + *v + "'");
  *out = *n;
  return Status::Ok();
}

}  // namespace onnxlens::cli
