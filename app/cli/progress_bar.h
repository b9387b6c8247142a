// A one-line progress bar on stderr for the CLI's verbs: drawn only on a terminal, only once the
// job has run for a second (a quick verb prints nothing), at most ten times a second, and never
// with --json (a script reads stdout; stderr stays quiet too).
#pragma once

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

#include "common/progress.h"

namespace onnxlens::cli {

class ProgressBar {
 public:
  /// `wanted` false (--json): never draws.
  explicit ProgressBar(bool wanted = true)
      : enabled_(wanted && isatty(STDERR_FILENO) != 0), start_(Clock::now()) {}
  ~ProgressBar() { Done(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  /// A JobControl whose reports draw this bar.
  JobControl Job() {
    JobControl job;
    if (enabled_) job.progress = [this](const Progress& p) { Update(p); };
    return job;
  }

  // "benchmarking       [#########           ]  45%  9/20": the stage's StageName(), the
  // fraction of the whole job and the stage's detail (a count, a pass, a file).
  void Update(const Progress& p) {
    if (!enabled_ || p.stage == Stage::kDone) return;
    const auto now = Clock::now();
    if (now - start_ < std::chrono::seconds(1)) return;
    if (drawn_ && p.stage == last_stage_ && now - last_draw_ < std::chrono::milliseconds(100))
      return;
    const int width = 20;
    const double f = std::clamp(p.fraction, 0.0, 1.0);
    const int fill = static_cast<int>(std::lround(width * f));
    std::string detail = p.detail;
    if (detail.size() > 40) detail = detail.substr(0, 37) + "...";
    const std::string stage(StageName(p.stage));
    std::fprintf(stderr, "\r%-18s [%s%s] %3d%%  %-40s", stage.c_str(),
                 std::string(static_cast<size_t>(fill), '#').c_str(),
                 std::string(static_cast<size_t>(width - fill), ' ').c_str(),
                 static_cast<int>(std::lround(100 * f)), detail.c_str());
    std::fflush(stderr);
    drawn_ = true;
    last_stage_ = p.stage;
    last_draw_ = now;
  }

  /// Clears the line (before the verb prints its result or an error).
  void Done() {
    if (drawn_) std::fprintf(stderr, "\r%90s\r", "");
    drawn_ = false;
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  bool drawn_ = false;
  Clock::time_point start_, last_draw_;
  Stage last_stage_ = Stage::kNone;
};

}  // namespace onnxlens::cli
