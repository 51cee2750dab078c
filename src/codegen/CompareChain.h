// If-chains that test one Integer variable against constants, recognized
// for emission as a switch (IrSwitch.cpp, IrSwitchTree.cpp):
//   if X == 5 then a else if X == 4 and c then b else if X == 4 then d else e
// An arm's condition is `X == c`, `X == c and rest`, `rest and X == c`, or a
// Boolean variable defined as one of those (ConditionDefinitions).
#pragma once

#include "flatten/FlatModel.h"

#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

namespace smc::codegen {

// Boolean variables that stand for their definition, a comparison as
// above, by variable (see ExprEmitter::setConditionDefinitions).
using ConditionDefinitions = std::unordered_map<flat::VarId, const flat::Expr*>;

// Shorter chains stay nested ifs (or selects, when their arms are cheap).
constexpr size_t kMinSwitchArms = 4;
// A chain of more distinct constants is split over functions of one switch
// of at most this many cases each (IrSwitchTree.cpp): few enough that
// LLVM's work per switch stays small, enough that a machine of hundreds of
// states needs few of them.
constexpr size_t kArmsPerSwitch = 64;

struct ChainArm {
  int32_t constant = 0;
  const flat::Expr* rest = nullptr;  // the condition's `and` operand; null for none
  const flat::Expr* value = nullptr;
};

// Per constant, indices into CompareChain::arms.
using ArmsOf = std::map<int32_t, std::vector<size_t>>;

struct CompareChain {
  const flat::Expr* subject = nullptr;  // the first arm's variable node
  std::vector<ChainArm> arms;           // in the chain's order
  const flat::Expr* otherwise = nullptr;
  // The distinct constants in ascending order, each with the indices of
  // its arms in the chain's order: for a value of X only that constant's
  // arms can be taken, the first whose rest holds.
  ArmsOf armsOf;
};

// The chain `e` starts, when it has at least kMinSwitchArms arms over one
// variable (its type is not checked); `definitions` may be null.
std::optional<CompareChain> compareChainOf(const flat::Expr& e, const ConditionDefinitions* definitions);

// Whether `condition` is `X == c` (maybe `and`-ed with another condition).
bool isComparison(const flat::Expr& condition);

}  // namespace smc::codegen
