// Flattening of the state machine constructs (spec 17): transition() and
// initialState() become FlatModel::transitions / initialStates with the
// instance paths of their states, the defaults of spec 17.1 and the
// instance that wrote them; activeState(), ticksInState() and timeInState()
// become their flat expressions; every block instance is listed in
// FlatModel::instances and every equation carries the instance it came
// from. Misuses are located errors.
#include "FlatFixture.h"
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

using namespace smc;
using namespace smc::test;

namespace {

flat::FlatModel sharedModel(const std::string& name) {
  std::string source = readFile(std::string(SMC_SHARED_MODELS) + "/statemachines/" + name + ".mo");
  EXPECT_FALSE(source.empty()) << name;
  Flattened f = flattenToModel(source);
  EXPECT_TRUE(f.model.has_value()) << f.diagnostics;
  return f.model ? std::move(*f.model) : flat::FlatModel{};
}

const flat::Transition* findTransition(const flat::FlatModel& m, const std::string& from, const std::string& to) {
  for (const flat::Transition& t : m.transitions)
    if (t.from == from && t.to == to) return &t;
  ADD_FAILURE() << "no transition " << from << " -> " << to;
  return nullptr;
}

bool booleanLiteral(const flat::ExprPtr& e, bool value) {
  return e && e->kind == flat::ExprKind::Boolean && e->boolean == value;
}

bool integerLiteral(const flat::ExprPtr& e, long long value) {
  return e && e->kind == flat::ExprKind::Integer && e->integer == value;
}

// immediate, reset, synchronize, priority as literals.
void expectSettings(const flat::Transition* t, bool immediate, bool reset, bool synchronize, long long priority) {
  ASSERT_NE(t, nullptr);
  SCOPED_TRACE(t->from + " -> " + t->to);
  EXPECT_TRUE(booleanLiteral(t->immediate, immediate));
  EXPECT_TRUE(booleanLiteral(t->reset, reset));
  EXPECT_TRUE(booleanLiteral(t->synchronize, synchronize));
  EXPECT_TRUE(integerLiteral(t->priority, priority));
}

std::vector<std::pair<std::string, std::string>> initialStates(const flat::FlatModel& m) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const flat::InitialState& s : m.initialStates) out.emplace_back(s.state, s.origin);
  return out;
}

std::vector<std::string> instancePaths(const flat::FlatModel& m) {
  std::vector<std::string> out;
  for (const flat::Instance& i : m.instances) out.push_back(i.path);
  return out;
}

// The origins of the equations whose left side is the variable `name`.
std::vector<std::string> originsOf(const flat::FlatModel& m, const std::string& name) {
  std::vector<std::string> out;
  for (const flat::Equation& eq : m.equations)
    if (eq.lhs->kind == flat::ExprKind::Var && m.variables[eq.lhs->var].name == name) out.push_back(eq.origin);
  return out;
}

// The right side of the only equation defining `name`.
flat::ExprPtr definitionOf(const flat::FlatModel& m, const std::string& name) {
  flat::ExprPtr found;
  for (const flat::Equation& eq : m.equations)
    if (eq.lhs->kind == flat::ExprKind::Var && m.variables[eq.lhs->var].name == name) {
      EXPECT_FALSE(found) << "two equations define " << name;
      found = eq.rhs;
    }
  EXPECT_TRUE(found) << "no equation defines " << name;
  return found;
}

using Pairs = std::vector<std::pair<std::string, std::string>>;
using Strings = std::vector<std::string>;

// A model with two empty states `a`, `b`, a Real `x` and `extra` lines on
// line 6 on.
std::string twoStates(const std::string& extra) {
  return "model M\n"
         "  block S\n"
         "  end S;\n"
         "  S a, b;\n"
         "  Real x = time;\n" +
         extra + "end M;\n";
}

// ---------------------------------------------------------------- models --

TEST(StateMachineFlatten, TrafficLightTransitionsCarryTheirStatesAndExplicitImmediate) {
  flat::FlatModel m = sharedModel("TrafficLight");
  ASSERT_EQ(m.transitions.size(), 3u);
  for (const auto& [from, to] : Pairs{{"green", "yellow"}, {"yellow", "red"}, {"red", "green"}}) {
    const flat::Transition* t = findTransition(m, from, to);
    expectSettings(t, false, true, false, 1);
    if (t) {
      EXPECT_EQ(t->origin, "");
    }
  }
  EXPECT_EQ(initialStates(m), (Pairs{{"green", ""}}));
  // Line 17: `  transition(green, yellow, request and timeInState() >= 1.0, immediate = false);`
  const flat::Transition* first = findTransition(m, "green", "yellow");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->range.begin.line, 17u);
  EXPECT_EQ(first->range.begin.column, 3u);
  EXPECT_EQ(first->fromRange.begin.line, 17u);
  EXPECT_EQ(first->fromRange.begin.column, 14u);
  EXPECT_EQ(first->toRange.begin.column, 21u);
  // request and (timeInState() >= 1.0)
  const flat::ExprPtr& c = first->condition;
  ASSERT_EQ(c->kind, flat::ExprKind::Binary);
  EXPECT_EQ(c->op, flat::Op::And);
  ASSERT_EQ(c->args[1]->kind, flat::ExprKind::Binary);
  EXPECT_EQ(c->args[1]->op, flat::Op::GreaterEq);
  EXPECT_EQ(c->args[1]->args[0]->kind, flat::ExprKind::TimeInState);
}

TEST(StateMachineFlatten, TrafficLightListsItsPhasesAsInstances) {
  flat::FlatModel m = sharedModel("TrafficLight");
  ASSERT_EQ(instancePaths(m), (Strings{"green", "yellow", "red"}));
  for (const flat::Instance& i : m.instances) EXPECT_EQ(i.className, "TrafficLight.Phase");
  // `  Phase green(code = 3);` is line 11.
  EXPECT_EQ(m.instances[0].range.begin.line, 11u);
  EXPECT_EQ(m.instances[0].range.begin.column, 3u);
}

TEST(StateMachineFlatten, TrafficLightPhaseEquationsComeFromTheirPhase) {
  flat::FlatModel m = sharedModel("TrafficLight");
  // `light = code` in each phase defines the inner `light`, once per phase.
  std::vector<std::string> origins;
  for (const flat::Equation& eq : m.equations) {
    if (eq.lhs->kind != flat::ExprKind::Var || m.variables[eq.lhs->var].name != "light") continue;
    ASSERT_EQ(eq.rhs->kind, flat::ExprKind::Var);
    std::string code = m.variables[eq.rhs->var].name;
    // The phase that wrote it is the one whose parameter it reads.
    EXPECT_EQ(eq.origin + ".code", code);
    origins.push_back(eq.origin);
  }
  EXPECT_EQ(origins, (Strings{"green", "yellow", "red"}));
  EXPECT_EQ(originsOf(m, "lamp"), (Strings{""}));
  EXPECT_EQ(originsOf(m, "request"), (Strings{""}));
}

TEST(StateMachineFlatten, SynchronizeJoinInnerMachinesBelongToWork) {
  flat::FlatModel m = sharedModel("SynchronizeJoin");
  ASSERT_EQ(m.transitions.size(), 3u);
  const flat::Transition* join = findTransition(m, "work", "done");
  expectSettings(join, false, true, true, 1);
  if (join) {
    EXPECT_EQ(join->origin, "");
    EXPECT_TRUE(booleanLiteral(join->condition, true));
  }
  for (const auto& [from, to, ticks] :
       std::vector<std::tuple<std::string, std::string, long long>>{{"work.p1", "work.p2", 2},
                                                                    {"work.q1", "work.q2", 4}}) {
    const flat::Transition* t = findTransition(m, from, to);
    expectSettings(t, false, true, false, 1);
    if (!t) continue;
    EXPECT_EQ(t->origin, "work");
    // ticksInState() >= ticks
    ASSERT_EQ(t->condition->kind, flat::ExprKind::Binary);
    EXPECT_EQ(t->condition->op, flat::Op::GreaterEq);
    EXPECT_EQ(t->condition->args[0]->kind, flat::ExprKind::TicksInState);
    EXPECT_TRUE(integerLiteral(t->condition->args[1], ticks));
  }
  EXPECT_EQ(initialStates(m), (Pairs{{"work", ""}, {"work.p1", "work"}, {"work.q1", "work"}}));
}

TEST(StateMachineFlatten, SynchronizeJoinListsNestedInstancesDepthFirst) {
  flat::FlatModel m = sharedModel("SynchronizeJoin");
  EXPECT_EQ(instancePaths(m), (Strings{"work", "work.p1", "work.p2", "work.q1", "work.q2", "done"}));
  for (const flat::Instance& i : m.instances)
    if (i.path == "work.p2" || i.path == "work.q2") {
      EXPECT_EQ(i.className, "SynchronizeJoin.Work.Final");
    }
  EXPECT_EQ(originsOf(m, "work.p1.a"), (Strings{"work.p1"}));
  EXPECT_EQ(originsOf(m, "work.q1.b"), (Strings{"work.q1"}));
  EXPECT_EQ(originsOf(m, "x"), (Strings{"done"}));
  // finished = activeState(done), a declaration equation of the top class.
  EXPECT_EQ(originsOf(m, "finished"), (Strings{""}));
  flat::ExprPtr active = definitionOf(m, "finished");
  ASSERT_TRUE(active);
  EXPECT_EQ(active->kind, flat::ExprKind::ActiveState);
  EXPECT_EQ(active->text, "done");
}

TEST(StateMachineFlatten, HierarchicalMachineKeepsEachLevelsOrigin) {
  flat::FlatModel m = sharedModel("HierarchicalAndParallelStateMachine");
  ASSERT_EQ(m.transitions.size(), 7u);
  const flat::Transition* top = findTransition(m, "state1", "state2");
  expectSettings(top, false, true, false, 1);
  if (top) {
    EXPECT_EQ(top->origin, "");
    // activeState(state1.stateD) and activeState(state1.stateY)
    const flat::ExprPtr& c = top->condition;
    ASSERT_EQ(c->kind, flat::ExprKind::Binary);
    EXPECT_EQ(c->op, flat::Op::And);
    EXPECT_EQ(c->args[0]->kind, flat::ExprKind::ActiveState);
    EXPECT_EQ(c->args[0]->text, "state1.stateD");
    EXPECT_EQ(c->args[1]->kind, flat::ExprKind::ActiveState);
    EXPECT_EQ(c->args[1]->text, "state1.stateY");
  }
  const flat::Transition* back = findTransition(m, "state1.stateC", "state1.stateA");
  expectSettings(back, false, true, false, 2);
  if (back) {
    EXPECT_EQ(back->origin, "state1");
  }
  expectSettings(findTransition(m, "state1.stateC", "state1.stateD"), false, true, false, 1);
  const flat::Transition* noReset = findTransition(m, "state1.stateX", "state1.stateY");
  expectSettings(noReset, false, false, false, 1);
  if (noReset) {
    EXPECT_EQ(noReset->origin, "state1");
  }
  EXPECT_EQ(initialStates(m),
            (Pairs{{"state1", ""}, {"state1.stateA", "state1"}, {"state1.stateX", "state1"}}));
  EXPECT_EQ(instancePaths(m), (Strings{"state1", "state1.stateA", "state1.stateB", "state1.stateC", "state1.stateD",
                                       "state1.stateX", "state1.stateY", "state2"}));
  EXPECT_EQ(originsOf(m, "state1.stateX.i"), (Strings{"state1.stateX"}));
  EXPECT_EQ(originsOf(m, "state1.count"), (Strings{"state1.stateC"}));
}

TEST(StateMachineFlatten, PriorityAndImmediateFillsTheImmediateDefault) {
  flat::FlatModel m = sharedModel("PriorityAndImmediate");
  ASSERT_EQ(m.transitions.size(), 4u);
  expectSettings(findTransition(m, "up", "down"), false, true, false, 2);
  expectSettings(findTransition(m, "up", "hold"), false, true, false, 1);
  expectSettings(findTransition(m, "hold", "up"), false, true, false, 1);
  expectSettings(findTransition(m, "down", "up"), true, true, false, 1);
  EXPECT_EQ(originsOf(m, "x"), (Strings{"up", "down", "hold"}));
  flat::ExprPtr inHold = definitionOf(m, "inHold");
  ASSERT_TRUE(inHold);
  EXPECT_EQ(inHold->kind, flat::ExprKind::ActiveState);
  EXPECT_EQ(inHold->text, "hold");
}

TEST(StateMachineFlatten, ResetOnReentryKeepsExplicitResets) {
  flat::FlatModel m = sharedModel("ResetOnReentry");
  ASSERT_EQ(m.transitions.size(), 4u);
  expectSettings(findTransition(m, "idleA", "a"), false, true, false, 1);
  expectSettings(findTransition(m, "idleB", "b"), false, false, false, 1);
  EXPECT_EQ(initialStates(m), (Pairs{{"a", ""}, {"b", ""}}));
  EXPECT_EQ(originsOf(m, "a.n"), (Strings{"a"}));
  EXPECT_EQ(originsOf(m, "b.n"), (Strings{"b"}));
  EXPECT_EQ(originsOf(m, "sum"), (Strings{""}));
}

TEST(StateMachineFlatten, SpecTicksExampleHasOneImmediateTransition) {
  flat::FlatModel m = sharedModel("SpecTicksExample");
  ASSERT_EQ(m.transitions.size(), 2u);
  expectSettings(findTransition(m, "A0", "A1"), true, true, false, 1);
  expectSettings(findTransition(m, "A1", "A2"), false, true, false, 1);
  EXPECT_EQ(instancePaths(m), (Strings{"A0", "A1", "A2"}));
  for (const char* name : {"inA0", "inA1", "inA2"}) {
    flat::ExprPtr e = definitionOf(m, name);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, flat::ExprKind::ActiveState);
    EXPECT_EQ(e->text, std::string("A") + name[3]);
  }
}

// ------------------------------------------------------- inline sources --

TEST(StateMachineFlatten, DumpPrintsTransitionsWithEveryArgument) {
  std::string text = flatText(twoStates("  parameter Integer p = 3;\n"
                                        "equation\n"
                                        "  initialState(a);\n"
                                        "  transition(a, b, x > 1, priority = p);\n"
                                        "  transition(b, a, true, false, false, true, 2);\n"));
  const std::string expected =
      "equation\n  x = time;\n"
      "  transition(a, b, x > 1, immediate = true, reset = true, synchronize = false, priority = p);\n"
      "  transition(b, a, true, immediate = false, reset = false, synchronize = true, priority = 2);\n"
      "  initialState(a);\nend M;\n";
  EXPECT_TRUE(has(text, expected)) << text;
}

TEST(StateMachineFlatten, NamedArgumentsMayReplaceEveryPositionalOne) {
  Flattened f = flattenToModel(twoStates("equation\n"
                                         "  initialState(state = b);\n"
                                         "  transition(priority = 4, condition = x > 2, to = a, from = b, "
                                         "reset = false);\n"));
  ASSERT_TRUE(f.model) << f.diagnostics;
  ASSERT_EQ(f.model->transitions.size(), 1u);
  expectSettings(&f.model->transitions[0], true, false, false, 4);
  EXPECT_EQ(f.model->transitions[0].from, "b");
  EXPECT_EQ(f.model->transitions[0].to, "a");
  EXPECT_EQ(initialStates(*f.model), (Pairs{{"b", ""}}));
}

TEST(StateMachineFlatten, ForLoopsOverArraysOfStatesUnroll) {
  Flattened f = flattenToModel("model M\n"
                               "  block S\n"
                               "  end S;\n"
                               "  S s[3];\n"
                               "  parameter Boolean backwards = false;\n"
                               "equation\n"
                               "  initialState(s[1]);\n"
                               "  for i in 1:2 loop\n"
                               "    transition(s[i], s[i + 1], true, priority = i);\n"
                               "  end for;\n"
                               "  if backwards then\n"
                               "    transition(s[3], s[2], true);\n"
                               "  else\n"
                               "    transition(s[3], s[1], true);\n"
                               "  end if;\n"
                               "end M;\n");
  ASSERT_TRUE(f.model) << f.diagnostics;
  EXPECT_EQ(instancePaths(*f.model), (Strings{"s[1]", "s[2]", "s[3]"}));
  ASSERT_EQ(f.model->transitions.size(), 3u);
  expectSettings(findTransition(*f.model, "s[1]", "s[2]"), true, true, false, 1);
  expectSettings(findTransition(*f.model, "s[2]", "s[3]"), true, true, false, 2);
  expectSettings(findTransition(*f.model, "s[3]", "s[1]"), true, true, false, 1);
}

TEST(StateMachineFlatten, ConnectAndUnrolledEquationsKeepTheirInstance) {
  Flattened f = flattenToModel("model M\n"
                               "  block Inner\n"
                               "    input Real u;\n"
                               "    output Real y;\n"
                               "  equation\n"
                               "    y = 2 * u;\n"
                               "  end Inner;\n"
                               "  block Outer\n"
                               "    Inner i;\n"
                               "    Real w = time;\n"
                               "    parameter Boolean on = true;\n"
                               "    Real z;\n"
                               "  equation\n"
                               "    connect(w, i.u);\n"
                               "    if on then\n"
                               "      for k in 1:1 loop\n"
                               "        z = k * i.y;\n"
                               "      end for;\n"
                               "    end if;\n"
                               "  end Outer;\n"
                               "  Outer o;\n"
                               "end M;\n");
  ASSERT_TRUE(f.model) << f.diagnostics;
  EXPECT_EQ(instancePaths(*f.model), (Strings{"o", "o.i"}));
  EXPECT_EQ(f.model->instances[1].className, "M.Inner");
  // The declaration equation and the connect() equation of `w`.
  EXPECT_EQ(originsOf(*f.model, "o.w"), (Strings{"o", "o"}));
  EXPECT_EQ(originsOf(*f.model, "o.i.y"), (Strings{"o.i"}));
  EXPECT_EQ(originsOf(*f.model, "o.z"), (Strings{"o"}));
}

TEST(StateMachineFlatten, RecordsAreVariablesNotInstances) {
  Flattened f = flattenToModel("model M\n"
                               "  record R\n"
                               "    Real u;\n"
                               "  end R;\n"
                               "  block B\n"
                               "    R r(u = 1.0);\n"
                               "    Real y = 2 * r.u;\n"
                               "  end B;\n"
                               "  B b;\n"
                               "  R top(u = 3.0);\n"
                               "end M;\n");
  ASSERT_TRUE(f.model) << f.diagnostics;
  EXPECT_EQ(instancePaths(*f.model), (Strings{"b"}));
  EXPECT_EQ(originsOf(*f.model, "b.y"), (Strings{"b"}));
}

TEST(StateMachineFlatten, TicksAndTimeInStateAreExpressions) {
  Flattened f = flattenToModel(twoStates("  Integer n = ticksInState();\n"
                                         "  Real t = timeInState();\n"));
  ASSERT_TRUE(f.model) << f.diagnostics;
  flat::ExprPtr n = definitionOf(*f.model, "n");
  flat::ExprPtr t = definitionOf(*f.model, "t");
  ASSERT_TRUE(n && t);
  EXPECT_EQ(n->kind, flat::ExprKind::TicksInState);
  EXPECT_EQ(t->kind, flat::ExprKind::TimeInState);
}

// ---------------------------------------------------------------- errors --

struct ErrorCase {
  std::string source;
  std::string message;
};

void expectEachFails(const std::vector<ErrorCase>& cases) {
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE("source:\n" + c.source);
    std::string d = flattenErrors(c.source);
    EXPECT_TRUE(has(d, c.message)) << d;
  }
}

TEST(StateMachineFlattenErrors, StatesMustBeBlockInstances) {
  expectEachFails({
      {twoStates("equation\n  transition(x, b, true);\n"),
       "test.mo:7:14: error: the first argument of transition() must name a state (a block instance), and 'x' is a "
       "variable (spec 17.1)"},
      {twoStates("equation\n  transition(a, 1, true);\n"),
       "test.mo:7:17: error: the second argument of transition() must name a state (a block instance) (spec 17.1)"},
      {twoStates("equation\n  initialState(x);\n"),
       "test.mo:7:16: error: the argument of initialState() must name a state (a block instance), and 'x' is a "
       "variable (spec 17.1)"},
      {twoStates("  Boolean y = activeState(x);\n"),
       "test.mo:6:27: error: the argument of activeState() must name a state (a block instance), and 'x' is a "
       "variable (spec 17.1)"},
      {twoStates("equation\n  transition(a, nowhere, true);\n"),
       "test.mo:7:17: error: use of undeclared identifier 'nowhere'"},
      {"model M\n  record R\n    Real u;\n  end R;\n  R r(u = 1.0);\nequation\n  initialState(r);\nend M;\n",
       "test.mo:7:16: error: the argument of initialState() must name a state (a block instance), and 'r' is a "
       "record (spec 17.1)"},
  });
}

TEST(StateMachineFlattenErrors, ArgumentsHaveTheirTypesAndVariability) {
  expectEachFails({
      {twoStates("equation\n  transition(a, b, 1);\n"),
       "test.mo:7:20: error: the condition of transition() must be Boolean, not Integer"},
      {twoStates("equation\n  transition(a, b, true, immediate = x > 1);\n"),
       "test.mo:7:38: error: argument 'immediate' of transition() must be a Boolean parameter expression (spec 17.1)"},
      {twoStates("equation\n  transition(a, b, true, reset = 1);\n"),
       "test.mo:7:34: error: argument 'reset' of transition() must be Boolean, not Integer"},
      {twoStates("equation\n  transition(a, b, true, priority = 1.5);\n"),
       "test.mo:7:37: error: argument 'priority' of transition() must be Integer, not Real"},
      {twoStates("equation\n  transition(a, b, true, priority = 0);\n"),
       "test.mo:7:37: error: the priority of a transition must be at least 1, got 0"},
  });
}

TEST(StateMachineFlattenErrors, CallsMustMatchTheSignature) {
  expectEachFails({
      {twoStates("equation\n  transition(a, b);\n"),
       "test.mo:7:3: error: transition() needs the argument 'condition' (spec 17.1)"},
      {twoStates("equation\n  transition(a, b, true, speed = 2);\n"),
       "test.mo:7:26: error: transition() has no argument named 'speed'"},
      {twoStates("equation\n  transition(a, b, true, from = a);\n"),
       "test.mo:7:26: error: argument 'from' of transition() is given twice"},
      {twoStates("equation\n  initialState(a, b);\n"),
       "test.mo:7:3: error: initialState() takes 1 argument (a state), 2 given"},
      {twoStates("  Integer n = ticksInState(a);\n"),
       "test.mo:6:15: error: 'ticksInState' takes no arguments, 1 given"},
      {twoStates("  Boolean y = transition(a, b, true);\n"),
       "test.mo:6:15: error: 'transition' is an equation and cannot be used in an expression (spec 17.1)"},
  });
}

TEST(StateMachineFlattenErrors, NotInsideWhenInitialOrVaryingIf) {
  expectEachFails({
      {twoStates("equation\n  when x > 1 then\n    transition(a, b, true);\n  end when;\n"),
       "test.mo:8:5: error: transition() cannot be used inside a when-equation (spec 17.1)"},
      {twoStates("equation\n  when Clock(0.1) then\n    initialState(a);\n  end when;\n"),
       "test.mo:8:5: error: initialState() cannot be used inside a when-equation (spec 17.1)"},
      {twoStates("initial equation\n  initialState(a);\n"),
       "test.mo:7:3: error: initialState() cannot be used in an initial equation section (spec 17.1)"},
      {twoStates("equation\n  if x > 1 then\n  else\n    transition(a, b, true);\n  end if;\n"),
       "test.mo:9:5: error: transition() cannot be used inside an if-equation whose condition is not a parameter "
       "expression (spec 17.1)"},
  });
}

TEST(StateMachineFlattenErrors, OperatorsAreNotAllowedInFunctions) {
  std::string d = flattenErrors("model M\n"
                                "  function f\n"
                                "    input Real u;\n"
                                "    output Real y;\n"
                                "  algorithm\n"
                                "    y := u + timeInState();\n"
                                "  end f;\n"
                                "  Real z = f(time);\n"
                                "end M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:14: error: timeInState() cannot be used inside a function (spec 12.2)")) << d;
}

}  // namespace
