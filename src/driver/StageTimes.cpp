// See StageTimes.h.
#include "driver/StageTimes.h"

#include <fmt/format.h>

#include <sys/resource.h>

namespace smc {

namespace {

double peakResidentMiB() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // Linux: KiB
}

}  // namespace

StageTimes::StageTimes() : start_(Clock::now()), last_(start_) {}

void StageTimes::finish(std::string stage) {
  Clock::time_point now = Clock::now();
  stages_.push_back({std::move(stage), std::chrono::duration<double>(now - last_).count(),
                     peakResidentMiB()});
  last_ = now;
}

std::string StageTimes::table() const {
  std::string out = fmt::format("{:<20} {:>10} {:>10}\n", "stage", "seconds", "peak MiB");
  for (const StageTime& s : stages_)
    out += fmt::format("{:<20} {:>10.4f} {:>10.1f}\n", s.stage, s.seconds, s.peakMiB);
  double total = std::chrono::duration<double>(last_ - start_).count();
  out += fmt::format("{:<20} {:>10.4f} {:>10.1f}\n", "total", total, peakResidentMiB());
  if (equations_) out += fmt::format("{:<20} {:>10}\n", "equations", *equations_);
  if (aliasEquations_)
    out += fmt::format("{:<20} {:>10}  of {} (removed before matching)\n", "alias equations", aliasEquations_->first,
                       aliasEquations_->second);
  return out;
}

}  // namespace smc
