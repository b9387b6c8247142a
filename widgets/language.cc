// UI language selection.
#include "widgets/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace onnxlens {
namespace widgets {

namespace {
const char* const kKey = "ui/language";
}

QStringList availableLanguages() { return {QStringLiteral("de"), QStringLiteral("zh_CN")}; }

QString languageSetting() { return QSettings().value(kKey).toString(); }

void setLanguageSetting(const QString& code) { QSettings().setValue(kKey, code); }

QString installTranslators(const QString& code) {
  QString lang = code.isEmpty() ? languageSetting() : code;
  QLocale locale = lang.isEmpty() ? QLocale::system() : QLocale(lang);
  // English needs its plural forms ("1 node", "3 nodes") from the plurals-only translation.
  auto english = [] {
    auto* en = new QTranslator(qApp);
    if (en->load(QStringLiteral(":/i18n/onnxlens_en.qm")))
      QCoreApplication::installTranslator(en);
    else
      delete en;
    return QStringLiteral("en");
  };
  if (lang == QLatin1String("en") || locale.language() == QLocale::English ||
      locale.language() == QLocale::C)
    return english();
  auto* ours = new QTranslator(qApp);
  if (!ours->load(locale, QStringLiteral("onnxlens"), QStringLiteral("_"),
                  QStringLiteral(":/i18n"))) {
    delete ours;
    return english();
  }
  QCoreApplication::installTranslator(ours);
  auto* qt = new QTranslator(qApp);
  if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
               QLibraryInfo::location(QLibraryInfo::TranslationsPath))) {
    QCoreApplication::installTranslator(qt);
  } else {
    delete qt;
  }
  QLocale::setDefault(locale);
  return locale.name();
}

}  // namespace widgets
}  // namespace onnxlens
