// File → Export Report…: the HTML report onnxlens-cli report writes (api/report.h), with the
// level, the runs profiled, an optional quantized copy and model to diff against, and the path.
// Shows the equivalent `onnxlens-cli report` command. The file row, progress, Cancel and the
// checks before writing: ExportDialog.
#pragma once

#include "api/report.h"
#include "widgets/export_dialog.h"

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace onnxlens {
namespace widgets {

class ExportReportDialog : public ExportDialog {
  Q_OBJECT

 public:
  explicit ExportReportDialog(const QString& modelPath, QWidget* parent = nullptr);
  ~ExportReportDialog() override;

  void setQuantizedPath(const QString& path);
  void setRuns(int runs);
  /// The options as core's request (what the CLI would be given).
  api::ReportRequest request() const;
  /// `onnxlens-cli report …` with the same options.
  QString commandLine() const override;

 protected:
  Work work() const override;

 private:
  QComboBox* m_level;
  QSpinBox* m_runs;
  QLineEdit* m_quantized;
  QLineEdit* m_vs;
};

}  // namespace widgets
}  // namespace onnxlens
