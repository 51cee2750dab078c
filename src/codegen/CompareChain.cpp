// Recognizing compare chains (see CompareChain.h).
#include "codegen/CompareChain.h"

#include <limits>

namespace smc::codegen {
namespace {

// `X == c` with X a variable node and c an Integer literal of 32 bits.
const flat::Expr* comparedVar(const flat::Expr& e, int32_t& constant) {
  if (e.kind != flat::ExprKind::Binary || e.op != flat::Op::Equal || e.args.size() != 2 || !e.args[0] ||
      !e.args[1])
    return nullptr;
  const flat::Expr& var = *e.args[0];
  const flat::Expr& literal = *e.args[1];
  if (var.kind != flat::ExprKind::Var || literal.kind != flat::ExprKind::Integer ||
      literal.integer < std::numeric_limits<int32_t>::min() ||
      literal.integer > std::numeric_limits<int32_t>::max())
    return nullptr;
  constant = static_cast<int32_t>(literal.integer);
  return &var;
}

// `X == c`, `X == c and rest` or `rest and X == c`: the compared variable
// node, with arm.constant and arm.rest set.
const flat::Expr* comparison(const flat::Expr& condition, ChainArm& arm) {
  if (const flat::Expr* compared = comparedVar(condition, arm.constant)) return compared;
  if (condition.kind != flat::ExprKind::Binary || condition.op != flat::Op::And ||
      condition.args.size() != 2 || !condition.args[0] || !condition.args[1])
    return nullptr;
  for (size_t side : {0, 1}) {
    if (const flat::Expr* compared = comparedVar(*condition.args[side], arm.constant)) {
      arm.rest = condition.args[1 - side].get();
      return compared;
    }
  }
  return nullptr;
}

// One arm's condition, a comparison, or a Boolean variable that
// `definitions` holds a comparison for.
bool matchArm(const flat::Expr& condition, const ConditionDefinitions* definitions, flat::VarId& var,
              const flat::Expr*& node, ChainArm& arm) {
  const flat::Expr* tested = &condition;
  if (condition.kind == flat::ExprKind::Var && definitions) {
    auto definition = definitions->find(condition.var);
    if (definition != definitions->end()) tested = definition->second;
  }
  const flat::Expr* compared = comparison(*tested, arm);
  if (!compared) return false;
  if (!node) {
    node = compared;
    var = compared->var;
  }
  return compared->var == var;
}

}  // namespace

bool isComparison(const flat::Expr& condition) {
  ChainArm arm;
  return comparison(condition, arm) != nullptr;
}

std::optional<CompareChain> compareChainOf(const flat::Expr& e, const ConditionDefinitions* definitions) {
  CompareChain chain;
  flat::VarId var = 0;
  const flat::Expr* at = &e;
  while (at->kind == flat::ExprKind::If && at->args.size() == 3 && at->args[0] && at->args[1] &&
         at->args[2]) {
    ChainArm arm;
    if (!matchArm(*at->args[0], definitions, var, chain.subject, arm)) break;
    arm.value = at->args[1].get();
    chain.armsOf[arm.constant].push_back(chain.arms.size());
    chain.arms.push_back(arm);
    at = at->args[2].get();
  }
  if (chain.arms.size() < kMinSwitchArms) return std::nullopt;
  chain.otherwise = at;
  return chain;
}

}  // namespace smc::codegen
