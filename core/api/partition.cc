// PartitionModelFile: load, optimize like a session, ask the providers; JSON and text forms.
#include "api/partition.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/strings.h"
#include "onnx/model_io.h"
#include "providers/partitioner.h"
#include "providers/provider_factory.h"
#include "runtime/session.h"

namespace onnxlens::api {

std::vector<std::string> ExecutionProviderNames() { return providers::KnownProviders(); }

namespace {

PartitionReport ReportOf(const providers::Partition& p, std::vector<std::string> order,
                         std::string model, std::string level) {
  PartitionReport r;
  r.model = std::move(model);
  r.level = std::move(level);
  for (const providers::NodePlacement& n : p.nodes) {
    NodePlacementInfo info{static_cast<int64_t>(n.node_id),
                           n.graph,
                           n.node,
                           n.op_type,
                           n.domain,
                           n.provider,
                           n.fallback,
                           {}};
    for (const providers::Declined& d : n.declined) {
      info.declined.push_back(
          {d.provider, std::string(kernels::DeclineReasonName(d.reason)), d.sentence});
    }
    r.nodes.push_back(std::move(info));
  }
  for (const std::string& name : order) {
    auto it = p.counts.find(name);
    r.counts.emplace_back(name, it == p.counts.end() ? 0 : it->second);
  }
  r.providers = std::move(order);
  r.unplaced = p.Unplaced();
  return r;
}

}  // namespace

Expected<PartitionReport> PartitionModelFile(const std::filesystem::path& path,
                                             const PartitionOptions& options,
                                             const JobControl& job) {
  OL_ASSIGN_OR_RETURN(std::vector<std::string> order,
                      providers::ResolveProviderOrder(options.providers));
  // Loading takes most of the time on big models (a 200,000-node chain: seconds), then the
  // optimization; the partition itself is one pass over the nodes.
  OL_ASSIGN_OR_RETURN(std::shared_ptr<const ir::Model> model,
                      onnx_io::LoadSharedModelFile(path, {}, job.Slice(0, 0.7)));
  if (!job.Report(Stage::kOptimizing, 0.7, options.level))
    return Cancelled("partitioning cancelled");
  OL_ASSIGN_OR_RETURN(model, runtime::PrepareModel(std::move(model), options.level, order));
  OL_ASSIGN_OR_RETURN(PartitionReport r,
                      PartitionLoadedModel(*model, order, options.level, job.Slice(0.9, 1)));
  r.model = path.filename().string();
  return r;
}

Expected<PartitionReport> PartitionLoadedModel(const ir::Model& model,
                                               const std::vector<std::string>& providers,
                                               const std::string& level, const JobControl& job) {
  OL_ASSIGN_OR_RETURN(std::vector<std::string> order, providers::ResolveProviderOrder(providers));
  if (!job.Report(Stage::kPartitioning, 0)) return Cancelled("partitioning cancelled");
  OL_ASSIGN_OR_RETURN(providers::ProviderSet eps, providers::CreateProviders(order));
  OL_ASSIGN_OR_RETURN(providers::Partition p, providers::PartitionModel(model, eps.order));
  if (!job.Report(Stage::kPartitioning, 0.8)) return Cancelled("partitioning cancelled");
  PartitionReport r = ReportOf(p, std::move(order), "", level);
  job.Report(Stage::kPartitioning, 1);
  return r;
}

nlohmann::json ToJson(const PartitionReport& report) {
  nlohmann::json j;
  j["schema"] = "onnxlens.partition/1";
  j["model"] = report.model;
  j["level"] = report.level;
  j["providers"] = report.providers;
  nlohmann::json counts = nlohmann::json::object();
  for (const auto& [provider, n] : report.counts) counts[provider] = n;
  j["counts"] = counts;
  j["unplaced"] = report.unplaced;
  nlohmann::json nodes = nlohmann::json::array();
  for (const NodePlacementInfo& n : report.nodes) {
    nlohmann::json d = nlohmann::json::array();
    for (const ProviderDecline& x : n.declined)
      d.push_back({{"provider", x.provider}, {"reason", x.reason}, {"sentence", x.sentence}});
    nlohmann::json node = {{"id", n.node_id},    {"node", n.node},         {"op_type", n.op_type},
                           {"domain", n.domain}, {"provider", n.provider}, {"declined", d}};
    if (!n.graph.empty()) node["graph"] = n.graph;
    if (!n.fallback.empty()) node["fallback"] = n.fallback;
    nodes.push_back(std::move(node));
  }
  j["nodes"] = std::move(nodes);
  return j;
}

std::string FormatPartition(const PartitionReport& report) {
  std::ostringstream out;
  out << "model " << report.model << ", level " << report.level << ", providers "
      << Join(report.providers, " > ") << "\n\n";
  size_t width = 8;
  for (const auto& [provider, n] : report.counts) width = std::max(width, provider.size());
  for (const auto& [provider, n] : report.counts) {
    out << "  " << provider << std::string(width - provider.size() + 2, ' ') << n << " node"
        << (n == 1 ? "" : "s") << "\n";
  }
  if (!report.unplaced.empty())
    out << "  no provider runs: " << Join(report.unplaced, "; ") << "\n";
  size_t node_w = 4, op_w = 2;
  for (const NodePlacementInfo& n : report.nodes) {
    node_w = std::max(node_w, std::min<size_t>(n.node.size(), 48));
    op_w = std::max(op_w, n.op_type.size());
  }
  auto pad = [](const std::string& s, size_t w) {
    return s.size() >= w ? s : s + std::string(w - s.size(), ' ');
  };
  out << "\n"
      << pad("node", node_w) << "  " << pad("op", op_w) << "  " << pad("provider", width)
      << "  why not the preferred provider\n";
  for (const NodePlacementInfo& n : report.nodes) {
    std::string why;
    for (const ProviderDecline& d : n.declined)
      why += (why.empty() ? "" : "; ") + d.provider + ": " + d.sentence;
    const std::string name = (n.graph.empty() ? "" : n.graph + "/") + n.node;
    out << pad(name, node_w) << "  " << pad(n.op_type, op_w) << "  "
        << pad(n.provider.empty() ? "-" : n.provider, width) << "  " << why << "\n";
  }
  return out.str();
}

}  // namespace onnxlens::api
