// BackgroundTask<T>: runs one core job off the UI thread (QtConcurrent::run + QFutureWatcher) with
// the one progress / cancel convention of core/common/progress.h. Progress arrives on the UI
// thread as a signal; the result (Expected<T>) goes to the finished handler on the UI thread.
// Starting a new task supersedes the running one; a cancelled or superseded task's result (and
// its late progress) is dropped.
#pragma once

#include <QFuture>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QtConcurrent>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "common/progress.h"
#include "common/status.h"

Q_DECLARE_METATYPE(onnxlens::Progress)

namespace onnxlens {
namespace widgets {

/// The untyped part: run bookkeeping, progress delivery, cancel and waiting (moc cannot handle a
/// class template's signals).
class BackgroundTaskBase : public QObject {
  Q_OBJECT

 public:
  explicit BackgroundTaskBase(QObject* parent = nullptr);
  /// Cancels every run still going and waits for the worker threads to notice.
  ~BackgroundTaskBase() override;

  /// True from start() until the result has been delivered, or until cancel().
  bool isRunning() const { return m_current != 0; }
  /// Sets the running task's cancel token and drops its result; emits cancelled() when a task
  /// was running. The worker stops at its next check of the token.
  void cancel();
  /// Like cancel() but without cancelled(): for a caller that replaces the task's result itself.
  void drop();
  /// Blocks (processing events) until the current task's result has been delivered or it was
  /// cancelled; for scripted runs and tests.
  void waitForFinished();
  /// The last progress reported by the current task (Stage::kNone before the first report).
  const Progress& lastProgress() const { return m_last; }

 signals:
  /// On the UI thread, only for the current task.
  void progress(const onnxlens::Progress& progress);
  /// After the finished handler has run with the current task's result.
  void finished();
  void cancelled();

 protected:
  /// Supersedes the current run (cancelling it) and returns the control of a new one, whose
  /// progress reports are delivered on the UI thread while it is current.
  JobControl beginRun(quint64* id);
  /// Watches the run's future; `deliver` runs on the UI thread when it ends, if still current.
  void watch(quint64 id, const QFuture<void>& future, std::function<void()> deliver);

 private:
  struct Run {
    quint64 id = 0;
    CancelToken cancel;
    QFuture<void> future;
  };
  void deliverProgress(quint64 id, const Progress& p);

  quint64 m_next = 1;
  quint64 m_current = 0;
  Progress m_last;
  QList<Run> m_runs;  ///< every run whose worker has not ended yet
};

/// Runs `fn` now when `busy()` is false, else once, at the first `signal` of `sender` after which
/// it is (a view model or a diff made off the UI thread is shown); dropped when `context` is
/// destroyed first.
template <typename Sender, typename Signal>
void RunWhenNotBusy(Sender* sender, Signal signal, QObject* context, std::function<bool()> busy,
                    std::function<void()> fn) {
  if (!busy()) {
    fn();
    return;
  }
  auto* once = new QObject(context);
  auto fired = std::make_shared<bool>(false);  // the connection lives until the deferred delete
  QObject::connect(sender, signal, once, [once, fired, busy = std::move(busy), fn = std::move(fn)] {
    if (*fired || busy()) return;
    *fired = true;
    once->deleteLater();
    fn();
  });
}

template <typename T>
class BackgroundTask : public BackgroundTaskBase {
 public:
  using Work = std::function<Expected<T>(const JobControl&)>;
  using Handler = std::function<void(Expected<T>)>;

  explicit BackgroundTask(QObject* parent = nullptr) : BackgroundTaskBase(parent) {}

  /// The handler receives the result of the task that is still current when it ends (on the UI
  /// thread), then finished() is emitted.
  void onFinished(Handler handler) { m_handler = std::move(handler); }

  /// Runs `work` on the thread pool; a task already running is cancelled and its result dropped.
  void start(Work work) {
    quint64 id = 0;
    const JobControl job = beginRun(&id);
    auto slot = std::make_shared<std::optional<Expected<T>>>();
    QFuture<void> future =
        QtConcurrent::run([work = std::move(work), job, slot] { slot->emplace(work(job)); });
    watch(id, future, [this, slot] {
      if (m_handler && slot->has_value()) m_handler(std::move(**slot));
    });
  }

 private:
  Handler m_handler;
};

}  // namespace widgets
}  // namespace onnxlens
