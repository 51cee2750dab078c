// Functions called through a component (`world.gravity(r)`, spec 5.3.2)
// and short function definitions that modify their base's inputs
// (`function g = f(k = 2)`), the way the MSL's MultiBody World defines its
// gravity field from its own parameters.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::valueAt;
using smc::test::writeScratchModel;

// Every value below follows from scaled(x, gain, offset) = gain * x + offset.
constexpr const char* kLibrary = R"(
  package Lib
    function scaled
      input Real x;
      input Real gain = 1;
      input Real offset = 0;
      output Real y;
    algorithm
      y := gain * x + offset;
    end scaled;
    function twice = scaled(gain = 2);
    function twiceShifted = twice(offset = 10);
  end Lib;
  model Field
    parameter Real g = 9.81;
    parameter Real k = 2;
    replaceable function accel = Lib.scaled(gain = g, offset = k);
  end Field;
)";

TEST(FunctionsThroughComponents, ModificationsReadTheParametersOfTheInstanceThatHoldsTheFunction) {
  std::string model = writeScratchModel("ThroughComponent.mo", std::string("model ThroughComponent\n") + kLibrary + R"(
  model Body
    outer Field world;
    Real a = world.accel(1);
  end Body;
  inner Field world(g = 3);
  Field other(k = -1);
  Body body;
  Real direct = world.accel(2);
  Real overridden = world.accel(2, offset = 0);
  Real viaOther = other.accel(1);
  Real packaged = Lib.twice(4);
  Real chained = Lib.twiceShifted(4);
  Real chainedOverridden = Lib.twiceShifted(4, gain = 1);
end ThroughComponent;
)");
  SimulationResult r = simulateOk(smc::test::simulationOf(compileModel(model, "ThroughComponent.fmu"), 0.1, 0.1, true));
  EXPECT_NEAR(valueAt(r, "direct", 0.1), 3 * 2 + 2, 1e-12);
  EXPECT_NEAR(valueAt(r, "overridden", 0.1), 3 * 2, 1e-12);
  EXPECT_NEAR(valueAt(r, "body.a", 0.1), 3 * 1 + 2, 1e-12);
  EXPECT_NEAR(valueAt(r, "viaOther", 0.1), 9.81 - 1, 1e-12);
  EXPECT_NEAR(valueAt(r, "packaged", 0.1), 8, 1e-12);
  EXPECT_NEAR(valueAt(r, "chained", 0.1), 18, 1e-12);
  EXPECT_NEAR(valueAt(r, "chainedOverridden", 0.1), 14, 1e-12);
}

TEST(FunctionsThroughComponents, ARedeclaredFunctionReadsTheInstanceWhoseModifierRedeclaredIt) {
  std::string model = writeScratchModel("RedeclaredThroughComponent.mo",
                                        std::string("model RedeclaredThroughComponent\n") + kLibrary + R"(
  model Body
    outer Field world;
    Real a = world.accel(1);
  end Body;
  parameter Real c = 5;
  Field field(redeclare function accel = Lib.scaled(gain = c));
  inner Field world(redeclare function accel = Lib.scaled(gain = 2 * c));
  Body body;
  Real a = field.accel(2);
end RedeclaredThroughComponent;
)");
  SimulationResult r =
      simulateOk(smc::test::simulationOf(compileModel(model, "RedeclaredThroughComponent.fmu"), 0.1, 0.1, true));
  EXPECT_NEAR(valueAt(r, "a", 0.1), 10, 1e-12);
  EXPECT_NEAR(valueAt(r, "body.a", 0.1), 10, 1e-12);
}

TEST(FunctionsThroughComponents, AModificationOfNoInputIsALocatedError) {
  std::string model = writeScratchModel("NoSuchInput.mo", R"(model NoSuchInput
  function f
    input Real x;
    output Real y = 2 * x;
  end f;
  model Holder
    parameter Real s = 1;
    function g = f(scale = s);
  end Holder;
  Holder h;
  Real y = h.g(1);
end NoSuchInput;
)");
  std::string errors = compileErrors(model);
  EXPECT_NE(errors.find("NoSuchInput.mo:8:20: error: function 'NoSuchInput.f' has no input named 'scale'"),
            std::string::npos)
      << errors;
}

TEST(FunctionsThroughComponents, ACallThroughAnArrayElementAndAnAttributeModificationAreLocatedNotSupportedYet) {
  std::string model = writeScratchModel("ThroughArray.mo", R"(model ThroughArray
  function f
    input Real x;
    output Real y = 2 * x;
  end f;
  model Holder
    function g = f(x(min = 0) = 1);
  end Holder;
  Holder h[2];
  Holder one;
  Real y = h[1].g(1);
  Real z = one.g();
end ThroughArray;
)");
  std::string errors = compileErrors(model);
  EXPECT_NE(errors.find("ThroughArray.mo:11:12: error: not supported yet: calling a function through an element of "
                        "array 'h'"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("ThroughArray.mo:7:20: error: not supported yet: modifying input 'x' of 'ThroughArray.f' "
                        "other than by a value"),
            std::string::npos)
      << errors;
}

}  // namespace
