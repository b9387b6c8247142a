// The Profile dialog: optimization level, execution provider order, threads, warm-up, runs or
// duration, inputs (random from a seed with free dimensions and value ranges, or a folder of
// .pb / .npy files). Produces core's ProfileOptions.
#pragma once

#include <QDialog>

#include "api/profile.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace onnxlens {
namespace widgets {

class InputSpecEdit;
class ProviderOrderEdit;

class ProfileDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ProfileDialog(QWidget* parent = nullptr);

  api::ProfileOptions options() const;
  void setOptions(const api::ProfileOptions& options);
  /// Why the choices cannot be profiled (an input folder that is not one), else empty; shown in
  /// the dialog when Profile is pressed.
  QString validate() const;
  /// The execution provider order choice, for tests.
  ProviderOrderEdit* providerOrder() const { return m_providers; }
  /// The free dimensions and value ranges of random inputs, for tests.
  InputSpecEdit* inputSpec() const { return m_spec; }

 private:
  QComboBox* m_level;
  QSpinBox* m_threads;
  QComboBox* m_executor;
  QSpinBox* m_warmup;
  QRadioButton* m_byRuns;
  QSpinBox* m_runs;
  QRadioButton* m_byDuration;
  QDoubleSpinBox* m_duration;
  QRadioButton* m_random;
  QSpinBox* m_seed;
  QRadioButton* m_folder;
  QLineEdit* m_path;
  QLabel* m_error;
  ProviderOrderEdit* m_providers;
  InputSpecEdit* m_spec;
};

}  // namespace widgets
}  // namespace onnxlens
