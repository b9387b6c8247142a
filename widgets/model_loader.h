// Loads and summarizes a model off the UI thread (a BackgroundTask), with progress and Cancel.
#pragma once

#include <QObject>
#include <QString>
#include <memory>

#include "api/model_info.h"
#include "common/progress.h"
#include "widgets/background_task.h"

namespace onnxlens {
namespace widgets {

class ModelLoader : public QObject {
  Q_OBJECT

 public:
  explicit ModelLoader(QObject* parent = nullptr);
  ~ModelLoader() override;

  /// Starts loading `path`; a load already running is cancelled and its result dropped.
  void load(const QString& path);
  /// Cancels the running load: cancelled() at once, its result is dropped.
  void cancel();
  /// True from load() until loaded/failed/cancelled has been emitted.
  bool isRunning() const;
  /// Blocks (processing events) until the current load ends; for scripted runs and tests.
  void waitForFinished();

 signals:
  /// Stage codes: show them with stageText() / progressText().
  void progress(const onnxlens::Progress& progress);
  void loaded(const QString& path, std::shared_ptr<const onnxlens::api::ModelInfo> info);
  /// `code` is the error's category (translate it with StageText::category()).
  void failed(const QString& path, const QString& message, onnxlens::StatusCode code);
  void cancelled(const QString& path);

 private:
  void onFinished(Expected<api::ModelInfo> result);

  QString m_path;  ///< of the load running or last run
  BackgroundTask<api::ModelInfo>* m_task;
};

}  // namespace widgets
}  // namespace onnxlens
