// Loads and summarizes a model off the UI thread (QtConcurrent), with progress and Cancel.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <atomic>
#include <memory>

#include "api/model_info.h"
#include "common/status.h"

namespace onnxlens {
namespace widgets {

class ModelLoader : public QObject {
  Q_OBJECT

 public:
  explicit ModelLoader(QObject* parent = nullptr);
  ~ModelLoader() override;

  /// Starts loading `path`; a load already running is cancelled and its result dropped.
  void load(const QString& path);
  void cancel();
  /// True from load() until loaded/failed/cancelled has been emitted.
  bool isRunning() const;
  /// Blocks (processing events) until the current load ends; for scripted runs and tests.
  void waitForFinished();

 signals:
  void progress(int percent, const QString& stage);
  void loaded(const QString& path, std::shared_ptr<const onnxlens::api::ModelInfo> info);
  void failed(const QString& path, const QString& message);
  void cancelled(const QString& path);

 private:
  struct Job;
  void onFinished();

  std::shared_ptr<Job> m_job;
  QFutureWatcher<void> m_watcher;
};

}  // namespace widgets
}  // namespace onnxlens
