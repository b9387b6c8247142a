// A one-line progress bar on stderr for the CLI's long verbs (bench, quantize, compare).
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "common/progress.h"

namespace onnxlens::cli {

// A one-line progress bar redrawn in place on stderr (only when stderr is a terminal).
class ProgressBar {
 public:
  ProgressBar() : enabled_(isatty(STDERR_FILENO) != 0) {}
  ~ProgressBar() { Done(); }

  // "warming-up [####      ] 3/10": the stage's StageName(), the fraction and the run count.
  void Update(const Progress& p) {
    if (!enabled_) return;
    const std::string stage(StageName(p.stage));
    if (p.detail.find('/') != std::string::npos) {
      const int width = 30;
      const int fill = static_cast<int>(std::lround(width * p.fraction));
      std::fprintf(stderr, "\r%-12s [%-*s] %s", stage.c_str(), width,
                   std::string(static_cast<size_t>(std::min(fill, width)), '#').c_str(),
                   p.detail.c_str());
    } else {
      std::fprintf(stderr, "\r%-12s %s runs", stage.c_str(), p.detail.c_str());
    }
    std::fflush(stderr);
    drawn_ = true;
  }
  void Done() {
    if (drawn_) std::fprintf(stderr, "\r%60s\r", "");
    drawn_ = false;
  }

 private:
  bool enabled_;
  bool drawn_ = false;
};

}  // namespace onnxlens::cli
