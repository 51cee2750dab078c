// The initialization system (spec 8.6), run once when leaving
// initialization mode: calculated parameters in dependency order, then one
// sorted system made of the model's equations and defining nodes, the
// initial equations and initial algorithms, and start-value equations.
//  - Unknowns: the simulation unknowns, the states and the parameters with
//    fixed = false (with their bindings as equations, and the calculated
//    parameters that depend on them). pre(v) of a discrete variable is
//    known, holding v's start value, unless an initial equation names it
//    (`pre(y) = y0`, as library blocks write): then pre(v) is an unknown
//    (spec 8.6), a hidden parameter standing for it throughout the
//    system, with `pre(v) = start` as an optional equation (required when
//    v is fixed), and a when-equation that cannot fire keeps v = pre(v).
//  - `fixed = true` on a continuous variable: known when the start value is
//    a literal (the value set at instantiation or by the importer), else
//    the equation `v = start`. On a discrete variable it fixes pre(v),
//    which is its start value already, so it adds nothing.
//  - A state without `fixed` gets the optional equation `x = start`, used
//    only when nothing else determines x (as Modelica tools do).
//  - A when-equation whose branches cannot fire at initialization (no
//    initial() in their conditions) does nothing then: its targets keep
//    their start values (v = pre(v)) unless an initial equation determines
//    them, so the block is left out and each target gets the optional
//    `v = start`. A when-equation with an initial() branch is the node
//    defining its targets; the WhenBlock decides at run time.
//  - Relation and condition updates are part of the system, so relations
//    are evaluated fresh and their variables hold the right pre() values
//    for the first event iteration.
//  - Clocked partitions do not run (their ticks are false then): their
//    variables are known and keep their start values.
// An optional `v = start` with a literal start that the matching uses
// needs no block: v keeps its start value.
#include "causalize/Blocks.h"
#include "causalize/Delays.h"
#include "causalize/ExprUtil.h"
#include "causalize/Sort.h"
#include "causalize/Statements.h"
#include "causalize/Systems.h"
#include "flatten/ConstEval.h"

#include <algorithm>
#include <functional>

namespace smc::causal {

namespace {

// `e` with each if-expression whose condition reads only constants (and
// so parameters declared with Evaluate = true, FixedValues.h) replaced by
// the branch it takes. Modelica.Fluid's start values read each other in
// the branch not taken: `T_start = if use_T_start then system.T_start else
// temperature_phX(p_start, h_start, X_start)` and h_start the other way.
ExprPtr withDecidedBranches(const ExprPtr& e, const flat::FlatModel& model) {
  if (!e || e->args.empty()) return e;
  if (e->kind == flat::ExprKind::If && e->args.size() == 3) {
    std::set<VarId> reads;
    collectVars(*e->args[0], reads);
    const bool constant = std::all_of(reads.begin(), reads.end(), [&](VarId v) {
      return model.variables[v].variability == flat::Variability::Constant;
    });
    if (constant) {
      auto value = flat::ConstantEvaluator(model).evaluate(*e->args[0], e->args[0]->range);
      if (value && value->kind == flat::Constant::Boolean)
        return withDecidedBranches(e->args[value->boolean ? 1 : 2], model);
    }
  }
  return mapChildren(e, [&](const ExprPtr& arg) { return withDecidedBranches(arg, model); });
}

// Calculated parameters in dependency order (a parameter after those its
// binding uses).
bool orderCalculatedParameters(CausalModel& model, DiagnosticEngine& diags, std::vector<Block>& out) {
  enum class Mark { None, Busy, Done };
  std::vector<Mark> marks(model.flat.variables.size(), Mark::None);
  std::function<bool(VarId)> visit = [&](VarId p) {
    if (marks[p] == Mark::Done) return true;
    const flat::Variable& v = model.flat.variables[p];
    if (marks[p] == Mark::Busy) {
      diags.errorf(v.range, "the binding of parameter '{}' depends on itself", v.name);
      return false;
    }
    marks[p] = Mark::Busy;
    model.flat.variables[p].binding = withDecidedBranches(v.binding, model.flat);
    std::set<VarId> uses;
    collectVars(*v.binding, uses);
    for (VarId u : uses) {
      Role role = model.roles[u];
      if (role == Role::CalculatedParameter) {
        if (!visit(u)) return false;
      } else if (role != Role::Parameter && role != Role::Constant) {
        diags.errorf(v.binding->range, "the binding of parameter '{}' uses '{}', which is not a parameter",
                     v.name, model.flat.variables[u].name);
        return false;
      }
    }
    marks[p] = Mark::Done;
    out.push_back(Assign{p, v.binding, v.binding->range});
    return true;
  };
  for (VarId p = 0; p < model.flat.variables.size(); ++p)
    if (model.roles[p] == Role::CalculatedParameter && !visit(p)) return false;
  return true;
}

bool firesAtInitialization(const WhenBlock& when) {
  for (const WhenBlock::Branch& branch : when.branches)
    if (branch.activeAtInitialization) return true;
  return false;
}

// An algorithm's when-statements that cannot fire during initialization do
// nothing then (spec 8.6): the algorithm computes only what its other
// statements assign, and what only those when-statements assign is held,
// as the targets of a when-equation that cannot fire are (its start value,
// or what the initial equations and algorithms give it). False when
// nothing of the algorithm is left to run.
bool dropInactiveWhens(DefiningNode& node, std::set<VarId>& heldByWhen) {
  auto* algorithm = std::get_if<AlgorithmBlock>(&node.block);
  if (!algorithm) return true;
  const std::set<VarId> active(algorithm->conditionsActiveAtInitialization.begin(),
                               algorithm->conditionsActiveAtInitialization.end());
  auto inactive = [&](const flat::Statement& s) {
    if (s.kind != flat::StatementKind::When) return false;
    for (const ExprPtr& c : s.conditions)
      if (c->kind != flat::ExprKind::Var || active.count(c->var)) return false;
    return true;
  };
  if (std::none_of(algorithm->statements.begin(), algorithm->statements.end(), inactive)) return true;
  std::erase_if(algorithm->statements, inactive);
  const std::vector<VarId> assigned = assignedVariables(algorithm->statements);
  const std::set<VarId> kept(assigned.begin(), assigned.end());
  for (VarId v : algorithm->outputs)
    if (!kept.count(v)) heldByWhen.insert(v);
  std::erase_if(algorithm->outputs, [&](VarId v) { return !kept.count(v); });
  node.defines = algorithm->outputs;
  node.uses.clear();
  collectStatementUses(algorithm->statements, node.uses);
  for (VarId v : algorithm->outputs) node.uses.erase(v);
  return !algorithm->statements.empty();
}

// `v = start`, with the type's default when no start is given.
flat::Equation startEquation(VarId v, const flat::Variable& var) {
  ExprPtr start = var.attributes.start;
  if (!start) {
    switch (var.type) {
      case flat::BaseType::Real: start = flat::makeReal(0, var.range); break;
      case flat::BaseType::Integer: start = flat::makeInteger(0, var.range); break;
      case flat::BaseType::Boolean: start = flat::makeBoolean(false, var.range); break;
      case flat::BaseType::String: start = flat::makeString("", var.range); break;
      // Clock variables do not reach causalization (the clocks stage
      // replaces them); a Boolean placeholder keeps this total.
      case flat::BaseType::Clock: start = flat::makeBoolean(false, var.range); break;
      // A parameter, bound to its constructor (never given a start).
      case flat::BaseType::ExternalObject: start = flat::makeBoolean(false, var.range); break;
    }
  }
  return {flat::makeVar(v, var.range), start, var.range, ""};
}

// `e` with pre(v) replaced by the hidden parameter standing for it;
// `read` collects the parameters it now reads.
ExprPtr replacePre(const ExprPtr& e, const std::map<VarId, VarId>& standIn, std::set<VarId>& read) {
  if (!e) return e;
  if (e->kind == flat::ExprKind::Pre && e->args[0]->kind == flat::ExprKind::Var)
    if (auto it = standIn.find(e->args[0]->var); it != standIn.end()) {
      read.insert(it->second);
      return flat::makeVar(it->second, e->range);
    }
  return mapChildren(e, [&](const ExprPtr& child) { return replacePre(child, standIn, read); });
}

// Replaces every expression e of `block` by replace(e).
void mapBlockExprs(Block& block, const std::function<ExprPtr(const ExprPtr&)>& replace) {
  if (auto* assign = std::get_if<Assign>(&block)) {
    assign->value = replace(assign->value);
  } else if (auto* loop = std::get_if<AlgebraicLoop>(&block)) {
    for (ExprPtr& residual : loop->residuals) residual = replace(residual);
    for (Assign& torn : loop->torn) torn.value = replace(torn.value);
  } else if (auto* when = std::get_if<WhenBlock>(&block)) {
    for (WhenBlock::Branch& branch : when->branches)
      for (flat::Action& action : branch.actions) {
        action.value = replace(action.value);
        action.message = replace(action.message);
      }
  } else if (auto* algorithm = std::get_if<AlgorithmBlock>(&block)) {
    mapExprs(algorithm->statements, replace);
  }
  // A clocked partition does not run during initialization.
}

// The same throughout `block`.
void replacePre(Block& block, const std::map<VarId, VarId>& standIn, std::set<VarId>& read) {
  mapBlockExprs(block, [&](const ExprPtr& e) { return replacePre(e, standIn, read); });
}

// A delay is its expression at the start time (spec 3.7.4.1), so a node
// that reads a delay reads the delayed variable now.
void undelay(DefiningNode& node) {
  mapBlockExprs(node.block, [&](const ExprPtr& e) {
    ExprPtr plain = undelayed(e);
    if (plain != e) collectUses(*plain, node.uses);
    return plain;
  });
}

// The discrete variables whose pre() an initial equation names, each with
// a hidden parameter that stands for pre(v) in the system's equations and
// nodes (see the top of this file).
std::map<VarId, VarId> addPreUnknowns(CausalModel& model, size_t firstInitialEquation, EquationSystem& system) {
  std::set<VarId> named;
  std::function<void(const flat::Expr&)> find = [&](const flat::Expr& e) {
    if (e.kind == flat::ExprKind::Pre && e.args[0]->kind == flat::ExprKind::Var &&
        model.roles[e.args[0]->var] == Role::Discrete)
      named.insert(e.args[0]->var);
    for (const auto& arg : e.args)
      if (arg) find(*arg);
  };
  for (size_t i = firstInitialEquation; i < system.equations.size(); ++i) {
    find(*system.equations[i].lhs);
    find(*system.equations[i].rhs);
  }
  std::map<VarId, VarId> standIn;
  for (VarId v : named) {
    const flat::Variable var = model.flat.variables[v];
    flat::Variable pre;
    pre.name = "pre(" + var.name + ")";  // cannot clash: not a Modelica name
    pre.type = var.type;
    pre.variability = flat::Variability::Parameter;
    pre.attributes.start = var.attributes.start;
    pre.isHidden = true;
    pre.range = var.range;
    auto id = static_cast<VarId>(model.flat.variables.size());
    model.flat.variables.push_back(std::move(pre));
    model.roles.push_back(Role::InitialParameter);
    standIn[v] = id;
    flat::Equation start = startEquation(id, model.flat.variables[id]);
    if (var.attributes.fixed.value_or(false)) system.equations.push_back(std::move(start));
    else system.optionalEquations.push_back(std::move(start));
  }
  if (standIn.empty()) return standIn;
  std::set<VarId> read;  // equations need no list of what they read
  for (flat::Equation& eq : system.equations) {
    eq.lhs = replacePre(eq.lhs, standIn, read);
    eq.rhs = replacePre(eq.rhs, standIn, read);
  }
  for (DefiningNode& node : system.nodes) replacePre(node.block, standIn, node.uses);
  return standIn;
}

// The unknowns and the start-value equations. States go last, so that an
// under-determined initialization names the state that lacks a condition
// rather than its derivative.
void addUnknowns(const CausalModel& model, const LoweredModel& lowered, const std::set<VarId>& heldByWhen,
                 const std::map<VarId, VarId>& preStandIns, EquationSystem& system) {
  std::vector<VarId> states;
  std::set<VarId> defined;
  for (const DefiningNode& node : system.nodes) defined.insert(node.defines.begin(), node.defines.end());
  for (VarId v = 0; v < model.flat.variables.size(); ++v) {
    const flat::Variable& var = model.flat.variables[v];
    Role role = model.roles[v];
    if (lowered.sampleVariables.count(v)) continue;
    if (lowered.clockedVariables.count(v)) {
      system.knownBecause[v] = "a clocked variable keeps its start value during initialization";
      continue;
    }
    if (role == Role::Discrete) {
      system.unknowns.push_back(v);
      if (heldByWhen.count(v) && !defined.count(v)) {
        // The when-equation cannot fire: v keeps pre(v), an unknown here or its start value.
        if (auto pre = preStandIns.find(v); pre != preStandIns.end())
          system.equations.push_back({flat::makeVar(v, var.range), flat::makeVar(pre->second, var.range), var.range, ""});
        else
          system.optionalEquations.push_back(startEquation(v, var));
      }
      continue;
    }
    if (role == Role::InitialParameter) {
      system.unknowns.push_back(v);
      if (var.binding) system.equations.push_back({flat::makeVar(v, var.range), var.binding, var.range, ""});
      continue;
    }
    if (role != Role::State && role != Role::Algebraic && role != Role::Derivative) continue;
    std::vector<VarId>& unknowns = role == Role::State ? states : system.unknowns;
    if (role == Role::State && !var.attributes.fixed) {
      unknowns.push_back(v);
      if (!defined.count(v)) system.optionalEquations.push_back(startEquation(v, var));
      continue;
    }
    if (!var.attributes.fixed.value_or(false)) {
      unknowns.push_back(v);
    } else if (var.attributes.start && !isLiteral(*var.attributes.start)) {
      unknowns.push_back(v);
      system.equations.push_back({flat::makeVar(v, var.range), var.attributes.start, var.range, ""});
    } else {
      system.knownBecause[v] = "fixed = true";
    }
  }
  system.unknowns.insert(system.unknowns.end(), states.begin(), states.end());
}

// A calculated parameter that depends on a parameter with fixed = false is
// known only once initialization has solved for that one: it joins the
// initialization problem as well, its binding as an equation.
void deferCalculatedParameters(CausalModel& model) {
  for (bool changed = true; changed;) {
    changed = false;
    for (VarId p = 0; p < model.flat.variables.size(); ++p) {
      if (model.roles[p] != Role::CalculatedParameter) continue;
      std::set<VarId> uses;
      collectVars(*model.flat.variables[p].binding, uses);
      for (VarId u : uses)
        if (model.roles[u] == Role::InitialParameter) {
          model.roles[p] = Role::InitialParameter;
          changed = true;
          break;
        }
    }
  }
}

}  // namespace

bool buildInitialization(CausalModel& model, const LoweredModel& lowered, DiagnosticEngine& diags) {
  deferCalculatedParameters(model);
  if (!orderCalculatedParameters(model, diags, model.initialization)) return false;
  EquationSystem system;
  system.what = "the initialization problem";
  system.equations = lowered.equations;
  // A delay is its expression at the start time (spec 3.7.4.1).
  for (flat::Equation& eq : system.equations) {
    eq.lhs = undelayed(eq.lhs);
    eq.rhs = undelayed(eq.rhs);
  }
  system.equations.insert(system.equations.end(), lowered.initialEquations.begin(), lowered.initialEquations.end());
  std::set<VarId> heldByWhen;
  for (const DefiningNode& node : lowered.nodes) {
    if (std::holds_alternative<ClockedBlock>(node.block)) continue;  // its tick is false at initialization
    const auto* when = std::get_if<WhenBlock>(&node.block);
    if (when && !firesAtInitialization(*when)) {
      heldByWhen.insert(when->targets.begin(), when->targets.end());
      continue;
    }
    DefiningNode atStart = node;
    if (dropInactiveWhens(atStart, heldByWhen)) system.nodes.push_back(std::move(atStart));
  }
  system.nodes.insert(system.nodes.end(), lowered.initialNodes.begin(), lowered.initialNodes.end());
  for (DefiningNode& node : system.nodes) undelay(node);
  std::map<VarId, VarId> preStandIns = addPreUnknowns(model, lowered.equations.size(), system);
  addUnknowns(model, lowered, heldByWhen, preStandIns, system);
  // A mixed loop is solved once here with the discrete variables' start
  // values; the event iteration after initialization settles it
  // (CausalModel::iteratedDiscretes).
  system.discrete = loopDiscreteVariables(model, system);

  auto sorted = sortSystem(system, model.flat, diags);
  if (!sorted) return false;
  for (const SortedBlock& block : *sorted) {
    model.iteratedDiscretes.insert(block.iterated.begin(), block.iterated.end());
    model.clockFeedbackDiscretes.insert(block.clockFeedback.begin(), block.clockFeedback.end());
  }
  std::vector<SortedBlock> needed;
  for (SortedBlock& block : *sorted) {
    bool keepsStart = block.nodes.empty() && block.equations.size() == 1 && system.isOptional(block.equations[0]) &&
                      isLiteral(*system.equation(block.equations[0]).rhs);
    if (!keepsStart) needed.push_back(std::move(block));
  }
  return buildBlocks(system, needed, model, diags, model.initialization);
}

}  // namespace smc::causal
