// Algorithm sections -> flat statements (spec 11), for models and for the
// bodies of user functions (spec 12).
//
// The two differ in how names and loops are treated. In a model's algorithm
// a name is a model variable and a for-loop runs over a range known before
// simulation, so it is unrolled here with the iterator bound to each value
// (model algorithms contain no For statement). In a function a name is one
// of the function's variables and a for-loop stays a loop: its iterator
// becomes an Integer local and its range bounds are expressions evaluated
// when the loop starts. The restrictions of the spec are checked where the
// statement is written: when-statements only at the top of a model's
// algorithm (11.2.7), reinit only inside a when-statement, break only in a
// loop, return only in a function, no assignment to inputs, parameters or
// loop variables.
#include "flatten/Flattener.h"

#include <fmt/format.h>

#include <algorithm>

#include <functional>

namespace smc::flatten {

namespace {

const char* variabilityText(flat::Variability v) {
  switch (v) {
    case flat::Variability::Constant: return "a constant";
    case flat::Variability::Parameter: return "a parameter";
    case flat::Variability::Discrete:
    case flat::Variability::Continuous: return "a variable";
  }
  return "?";
}

}  // namespace

void Flattener::lowerAlgorithms(Instance& inst) {
  for (const auto& [section, lexical] : inst.algorithms) {
    flat::Algorithm algorithm;
    algorithm.range = section->range;
    algorithm.origin = inst.path;
    StatementContext context;
    context.scope = Scope{&inst, lexical, nullptr};
    context.initial = section->initial;
    unsigned errorsBefore = diags_.errorReports();
    inInitialSection_ = section->initial;
    lowerStatements(section->statements, context, algorithm.statements);
    inInitialSection_ = false;
    if (diags_.errorReports() != errorsBefore) continue;
    (section->initial ? model_.initialAlgorithms : model_.algorithms).push_back(std::move(algorithm));
  }
}

void Flattener::lowerStatements(const ast::StatementList& statements, StatementContext& context,
                                std::vector<flat::Statement>& out) {
  for (const ast::Statement& s : statements) lowerStatement(s, context, out);
}

std::optional<flat::VarId> Flattener::assignedVariable(const flat::ExprPtr& target, SourceRange range,
                                                       const Scope& scope) {
  if (target->kind != flat::ExprKind::Var) {
    if (readsVariableSubscript(*target))
      diags_.unsupported(range, "assigning an array element chosen by a subscript that varies during simulation");
    else
      diags_.error(range, "the left side of an assignment must be a variable");
    return std::nullopt;
  }
  if (FunctionBuild* function = scope.function) {
    const flat::Variable& v = function->fn.variables[target->var];
    if (v.causality == flat::Causality::Input) {
      diags_.errorf(range, "input '{}' of function '{}' cannot be assigned (spec 12.2)", v.name, function->fn.name);
      return std::nullopt;
    }
    if (v.variability == flat::Variability::Constant) {
      diags_.errorf(range, "constant '{}' cannot be assigned", v.name);
      return std::nullopt;
    }
    if (function->iterators.count(target->var)) {
      diags_.errorf(range, "the for-loop variable '{}' cannot be assigned (spec 11.2.2)", v.name);
      return std::nullopt;
    }
    return target->var;
  }
  const flat::Variable& v = model_.variables[target->var];
  // A parameter with fixed = false is an unknown of the initialization,
  // which an initial algorithm or tuple equation may compute (spec 8.6).
  const bool computedParameter = inInitialSection_ && v.variability == flat::Variability::Parameter &&
                                 v.attributes.fixed == std::optional<bool>(false);
  if ((v.variability == flat::Variability::Parameter && !computedParameter) ||
      v.variability == flat::Variability::Constant) {
    diags_.errorf(range, "'{}' is {} and cannot be assigned", v.name, variabilityText(v.variability));
    return std::nullopt;
  }
  if (v.causality == flat::Causality::Input) {
    diags_.errorf(range, "'{}' is an input of the model and cannot be assigned", v.name);
    return std::nullopt;
  }
  return target->var;
}

std::optional<std::pair<std::vector<std::optional<flat::VarId>>, flat::ExprPtr>> Flattener::lowerTupleCall(
    const ast::Expr& tuple, const ast::Expr& call, const Scope& scope) {
  ClassNode* cls = call.kind == ast::ExprKind::Call && !callsBuiltin(call, scope)
                       ? calledFunction(call, scope)
                       : nullptr;
  if (!cls) {
    diags_.error(call.range, "the right side of '(a, b) = ...' must be a call of a user function");
    return std::nullopt;
  }
  flat::ExprPtr value = lowerFunctionCall(call, cls, scope, true);
  if (!value) return std::nullopt;
  // Copied: lowering the targets may build more functions and move the table.
  const flat::Function f = model_.functions[value->function];
  std::vector<ClassNode*> modifying;  // applied by the call above
  const FunctionInterface& interface = *functionInterface(definingFunction(cls, &modifying));
  if (tuple.args.size() > interface.outputs.size()) {
    diags_.errorf(tuple.range, "function '{}' has {} output(s) but {} are assigned here", f.name,
                  interface.outputs.size(), tuple.args.size());
    return std::nullopt;
  }
  // One target per scalar output, in order; an empty slot skips its output's elements.
  std::vector<std::optional<flat::VarId>> targets;
  for (size_t i = 0; i < tuple.args.size(); ++i) {
    const FormalSlot& formal = interface.outputs[i];
    const ast::ExprPtr& slot = tuple.args[i];
    if (formal.record >= 0) {
      // A record output: its fields' outputs, each assigned to the target's field of that name.
      const RecordFormal& record = interface.records[static_cast<size_t>(formal.record)];
      std::optional<Leaves> leaves;
      if (slot) leaves = recordLeaves(*slot, record.cls, scope, fmt::format("the target of output {}", i + 1));
      if (slot && !leaves) return std::nullopt;
      for (size_t v = formal.first; v < formal.first + formal.count; ++v) {
        const Value output = functionOutput(value, v - interface.numInputs);
        const std::string relative = interface.variables[v].name.substr(record.name.size() + 1);
        for (size_t k = 0; k < output.elements.size(); ++k) {
          if (!slot) {
            targets.emplace_back();
            continue;
          }
          const std::string leaf = fieldLeafName(relative, output.dims, record.rank, static_cast<long long>(k));
          flat::ExprPtr target;
          for (const auto& [name, e] : *leaves)
            if (name == leaf) target = e;
          auto id = target ? assignedVariable(target, slot->range, scope) : std::nullopt;
          if (!id) {
            if (!target) diags_.errorf(slot->range, "the target of output {} has no field '{}'", i + 1, leaf);
            return std::nullopt;
          }
          targets.push_back(*id);
        }
      }
      continue;
    }
    const Value output = functionOutput(value, formal.first - interface.numInputs);
    if (!slot) {
      targets.resize(targets.size() + output.elements.size());
      continue;
    }
    auto target = lower(*slot, scope);
    if (!target) return std::nullopt;
    if (target->dims != output.dims) {
      diags_.errorf(slot->range, "output {} of '{}' has size [{}], but its target has size [{}]", i + 1, f.name,
                    fmt::join(output.dims, ", "), fmt::join(target->dims, ", "));
      return std::nullopt;
    }
    for (size_t k = 0; k < target->elements.size(); ++k) {
      auto id = assignedVariable(target->elements[k], slot->range, scope);
      if (!id) return std::nullopt;
      flat::BaseType targetType = typeOf(*target->elements[k], scope);
      flat::BaseType outputType = typeOf(*output.elements[k], scope);
      if (!flat::isAssignable(targetType, outputType)) {
        diags_.errorf(slot->range, "output {} of '{}' is {} and cannot be assigned to a {} variable", i + 1, f.name,
                      flat::toString(outputType), flat::toString(targetType));
        return std::nullopt;
      }
      targets.push_back(*id);
    }
  }
  return std::make_pair(std::move(targets), value);
}

void Flattener::lowerStatement(const ast::Statement& s, StatementContext& context,
                               std::vector<flat::Statement>& out) {
  const Scope& scope = context.scope;
  flat::Statement st;
  st.range = s.range;
  switch (s.kind) {
    case ast::StatementKind::Assign:
      lowerAssignment(s, context, out);
      return;
    case ast::StatementKind::Call:
      lowerCallStatement(s, context, out);
      return;
    case ast::StatementKind::For:
      lowerForStatement(s, context, out);
      return;
    case ast::StatementKind::When:
      lowerWhenStatement(s, context, out);
      return;
    case ast::StatementKind::If:
    case ast::StatementKind::While: {
      bool isIf = s.kind == ast::StatementKind::If;
      st.kind = isIf ? flat::StatementKind::If : flat::StatementKind::While;
      StatementContext inner = context;
      inner.inControl = true;
      if (!isIf) inner.inLoop = true;
      for (size_t i = 0; i < s.branches.size(); ++i) {
        if (i < s.conditions.size()) {
          const ast::Expr& condition = *s.conditions[i];
          flat::ExprPtr c = expectScalar(lower(condition, scope), flat::BaseType::Boolean, condition.range,
                                         isIf ? "the condition of an if-statement" : "the condition of a while-loop",
                                         scope);
          if (!c) return;
          // In a function specialized to its sizes, a branch whose condition
          // is known is kept or dropped here: a dropped one may be written
          // for other sizes (`if size(x, 1) > 2 then y := x[3]`).
          if (std::optional<bool> known = isIf && scope.function ? knownCondition(*c, scope) : std::nullopt) {
            if (!*known) continue;
            st.branches.emplace_back();
            lowerStatements(s.branches[i], inner, st.branches.back());
            break;  // an else-branch from here on
          }
          st.conditions.push_back(c);
        }
        st.branches.emplace_back();
        lowerStatements(s.branches[i], inner, st.branches.back());
      }
      if (isIf && st.conditions.empty()) {
        // No condition left: the branch taken, if any, runs as it is.
        if (!st.branches.empty())
          out.insert(out.end(), std::make_move_iterator(st.branches[0].begin()),
                     std::make_move_iterator(st.branches[0].end()));
        return;
      }
      out.push_back(std::move(st));
      return;
    }
    case ast::StatementKind::Break:
      if (!context.inLoop) {
        diags_.error(s.range, "'break' is only allowed inside a for- or while-loop (spec 11.2.6)");
        return;
      }
      st.kind = flat::StatementKind::Break;
      out.push_back(std::move(st));
      return;
    case ast::StatementKind::Return:
      if (!scope.function) {
        diags_.error(s.range, "'return' is only allowed inside a function (spec 11.2.7)");
        return;
      }
      st.kind = flat::StatementKind::Return;
      out.push_back(std::move(st));
      return;
  }
}

std::optional<bool> Flattener::knownCondition(const flat::Expr& condition, const Scope& scope) {
  if (!isParameterExpression(condition, scope)) return std::nullopt;
  auto value = evaluateFlat(condition, condition.range);
  if (!value || value->kind != Constant::Boolean) return std::nullopt;
  return value->boolean;
}

void Flattener::lowerAssignment(const ast::Statement& s, StatementContext& context,
                                std::vector<flat::Statement>& out) {
  const Scope& scope = context.scope;
  if (s.lhs->kind == ast::ExprKind::Tuple) {
    auto tuple = lowerTupleCall(*s.lhs, *s.rhs, scope);
    if (!tuple) return;
    flat::Statement st;
    st.kind = flat::StatementKind::TupleAssign;
    st.targets = std::move(tuple->first);
    st.value = tuple->second;
    st.range = s.range;
    out.push_back(std::move(st));
    return;
  }
  auto pairs = pairSides(*s.lhs, *s.rhs, scope, s.range);
  if (!pairs) return;
  if (scope.function && overlappingAssignment(*pairs, *scope.function)) {
    // `x := x[{2, 1}]`: the whole right side is evaluated before any element
    // is assigned (spec 11.2.1), so each value goes through a local first.
    FunctionBuild& build = *scope.function;
    for (auto& [lhs, rhs] : *pairs) {
      flat::VarId staged = addFunctionLocal(build, "$staged", typeOf(*lhs, scope), s.range);
      flat::Statement st;
      st.kind = flat::StatementKind::Assign;
      st.target = staged;
      st.value = rhs;
      st.range = s.range;
      out.push_back(std::move(st));
      rhs = flat::makeVar(staged, rhs->range);
    }
  }
  for (const auto& [lhs, rhs] : *pairs) {
    if (lhs->kind == flat::ExprKind::Element && scope.function) {
      if (!lowerElementAssignment(lhs, rhs, s, scope, out)) return;
      continue;
    }
    if (!scope.function && lhs->kind == flat::ExprKind::If && readsVariableSubscript(*lhs)) {
      if (!lowerChosenAssignment(lhs, rhs, s, scope, out)) return;
      continue;
    }
    if (!appendAssignment(lhs, rhs, s, scope, out)) return;
  }
}

bool Flattener::appendAssignment(const flat::ExprPtr& target, const flat::ExprPtr& value, const ast::Statement& s,
                                 const Scope& scope, std::vector<flat::Statement>& out) {
  auto id = assignedVariable(target, s.lhs->range, scope);
  if (!id) return false;
  flat::BaseType targetType = typeOf(*target, scope);
  flat::BaseType valueType = typeOf(*value, scope);
  if (!flat::isAssignable(targetType, valueType)) {
    diags_.errorf(s.rhs->range, "cannot assign a {} value to the {} variable '{}'", flat::toString(valueType),
                  flat::toString(targetType),
                  scope.function ? scope.function->fn.variables[*id].name : model_.variables[*id].name);
    return false;
  }
  flat::Statement st;
  st.kind = flat::StatementKind::Assign;
  st.target = *id;
  st.value = value;
  st.range = s.range;
  out.push_back(std::move(st));
  return true;
}

// Whether a right side of an assignment of several elements reads an
// element that an earlier pair assigns (any element of an array that an
// earlier pair assigns through a varying subscript).
bool Flattener::overlappingAssignment(const Pairs& pairs, const FunctionBuild& build) const {
  // The declared array holding a variable (declared is ordered by `first`).
  const auto& declared = build.fn.declared;
  auto arrayOf = [&](flat::VarId var) -> long long {
    auto it = std::upper_bound(declared.begin(), declared.end(), var,
                               [](flat::VarId v, const flat::DeclaredVariable& d) { return v < d.first; });
    if (it == declared.begin()) return -1;
    --it;
    return var < it->first + it->size() && !it->dims.empty() ? it - declared.begin() : -1;
  };
  std::set<flat::VarId> assigned;  // elements the pairs so far assign
  std::set<long long> touched;     // arrays with an element among them
  std::set<long long> chosen;      // arrays they assign through Element
  std::function<bool(const flat::Expr&)> reads = [&](const flat::Expr& e) {
    if (e.kind == flat::ExprKind::Var && (assigned.count(e.var) || chosen.count(arrayOf(e.var)))) return true;
    if (e.kind == flat::ExprKind::Element && (chosen.count(e.integer) || touched.count(e.integer))) return true;
    for (const auto& arg : e.args)
      if (arg && reads(*arg)) return true;
    return false;
  };
  for (const auto& [lhs, rhs] : pairs) {
    if (reads(*rhs)) return true;
    if (lhs->kind == flat::ExprKind::Var) {
      assigned.insert(lhs->var);
      touched.insert(arrayOf(lhs->var));
    }
    if (lhs->kind == flat::ExprKind::Element) chosen.insert(lhs->integer);
  }
  return false;
}

flat::VarId Flattener::addFunctionLocal(FunctionBuild& build, const std::string& base, flat::BaseType type,
                                        SourceRange range) {
  // A '$' suffix keeps a reused name unique; Modelica names cannot contain
  // '$', so only a declared variable of the same name can clash.
  int& uses = build.localNames[base];
  std::string name;
  do {
    ++uses;
    name = uses == 1 ? base : fmt::format("{}${}", base, uses);
  } while (build.names.count(name));
  flat::Variable local;
  local.name = name;
  local.type = type;
  local.variability = type == flat::BaseType::Real ? flat::Variability::Continuous : flat::Variability::Discrete;
  local.isProtected = true;
  local.range = range;
  build.fn.variables.push_back(std::move(local));
  return static_cast<flat::VarId>(build.fn.variables.size() - 1);
}

// `a[i] := value` in a model's algorithm, with i varying: the target is the
// chain `if i == 1 then a[1] elseif ... else <index error>` that reading
// a[i] gives (VariableSubscripts.cpp), turned into the if-statement that
// assigns the element the chain selects; its else-branch calls the index
// error, which stops the simulation.
bool Flattener::lowerChosenAssignment(const flat::ExprPtr& chain, const flat::ExprPtr& value,
                                      const ast::Statement& s, const Scope& scope,
                                      std::vector<flat::Statement>& out) {
  flat::Statement choice;
  choice.kind = flat::StatementKind::If;
  choice.range = s.range;
  flat::ExprPtr arm = chain;
  for (; arm->kind == flat::ExprKind::If; arm = arm->args[2]) {
    choice.conditions.push_back(arm->args[0]);
    choice.branches.emplace_back();
    if (!appendAssignment(arm->args[1], value, s, scope, choice.branches.back())) return false;
  }
  // The index error: a call statement whose function fails.
  flat::Statement failure;
  failure.kind = flat::StatementKind::TupleAssign;
  failure.value = arm;
  failure.range = s.range;
  choice.branches.push_back({std::move(failure)});
  out.push_back(std::move(choice));
  return true;
}

// `a[i] := value` in a function, with i varying: the element is chosen when
// the statement runs.
bool Flattener::lowerElementAssignment(const flat::ExprPtr& element, const flat::ExprPtr& value,
                                       const ast::Statement& s, const Scope& scope,
                                       std::vector<flat::Statement>& out) {
  const flat::Function& fn = scope.function->fn;
  const flat::DeclaredVariable& array = fn.declared[static_cast<size_t>(element->integer)];
  if (array.causality == flat::Causality::Input) {
    diags_.errorf(s.lhs->range, "input '{}' of function '{}' cannot be assigned (spec 12.2)", array.name, fn.name);
    return false;
  }
  // An empty array has no element to check the value against: an
  // assignment into it (in a loop over 1:0) never runs, and one that ran
  // would fail on its index when the function runs.
  if (array.size() > 0 && array.first < fn.variables.size()) {
    const flat::Variable& first = fn.variables[array.first];
    if (first.variability == flat::Variability::Constant) {
      diags_.errorf(s.lhs->range, "constant '{}' cannot be assigned", array.name);
      return false;
    }
    flat::BaseType valueType = typeOf(*value, scope);
    if (!flat::isAssignable(first.type, valueType)) {
      diags_.errorf(s.rhs->range, "cannot assign a {} value to an element of the {} array '{}'",
                    flat::toString(valueType), flat::toString(first.type), array.name);
      return false;
    }
  }
  flat::Statement st;
  st.kind = flat::StatementKind::AssignElement;
  st.element = element;
  st.value = value;
  st.range = s.range;
  out.push_back(std::move(st));
  return true;
}

void Flattener::lowerCallStatement(const ast::Statement& s, StatementContext& context,
                                   std::vector<flat::Statement>& out) {
  const Scope& scope = context.scope;
  const ast::Expr& call = *s.rhs;
  std::string name = simpleCalleeName(call);
  flat::Statement st;
  st.range = s.range;
  if (name == "assert") {
    auto check = lowerAssertCall(call, scope);
    if (!check) return;
    st.kind = flat::StatementKind::Assert;
    st.value = check->condition;
    st.message = check->message;
    st.level = check->level;
    out.push_back(std::move(st));
    return;
  }
  if (name == "terminate") {
    if (scope.function) {
      diags_.error(s.range, "terminate() cannot be used inside a function (spec 12.2)");
      return;
    }
    st.message = lowerTerminateCall(call, scope);
    if (!st.message) return;
    st.kind = flat::StatementKind::Terminate;
    out.push_back(std::move(st));
    return;
  }
  if (name == "reinit") {
    if (!context.inWhen) {
      diags_.error(s.range, "reinit() is only allowed inside a when-statement (spec 8.3.6)");
      return;
    }
    auto reinit = lowerReinit(call, scope);
    if (!reinit) return;
    st.kind = flat::StatementKind::Reinit;
    st.target = reinit->first;
    st.value = reinit->second;
    out.push_back(std::move(st));
    return;
  }
  ClassNode* cls = callsBuiltin(call, scope) ? nullptr : calledFunction(call, scope);
  if (!cls) {
    diags_.errorf(s.range, "a call to '{}' is not a statement", refText(call.ref));
    return;
  }
  // f(x); runs f for its effects (asserts); every output is dropped.
  st.value = lowerFunctionCall(call, cls, scope, true);
  if (!st.value) return;
  st.kind = flat::StatementKind::TupleAssign;
  out.push_back(std::move(st));
}

// Whether a break among `statements` leaves the loop they belong to: one
// not inside a nested while-loop (which it would leave instead).
static bool leavesLoop(const std::vector<flat::Statement>& statements) {
  for (const flat::Statement& s : statements) {
    if (s.kind == flat::StatementKind::Break) return true;
    if (s.kind == flat::StatementKind::While || s.kind == flat::StatementKind::For) continue;
    for (const auto& branch : s.branches)
      if (leavesLoop(branch)) return true;
  }
  return false;
}

namespace {

bool rangeIsEmpty(const flat::Expr& start, const flat::Expr& step, const flat::Expr& stop) {
  if (start.kind != flat::ExprKind::Integer || step.kind != flat::ExprKind::Integer ||
      stop.kind != flat::ExprKind::Integer)
    return false;
  return step.integer > 0 ? start.integer > stop.integer : step.integer < 0 && start.integer < stop.integer;
}

}  // namespace

void Flattener::lowerForStatement(const ast::Statement& s, StatementContext& context,
                                  std::vector<flat::Statement>& out) {
  const Scope& scope = context.scope;
  for (const ast::ForIndex& index : s.iterators)
    if (!index.range) {
      diags_.unsupported(index.source, "for-loops without an explicit range");
      return;
    }
  if (!scope.function) {
    // A model's algorithm: unroll over ranges known before simulation.
    auto ranges = evaluateIndexRanges(s.iterators, scope, "for-loops");
    if (!ranges) return;
    std::vector<flat::Statement> copies;
    forEachIndexCombination(*ranges, scope, [&](const Scope& bound) {
      StatementContext inner = context;
      inner.scope = bound;
      inner.inControl = true;
      inner.inLoop = true;
      lowerStatements(s.branches[0], inner, copies);
      return true;
    });
    if (!leavesLoop(copies)) {
      out.insert(out.end(), std::make_move_iterator(copies.begin()), std::make_move_iterator(copies.end()));
      return;
    }
    // A break must leave every later copy too: the copies run as the body
    // of a loop that passes once, `while true loop <copies> break; end while`,
    // so a break among them exits it as it would exit the for-loop.
    flat::Statement once;
    once.kind = flat::StatementKind::While;
    once.range = s.range;
    once.conditions.push_back(flat::makeBoolean(true, s.range));
    copies.push_back(flat::Statement{});
    copies.back().kind = flat::StatementKind::Break;
    copies.back().range = s.range;
    once.branches.push_back(std::move(copies));
    out.push_back(std::move(once));
    return;
  }

  // A function: a loop per index, nested, each with an Integer local.
  FunctionBuild& build = *scope.function;
  std::function<void(size_t, const Scope&, std::vector<flat::Statement>&)> nest =
      [&](size_t level, const Scope& outer, std::vector<flat::Statement>& into) {
        if (level == s.iterators.size()) {
          StatementContext inner = context;
          inner.scope = outer;
          inner.inLoop = true;
          inner.inControl = true;
          lowerStatements(s.branches[0], inner, into);
          return;
        }
        const ast::ForIndex& index = s.iterators[level];
        const ast::Expr& range = *index.range;
        std::optional<long long> literals =
            isBooleanTypeName(range) ? std::nullopt : enumerationDimension(range, outer);
        if (range.kind != ast::ExprKind::Range && !literals) {
          diags_.unsupported(range.range, "for-loop ranges other than start:stop or start:step:stop inside functions");
          return;
        }
        flat::Statement loop;
        loop.kind = flat::StatementKind::For;
        loop.range = s.range;
        static const char* const parts[3] = {"start", "step", "stop"};
        flat::ExprPtr bounds[3];
        bool realRange = false;
        if (literals) {
          // `for e in E`: the ordinals of E's literals.
          loop.rangeStart = flat::makeInteger(1, range.range);
          loop.rangeStep = flat::makeInteger(1, range.range);
          loop.rangeStop = flat::makeInteger(*literals, range.range);
        } else {
          for (size_t k = 0; k < range.args.size(); ++k) {
            const char* part = parts[range.args.size() == 3 ? k : k * 2];
            auto value = lower(*range.args[k], outer);
            if (!value) return;
            const flat::BaseType type = value->isScalar() ? typeOf(*value->elements[0], outer) : flat::BaseType::Clock;
            if (!value->isScalar() || (type != flat::BaseType::Integer && type != flat::BaseType::Real)) {
              diags_.errorf(range.args[k]->range,
                            "the {} of a for-loop range in a function must be a scalar Integer or Real", part);
              return;
            }
            bounds[k] = value->elements[0];
            realRange = realRange || type == flat::BaseType::Real;
          }
          if (realRange) {
            // A Real range a:s:b is {a, a+s, ..., a+n*s}, n = floor((b-a)/s)
            // (spec 10.4.2.2): an Integer counter k over 0:n drives the
            // Real iterator a + k*s, with a and s read once, before the loop.
            const SourceRange at = range.range;
            auto local = [&](const std::string& suffix, flat::BaseType type) {
              return addFunctionLocal(build, "$" + index.name + suffix, type, index.source);
            };
            auto assign = [&](flat::VarId target, flat::ExprPtr value, std::vector<flat::Statement>& list) {
              flat::Statement st;
              st.kind = flat::StatementKind::Assign;
              st.target = target;
              st.value = std::move(value);
              st.range = at;
              list.push_back(std::move(st));
            };
            const flat::VarId start = local(".start", flat::BaseType::Real);
            const flat::VarId step = local(".step", flat::BaseType::Real);
            assign(start, bounds[0], into);
            assign(step, range.args.size() == 3 ? bounds[1] : flat::makeReal(1, at), into);
            const flat::ExprPtr stop = range.args.size() == 3 ? bounds[2] : bounds[1];
            loop.rangeStart = flat::makeInteger(0, at);
            loop.rangeStep = flat::makeInteger(1, at);
            loop.rangeStop = flat::makeCall(
                flat::Builtin::Integer,
                {flat::makeCall(flat::Builtin::Floor,
                                {flat::makeBinary(flat::Op::Div,
                                                  flat::makeBinary(flat::Op::Sub, stop, flat::makeVar(start, at), at),
                                                  flat::makeVar(step, at), at)},
                                at)},
                at);
            loop.iterator = local(".k", flat::BaseType::Integer);
            const flat::VarId value = addFunctionLocal(build, index.name, flat::BaseType::Real, index.source);
            build.iterators.insert(loop.iterator);
            build.iterators.insert(value);
            std::map<std::string, Value> names = outer.locals ? *outer.locals : std::map<std::string, Value>{};
            names[index.name] = Value::scalar(flat::makeVar(value, index.source));
            Scope body = outer;
            body.locals = &names;
            loop.branches.emplace_back();
            assign(value,
                   flat::makeBinary(flat::Op::Add, flat::makeVar(start, at),
                                    flat::makeBinary(flat::Op::Mul, flat::makeVar(loop.iterator, at),
                                                     flat::makeVar(step, at), at),
                                    at),
                   loop.branches[0]);
            nest(level + 1, body, loop.branches[0]);
            into.push_back(std::move(loop));
            return;
          }
          loop.rangeStart = bounds[0];
          loop.rangeStep = range.args.size() == 3 ? bounds[1] : flat::makeInteger(1, range.range);
          loop.rangeStop = range.args.size() == 3 ? bounds[2] : bounds[1];
        }
        // A range that the call's sizes make empty (`1:size(x, 1)` of an
        // empty x): the body never runs, and its subscripts into the empty
        // arrays must not be lowered as if it did.
        if (rangeIsEmpty(*loop.rangeStart, *loop.rangeStep, *loop.rangeStop)) return;
        loop.iterator = addFunctionLocal(build, index.name, flat::BaseType::Integer, index.source);
        build.iterators.insert(loop.iterator);
        std::map<std::string, Value> names = outer.locals ? *outer.locals : std::map<std::string, Value>{};
        names[index.name] = Value::scalar(flat::makeVar(loop.iterator, index.source));
        Scope body = outer;
        body.locals = &names;
        loop.branches.emplace_back();
        nest(level + 1, body, loop.branches[0]);
        into.push_back(std::move(loop));
      };
  nest(0, scope, out);
}

void Flattener::lowerWhenStatement(const ast::Statement& s, StatementContext& context,
                                   std::vector<flat::Statement>& out) {
  const Scope& scope = context.scope;
  if (scope.function) {
    diags_.error(s.range, "a when-statement cannot be used inside a function (spec 11.2.7)");
    return;
  }
  if (context.initial) {
    diags_.error(s.range, "a when-statement is not allowed in an initial algorithm section (spec 8.6)");
    return;
  }
  if (context.inWhen) {
    diags_.error(s.range, "a when-statement cannot be nested inside another when-statement (spec 11.2.7)");
    return;
  }
  if (context.inControl) {
    diags_.error(s.range, "a when-statement cannot be inside an if-, for- or while-statement (spec 11.2.7)");
    return;
  }
  flat::Statement st;
  st.kind = flat::StatementKind::When;
  st.range = s.range;
  StatementContext inner = context;
  inner.inWhen = true;
  bool vector = false;
  for (size_t i = 0; i < s.branches.size() && i < s.conditions.size(); ++i) {
    auto conditions = lowerWhenConditions(*s.conditions[i], scope);
    if (!conditions) return;
    vector = vector || conditions->size() != 1;
    st.conditions.insert(st.conditions.end(), conditions->begin(), conditions->end());
    st.conditionCounts.push_back(static_cast<uint32_t>(conditions->size()));
    st.branches.emplace_back();
    lowerStatements(s.branches[i], inner, st.branches.back());
  }
  if (!vector) st.conditionCounts.clear();  // one condition each: the common form
  out.push_back(std::move(st));
}

}  // namespace smc::flatten
