// Whole BLT dumps of small hybrid models, each built twice: in C++ as
// flattening should produce it, and from its Modelica text through the
// real front stages. The expectations are written by hand from the rules
// in Causalize.cpp: a state-dependent relation becomes $relationN with
// indicator lhs - rhs; continuous blocks run in continuous mode, everything
// in event mode; a when-equation that cannot fire at initialization is
// left out of the initialization system, its targets keeping their
// literal start values.
#include "FlatBuilder.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

namespace {

using namespace smc::test;

// shared/models/continuous/BouncingBall.mo
smc::flat::FlatModel bouncingBall() {
  FlatBuilder b("BouncingBall");
  VarId g = b.parameter("g", 9.81);
  VarId e = b.parameter("e", 0.7);
  VarId h = b.state("h", 1, true);
  VarId v = b.state("v", 0, true);
  VarId height = b.real("height");
  b.variable(height).causality = smc::flat::Causality::Output;
  VarId bounces = b.integer("bounces", 0);
  b.variable(bounces).attributes.fixed = true;
  b.equation(var(height), var(h));
  b.equation(der(h), var(v));
  b.equation(der(v), neg(var(g)));
  b.when({{lessEq(var(h), integer(0)),
           {reinit(v, neg(mul(var(e), pre(v)))), assign(bounces, add(pre(bounces), integer(1)))}}});
  return b.model;
}

const char* const kBouncingBallBlt =
    "model BouncingBall\n"
    "variables\n"
    "  g: parameter\n"
    "  e: parameter\n"
    "  h: state\n"
    "  v: state\n"
    "  height: alias\n"
    "  bounces: discrete\n"
    "  der(h): derivative\n"
    "  der(v): derivative\n"
    "  $relation1: discrete (hidden)\n"
    "alias elimination (1 of 3 equations removed)\n"
    "  height = h\n"
    "zero crossings (1)\n"
    "  $relation1: indicator h\n"
    "initialization (3 blocks)\n"
    "  der(h) := v\n"
    "  der(v) := -g\n"
    "  $relation1 := h <= 0\n"
    "derivatives (2 blocks)\n"
    "  der(h) := v\n"
    "  der(v) := -g\n"
    // der(h) reads v; der(v) no state; both diagonals.
    "jacobian pattern (3 nonzeros of 2 x 2)\n"
    "outputs (0 blocks)\n"
    "indicators (0 blocks)\n"
    "events (4 blocks)\n"
    "  der(h) := v\n"
    "  der(v) := -g\n"
    "  $relation1 := h <= 0\n"
    "  when $relation1 then\n"
    "    reinit(v, -e * pre(v))\n"
    "    bounces := pre(bounces) + 1\n"
    "  end when\n";

TEST(HybridGolden, BouncingBallBuiltInCpp) {
  CausalizeRun run = causalizeFlat(bouncingBall());
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_EQ(run.blt, kBouncingBallBlt);
}

TEST(HybridGolden, BouncingBallFromModelicaText) {
  auto r = causalizeSource(readFile(std::string(SMC_SHARED_MODELS) + "/continuous/BouncingBall.mo"));
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.text, kBouncingBallBlt);
}

// examples/Thermostat.mo
smc::flat::FlatModel thermostat() {
  FlatBuilder b("Thermostat");
  VarId ambient = b.parameter("ambient", 10);
  VarId heater = b.parameter("heater", 40);
  VarId tau = b.parameter("tau", 1);
  VarId low = b.parameter("low", 19);
  VarId high = b.parameter("high", 21);
  VarId T = b.state("T", 15, true);
  VarId heating = b.boolean("heating", true);
  b.variable(heating).attributes.fixed = true;
  b.equation(mul(var(tau), der(T)), sub(ifThen(var(heating), var(heater), var(ambient)), var(T)));
  b.when({{greater(var(T), var(high)), {assign(heating, boolean(false))}},
          {less(var(T), var(low)), {assign(heating, boolean(true))}}});
  return b.model;
}

const char* const kThermostatBlt =
    "model Thermostat\n"
    "variables\n"
    "  ambient: parameter\n"
    "  heater: parameter\n"
    "  tau: parameter\n"
    "  low: parameter\n"
    "  high: parameter\n"
    "  T: state\n"
    "  heating: discrete\n"
    "  der(T): derivative\n"
    "  $relation1: discrete (hidden)\n"
    "  $relation2: discrete (hidden)\n"
    "zero crossings (2)\n"
    "  $relation1: indicator T - high\n"
    "  $relation2: indicator T - low\n"
    "initialization (3 blocks)\n"
    "  der(T) := ((if heating then heater else ambient) - T) / tau\n"
    "  $relation1 := T > high\n"
    "  $relation2 := T < low\n"
    "derivatives (1 block)\n"
    "  der(T) := ((if heating then heater else ambient) - T) / tau\n"
    "outputs (0 blocks)\n"
    "indicators (0 blocks)\n"
    "events (4 blocks)\n"
    "  $relation1 := T > high\n"
    "  $relation2 := T < low\n"
    "  when $relation1 then\n"
    "    heating := false\n"
    "  elsewhen $relation2 then\n"
    "    heating := true\n"
    "  end when\n"
    "  der(T) := ((if heating then heater else ambient) - T) / tau\n";

TEST(HybridGolden, ThermostatWithHysteresisBuiltInCpp) {
  CausalizeRun run = causalizeFlat(thermostat());
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_EQ(run.blt, kThermostatBlt);
}

TEST(HybridGolden, ThermostatWithHysteresisFromModelicaText) {
  auto r = causalizeSource(readFile(std::string(SMC_SOURCE_DIR) + "/examples/Thermostat.mo"));
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.text, kThermostatBlt);
}

// examples/SampledCounter.mo: both targets are held at their literal start
// values during initialization, so it needs no block.
TEST(HybridGolden, SampledCounterFromModelicaText) {
  auto r = causalizeSource(readFile(std::string(SMC_SOURCE_DIR) + "/examples/SampledCounter.mo"));
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.text,
            "model SampledCounter\n"
            "variables\n"
            "  count: discrete\n"
            "  last: discrete\n"
            "  $sample1: discrete (hidden)\n"
            "  $sample1.counter: discrete (hidden)\n"
            "samples (1)\n"
            "  $sample1 (counter $sample1.counter): start 0.5, interval 0.25\n"
            "initialization (0 blocks)\n"
            "derivatives (0 blocks)\n"
            "outputs (0 blocks)\n"
            "indicators (0 blocks)\n"
            "events (1 block)\n"
            "  when $sample1 then\n"
            "    count := pre(count) + 1\n"
            "    last := time\n"
            "  end when\n");
}

// examples/SteadyStart.mo: `initial equation der(x) = 0` determines x, whose
// start is only a guess (its optional x = start is not used); the output
// y = x is an alias of x.
TEST(HybridGolden, SteadyStateInitialEquationFromModelicaText) {
  auto r = causalizeSource(readFile(std::string(SMC_SOURCE_DIR) + "/examples/SteadyStart.mo"));
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_NE(r.text.find("initialization (2 blocks)\n"
                        "  der(x) := 0\n"
                        "  x := -(T * der(x) - (k * u + sin(time)))\n"
                        "derivatives"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("derivatives (1 block)\n  der(x) := (k * u - x + sin(time)) / T\n"), std::string::npos)
      << r.text;
}

}  // namespace
