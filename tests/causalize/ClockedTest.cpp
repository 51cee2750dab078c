// Clocked partitions in causalization (flat::ClockedPartition ->
// ClockedBlock): a partition is sorted on its own for its variables, sits
// as one block of the event order between what it reads and what reads it,
// never runs in continuous mode or at initialization, makes no zero
// crossings, and reports structural errors naming its clock. Expected dumps
// are written by hand from the rules in ClockedLowering.cpp and
// BltDump.cpp.
#include "FlatBuilder.h"

#include <gtest/gtest.h>

namespace {

using namespace smc::test;
using smc::causal::Block;
using smc::causal::ClockedBlock;

bool has(const std::string& text, const std::string& piece) { return text.find(piece) != std::string::npos; }

// Where `piece` starts in `text`, or npos.
size_t position(const std::string& text, const std::string& piece) { return text.find(piece); }

// A partition variable as the clocks stage declares it: a discrete Real.
VarId clockedReal(FlatBuilder& b, const std::string& name, double start = 0, uint32_t line = 0) {
  VarId v = b.real(name, line);
  b.variable(v).variability = smc::flat::Variability::Discrete;
  b.variable(v).attributes.start = real(start);
  return v;
}

const ClockedBlock* findClocked(const std::vector<Block>& blocks) {
  for (const Block& block : blocks)
    if (const auto* clocked = std::get_if<ClockedBlock>(&block)) return clocked;
  return nullptr;
}

TEST(Clocked, PartitionEquationsAreSortedByWhatTheyRead) {
  FlatBuilder b("M");
  VarId a = clockedReal(b, "a");
  VarId c = clockedReal(b, "c");
  VarId d = clockedReal(b, "d");
  VarId tick = b.tick("$tick", sample(real(0), real(0.1)), 5);
  // Written last-first: d needs c, c needs a, a needs only pre(a).
  b.partition("Clock(0.1)", tick, {a, c, d},
              {eq(var(d), add(var(c), integer(1)), 10), eq(var(c), mul(integer(2), var(a)), 11),
               eq(var(a), add(pre(a), integer(1)), 12)});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_EQ(run.blt,
            "model M\n"
            "variables\n"
            "  a: discrete\n"
            "  c: discrete\n"
            "  d: discrete\n"
            "  $tick: discrete (hidden)\n"
            "  $sample1: discrete (hidden)\n"
            "  $sample1.counter: discrete (hidden)\n"
            "samples (1)\n"
            "  $sample1 (counter $sample1.counter): start 0.0, interval 0.1\n"
            "initialization (1 block)\n"
            "  $tick := $sample1\n"
            "derivatives (0 blocks)\n"
            "outputs (0 blocks)\n"
            "indicators (0 blocks)\n"
            "events (2 blocks)\n"
            "  $tick := $sample1\n"
            "  clocked partition Clock(0.1) when $tick for {a, c, d}:\n"
            "    a := pre(a) + 1\n"
            "    c := 2 * a\n"
            "    d := c + 1\n"
            "  end clocked partition\n");
}

// x' = -x; y = 2x; partition: u = y + pre(u); z = u + x reads the partition.
struct SampledDecay {
  FlatBuilder b{"M"};
  VarId x = b.state("x", 1, true);
  VarId y = b.real("y");
  VarId u = clockedReal(b, "u", 3);
  VarId z = b.real("z");
  VarId tick = b.tick("$tick", sample(real(0), real(0.5)), 4);
  SampledDecay() {
    b.equation(der(x), neg(var(x)), 2);
    b.equation(var(z), add(var(u), var(x)), 3);
    b.equation(var(y), mul(integer(2), var(x)), 6);
    b.partition("Clock(0.5)", tick, {u}, {eq(var(u), add(var(y), pre(u)), 10)});
  }
};

TEST(Clocked, PartitionRunsAfterWhatItReadsAndBeforeItsReaders) {
  SampledDecay m;
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  const std::string events = run.blt.substr(position(run.blt, "events ("));
  size_t computesY = position(events, "  y := 2 * x\n");
  size_t computesTick = position(events, "  $tick := $sample1\n");
  size_t partition = position(events, "  clocked partition Clock(0.5) when $tick for {u}:\n    u := y + pre(u)\n"
                                      "  end clocked partition\n");
  size_t readsU = position(events, "  z := u + x\n");
  ASSERT_NE(computesY, std::string::npos) << run.blt;
  ASSERT_NE(computesTick, std::string::npos) << run.blt;
  ASSERT_NE(partition, std::string::npos) << run.blt;
  ASSERT_NE(readsU, std::string::npos) << run.blt;
  EXPECT_LT(computesY, partition) << run.blt;
  EXPECT_LT(computesTick, partition) << run.blt;
  EXPECT_LT(partition, readsU) << run.blt;
  EXPECT_TRUE(has(run.blt, "  u: discrete\n")) << run.blt;
}

TEST(Clocked, PartitionIsFrozenInContinuousModeAndAtInitialization) {
  SampledDecay m;
  CausalizeRun run = causalizeFlat(m.b.model);
  ASSERT_TRUE(run.model) << run.messages;
  const smc::causal::CausalModel& model = *run.model;
  EXPECT_EQ(findClocked(model.derivativeBlocks), nullptr);
  EXPECT_EQ(findClocked(model.outputBlocks), nullptr);
  EXPECT_EQ(findClocked(model.indicatorBlocks), nullptr);
  EXPECT_EQ(findClocked(model.initialization), nullptr);
  ASSERT_NE(findClocked(model.eventBlocks), nullptr);
  // z reads u's frozen value in continuous mode and its start value (u is
  // known) at initialization; nothing but the partition assigns u.
  EXPECT_TRUE(has(run.blt, "outputs (2 blocks)\n  y := 2 * x\n  z := u + x\n")) << run.blt;
  for (const auto* list : {&model.initialization, &model.derivativeBlocks, &model.outputBlocks})
    for (const Block& block : *list)
      if (const auto* assign = std::get_if<smc::causal::Assign>(&block)) {
        EXPECT_NE(assign->target, m.u);
      }
}

TEST(Clocked, LinearLoopInsideAPartitionStaysInsideIt) {
  FlatBuilder b("M");
  VarId y = b.real("y");
  VarId p = clockedReal(b, "p");
  VarId q = clockedReal(b, "q");
  VarId tick = b.tick("$tick", sample(real(0), real(1)), 4);
  b.equation(var(y), time(), 3);
  b.partition("Clock(1.0)", tick, {p, q},
              {eq(add(var(p), var(q)), var(y), 10), eq(sub(var(p), var(q)), pre(q), 11)});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  const ClockedBlock* clocked = findClocked(run.model->eventBlocks);
  ASSERT_NE(clocked, nullptr) << run.blt;
  ASSERT_EQ(clocked->blocks.size(), 1u) << run.blt;
  const auto* loop = std::get_if<smc::causal::AlgebraicLoop>(&clocked->blocks[0]);
  ASSERT_NE(loop, nullptr) << run.blt;
  EXPECT_EQ(loop->unknowns.size(), 2u);
  EXPECT_EQ(loop->matrix.size(), 4u);  // linear: solved by LU
  // Nested one level deeper than the partition header.
  EXPECT_TRUE(has(run.blt, "  clocked partition Clock(1.0) when $tick for {p, q}:\n    linear loop for {")) << run.blt;
}

TEST(Clocked, NonlinearLoopInsideAPartitionIsANumericLoop) {
  FlatBuilder b("M");
  VarId p = clockedReal(b, "p", 1);
  VarId q = clockedReal(b, "q", 2);
  VarId tick = b.tick("$tick", sample(real(0), real(1)), 4);
  b.partition("Clock(1.0)", tick, {p, q},
              {eq(mul(var(p), var(q)), integer(2), 10), eq(add(var(p), var(q)), integer(3), 11)});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  // Torn (src/causalize/Tearing.h): p * q = 2 stays the residual, since
  // either coefficient is the other unknown; p + q = 3 gives q from p.
  EXPECT_TRUE(has(run.blt,
                  "  clocked partition Clock(1.0) when $tick for {p, q}:\n"
                  "    loop for {p}:\n"
                  "      q := -(p - 3)\n"
                  "      0 = p * q - 2\n"
                  "  end clocked partition\n"))
      << run.blt;
}

TEST(Clocked, RelationInsideAPartitionMakesNoZeroCrossing) {
  FlatBuilder b("M");
  VarId x = b.state("x", 1, true);
  VarId d = clockedReal(b, "d");
  VarId tick = b.tick("$tick", sample(real(0), real(0.1)), 4);
  b.equation(der(x), neg(var(x)), 2);
  b.partition("Clock(0.1)", tick, {d}, {eq(var(d), ifThen(greater(var(x), real(0.5)), integer(1), integer(0)), 10)});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_TRUE(run.model->zeroCrossings.empty()) << run.blt;
  EXPECT_TRUE(has(run.blt, "    d := if x > 0.5 then 1 else 0\n")) << run.blt;
}

TEST(Clocked, SameRelationInAContinuousEquationStillMakesOne) {
  // The partition's relation stays direct while the continuous one, with
  // the same text, becomes a zero crossing.
  FlatBuilder b("M");
  VarId x = b.state("x", 1, true);
  VarId d = clockedReal(b, "d");
  VarId w = b.real("w");
  VarId tick = b.tick("$tick", sample(real(0), real(0.1)), 4);
  b.equation(der(x), neg(var(x)), 2);
  b.equation(var(w), ifThen(greater(var(x), real(0.5)), integer(1), integer(0)), 3);
  b.partition("Clock(0.1)", tick, {d}, {eq(var(d), ifThen(greater(var(x), real(0.5)), integer(1), integer(0)), 10)});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_EQ(run.model->zeroCrossings.size(), 1u) << run.blt;
  EXPECT_TRUE(has(run.blt, "    d := if x > 0.5 then 1 else 0\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "  w := if $relation1 then 1 else 0\n")) << run.blt;
}

TEST(Clocked, OverAndUnderDeterminedPartitionNamesItsClock) {
  FlatBuilder b("M");
  VarId a = clockedReal(b, "a");
  VarId c = clockedReal(b, "c", 0, 3);
  VarId tick = b.tick("$tick", sample(real(0), real(0.2)), 4);
  b.partition("subSample(Clock(0.1), 2)", tick, {a, c},
              {eq(var(a), add(pre(a), integer(1)), 10), eq(var(a), integer(2), 11)});
  const std::string messages = causalizeErrors(b.model);
  EXPECT_TRUE(has(messages, "10: error: the clocked partition of clock subSample(Clock(0.1), 2) is structurally "
                            "singular: 2 equation(s) for 2 unknown(s); no equation determines 'c'; some "
                            "equations over-determine their variables\n"))
      << messages;
  EXPECT_TRUE(has(messages, "3: note: 'c' is declared here\n")) << messages;
}

TEST(Clocked, PartitionEquationWithoutUnknownIsReported) {
  FlatBuilder b("M");
  VarId y = b.real("y");
  VarId a = clockedReal(b, "a");
  VarId tick = b.tick("$tick", sample(real(0), real(0.2)), 4);
  b.equation(var(y), time(), 3);
  b.partition("Clock(0.2)", tick, {a}, {eq(var(a), var(y), 10), eq(var(y), integer(2), 11)});
  const std::string messages = causalizeErrors(b.model);
  EXPECT_TRUE(has(messages, "11: error: in the clocked partition of clock Clock(0.2), the equation 'y = 2' has "
                            "no unknown to solve for"))
      << messages;
}

TEST(Clocked, PartitionVariableWithoutEquationIsReported) {
  FlatBuilder b("M");
  VarId p = clockedReal(b, "p");
  VarId q = clockedReal(b, "q", 0, 3);
  VarId tick = b.tick("$tick", sample(real(0), real(1)), 4);
  b.partition("Clock(1.0)", tick, {p, q}, {eq(var(p), integer(1), 10)});
  const std::string messages = causalizeErrors(b.model);
  EXPECT_TRUE(has(messages, "10: error: the clocked partition of clock Clock(1.0) is structurally singular: "
                            "1 equation(s) for 2 unknown(s); no equation determines 'q'\n"))
      << messages;
}

TEST(Clocked, CycleThroughAPartitionIsNotSupported) {
  // y reads the partition's u and the partition reads y at the same instant.
  FlatBuilder b("M");
  VarId x = b.state("x", 1, true);
  VarId y = b.real("y");
  VarId u = clockedReal(b, "u");
  VarId tick = b.tick("$tick", sample(real(0), real(0.1)), 4);
  b.equation(der(x), neg(var(x)), 2);
  b.equation(var(y), add(var(u), var(x)), 3);
  b.partition("Clock(0.1)", tick, {u}, {eq(var(u), mul(integer(2), var(y)), 10)});
  const std::string messages = causalizeErrors(b.model);
  EXPECT_TRUE(has(messages, "10: error: not supported yet: a dependency cycle through the clocked partition of "
                            "clock Clock(0.1): in the model, what it reads depends on its own variables at the "
                            "same instant\n"
                            "3: note: in the cycle: 'y = u + x'\n"))
      << messages;
}

TEST(Clocked, PartitionReadingAnotherPartitionRunsAfterIt) {
  FlatBuilder b("M");
  VarId fast = clockedReal(b, "fast");
  VarId slow = clockedReal(b, "slow");
  VarId tickSlow = b.tick("$tickSlow", sample(real(0), real(0.3)), 4);
  VarId tickFast = b.tick("$tickFast", sample(real(0), real(0.1)), 5);
  // Declared slow-first; the slow partition reads fast's current value.
  b.partition("subSample(Clock(0.1), 3)", tickSlow, {slow}, {eq(var(slow), var(fast), 10)});
  b.partition("Clock(0.1)", tickFast, {fast}, {eq(var(fast), add(pre(fast), integer(1)), 11)});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  size_t fastAt = position(run.blt, "  clocked partition Clock(0.1) when $tickFast for {fast}:\n");
  size_t slowAt = position(run.blt, "  clocked partition subSample(Clock(0.1), 3) when $tickSlow for {slow}:\n");
  ASSERT_NE(fastAt, std::string::npos) << run.blt;
  ASSERT_NE(slowAt, std::string::npos) << run.blt;
  EXPECT_LT(fastAt, slowAt) << run.blt;
}

TEST(Clocked, PartitionMayReadADerivative) {
  // sample(der(x)) lowered to der(x): the partition runs after der(x) is known.
  FlatBuilder b("M");
  VarId x = b.state("x", 1, true);
  VarId slope = clockedReal(b, "slope");
  VarId tick = b.tick("$tick", sample(real(0), real(0.1)), 4);
  b.equation(der(x), neg(var(x)), 2);
  b.partition("Clock(0.1)", tick, {slope}, {eq(var(slope), der(x), 10)});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  size_t derivative = position(run.blt, "events (");
  ASSERT_NE(derivative, std::string::npos);
  const std::string events = run.blt.substr(derivative);
  EXPECT_LT(position(events, "  der(x) := -x\n"), position(events, "    slope := der(x)\n")) << run.blt;
}

TEST(Clocked, StateListedAsAPartitionVariableIsAnError) {
  FlatBuilder b("M");
  VarId x = b.state("x", 1, true, 2);
  VarId tick = b.tick("$tick", sample(real(0), real(0.1)), 4);
  b.equation(der(x), neg(var(x)), 3);
  b.partition("Clock(0.1)", tick, {x}, {eq(var(x), integer(1), 10)});
  const std::string messages = causalizeErrors(b.model);
  EXPECT_TRUE(has(messages, "2: error: 'x' is a variable of the clocked partition of clock Clock(0.1), but it "
                            "is a continuous state (it appears in der())\n"))
      << messages;
}

// --- sample(start, interval, resolution) ----------------------------------

TEST(Clocked, SampleWithResolutionKeepsItsResolution) {
  FlatBuilder b("M");
  VarId n = b.integer("n", 0);
  VarId tick = b.tick("$tick", rationalSample(real(0), real(1), real(10)), 4);
  b.partition("Clock(1, 10)", tick, {n}, {eq(var(n), add(pre(n), integer(1)), 10)});
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  ASSERT_EQ(run.model->samples.size(), 1u);
  ASSERT_TRUE(run.model->samples[0].resolution);
  EXPECT_TRUE(has(run.blt, "  $sample1 (counter $sample1.counter): start 0.0, interval 1.0, resolution 10.0\n"))
      << run.blt;
}

TEST(Clocked, SamplesShareAFlagOnlyWhenAllArgumentsAgree) {
  FlatBuilder b("M");
  VarId t1 = b.tick("$t1", rationalSample(real(0), real(1), real(10)), 4);
  VarId t2 = b.tick("$t2", rationalSample(real(0), real(1), real(10)), 5);
  VarId t3 = b.tick("$t3", rationalSample(real(0), real(1), real(5)), 6);
  VarId t4 = b.tick("$t4", sample(real(0), real(1)), 7);
  (void)t1;
  (void)t2;
  (void)t3;
  (void)t4;
  CausalizeRun run = causalizeFlat(b.model);
  ASSERT_TRUE(run.model) << run.messages;
  EXPECT_EQ(run.model->samples.size(), 3u) << run.blt;
  EXPECT_TRUE(has(run.blt, "  $t1 := $sample1\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "  $t2 := $sample1\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "  $t3 := $sample2\n")) << run.blt;
  EXPECT_TRUE(has(run.blt, "  $t4 := $sample3\n")) << run.blt;
}

TEST(Clocked, NonPositiveResolutionIsAnError) {
  FlatBuilder b("M");
  b.tick("$tick", rationalSample(real(0), real(1), smc::flat::makeInteger(0, at(6)), 5), 5);
  const std::string messages = causalizeErrors(b.model);
  EXPECT_TRUE(has(messages, "6: error: the resolution of sample() must be positive, but it is 0\n")) << messages;
}

TEST(Clocked, ResolutionMustBeAParameterExpression) {
  FlatBuilder b("M");
  VarId k = b.integer("k", 1);
  b.tick("$tick", rationalSample(real(0), real(1), var(k), 5), 5);
  const std::string messages = causalizeErrors(b.model);
  EXPECT_TRUE(has(messages, "5: error: the resolution of sample() must be a parameter expression, but 'k' is "
                            "not a parameter\n"))
      << messages;
}

}  // namespace
