// A JobControl for tests: records every progress report and can cancel at the n-th one.
#pragma once

#include <vector>

#include "common/progress.h"

namespace onnxlens::testing {

class RecordingJob {
 public:
  /// cancel_at > 0: the token is set at that report (1-based), so the job stops there.
  explicit RecordingJob(int cancel_at = 0) : cancel_at_(cancel_at) {
    job.progress = [this](const Progress& p) {
      reports.push_back(p);
      if (cancel_at_ > 0 && static_cast<int>(reports.size()) >= cancel_at_) job.cancel.Cancel();
    };
  }
  RecordingJob(const RecordingJob&) = delete;
  RecordingJob& operator=(const RecordingJob&) = delete;

  std::vector<double> fractions() const {
    std::vector<double> out;
    for (const Progress& p : reports) out.push_back(p.fraction);
    return out;
  }

  JobControl job;
  std::vector<Progress> reports;

 private:
  int cancel_at_;
};

/// A job whose token is already set.
inline JobControl CancelledJob() {
  JobControl job;
  job.cancel.Cancel();
  return job;
}

}  // namespace onnxlens::testing
