// UI language: the system locale unless Preferences chose one; installs Qt's and our translators.
#pragma once

#include <QString>
#include <QStringList>

namespace onnxlens {
namespace widgets {

/// Language codes with a translation ("de", "zh_CN"); English is the source language.
QStringList availableLanguages();
/// The setting: "" = follow the system locale.
QString languageSetting();
void setLanguageSetting(const QString& code);
/// Installs translators for `code` (or the setting / system locale when empty); returns the
/// language in effect ("en" when none matched).
QString installTranslators(const QString& code = QString());

}  // namespace widgets
}  // namespace onnxlens
