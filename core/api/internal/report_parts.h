// Internal to core/api (report): the pieces of the HTML report — tables, SVG charts and the graph
// views — each returning markup with every text escaped (EscapeMarkup).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "api/graph_snapshot.h"
#include "common/progress.h"
#include "common/status.h"

namespace onnxlens::api::report {

/// A table: the header row and text cells (escaped here); columns flagged in `numeric` are
/// right-aligned. At most `max_rows` rows, then a line saying how many were left out.
std::string Table(const std::vector<std::string>& header,
                  const std::vector<std::vector<std::string>>& rows,
                  const std::vector<bool>& numeric = {}, size_t max_rows = 200);

/// A latency histogram of `values_ms` (30 bins) with the P50, P90 and P99 lines, axis ticks at
/// round values.
std::string HistogramSvg(const std::vector<double>& values_ms, double p50, double p90, double p99);

/// Horizontal bars, one per (label, value), in the given order; values in `unit`. Labels are
/// the names' last parts, more where two would be equal (DistinctShortNames); the full label is
/// the bar's tooltip.
std::string BarChartSvg(const std::vector<std::pair<std::string, double>>& bars,
                        const std::string& unit);

/// What the graph views show on top of the layout, per node of the main graph (snapshot order).
struct GraphPaint {
  std::vector<double> heat;   ///< percent of the kernel time; < 0: not profiled
  std::vector<int> provider;  ///< index into `providers`; -1: none / not known
  std::vector<std::string> providers;
  std::string heat_source;      ///< "a profile of 20 runs at level all" (empty: no heat)
  std::string provider_source;  ///< "the partition at level all" (empty: no providers)
};

/// The main graph laid out as the GUI lays it out: one SVG per name-scope group (the root first),
/// each showing the group's nodes and its subgroups as boxes that open their own SVG (the inline
/// script), plus the legend. `job` gets Stage::kLayingOut per group ("done/total").
Expected<std::string> GraphViews(const GraphSnapshot& snapshot, const GraphPaint& paint,
                                 const JobControl& job);

/// The page's script: opening a group's view, the breadcrumb back, nothing else (no network).
const char* GraphScript();

/// The page's style sheet (screen and print).
const char* ReportStyle();

}  // namespace onnxlens::api::report
