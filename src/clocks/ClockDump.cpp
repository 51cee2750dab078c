// `smc --dump=clocks`: the result of clock inference as text, one base
// clock after the other in order of first use, each with its tick grid and
// sub-partitions (clock, first tick, interval, variables, equations), then
// the size of the continuous-time partition. Times of periodic clocks are
// exact fractions for Clock(n, r) and 12 significant digits for Clock(h).
#include "clocks/Clocks.h"
#include "flatten/StatementWalk.h"

#include <fmt/format.h>

namespace smc::clocks {

namespace {

std::string seconds(const BaseClock& base, const Rational& multiple) {
  if (base.kind == BaseClock::Kind::Rational) {
    try {
      return (Rational(base.counter, base.resolution) * multiple).text();
    } catch (const RationalOverflow&) {
      return fmt::format("{:.12g}", double(base.counter) / double(base.resolution) * multiple.toDouble());
    }
  }
  return fmt::format("{:.12g}", base.interval * multiple.toDouble());
}

const char* kindName(const BaseClock& base) {
  if (base.isDefault) return "default";
  return base.isPeriodic() ? "periodic" : "event";
}

}  // namespace

std::string dumpClocks(const flat::FlatModel& model, const Partitioning& partitioning) {
  std::string out = fmt::format("clocks of {}\n", model.name);
  for (size_t b = 0; b < partitioning.baseClocks.size(); ++b) {
    const BaseClock& base = partitioning.baseClocks[b];
    out += fmt::format("base clock {}: {} {}", b + 1, kindName(base), base.text);
    std::optional<ClockGrid> grid;
    try {
      grid = computeGrid(base, partitioning.subPartitions);
    } catch (const RationalOverflow&) {
    }
    if (base.isPeriodic()) {
      out += fmt::format(", interval {} s", seconds(base, Rational(1)));
      if (grid)
        out += fmt::format(", grid sample(t0, {}, {})", flat::formatReal(grid->interval),
                           flat::formatReal(grid->resolution));
    } else if (base.varyingInterval) {
      out += fmt::format(", time-varying interval {}", flat::toString(*base.varyingInterval, model));
    } else {
      out += fmt::format(", condition {}, startInterval {}", flat::toString(*base.condition, model),
                         flat::formatReal(base.startInterval));
    }
    out += "\n";
    for (size_t m = 0; m < base.subPartitions.size(); ++m) {
      const SubPartition& sub = partitioning.subPartitions[base.subPartitions[m]];
      out += fmt::format("  sub-partition {}.{}: {}", b + 1, m + 1, sub.clockText);
      if (base.isPeriodic())
        out += fmt::format(", first tick {} s, interval {} s", seconds(base, sub.clock.shift),
                           seconds(base, sub.clock.factor));
      else
        out += fmt::format(", first tick at event {}, every {} event(s)", (sub.clock.shift + Rational(1)).text(),
                           sub.clock.factor.text());
      if (grid) out += fmt::format(", grid offset {} period {}", grid->offsets[m], grid->periods[m]);
      out += "\n";
      std::vector<std::string> names;
      for (flat::VarId v : sub.variables) names.push_back(model.variables[v].name);
      out += fmt::format("    variables: {}\n", fmt::join(names, ", "));
      if (sub.hasDer) out += fmt::format("    solverMethod: {}\n", sub.solverMethod);
      for (size_t eq : sub.equations) {
        const flat::Equation& e = model.equations[eq];
        out += fmt::format("    {} = {};\n", flat::toString(*e.lhs, model), flat::toString(*e.rhs, model));
      }
      for (size_t a : sub.algorithms) {
        std::vector<std::string> assigned;
        for (flat::VarId v : flat::assignedVariables(model.algorithms[a].statements))
          assigned.push_back(model.variables[v].name);
        out += fmt::format("    algorithm assigning {}\n", fmt::join(assigned, ", "));
      }
    }
  }
  out += fmt::format("continuous-time partition: {} equation(s)\n", partitioning.continuousEquations.size());
  return out;
}

}  // namespace smc::clocks
