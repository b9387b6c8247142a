// Translations of stage codes and error categories.
#include "widgets/stage_text.h"

#include <algorithm>

#include <QRegularExpression>

namespace onnxlens {
namespace widgets {

QString StageText::stage(Stage stage) {
  switch (stage) {
    case Stage::kNone:
      return QString();
    case Stage::kReadingFile:
      return tr("Reading the file…");
    case Stage::kParsing:
      return tr("Parsing…");
    case Stage::kChecking:
      return tr("Checking the model…");
    case Stage::kInferringShapes:
      return tr("Inferring shapes…");
    case Stage::kBuildingGraph:
      return tr("Building the graph…");
    case Stage::kDescribing:
      return tr("Summarizing the model…");
    case Stage::kLayingOut:
      return tr("Laying out the graph…");
    case Stage::kOptimizing:
      return tr("Optimizing…");
    case Stage::kSnapshotting:
      return tr("Recording the steps…");
    case Stage::kVerifying:
      return tr("Running the optimized model…");
    case Stage::kVerifyingReference:
      return tr("Running the original model…");
    case Stage::kBisecting:
      return tr("Searching the breaking pass…");
    case Stage::kCreatingSession:
      return tr("Creating the session…");
    case Stage::kWarmingUp:
      return tr("Warming up…");
    case Stage::kRunning:
      return tr("Running…");
    case Stage::kProfiling:
      return tr("Profiling…");
    case Stage::kBenchmarking:
      return tr("Benchmarking…");
    case Stage::kPartitioning:
      return tr("Assigning execution providers…");
    case Stage::kReadingTrace:
      return tr("Reading the trace…");
    case Stage::kWritingTrace:
      return tr("Writing the trace…");
    case Stage::kWritingModel:
      return tr("Writing the model…");
    case Stage::kReadingInputs:
      return tr("Reading the inputs…");
    case Stage::kCalibrating:
      return tr("Calibrating…");
    case Stage::kQuantizing:
      return tr("Quantizing…");
    case Stage::kComparing:
      return tr("Comparing…");
    case Stage::kDone:
      return tr("Done");
  }
  return QString();
}

QString StageText::progress(const Progress& p) {
  const QString text = stage(p.stage);
  if (p.detail.empty()) return text;
  return tr("%1 %2", "stage and its detail, e.g. 'Profiling… 3/10'")
      .arg(text, QString::fromStdString(p.detail));
}

QString StageText::category(StatusCode code) {
  switch (code) {
    case StatusCode::kOk:
      return tr("OK");
    case StatusCode::kInvalidArgument:
      return tr("Invalid request");
    case StatusCode::kInvalidModel:
      return tr("Invalid model");
    case StatusCode::kNotFound:
      return tr("Not found");
    case StatusCode::kIoError:
      return tr("Read or write error");
    case StatusCode::kUnsupported:
      return tr("Not supported");
    case StatusCode::kOutOfRange:
      return tr("Out of range");
    case StatusCode::kCancelled:
      return tr("Cancelled");
    case StatusCode::kInternal:
      return tr("Internal error");
  }
  return QString();
}

QString StageText::level(const QString& code) {
  if (code == QLatin1String("disabled")) return tr("disabled", "optimization level");
  if (code == QLatin1String("basic")) return tr("basic", "optimization level");
  if (code == QLatin1String("extended")) return tr("extended", "optimization level");
  if (code == QLatin1String("layout")) return tr("layout", "optimization level");
  return code;
}

QString StageText::thread(const QString& name) {
  // The runtime's names (session.cc, thread_pool.cc), optionally followed by " (tid)".
  static const QRegularExpression re(QStringLiteral("^(main|pool worker (\\d+))( \\(\\d+\\))?$"));
  const QRegularExpressionMatch m = re.match(name);
  if (!m.hasMatch()) return name;
  const QString base =
      m.captured(2).isEmpty()
          ? tr("main", "the thread that runs the model")
          : tr("pool worker %1", "a thread of the intra-op pool").arg(m.captured(2));
  return base + m.captured(3);
}

int StageText::widest(const QFontMetrics& metrics, std::initializer_list<Stage> stages) {
  int width = 0;
  for (Stage st : stages)
    width = std::max(width, metrics.horizontalAdvance(progress({st, 0, "100/100"})));
  return width;
}

}  // namespace widgets
}  // namespace onnxlens
