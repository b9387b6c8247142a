// translations/ is kept current: every user-visible string in app/gui and widgets/ is in each .ts
// file with a finished translation, and each .ts compiles into a translator that translates.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTranslator>
#include <QXmlStreamReader>
#include <utility>

#include "test_paths.h"
#include "widgets/stage_text.h"

namespace {

struct Entry {
  QString context;
  QString source;
  bool finished = false;
};

QList<Entry> ReadTs(const QString& path) {
  QList<Entry> out;
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return out;
  QXmlStreamReader xml(&f);
  QString context;
  Entry cur;
  while (!xml.atEnd()) {
    xml.readNext();
    if (!xml.isStartElement()) continue;
    if (xml.name() == QLatin1String("name")) {
      context = xml.readElementText();
    } else if (xml.name() == QLatin1String("source")) {
      cur = Entry{context, xml.readElementText(), false};
    } else if (xml.name() == QLatin1String("translation")) {
      const QString type = xml.attributes().value("type").toString();
      // Plural messages hold <numerusform> children: read them as text too (a plain
      // readElementText() stops the reader with an error there).
      const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
      cur.finished = type.isEmpty() && !text.trimmed().isEmpty();
      out << cur;
    }
  }
  return out;
}

TEST(TranslationsTest, EveryUserVisibleStringIsTranslated) {
  const QString src = QString::fromStdString(onnxlens::testing::SourceDir().string());
  QTemporaryDir tmp;
  const QString fresh = tmp.filePath("fresh.ts");
  QProcess lupdate;
  lupdate.setWorkingDirectory(src);
  lupdate.start(ONNXLENS_LUPDATE, {"-no-obsolete", "-locations", "none", "-extensions", "h,cc",
                                   "-I", src, src + "/app/gui", src + "/widgets", "-ts", fresh});
  ASSERT_TRUE(lupdate.waitForFinished(120000));
  ASSERT_EQ(lupdate.exitCode(), 0) << lupdate.readAllStandardError().toStdString();
  const QList<Entry> wanted = ReadTs(fresh);
  ASSERT_GT(wanted.size(), 50);

  for (const QString lang : {"de", "zh_CN"}) {
    const QList<Entry> have = ReadTs(src + "/translations/onnxlens_" + lang + ".ts");
    QSet<QString> finished;
    for (const Entry& e : have) {
      if (e.finished) finished.insert(e.context + "\x1f" + e.source);
    }
    for (const Entry& e : wanted) {
      EXPECT_TRUE(finished.contains(e.context + "\x1f" + e.source))
          << lang.toStdString() << ": no finished translation for [" << e.context.toStdString()
          << "] \"" << e.source.toStdString()
          << "\" (run `ninja update-translations` and translate it)";
    }
  }
}

TEST(TranslationsTest, CompiledTranslationsAreEmbeddedAndTranslate) {
  QTranslator de;
  ASSERT_TRUE(de.load(":/i18n/onnxlens_de.qm"));
  EXPECT_EQ(de.translate("onnxlens::widgets::MainWindow", "Cancel"), "Abbrechen");
  // Core's stage codes are translated in one place (widgets/stage_text.h).
  EXPECT_EQ(de.translate("onnxlens::widgets::StageText", "Inferring shapes…"),
            QString::fromUtf8("Leite Formen ab…"));
  QTranslator zh;
  ASSERT_TRUE(zh.load(":/i18n/onnxlens_zh_CN.qm"));
  EXPECT_EQ(zh.translate("onnxlens::widgets::MainWindow", "Cancel"), QString::fromUtf8("取消"));
  // English: plural forms only.
  QTranslator en;
  ASSERT_TRUE(en.load(":/i18n/onnxlens_en.qm"));
  EXPECT_EQ(en.translate("onnxlens::widgets::MainWindow", "%n node(s)", nullptr, 1), "%n node");
  EXPECT_EQ(en.translate("onnxlens::widgets::MainWindow", "%n node(s)", nullptr, 3), "%n nodes");
}

TEST(TranslationsTest, QtsOwnStringsLoadForGermanAndChinese) {
  // Standard dialog buttons (Cancel, OK, Yes / No) and the file dialog take Qt's own
  // translations (Debian's qttranslations5-l10n, which scripts/install-deps installs): without
  // them a German dialog says "Cancel" beside "Abbrechen".
  for (const auto& [lang, cancel] :
       {std::pair<const char*, const char*>{"de", "Abbrechen"}, {"zh_CN", "取消"}}) {
    QTranslator qt;
    ASSERT_TRUE(qt.load(QLocale(QLatin1String(lang)), QStringLiteral("qtbase"), QStringLiteral("_"),
                        QLibraryInfo::location(QLibraryInfo::TranslationsPath)))
        << lang << ": no qtbase translation in "
        << QLibraryInfo::location(QLibraryInfo::TranslationsPath).toStdString();
    QCoreApplication::installTranslator(&qt);
    EXPECT_EQ(QCoreApplication::translate("QPlatformTheme", "Cancel"), QString::fromUtf8(cancel));
    QCoreApplication::removeTranslator(&qt);
  }
}

TEST(TranslationsTest, EveryStageCodeHasAGermanAndAChineseText) {
  // Progress bars and status lines show stageText(): with --lang de or zh_CN no stage may stay
  // English while a model loads, optimizes, verifies or profiles.
  for (const char* lang : {"de", "zh_CN"}) {
    QTranslator t;
    ASSERT_TRUE(t.load(QStringLiteral(":/i18n/onnxlens_%1.qm").arg(QLatin1String(lang))));
    QStringList english;
    for (int s = static_cast<int>(onnxlens::Stage::kReadingFile);
         s <= static_cast<int>(onnxlens::Stage::kDone); ++s)
      english << onnxlens::widgets::stageText(static_cast<onnxlens::Stage>(s));
    QCoreApplication::installTranslator(&t);
    for (int s = static_cast<int>(onnxlens::Stage::kReadingFile);
         s <= static_cast<int>(onnxlens::Stage::kDone); ++s) {
      const QString text = onnxlens::widgets::stageText(static_cast<onnxlens::Stage>(s));
      EXPECT_NE(text, english[s - 1])
          << lang << ": stage " << onnxlens::StageName(static_cast<onnxlens::Stage>(s)) << " is \""
          << text.toStdString() << "\"";
    }
    QCoreApplication::removeTranslator(&t);
  }
}

}  // namespace
