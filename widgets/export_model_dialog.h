// Export of the optimized model: level, `ort` (ONNX Runtime's contrib ops) or `standard` format,
// external data, path. Written by core (temporary file, then rename); the opened model and its
// external data files are never overwritten, another existing file only after a confirmation.
// Shows the equivalent `onnxlens-cli optimize` command, which writes the same bytes.
#pragma once

#include <QDialog>
#include <functional>
#include <memory>

#include "api/optimize.h"
#include "widgets/background_task.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;

namespace onnxlens {
namespace widgets {

class ExportModelDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ExportModelDialog(const QString& modelPath, QWidget* parent = nullptr);
  ~ExportModelDialog() override;

  void setLevel(const QString& level);
  void setFormat(const QString& format);
  void setExternalData(bool on);
  void setOutputPath(const QString& path);
  /// The options as core's request (what the CLI would be given).
  api::OptimizeRequest request() const;
  /// `onnxlens-cli optimize …` with the same options.
  QString commandLine() const;

  /// Asks a yes / no question (QMessageBox by default; tests answer themselves).
  using Ask = std::function<bool(const QString& title, const QString& text)>;
  void setAsk(Ask ask) { m_ask = std::move(ask); }

  /// Validates and writes (off the UI thread); on success the dialog is accepted. Returns at
  /// once; `exportFinished` tells the outcome.
  void startExport();
  /// Blocks until an export in progress ends (tests).
  void waitForExport();
  QString exportedPath() const { return m_exported; }
  QString errorText() const;

 signals:
  void exportFinished(bool ok);

 private:
  void updateCommand();
  void onDone(Expected<api::OptimizeReport> result);

  QString m_model;
  QComboBox* m_level;
  QComboBox* m_format;
  QCheckBox* m_external;
  QLineEdit* m_path;
  QLabel* m_command;
  QLabel* m_error;
  QProgressBar* m_progress;
  QDialogButtonBox* m_buttons;
  Ask m_ask;
  bool m_force = false;
  QString m_exported;
  BackgroundTask<api::OptimizeReport>* m_task;
};

}  // namespace widgets
}  // namespace onnxlens
