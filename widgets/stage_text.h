// The GUI's words for core's stage codes and error categories: core reports codes
// (common/progress.h, common/status.h), never English prose; every one is translated here.
#pragma once

#include <QCoreApplication>
#include <QFontMetrics>
#include <QString>
#include <initializer_list>

#include "common/progress.h"
#include "common/status.h"

namespace onnxlens {
namespace widgets {

class StageText {
  Q_DECLARE_TR_FUNCTIONS(onnxlens::widgets::StageText)

 public:
  /// "Parsing…", "Profiling…": the translated name of `stage` ("" for Stage::kNone).
  static QString stage(Stage stage);
  /// The stage and its detail when there is one: "Profiling… 3/10".
  static QString progress(const Progress& progress);
  /// "Invalid model", "Cancelled": the translated category of an error.
  static QString category(StatusCode code);
  /// The translated name of an optimization level code ("disabled", "basic", "extended",
  /// "layout"); another text as it is. The code itself stays what the CLI and files use.
  static QString level(const QString& code);
  /// The translated name of a thread the runtime named: "main", "pool worker N", also with the
  /// thread id the summaries add ("main (12)"); another name as it is.
  static QString thread(const QString& name);
  /// The width of the widest of `stages` with a "100/100" detail: a stage label's minimum width,
  /// so that a bar does not jump as the stages change.
  static int widest(const QFontMetrics& metrics, std::initializer_list<Stage> stages);
};

/// Shorthands.
inline QString stageText(Stage stage) { return StageText::stage(stage); }
inline QString progressText(const Progress& progress) { return StageText::progress(progress); }

}  // namespace widgets
}  // namespace onnxlens
