// Find in a graph.
#include "api/graph_find.h"

#include <optional>

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

// Lower-cased, with "×" as "x", in a buffer reused from call to call: a search of a 50,000-node
// graph folds half a million fields, and two fresh strings for each were most of its time.
const std::string& Folded(const std::string& f) {
  thread_local std::string buf;
  buf.clear();
  for (size_t i = 0; i < f.size(); ++i) {
    const auto c = static_cast<unsigned char>(f[i]);
    if (c == 0xC3 && i + 1 < f.size() && static_cast<unsigned char>(f[i + 1]) == 0x97) {
      buf += 'x';
      ++i;
    } else {
      buf += static_cast<char>(std::tolower(c));
    }
  }
  return buf;
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
        t.text = Folded(q.substr(i + 1));
        i = q.size();
      } else {
        const std::string body = q.substr(i + 1, end - i - 1);
        i = end + 1;
        if (close == '"') {
          t.kind = Term::kExact;
          t.text = Folded(body);
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
      t.text = Folded(q.substr(i, end - i));
      i = end;
    }
    if (t.kind == Term::kRegex || !t.text.empty()) terms.push_back(std::move(t));
  }
  return terms;
}

// ASCII lower case by table: what std::tolower does to a byte in the C and UTF-8 locales, without
// its call per byte (a fifth of a 50,000-node search).
struct FindLowerTable {
  char c[256];
  FindLowerTable() {
    for (int i = 0; i < 256; ++i) c[i] = static_cast<char>(i >= 'A' && i <= 'Z' ? i + 32 : i);
  }
  char operator()(char x) const { return c[static_cast<unsigned char>(x)]; }
};
const FindLowerTable kLower;

// Folded(f) == text (exact) or contains text, compared byte by byte without folding f first
// (for fields without "×", whose folding changes their length).
bool FoldedMatch(const std::string& f, const std::string& text, bool exact) {
  const size_t n = text.size();
  if (exact && f.size() != n) return false;
  if (n > f.size()) return false;
  for (size_t i = 0; i + n <= f.size(); ++i) {
    size_t k = 0;
    while (k < n && kLower(f[i + k]) == text[k]) ++k;
    if (k == n) return true;
    if (exact) return false;
  }
  return false;
}

bool MatchesField(const Term& t, const std::string& f) {
  if (f.empty()) return false;
  if (t.kind == Term::kRegex)
    return std::regex_search(f, t.re) || std::regex_search(Ascii(f), t.re);
  if (f.find('\xC3') == std::string::npos) return FoldedMatch(f, t.text, t.kind == Term::kExact);
  const std::string& lf = Folded(f);
  return t.kind == Term::kExact ? lf == t.text : lf.find(t.text) != std::string::npos;
}

// A searchable field and what it is.
struct Field {
  const std::string* text;  ///< the snapshot's own string
  FindReason reason;
};

void AddValueFields(const SnapshotValue& v, int index, FindReason::Field name,
                    FindReason::Field type, std::vector<Field>* fields) {
  fields->push_back({&v.name, {name, index}});
  for (const std::string* t : {&v.dtype, &v.type, &v.shape_label})
    fields->push_back({t, {type, index}});
}

// Every term matches a field: the first field each matched, else nothing.
std::optional<std::vector<FindReason>> All(const std::vector<Term>& terms,
                                           const std::vector<Field>& fields) {
  std::vector<FindReason> reasons;
  for (const Term& t : terms) {
    const Field* hit = nullptr;
    for (const Field& f : fields) {
      if (MatchesField(t, *f.text)) {
        hit = &f;
        break;
      }
    }
    if (!hit) return std::nullopt;
    reasons.push_back(hit->reason);
  }
  return reasons;
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
  std::vector<Field> fields;  // reused from node to node
  auto value_hit = [&](int v) {
    fields.clear();
    AddValueFields(g.values[v], v, FindReason::kName, FindReason::kType, &fields);
    if (auto why = All(terms, fields))
      hits.push_back({false, v, g.values[v].initializer, std::move(*why)});
  };
  for (int v : g.inputs) {
    if (!g.values[v].initializer) value_hit(v);
  }
  // Weights (initializers, also those listed as graph inputs) as hits of their own.
  for (size_t v = 0; v < g.values.size(); ++v)
    if (g.values[v].initializer && !g.values[v].outer) value_hit(static_cast<int>(v));
  for (size_t n = 0; n < g.nodes.size(); ++n) {
    const SnapshotNode& node = g.nodes[n];
    fields.assign({{&node.name, {FindReason::kName, -1}},
                   {&node.op_type, {FindReason::kOpType, -1}},
                   {&node.domain, {FindReason::kDomain, -1}}});
    for (int v : node.inputs) {
      if (v >= 0)
        AddValueFields(g.values[v], v, FindReason::kInputName, FindReason::kInputType, &fields);
    }
    for (int v : node.outputs) {
      if (v >= 0)
        AddValueFields(g.values[v], v, FindReason::kOutputName, FindReason::kOutputType, &fields);
    }
    if (auto why = All(terms, fields))
      hits.push_back({true, static_cast<int>(n), false, std::move(*why)});
  }
  for (int v : g.outputs) value_hit(v);
  return hits;
}

}  // namespace onnxlens::api
