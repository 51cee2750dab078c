// Behaviour of the lowered equations, tick by tick, against the expected
// tables of the shared state machine models (derived from the chapter's
// semantics model without any simulator, ../shared/models/README.md).
// The models are rebuilt here as the flat models flattening produces for
// them, so these tests do not depend on the frontend.
#include "SmBuilder.h"
#include "TickSimulator.h"
#include "causalize/Causalize.h"
#include "clocks/Clocks.h"
#include "frontend/Diagnostics.h"
#include "support/Csv.h"

#include <gtest/gtest.h>

namespace smc::test {
namespace {

using flat::makeReal;

// The clocks stage finds one base clock (described as `clock`) for the
// lowered model, and the causalizer accepts the result.
void expectAcceptedDownstream(const flat::FlatModel& lowered, const std::string& clock) {
  SourceManager sources;
  sources.addBuffer("test.mo", "");
  DiagnosticEngine diags(sources);
  diags.setOutput(nullptr);
  auto partitioning = clocks::inferClocks(lowered, diags);
  std::optional<causal::CausalModel> causal;
  if (partitioning) {
    ASSERT_EQ(partitioning->baseClocks.size(), 1u);
    EXPECT_EQ(partitioning->baseClocks[0].isDefault ? "default" : partitioning->baseClocks[0].text, clock);
    if (auto flat = clocks::lowerClocks(lowered, *partitioning, diags)) causal = causal::causalize(*flat, diags);
  }
  std::string messages;
  for (const auto& d : diags.diagnostics()) messages += d.message + "\n";
  EXPECT_TRUE(causal) << lowered.name << ": " << messages;
}

// Lowers `model`, checks that the later stages accept it, then runs one
// tick per row of the expected table (at the row's time) and compares the
// listed columns exactly.
void expectTable(const flat::FlatModel& model, const std::string& name, const std::string& clock = "default") {
  SmRun run = runStateMachines(model);
  ASSERT_TRUE(run.lowered) << run.messages;
  expectAcceptedDownstream(*run.lowered, clock);
  Table table = readCsv(std::string(SMC_SHARED_MODELS) + "/statemachines/" + name + ".expected.csv");
  ASSERT_FALSE(table.columns.empty()) << name;
  TickSimulator sim(*run.lowered);
  for (const auto& row : table.rows) {
    ASSERT_TRUE(sim.tick(row[0]));
    for (size_t c = 1; c < table.columns.size(); ++c)
      EXPECT_NEAR(sim.value(table.columns[c]), row[c], 1e-9) << name << " at t = " << row[0] << ": "
                                                             << table.columns[c];
  }
}

TEST(StateMachineSemantics, ResetOnReentryMatchesExpectedTable) {
  SmBuilder b("ResetOnReentry");
  VarId a = b.integer("a.n", 10);
  VarId bn = b.integer("b.n", 10);
  VarId sum = b.integer("sum");
  b.equation(var(a), add(previous(a), integer(1)), "a");
  b.equation(var(bn), add(previous(bn), integer(1)), "b");
  b.equation(var(sum), add(var(a), var(bn)));
  b.initialState("a");
  b.transition("a", "idleA", greaterEq(var(a), integer(13)), {.immediate = false});
  b.transition("idleA", "a", greaterEq(ticksInState(), integer(2)), {.immediate = false, .reset = true});
  b.initialState("b");
  b.transition("b", "idleB", greaterEq(var(bn), integer(13)), {.immediate = false});
  b.transition("idleB", "b", greaterEq(ticksInState(), integer(2)), {.immediate = false, .reset = false});
  expectTable(b.model, "ResetOnReentry");
}

TEST(StateMachineSemantics, PriorityAndImmediateMatchesExpectedTable) {
  SmBuilder b("PriorityAndImmediate");
  VarId x = b.integer("x", 0);
  VarId y = b.integer("y");
  VarId inHold = b.boolean("inHold");
  b.equation(var(x), add(previous(x), integer(1)), "up");
  b.equation(var(x), sub(previous(x), integer(2)), "down");
  b.equation(var(x), previous(x), "hold");
  b.equation(var(y), var(x));
  b.equation(var(inHold), activeState("hold"));
  b.initialState("up");
  b.transition("up", "down", greaterEq(var(x), integer(5)), {.immediate = false, .priority = 2});
  b.transition("up", "hold", equal(var(x), integer(5)), {.immediate = false, .priority = 1});
  b.transition("hold", "up", greaterEq(ticksInState(), integer(2)), {.immediate = false});
  b.transition("down", "up", flat::makeBinary(flat::Op::LessEq, previous(x), integer(0)));
  expectTable(b.model, "PriorityAndImmediate");
}

TEST(StateMachineSemantics, SpecTicksExampleMatchesExpectedTable) {
  SmBuilder b("SpecTicksExample");
  VarId in0 = b.boolean("inA0"), in1 = b.boolean("inA1"), in2 = b.boolean("inA2");
  b.equation(var(in0), activeState("A0"));
  b.equation(var(in1), activeState("A1"));
  b.equation(var(in2), activeState("A2"));
  b.initialState("A0");
  auto clock = flat::makeClockConstructor(flat::ClockForm::Rational, {integer(1), integer(1000)});
  auto sampled = flat::makeClockOp(flat::ClockOperator::Sample, {flat::makeTime(), clock});
  b.transition("A0", "A1", flat::makeBinary(flat::Op::Greater, sampled, makeReal(0.0095)));
  b.transition("A1", "A2", greaterEq(ticksInState(), integer(5)), {.immediate = false});
  expectTable(b.model, "SpecTicksExample", "Clock(1, 1000)");
}

TEST(StateMachineSemantics, SynchronizeJoinMatchesExpectedTable) {
  SmBuilder b = synchronizeJoinModel();
  VarId q = b.integer("work.q1.b", 0);
  VarId finished = b.boolean("finished");
  b.equation(var(q), add(previous(q), integer(1)), "work.q1");
  b.equation(var(finished), activeState("done"));
  expectTable(b.model, "SynchronizeJoin");
}

TEST(StateMachineSemantics, TrafficLightMatchesExpectedTable) {
  SmBuilder b("TrafficLight");
  VarId light = b.integer("light", 0);
  VarId request = b.boolean("request");
  VarId lamp = b.integer("lamp");
  std::vector<std::pair<std::string, long long>> phases = {{"green", 3}, {"yellow", 2}, {"red", 1}};
  for (const auto& [phase, code] : phases) {
    VarId p = b.integerParameter(phase + ".code", code);
    b.equation(var(light), var(p), phase);
  }
  auto clock = flat::makeClockConstructor(flat::ClockForm::Interval, {makeReal(0.5)});
  b.equation(var(request),
             flat::makeClockOp(flat::ClockOperator::Sample,
                               {flat::makeBinary(flat::Op::GreaterEq, flat::makeTime(), makeReal(2.2)), clock}));
  b.equation(var(lamp), var(light));
  b.initialState("green");
  b.transition("green", "yellow",
               flat::makeBinary(flat::Op::And, var(request), greaterEq(timeInState(), makeReal(1.0))),
               {.immediate = false});
  b.transition("yellow", "red", greaterEq(timeInState(), makeReal(1.0)), {.immediate = false});
  b.transition("red", "green", greaterEq(timeInState(), makeReal(2.0)), {.immediate = false});
  expectTable(b.model, "TrafficLight", "Clock(0.5)");
}

TEST(StateMachineSemantics, HierarchicalAndParallelStateMachineMatchesExpectedTable) {
  SmBuilder b("HierarchicalAndParallelStateMachine");
  VarId v = b.integer("v", 0);
  VarId count = b.integer("state1.count", 0);
  VarId i = b.integer("state1.stateX.i", 0);
  VarId w = b.integer("state1.stateX.w");
  VarId j = b.integer("state1.stateY.j", 0);
  b.equation(var(v), add(previous(v), integer(2)), "state1.stateA");
  b.equation(var(v), sub(previous(v), integer(1)), "state1.stateB");
  b.equation(var(count), add(previous(count), integer(1)), "state1.stateC");
  b.equation(var(i), add(previous(i), integer(1)), "state1.stateX");
  b.equation(var(w), var(v), "state1.stateX");
  b.equation(var(j), add(previous(j), integer(1)), "state1.stateY");
  b.equation(var(v), add(previous(v), integer(5)), "state2");
  b.initialState("state1");
  b.transition("state1", "state2",
               flat::makeBinary(flat::Op::And, activeState("state1.stateD"), activeState("state1.stateY")),
               {.immediate = false});
  b.transition("state2", "state1", greaterEq(var(v), integer(20)), {.immediate = false});
  b.initialState("state1.stateA", "state1");
  b.transition("state1.stateA", "state1.stateB", greaterEq(var(v), integer(6)), {.immediate = false}, "state1");
  b.transition("state1.stateB", "state1.stateC", equal(var(v), integer(0)), {.immediate = false}, "state1");
  b.transition("state1.stateC", "state1.stateA", boolean(true), {.immediate = false, .priority = 2}, "state1");
  b.transition("state1.stateC", "state1.stateD", greaterEq(var(count), integer(2)), {.immediate = false},
               "state1");
  b.initialState("state1.stateX", "state1");
  b.transition("state1.stateX", "state1.stateY", flat::makeBinary(flat::Op::Greater, var(i), integer(20)),
               {.immediate = false, .reset = false}, "state1");
  expectTable(b.model, "HierarchicalAndParallelStateMachine");
}

// Not a shared model: leaving and re-entering the enclosing state P (with
// reset = false) interrupts the sub-state P.s, so ticksInState() inside it
// starts again at 1 (spec 17.1, ticksInState()). P is active for two ticks,
// Q for one: P at ticks 0, 1, 3, 4, 6; k keeps its value while Q runs.
TEST(StateMachineSemantics, TicksInStateRestartsWhenTheEnclosingStateIsReentered) {
  SmBuilder b("Reentry");
  VarId k = b.integer("P.s.k", 0);
  b.equation(var(k), ticksInState(), "P.s");
  b.initialState("P");
  b.transition("P", "Q", greaterEq(ticksInState(), integer(2)), {.immediate = false, .reset = false});
  b.transition("Q", "P", greaterEq(ticksInState(), integer(1)), {.immediate = false, .reset = false});
  b.initialState("P.s", "P");
  SmRun run = runStateMachines(b.model);
  ASSERT_TRUE(run.lowered) << run.messages;
  expectAcceptedDownstream(*run.lowered, "default");
  TickSimulator sim(*run.lowered);
  std::vector<double> expected = {1, 2, 2, 1, 2, 2, 1};
  for (size_t t = 0; t < expected.size(); ++t) {
    ASSERT_TRUE(sim.tick(double(t)));
    EXPECT_EQ(sim.value("P.s.k"), expected[t]) << "tick " << t;
    EXPECT_EQ(sim.value("activeState(P)"), (t % 3 == 2) ? 0 : 1) << "tick " << t;
  }
}

}  // namespace
}  // namespace smc::test
