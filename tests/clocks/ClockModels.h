// Flat models shaped like the shared clocked models (SampledPI,
// RateChanges) and the BackSampled example, built in code for the
// clocks-stage tests. Line numbers are those of the Modelica sources.
#pragma once

#include "ClockBuilder.h"

namespace smc::test {

// The SampledPI shape: a continuous plant, a PI controller on Clock(0.1).
struct SampledPI {
  ClockBuilder b{"SampledPI"};
  VarId kp = b.parameter("kp", 2), ki = b.parameter("ki", 1), r = b.parameter("r", 1);
  VarId x = b.real("x"), u = b.real("u"), xd = b.real("xd"), e = b.real("e");
  VarId integral = b.real("integral"), ud = b.real("ud"), y = b.real("y");
  SampledPI() {
    b.equation(der(x), add(neg(var(x)), var(u)), 10);
    b.equation(var(xd), sampleOf(var(x), clockInterval(real(0.1), 11), 11), 11);
    b.equation(var(e), sub(var(r), var(xd)), 12);
    b.equation(var(integral), add(previous(integral, 13), mul(var(e), intervalOf(var(xd), 13))), 13);
    b.equation(var(ud), add(mul(var(kp), var(e)), mul(var(ki), var(integral))), 14);
    b.equation(var(u), hold(var(ud), 15), 15);
    b.equation(var(y), var(x), 16);
  }
};

// The RateChanges shape: one Clock variable and four derived clocks.
struct RateChanges {
  ClockBuilder b{"RateChanges"};
  VarId base = b.clock("base", 2);
  VarId n = b.integer("n"), slow = b.integer("slow"), fast = b.integer("fast"), late = b.integer("late");
  VarId first = b.boolean("first");
  VarId dt = b.real("dt");
  RateChanges() {
    b.equation(var(base), clockInterval(real(0.2), 2), 2);
    b.equation(var(n), add(previous(n), integer(1)), 11, var(base, 10));
    b.equation(var(first), firstTick(12), 12, var(base, 10));
    b.equation(var(slow), add(previous(slow), integer(1)), 15, subSample(var(base), integer(3), 14));
    b.equation(var(fast), add(previous(fast), integer(1)), 18, superSample(var(base), integer(2), 17));
    b.equation(var(dt), intervalOf(19), 19, superSample(var(base), integer(2), 17));
    b.equation(var(late), add(previous(late), integer(1)), 22, shiftSample(var(base), 1, 1, 21));
  }
};

// The BackSampled shape: shiftSample and backSample on a rational clock.
struct BackSampled {
  ClockBuilder b{"BackSampled"};
  VarId base = b.clock("base");
  VarId x = b.real("x"), shifted = b.real("shifted"), back = b.real("back");
  VarId n = b.integer("n");
  BackSampled() {
    b.equation(var(base), clockRational(3, 10, 2), 2);
    b.equation(var(x), sampleOf(time(), var(base), 8), 8);
    b.equation(var(shifted), shiftSample(var(x), 2, 3, 9), 9);
    b.equation(var(back), backSample(var(shifted), 1, 3, 10), 10);
    b.equation(var(n), add(previous(n), integer(1)), 12,
               backSample(shiftSample(var(base), 2, 3, 11), 1, 3, 11));
  }
};

}  // namespace smc::test
