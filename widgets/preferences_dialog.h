// Preferences: the UI language (applies on the next start).
#pragma once

#include <QDialog>

class QComboBox;

namespace onnxlens {
namespace widgets {

class PreferencesDialog : public QDialog {
  Q_OBJECT

 public:
  explicit PreferencesDialog(QWidget* parent = nullptr);

  /// Saves the choices to QSettings.
  void accept() override;
  QComboBox* languageCombo() const { return m_language; }
  QComboBox* themeCombo() const { return m_theme; }

 private:
  QComboBox* m_language;
  QComboBox* m_theme;
};

}  // namespace widgets
}  // namespace onnxlens
