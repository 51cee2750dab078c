// A tiny interpreter of a lowered state machine model (before the clocks
// stage): every equation runs once per tick, previous(v) reads v's value at
// the previous tick (its start value at the first), firstTick() is true at
// the first tick, sample(u, c) reads u. It solves each tick's equations by
// repeated substitution, which settles for the acyclic systems the
// lowering produces. It lets the tests compare the lowering's behaviour
// with the independently derived expectations of the shared models.
#pragma once

#include "flatten/FlatModel.h"

#include <string>
#include <vector>

namespace smc::test {

class TickSimulator {
public:
  explicit TickSimulator(const flat::FlatModel& model);

  // Runs one tick at `time`; false (and a test failure) when the equations
  // do not settle.
  bool tick(double time);
  double value(const std::string& name) const;

private:
  double eval(const flat::Expr& e) const;

  const flat::FlatModel& model_;
  std::vector<double> previous_, current_;
  bool first_ = true;
  double time_ = 0;
};

}  // namespace smc::test
