// The communication points of a fixed-step co-simulation run:
// t_k = start + k*h for k < n, and t_n = stop exactly. Computing each point
// from k (instead of adding h repeatedly) keeps rounding errors from
// accumulating, and the final step is shortened when h does not divide the
// interval, so the last row is always at the stop time.
#pragma once

#include "importer/Result.h"

#include <cstddef>

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

private:
  CommunicationGrid(double start, double stop, double step, std::size_t steps, bool shortened)
      : start_(start), stop_(stop), step_(step), steps_(steps), shortened_(shortened) {}

  double start_;
  double stop_;
  double step_;
  std::size_t steps_;
  bool shortened_;
};

}  // namespace smc::importer
