// Background model loading.
#include "widgets/model_loader.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QPointer>
#include <QtConcurrent>

namespace onnxlens {
namespace widgets {

struct ModelLoader::Job {
  QString path;
  std::atomic<bool> cancel{false};
  std::unique_ptr<Expected<api::ModelInfo>> result;
};

ModelLoader::ModelLoader(QObject* parent) : QObject(parent) {
  connect(&m_watcher, &QFutureWatcher<void>::finished, this, &ModelLoader::onFinished);
}

ModelLoader::~ModelLoader() {
  if (m_job) m_job->cancel = true;
  m_watcher.waitForFinished();
}

void ModelLoader::load(const QString& path) {
  if (m_job) {
    m_job->cancel = true;
    m_watcher.waitForFinished();
  }
  auto job = std::make_shared<Job>();
  job->path = path;
  m_job = job;
  QPointer<ModelLoader> self(this);
  m_watcher.setFuture(QtConcurrent::run([job, self] {
    api::InspectOptions opt;
    opt.cancel = &job->cancel;
    opt.with_snapshot = true;
    opt.progress = [job, self](int pct, std::string_view stage) {
      const QString s = QString::fromUtf8(stage.data(), static_cast<int>(stage.size()));
      QMetaObject::invokeMethod(
          self.data(),
          [self, job, pct, s] {
            if (self && self->m_job == job) emit self->progress(pct, s);
          },
          Qt::QueuedConnection);
    };
    job->result = std::make_unique<Expected<api::ModelInfo>>(
        api::InspectModelFile(job->path.toStdString(), opt));
  }));
}

void ModelLoader::cancel() {
  if (m_job) m_job->cancel = true;
}

bool ModelLoader::isRunning() const { return m_job != nullptr; }

void ModelLoader::waitForFinished() {
  if (!m_job) return;
  QEventLoop loop;
  auto done = [&loop] { loop.quit(); };
  auto c1 = connect(this, &ModelLoader::loaded, &loop, done);
  auto c2 = connect(this, &ModelLoader::failed, &loop, done);
  auto c3 = connect(this, &ModelLoader::cancelled, &loop, done);
  loop.exec();
  disconnect(c1);
  disconnect(c2);
  disconnect(c3);
}

void ModelLoader::onFinished() {
  std::shared_ptr<Job> job = std::move(m_job);
  if (!job || !job->result) return;
  const Expected<api::ModelInfo>& r = *job->result;
  if (r.ok()) {
    emit loaded(job->path, std::make_shared<const api::ModelInfo>(r.value()));
  } else if (r.status().code() == StatusCode::kCancelled) {
    emit cancelled(job->path);
  } else {
    emit failed(job->path, QString::fromStdString(r.status().message()));
  }
}

}  // namespace widgets
}  // namespace onnxlens
