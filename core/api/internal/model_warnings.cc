// Model warnings.
#include "api/internal/model_warnings.h"

#include <onnx/defs/schema.h>

#include <map>
#include <set>

#include "common/strings.h"

namespace onnxlens::api {

namespace {

constexpr size_t kNamesListed = 5;

// Domains whose ops something defines: ONNX's schemas, ONNX Runtime's contrib ops (which our
// kernels and passes use), and the model's own functions.
bool KnownDomain(const std::string& domain, const ir::Model& model) {
  if (domain.empty() || domain == "ai.onnx") return true;
  if (domain == "com.microsoft" || domain == "com.microsoft.nchwc") return true;
  const auto& ranges = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
  if (ranges.count(domain)) return true;
  for (const std::string& f : model.function_names) {
    if (StartsWith(f, domain + ":")) return true;
  }
  return false;
}

std::string Listed(const std::vector<std::string>& names) {
  std::vector<std::string> shown;
  for (size_t i = 0; i < names.size() && i < kNamesListed; ++i) shown.push_back(Quote(names[i]));
  std::string s = Join(shown, ", ");
  if (names.size() > kNamesListed)
    s += " and " + std::to_string(names.size() - kNamesListed) + " more";
  return s;
}

std::string Where(const ir::Graph& g) {
  return g.parent_node()
             ? " of the subgraph " + Quote(g.name()) + " of " + g.parent_node()->Describe()
             : "";
}

}  // namespace

std::vector<std::string> ModelWarnings(const ir::Model& model) {
  std::vector<std::string> out;
  if (!model.graph) return out;
  const ir::Graph& main = *model.graph;
  if (main.outputs().empty())
    out.push_back("the graph has no outputs: running it computes nothing");

  const auto& ranges = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
  for (const ir::OpsetImport& o : model.opset_imports) {
    const std::string domain = o.domain == "ai.onnx" ? "" : o.domain;
    auto r = ranges.find(domain);
    if (r == ranges.end() || o.version <= r->second.second) continue;
    out.push_back("opset " + std::to_string(o.version) + " of " +
                  Quote(domain.empty() ? "ai.onnx" : domain) +
                  " is newer than the ONNX schemas onnxlens knows (up to " +
                  std::to_string(r->second.second) +
                  "): its nodes cannot be checked, and a session refuses them");
  }

  // Nodes by unknown domain, over every graph.
  std::map<std::string, std::set<std::string>> unknown;  // domain -> op types
  std::map<std::string, int64_t> unknown_nodes;
  main.ForEachGraph([&](const ir::Graph& g) {
    for (const ir::Node* n : g.nodes()) {
      if (KnownDomain(n->domain(), model)) continue;
      unknown[n->domain()].insert(n->op_type());
      ++unknown_nodes[n->domain()];
    }
  });
  for (const auto& [domain, ops] : unknown) {
    const int64_t count = unknown_nodes[domain];
    out.push_back("domain " + Quote(domain) + " is not one onnxlens knows (" +
                  std::to_string(count) + (count == 1 ? " node: " : " nodes: ") +
                  Listed({ops.begin(), ops.end()}) + "): no provider runs its ops");
  }

  main.ForEachGraph([&](const ir::Graph& g) {
    std::vector<std::string> inputs, initializers;
    for (const ir::Value* v : g.inputs()) {
      if (!v->is_initializer() && v->uses().empty() && !v->is_graph_output())
        inputs.push_back(v->name());
    }
    for (const ir::Value* v : g.initializers()) {
      if (v->uses().empty() && !v->is_graph_output()) initializers.push_back(v->name());
    }
    // Subgraph inputs are fixed by their op (a Loop body's iteration count); only the main
    // graph's are the user's to feed.
    if (!inputs.empty() && !g.parent_node()) {
      out.push_back(std::to_string(inputs.size()) +
                    (inputs.size() == 1 ? " input is read by no node: "
                                        : " inputs are read by "
                                          "no node: ") +
                    Listed(inputs) + " (it must still be fed)");
    }
    if (!initializers.empty()) {
      out.push_back(
          std::to_string(initializers.size()) +
          (initializers.size() == 1 ? " initializer" : " initializers") + Where(g) +
          (initializers.size() == 1 ? " is read by no node: " : " are read by no node: ") +
          Listed(initializers) + " (optimize removes unused initializers)");
    }
  });
  return out;
}

}  // namespace onnxlens::api
