// The recent-files list, kept in QSettings (most recent first, at most 10, existing files only).
#pragma once

#include <QStringList>

namespace onnxlens {
namespace widgets {

class RecentFiles {
 public:
  static constexpr int kMax = 10;
  static QStringList list();
  static void add(const QString& path);
  static void clear();
};

}  // namespace widgets
}  // namespace onnxlens
