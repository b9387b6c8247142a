// BackgroundTaskBase: run bookkeeping, progress on the UI thread, cancel and waiting.
#include "widgets/background_task.h"

#include <QEventLoop>
#include <QFutureWatcher>

namespace onnxlens {
namespace widgets {

BackgroundTaskBase::BackgroundTaskBase(QObject* parent) : QObject(parent) {
  qRegisterMetaType<onnxlens::Progress>();
}

BackgroundTaskBase::~BackgroundTaskBase() {
  m_current = 0;
  for (const Run& run : m_runs) run.cancel.Cancel();
  // The workers post progress to this object: they must be done before it goes away.
  for (Run& run : m_runs) run.future.waitForFinished();
}

void BackgroundTaskBase::cancel() {
  if (m_current == 0) return;
  drop();
  emit cancelled();
}

void BackgroundTaskBase::drop() {
  for (const Run& run : m_runs)
    if (run.id == m_current) run.cancel.Cancel();
  m_current = 0;
}

void BackgroundTaskBase::waitForFinished() {
  if (m_current == 0) return;
  QEventLoop loop;
  auto c1 = connect(this, &BackgroundTaskBase::finished, &loop, &QEventLoop::quit);
  auto c2 = connect(this, &BackgroundTaskBase::cancelled, &loop, &QEventLoop::quit);
  loop.exec();
  disconnect(c1);
  disconnect(c2);
}

JobControl BackgroundTaskBase::beginRun(quint64* id) {
  drop();
  Run run;
  run.id = m_next++;
  m_current = run.id;
  m_last = Progress{};
  *id = run.id;
  JobControl job;
  job.cancel = run.cancel;
  const quint64 rid = run.id;
  job.progress = [this, rid](const Progress& p) {
    // The destructor waits for the worker, so `this` outlives every call; the queued call is
    // dropped with the object otherwise.
    QMetaObject::invokeMethod(
        this, [this, rid, p] { deliverProgress(rid, p); }, Qt::QueuedConnection);
  };
  m_runs.append(run);
  return job;
}

void BackgroundTaskBase::watch(quint64 id, const QFuture<void>& future,
                               std::function<void()> deliver) {
  for (Run& run : m_runs)
    if (run.id == id) run.future = future;
  auto* watcher = new QFutureWatcher<void>(this);
  connect(watcher, &QFutureWatcher<void>::finished, this,
          [this, watcher, id, deliver = std::move(deliver)] {
            watcher->deleteLater();
            for (int i = 0; i < m_runs.size(); ++i)
              if (m_runs[i].id == id) m_runs.removeAt(i--);
            if (id != m_current) return;  // cancelled or superseded: dropped
            m_current = 0;
            deliver();
            emit finished();
          });
  watcher->setFuture(future);
}

void BackgroundTaskBase::deliverProgress(quint64 id, const Progress& p) {
  if (id != m_current) return;
  m_last = p;
  emit progress(p);
}

}  // namespace widgets
}  // namespace onnxlens
