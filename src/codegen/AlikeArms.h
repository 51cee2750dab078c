// The constants of a compare chain whose arms are alike: the same
// expressions but for the values of some literals. The states of one
// machine are often instances of a few classes that differ in their
// literals (a ring of states `v = previous(v) + j`, the transitions of each
// state testing `ticksInState() >= 3` and choosing their own index); the
// code of one such group's arms, with the literals that vary read from
// tables, serves all of them (IrSwitchTree.cpp).
//
// Only arms that cannot fail are grouped: loads, literals, `+ - *`,
// relations, `and`/`or`/`not`, if-expressions, pre(). An arm that may fail
// reports its own source location at run time, which alike arms of other
// states do not share.
#pragma once

#include "codegen/CompareChain.h"

namespace smc::codegen {

// Groups smaller than this are not worth their tables.
constexpr size_t kMinAlikeMembers = 4;

struct AlikeGroup {
  std::vector<int32_t> constants;  // ascending
  // The arms of the first constant (indices into CompareChain::arms), which
  // stand for every member's.
  const std::vector<size_t>* arms = nullptr;
  // The literal nodes of those arms whose value differs between members,
  // and for each, every member's literal there (in the order of constants).
  std::vector<const flat::Expr*> varying;
  std::vector<std::vector<const flat::Expr*>> values;
};

// The groups of at least kMinAlikeMembers constants, at most `maxGroups` of
// them, the largest first (ties: the smaller first constant first).
std::vector<AlikeGroup> alikeGroups(const CompareChain& chain, size_t maxGroups);

}  // namespace smc::codegen
