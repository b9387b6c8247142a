// Background model loading.
#include "widgets/model_loader.h"

namespace onnxlens {
namespace widgets {

ModelLoader::ModelLoader(QObject* parent) : QObject(parent) {
  m_task = new BackgroundTask<api::ModelInfo>(this);
  m_task->onFinished([this](Expected<api::ModelInfo> r) { onFinished(std::move(r)); });
  connect(m_task, &BackgroundTaskBase::progress, this, &ModelLoader::progress);
  connect(m_task, &BackgroundTaskBase::cancelled, this, [this] { emit cancelled(m_path); });
}

ModelLoader::~ModelLoader() = default;

void ModelLoader::load(const QString& path) {
  // start() drops a load still running, without cancelled(): the new load takes over.
  m_path = path;
  m_task->start([file = path.toStdString()](const JobControl& job) {
    api::InspectOptions opt;
    opt.with_snapshot = true;
    return api::InspectModelFile(file, opt, job);
  });
}

void ModelLoader::cancel() { m_task->cancel(); }

bool ModelLoader::isRunning() const { return m_task->isRunning(); }

void ModelLoader::waitForFinished() { m_task->waitForFinished(); }

void ModelLoader::onFinished(Expected<api::ModelInfo> r) {
  if (r.ok()) {
    emit loaded(m_path, std::make_shared<const api::ModelInfo>(std::move(r.value())));
  } else {
    emit failed(m_path, QString::fromStdString(r.status().message()), r.status().code());
  }
}

}  // namespace widgets
}  // namespace onnxlens
