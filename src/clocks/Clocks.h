// The clocks stage (spec chapter 16): a flat model -> flat model pass between
// flattening and causalization. inferClocks() splits the equations into the
// continuous-time partition and clocked sub-partitions and finds each
// sub-partition's clock relative to its base clock (spec 16.7); lowerClocks()
// then rewrites the clocked partitions into the hybrid vocabulary the
// causalizer knows (sample() time events, when-equations, pre()), fills
// FlatModel::clockedPartitions and removes every Clock variable, clock
// constructor and clock operator.
#pragma once

#include "clocks/Rational.h"
#include "flatten/FlatModel.h"
#include "frontend/Diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace smc::clocks {

// A base clock (spec 16.7.2): the clock every sub-clock of one group of
// connected partitions is derived from.
struct BaseClock {
  enum class Kind {
    Rational,  // Clock(counter, resolution): interval counter/resolution
    Interval,  // Clock(interval) with a Real interval
    Event,     // Clock(condition, startInterval)
  };
  Kind kind = Kind::Interval;
  bool isDefault = false;   // no clock anywhere: periodic 1 s from the start time
  int64_t counter = 1;      // Rational
  int64_t resolution = 1;   // Rational
  double interval = 1.0;    // Interval
  flat::ExprPtr condition;  // Event
  double startInterval = 0; // Event
  // A time-varying clock (spec 16.3: Clock(intervalCounter, resolution) or
  // Clock(interval) whose argument is a clocked expression of the clock's
  // own partition): an Event clock that ticks at the start time and then
  // `varyingInterval` (a Real expression, evaluated at each tick) after
  // each tick; null for every other clock.
  flat::ExprPtr varyingInterval;
  std::string text;         // "Clock(0.2)", "Clock(1, 10)", "Clock(x > 0.5, 0.0)"
  SourceRange range;        // the constructor (the first equation for the default clock)
  std::vector<size_t> subPartitions;  // indices into Partitioning::subPartitions

  bool isPeriodic() const { return kind != Kind::Event; }
};

// One clocked sub-partition: connected equations (spec 16.7.1) sharing one
// sub-clock. Components with the same sub-clock and solver are merged.
struct SubPartition {
  size_t base = 0;        // index into Partitioning::baseClocks
  ClockOffset clock;      // interval and first tick relative to the base clock
  std::string clockText;  // "subSample(Clock(0.2), 3)"
  std::vector<flat::VarId> variables;  // sorted
  std::vector<size_t> equations;       // indices into FlatModel::equations, sorted
  std::vector<size_t> algorithms;      // indices into FlatModel::algorithms, sorted
  bool hasDer = false;                 // a clocked discretized continuous-time partition
  std::string solverMethod;            // one isSupportedSolverMethod accepts (when hasDer)
  SourceRange range;                   // the first equation
};

struct Partitioning {
  std::vector<BaseClock> baseClocks;
  std::vector<SubPartition> subPartitions;
  std::vector<size_t> continuousEquations;  // indices into FlatModel::equations
  std::vector<size_t> clockEquations;       // equations between Clock variables/expressions
  std::vector<flat::VarId> clockVariables;  // variables of type Clock

  bool empty() const { return baseClocks.empty() && clockVariables.empty() && clockEquations.empty(); }
};

// The sub-clock `clock` of `base` as Modelica text: subSample(Clock(0.2), 3),
// superSample(...), shiftSample(..., k, r), backSample(...) (ClockText.cpp).
std::string describeClock(const std::string& base, const ClockOffset& clock);

// The supported clocked solver methods (spec 16.8.2).
bool isSupportedSolverMethod(const std::string& method);
// The names isSupportedSolverMethod accepts, quoted, for messages.
const char* supportedSolverMethods();

// Gives the operand of each sampling conversion (subSample, superSample,
// shiftSample, backSample, hold, noClock) that reads its partition through
// previous(), interval() or firstTick() an equation of its own in that
// partition (a hidden `$operand<k>`), before clock inference.
flat::FlatModel separateConversionOperands(flat::FlatModel model);

// Empty when the model has clock errors (reported, located). A model with no
// clocked construct gives an empty Partitioning quickly.
std::optional<Partitioning> inferClocks(const flat::FlatModel& model, DiagnosticEngine& diags);

// `smc --dump=clocks`: each base clock (kind, interval or condition, grid),
// each sub-partition (its clock as text, first tick and interval, variables,
// equations in flat text, solver method if it has der()), and the
// continuous-time partition's equation count. Deterministic.
std::string dumpClocks(const flat::FlatModel& model, const Partitioning& partitioning);

// Lowers the partitions into the hybrid vocabulary: removes Clock variables
// (remapping VarIds everywhere), adds hidden tick variables and equations
// (names starting with '$'), fills clockedPartitions. Empty on error.
std::optional<flat::FlatModel> lowerClocks(flat::FlatModel model, const Partitioning& partitioning,
                                           DiagnosticEngine& diags);

// The time-event grid of a periodic base clock (see Grid.cpp): one grid tick
// every interval/resolution seconds, sub-partition m ticking at grid ticks
// offset[m] + k*period[m].
struct ClockGrid {
  double interval = 1;    // I of sample(t0, I, R)
  double resolution = 1;  // R of sample(t0, I, R)
  std::vector<int64_t> offsets;  // per sub-partition of the base clock, in its order
  std::vector<int64_t> periods;
};
// Throws RationalOverflow when the numbers do not fit 64-bit integers.
ClockGrid computeGrid(const BaseClock& base, const std::vector<SubPartition>& subPartitions);

}  // namespace smc::clocks
