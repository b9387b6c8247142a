// What the export dialogs share (Export Optimized Model, Export Report): the file row, the
// equivalent command line, the error line, the work off the UI thread with a determinate bar and
// Cancel (stops the work, keeps the dialog open; idle, it closes the dialog), the question before
// replacing a file, and never the opened model as the output.
#pragma once

#include <QDialog>
#include <functional>
#include <string>

#include "widgets/background_task.h"

class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QProgressBar;

namespace onnxlens {
namespace widgets {

class ExportDialog : public QDialog {
  Q_OBJECT

 public:
  ~ExportDialog() override;

  void setOutputPath(const QString& path);
  /// The equivalent `onnxlens-cli …` command, shown under the form.
  virtual QString commandLine() const = 0;

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

 protected:
  /// The export: writes the output (an existing file only when `force()`), returns the path
  /// written. Runs off the UI thread: it captures what it needs by value.
  using Work = std::function<Expected<std::string>(const JobControl&)>;

  ExportDialog(const QString& modelPath, const QString& title, QWidget* parent);
  /// Adds the file row (a save dialog of `filter`; `suggested` first), the command, the error,
  /// the progress bar and the Export / Cancel buttons below `form`; the derived constructor's
  /// last step.
  void finishLayout(QFormLayout* form, const QString& filter, const QString& suggested);
  virtual Work work() const = 0;
  /// Shows commandLine() again (call when an option changes).
  void updateCommand();

  const QString& modelPath() const { return m_model; }
  QString outputPath() const;
  /// The user agreed to replace an existing output (or chose it in the file dialog).
  bool force() const { return m_force; }

 private:
  void onDone(Expected<std::string> result);

  QString m_model;
  QLineEdit* m_path = nullptr;
  QLabel* m_command = nullptr;
  QLabel* m_error = nullptr;
  QProgressBar* m_progress = nullptr;
  QDialogButtonBox* m_buttons = nullptr;
  Ask m_ask;
  bool m_force = false;
  QString m_exported;
  BackgroundTask<std::string>* m_task = nullptr;
};

}  // namespace widgets
}  // namespace onnxlens
