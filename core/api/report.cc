// The HTML report: its parts gathered from the api's own figures and put in one page (see
// report.h).
#include "api/report.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <set>

#include "api/accuracy.h"
#include "api/bench.h"
#include "api/graph_diff.h"
#include "api/internal/report_parts.h"
#include "api/model_info.h"
#include "api/optimize.h"
#include "api/partition.h"
#include "api/profile.h"
#include "api/profile_index.h"
#include "api/trace.h"
#include "common/cpu_isa.h"
#include "common/file_util.h"
#include "common/provider_order.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "providers/provider_factory.h"
#include "runtime/session.h"

namespace fs = std::filesystem;

namespace onnxlens::api {

using report::Table;

namespace {

std::string Esc(const std::string& s) { return EscapeMarkup(s); }

std::string Section(const std::string& id, const std::string& title, const std::string& body) {
  return "<section id=\"" + id + "\">\n<h2>" + Esc(title) + "</h2>\n" + body + "</section>\n";
}

std::string Para(const std::string& text, const char* cls = nullptr) {
  return std::string("<p") + (cls ? std::string(" class=\"") + cls + "\"" : "") + ">" + Esc(text) +
         "</p>\n";
}

// The profile the report shows: a trace read, or one made now.
struct ProfileData {
  std::vector<profiling::TraceEvent> events;
  profiling::TraceSummary summary;
  std::string source;  ///< "a profile of 20 runs at level all" / "the trace 'x.json'"
  std::vector<double> runs_ms;
};

Expected<std::optional<ProfileData>> Profile(const ReportRequest& r, const GraphSnapshot& snap,
                                             const JobControl& job) {
  ProfileData p;
  if (!r.trace.empty()) {
    OL_ASSIGN_OR_RETURN(profiling::Trace t, ReadTraceFile(r.trace, job));
    p.events = std::move(t.events);
    p.source = "the trace " + Quote(r.trace.filename().string());
  } else if (r.runs > 0) {
    ProfileOptions o;
    o.level = r.level;
    o.threads = r.threads;
    o.runs = r.runs;
    o.warmup = 2;
    o.inputs_dir = r.inputs_dir;
    o.seed = r.seed;
    o.dims = r.dims;
    o.ranges = r.ranges;
    OL_ASSIGN_OR_RETURN(ProfileResult pr, ProfileModelFile(r.model, o, job));
    p.events = std::move(pr.events);
    p.source = "a profile of " + std::to_string(r.runs) + " runs at level " + r.level;
    if (!pr.chosen_dims.empty())
      p.source += " with the free dimensions " + FormatDimOverrides(pr.chosen_dims);
  } else {
    return std::optional<ProfileData>();
  }
  p.summary = SummarizeTrace(p.events);
  for (const profiling::TraceEvent& e : p.events) {
    if (e.ph == 'X' && e.name == "model_run") p.runs_ms.push_back(e.dur_us / 1e3);
  }
  if (!r.trace.empty()) {
    const auto shares = HeatShares(p.summary, IndexOrigins(p.events));
    const TraceModelMatch match = MatchTraceToModel(shares, snap);
    if (match.profiled == 0)
      return InvalidArgument("--trace " + Quote(r.trace.string()) +
                             ": no kernel event names a node (not a profile of a model run)");
    if (match.Mismatch())
      return InvalidArgument("--trace " + Quote(r.trace.string()) + " is a profile of another " +
                             "model: " + std::to_string(match.matched) + " of its " +
                             std::to_string(match.profiled) + " profiled nodes are in " +
                             Quote(r.model.string()));
  }
  return std::optional<ProfileData>(std::move(p));
}

std::string SummaryPart(const ModelInfo& info) {
  std::vector<std::vector<std::string>> facts = {
      {"file", info.path + " (" + FormatBytes(info.file_bytes) + ")"},
      {"producer", info.producer_name + " " + info.producer_version},
      {"IR version", std::to_string(info.ir_version)},
      {"nodes", std::to_string(info.node_count) +
                    (info.node_count_total != info.node_count
                         ? " (" + std::to_string(info.node_count_total) + " with subgraphs)"
                         : "")},
      {"parameters", FormatCount(info.parameter_count) + " in " +
                         std::to_string(info.initializer_count) + " initializers (" +
                         FormatBytes(info.initializer_bytes) + ")"},
      {"compute",
       FormatCount(info.cost.macs) + " MACs, " + FormatCount(info.cost.flops) + " FLOPs" +
           (!info.cost.dims.empty()          ? " with " + FormatDimOverrides(DimOverrides(
                                                              info.cost.dims.begin(), info.cost.dims.end()))
            : info.cost.symbolic_dims_as_one ? " (free dimensions as 1)"
                                             : "") +
           (info.cost.uncounted_nodes > 0
                ? ", " + std::to_string(info.cost.uncounted_nodes) + " nodes not counted"
                : "")},
      {"ONNX checker", info.checker_passed ? "passed" : "failed (see the warnings)"}};
  std::string opsets;
  for (const auto& [d, v] : info.opsets)
    opsets += (opsets.empty() ? "" : ", ") + d + " " + std::to_string(v);
  facts.push_back({"opsets", opsets});
  std::string body = Table({"", ""}, facts);
  std::vector<std::vector<std::string>> io;
  for (const ValueSummary& v : info.inputs) io.push_back({"input", v.name, v.type});
  for (const ValueSummary& v : info.outputs) io.push_back({"output", v.name, v.type});
  body += "<h3>Inputs and outputs</h3>\n" + Table({"", "name", "type"}, io);
  if (!info.warnings.empty()) {
    body += "<h3>Warnings</h3>\n<ul class=\"warnings\">\n";
    for (const std::string& w : info.warnings) body += "<li>" + Esc(w) + "</li>\n";
    body += "</ul>\n";
  }
  return body;
}

Expected<std::string> LevelsPart(const ReportRequest& r, const JobControl& job) {
  const std::vector<std::string> levels = {"basic", "extended", "all"};
  std::map<std::string, std::vector<int64_t>> counts;
  std::vector<int64_t> totals(levels.size() + 1, 0);
  for (size_t l = 0; l < levels.size(); ++l) {
    OptimizeRequest q;
    q.level = levels[l];
    q.dims = r.dims;
    OL_ASSIGN_OR_RETURN(OptimizeReport o,
                        OptimizeModelFile(r.model, q, job.Slice(l / 3.0, (l + 1) / 3.0)));
    for (const auto& [op, n] : o.ops_before) {
      auto& row = counts[op];
      row.resize(levels.size() + 1, 0);
      row[0] = n;
    }
    for (const auto& [op, n] : o.ops_after) {
      auto& row = counts[op];
      row.resize(levels.size() + 1, 0);
      row[l + 1] = n;
    }
    totals[0] = o.nodes_before;
    totals[l + 1] = o.nodes_after;
  }
  std::vector<std::vector<std::string>> rows;
  for (const auto& [op, c] : counts) {
    std::vector<std::string> row = {op};
    for (int64_t n : c) row.push_back(n ? std::to_string(n) : "");
    rows.push_back(std::move(row));
  }
  std::vector<std::string> total = {"all nodes"};
  for (int64_t n : totals) total.push_back(std::to_string(n));
  rows.insert(rows.begin(), total);
  return Para(
             "Nodes per op type in the file and after each optimization level (subgraphs "
             "counted; \"all\" is the level ONNX Runtime's sessions default to).") +
         Table({"op", "original", "basic", "extended", "all"}, rows,
               {false, true, true, true, true}, 1000);
}

std::string ProfilePart(const ProfileData& p) {
  std::string body = Para("From " + p.source + ".");
  if (!p.runs_ms.empty()) {
    const LatencyStats s = ComputeLatencyStats(p.runs_ms);
    body += "<h3>Latency</h3>\n" +
            Table({"runs", "min", "P50", "P90", "P95", "P99", "max", "mean"},
                  {{std::to_string(s.count), FormatFixed(s.min, 3), FormatFixed(s.p50, 3),
                    FormatFixed(s.p90, 3), FormatFixed(s.p95, 3), FormatFixed(s.p99, 3),
                    FormatFixed(s.max, 3), FormatFixed(s.mean, 3)}},
                  std::vector<bool>(8, true)) +
            Para("Milliseconds per run (the trace's model_run events).", "note") +
            report::HistogramSvg(p.runs_ms, s.p50, s.p90, s.p99);
  }
  const double runs = std::max<double>(1, static_cast<double>(p.summary.runs));
  std::vector<std::vector<std::string>> ops, nodes, providers;
  for (const profiling::SummaryRow& row : p.summary.by_op)
    ops.push_back({row.key, FormatFixed(row.total_us / 1e3 / runs, 3), std::to_string(row.count),
                   FormatFixed(row.percent, 1)});
  for (const profiling::SummaryRow& row : p.summary.by_node)
    nodes.push_back({row.key, row.op_type, row.provider, FormatFixed(row.total_us / 1e3 / runs, 3),
                     FormatFixed(row.percent, 1)});
  for (const profiling::SummaryRow& row : p.summary.by_provider)
    providers.push_back(
        {row.key, FormatFixed(row.total_us / 1e3 / runs, 3), FormatFixed(row.percent, 1)});
  body += "<h3>Top op types</h3>\n" +
          Table({"op", "ms per run", "kernel calls", "% of kernel time"}, ops,
                {false, true, true, true}, 25) +
          "<h3>Top nodes</h3>\n" +
          Table({"node", "op", "provider", "ms per run", "% of kernel time"}, nodes,
                {false, false, false, true, true}, 25) +
          "<h3>Providers</h3>\n" +
          Table({"provider", "ms per run", "% of kernel time"}, providers, {false, true, true});
  return body;
}

Expected<std::string> QuantizedPart(const ReportRequest& r, const JobControl& job) {
  CompareModelsRequest q;
  q.inputs_dir = r.inputs_dir;
  q.random_samples = r.inputs_dir.empty() ? std::max<int64_t>(r.random_samples, 1) : 0;
  q.seed = r.seed;
  q.dims = r.dims;
  q.ranges = r.ranges;
  q.threads = r.threads;
  OL_ASSIGN_OR_RETURN(CompareModelsReport c, CompareModelFiles(r.model, r.quantized, q, job));
  std::string body = Para(Quote(r.quantized.string()) + " against " + Quote(r.model.string()) +
                          " on " + std::to_string(c.samples) +
                          (c.random_inputs ? " random sample(s)" : " sample(s)") + ".");
  for (const std::string& u : c.unrelated) body += Para("Warning: " + u, "warning");
  body += Table({"", "size", "P50 (ms)"},
                {{"float", FormatBytes(c.bytes_a), FormatFixed(c.p50_ms_a, 3)},
                 {"quantized", FormatBytes(c.bytes_b), FormatFixed(c.p50_ms_b, 3)}},
                {false, true, true}) +
          Para("P50 of " + std::to_string(c.latency_runs) + " alternated runs each at level " +
                   c.latency_level + ".",
               "note");
  std::vector<std::vector<std::string>> outs;
  for (const OutputAgreement& o : c.outputs) {
    outs.push_back({o.name, FormatFixed(o.stats.cosine, 6),
                    o.stats.sqnr_db >= kExactSqnr ? "exact" : FormatFixed(o.stats.sqnr_db, 2),
                    FormatFixed(o.stats.max_abs, 6), FormatFixed(o.stats.mean_abs, 6),
                    o.classifier ? FormatFixed(100 * o.top1, 1) + "%" : "", o.problem});
  }
  body += "<h3>Outputs</h3>\n" + Table({"output", "cosine", "SQNR (dB)", "max abs error",
                                        "mean abs error", "top-1 agreement", "problem"},
                                       outs, {false, true, true, true, true, true, false});
  std::vector<std::vector<std::string>> layers;
  std::vector<std::pair<std::string, double>> bars;
  for (const LayerAgreement& l : c.layers) {
    layers.push_back({l.tensor, l.counterpart, FormatFixed(l.stats.sqnr_db, 2),
                      FormatFixed(l.stats.cosine, 6), FormatFixed(l.stats.max_abs, 6)});
    if (bars.size() < 30) bars.push_back({l.tensor, std::min(l.stats.sqnr_db, 200.0)});
  }
  body += "<h3>Layers, worst SQNR first</h3>\n" + report::BarChartSvg(bars, "SQNR (dB)") +
          Table({"tensor", "quantized counterpart", "SQNR (dB)", "cosine", "max abs error"}, layers,
                {false, false, true, true, true}, 100);
  return body;
}

Expected<std::string> DiffPart(const ReportRequest& r, const GraphSnapshot& left) {
  OL_ASSIGN_OR_RETURN(std::shared_ptr<const GraphSnapshot> right, SnapshotModelFile(r.vs.string()));
  const GraphDiff d = DiffByMatching(left.graphs[0], right->graphs[0]);
  std::string body =
      Para(Quote(r.model.string()) + " (left) against " + Quote(r.vs.string()) +
           " (right), nodes matched by name, then by structure.") +
      Table({"unchanged", "modified", "fused (right)", "fused away (left)", "removed", "added"},
            {{std::to_string(d.unchanged), std::to_string(d.modified), std::to_string(d.fused),
              std::to_string(d.fused_origins), std::to_string(d.removed), std::to_string(d.added)}},
            std::vector<bool>(6, true));
  std::vector<std::vector<std::string>> rows;
  const auto& ln = left.graphs[0].nodes;
  const auto& rn = right->graphs[0].nodes;
  for (size_t i = 0; i < ln.size(); ++i) {
    if (d.left[i] == DiffState::kUnchanged || d.left[i] == DiffState::kFused) continue;
    std::string other;
    for (int j : d.left_to_right[i]) other += (other.empty() ? "" : ", ") + rn[j].name;
    rows.push_back({DiffStateName(d.left[i]), ln[i].name, ln[i].op_type, other});
  }
  for (size_t j = 0; j < rn.size(); ++j) {
    if (d.right[j] != DiffState::kAdded && d.right[j] != DiffState::kFused) continue;
    std::string from;
    for (int i : d.right_to_left[j]) from += (from.empty() ? "" : ", ") + ln[i].name;
    rows.push_back({DiffStateName(d.right[j]), rn[j].name, rn[j].op_type, from});
  }
  const OpCountTable ops = CompareOpCounts(left, *right);
  std::vector<std::vector<std::string>> op_rows;
  for (const OpCountRow& o : ops.rows) {
    if (o.before != o.after)
      op_rows.push_back({o.op, std::to_string(o.before), std::to_string(o.after)});
  }
  body += "<h3>Op counts that differ</h3>\n" +
          Table({"op", "left", "right"}, op_rows, {false, true, true}) +
          "<h3>Changed nodes</h3>\n" +
          Table({"state", "node", "op", "counterparts"}, rows, {}, 300);
  return body;
}

// Heat from the profile and outlines from the partition at the report's level, per node of the
// main graph as loaded (node ids are kept through optimization; a fused node's providers show on
// none of its origins).
Expected<report::GraphPaint> Paint(const ReportRequest& r, const GraphSnapshot& snap,
                                   const ProfileData* profile, const JobControl& job) {
  report::GraphPaint paint;
  const SnapshotGraph& g = snap.graphs[0];
  paint.heat.assign(g.nodes.size(), -1);
  paint.provider.assign(g.nodes.size(), -1);
  if (profile) {
    const auto shares = HeatShares(profile->summary, IndexOrigins(profile->events));
    for (size_t n = 0; n < g.nodes.size(); ++n) {
      const auto it =
          shares.find(TraceNodeLabel(g.nodes[n].name, g.nodes[n].op_type, g.nodes[n].id));
      if (it != shares.end()) paint.heat[n] = it->second;
    }
    paint.heat_source = profile->source;
  }
  // The partition of the model a session at the level runs, mapped back onto the nodes as
  // loaded through the optimized nodes' origins (a fused kernel's provider on each of them).
  OL_ASSIGN_OR_RETURN(std::vector<std::string> order,
                      providers::ResolveProviderOrder(DefaultProviderOrder()));
  OL_ASSIGN_OR_RETURN(std::shared_ptr<const ir::Model> loaded,
                      onnx_io::LoadSharedModelFile(r.model, {}, job.Slice(0, 0.5)));
  OL_ASSIGN_OR_RETURN(std::shared_ptr<const ir::Model> prepared,
                      runtime::PrepareModel(std::move(loaded), r.level, order));
  OL_ASSIGN_OR_RETURN(PartitionReport part,
                      PartitionLoadedModel(*prepared, order, r.level, job.Slice(0.8, 1)));
  const GraphSnapshot optimized = SnapshotOf(*prepared);
  paint.providers = part.providers;
  std::map<int64_t, int> provider_of_id;  // optimized node id -> provider index
  for (const NodePlacementInfo& n : part.nodes) {
    if (!n.graph.empty()) continue;
    const auto p = std::find(part.providers.begin(), part.providers.end(), n.provider);
    if (p != part.providers.end())
      provider_of_id[n.node_id] = static_cast<int>(p - part.providers.begin());
  }
  std::map<int64_t, int> provider_of_loaded;  // loaded node id -> provider index
  for (const SnapshotNode& n : optimized.graphs[0].nodes) {
    const auto it = provider_of_id.find(n.id);
    if (it == provider_of_id.end()) continue;
    if (n.origins.empty()) provider_of_loaded.emplace(n.id, it->second);
    for (int64_t o : n.origins) provider_of_loaded.emplace(o, it->second);
  }
  for (size_t n = 0; n < g.nodes.size(); ++n) {
    const auto it = provider_of_loaded.find(g.nodes[n].id);
    if (it != provider_of_loaded.end()) paint.provider[n] = it->second;
  }
  std::string counts;
  for (const auto& [name, count] : part.counts)
    counts += (counts.empty() ? "" : ", ") + name + " " + std::to_string(count);
  paint.provider_source =
      "the execution provider running each node at level " + r.level +
      " (a fused node: the provider of its kernel); kernels per provider: " + counts;
  return paint;
}

std::string Today() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
  return buf;
}

}  // namespace

Expected<std::string> BuildReportHtml(const ReportRequest& r, const JobControl& job) {
  InspectOptions io;
  io.with_snapshot = true;
  OL_ASSIGN_OR_RETURN(ModelInfo info, InspectModelFile(r.model, io, job.Slice(0, 0.1)));
  const GraphSnapshot& snap = *info.snapshot;
  OL_RETURN_IF_ERROR(job.CheckCancelled("the report"));
  OL_ASSIGN_OR_RETURN(std::optional<ProfileData> profile, Profile(r, snap, job.Slice(0.1, 0.4)));
  OL_ASSIGN_OR_RETURN(const std::string levels, LevelsPart(r, job.Slice(0.4, 0.55)));
  std::string quantized, diff;
  if (!r.quantized.empty()) {
    OL_ASSIGN_OR_RETURN(quantized, QuantizedPart(r, job.Slice(0.55, 0.7)));
  }
  if (!r.vs.empty()) {
    OL_ASSIGN_OR_RETURN(diff, DiffPart(r, snap));
  }
  OL_ASSIGN_OR_RETURN(const report::GraphPaint paint,
                      Paint(r, snap, profile ? &*profile : nullptr, job.Slice(0.7, 0.75)));
  OL_ASSIGN_OR_RETURN(const std::string graph,
                      report::GraphViews(snap, paint, job.Slice(0.75, 1.0)));
  // What every figure stands on.
  std::string context = "level " + r.level + ", threads " +
                        (r.threads > 0 ? std::to_string(r.threads) : std::string("one per core")) +
                        ", kernels " + std::string(IsaName(EffectiveIsa())) + ", providers " +
                        Join(paint.providers, " > ") + ", " +
                        (r.inputs_dir.empty() ? std::string("random inputs")
                                              : "inputs from " + Quote(r.inputs_dir.string())) +
                        (r.dims.empty() ? "" : ", " + FormatDimOverrides(r.dims));
  // "resnet18 / model.onnx": exporters name every file model.onnx.
  const fs::path abs = fs::absolute(r.model);
  const std::string folder = abs.parent_path().filename().string();
  const std::string title =
      (folder.empty() ? std::string() : folder + " / ") + abs.filename().string();
  std::string toc =
      "<nav class=\"toc\"><a href=\"#summary\">Summary</a> <a href=\"#levels\">Levels</a> "
      "<a href=\"#graph\">Graph</a>";
  if (profile) toc += " <a href=\"#profile\">Profile</a>";
  if (!quantized.empty()) toc += " <a href=\"#quantization\">Quantization</a>";
  if (!diff.empty()) toc += " <a href=\"#diff\">Diff</a>";
  toc += "</nav>\n";
  std::string page =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>" +
      Esc(title) + " \u2014 onnxlens report</title>\n<style>" + report::ReportStyle() +
      "</style>\n</head>\n<body>\n";
  page +=
      "<header><h1>" + Esc(title) + "</h1>\n" +
      Para("onnxlens " ONNXLENS_VERSION " report, " + Today() + ". " + context + ".", "context") +
      toc + "</header>\n";
  page += Section("summary", "Summary", SummaryPart(info));
  page += Section("levels", "Op counts per optimization level", levels);
  page += Section("graph", "Graph",
                  Para("The model as loaded, laid out as onnxlens shows it. Click a group to open "
                       "it; the path above goes back.",
                       "note") +
                      graph);
  if (profile) page += Section("profile", "Profile", ProfilePart(*profile));
  if (!quantized.empty()) page += Section("quantization", "Quantization", quantized);
  if (!diff.empty()) page += Section("diff", "Diff", diff);
  page += "<script>" + std::string(report::GraphScript()) + "</script>\n</body>\n</html>\n";
  job.Report(Stage::kDone, 1.0);
  return page;
}

Status WriteReport(const ReportRequest& r, const JobControl& job) {
  if (r.output.empty()) return InvalidArgument("the report needs an output file (-o report.html)");
  WritePolicy policy;
  policy.force = r.force;
  policy.read.push_back({r.model, "the model"});
  for (const auto& [path, role] :
       {std::pair{r.vs, "the --vs model"}, std::pair{r.trace, "the --trace file"},
        std::pair{r.quantized, "the --quantized model"}}) {
    if (!path.empty()) policy.read.push_back({path, role});
  }
  AddInputFolder(&policy, r.inputs_dir, "--inputs");
  const fs::path dir = r.output.parent_path().empty() ? fs::path(".") : r.output.parent_path();
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return NotFound(Quote(r.output.string()) + ": the folder " + Quote(dir.string()) +
                    " does not exist");
  // Before the long work, and again before writing (a file may have appeared meanwhile).
  OL_RETURN_IF_ERROR(CheckWritePolicy(r.output, policy));
  OL_ASSIGN_OR_RETURN(const std::string html, BuildReportHtml(r, job));
  OL_RETURN_IF_ERROR(CheckWritePolicy(r.output, policy));
  return WriteFileAtomically(r.output, [&](std::FILE* f) -> Status {
    if (std::fwrite(html.data(), 1, html.size(), f) != html.size())
      return IoError(Quote(r.output.string()) + ": write failed");
    return Status::Ok();
  });
}

}  // namespace onnxlens::api
