// Language features end to end: if-equations whose conditions vary during
// simulation (spec 8.3.4), continuous and discrete, and array subscripts
// that vary during simulation (spec 10.5), read and (in algorithms)
// assigned, including the run-time failure of an index out of range;
// recursive functions (spec 12.4), including one whose recursion never
// ends; the most negative Integer as a literal.
// Expectations are closed forms.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using smc::importer::SimulateOptions;
using smc::importer::SimulationResult;
using smc::test::columnOf;
using smc::test::compileModel;
using smc::test::compileErrors;
using smc::test::simulateError;
using smc::test::simulateOk;
using smc::test::valueAt;
using smc::test::writeScratchModel;

// Every variable is recorded: the tests look at locals too.
SimulateOptions optionsFor(const std::string& fmu, double stop, double step) {
  return smc::test::simulationOf(fmu, stop, step, true);
}

// x = t; y solves y + x = 2 once x > 0.5 and 2 y = x before, so y jumps at
// the event t = 0.5 from 0.25 to 1.5; z integrates y:
// z(1) = int_0^0.5 t/2 dt + int_0.5^1 (2 - t) dt = 1/16 + 5/8 = 0.6875.
TEST(VaryingIfEquation, ContinuousResidualsSwitchAtTheEvent) {
  std::string model = writeScratchModel("IfResidual.mo", R"(model IfResidual
  Real x(start = 0, fixed = true);
  Real y;
  Real z(start = 0, fixed = true);
equation
  der(x) = 1;
  if x > 0.5 then
    y + x = 2;
  else
    2 * y = x;
  end if;
  der(z) = y;
end IfResidual;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "IfResidual.fmu"), 1, 0.1));
  EXPECT_NEAR(valueAt(r, "y", 0.2), 0.1, 1e-6);
  EXPECT_NEAR(valueAt(r, "y", 0.4), 0.2, 1e-6);
  EXPECT_NEAR(valueAt(r, "y", 0.6), 1.4, 1e-6);
  EXPECT_NEAR(valueAt(r, "y", 1.0), 1.0, 1e-6);
  EXPECT_NEAR(valueAt(r, "z", 0.4), 0.04, 1e-5);
  EXPECT_NEAR(valueAt(r, "z", 1.0), 0.6875, 1e-5);
}

// k and high are assigned in each branch (in different orders): k counts
// the thresholds 0.25 and 0.75 that x = t has passed.
TEST(VaryingIfEquation, DiscreteBranchesAssignIntegerAndBooleanVariables) {
  std::string model = writeScratchModel("IfDiscrete.mo", R"(model IfDiscrete
  Real x(start = 0, fixed = true);
  Integer k;
  Boolean high;
equation
  der(x) = 1;
  if x > 0.75 then
    k = 2;
    high = true;
  elseif x > 0.25 then
    high = false;
    k = 1;
  else
    k = 0;
    high = false;
  end if;
end IfDiscrete;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "IfDiscrete.fmu"), 1, 0.1));
  for (const auto& row : r.rows) {
    double t = row[0];
    if (std::abs(t - 0.25) < 1e-6 || std::abs(t - 0.75) < 1e-6) continue;
    EXPECT_EQ(row[columnOf(r, "k")], t > 0.75 ? 2 : t > 0.25 ? 1 : 0) << "t = " << t;
    EXPECT_EQ(row[columnOf(r, "high")], t > 0.75 ? 1 : 0) << "t = " << t;
  }
}

// Ticks at t = 0, 0.25, ..., 1: x = t is above 0.5 only at 0.75 and 1, so
// k counts 1 + 1 + 1 + 10 + 10 and y is -x, then x.
TEST(VaryingIfEquation, InsideAWhenClauseAssignsTheSelectedBranch) {
  std::string model = writeScratchModel("IfInWhen.mo", R"(model IfInWhen
  Real x(start = 0, fixed = true);
  discrete Integer k(start = 0);
  discrete Real y(start = 0);
equation
  der(x) = 1;
  when sample(0, 0.25) then
    if x > 0.5 then
      k = pre(k) + 10;
      y = x;
    else
      y = -x;
      k = pre(k) + 1;
    end if;
  end when;
end IfInWhen;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "IfInWhen.fmu"), 1, 0.25));
  const double k[] = {1, 2, 3, 13, 23};
  for (int tick = 0; tick <= 4; ++tick) {
    double t = 0.25 * tick;
    EXPECT_EQ(valueAt(r, "k", t), k[tick]) << "t = " << t;
    EXPECT_NEAR(valueAt(r, "y", t), tick >= 3 ? t : -t, 1e-9) << "t = " << t;
  }
}

const char* pickModel = R"(model Pick
  parameter Real table[3] = {10, 20, 30};
  parameter Integer last = 3;
  Integer i = if time < 1 then 1 elseif time < 2 then 2 else last;
  Real y = table[i];
end Pick;
)";

TEST(VariableSubscript, ReadsTheElementTheIndexSelects) {
  std::string model = writeScratchModel("Pick.mo", pickModel);
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "Pick.fmu"), 3, 0.5));
  EXPECT_EQ(valueAt(r, "y", 0.5), 10);
  EXPECT_EQ(valueAt(r, "y", 1.5), 20);
  EXPECT_EQ(valueAt(r, "y", 2.5), 30);
}

TEST(VariableSubscript, OutOfRangeStopsTheSimulationNamingTheArrayAndTheSource) {
  std::string model = writeScratchModel("PickOut.mo", std::string(pickModel));
  SimulateOptions options = optionsFor(compileModel(model, "PickOut.fmu"), 3, 0.5);
  options.settings = {{"last", "4"}};
  std::string error = simulateError(options);
  EXPECT_NE(error.find("array index out of bounds: 'table' has size [3]"), std::string::npos) << error;
  EXPECT_NE(error.find("PickOut.mo:5:12"), std::string::npos) << error;
}

// buf[k] := 10 k + time at the ticks 0.25, 0.5, 0.75 (k = 1, 2, 3); the
// fourth tick, at 1.0, has k = 4 beyond the array.
constexpr const char* bufferModel = R"(model Buffer
  Real buf[3](each start = 0, each fixed = true);
  Integer k(start = 0, fixed = true);
algorithm
  when sample(0.25, 0.25) then
    k := pre(k) + 1;
    buf[k] := 10 * k + time;
  end when;
end Buffer;
)";

TEST(VariableSubscript, AssignmentInAnAlgorithmWritesTheElementTheIndexSelects) {
  std::string model = writeScratchModel("Buffer.mo", bufferModel);
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "Buffer.fmu"), 0.875, 0.125));
  EXPECT_EQ(valueAt(r, "buf[1]", 0.375), 10.25);
  EXPECT_EQ(valueAt(r, "buf[2]", 0.375), 0);
  EXPECT_EQ(valueAt(r, "buf[2]", 0.5), 20.5);
  EXPECT_EQ(valueAt(r, "buf[3]", 0.875), 30.75);
  EXPECT_EQ(valueAt(r, "buf[1]", 0.875), 10.25);
}

TEST(VariableSubscript, AssignmentOutOfRangeStopsTheSimulation) {
  std::string model = writeScratchModel("BufferOut.mo", bufferModel);
  std::string error = simulateError(optionsFor(compileModel(model, "BufferOut.fmu"), 1.5, 0.125));
  EXPECT_NE(error.find("array index out of bounds: 'buf' has size [3]"), std::string::npos) << error;
  EXPECT_NE(error.find("BufferOut.mo:7:5"), std::string::npos) << error;
}

// Recursion (spec 12.4): triangle(n) = n + triangle(n - 1) = n (n + 1) / 2,
// and parity through two functions calling each other.
constexpr const char* recursionModel = R"(model Recursion
  function triangle
    input Integer n;
    output Integer s;
  algorithm
    s := if n <= 0 then 0 else n + triangle(n - 1);
  end triangle;
  function isEven
    input Integer n;
    output Boolean even;
  algorithm
    even := if n == 0 then true else isOdd(n - 1);
  end isEven;
  function isOdd
    input Integer n;
    output Boolean odd;
  algorithm
    odd := if n == 0 then false else isEven(n - 1);
  end isOdd;
  function endless
    input Real x;
    output Real y;
  algorithm
    y := endless(x) + 1;
  end endless;
  parameter Integer n = 10;
  parameter Integer m = 11;
  parameter Boolean callEndless = false;
  Integer sum = triangle(n);
  Boolean even = isEven(m);
  Real never = if callEndless then endless(time) else 0;
end Recursion;
)";

TEST(RecursiveFunction, ComputesItsValueWellBelowTheDepthLimit) {
  std::string model = writeScratchModel("Recursion.mo", recursionModel);
  SimulateOptions options = optionsFor(compileModel(model, "Recursion.fmu"), 1, 0.5);
  options.settings = {{"n", "1500"}, {"m", "1500"}};
  SimulationResult r = simulateOk(options);
  EXPECT_EQ(valueAt(r, "sum", 1), 1500 * 1501 / 2);
  EXPECT_EQ(valueAt(r, "even", 1), 1);
  options.settings = {{"m", "1001"}};
  EXPECT_EQ(valueAt(simulateOk(options), "even", 1), 0);
}

TEST(RecursiveFunction, EndlessRecursionFailsNamingTheFunctionInsteadOfOverflowingTheStack) {
  std::string model = writeScratchModel("EndlessRecursion.mo", recursionModel);
  SimulateOptions options = optionsFor(compileModel(model, "EndlessRecursion.fmu"), 1, 0.5);
  options.settings = {{"callEndless", "true"}};
  std::string error = simulateError(options);
  EXPECT_NE(error.find("function 'Recursion.endless' (defined at EndlessRecursion.mo:20:12) is "
                       "called recursively more than 2000 levels deep"),
            std::string::npos)
      << error;
}

TEST(RecursiveFunction, MutualRecursionPastTheLimitFailsToo) {
  std::string model = writeScratchModel("DeepParity.mo", recursionModel);
  SimulateOptions options = optionsFor(compileModel(model, "DeepParity.fmu"), 1, 0.5);
  options.settings = {{"m", "5000"}};
  std::string error = simulateError(options);
  EXPECT_NE(error.find("function 'Recursion.is"), std::string::npos) << error;
  EXPECT_NE(error.find("is called recursively more than 2000 levels deep"), std::string::npos)
      << error;
}

// break in for-loops of a model's algorithm (spec 11.2.6), nested: at
// t = 1 the outer loop adds 100 per pass (the inner loop breaks at j = 2)
// plus i for i = 1..5 and stops at i = 6 > 5 t: found = 6, total =
// 6 * 100 + (1 + ... + 5) = 615. At t = 0.5 it stops at i = 3 > 2.5:
// found = 3, total = 300 + 3 = 303.
TEST(AlgorithmBreak, BreakLeavesTheInnermostForLoop) {
  std::string model = writeScratchModel("Breaks.mo", R"(model Breaks
  parameter Real limit = 5;
  Integer found(start = 0);
  Real total(start = 0);
algorithm
  found := 0;
  total := 0;
  for i in 1:10 loop
    for j in 1:3 loop
      if j == 2 then
        break;
      end if;
      total := total + 100;
    end for;
    if i > limit * time then
      found := i;
      break;
    end if;
    total := total + i;
  end for;
end Breaks;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "Breaks.fmu"), 1, 0.5));
  EXPECT_EQ(valueAt(r, "found", 1.0), 6);
  EXPECT_EQ(valueAt(r, "total", 1.0), 615);
  EXPECT_EQ(valueAt(r, "found", 0.5), 3);
  EXPECT_EQ(valueAt(r, "total", 0.5), 303);
}

// During initialization pre(v) is v's start value (spec 8.6), also when
// the start is an expression (`start = y0`): the when-statement active at
// initialization leaves ya unassigned, so ya keeps y0 = 2 (as
// Modelica.Electrical.Digital's InertialDelaySensitive does with
// y_auxiliary). m counts the firings from its start 3: 4 at
// initialization, 5 after the event at t = 0.5.
TEST(AlgorithmInitialization, AnUnassignedVariableKeepsItsStartExpression) {
  std::string model = writeScratchModel("KeepsStart.mo", R"(model KeepsStart
  parameter Integer y0 = 2;
  Integer ya(start = y0, fixed = true);
  Integer m(start = 3, fixed = true);
algorithm
  when {initial(), time > 0.5} then
    if time > 0.7 then
      ya := 9;
    end if;
    m := pre(m) + 1;
  end when;
end KeepsStart;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "KeepsStart.fmu"), 1, 0.25));
  EXPECT_EQ(valueAt(r, "ya", 0.0), 2);
  EXPECT_EQ(valueAt(r, "ya", 1.0), 2);
  EXPECT_EQ(valueAt(r, "m", 0.25), 4);
  EXPECT_EQ(valueAt(r, "m", 1.0), 5);
}

}  // namespace

// -2147483648 is a literal only negated (2147483648 alone does not fit in
// an Integer); it must reach the FMU as the parameter's start value.
TEST(IntegerRange, MostNegativeIntegerParameterReachesTheFmu) {
  std::string model = writeScratchModel("MostNegative.mo", R"(model MostNegative
  parameter Integer n = -2147483648;
  output Integer m = n;
  output Integer k = -2147483647 - 1;
end MostNegative;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "MostNegative.fmu"), 1, 0.5));
  EXPECT_EQ(valueAt(r, "m", 1), -2147483648.0);
  EXPECT_EQ(valueAt(r, "k", 1), -2147483648.0);
}

// Parameters with fixed = false are solved for during initialization (spec
// 8.6) and stay constant afterwards: Tmix is the capacity-weighted mean of
// the initial temperatures, (2 * 10 + 3 * 20) / 5 = 16; twice, bound to
// 2 * Tmix, follows it; root solves root^2 = 2 from its start value 1.
// The two temperatures meet at Tmix, T1 = 16 - 6 exp(-(1/2 + 1/3) t).
TEST(FixedFalseParameters, AreSolvedAtInitializationAndConstantAfterwards) {
  std::string model = writeScratchModel("Mixing.mo", R"(model Mixing
  parameter Real C1 = 2, C2 = 3;
  parameter Real Tmix(fixed = false, start = 1);
  parameter Real twice = 2 * Tmix;
  parameter Real root(start = 1, fixed = false);
  Real T1(start = 10, fixed = true);
  Real T2(start = 20, fixed = true);
initial equation
  Tmix = (C1 * T1 + C2 * T2) / (C1 + C2);
  root * root = 2;
equation
  C1 * der(T1) = T2 - T1;
  C2 * der(T2) = T1 - T2;
end Mixing;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "Mixing.fmu"), 1, 0.5));
  for (double t : {0.0, 0.5, 1.0}) {
    EXPECT_NEAR(valueAt(r, "Tmix", t), 16, 1e-9);
    EXPECT_NEAR(valueAt(r, "twice", t), 32, 1e-9);
    EXPECT_NEAR(valueAt(r, "root", t), std::sqrt(2.0), 1e-8);
    EXPECT_NEAR(valueAt(r, "T1", t), 16 - 6 * std::exp(-(1.0 / 2 + 1.0 / 3) * t), 1e-4);
  }
}

// An initial algorithm may compute a parameter with fixed = false (spec
// 8.6), as the MSL's FluidHeatFlow friction does: k = 3 a = 6, and x decays
// as exp(-6 t); a parameter with a fixed value cannot be assigned there.
TEST(FixedFalseParameters, AnInitialAlgorithmComputesThem) {
  std::string model = writeScratchModel("InitialAlgorithmParameter.mo", R"(model InitialAlgorithmParameter
  parameter Real a = 2;
  parameter Real k(fixed = false);
  Real x(start = 1, fixed = true);
initial algorithm
  k := 3 * a;
equation
  der(x) = -k * x;
end InitialAlgorithmParameter;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "InitialAlgorithmParameter.fmu"), 0.5, 0.25));
  EXPECT_NEAR(valueAt(r, "k", 0.5), 6, 1e-12);
  EXPECT_NEAR(valueAt(r, "x", 0.5), std::exp(-3.0), 1e-5);
  std::string fixed = writeScratchModel("InitialAlgorithmFixedParameter.mo", R"(model InitialAlgorithmFixedParameter
  parameter Real k = 1;
initial algorithm
  k := 3;
end InitialAlgorithmFixedParameter;
)");
  EXPECT_NE(compileErrors(fixed).find("InitialAlgorithmFixedParameter.mo:4:3: error: 'k' is a parameter and cannot "
                                      "be assigned"),
            std::string::npos);
}

// A tuple equation in an initial equation section may compute parameters
// with fixed = false, as the MSL's analog filters do: (s, p) = (a + 1, a * 2)
// with a = 3 gives 4 and 6.
TEST(FixedFalseParameters, AnInitialTupleEquationComputesThem) {
  std::string model = writeScratchModel("InitialTupleParameters.mo", R"(model InitialTupleParameters
  function sumAndProduct
    input Real a;
    output Real s;
    output Real p;
  algorithm
    s := a + 1;
    p := a * 2;
  end sumAndProduct;
  parameter Real a = 3;
  parameter Real s(fixed = false), p(fixed = false);
initial equation
  (s, p) = sumAndProduct(a);
end InitialTupleParameters;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "InitialTupleParameters.fmu"), 0.5, 0.25));
  EXPECT_NEAR(valueAt(r, "s", 0.5), 4, 1e-12);
  EXPECT_NEAR(valueAt(r, "p", 0.5), 6, 1e-12);
}

// The array built-ins of spec 10.3, worked by hand at t = 1 with x = {1, 2, 1}:
// x × {0, 1, 0} = {-1, 0, 1}; symmetric copies the upper triangle down.
TEST(ArrayBuiltins, ReshapeAndCombineArraysAsSpecified) {
  std::string model = writeScratchModel("ArrayBuiltins.mo", R"(model ArrayBuiltins
  Real x[3] = {1, 2, time};
  Real c[3] = cross(x, {0, 1, 0});
  Real S[3, 3] = skew(x);
  Real o[2, 3] = outerProduct({1, 2}, x);
  Real d[2, 2] = diagonal({time, 2});
  Real s = scalar({{time}});
  Real v[3] = vector({{1}, {2}, {time}});
  Real m[3, 1] = matrix({1, 2, time});
  Real sym[2, 2] = symmetric({{1, 2}, {3, 4}});
  Real l[5] = linspace(0, time, 5);
end ArrayBuiltins;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "ArrayBuiltins.fmu"), 1, 0.5));
  EXPECT_EQ(valueAt(r, "c[1]", 1), -1);
  EXPECT_EQ(valueAt(r, "c[2]", 1), 0);
  EXPECT_EQ(valueAt(r, "c[3]", 1), 1);
  EXPECT_EQ(valueAt(r, "S[1,2]", 1), -1);
  EXPECT_EQ(valueAt(r, "S[1,3]", 1), 2);
  EXPECT_EQ(valueAt(r, "S[3,1]", 1), -2);
  EXPECT_EQ(valueAt(r, "o[2,2]", 1), 4);
  EXPECT_EQ(valueAt(r, "d[1,1]", 0.5), 0.5);
  EXPECT_EQ(valueAt(r, "d[1,2]", 0.5), 0);
  EXPECT_EQ(valueAt(r, "s", 0.5), 0.5);
  EXPECT_EQ(valueAt(r, "v[3]", 0.5), 0.5);
  EXPECT_EQ(valueAt(r, "m[3,1]", 0.5), 0.5);
  EXPECT_EQ(valueAt(r, "sym[2,1]", 1), 2);
  EXPECT_EQ(valueAt(r, "sym[2,2]", 1), 4);
  EXPECT_EQ(valueAt(r, "l[2]", 1), 0.25);
  EXPECT_EQ(valueAt(r, "l[5]", 1), 1);
  std::string wrong = writeScratchModel("CrossOfTwo.mo", R"(model CrossOfTwo
  Real c[3] = cross({1, 2}, {0, 1, 0});
end CrossOfTwo;
)");
  EXPECT_NE(compileErrors(wrong).find("CrossOfTwo.mo:2:15: error: 'cross' needs two vectors of 3 elements, not size "
                                      "[2] and size [3]"),
            std::string::npos);
}

// der() of a call goes through the function's derivative annotation (spec
// 12.7.1): d/dt (3 x^2) = 6 x der(x), with x = 1 + t: z(1) = 12; the
// Integer input k is noDerivative and passes through unchanged.
TEST(DerivativeAnnotations, DerOfAFunctionCallCallsTheDerivativeFunction) {
  std::string model = writeScratchModel("DerivativeAnnotation.mo", R"(model DerivativeAnnotation
  function scaledSquare
    input Real u;
    input Integer k;
    output Real y;
  algorithm
    y := k * u ^ 2;
    annotation(derivative(noDerivative = k) = scaledSquareDer);
  end scaledSquare;
  function scaledSquareDer
    input Real u;
    input Integer k;
    input Real du;
    output Real dy;
  algorithm
    dy := 2 * k * u * du;
  end scaledSquareDer;
  Real x(start = 1, fixed = true);
  Real z;
equation
  der(x) = 1;
  z = der(scaledSquare(x, 3));
end DerivativeAnnotation;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "DerivativeAnnotation.fmu"), 1, 0.5));
  EXPECT_NEAR(valueAt(r, "z", 0), 6, 1e-9);
  EXPECT_NEAR(valueAt(r, "z", 1), 12, 1e-6);
}

// Without a derivative annotation, a function whose body only assigns is
// differentiated as the expression it computes: d/dt x^3 = 3 x^2 der(x) =
// 12 at x = 2.
TEST(DerivativeAnnotations, AStraightLineFunctionIsDifferentiatedThroughItsBody) {
  std::string model = writeScratchModel("DerivativeInlined.mo", R"(model DerivativeInlined
  function cube
    input Real u;
    output Real y;
  protected
    Real sq = u * u;
  algorithm
    y := sq * u;
  end cube;
  Real x(start = 1, fixed = true);
  Real z;
equation
  der(x) = 1;
  z = der(cube(x));
end DerivativeInlined;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "DerivativeInlined.fmu"), 1, 0.5));
  EXPECT_NEAR(valueAt(r, "z", 0), 3, 1e-9);
  EXPECT_NEAR(valueAt(r, "z", 1), 12, 1e-6);
}

// Functional inputs and the arguments that bind them (spec 12.4.2) are not
// compiled yet: reported only where a call uses them.
namespace {
TEST(FunctionPartialApplication, IsReportedAtTheArgumentWhereItIsUsed) {
  std::string model = writeScratchModel("PartialApplication.mo", R"(model PartialApplication
  partial function Shape
    input Real u;
    output Real y;
  end Shape;
  function scaled
    extends Shape;
    input Real k = 1;
  algorithm
    y := k * u;
  end scaled;
  function apply
    input Shape f;
    input Real u;
    output Real y;
  algorithm
    y := f(u);
  end apply;
  model Unused
    Real y = apply(function scaled(k = 2), time);
  end Unused;
  Real y = apply(function scaled(k = 3), time);
end PartialApplication;
)");
  std::string errors = compileErrors(model);
  EXPECT_NE(errors.find("PartialApplication.mo:13:5: error: not supported yet: functional inputs ('f' of function "
                        "type 'PartialApplication.Shape', spec 12.4.2)"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("PartialApplication.mo:22:12: note: called here"), std::string::npos) << errors;
  EXPECT_EQ(errors.find(":20:"), std::string::npos) << errors;
}
}  // namespace

// `redeclare model/record/function extends B` (spec 7.3.1), as media
// packages write them: each extends the B its package inherits, seen from
// the package that uses it, so Denser's own Props builds on Liquid's, and
// Liquid's enthalpy reads the cp of the package it is seen from.
namespace {
TEST(ClassExtends, RedeclaredClassesExtendTheInheritedOnes) {
  std::string model = writeScratchModel("ClassExtends.mo", R"(model ClassExtends
  package Base
    replaceable partial model Props
      Real T;
      Real h;
    end Props;
    replaceable record State
      Real p;
    end State;
    replaceable partial function enthalpy
      input Real T;
      output Real h;
    end enthalpy;
    replaceable partial function makeState
      input Real p;
      output State s;
    end makeState;
  end Base;
  package Liquid
    extends Base;
    constant Real cp = 4;
    redeclare model extends Props(T(start = 300))
    equation
      h = enthalpy(T);
    end Props;
    redeclare record extends State
      Real T;
    end State;
    redeclare function extends enthalpy
    algorithm
      h := cp * T;
    end enthalpy;
    redeclare function extends makeState
    algorithm
      s := State(p = p, T = 2 * p);
    end makeState;
  end Liquid;
  package Denser
    extends Liquid(cp = 5);
    redeclare model extends Props
      Real twice = 2 * h;
    end Props;
  end Denser;
  Liquid.Props a;
  Denser.Props b;
  Liquid.State s(p = 1, T = 2);
  Liquid.State made;
equation
  made = Liquid.makeState(3);
  a.T = 300 + time;
  b.T = 10;
end ClassExtends;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "ClassExtends.fmu"), 0.5, 0.25));
  EXPECT_NEAR(valueAt(r, "a.h", 0.5), 4 * 300.5, 1e-9);
  EXPECT_NEAR(valueAt(r, "b.h", 0.5), 50, 1e-9);
  EXPECT_NEAR(valueAt(r, "b.twice", 0.5), 100, 1e-9);
  EXPECT_NEAR(valueAt(r, "s.T", 0.5), 2, 1e-12);
  EXPECT_NEAR(valueAt(r, "made.T", 0.5), 6, 1e-12);
}

// An input default inherited by `function extends` reads a constant that
// the base's package imports (Modelica.Fluid's wall friction: `crossArea =
// pi*diameter^2/4`, with `import Modelica.Constants.pi` in the base
// package): imports are not inherited, so it is found where the base's
// text is (spec 5.3, 13.2.1).
TEST(ClassExtends, AnInheritedDefaultReadsWhatTheBasesPackageImports) {
  std::string model = writeScratchModel("ClassExtendsImport.mo", R"(model ClassExtendsImport
  package Constants
    constant Real k = 3;
  end Constants;
  package Base
    import ClassExtendsImport.Constants.k;
    replaceable partial function scaled
      input Real d;
      input Real a = k * d;
      output Real y;
    end scaled;
  end Base;
  package Concrete
    extends Base;
    redeclare function extends scaled
    algorithm
      y := a + 1;
    end scaled;
  end Concrete;
  Real z = Concrete.scaled(2) + time;
end ClassExtendsImport;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "ClassExtendsImport.fmu"), 0.5, 0.25));
  EXPECT_NEAR(valueAt(r, "z", 0.5), 3 * 2 + 1 + 0.5, 1e-12);
}

// Modelica.Fluid's vessels call Medium.specificEnthalpy_pTX, a function of
// PartialMedium that calls specificEnthalpy, which the medium's own base
// (PartialSimpleMedium) replaces with `redeclare function extends`; seen
// through the vessel's Medium, the call must reach the replacement, not
// PartialMedium's partial original. (Small models of the same shape
// resolved it already; the MSL's nesting of views did not.)
TEST(ClassExtends, AFluidExampleReachesTheFunctionsItsMediumRedeclares) {
  std::string model = writeScratchModel("EmptyTanksBuilt.mo", R"(model EmptyTanksBuilt
  extends Modelica.Fluid.Examples.Tanks.EmptyTanks;
end EmptyTanksBuilt;
)");
  std::string fmu = compileModel(model, "EmptyTanksBuilt.fmu", [](smc::CompileOptions& o) {
    o.libraryPaths.push_back(std::string(SMC_SHARED_MODELS) + "/../msl");
  });
  EXPECT_FALSE(fmu.empty());
}

// Start values that read each other in the branch their Evaluate = true
// switch does not take (Modelica.Fluid: T_start from h_start or the other
// way round, by use_T_start) are no cycle: the branch not taken is gone.
TEST(ParameterBindings, AnEvaluatedSwitchLeavesOutTheBranchItDoesNotTake) {
  std::string model = writeScratchModel("StartSwitch.mo", R"(model StartSwitch
  parameter Boolean use_T_start = true annotation(Evaluate = true);
  parameter Real T0 = 300;
  parameter Real T_start = if use_T_start then T0 else h_start / 4;
  parameter Real h_start = if use_T_start then 4 * T_start else 1200;
  Real x(start = h_start, fixed = true);
equation
  der(x) = 0;
end StartSwitch;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "StartSwitch.fmu"), 0.5, 0.25));
  EXPECT_NEAR(valueAt(r, "x", 0.5), 1200, 1e-12);
}

TEST(ClassExtends, ExtendingAClassNoBaseHasIsALocatedError) {
  std::string model = writeScratchModel("ClassExtendsNothing.mo", R"(model ClassExtendsNothing
  package P
    redeclare model extends Missing
      Real x = 1;
    end Missing;
  end P;
  P.Missing m;
end ClassExtendsNothing;
)");
  std::string errors = compileErrors(model);
  EXPECT_NE(errors.find("ClassExtendsNothing.mo:3:29: error: 'model extends Missing' extends nothing: no base "
                        "class of 'ClassExtendsNothing.P' has a class 'Missing' (spec 7.3.1)"),
            std::string::npos)
      << errors;
}
}  // namespace

// A package that extends a base with modifications, as media packages do:
// the inherited function sees the record redeclared in the extends clause,
// the base's own import, and the base's constants as the inheritor has
// them (hasTable and n read the table the inheritor gives). y = 2 t + 7.
namespace {
TEST(InheritedLookup, InheritedClassesAndConstantsSeeTheInheritorsModifications) {
  std::string model = writeScratchModel("InheritedLookup.mo", R"(package InheritedLookup
  package Consts
    constant Real factor = 2;
  end Consts;
  package Base
    import C = InheritedLookup.Consts;
    replaceable record State
      Real p;
    end State;
    constant Real table[:] "given by the inheritor";
    constant Boolean hasTable = size(table, 1) > 0;
    constant Integer n = size(table, 1);
    function twice
      input State s;
      output Real y;
    algorithm
      y := C.factor * s.p + (if hasTable then table[n] else 0);
    end twice;
  end Base;
  record Pressure
    Real p;
    Real T = 1;
  end Pressure;
  package Impl
    extends Base(redeclare record State = Pressure, table = {5, 7});
  end Impl;
  model M
    Impl.State s(p = time);
    Real y = Impl.twice(s);
  end M;
end InheritedLookup;
)");
  std::string fmu = compileModel(model, "InheritedLookup.fmu",
                                 [](smc::CompileOptions& o) { o.modelName = "InheritedLookup.M"; });
  SimulationResult r = simulateOk(optionsFor(fmu, 0.5, 0.25));
  EXPECT_NEAR(valueAt(r, "y", 0.5), 2 * 0.5 + 7, 1e-12);
  EXPECT_NEAR(valueAt(r, "s.T", 0.5), 1, 1e-12);
}
}  // namespace

// `extends P(redeclare package Medium = Impl)`: the components P declares
// pass P's Medium on (`c(redeclare package Medium = Medium)`), and they get
// Impl, as the MSL's media test models are built. k = 3 from Impl.
namespace {
TEST(RedeclareInExtends, TheBasesComponentsSeeTheRedeclaredClass) {
  std::string model = writeScratchModel("RedeclareInExtends.mo", R"(package RedeclareInExtends
  package Base
    constant Real k = 1;
  end Base;
  package Impl
    extends Base(k = 3);
  end Impl;
  model User
    replaceable package Medium = Base;
    Real y = Medium.k * time;
  end User;
  partial model Test
    replaceable package Medium = Base;
    User c(redeclare package Medium = Medium);
  end Test;
  model Derived
    extends Test(redeclare package Medium = Impl);
  end Derived;
end RedeclareInExtends;
)");
  std::string fmu = compileModel(model, "RedeclareInExtends.fmu",
                                 [](smc::CompileOptions& o) { o.modelName = "RedeclareInExtends.Derived"; });
  SimulationResult r = simulateOk(optionsFor(fmu, 0.5, 0.25));
  EXPECT_NEAR(valueAt(r, "c.y", 0.5), 1.5, 1e-12);
}

// A for-loop over a Real range in a function (spec 10.4.2.2: a:s:b is
// {a, a+s, ..., a+n*s}, n = floor((b-a)/s)): 0.5:n/2 sums 0.5 + 1.5 + 2.5
// = 4.5 for n = 5 and 0.5 + 1.5 = 2 for n = 4, both at translation (p)
// and when the model runs (y); 2:-0.5:0 takes 5 values.
TEST(LanguageFeatures, AForLoopOverARealRangeTakesItsValuesInFunctions) {
  std::string model = writeScratchModel("RealRange.mo", R"(model RealRange
  function sumRange
    input Integer n;
    output Real s = 0;
  algorithm
    for x in 0.5:(n / 2) loop
      s := s + x;
    end for;
  end sumRange;
  function countDown
    input Real a;
    output Integer c = 0;
  algorithm
    for x in a:-0.5:0 loop
      c := c + 1;
    end for;
  end countDown;
  parameter Real p = sumRange(5);
  discrete Integer n(start = 4, fixed = true);
  Real y = sumRange(n);
  Integer c = countDown(2 + 0 * time);
equation
  when time > 0.5 then
    n = 5;
  end when;
end RealRange;
)");
  std::string fmu = compileModel(model, "RealRange.fmu");
  SimulationResult r = simulateOk(optionsFor(fmu, 1, 0.25));
  EXPECT_EQ(valueAt(r, "p", 0), 4.5);
  EXPECT_EQ(valueAt(r, "y", 0.25), 2.0);
  EXPECT_EQ(valueAt(r, "y", 0.75), 4.5);
  EXPECT_EQ(valueAt(r, "c", 0.25), 5);
}

// Built-in functions are found last (spec 5.3.1): an imported function or a
// function of an enclosing package named like one is the one called, while
// a global name `.abs` is always the built-in.
TEST(LanguageFeatures, AnImportedFunctionHidesTheBuiltInOfItsName) {
  std::string model = writeScratchModel("Shadowing.mo", R"(package Shadowing
  package Lib
    function abs
      input Real x;
      output Real y;
    algorithm
      y := 2 * x;
    end abs;
    function viaOwnPackage
      input Real x;
      output Real y;
    algorithm
      y := abs(x) + 1;
    end viaOwnPackage;
  end Lib;
  model M
    import Shadowing.Lib.abs;
    Real imported = abs(-3 + 0 * time);
    Real global = .abs(-3 + 0 * time);
    Real inPackage = Lib.viaOwnPackage(-3 + 0 * time);
  end M;
end Shadowing;
)");
  std::string fmu = compileModel(model, "Shadowing.fmu", [](smc::CompileOptions& options) {
    options.modelName = "Shadowing.M";
  });
  SimulationResult r = simulateOk(optionsFor(fmu, 1, 0.5));
  EXPECT_EQ(valueAt(r, "imported", 0.5), -6.0);
  EXPECT_EQ(valueAt(r, "global", 0.5), 3.0);
  EXPECT_EQ(valueAt(r, "inPackage", 0.5), -5.0);
}

// Two bases that declare x differently are one x when the extends clauses'
// modifications make the declarations identical (spec 7.1.4, as Fluid's
// fittings extend PartialTwoPortTransport and PartialLumpedFlow); made
// different, they clash.
TEST(MultipleInheritance, DeclarationsIdenticalOnceModifiedAreOneElement) {
  std::string model = writeScratchModel("SameOnceModified.mo", R"(package SameOnceModified
  partial model A
    parameter Real k = 2;
    Real x(start = k) "in A";
  end A;
  partial model B
    parameter Real k = 2;
    Real x(start = k, min = -10) "in B";
  end B;
  model Joined
    extends A(x(min = -10));
    extends B;
  equation
    der(x) = -x;
  end Joined;
  model Clashing
    extends A(x(min = -20));
    extends B;
  equation
    der(x) = -x;
  end Clashing;
end SameOnceModified;
)");
  std::string fmu = compileModel(model, "SameOnceModified.fmu",
                                 [](smc::CompileOptions& o) { o.modelName = "SameOnceModified.Joined"; });
  SimulationResult r = simulateOk(optionsFor(fmu, 1, 0.5));
  EXPECT_NEAR(valueAt(r, "x", 1), 2 * std::exp(-1.0), 1e-5);
  std::string d = compileErrors(model, [](smc::CompileOptions& o) { o.modelName = "SameOnceModified.Clashing"; });
  EXPECT_TRUE(d.find("SameOnceModified.mo:8:10: error: component 'x' is declared twice") != std::string::npos) << d;
}

// `redeclare model FlowModel = Special(k = eps * 2)` in a modifier: the
// class's modification is written in the model, so it reads the model's
// parameter eps, as any modifier there would (spec 7.3).
TEST(RedeclaredClasses, AClassDefinedInAModifierReadsTheInstanceItIsWrittenIn) {
  std::string model = writeScratchModel("ModifierClass.mo", R"(model ModifierClass
  model Flow
    parameter Real k = 1;
    Real y = k * time;
  end Flow;
  model Special
    extends Flow;
    parameter Real extra = 0;
  end Special;
  model Pipe
    replaceable model FlowModel = Flow;
    FlowModel fm;
  end Pipe;
  parameter Real eps = 0.5;
  Pipe pipe(redeclare model FlowModel = Special(k = eps * 2, extra = 1));
  Pipe other(redeclare model FlowModel = Special(k = eps * 6));
end ModifierClass;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "ModifierClass.fmu"), 1, 0.5));
  EXPECT_EQ(valueAt(r, "pipe.fm.k", 1), 1.0);
  EXPECT_EQ(valueAt(r, "pipe.fm.extra", 1), 1.0);
  EXPECT_EQ(valueAt(r, "other.fm.y", 1), 3.0);
}

// An assert() among initial equations is checked once, with the values
// initialization gives: it passes here (x starts at 2), and fails the
// initialization with its message when the start value breaks it.
TEST(InitialAssert, IsCheckedOnceWithTheInitialValues) {
  std::string model = writeScratchModel("InitialAssert.mo", R"(model InitialAssert
  parameter Real x0 = 2;
  Real x;
initial equation
  x = x0;
  assert(x > 1, "x must start above 1, not " + String(x));
equation
  der(x) = -x;
end InitialAssert;
)");
  std::string fmu = compileModel(model, "InitialAssert.fmu");
  SimulationResult r = simulateOk(optionsFor(fmu, 1, 0.5));
  EXPECT_NEAR(valueAt(r, "x", 1), 2 * std::exp(-1.0), 1e-5);
  SimulateOptions failing = optionsFor(fmu, 1, 0.5);
  failing.settings.push_back({"x0", "0.5"});
  std::string error = simulateError(failing);
  EXPECT_TRUE(error.find("x must start above 1, not 0.5") != std::string::npos) << error;
}

// A replaceable function with modified inputs, called in the class that
// declares it, from an instance whose class is a view of it (a redeclared
// package): the modification is evaluated in that instance (Fluid's
// PartialPump.efficiencyCharacteristic).
TEST(ShortFunctionDefinitions, TheirModificationsAreEvaluatedInAnInstanceOfARedeclaredClass) {
  std::string model = writeScratchModel("PumpLike.mo", R"(package PumpLike
  package BaseMedium
    constant Real rho = 1;
  end BaseMedium;
  package Water
    extends BaseMedium(rho = 1000);
  end Water;
  function efficiency
    input Real q;
    input Real eta_nominal = 0.5;
    output Real eta = eta_nominal * (1 + q);
  end efficiency;
  partial model PartialPump
    replaceable package Medium = BaseMedium;
    parameter Real scale = 0.8;
    replaceable function characteristic = efficiency(eta_nominal = scale);
    Real eta = characteristic(time) * Medium.rho;
  end PartialPump;
  model Pump
    extends PartialPump;
  end Pump;
  model System
    Pump pump(redeclare package Medium = Water, scale = 0.4);
  end System;
end PumpLike;
)");
  std::string fmu = compileModel(model, "PumpLike.fmu", [](smc::CompileOptions& o) { o.modelName = "PumpLike.System"; });
  SimulationResult r = simulateOk(optionsFor(fmu, 1, 0.5));
  EXPECT_NEAR(valueAt(r, "pump.eta", 1), 0.4 * 2 * 1000, 1e-9);
}

// A slice of an array of records on either side of an equation: one record
// equation per element (Fluid's `statesFM[1:n] = mediums[1:n].state`).
TEST(RecordSlices, ASliceOfAnArrayOfRecordsEquatesElementByElement) {
  std::string model = writeScratchModel("RecordSlices.mo", R"(model RecordSlices
  record State
    Real p;
    Real T;
  end State;
  model Volume
    parameter Real p0 = 1;
    State state(p = p0 * time, T = 300 + p0);
  end Volume;
  Volume volumes[3](p0 = {1, 2, 3});
  State states[4];
equation
  states[2:4] = volumes[1:3].state;
  states[1] = volumes[3].state;
end RecordSlices;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "RecordSlices.fmu"), 1, 0.5));
  EXPECT_EQ(valueAt(r, "states[1].p", 1), 3.0);
  EXPECT_EQ(valueAt(r, "states[2].p", 1), 1.0);
  EXPECT_EQ(valueAt(r, "states[3].T", 1), 302.0);
  EXPECT_EQ(valueAt(r, "states[4].p", 0.5), 1.5);
}

// homotopy() in initialization (spec 3.7.4.4): from the start value x = 0,
// sqrt(x - 10) - 1 = 0 cannot even be evaluated, so the initialization
// fails; the simplified problem x - 11 = 0 is solved instead and its
// solution followed to the actual one, x = 11. Without homotopy() the same
// model fails to initialize; with an actual problem that has no solution
// (x^2 + 1 = 0) the continuation stops and says where.
TEST(Homotopy, AFailedInitializationContinuesFromTheSimplifiedProblem) {
  std::string model = writeScratchModel("HomotopyStart.mo", R"(model HomotopyStart
  Real x(start = 0);
  Real y;
equation
  homotopy(actual = sqrt(x - 10) - 1, simplified = x - 11) = 0;
  y = 2 * x * (1 + time);
end HomotopyStart;
)");
  SimulationResult r = simulateOk(optionsFor(compileModel(model, "HomotopyStart.fmu"), 1, 0.5));
  EXPECT_NEAR(valueAt(r, "x", 0), 11, 1e-9);
  EXPECT_NEAR(valueAt(r, "y", 1), 44, 1e-8);

  std::string plain = writeScratchModel("NoHomotopy.mo", R"(model NoHomotopy
  Real x(start = 0);
equation
  sqrt(x - 10) - 1 = 0;
end NoHomotopy;
)");
  std::string error = simulateError(optionsFor(compileModel(plain, "NoHomotopy.fmu"), 1, 0.5));
  EXPECT_NE(error.find("initialization failed"), std::string::npos) << error;

  std::string hopeless = writeScratchModel("NoSolution.mo", R"(model NoSolution
  Real x(start = 0);
equation
  homotopy(actual = x^2 + 1, simplified = x - 1) = 0;
end NoSolution;
)");
  error = simulateError(optionsFor(compileModel(hopeless, "NoSolution.fmu"), 1, 0.5));
  EXPECT_NE(error.find("homotopy continuation from the simplified problem stopped at lambda="), std::string::npos)
      << error;
}
}  // namespace
