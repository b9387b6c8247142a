// Recent files.
#include "widgets/recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace onnxlens {
namespace widgets {

namespace {
const char* const kKey = "files/recent";
}

QStringList RecentFiles::list() {
  QStringList out;
  for (const QString& p : QSettings().value(kKey).toStringList()) {
    if (QFileInfo::exists(p)) out << p;
  }
  return out;
}

void RecentFiles::add(const QString& path) {
  const QString abs = QFileInfo(path).absoluteFilePath();
  QStringList l = QSettings().value(kKey).toStringList();
  l.removeAll(abs);
  l.prepend(abs);
  while (l.size() > kMax) l.removeLast();
  QSettings().setValue(kKey, l);
}

void RecentFiles::clear() { QSettings().remove(kKey); }

}  // namespace widgets
}  // namespace onnxlens
