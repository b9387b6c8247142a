// Table model of a profile summary: Name | Count | Total (ms) | Mean (µs) | Share, from core's
// per-op / per-node / per-provider / per-thread rows or from a time range's slice summary
// (Perfetto's Name | Wall duration | Average | Occurrences). Sorts numerically through SortRole.
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "api/timeline.h"
#include "common/trace_summary.h"

namespace onnxlens {
namespace widgets {

class SummaryTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { NameColumn, CountColumn, TotalColumn, MeanColumn, ShareColumn, ColumnCount };
  static constexpr int SortRole = Qt::UserRole + 1;
  /// 0 for a node or op row, 1 for thread-pool work ("NODE [parallel]"), 2 for other slices
  /// (model_run, session events); range rows only. The Range table sorts by it first, so pool
  /// spans (already inside their node's time) never rank above real nodes.
  static constexpr int GroupRole = Qt::UserRole + 2;
  /// What the share column is a share of; its header and tooltip say so.
  enum class ShareOf { KernelTime, ThreadBusy };
  void setShareOf(ShareOf of) { m_shareOf = of; }

  explicit SummaryTableModel(QObject* parent = nullptr);

  void setRows(const std::vector<profiling::SummaryRow>& rows);
  /// A range summary; the share is of the summed wall time.
  /// Rows of a range summary; the share column is each row's wall time over the range's length
  /// (nested slices and several threads can make the column add up to more than 100%).
  void setRangeRows(const std::vector<api::RangeRow>& rows, double range_us);
  /// The name of row `row` (a node name for the per-node table).
  QString name(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  struct Row {
    QString name;
    int64_t count;
    double total_us, mean_us, percent;
    int group = 0;
  };
  std::vector<Row> m_rows;
  bool m_range = false;
  ShareOf m_shareOf = ShareOf::KernelTime;
};

}  // namespace widgets
}  // namespace onnxlens
