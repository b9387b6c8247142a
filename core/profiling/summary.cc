// Trace summaries.
#include "profiling/summary.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "common/strings.h"

namespace onnxlens::profiling {

namespace {

constexpr const char kKernelSuffix[] = "_kernel_time";

struct Acc {
  int64_t count = 0;
  double total = 0;
  std::string op, provider;
};

std::vector<SummaryRow> Rows(const std::map<std::string, Acc>& m, double denominator) {
  std::vector<SummaryRow> rows;
  for (const auto& [k, a] : m) {
    SummaryRow r;
    r.key = k;
    r.op_type = a.op;
    r.provider = a.provider;
    r.count = a.count;
    r.total_us = a.total;
    r.mean_us = a.count ? a.total / static_cast<double>(a.count) : 0;
    r.percent = denominator > 0 ? 100.0 * a.total / denominator : 0;
    rows.push_back(std::move(r));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const SummaryRow& a, const SummaryRow& b) {
    return a.total_us > b.total_us;
  });
  return rows;
}

std::string Pad(const std::string& s, size_t w) {
  return s.size() >= w ? s.substr(0, w) : s + std::string(w - s.size(), ' ');
}

// Column width for `pick` over the rows shown: the longest value, within [min_w, max_w].
template <typename Pick>
size_t Width(const std::vector<SummaryRow>& rows, size_t limit, size_t min_w, size_t max_w,
             Pick pick) {
  size_t w = min_w;
  for (size_t i = 0; i < rows.size() && i < limit; ++i) w = std::max(w, pick(rows[i]).size());
  return std::min(w, max_w);
}

std::string Table(const char* title, const char* key_name, const std::vector<SummaryRow>& rows,
                  size_t limit, bool node_columns) {
  const size_t kw = Width(rows, limit, std::string(key_name).size(), 72,
                          [](const SummaryRow& r) -> const std::string& { return r.key; });
  const size_t ow = Width(rows, limit, 2, 32,
                          [](const SummaryRow& r) -> const std::string& { return r.op_type; });
  const size_t pw = Width(rows, limit, 8, 24,
                          [](const SummaryRow& r) -> const std::string& { return r.provider; });
  std::string out = std::string(title) + "\n";
  auto line = [&](const std::string& key, const std::string& op, const std::string& provider,
                  const std::string& rest) {
    out += "  " + Pad(key, kw) + "  ";
    if (node_columns) out += Pad(op, ow) + "  " + Pad(provider, pw) + "  ";
    out += rest + "\n";
  };
  char buf[128];
  std::snprintf(buf, sizeof buf, "%8s %12s %10s %7s", "count", "total ms", "mean us", "%");
  line(key_name, "op", "provider", buf);
  for (size_t i = 0; i < rows.size() && i < limit; ++i) {
    const SummaryRow& r = rows[i];
    std::snprintf(buf, sizeof buf, "%8lld %12.3f %10.1f %6.1f%%", static_cast<long long>(r.count),
                  r.total_us / 1e3, r.mean_us, r.percent);
    line(r.key, r.op_type, r.provider, buf);
  }
  if (rows.size() > limit) out += "  ... " + std::to_string(rows.size() - limit) + " more\n";
  return out;
}

}  // namespace

bool IsKernelEvent(const TraceEvent& e) {
  return e.ph == 'X' && e.cat == "Node" && EndsWith(e.name, kKernelSuffix);
}

std::string KernelNodeName(const TraceEvent& e) {
  return EndsWith(e.name, kKernelSuffix)
             ? e.name.substr(0, e.name.size() - sizeof kKernelSuffix + 1)
             : e.name;
}

TraceSummary Summarize(const std::vector<TraceEvent>& events) {
  TraceSummary s;
  std::map<int64_t, std::string> thread_names;
  for (const TraceEvent& e : events) {
    if (e.ph == 'M' && e.name == "thread_name") thread_names[e.tid] = e.Arg("name");
  }
  std::map<std::string, Acc> ops, nodes, providers, threads;
  auto thread_key = [&](int64_t tid) {
    auto it = thread_names.find(tid);
    return it == thread_names.end() ? "tid " + std::to_string(tid)
                                    : it->second + " (" + std::to_string(tid) + ")";
  };
  // Kernel events nested in another kernel event on the same thread (nodes of an If / Loop /
  // Scan body run inside their parent's event) are listed but not added to the totals twice.
  std::vector<const TraceEvent*> kernels;
  for (const TraceEvent& e : events) {
    if (IsKernelEvent(e)) kernels.push_back(&e);
  }
  std::stable_sort(kernels.begin(), kernels.end(), [](const TraceEvent* a, const TraceEvent* b) {
    return a->tid != b->tid ? a->tid < b->tid : a->ts_us < b->ts_us;
  });
  std::set<const TraceEvent*> nested;
  int64_t open_tid = -1;
  double open_end = -1;
  for (const TraceEvent* e : kernels) {
    if (e->tid == open_tid && e->ts_us + e->dur_us <= open_end + 1e-6) {
      nested.insert(e);
      continue;
    }
    open_tid = e->tid;
    open_end = e->ts_us + e->dur_us;
  }
  for (const TraceEvent& e : events) {
    if (e.ph != 'X') continue;
    if (e.cat == "Session" && e.name == "model_run") {
      ++s.runs;
      s.run_us += e.dur_us;
    } else if (IsKernelEvent(e)) {
      ++s.node_events;
      if (!nested.count(&e)) s.kernel_us += e.dur_us;
      const std::string op = e.Arg("op_name").empty() ? "?" : e.Arg("op_name");
      const std::string provider = e.Arg("provider").empty() ? "?" : e.Arg("provider");
      Acc& o = ops[op];
      ++o.count;
      o.total += e.dur_us;
      Acc& n = nodes[KernelNodeName(e)];
      ++n.count;
      n.total += e.dur_us;
      n.op = op;
      n.provider = provider;
      Acc& p = providers[provider];
      ++p.count;
      p.total += e.dur_us;
      Acc& t = threads[thread_key(e.tid)];
      ++t.count;
      t.total += e.dur_us;
    } else if (e.cat == "Parallel") {
      // Pool spans on the thread that also runs the node are inside its node event already.
      bool main_thread = false;
      auto it = thread_names.find(e.tid);
      if (it != thread_names.end() && it->second == "main") main_thread = true;
      if (!main_thread) {
        Acc& t = threads[thread_key(e.tid)];
        ++t.count;
        t.total += e.dur_us;
      }
    }
  }
  if (s.runs > 0) s.outside_kernels_us = std::max(0.0, s.run_us - s.kernel_us);
  s.by_op = Rows(ops, s.kernel_us);
  s.by_node = Rows(nodes, s.kernel_us);
  s.by_provider = Rows(providers, s.kernel_us);
  s.by_thread = Rows(threads, s.kernel_us);
  return s;
}

std::string FormatSummary(const TraceSummary& s, size_t top_nodes) {
  std::string out;
  char line[256];
  std::snprintf(line, sizeof line, "%lld run(s), %.3f ms per run; kernels %.3f ms per run",
                static_cast<long long>(s.runs),
                s.runs ? s.run_us / 1e3 / static_cast<double>(s.runs) : 0.0,
                s.kernel_us / 1e3 / static_cast<double>(std::max<int64_t>(1, s.runs)));
  out += line;
  if (s.runs > 0 && s.run_us > 0) {
    std::snprintf(line, sizeof line, "; outside kernels %.1f%%",
                  100.0 * s.outside_kernels_us / s.run_us);
    out += line;
  }
  out += "\n\n";
  out += Table("By op type", "op", s.by_op, s.by_op.size(), false) + "\n";
  out += Table("By node", "node", s.by_node, top_nodes, true) + "\n";
  out += Table("By provider", "provider", s.by_provider, s.by_provider.size(), false) + "\n";
  out += Table("By thread (busy time)", "thread", s.by_thread, s.by_thread.size(), false);
  return out;
}

}  // namespace onnxlens::profiling
