// Hybrid causal models built by hand, in the shape CausalModel.h gives the
// causalizer's output: relations in hidden Booleans updated by Assign
// blocks in eventBlocks, a ZeroCrossing per relation, sample() as a
// Sample with a hidden flag and counter, when-equations as WhenBlocks over
// hidden condition variables. Each model states the Modelica source it
// stands for and the behaviour the tests expect.
#pragma once

#include "TestModels.h"

namespace smc::codegen::testing {

// BouncingBall (shared/models/continuous/BouncingBall.mo):
//   parameter g = 9.81, e = 0.7; h(start 1), v(start 0); output height = h;
//   Integer bounces(start 0); der(h) = v; der(v) = -g;
//   when h <= 0 then reinit(v, -e*pre(v)); bounces = pre(bounces) + 1; end when;
// Hidden: `h <= 0` (relation, indicator h - 0) and the condition variable
// `$cond0` := relation. First bounce at sqrt(2/g).
causal::CausalModel bouncingBall(const std::string& name = "BouncingBall");

// SampledCounter: parameter start, interval;
//   output Integer count(start 0); output Real last(start -1);
//   when sample(start, interval) then count = pre(count) + 1; last = time; end when;
// count(t) = number of ticks start + k*interval <= t.
causal::CausalModel sampledCounter(double start, double interval,
                                   const std::string& name = "SampledCounter");

// Thermostat (examples/Thermostat.mo): tau*der(T) = (if heating then 40
// else 10) - T, T(start 15); output Boolean heating(start true);
//   when T > 21 then heating = false; elsewhen T < 19 then heating = true; end when;
// The relations are used directly as condition variables.
causal::CausalModel thermostat(const std::string& name = "Thermostat");

// Two samples and an elsewhen: Integer a(start 0), b(start 0);
//   when sample(0, 1) then a = pre(a) + 1; elsewhen sample(0, 0.5) then b = pre(b) + 1; end when;
// At t = 0, 1, 2 both fire and only the first branch runs.
causal::CausalModel elsewhenPriority(const std::string& name = "Priority");

// Integer k(start 0), m(start 0);
//   when initial() then k = 7; end when;   (active at initialization)
//   when time >= 0 then m = 1; end when;   (true at initialization, not active)
causal::CausalModel whenInitial(const std::string& name = "WhenInitial");

// An algorithm section with when-statements and an if-statement:
//   output Integer n(start 0), m(start 0); output Real y(start 0);
//   algorithm
//     when sample(0.5, 0.5) then n := pre(n) + 2; end when;
//     when initial() then m := 5; end when;
//     if n > 2 then y := 10*n; else y := -1; end if;
// As the causalizer lowers it: the second condition becomes `$when2.1 :=
// initial()` just before the statement, listed as active at initialization.
causal::CausalModel algorithmWhen(const std::string& name = "AlgorithmWhen");

}  // namespace smc::codegen::testing
