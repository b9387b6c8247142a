// Find in a graph.
#include "api/graph_find.h"

#include <algorithm>
#include <cctype>
#include <regex>

namespace onnxlens::api {

namespace {

struct Term {
  enum Kind { kSubstring, kExact, kRegex } kind = kSubstring;
  std::string text;  ///< lower-cased for substring / exact
  std::regex re;
};

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// "×" (U+00D7) as "x", so that 1x3x224x224 finds 1×3×224×224.
std::string Ascii(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (static_cast<unsigned char>(s[i]) == 0xC3 && i + 1 < s.size() &&
        static_cast<unsigned char>(s[i + 1]) == 0x97) {
      out += 'x';
      ++i;
    } else {
      out += s[i];
    }
  }
  return out;
}

Expected<std::vector<Term>> Parse(const std::string& q) {
  std::vector<Term> terms;
  size_t i = 0;
  while (i < q.size()) {
    if (std::isspace(static_cast<unsigned char>(q[i]))) {
      ++i;
      continue;
    }
    Term t;
    if (q[i] == '"' || q[i] == '/') {
      const char close = q[i];
      const size_t end = q.find(close, i + 1);
      if (end == std::string::npos) {
        if (close == '/')
          return InvalidArgument("the regular expression " + q.substr(i) + " has no closing /");
        t.kind = Term::kExact;
        t.text = Lower(Ascii(q.substr(i + 1)));
        i = q.size();
      } else {
        const std::string body = q.substr(i + 1, end - i - 1);
        i = end + 1;
        if (close == '"') {
          t.kind = Term::kExact;
          t.text = Lower(Ascii(body));
        } else {
          t.kind = Term::kRegex;
          try {
            t.re = std::regex(body, std::regex::ECMAScript | std::regex::icase);
          } catch (const std::regex_error& e) {
            return InvalidArgument("/" + body + "/ is not a valid regular expression: " + e.what());
          }
        }
      }
    } else {
      size_t end = i;
      while (end < q.size() && !std::isspace(static_cast<unsigned char>(q[end]))) ++end;
      t.text = Lower(Ascii(q.substr(i, end - i)));
      i = end;
    }
    if (t.kind == Term::kRegex || !t.text.empty()) terms.push_back(std::move(t));
  }
  return terms;
}

bool Matches(const Term& t, const std::vector<std::string>& fields) {
  for (const std::string& f : fields) {
    if (f.empty()) continue;
    if (t.kind == Term::kRegex) {
      if (std::regex_search(f, t.re) || std::regex_search(Ascii(f), t.re)) return true;
      continue;
    }
    const std::string lf = Lower(Ascii(f));
    if (t.kind == Term::kExact ? lf == t.text : lf.find(t.text) != std::string::npos) return true;
  }
  return false;
}

void AddValueFields(const SnapshotValue& v, std::vector<std::string>* fields) {
  fields->push_back(v.name);
  fields->push_back(v.dtype);
  fields->push_back(v.type);
  fields->push_back(v.shape_label);
}

bool All(const std::vector<Term>& terms, const std::vector<std::string>& fields) {
  for (const Term& t : terms) {
    if (!Matches(t, fields)) return false;
  }
  return true;
}

}  // namespace

Expected<std::vector<FindHit>> FindInGraph(const GraphSnapshot& snap, int graph,
                                           const std::string& query) {
  if (graph < 0 || graph >= static_cast<int>(snap.graphs.size()))
    return InvalidArgument("no graph " + std::to_string(graph));
  OL_ASSIGN_OR_RETURN(std::vector<Term> terms, Parse(query));
  std::vector<FindHit> hits;
  if (terms.empty()) return hits;
  const SnapshotGraph& g = snap.graphs[graph];
  auto value_hit = [&](int v) {
    std::vector<std::string> fields;
    AddValueFields(g.values[v], &fields);
    if (All(terms, fields)) hits.push_back({false, v});
  };
  for (int v : g.inputs) {
    if (!g.values[v].initializer) value_hit(v);
  }
  for (size_t n = 0; n < g.nodes.size(); ++n) {
    const SnapshotNode& node = g.nodes[n];
    std::vector<std::string> fields = {node.name, node.op_type, node.domain};
    for (int v : node.inputs) {
      if (v >= 0) AddValueFields(g.values[v], &fields);
    }
    for (int v : node.outputs) {
      if (v >= 0) AddValueFields(g.values[v], &fields);
    }
    if (All(terms, fields)) hits.push_back({true, static_cast<int>(n)});
  }
  for (int v : g.outputs) value_hit(v);
  return hits;
}

}  // namespace onnxlens::api
