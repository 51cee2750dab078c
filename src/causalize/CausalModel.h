// The causalized model: the flat model's equations sorted into blocks
// (Tarjan's strongly connected components of the matched equation graph),
// each block either an explicit assignment or an algebraic loop solved
// numerically at run time. This is what the code generator consumes.
#pragma once

#include "flatten/FlatModel.h"

#include <algorithm>
#include <set>
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
  InitialParameter,     // parameter with fixed = false: an unknown of the initialization
                        // problem (spec 8.6), constant afterwards
  Input,                // set by the importer
  State,                // appears differentiated
  Derivative,           // der(state), synthesized by causalization
  Algebraic,            // continuous unknown computed from states
  Discrete,             // changes only at events (issue: hybrid)
  Alias,                // equal to another variable (causalize/AliasElimination.h): no slot of its own
};

// target := value
struct Assign {
  VarId target;
  ExprPtr value;
  SourceRange range;  // the equation it was solved from
};

// Solve residuals(unknowns) = 0 numerically; unknowns start from their
// current values (start values on the first call). A torn loop
// (causalize/Tearing.h) also computes the `torn` assignments, in order,
// from the unknowns whenever it evaluates the residuals.
struct AlgebraicLoop {
  std::vector<VarId> unknowns;
  std::vector<ExprPtr> residuals;   // lhs - rhs of each equation
  std::vector<SourceRange> ranges;  // one per residual
  std::vector<Assign> torn;         // explicit part: read unknowns and earlier torn targets
  // When every residual is linear in every unknown, `linear` is set and the
  // loop is the linear system matrix * unknowns = rhs, solved directly:
  // `matrix` holds the coefficients that are not zero (free of the
  // unknowns), row by row and by column within a row; a large sparse one
  // is solved by sparse LU. A nonlinear loop (empty matrix and rhs) is
  // solved by Newton's method.
  struct Coefficient {
    uint32_t row = 0, column = 0;  // residual, unknown
    ExprPtr value;
  };
  bool linear = false;
  std::vector<Coefficient> matrix;
  std::vector<ExprPtr> rhs;
};

// A when-equation (with its elsewhen branches), sorted as one block that
// defines its targets (spec 8.3.5). Each condition element is held in a
// hidden Boolean variable computed by an earlier block (an element that is
// already a discrete Boolean variable, such as a relation variable or a
// sample flag, is used as it is), so that pre() of it
// is available: a branch fires when any of its condition variables is true
// and was false at the previous event iteration; the first branch that
// fires wins. When no branch fires the targets keep their values.
struct WhenBlock {
  struct Branch {
    std::vector<VarId> conditionVars;
    std::vector<flat::Action> actions;
    // The condition mentions initial(): the branch may fire during
    // initialization (spec 8.6); other branches never do.
    bool activeAtInitialization = false;
  };
  std::vector<Branch> branches;
  std::vector<VarId> targets;  // variables assigned (not reinit-ed) by the actions
  SourceRange range;
};

// An algorithm section sorted as one block computing `outputs` (the
// variables it assigns). A tuple equation `(a, b) = f(x)` is also an
// AlgorithmBlock: one TupleAssign statement with outputs {a, b}.
// When-statements: each condition is a Var of a Boolean (usually a hidden
// `$whenK.j`, assigned by a statement just before the when-statement), so
// a branch fires, as in a WhenBlock, when its variable is true and its pre()
// is false.
struct AlgorithmBlock {
  std::vector<flat::Statement> statements;
  std::vector<VarId> outputs;
  SourceRange range;
  // Condition variables of when-statement branches whose condition mentions
  // initial(): during initialization such a branch fires when its variable
  // is true; the other branches never fire then (spec 8.6).
  std::vector<VarId> conditionsActiveAtInitialization;
  // Relation variables (of zeroCrossings) that this algorithm updates
  // itself, with an Assign statement just before their use, because the
  // relation reads what the algorithm computes. Such an assignment runs in
  // event mode and during initialization only; in continuous mode it is
  // skipped, so the relation stays frozen like every other.
  std::vector<VarId> relationUpdates;
};

struct ClockedBlock;
using Block = std::variant<Assign, AlgebraicLoop, WhenBlock, AlgorithmBlock, ClockedBlock>;

// A clocked partition (flat::ClockedPartition) sorted on its own: `blocks`
// compute `variables` from the partition's equations and run only when the
// Boolean `tick` is true, which happens in exactly one event iteration per
// tick of the partition's clock; otherwise (continuous mode, other event
// iterations, initialization) the variables keep their values. In the
// enclosing list the block sits after every block computing a variable the
// partition reads (other than through pre()).
struct ClockedBlock {
  VarId tick = 0;
  std::vector<Block> blocks;
  std::vector<VarId> variables;
  std::string clock;  // flat::ClockedPartition::clock, for dumps
  SourceRange range;
};

// A relation that generates state events (spec 8.5): `relation` is a hidden
// Boolean holding its value, recomputed only in event mode (by an Assign in
// eventBlocks) and frozen during continuous integration; the solver watches
// `indicator` (lhs - rhs) for a sign change.
struct ZeroCrossing {
  VarId relation;
  ExprPtr indicator;
  SourceRange range;
};

// sample(start, interval): `flag` (hidden Boolean) is true in the event
// iteration at each tick start + k*interval, k = `counter` (hidden Integer,
// ticks so far); ticks are time events computed without accumulated drift.
struct Sample {
  VarId flag;
  VarId counter;
  ExprPtr start;
  ExprPtr interval;
  // Null, or sample(start, interval, resolution) of the clocks stage: tick
  // k is at start + (k*interval)/resolution (exact for rational clocks).
  ExprPtr resolution;
  SourceRange range;
};

// What index reduction did (causalize/IndexReduction.h), for dumps; empty
// for an index-1 model.
struct IndexReductionRecord {
  std::vector<flat::Equation> differentiated;  // the equations it added, in order
  std::vector<VarId> dummyDerivatives;         // derivatives computed algebraically
  std::vector<VarId> demotedStates;            // appear in der() but are not integrated
  std::vector<VarId> promotedStates;           // integrated though der() of them is not written
};

// What alias elimination did (causalize/AliasElimination.h), for dumps
// and for the FMI aliases of modelDescription.xml.
struct AliasRecord {
  struct Alias {
    VarId var;     // the eliminated variable
    VarId of;      // its representative
    bool negated;  // var = -of (var keeps that equation and a slot); else var = of (Role::Alias)
  };
  std::vector<Alias> aliases;      // in VarId order of `var`
  size_t equationsBefore = 0;      // continuous equations before elimination
  size_t equationsRemoved = 0;     // alias equations removed

  // For a Role::Alias variable the variable it equals; v itself otherwise.
  VarId representativeOf(VarId v) const {
    auto at = std::lower_bound(aliases.begin(), aliases.end(), v,
                               [](const Alias& alias, VarId var) { return alias.var < var; });
    return at != aliases.end() && at->var == v && !at->negated ? at->of : v;
  }
};

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
  // A when-equation appears there only if one of its branches is
  // activeAtInitialization; the others do nothing during initialization
  // (their targets keep their start values or come from initial equations).
  std::vector<Block> initialization;
  // Run at every right-hand-side evaluation: computes the derivatives (and
  // the algebraics they need) from time, states, inputs and parameters.
  std::vector<Block> derivativeBlocks;
  // Run at communication points after derivativeBlocks: every remaining
  // algebraic (outputs, locals).
  std::vector<Block> outputBlocks;

  // --- Hybrid models (events). Continuous mode runs derivativeBlocks and
  // outputBlocks with discrete variables, relation states and condition
  // variables frozen; event mode runs eventBlocks, where they are updated.
  std::vector<ZeroCrossing> zeroCrossings;
  std::vector<Sample> samples;
  // Continuous blocks the indicators need (in order), then indicators are
  // evaluated from them.
  std::vector<Block> indicatorBlocks;
  // One event iteration: every block of the model in order, including the
  // relation and condition updates and the when-blocks. (Samples are not
  // blocks: the generated event_update updates them before these.)
  std::vector<Block> eventBlocks;
  // assert() of equation sections, checked after steps and events. (User
  // functions stay in flat.functions.)
  std::vector<flat::Assertion> assertions;

  // Discrete variables of mixed discrete/continuous loops
  // (causalize/MixedSystems.h): the loop's Real equations read their
  // values of the previous event iteration, so the event iteration
  // compares them and repeats until they settle, and runs once right
  // after initialization as well.
  std::set<VarId> iteratedDiscretes;
  // Variables of clocked partitions that their own clock's condition reads
  // (SortedBlock::clockFeedback): the event iteration compares them and
  // repeats until they settle, one iteration after the other, as it does
  // for variables whose pre() is read; unlike a mixed loop's, no value of
  // theirs is guessed (a guess could undo the tick that set them).
  std::set<VarId> clockFeedbackDiscretes;

  AliasRecord aliasElimination;
  IndexReductionRecord indexReduction;

  // delay() history buffers (causalize/Delays.h): buffer k records the
  // value of delayedVariables[k] (a Real).
  std::vector<VarId> delayedVariables;
};

// Text of the blocks (`smc --dump=blt`): one line per assignment, a bracketed
// group per loop, section by section.
std::string dumpBlt(const CausalModel& model);

}  // namespace smc::causal
