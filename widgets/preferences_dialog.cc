// Preferences dialog.
#include "widgets/preferences_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "widgets/language.h"
#include "widgets/theme.h"

#include <algorithm>

namespace onnxlens {
namespace widgets {

PreferencesDialog::PreferencesDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Preferences"));
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  m_language = new QComboBox(this);
  m_language->addItem(tr("System default"), QString());
  m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
  m_language->addItem(QStringLiteral("Deutsch"), QStringLiteral("de"));
  m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
  const int current = m_language->findData(languageSetting());
  m_language->setCurrentIndex(current < 0 ? 0 : current);
  form->addRow(tr("Language:"), m_language);
  m_theme = new QComboBox(this);
  m_theme->addItem(tr("System"), QStringLiteral("system"));
  m_theme->addItem(tr("Light"), QStringLiteral("light"));
  m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
  m_theme->setCurrentIndex(std::max(0, m_theme->findData(themeSetting())));
  form->addRow(tr("Theme:"), m_theme);
  layout->addLayout(form);
  auto* note = new QLabel(tr("A new language takes effect the next time onnxlens starts."), this);
  note->setWordWrap(true);
  layout->addWidget(note);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &PreferencesDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &PreferencesDialog::reject);
  layout->addWidget(buttons);
}

void PreferencesDialog::accept() {
  setLanguageSetting(m_language->currentData().toString());
  const QString theme = m_theme->currentData().toString();
  if (theme != themeSetting()) {
    setThemeSetting(theme);
    applyTheme(theme);  // at once: no restart needed
  }
  QDialog::accept();
}

}  // namespace widgets
}  // namespace onnxlens
