// Explicit Runge-Kutta methods of more than one stage for clocked
// discretized continuous-time partitions (spec 16.8.2: "ExplicitMidPoint2",
// "ExplicitRungeKutta4").
//
// A partition's equations give der(x) as a function f of its states and of
// what it reads at the tick (sampled inputs, parameters, previous values).
// The step from tick i-1 to tick i needs f at points between the ticks,
// where nothing is sampled; the inputs are held at their values of tick
// i-1, as the explicit Euler step holds them (x_i = x_{i-1} + h*f_{i-1}).
// So the whole step is worked out at tick i-1 and taken at tick i:
//   stage 1:  k1 = der(x)                          (the partition itself)
//   stage s:  k_s = f(x + h*sum_j a_sj*k_j)         (a copy of the equations)
//   x_i = x_{i-1} + h*pre(increment),  increment = sum_s b_s*k_s
// Each later stage is a copy of the partition's equations in which every
// partition variable is renamed to the stage's own and each state x reads
// x + h*sum_j a_sj*k_j; pre() and everything outside the partition read
// what the partition itself reads. The interval h must be known a tick
// ahead: periodic clocks only.
#pragma once

#include "flatten/FlatModel.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace smc::clocks {

// The Butcher tableau of an explicit method: a (lower triangular, row s
// for stage s) and the weights b.
struct ExplicitTableau {
  const char* name;
  std::vector<std::vector<double>> a;
  std::vector<double> b;
};

// The tableau of a method of more than one stage, or null (the Euler
// methods and ImplicitTrapezoid step without copies).
const ExplicitTableau* multiStageTableau(const std::string& method);

struct StageCopies {
  std::vector<flat::Equation> equations;  // every later stage's copy of the equations
  // state -> sum_s b_s*k_s at this tick, over the partition's and the copies' variables
  std::map<flat::VarId, flat::ExprPtr> increment;
};

// The copies of `equations` for stages 2.. of `tableau`. `copied` are the
// partition variables each stage renames (not the states), `derivativeOf`
// maps each state to its der(x) variable, `interval` is h, and
// newVariable(original, stage) makes the stage's variable for one of
// `copied`.
StageCopies buildStages(const ExplicitTableau& tableau, const std::vector<flat::Equation>& equations,
                        const std::vector<flat::VarId>& copied,
                        const std::map<flat::VarId, flat::VarId>& derivativeOf, const flat::ExprPtr& interval,
                        const std::function<flat::VarId(flat::VarId original, size_t stage)>& newVariable);

}  // namespace smc::clocks
