// Recent files.
#include "widgets/recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace onnxlens {
namespace widgets {

namespace {
const char* const kRecentKey = "files/recent";
}

QStringList RecentFiles::list() {
  QStringList out;
  for (const QString& p : QSettings().value(kRecentKey).toStringList()) {
    if (QFileInfo::exists(p)) out << p;
  }
  return out;
}

void RecentFiles::add(const QString& path) {
  const QString abs = QFileInfo(path).absoluteFilePath();
  QStringList l = QSettings().value(kRecentKey).toStringList();
  l.removeAll(abs);
  l.prepend(abs);
  while (l.size() > kMax) l.removeLast();
  QSettings().setValue(kRecentKey, l);
}

void RecentFiles::clear() { QSettings().remove(kRecentKey); }

QStringList RecentFiles::labels(const QStringList& paths) {
  constexpr int kMaxFolder = 48;
  const QString home = QDir::homePath();
  QStringList out;
  for (const QString& p : paths) {
    const QFileInfo info(p);
    QString folder = QDir::toNativeSeparators(info.absolutePath());
    const QString nativeHome = QDir::toNativeSeparators(home);
    if (!home.isEmpty() && home != QLatin1String("/") &&
        (folder == nativeHome || folder.startsWith(nativeHome + QDir::separator())))
      folder = QStringLiteral("~") + folder.mid(nativeHome.size());
    if (folder.size() > kMaxFolder) folder = QStringLiteral("…") + folder.right(kMaxFolder - 1);
    out << QStringLiteral("%1 — %2").arg(info.fileName(), folder);
  }
  return out;
}

}  // namespace widgets
}  // namespace onnxlens
