// Charts of a profile (Qt Charts): the top op types by kernel time per run (bars), and the
// latency histogram of the runs with P50 / P90 / P99 marked; and the comparison of two runs
// (percentiles side by side with their ratio, as `bench --vs` prints).
#pragma once

#include <QWidget>
#include <utility>
#include <vector>

#include "api/bench.h"
#include "api/profile.h"
#include "common/trace_event.h"
#include "common/trace_summary.h"

class QTableWidget;
class QComboBox;
class QLabel;

namespace QtCharts {
class QChartView;
}

namespace onnxlens {
namespace widgets {

class ChartView;

/// Durations of the model_run events, in milliseconds.
std::vector<double> RunLatenciesMs(const std::vector<profiling::TraceEvent>& events);

class ProfileCharts : public QWidget {
  Q_OBJECT

 public:
  explicit ProfileCharts(QWidget* parent = nullptr);
  /// Each chart's minimum height, in pixels.
  static constexpr int kChartMinHeight = 280;
  /// The legend texts of the op chart (hottest first) and of the histogram, for tests.
  QStringList legendTexts() const;

  void setRun(const std::vector<profiling::TraceEvent>& events,
              const profiling::TraceSummary& summary);
  const api::LatencyStats& latency() const { return m_latency; }
  /// The histogram's count axis: its top and tick step (whole numbers, the top on a tick).
  int histogramTop() const { return m_histTop; }
  int histogramStep() const { return m_histStep; }
  /// (op type, ms per run) drawn, hottest first.
  const std::vector<std::pair<QString, double>>& topOps() const { return m_topOps; }

 private:
  ChartView* m_ops;
  ChartView* m_hist;
  api::LatencyStats m_latency;
  int m_histTop = 0, m_histStep = 1;
  std::vector<std::pair<QString, double>> m_topOps;
};

/// Two runs side by side: latency percentiles (A, B and B / A), and every op type's kernel time
/// per run in each, so a change of level, threads or model shows which ops it sped up, slowed
/// down, fused away or added.
/// The model a profile run is of, from its trace's metadata.
struct RunModel {
  QString path;         ///< "model"; empty: unknown
  QString fingerprint;  ///< "model_fingerprint" (FileFingerprint); empty: unknown
};

class RunComparison : public QWidget {
  Q_OBJECT

 public:
  explicit RunComparison(QWidget* parent = nullptr);
  /// The runs to choose from (labels), their latencies (ms) and trace summaries, and the model
  /// each profiled (its path, and the file's fingerprint when known; empty: unknown, a trace
  /// without them): runs of two different models get no faster / slower verdict.
  void setRuns(const QStringList& labels, const std::vector<std::vector<double>>& latencies,
               const std::vector<profiling::TraceSummary>& summaries,
               const std::vector<RunModel>& models = {});
  void compare(int a, int b);
  QTableWidget* table() const { return m_table; }
  QTableWidget* opTable() const { return m_opTable; }
  /// The line above the tables: whether B differs from A beyond the runs' noise.
  QString verdict() const;

 private:
  void fillOps(int a, int b);
  /// The latency table of runs a and b.
  void fillStats(int a, int b);

  QComboBox* m_a;
  QComboBox* m_b;
  QLabel* m_verdict;
  QTableWidget* m_table;
  QTableWidget* m_opTable;
  std::vector<std::vector<double>> m_latencies;
  std::vector<profiling::TraceSummary> m_summaries;
  std::vector<RunModel> m_models;
};

}  // namespace widgets
}  // namespace onnxlens
