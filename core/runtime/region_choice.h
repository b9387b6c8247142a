// The parallel executor's choice per wide region: run the region's light steps side by side (one
// intra-op thread each) or one after another with the whole thread budget.
//
// A wide region is a section of the main graph between two steps that run alone (AloneSteps), in
// which at least two light steps may run beside each other (an inception block of googlenet).
// Whether side by side pays depends on the machine and the shapes: on 2 cores two 1-thread
// convolutions at once each run 1.25-1.6x slower than alone (shared caches, memory bandwidth),
// while a convolution on 2 intra-op threads runs 1.6-1.9x faster than on one; googlenet's
// i4a..i5b blocks gained 40-90 us side by side, i3b lost 100-200 us. No static rule got both
// right, so the executor measures: during the first runs of an input-shape signature it runs
// every region side by side and one after another in alternate runs (the first run of each way
// not counted: kernels make their primitives then), times each region (from its first step's
// start to its last step's end: regions are separated by steps that run alone, so a region's
// time is its own), and after `samples` runs each way keeps, per region, the way with the
// smaller median. Either way gives the same bits (every kernel computes the same values at any
// thread count; the threads-labelled tests compare with the sequential executor).
#pragma once

#include <cstddef>
#include <vector>

namespace onnxlens::runtime {

/// Steps [first, last) of the main graph's topological order.
struct WideRegion {
  int first = 0;
  int last = 0;
};

/// The sections of non-alone steps (`alone`: AloneSteps) holding at least two steps that are not
/// pinned (`pinned`: the steps that run with the whole budget anyway; empty = none).
std::vector<WideRegion> FindWideRegions(const std::vector<bool>& alone,
                                        const std::vector<bool>& pinned);

enum class RegionMode { kSideBySide, kOneAfterAnother };

class RegionChooser {
 public:
  static constexpr int kSamples = 3;  ///< counted runs each way
  static constexpr int kWarmup = 1;   ///< uncounted first runs each way
  explicit RegionChooser(size_t regions, int samples = kSamples, int warmup = kWarmup);

  /// The runs of a signature the timing takes (both ways, warm-ups included).
  int calibration_runs() const { return 2 * (samples_ + warmup_); }
  bool decided() const { return decided_; }
  /// While not decided: the way every region runs in the next run (alternating, side by side
  /// first).
  RegionMode NextMode() const;
  /// The last run's time per region (microseconds), run in NextMode(); after the last sample of
  /// both ways, decides. A record of another size is ignored (the next run keeps its way).
  void Record(const std::vector<double>& region_us);
  /// Decided: the way per region.
  const std::vector<RegionMode>& modes() const { return modes_; }
  int side_by_side() const;
  /// Medians per region of each way (filled when decided; for reports and tests).
  const std::vector<double>& median_side_by_side() const { return median_side_; }
  const std::vector<double>& median_one_after_another() const { return median_serial_; }

 private:
  size_t regions_;
  int samples_, warmup_;
  int runs_ = 0;
  bool decided_ = false;
  std::vector<std::vector<double>> side_, serial_;  ///< per region, the counted times
  std::vector<RegionMode> modes_;
  std::vector<double> median_side_, median_serial_;
};

}  // namespace onnxlens::runtime
