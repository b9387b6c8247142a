// The parallel executor's per-region choice (region_choice.h).
#include "runtime/region_choice.h"

#include <algorithm>

namespace onnxlens::runtime {

std::vector<WideRegion> FindWideRegions(const std::vector<bool>& alone,
                                        const std::vector<bool>& pinned) {
  std::vector<WideRegion> regions;
  const size_t n = alone.size();
  size_t a = 0;
  while (a < n) {
    if (alone[a]) {
      ++a;
      continue;
    }
    size_t b = a;
    int light = 0;
    for (; b < n && !alone[b]; ++b)
      if (b >= pinned.size() || !pinned[b]) ++light;
    if (light >= 2) regions.push_back({static_cast<int>(a), static_cast<int>(b)});
    a = b;
  }
  return regions;
}

RegionChooser::RegionChooser(size_t regions, int samples, int warmup)
    : regions_(regions),
      samples_(std::max(1, samples)),
      warmup_(std::max(0, warmup)),
      side_(regions),
      serial_(regions) {
  decided_ = regions == 0;
}

RegionMode RegionChooser::NextMode() const {
  return runs_ % 2 == 0 ? RegionMode::kSideBySide : RegionMode::kOneAfterAnother;
}

namespace {

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

}  // namespace

void RegionChooser::Record(const std::vector<double>& region_us) {
  if (decided_ || region_us.size() != regions_) return;
  const bool side = NextMode() == RegionMode::kSideBySide;
  const int nth = runs_ / 2;  // this way's nth run
  ++runs_;
  if (nth < warmup_) return;
  for (size_t r = 0; r < regions_; ++r) (side ? side_ : serial_)[r].push_back(region_us[r]);
  if (side_[0].size() < static_cast<size_t>(samples_) ||
      serial_[0].size() < static_cast<size_t>(samples_))
    return;
  decided_ = true;
  modes_.resize(regions_);
  median_side_.resize(regions_);
  median_serial_.resize(regions_);
  for (size_t r = 0; r < regions_; ++r) {
    median_side_[r] = Median(side_[r]);
    median_serial_[r] = Median(serial_[r]);
    modes_[r] = median_side_[r] < median_serial_[r] ? RegionMode::kSideBySide
                                                    : RegionMode::kOneAfterAnother;
  }
  side_.clear();
  serial_.clear();
}

int RegionChooser::side_by_side() const {
  return static_cast<int>(std::count(modes_.begin(), modes_.end(), RegionMode::kSideBySide));
}

}  // namespace onnxlens::runtime
