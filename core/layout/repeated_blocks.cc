// Repeated blocks by structure.
#include "layout/repeated_blocks.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "layout/grouped_layout.h"

namespace onnxlens::layout {

namespace {

// The best run of block length p in s[lo, hi): the longest stretch where s[i] == s[i + p].
RepeatedRun BestRunOfPeriod(const std::vector<int>& s, int lo, int hi, int p) {
  RepeatedRun best;
  int i = lo;
  while (i + p < hi) {
    if (s[i] != s[i + p]) {
      ++i;
      continue;
    }
    int e = i;
    while (e + p < hi && s[e] == s[e + p]) ++e;
    // s[i, e + p) repeats with period p: (e - i) / p + 1 whole blocks from i.
    const int repeats = (e - i) / p + 1;
    if (repeats * p > best.repeats * best.length) best = {i, p, repeats};
    i = e + 1;
  }
  return best;
}

// Candidate block lengths in s[lo, hi): for each symbol seen at least three times, the most
// common gap between its consecutive occurrences (a layer's Softmax recurs once per layer).
std::vector<int> CandidatePeriods(const std::vector<int>& s, int lo, int hi, int min_repeats) {
  std::unordered_map<int, int> last;
  std::unordered_map<int, std::map<int, int>> gaps;  // symbol -> gap -> count
  for (int i = lo; i < hi; ++i) {
    auto it = last.find(s[i]);
    if (it != last.end()) ++gaps[s[i]][i - it->second];
    last[s[i]] = i;
  }
  std::map<int, int> votes;  // period -> occurrences supporting it
  for (const auto& [sym, g] : gaps) {
    int best_gap = 0, best_count = 0;
    for (const auto& [gap, count] : g) {
      if (count > best_count) {
        best_gap = gap;
        best_count = count;
      }
    }
    if (best_gap >= 2 && best_count + 1 >= min_repeats) votes[best_gap] += best_count;
  }
  std::vector<std::pair<int, int>> ranked;
  for (const auto& [p, v] : votes) ranked.push_back({v, p});
  std::sort(ranked.rbegin(), ranked.rend());
  std::vector<int> periods;
  for (size_t k = 0; k < ranked.size() && k < 32; ++k) periods.push_back(ranked[k].second);
  return periods;
}

void FindIn(const std::vector<int>& s, int lo, int hi, int min_repeats, int max_runs,
            std::vector<RepeatedRun>* out) {
  if (static_cast<int>(out->size()) >= max_runs || hi - lo < 2 * min_repeats) return;
  RepeatedRun best;
  for (int p : CandidatePeriods(s, lo, hi, min_repeats)) {
    const RepeatedRun r = BestRunOfPeriod(s, lo, hi, p);
    if (r.repeats >= min_repeats && r.repeats * r.length > best.repeats * best.length) best = r;
  }
  if (best.repeats < min_repeats) return;
  out->push_back(best);
  FindIn(s, lo, best.start, min_repeats, max_runs, out);
  FindIn(s, best.start + best.length * best.repeats, hi, min_repeats, max_runs, out);
}

}  // namespace

std::vector<RepeatedRun> FindRepeatedRuns(const std::vector<std::string>& signatures,
                                          int min_repeats, int max_runs) {
  std::unordered_map<std::string, int> ids;
  std::vector<int> s;
  s.reserve(signatures.size());
  for (const std::string& sig : signatures)
    s.push_back(ids.try_emplace(sig, static_cast<int>(ids.size())).first->second);
  std::vector<RepeatedRun> runs;
  FindIn(s, 0, static_cast<int>(s.size()), std::max(2, min_repeats), max_runs, &runs);
  std::sort(runs.begin(), runs.end(),
            [](const RepeatedRun& a, const RepeatedRun& b) { return a.start < b.start; });
  return runs;
}

Hierarchy GroupByRepeats(const std::vector<std::string>& signatures,
                         const std::vector<std::string>& node_names) {
  const int n = static_cast<int>(signatures.size());
  Hierarchy h;
  h.groups.push_back(Group{});
  h.group_of_node.assign(n, 0);
  const std::vector<RepeatedRun> runs = FindRepeatedRuns(signatures);
  size_t next_run = 0;
  for (int i = 0; i < n;) {
    if (next_run < runs.size() && runs[next_run].start == i) {
      const RepeatedRun& r = runs[next_run];
      Group outer;
      outer.path = "/" + std::to_string(r.repeats) + " \u00d7 block" +
                   (next_run == 0 ? std::string() : " (" + std::to_string(next_run + 1) + ")");
      outer.parent = 0;
      h.groups.push_back(outer);
      const int oi = static_cast<int>(h.groups.size()) - 1;
      h.groups[0].groups.push_back(oi);
      for (int b = 0; b < r.repeats; ++b) {
        Group block;
        block.path = h.groups[oi].path + "/block " + std::to_string(b + 1);
        block.parent = oi;
        for (int k = 0; k < r.length; ++k) block.nodes.push_back(r.start + b * r.length + k);
        h.groups.push_back(block);
        const int bi = static_cast<int>(h.groups.size()) - 1;
        for (int node : h.groups[bi].nodes) h.group_of_node[node] = bi;
        h.groups[oi].groups.push_back(bi);
      }
      i = r.start + r.length * r.repeats;
      ++next_run;
      continue;
    }
    h.groups[0].nodes.push_back(i);
    ++i;
  }
  FinishHierarchy(&h, node_names);
  return h;
}

}  // namespace onnxlens::layout
