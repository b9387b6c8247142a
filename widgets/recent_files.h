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
  /// The menu texts of `paths`: the file name and its folder ("model.onnx — ~/corpus/resnet18",
  /// the home folder as ~, a long folder cut at the start so that its distinguishing end
  /// stays), so that several "model.onnx" can be told apart.
  static QStringList labels(const QStringList& paths);
};

}  // namespace widgets
}  // namespace onnxlens
