// Relations and samples: which relations become zero crossings (spec 8.5),
// how expressions read them, where their updates go, and sample() flags.
#include "FlatBuilder.h"

#include <gtest/gtest.h>

namespace {

using namespace smc::test;

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

// The text of one section of the BLT dump, from its title to the next one.
std::string section(const std::string& blt, const std::string& title) {
  size_t begin = blt.find("\n" + title + " (");
  if (begin == std::string::npos) return "";
  size_t end = blt.find("\n", begin + 1);
  while (end != std::string::npos && end + 1 < blt.size() && blt[end + 1] == ' ') end = blt.find("\n", end + 1);
  return blt.substr(begin + 1, end == std::string::npos ? std::string::npos : end - begin);
}

// x' = -x with x(0) = 2: a state to compare against.
struct Decay {
  FlatBuilder b{"M"};
  VarId x = b.state("x", 2, true);
  Decay() { b.equation(der(x), neg(var(x))); }
};

TEST(ZeroCrossing, RelationOnAStateIsReadThroughItsVariable) {
  Decay m;
  VarId y = m.b.real("y");
  m.b.equation(var(y), ifThen(greater(var(m.x), integer(1)), real(1), real(0)));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "zero crossings (1)\n  $relation1: indicator x - 1\n")) << run.blt;
  EXPECT_EQ(section(run.blt, "outputs"), "outputs (1 block)\n  y := if $relation1 then 1.0 else 0.0\n");
  EXPECT_EQ(section(run.blt, "events"),
            "events (3 blocks)\n  der(x) := -x\n  $relation1 := x > 1\n  y := if $relation1 then 1.0 else 0.0\n");
}

TEST(ZeroCrossing, IdenticalRelationsShareOneCrossing) {
  Decay m;
  VarId y = m.b.real("y");
  VarId z = m.b.real("z");
  m.b.equation(var(y), ifThen(greater(var(m.x), integer(1)), real(1), real(0)));
  m.b.equation(var(z), ifThen(greater(var(m.x), integer(1)), real(3), real(4)));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_EQ(run.model->zeroCrossings.size(), 1u);
  EXPECT_TRUE(has(run.blt, "  z := if $relation1 then 3.0 else 4.0\n")) << run.blt;
}

TEST(ZeroCrossing, RelationUnderNoEventIsEvaluatedDirectly) {
  Decay m;
  VarId y = m.b.real("y");
  m.b.equation(var(y), noEvent(ifThen(greater(var(m.x), integer(1)), real(1), real(0))));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(run.model->zeroCrossings.empty());
  EXPECT_TRUE(has(run.blt, "  y := noEvent(if x > 1 then 1.0 else 0.0)\n")) << run.blt;
}

TEST(ZeroCrossing, RelationOfParametersAndDiscretesNeedsNoCrossing) {
  FlatBuilder b("M");
  VarId k = b.parameter("k", 3);
  VarId n = b.integer("n", 0);
  VarId big = b.boolean("big", false);
  b.when({{sample(real(0), real(1)), {assign(n, add(pre(n), integer(1)))}}});
  b.equation(var(big), andOf(greater(var(n), integer(2)), greater(var(k), integer(1))));
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(run.model->zeroCrossings.empty());
  EXPECT_TRUE(has(run.blt, "  big := n > 2 and k > 1\n")) << run.blt;
}

TEST(ZeroCrossing, RelationOnTimeDefinesADiscreteOnlyInEventMode) {
  FlatBuilder b("M");
  VarId late = b.boolean("late", false);
  b.equation(var(late), greater(time(), real(0.5)));
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  $relation1: indicator time - 0.5\n")) << run.blt;
  EXPECT_EQ(section(run.blt, "outputs"), "outputs (0 blocks)\n");
  EXPECT_EQ(section(run.blt, "events"), "events (2 blocks)\n  $relation1 := time > 0.5\n  late := $relation1\n");
}

TEST(ZeroCrossing, IndicatorBlocksComputeTheAlgebraicsIndicatorsRead) {
  Decay m;
  VarId y = m.b.real("y");
  VarId z = m.b.real("z");
  VarId on = m.b.boolean("on", false);
  m.b.equation(var(y), mul(integer(2), var(m.x)));
  m.b.equation(var(z), add(var(m.x), integer(1)));  // not needed by the indicator
  m.b.equation(var(on), greater(var(y), integer(1)));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "  $relation1: indicator y - 1\n")) << run.blt;
  EXPECT_EQ(section(run.blt, "indicators"), "indicators (1 block)\n  y := 2 * x\n");
}

TEST(ZeroCrossing, InnerRelationIsAVariableOfTheOuterOne) {
  Decay m;
  VarId on = m.b.boolean("on", false);
  m.b.equation(var(on), greater(ifThen(greater(var(m.x), integer(0)), var(m.x), neg(var(m.x))), integer(1)));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "zero crossings (2)\n  $relation1: indicator x\n"
                           "  $relation2: indicator (if $relation1 then x else -x) - 1\n"))
      << run.blt;
  EXPECT_TRUE(has(run.blt, "  $relation1 := x > 0\n  $relation2 := (if $relation1 then x else -x) > 1\n"
                           "  on := $relation2\n"))
      << run.blt;
}

TEST(ZeroCrossing, RelationsInWhenActionsAndAssertionsAreNotCrossings) {
  Decay m;
  VarId big = m.b.boolean("big", false);
  m.b.when({{sample(real(0), real(0.1)), {assign(big, greater(var(m.x), integer(1)))}}});
  m.b.assertion(less(var(m.x), integer(10)), "x too large");
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(run.model->zeroCrossings.empty());
  EXPECT_TRUE(has(run.blt, "    big := x > 1\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "assertions (1)\n  assert(x < 10, \"x too large\", AssertionLevel.error)\n")) << run.blt;
}

TEST(ZeroCrossing, SampleBecomesAFlagAndACounterSharedByEqualSamples) {
  FlatBuilder b("M");
  VarId period = b.parameter("period", 0.25);
  VarId n = b.integer("n", 0);
  VarId m = b.integer("m", 0);
  VarId k = b.integer("k", 0);
  b.when({{sample(real(0.5), var(period)), {assign(n, add(pre(n), integer(1)))}}});
  b.when({{sample(real(0.5), var(period)), {assign(m, add(pre(m), integer(2)))}}});
  b.when({{sample(real(0), real(1)), {assign(k, add(pre(k), integer(1)))}}});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "samples (2)\n  $sample1 (counter $sample1.counter): start 0.5, interval period\n"
                           "  $sample2 (counter $sample2.counter): start 0.0, interval 1.0\n"))
      << run.blt;
  EXPECT_TRUE(has(run.blt, "  $sample1: discrete (hidden)\n  $sample1.counter: discrete (hidden)\n")) << run.blt;
  // The flag is a discrete Boolean: it is the condition variable itself,
  // and no block computes it.
  EXPECT_TRUE(has(run.blt, "  when $sample1 then\n    n := pre(n) + 1\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "  when $sample1 then\n    m := pre(m) + 2\n")) << run.blt;
  EXPECT_FALSE(has(run.blt, "$sample1 :=")) << run.blt;
  EXPECT_EQ(section(run.blt, "initialization"), "initialization (0 blocks)\n");
}

TEST(ZeroCrossing, SampleWithATimeVaryingStartIsAnError) {
  Decay m;
  VarId n = m.b.integer("n", 0);
  m.b.when({{sample(var(m.x), real(1), 7), {assign(n, integer(1))}}});
  const std::string messages = causalizeErrors(m.b.model);
  EXPECT_TRUE(has(messages, "7: error: the start of sample() must be a parameter expression, but 'x' is not a "
                            "parameter\n"))
      << messages;
}

TEST(ZeroCrossing, SampleWithAZeroIntervalIsAnError) {
  FlatBuilder b("M");
  VarId n = b.integer("n", 0);
  b.when({{sample(real(0), real(0), 4), {assign(n, integer(1))}}});
  const std::string messages = causalizeErrors(b.model);
  EXPECT_TRUE(has(messages, "4: error: the interval of sample() must be positive, but it is 0.0\n")) << messages;
}

// floor(x) of a state (spec 3.7.1.1) holds its value between events; the
// solver watches both ends of the interval on which it is still the same.
TEST(ZeroCrossing, FloorOfAStateIsHeldAndWatchedAtBothEnds) {
  Decay m;
  VarId y = m.b.real("y");
  m.b.equation(var(y), smc::flat::makeCall(smc::flat::Builtin::Floor, {var(m.x)}));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(has(run.blt, "zero crossings (2)\n  $quotient1: indicator x - $quotient1\n"
                           "  $quotient1: indicator x - ($quotient1 + 1)\n"))
      << run.blt;
  EXPECT_EQ(section(run.blt, "outputs"), "outputs (1 block)\n  y := $quotient1\n");
  EXPECT_TRUE(has(section(run.blt, "events"), "  $quotient1 := floor(x)\n")) << run.blt;
}

// mod(x, y) = x - floor(x/y)*y: only the floor is held.
TEST(ZeroCrossing, ModHoldsOnlyItsQuotient) {
  Decay m;
  VarId y = m.b.real("y");
  m.b.equation(var(y), smc::flat::makeCall(smc::flat::Builtin::Mod, {var(m.x), real(0.5)}));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_EQ(run.model->zeroCrossings.size(), 2u);
  EXPECT_EQ(section(run.blt, "outputs"), "outputs (1 block)\n  y := x - $quotient1 * 0.5\n");
  EXPECT_TRUE(has(section(run.blt, "events"), "  $quotient1 := floor(x / 0.5)\n")) << run.blt;
}

TEST(ZeroCrossing, BuiltinsOfParametersOrUnderNoEventGenerateNoEvents) {
  Decay m;
  VarId p = m.b.parameter("p", 2.5);
  VarId y = m.b.real("y");
  VarId z = m.b.real("z");
  m.b.equation(var(y), smc::flat::makeCall(smc::flat::Builtin::Integer, {var(p)}));
  m.b.equation(var(z), noEvent(smc::flat::makeCall(smc::flat::Builtin::Ceil, {var(m.x)})));
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(run.model->zeroCrossings.empty()) << run.blt;
}

}  // namespace
