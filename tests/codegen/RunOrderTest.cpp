// The order that groups alike assignments (codegen/RunOrder.h): instances'
// interleaved equations end up side by side in slot order, and no
// dependency is broken on the way (read after write, write after read,
// write after write, nothing across a block that is not an assignment).
#include "HandBlocks.h"
#include "codegen/AssignRuns.h"
#include "codegen/RunOrder.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace smc::codegen {
namespace {

using namespace testing;

size_t positionIn(const std::vector<const causal::Block*>& order, const causal::Block* block) {
  return static_cast<size_t>(std::find(order.begin(), order.end(), block) - order.begin());
}

flat::ExprPtr plusOne(flat::VarId v) { return flat::makeBinary(flat::Op::Add, flat::makeVar(v), flat::makeReal(1)); }

TEST(RunOrderTest, InterleavedInstancesAreGroupedByEquationInSlotOrder) {
  // Ten instances, each a_k := p_k + 1 (line 1) then b_k := a_k + 1 (line
  // 2), listed instance by instance in a scrambled instance order.
  HandBlocks hand;
  std::vector<flat::VarId> p, a, b;
  for (int32_t k = 0; k < 10; ++k) {
    p.push_back(hand.real(k));
    a.push_back(hand.real(100 + k));
    b.push_back(hand.real(200 + k));
  }
  std::vector<const causal::Block*> aBlocks(10), bBlocks(10);
  for (int k : {3, 0, 7, 1, 9, 2, 8, 4, 6, 5}) {
    aBlocks[k] = hand.assign(a[k], plusOne(p[k]), 1);
    bBlocks[k] = hand.assign(b[k], plusOne(a[k]), 2);
  }
  const std::vector<const causal::Block*> order = orderForRuns(hand.layout, hand.list);
  std::vector<const causal::Block*> want = aBlocks;
  want.insert(want.end(), bBlocks.begin(), bBlocks.end());
  EXPECT_EQ(order, want);
  std::optional<AssignRun> first = findAssignRun(hand.layout, order, 0, order.size());
  ASSERT_TRUE(first);
  EXPECT_EQ(first->end, 10u);
  std::optional<AssignRun> second = findAssignRun(hand.layout, order, 10, order.size());
  ASSERT_TRUE(second);
  EXPECT_EQ(second->end, 20u);
}

TEST(RunOrderTest, ScalarEquationsOnTheirOwnLinesAreGroupedToo) {
  // a_k := p_k + 1 and b_k := p_k + 1, each on a line of its own (scalar
  // equations written out), listed a_0, b_0, a_1, b_1, ...: alike but for
  // their ranges, each family goes on as one group.
  HandBlocks hand;
  std::vector<const causal::Block*> aBlocks, bBlocks;
  for (int32_t k = 0; k < 10; ++k) {
    const flat::VarId p = hand.real(k);
    aBlocks.push_back(hand.assign(hand.real(100 + k), plusOne(p), static_cast<uint32_t>(2 * k + 1)));
    bBlocks.push_back(hand.assign(hand.real(200 + k), plusOne(p), static_cast<uint32_t>(2 * k + 2)));
  }
  std::vector<const causal::Block*> want = aBlocks;
  want.insert(want.end(), bBlocks.begin(), bBlocks.end());
  EXPECT_EQ(orderForRuns(hand.layout, hand.list), want);
}

TEST(RunOrderTest, TwoFamiliesWhoseSlotsAlternateComeOneAfterTheOther) {
  // r_k.n.i := -r_k.i and c_k.n.i := -c_k.i from one class equation: the
  // instances' slots alternate (r_k, then c_k), so slot order alone would
  // interleave them and no run would form; their names but for the
  // numbers (Layout.h's family) keep each family together.
  HandBlocks hand;
  std::vector<const causal::Block*> rBlocks, cBlocks;
  auto negated = [](flat::VarId v) { return flat::makeUnary(flat::Op::Negate, flat::makeVar(v)); };
  for (int32_t k = 0; k < 10; ++k) {
    const flat::VarId ri = hand.real(10 * k), rni = hand.real(10 * k + 1);
    const flat::VarId ci = hand.real(10 * k + 5), cni = hand.real(10 * k + 6);
    hand.layout.vars[hand.layout.positionOf[rni]].family = 1;
    hand.layout.vars[hand.layout.positionOf[cni]].family = 2;
    rBlocks.push_back(hand.assign(rni, negated(ri), 7));
    cBlocks.push_back(hand.assign(cni, negated(ci), 7));
  }
  std::vector<const causal::Block*> want = rBlocks;
  want.insert(want.end(), cBlocks.begin(), cBlocks.end());
  const std::vector<const causal::Block*> order = orderForRuns(hand.layout, hand.list);
  EXPECT_EQ(order, want);
  std::optional<AssignRun> first = findAssignRun(hand.layout, order, 0, order.size());
  ASSERT_TRUE(first);
  EXPECT_EQ(first->end, 10u);
}

TEST(RunOrderTest, AChainKeepsItsOrderAgainstTheSlotOrder) {
  // c_k := c_{k-1} + 1 with c_k's slot falling as k rises: each needs the
  // one before, so the slot order cannot win.
  HandBlocks hand;
  std::vector<flat::VarId> c;
  for (int32_t k = 0; k < 10; ++k) c.push_back(hand.real(100 - k));
  hand.assign(c[0], flat::makeReal(1), 1);
  for (size_t k = 1; k < c.size(); ++k) hand.assign(c[k], plusOne(c[k - 1]), 2);
  EXPECT_EQ(orderForRuns(hand.layout, hand.list), hand.list);
}

TEST(RunOrderTest, AWriteStaysAfterAnEarlierReadOfTheOldValue) {
  // x := 3; y := v + 1; v := 3. Going on with the shape of x := 3 would
  // write v before y reads its old value.
  HandBlocks hand;
  const flat::VarId x = hand.real(0), y = hand.real(1), v = hand.real(2);
  const causal::Block* writeX = hand.assign(x, flat::makeReal(3), 1);
  const causal::Block* readV = hand.assign(y, plusOne(v), 2);
  const causal::Block* writeV = hand.assign(v, flat::makeReal(3), 1);
  const std::vector<const causal::Block*> order = orderForRuns(hand.layout, hand.list);
  EXPECT_EQ(order, (std::vector<const causal::Block*>{writeX, readV, writeV}));
}

TEST(RunOrderTest, ASecondWriteStaysAfterTheFirst) {
  HandBlocks hand;
  const flat::VarId x = hand.real(0), y = hand.real(1);
  hand.assign(y, flat::makeReal(1), 1);
  const causal::Block* first = hand.assign(x, flat::makeReal(2), 2);
  const causal::Block* second = hand.assign(x, flat::makeReal(1), 1);
  const std::vector<const causal::Block*> order = orderForRuns(hand.layout, hand.list);
  EXPECT_LT(positionIn(order, first), positionIn(order, second));
}

TEST(RunOrderTest, PreReadsDoNotHoldAWriteBack) {
  // y := pre(v) + 1 reads the previous event iteration's v: the write of v,
  // alike the first assignment, may go before it.
  HandBlocks hand;
  const flat::VarId x = hand.real(0), y = hand.real(1), v = hand.real(2);
  const causal::Block* writeX = hand.assign(x, flat::makeReal(3), 1);
  const causal::Block* readPre =
      hand.assign(y, flat::makeBinary(flat::Op::Add, flat::makePre(flat::makeVar(v)), flat::makeReal(1)), 2);
  const causal::Block* writeV = hand.assign(v, flat::makeReal(3), 1);
  EXPECT_EQ(orderForRuns(hand.layout, hand.list), (std::vector<const causal::Block*>{writeX, writeV, readPre}));
}

TEST(RunOrderTest, NothingMovesAcrossABlockThatIsNotAnAssignment) {
  HandBlocks hand;
  const flat::VarId low = hand.real(0), high = hand.real(1);
  const causal::Block* later = hand.assign(high, flat::makeReal(1), 1);
  const causal::Block* when = hand.when();
  const causal::Block* earlier = hand.assign(low, flat::makeReal(1), 1);
  EXPECT_EQ(orderForRuns(hand.layout, hand.list), (std::vector<const causal::Block*>{later, when, earlier}));
}

}  // namespace
}  // namespace smc::codegen
