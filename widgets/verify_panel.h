// "Verify outputs": runs the original and the optimized model (a step of the trace) on random or
// chosen inputs off the UI thread (progress bar, Cancel) and shows max abs / rel error and cosine
// per output; when they differ, the step found by bisection is named and can be shown.
#pragma once

#include <QWidget>
#include <memory>

#include "api/optimize_trace.h"
#include "widgets/background_task.h"

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTableWidget;

namespace onnxlens {
namespace widgets {

class InputSpecEdit;

class VerifyPanel : public QWidget {
  Q_OBJECT

 public:
  explicit VerifyPanel(QWidget* parent = nullptr);
  ~VerifyPanel() override;

  void setTrace(std::shared_ptr<const api::OptimizeTrace> trace);
  /// The step verified against the original (the right side of the comparison).
  void setStep(int step);
  int step() const { return m_step; }

  /// Inputs: random from `seed`, or a folder of .pb / .npy files when `folder` is not empty.
  void setInputs(const QString& folder, int seed);

  void start();
  void cancel();
  bool isRunning() const;
  /// Blocks (processing events) until a run ends; for tests.
  void waitForFinished();

  /// The last completed report (ran == false before the first).
  const api::VerifyReport& report() const { return m_report; }
  QTableWidget* results() const { return m_table; }
  /// Free dimensions and value ranges of the random inputs.
  InputSpecEdit* inputSpec() const { return m_spec; }
  QString statusText() const;

 signals:
  void finished(bool ok);
  /// Verification blamed step `step` (its pass first changes the outputs).
  void culpritFound(int step);
  void showStepRequested(int step);

 private:
  void onFinished(Expected<api::VerifyReport> result);
  void setRunning(bool running);

  std::shared_ptr<const api::OptimizeTrace> m_trace;
  int m_step = -1;
  QRadioButton* m_random;
  QRadioButton* m_folder;
  QSpinBox* m_seed;
  InputSpecEdit* m_spec;
  QLineEdit* m_path;
  QPushButton* m_browse;
  QPushButton* m_run;
  QPushButton* m_cancel;
  QProgressBar* m_progress;
  QLabel* m_status;
  QTableWidget* m_table;
  BackgroundTask<api::VerifyReport>* m_task;
  api::VerifyReport m_report;
};

}  // namespace widgets
}  // namespace onnxlens
