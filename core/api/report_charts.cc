// Tables and SVG charts of the HTML report (see internal/report_parts.h).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "api/internal/report_parts.h"
#include "common/strings.h"

namespace onnxlens::api::report {

namespace {

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

// A round step for about `count` ticks over [0, span]: 1, 2 or 5 times a power of ten.
double NiceStep(double span, int count) {
  if (!(span > 0)) return 1;
  const double raw = span / count;
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    if (m * p >= raw) return m * p;
  }
  return 10 * p;
}

// A tick label of a round step: as many decimals as the step needs.
std::string Tick(double v, double step) {
  const int digits = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step)));
  return FormatFixed(v, digits);
}

}  // namespace

std::string Table(const std::vector<std::string>& header,
                  const std::vector<std::vector<std::string>>& rows,
                  const std::vector<bool>& numeric, size_t max_rows) {
  auto cls = [&](size_t c) {
    return c < numeric.size() && numeric[c] ? std::string(" class=\"num\"") : std::string();
  };
  std::string out = "<table>\n";
  // A table of facts has no header row (every header cell empty).
  if (std::any_of(header.begin(), header.end(), [](const std::string& h) { return !h.empty(); })) {
    out += "<thead><tr>";
    for (size_t c = 0; c < header.size(); ++c)
      out += "<th" + cls(c) + ">" + EscapeMarkup(header[c]) + "</th>";
    out += "</tr></thead>\n";
  }
  out += "<tbody>\n";
  for (size_t r = 0; r < rows.size() && r < max_rows; ++r) {
    out += "<tr>";
    for (size_t c = 0; c < rows[r].size(); ++c)
      out += "<td" + cls(c) + ">" + EscapeMarkup(rows[r][c]) + "</td>";
    out += "</tr>\n";
  }
  out += "</tbody></table>\n";
  if (rows.size() > max_rows)
    out += "<p class=\"note\">" + std::to_string(rows.size() - max_rows) +
           " more rows left out.</p>\n";
  return out;
}

std::string HistogramSvg(const std::vector<double>& values, double p50, double p90, double p99) {
  if (values.empty()) return "<p class=\"note\">No runs.</p>\n";
  const double lo = *std::min_element(values.begin(), values.end());
  const double hi = *std::max_element(values.begin(), values.end());
  constexpr int kBins = 30;
  const double span = hi > lo ? hi - lo : std::max(hi * 0.01, 1e-3);
  std::vector<int> bins(kBins, 0);
  for (double v : values) {
    const int b = std::clamp(static_cast<int>((v - lo) / span * kBins), 0, kBins - 1);
    ++bins[b];
  }
  const int most = *std::max_element(bins.begin(), bins.end());
  const double W = 640, H = 220, left = 48, right = 16, top = 16, bottom = 40;
  const double pw = W - left - right, ph = H - top - bottom;
  auto x_of = [&](double v) { return left + (v - lo) / span * pw; };
  std::string s = "<svg class=\"chart\" viewBox=\"0 0 " + Num(W) + " " + Num(H) + "\" width=\"" +
                  Num(W) + "\" height=\"" + Num(H) +
                  "\" role=\"img\" aria-label=\"latency histogram\">\n";
  for (int b = 0; b < kBins; ++b) {
    if (bins[b] == 0) continue;
    const double h = ph * bins[b] / most;
    s += "<rect class=\"bar\" x=\"" + Num(left + pw * b / kBins + 0.5) + "\" y=\"" +
         Num(top + ph - h) + "\" width=\"" + Num(pw / kBins - 1) + "\" height=\"" + Num(h) +
         "\"><title>" + std::to_string(bins[b]) + " run(s), " +
         FormatFixed(lo + span * b / kBins, 3) + "–" + FormatFixed(lo + span * (b + 1) / kBins, 3) +
         " ms</title></rect>\n";
  }
  // Axes: round ticks in ms below, run counts at the left.
  s += "<line class=\"axis\" x1=\"" + Num(left) + "\" y1=\"" + Num(top + ph) + "\" x2=\"" +
       Num(left + pw) + "\" y2=\"" + Num(top + ph) + "\"/>\n";
  const double step = NiceStep(span, 6);
  for (double t = std::ceil(lo / step) * step; t <= lo + span + 1e-12; t += step) {
    s += "<text class=\"tick\" x=\"" + Num(x_of(t)) + "\" y=\"" + Num(top + ph + 14) +
         "\" text-anchor=\"middle\">" + Tick(t, step) + "</text>\n";
  }
  s += "<text class=\"tick\" x=\"" + Num(left + pw / 2) + "\" y=\"" + Num(H - 6) +
       "\" text-anchor=\"middle\">latency (ms)</text>\n";
  const double cstep = std::max(1.0, NiceStep(most, 4));  // run counts are whole
  for (double c = 0; c <= most + 1e-9; c += cstep) {
    const double y = top + ph - ph * c / most;
    s += "<text class=\"tick\" x=\"" + Num(left - 6) + "\" y=\"" + Num(y + 4) +
         "\" text-anchor=\"end\">" + Tick(c, cstep) + "</text>\n";
  }
  const std::pair<const char*, double> marks[] = {{"P50", p50}, {"P90", p90}, {"P99", p99}};
  for (int m = 0; m < 3; ++m) {
    const auto& [name, v] = marks[m];
    const double x = x_of(v);
    // A label right of its line, or left of it in the right quarter (it would leave the chart).
    const bool left_of = x > left + 0.75 * pw;
    s += "<line class=\"mark\" x1=\"" + Num(x) + "\" y1=\"" + Num(top) + "\" x2=\"" + Num(x) +
         "\" y2=\"" + Num(top + ph) + "\"/><text class=\"mark-label\" x=\"" +
         Num(left_of ? x - 3 : x + 3) + "\" text-anchor=\"" + (left_of ? "end" : "start") +
         "\" y=\"" + Num(top + 10 + 12 * m) + "\">" + name + " " + FormatFixed(v, 3) + "</text>\n";
  }
  return s + "</svg>\n";
}

std::string BarChartSvg(const std::vector<std::pair<std::string, double>>& bars,
                        const std::string& unit) {
  if (bars.empty()) return {};
  double lo = 0, hi = 0;
  for (const auto& [label, v] : bars) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  if (hi <= lo) hi = lo + 1;
  const double row = 18, label_w = 300, W = 760, top = 8, bottom = 28;
  const double pw = W - label_w - 60, H = top + row * bars.size() + bottom;
  auto x_of = [&](double v) { return label_w + (v - lo) / (hi - lo) * pw; };
  std::string s = "<svg class=\"chart\" viewBox=\"0 0 " + Num(W) + " " + Num(H) + "\" width=\"" +
                  Num(W) + "\" height=\"" + Num(H) + "\" role=\"img\">\n";
  std::vector<std::string> labels;
  for (const auto& bar : bars) labels.push_back(bar.first);
  const std::vector<std::string> shown = DistinctShortNames(labels, 44);
  for (size_t i = 0; i < bars.size(); ++i) {
    const auto& [label, v] = bars[i];
    const double y = top + row * i;
    const double x0 = x_of(std::min(0.0, v)), x1 = x_of(std::max(0.0, v));
    s += "<g><title>" + EscapeMarkup(label) + ": " + FormatFixed(v, 2) + " " + EscapeMarkup(unit) +
         "</title><text class=\"tick\" x=\"" + Num(label_w - 6) + "\" y=\"" + Num(y + 13) +
         "\" text-anchor=\"end\">" + EscapeMarkup(shown[i]) + "</text><rect class=\"bar\" x=\"" +
         Num(x0) + "\" y=\"" + Num(y + 3) + "\" width=\"" + Num(std::max(1.0, x1 - x0)) +
         "\" height=\"" + Num(row - 6) + "\"/><text class=\"tick\" x=\"" + Num(x1 + 4) + "\" y=\"" +
         Num(y + 13) + "\">" + FormatFixed(v, 1) + "</text></g>\n";
  }
  const double axis_y = top + row * bars.size() + 4;
  const double step = NiceStep(hi - lo, 6);
  for (double t = std::ceil(lo / step) * step; t <= hi + 1e-9; t += step) {
    s += "<text class=\"tick\" x=\"" + Num(x_of(t)) + "\" y=\"" + Num(axis_y + 14) +
         "\" text-anchor=\"middle\">" + Tick(t, step) + "</text>\n";
  }
  s += "<text class=\"tick\" x=\"" + Num(W - 4) + "\" y=\"" + Num(axis_y + 14) +
       "\" text-anchor=\"end\">" + EscapeMarkup(unit) + "</text>\n";
  return s + "</svg>\n";
}

const char* ReportStyle() {
  return R"CSS(
:root { color-scheme: light; }
body { font: 14px/1.45 "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; color: #1d1d1f;
       margin: 0 auto; max-width: 1200px; padding: 16px 24px 48px; background: #fff; }
header h1 { margin: 0 0 4px; font-size: 24px; word-break: break-all; }
.context { color: #555; margin: 0 0 8px; }
nav.toc a { margin-right: 14px; }
h2 { font-size: 19px; border-bottom: 1px solid #ddd; padding-bottom: 4px; margin-top: 32px; }
h3 { font-size: 15px; margin: 20px 0 6px; }
table { border-collapse: collapse; margin: 6px 0 10px; font-size: 13px; }
th, td { border: 1px solid #e0e0e0; padding: 3px 8px; text-align: left; vertical-align: top;
         word-break: break-word; max-width: 520px; }
th { background: #f5f5f7; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tbody tr:nth-child(even) { background: #fafafa; }
.note { color: #666; font-size: 12.5px; }
.warning, ul.warnings li { color: #8a4b00; }
svg.chart { display: block; margin: 8px 0; max-width: 100%; height: auto; }
svg.chart .bar { fill: #4e79a7; }
svg.chart .axis { stroke: #888; }
svg.chart .tick { font-size: 11px; fill: #444; }
svg.chart .mark { stroke: #d62728; stroke-dasharray: 4 3; }
svg.chart .mark-label { font-size: 11px; fill: #d62728; }
.gview { overflow: auto; max-height: 80vh; border: 1px solid #ddd; border-radius: 4px;
         background: #fcfcfc; }
svg.graph { display: block; font-size: 11px; }
svg.graph .edge { fill: none; stroke: #8a8a8a; stroke-width: 1; }
svg.graph rect { stroke: #9a9a9a; stroke-width: 1; }
svg.graph .node.unknown rect { stroke: #d62728; stroke-dasharray: 3 2; }
svg.graph .group { cursor: pointer; }
svg.graph .group rect { stroke: #555; stroke-dasharray: 5 3; }
svg.graph .group:hover rect, svg.graph .group:focus rect { stroke: #1f77b4; stroke-width: 2; }
svg.graph .title { font-weight: 600; font-size: 11.5px; }
svg.graph .sub, svg.graph .row { fill: #555; font-size: 10.5px; }
svg.graph .hot text { fill: #fff; }
.legend { margin: 6px 0; font-size: 12.5px; }
.legend span { margin-right: 16px; white-space: nowrap; }
.legend i { display: inline-block; width: 14px; height: 12px; vertical-align: middle;
            border: 1px solid #bbb; }
.legend i.outline { background: #fff; border-width: 3px; }
nav.crumbs { margin: 6px 0; font-size: 13px; }
@media print {
  body { max-width: none; padding: 0; }
  .gview { max-height: none; overflow: visible; border: none; }
  svg.graph { max-width: 100%; height: auto; }
  section { break-inside: auto; }
  h2, h3 { break-after: avoid; }
  table, svg.chart { break-inside: avoid; }
}
)CSS";
}

}  // namespace onnxlens::api::report
