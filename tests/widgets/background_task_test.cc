// BackgroundTask: progress arrives on the UI thread in order, the result reaches the handler, a
// cancel or a newer start drops the result, and a cancel reaches the worker's token.
#include "widgets/background_task.h"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>
#include <atomic>
#include <string>
#include <vector>

#include "widgets/stage_text.h"

namespace onnxlens::widgets {
namespace {

// Processes events until `done` or a few seconds have passed.
template <typename Pred>
bool spinUntil(Pred done) {
  QElapsedTimer t;
  t.start();
  while (!done() && t.elapsed() < 5000) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    QThread::msleep(1);
  }
  return done();
}

TEST(BackgroundTask, ProgressArrivesOnTheUiThreadThenTheResult) {
  BackgroundTask<int> task;
  std::vector<Progress> seen;
  bool onUiThread = true;
  QObject::connect(&task, &BackgroundTaskBase::progress, [&](const Progress& p) {
    onUiThread = onUiThread && QThread::currentThread() == qApp->thread();
    seen.push_back(p);
  });
  int result = 0;
  task.onFinished([&](Expected<int> r) {
    onUiThread = onUiThread && QThread::currentThread() == qApp->thread();
    result = r.ok() ? *r : -1;
  });
  std::atomic<bool> workerOffUi{false};
  task.start([&workerOffUi](const JobControl& job) -> Expected<int> {
    workerOffUi = QThread::currentThread() != qApp->thread();
    for (int i = 1; i <= 4; ++i) job.Report(Stage::kRunning, i / 4.0, std::to_string(i) + "/4");
    return 42;
  });
  EXPECT_TRUE(task.isRunning());
  task.waitForFinished();
  EXPECT_FALSE(task.isRunning());
  EXPECT_TRUE(workerOffUi);
  EXPECT_TRUE(onUiThread);
  EXPECT_EQ(result, 42);
  ASSERT_EQ(seen.size(), 4u);
  EXPECT_EQ(seen.back().detail, "4/4");
  EXPECT_DOUBLE_EQ(seen.back().fraction, 1.0);
  EXPECT_EQ(task.lastProgress().stage, Stage::kRunning);
}

TEST(BackgroundTask, ErrorsReachTheHandler) {
  BackgroundTask<int> task;
  QString message;
  task.onFinished([&](Expected<int> r) {
    if (!r.ok()) message = QString::fromStdString(r.status().message());
  });
  task.start([](const JobControl&) -> Expected<int> { return InvalidModel("bad model"); });
  task.waitForFinished();
  EXPECT_EQ(message, QStringLiteral("bad model"));
}

TEST(BackgroundTask, CancelSetsTheTokenAndDropsTheResult) {
  BackgroundTask<int> task;
  bool delivered = false, cancelled = false, finished = false;
  task.onFinished([&](Expected<int>) { delivered = true; });
  QObject::connect(&task, &BackgroundTaskBase::cancelled, [&] { cancelled = true; });
  QObject::connect(&task, &BackgroundTaskBase::finished, [&] { finished = true; });
  std::atomic<bool> started{false}, sawCancel{false}, ended{false};
  task.start([&](const JobControl& job) -> Expected<int> {
    started = true;
    while (!job.cancelled()) QThread::msleep(1);
    sawCancel = true;
    ended = true;
    return 7;  // a result that must not be delivered
  });
  ASSERT_TRUE(spinUntil([&] { return started.load(); }));
  task.cancel();
  EXPECT_TRUE(cancelled);
  EXPECT_FALSE(task.isRunning());
  ASSERT_TRUE(spinUntil([&] { return ended.load(); }));
  QThread::msleep(20);
  QCoreApplication::processEvents();
  EXPECT_TRUE(sawCancel);
  EXPECT_FALSE(delivered);
  EXPECT_FALSE(finished);
}

TEST(BackgroundTask, ANewStartSupersedesTheRunningTask) {
  BackgroundTask<int> task;
  std::vector<int> results;
  std::vector<std::string> details;
  bool cancelled = false;
  task.onFinished([&](Expected<int> r) { results.push_back(r.ok() ? *r : -1); });
  QObject::connect(&task, &BackgroundTaskBase::cancelled, [&] { cancelled = true; });
  QObject::connect(&task, &BackgroundTaskBase::progress,
                   [&](const Progress& p) { details.push_back(p.detail); });
  std::atomic<bool> firstStarted{false};
  task.start([&](const JobControl& job) -> Expected<int> {
    firstStarted = true;
    while (!job.cancelled()) QThread::msleep(1);
    job.Report(Stage::kRunning, 1, "first");  // late progress of a superseded task: dropped
    return 1;
  });
  ASSERT_TRUE(spinUntil([&] { return firstStarted.load(); }));
  task.start([](const JobControl& job) -> Expected<int> {
    job.Report(Stage::kRunning, 1, "second");
    return 2;
  });
  task.waitForFinished();
  QThread::msleep(20);
  QCoreApplication::processEvents();
  EXPECT_EQ(results, std::vector<int>{2});
  EXPECT_EQ(details, std::vector<std::string>{"second"});
  EXPECT_FALSE(cancelled);  // superseded, not cancelled by the user
}

TEST(BackgroundTask, DestroyingItWhileRunningCancelsAndWaits) {
  std::atomic<bool> sawCancel{false};
  {
    BackgroundTask<int> task;
    std::atomic<bool> started{false};
    task.start([&](const JobControl& job) -> Expected<int> {
      started = true;
      while (!job.cancelled()) {
        job.Report(Stage::kRunning, 0.5);
        QThread::msleep(1);
      }
      sawCancel = true;
      return 0;
    });
    ASSERT_TRUE(spinUntil([&] { return started.load(); }));
  }
  EXPECT_TRUE(sawCancel);
}

TEST(RunWhenNotBusy, RunsAtOnceWhenIdleElseOnceAtTheFirstSignalAfterWhichItIsIdle) {
  BackgroundTaskBase sender;  // any QObject with a signal: its finished()
  QObject context;
  bool busy = false;
  int runs = 0;
  RunWhenNotBusy(
      &sender, &BackgroundTaskBase::finished, &context, [&] { return busy; }, [&] { ++runs; });
  EXPECT_EQ(runs, 1);  // idle: at once
  busy = true;
  RunWhenNotBusy(
      &sender, &BackgroundTaskBase::finished, &context, [&] { return busy; }, [&] { ++runs; });
  EXPECT_EQ(runs, 1);
  emit sender.finished();  // still busy (a later job superseded the one awaited)
  EXPECT_EQ(runs, 1);
  busy = false;
  emit sender.finished();
  emit sender.finished();  // before the deferred delete: not again
  EXPECT_EQ(runs, 2);
  QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
  emit sender.finished();
  EXPECT_EQ(runs, 2);
  // Dropped with its context.
  busy = true;
  {
    QObject shortLived;
    RunWhenNotBusy(
        &sender, &BackgroundTaskBase::finished, &shortLived, [&] { return busy; }, [&] { ++runs; });
  }
  busy = false;
  emit sender.finished();
  EXPECT_EQ(runs, 2);
}

TEST(StageText, EveryStageHasAText) {
  for (int s = static_cast<int>(Stage::kReadingFile); s <= static_cast<int>(Stage::kDone); ++s)
    EXPECT_FALSE(stageText(static_cast<Stage>(s)).isEmpty()) << s;
  EXPECT_TRUE(stageText(Stage::kNone).isEmpty());
  EXPECT_EQ(progressText({Stage::kProfiling, 0.5, "3/10"}),
            stageText(Stage::kProfiling) + QStringLiteral(" 3/10"));
  EXPECT_EQ(StageText::category(StatusCode::kInvalidModel), QStringLiteral("Invalid model"));
}

}  // namespace
}  // namespace onnxlens::widgets
