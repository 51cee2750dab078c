// The tick grid of a base clock. Every sub-clock of a periodic base clock
// ticks on multiples of one grid step: with L the lcm of the denominators
// of all factors and shifts, each sub-partition's period and first-tick
// offset are integers in units of I_base/L; dividing them all by their gcd g
// leaves a grid with no idle ticks when possible. The grid step, I_base*g/L,
// is written as sample(t0, I, R) with ticks at exactly t0 + (k*I)/R: for
// Clock(n, r) I = n*g and R = r*L; for Clock(h) I = h*g and R = L.
// Event clocks cannot be subdivided: their grid is the event ticks, and
// factors and shifts are already integers.
#include "clocks/Clocks.h"

#include <numeric>

namespace smc::clocks {

ClockGrid computeGrid(const BaseClock& base, const std::vector<SubPartition>& subPartitions) {
  ClockGrid grid;
  int64_t l = 1;
  for (size_t index : base.subPartitions) {
    const ClockOffset& c = subPartitions[index].clock;
    l = checkedMul(l / std::gcd(l, c.factor.den()), c.factor.den());
    l = checkedMul(l / std::gcd(l, c.shift.den()), c.shift.den());
  }
  int64_t g = 0;
  for (size_t index : base.subPartitions) {
    const ClockOffset& c = subPartitions[index].clock;
    Rational period = c.factor * Rational(l);
    Rational offset = c.shift * Rational(l);
    grid.periods.push_back(period.num());
    grid.offsets.push_back(offset.num());
    g = std::gcd(g, period.num());
    g = std::gcd(g, offset.num());
  }
  if (g == 0 || !base.isPeriodic()) g = 1;
  for (int64_t& p : grid.periods) p /= g;
  for (int64_t& o : grid.offsets) o /= g;
  switch (base.kind) {
    case BaseClock::Kind::Rational:
      grid.interval = double(checkedMul(base.counter, g));
      grid.resolution = double(checkedMul(base.resolution, l));
      break;
    case BaseClock::Kind::Interval:
      grid.interval = base.interval * double(g);
      grid.resolution = double(l);
      break;
    case BaseClock::Kind::Event:
      grid.interval = 0;
      grid.resolution = 1;
      break;
  }
  return grid;
}

}  // namespace smc::clocks
