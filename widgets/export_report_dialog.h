// File → Export Report…: the HTML report onnxlens-cli report writes (api/report.h), with the
// level, the runs profiled, an optional quantized copy and model to diff against, and the path.
// Written off the UI thread with a progress bar and Cancel; never over a file it reads, another
// existing file only after a confirmation. Shows the equivalent `onnxlens-cli report` command.
#pragma once

#include <QDialog>
#include <functional>

#include "api/report.h"
#include "widgets/background_task.h"

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSpinBox;

namespace onnxlens {
namespace widgets {

class ExportReportDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ExportReportDialog(const QString& modelPath, QWidget* parent = nullptr);
  ~ExportReportDialog() override;

  void setOutputPath(const QString& path);
  void setQuantizedPath(const QString& path);
  void setRuns(int runs);
  /// The options as core's request (what the CLI would be given).
  api::ReportRequest request() const;
  /// `onnxlens-cli report …` with the same options.
  QString commandLine() const;

  using Ask = std::function<bool(const QString& title, const QString& text)>;
  void setAsk(Ask ask) { m_ask = std::move(ask); }

  /// Validates and writes (off the UI thread); on success the dialog is accepted.
  void startExport();
  /// Blocks until an export in progress ends (tests).
  void waitForExport();
  QString exportedPath() const { return m_exported; }
  QString errorText() const;

 signals:
  void exportFinished(bool ok);

 private:
  void updateCommand();
  void onDone(Expected<bool> result);

  QString m_model;
  QComboBox* m_level;
  QSpinBox* m_runs;
  QLineEdit* m_quantized;
  QLineEdit* m_vs;
  QLineEdit* m_path;
  QLabel* m_command;
  QLabel* m_error;
  QProgressBar* m_progress;
  QDialogButtonBox* m_buttons;
  Ask m_ask;
  bool m_force = false;
  QString m_exported;
  BackgroundTask<bool>* m_task;
};

}  // namespace widgets
}  // namespace onnxlens
