// Models with clocked partitions for the codegen tests, written as the
// clocks stage hands them to the causalizer (a hidden tick Boolean defined
// by `tick = sample(...)`, a flat::ClockedPartition over discrete
// variables) and run through the real causalizer, so these tests pin the
// causalizer's ClockedBlocks and the code generated for them together.
// Each model states the Modelica source it stands for and the behaviour
// the tests expect.
#pragma once

#include "causalize/CausalModel.h"

#include <optional>
#include <string>

namespace smc::codegen::testing {

// A causal model, or the causalizer's messages (one a line) when it failed.
struct ClockedModel {
  std::optional<causal::CausalModel> model;
  std::string messages;
};

// output Integer n(start = 0); Clock(1, 10) (ticks at k/10, from the
// rational sample(0.0, 1.0, 10.0)): n = previous(n) + 1.
// After the tick at time t, n = round(10 t) + 1.
ClockedModel clockedCounter();

// Real x(start = 1, fixed = true); der(x) = -x;
// output Real xd(start = 0) on Clock(0.5): xd = sample(x).
// xd = exp(-t_k) after the tick t_k = 0.5 k.
ClockedModel sampledDecay();

// On Clock(0.25): output Integer n(start 0) = previous(n) + 1, and the
// nonlinear loop p*q = 2n, p - q = 1 (outputs p(start 2), q(start 1)),
// whose positive solution is q = (sqrt(1 + 8n) - 1)/2, p = q + 1.
ClockedModel clockedLoop();

// No states; on a 1 ms clock: output Integer n(start 0) = previous(n) + 1;
// output Real y(start 0) = if n > 5 then 2*n else -n (the relation is
// evaluated at ticks, no zero crossing).
ClockedModel fastClock();

// A state machine state's equations as src/statemachine writes them, on
// Clock(0.1): n = previous(n) + 1 (start 0), active = mod(n, 4) < 2, and
// guarded by active: a = previous(a) + 1, c = 10 a (else previous values).
// Tick k (n = k + 1) is active when mod(k + 1, 4) < 2, i.e. k = 0, 3, 4, 7,
// 8, ...; a counts the active ticks so far and c = 10 a.
ClockedModel guardedState();

}  // namespace smc::codegen::testing
