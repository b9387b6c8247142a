// A small command-line parser for the CLI verbs: flags, options with values, positionals.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/status.h"

namespace onnxlens::cli {

/// Parses `args` (the words after the verb). `flags` take no value, `options` take one
/// ("--out X" or "--out=X"). Unknown "--words" are an error naming them.
/// "a,b,,c" -> {"a", "b", "c"}.
std::vector<std::string> SplitList(const std::string& s);
/// A whole number for `flag`, or an error naming the flag and the text.
Expected<int> ParseInt(const std::string& flag, const std::string& value);

class Args;

/// Reads option `flag` of `args` into `out` when it is given: a whole number >= `min`, else an
/// error naming the flag. `out` is left alone when the option is absent.
Status ReadIntOption(const Args& args, const char* flag, int min, int* out);

class Args {
 public:
  static Expected<Args> Parse(const std::vector<std::string>& args,
                              const std::set<std::string>& flags,
                              const std::set<std::string>& options);

  bool Has(const std::string& flag) const { return flags_.count(flag) > 0; }
  std::optional<std::string> Get(const std::string& option) const;
  const std::vector<std::string>& positionals() const { return positionals_; }

 private:
  std::set<std::string> flags_;
  std::map<std::string, std::string> options_;
  std::vector<std::string> positionals_;
};

}  // namespace onnxlens::cli
