// Small helpers shared by the fuzz targets: a run deadline and a scratch folder.
#pragma once

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include "common/progress.h"

namespace onnxlens::fuzz {

/// Cancels `token` when `limit` passes before the object dies. A model may loop legitimately for
/// as long as it likes (a Loop with a trip count of 2^62); the fuzzer looks for crashes, so a run
/// is cut short here and libFuzzer's -timeout only catches what ignores the cancel token.
class Deadline {
 public:
  Deadline(CancelToken token, std::chrono::milliseconds limit)
      : thread_([this, token, limit] {
          std::unique_lock<std::mutex> lock(mutex_);
          if (!done_cv_.wait_for(lock, limit, [this] { return done_; })) token.Cancel();
        }) {}
  ~Deadline() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    done_cv_.notify_all();
    thread_.join();
  }
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable done_cv_;
  bool done_ = false;
  std::thread thread_;  // last: starts after the members it uses exist
};

/// A folder made once per process (removed at exit) holding two small files, so that a fuzzed
/// model's external data references have something real to read and to refuse.
const std::filesystem::path& ScratchDir();

}  // namespace onnxlens::fuzz
