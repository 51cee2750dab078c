// The communication points of a fixed-step co-simulation run:
// t_k = start + k*h for k < n, and t_n = stop exactly. Computing each point
// from k (instead of adding h repeatedly) keeps rounding errors from
// accumulating, and the final step is shortened when h does not divide the
// interval, so the last row is always at the stop time. Further points
// (`smc simulate --output-times`) may be added between them.
#pragma once

#include "importer/Result.h"

#include <cstddef>
#include <filesystem>
#include <vector>

namespace smc::importer {

class CommunicationGrid {
public:
  // start and stop finite with stop >= start; step finite and > 0.
  static Result<CommunicationGrid> make(double start, double stop, double step);

  double start() const { return start_; }
  double stop() const { return stop_; }
  double step() const { return step_; }
  std::size_t stepCount() const { return steps_; }
  // k in [0, stepCount()]; point(stepCount()) == stop.
  double point(std::size_t k) const;
  // True when the final step is shorter than h by more than rounding.
  bool lastStepShortened() const { return shortened_; }
  // The same grid with these times as further points: those in
  // (start, stop) that are not already points, in order. The steps are
  // then of varying length.
  CommunicationGrid withPoints(std::vector<double> times) const;
  bool variableSteps() const { return shortened_ || !points_.empty(); }

private:
  CommunicationGrid(double start, double stop, double step, std::size_t steps, bool shortened)
      : start_(start), stop_(stop), step_(step), steps_(steps), shortened_(shortened) {}

  double start_;
  double stop_;
  double step_;
  std::size_t steps_;
  bool shortened_;
  std::vector<double> points_;  // every point, when further ones were added
};

// Times to communicate at, read from a file: one number a line, or the first
// column of a CSV (a header line that is not a number is skipped). Errors
// name the file and line.
Result<std::vector<double>> readOutputTimes(const std::filesystem::path& path);

}  // namespace smc::importer
