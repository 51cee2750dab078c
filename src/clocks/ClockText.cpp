// Clock descriptions for dumps and messages: a sub-clock relative to its
// base clock written back as the operators that would produce it, slowest
// first: superSample, then subSample, then shiftSample or backSample by a
// fraction of the sub-clock's own interval.
#include "clocks/Clocks.h"

#include <fmt/format.h>

namespace smc::clocks {

std::string describeClock(const std::string& base, const ClockOffset& clock) {
  std::string text = base;
  if (clock.factor.den() > 1) text = fmt::format("superSample({}, {})", text, clock.factor.den());
  if (clock.factor.num() > 1) text = fmt::format("subSample({}, {})", text, clock.factor.num());
  if (clock.shift.isZero()) return text;
  // The shift in intervals of the sub-clock itself: shiftSample(u, k, r)
  // delays u's first tick by k/r of u's interval.
  Rational ticks = clock.shift / clock.factor;
  const char* op = ticks.isNegative() ? "backSample" : "shiftSample";
  Rational amount = ticks.isNegative() ? -ticks : ticks;
  if (amount.isInteger()) return fmt::format("{}({}, {})", op, text, amount.num());
  return fmt::format("{}({}, {}, {})", op, text, amount.num(), amount.den());
}

bool isSupportedSolverMethod(const std::string& method) {
  return method == "ExplicitEuler" || method == "ExplicitMidPoint2" || method == "ExplicitRungeKutta4" ||
         method == "ImplicitEuler" || method == "ImplicitTrapezoid";
}

const char* supportedSolverMethods() {
  return "\"ExplicitEuler\", \"ExplicitMidPoint2\", \"ExplicitRungeKutta4\", \"ImplicitEuler\", \"ImplicitTrapezoid\"";
}

}  // namespace smc::clocks
