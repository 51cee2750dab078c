// Arrays inside functions end to end (spec 12.4.4): inputs whose size comes
// from the call (`Real x[:]`), outputs sized by an input's value and by
// another input's size, loops indexing with a subscript that varies at run
// time, early return from a loop, an array assignment that reads what it
// assigns, the same function called with two sizes, a vectorized call of a
// scalar function, the run-time failure of an index out of range, and
// compile-time evaluation of an array-valued function for a parameter. Expectations are worked out by hand from the
// function bodies.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

namespace {

using smc::importer::SimulateOptions;
using smc::importer::SimulationResult;
using smc::test::compileModel;
using smc::test::simulateError;
using smc::test::simulateOk;
using smc::test::valueAt;
using smc::test::writeScratchModel;

SimulateOptions optionsFor(const std::string& fmu, double stop, double step) {
  return smc::test::simulationOf(fmu, stop, step, true);
}

constexpr const char* arraysModel = R"(model FunctionArrays
  function anyTrue
    input Boolean b[:];
    output Boolean result;
  algorithm
    result := false;
    for i in 1:size(b, 1) loop
      result := result or b[i];
    end for;
  end anyTrue;
  function firstTrueIndex
    input Boolean b[:];
    output Integer index;
  algorithm
    index := 0;
    for i in 1:size(b, 1) loop
      if b[i] then
        index := i;
        return;
      end if;
    end for;
  end firstTrueIndex;
  function interpolate
    input Real x[:];
    input Real y[size(x, 1)];
    input Real xi;
    output Real yi;
  protected
    Integer i = 1;
  algorithm
    while i < size(x, 1) - 1 and xi >= x[i + 1] loop
      i := i + 1;
    end while;
    yi := y[i] + (y[i + 1] - y[i]) * (xi - x[i]) / (x[i + 1] - x[i]);
  end interpolate;
  function reversed
    input Real u[:];
    output Real y[size(u, 1)];
  algorithm
    y := u;
    y := y[size(u, 1):-1:1];
  end reversed;
  function fractions
    input Integer m;
    output Real f[m];
  algorithm
    for k in 1:m loop
      f[k] := (k - 1) / m;
    end for;
  end fractions;
  function total
    input Real u[:];
    output Real s;
  algorithm
    s := sum(u);
  end total;
  function twice
    input Real x;
    output Real y;
  algorithm
    y := 2 * x;
  end twice;
  parameter Real tx[4] = {0, 1, 2, 3};
  parameter Real ty[4] = {0, 10, 15, 40};
  parameter Real thirds[3] = fractions(3);
  Boolean flags[3] = {time > 0.5, time > 0.25, false};
  Boolean any = anyTrue(flags);
  Integer first = firstTrueIndex(flags);
  Real v = interpolate(tx, ty, 3 * time);
  Real r[3] = reversed({time, 2 * time, 3 * time});
  Real s2 = total({time, 1});
  Real s3 = total({time, 1, 2});
  Real tw[2] = twice({time, 1});
end FunctionArrays;
)";

TEST(FunctionArrays, InputsSizedByTheCallComputeWhatTheBodiesSay) {
  std::string model = writeScratchModel("FunctionArrays.mo", arraysModel);
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "FunctionArrays.fmu"), 1, 0.125));
  // flags = {t > 0.5, t > 0.25, false}
  EXPECT_EQ(valueAt(r, "any", 0.25), 0);
  EXPECT_EQ(valueAt(r, "first", 0.25), 0);
  EXPECT_EQ(valueAt(r, "any", 0.375), 1);
  EXPECT_EQ(valueAt(r, "first", 0.375), 2);
  EXPECT_EQ(valueAt(r, "first", 0.625), 1);
  // Linear in the segment holding 3t: 3t = 1.125 -> 10 + 5 * 0.125;
  // 3t = 2.25 -> 15 + 25 * 0.25; 3t = 3 (the table's end) -> 40.
  EXPECT_NEAR(valueAt(r, "v", 0.375), 10.625, 1e-12);
  EXPECT_NEAR(valueAt(r, "v", 0.75), 21.25, 1e-12);
  EXPECT_NEAR(valueAt(r, "v", 1.0), 40, 1e-12);
  EXPECT_NEAR(valueAt(r, "r[1]", 0.5), 1.5, 1e-12);
  EXPECT_NEAR(valueAt(r, "r[2]", 0.5), 1.0, 1e-12);
  EXPECT_NEAR(valueAt(r, "r[3]", 0.5), 0.5, 1e-12);
  EXPECT_NEAR(valueAt(r, "thirds[1]", 0), 0, 1e-15);
  EXPECT_NEAR(valueAt(r, "thirds[2]", 0), 1.0 / 3, 1e-15);
  EXPECT_NEAR(valueAt(r, "thirds[3]", 0), 2.0 / 3, 1e-15);
  EXPECT_NEAR(valueAt(r, "s2", 0.5), 1.5, 1e-12);
  EXPECT_NEAR(valueAt(r, "s3", 0.5), 3.5, 1e-12);
  // A vectorized call (spec 12.4.6): twice applied to each element.
  EXPECT_NEAR(valueAt(r, "tw[1]", 0.5), 1.0, 1e-12);
  EXPECT_NEAR(valueAt(r, "tw[2]", 0.5), 2.0, 1e-12);
}

// A tuple equation whose outputs include arrays gives a value to every
// element, in a clocked partition (counted per element there) and in the
// continuous one. fib maps {a, b} to {b, a + b}: from previous = {0, 1} the
// ticks give {1, 1}, {1, 2}, {2, 3}, {3, 5}, {5, 8}, {8, 13}.
constexpr const char* tupleModel = R"(model TupleArrays
  function fib
    input Integer s[2];
    output Integer total;
    output Integer next[2];
  algorithm
    next := {s[2], s[1] + s[2]};
    total := next[1] + next[2];
  end fib;
  function split
    input Real x;
    output Real parts[2];
    output Real whole;
  algorithm
    parts := {x, 2 * x};
    whole := sum(parts);
  end split;
  Integer state[2](start = {0, 1}, each fixed = true);
  Integer total(start = 0);
  Real p[2];
  Real w;
equation
  when Clock(0.1) then
    (total, state) = fib(previous(state));
  end when;
  (p, w) = split(time);
end TupleArrays;
)";

TEST(FunctionArrays, TupleEquationsAssignEveryElementOfAnArrayOutput) {
  std::string model = writeScratchModel("TupleArrays.mo", tupleModel);
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "TupleArrays.fmu"), 0.5, 0.1));
  EXPECT_EQ(valueAt(r, "state[1]", 0), 1);
  EXPECT_EQ(valueAt(r, "state[2]", 0), 1);
  EXPECT_EQ(valueAt(r, "total", 0), 2);
  EXPECT_EQ(valueAt(r, "state[1]", 0.5), 8);
  EXPECT_EQ(valueAt(r, "state[2]", 0.5), 13);
  EXPECT_EQ(valueAt(r, "total", 0.5), 21);
  EXPECT_NEAR(valueAt(r, "p[2]", 0.5), 1.0, 1e-12);
  EXPECT_NEAR(valueAt(r, "w", 0.5), 1.5, 1e-12);
}

// Called with empty arrays (as the MSL's filters are for an even order):
// a loop over 1:size(x, 1) never runs and may subscript the empty arrays,
// and a scalar times an empty array is empty; the count is the other input.
TEST(FunctionArrays, EmptyArraysGiveEmptyLoopsAndEmptyProducts) {
  std::string model = writeScratchModel("EmptyArrays.mo", R"(model EmptyArrays
  function scaled
    input Real x[:];
    input Real k;
    input Real w[:];
    output Real y[size(x, 1)];
    output Real total;
  algorithm
    for i in 1:size(x, 1) loop
      y[i] := x[i] / x[i];
    end for;
    y := k * x;
    total := k + sum(w);
  end scaled;
  parameter Real none[0];
  Real y[0];
  Real total;
equation
  (y, total) = scaled(none, 2, {time, 1});
end EmptyArrays;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "EmptyArrays.fmu"), 0.5, 0.25));
  EXPECT_NEAR(valueAt(r, "total", 0.5), 3.5, 1e-12);
}

// As IF97's functions write them: a local constant sized by its binding
// (`Real n[:] = array(...)`, array() being the constructor {...}), and an
// array input whose default differs in size from what the call gives.
// weighted(x) = n . x with n = {1, 2, 3}; the default of w is never used.
TEST(FunctionArrays, LocalsSizedByTheirBindingAndDefaultsOfGivenInputs) {
  std::string model = writeScratchModel("SizedByBinding.mo", R"(model SizedByBinding
  function weighted
    input Real x[3];
    input Real w[:] = {1, 1};
    output Real y;
  protected
    constant Real n[:] = array(1, 2, 3);
    Real squares[:] = array(k^2 for k in 1:3);
  algorithm
    y := n * x + sum(w) + sum(squares);
  end weighted;
  Real y = weighted({time, 1, 2}, {10});
  Real z = weighted({0, 0, 0});
end SizedByBinding;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "SizedByBinding.fmu"), 0.5, 0.25));
  EXPECT_NEAR(valueAt(r, "y", 0.5), 0.5 + 2 + 6 + 10 + 14, 1e-12);
  EXPECT_NEAR(valueAt(r, "z", 0.5), 2 + 14, 1e-12);
}

// k is 1, 2, 3, 4 over the run; the array has 3 elements.
constexpr const char* outOfRangeModel = R"(model FunctionIndexOut
  function pick
    input Real table[:];
    input Integer k;
    output Real y;
  algorithm
    y := table[k];
  end pick;
  Integer k = 1 + integer(time);
  Real y = pick({10, 20, 30}, k);
end FunctionIndexOut;
)";

TEST(FunctionArrays, IndexOutOfRangeFailsTheStepNamingTheArrayAndTheSource) {
  std::string model = writeScratchModel("FunctionIndexOut.mo", outOfRangeModel);
  SimulateOptions options = optionsFor(compileModel(model, "FunctionIndexOut.fmu"), 4, 0.5);
  std::string error = simulateError(options);
  EXPECT_NE(error.find("array index out of bounds: 'table' has size [3]"), std::string::npos) << error;
  EXPECT_NE(error.find("FunctionIndexOut.mo:7:10"), std::string::npos) << error;
}

// An output of size 0 filled in a loop over 1:0: the function is built
// for the empty shape (no element to check an assignment against) and
// gives an empty array, while the same function built for 3 sums to 6.
TEST(FunctionArrays, AnEmptyOutputFilledInALoopOverNothingIsEmpty) {
  std::string model = writeScratchModel("EmptyFill.mo", R"(model EmptyFill
  function f
    input Integer n;
    output Real y[n];
  algorithm
    for i in 1:n loop
      y[i] := i;
    end for;
  end f;
  parameter Integer n = 0;
  Real z[n] = f(n);
  Real w = sum(f(3));
end EmptyFill;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "EmptyFill.fmu"), 0.1, 0.1, true));
  EXPECT_EQ(valueAt(r, "w", 0), 6);
}

}  // namespace

// `x[i - 2:i - 1]` and `y[i:i + 1]` with i a loop variable: bounds that
// differ by a constant give a slice of known length whose elements are
// chosen when the function runs (the MSL's Xorshift generators fill their
// state this way).
TEST(FunctionArrays, SlicesWhoseBoundsMoveTogetherAreChosenWhenTheFunctionRuns) {
  std::string fmu = compileModel(writeScratchModel("MovingSlices.mo", R"(model MovingSlices
  function pairs
    input Real t;
    input Integer n;
    output Real s[6];
  protected
    Real aux[2];
  algorithm
    s := fill(0, 6);
    s[1:2] := {t, 2 * t};
    for i in 3:2:n - 1 loop
      aux := s[i - 2:i - 1];
      s[i:i + 1] := {aux[2] + 1, aux[1] + 1};
      // Bounds the wrong way round: an empty slice.
      s[i] := s[i] + size(s[i + 1:i], 1);
    end for;
  end pairs;
  Real y[6] = pairs(time, 6);
  Real z[6] = pairs(time, integer(8 * time));
end MovingSlices;
)"),
                                 "MovingSlices.fmu");
  SimulationResult r = simulateOk(optionsFor(fmu, 0.5, 0.5));
  // s = {t, 2t, 2t + 1, t + 1, t + 2, 2t + 2} at t = 0.5.
  const double expected[6] = {0.5, 1, 2, 1.5, 2.5, 3};
  for (int k = 0; k < 6; ++k)
    EXPECT_DOUBLE_EQ(valueAt(r, "y[" + std::to_string(k + 1) + "]", 0.5), expected[k]) << k;
  // n = 8 at t = 1 asks for s[7:8] of 6 elements: a located run-time failure.
  std::string error = simulateError(optionsFor(fmu, 1, 0.5));
  EXPECT_NE(error.find("array index out of bounds: 's' has size [6]"), std::string::npos) << error;
}
