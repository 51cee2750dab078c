// The causalized model: the flat model's equations sorted into blocks
// (Tarjan's strongly connected components of the matched equation graph),
// each block either an explicit assignment or an algebraic loop solved
// numerically at run time. This is what the code generator consumes.
#pragma once

#include "flatten/FlatModel.h"

#include <variant>
#include <vector>

namespace smc::causal {

using flat::ExprPtr;
using flat::VarId;

// What a variable is for the solver; decides its FMI causality/variability.
enum class Role {
  Constant,             // value known at compile time
  Parameter,            // independent parameter: start value is its binding
  CalculatedParameter,  // parameter bound to an expression of other parameters
  Input,                // set by the importer
  State,                // appears differentiated
  Derivative,           // der(state), synthesized by causalization
  Algebraic,            // continuous unknown computed from states
  Discrete,             // changes only at events (issue: hybrid)
};

// target := value
struct Assign {
  VarId target;
  ExprPtr value;
  SourceRange range;  // the equation it was solved from
};

// Solve residuals(unknowns) = 0 numerically; unknowns start from their
// current values (start values on the first call).
struct AlgebraicLoop {
  std::vector<VarId> unknowns;
  std::vector<ExprPtr> residuals;   // lhs - rhs of each equation
  std::vector<SourceRange> ranges;  // one per residual
};

using Block = std::variant<Assign, AlgebraicLoop>;

struct CausalModel {
  // The flat model with der() replaced: every der(x) is now a Var of a
  // synthesized variable named "der(x)" with Role::Derivative.
  flat::FlatModel flat;
  std::vector<Role> roles;  // one per flat.variables entry

  std::vector<VarId> states;       // in declaration order
  std::vector<VarId> derivatives;  // derivatives[i] is der(states[i])

  // Run once when leaving initialization mode, after the importer set its
  // values: calculated parameters, then the initialization system
  // (initial equations, fixed start values, and the model equations).
  std::vector<Block> initialization;
  // Run at every right-hand-side evaluation: computes the derivatives (and
  // the algebraics they need) from time, states, inputs and parameters.
  std::vector<Block> derivativeBlocks;
  // Run at communication points after derivativeBlocks: every remaining
  // algebraic (outputs, locals).
  std::vector<Block> outputBlocks;
};

// Text of the blocks (`smc --dump=blt`): one line per assignment, a bracketed
// group per loop, section by section.
std::string dumpBlt(const CausalModel& model);

}  // namespace smc::causal
