// If-chains that test one Integer against constants, emitted as a switch.
//
// The chapter's semantics writes a state machine's choices as chains over
// its state and transition numbers:
//   activeState = if fired == 5 then 1 else if fired == 4 then 5 else ...
//   delayed = if nextState == 5 and c5 then 5 else if nextState == 4 and c4 ...
// As nested ifs, a tick tests the arms one after the other, so its cost
// grows with the machine's size, and LLVM's SimplifyCFG, which folds such
// compare chains into a switch one comparison at a time, takes quadratic
// time on a machine of thousands of states. A switch on the Integer jumps
// to the arms of its value; an arm `X == c and rest` tests `rest` there,
// and arms of the same constant are tried in their order, so the chain's
// first matching arm is still the one taken.
//
// A merged outer output tests the activeState(s) flags instead, Boolean
// variables the same clocked partition defines as `activeState == j` (and,
// in a sub-machine, its parent's activity). In that partition's tick a flag
// equals its definition (its own equation ran before, and so did the
// definition's operands), so the chain may switch on the machine's state:
// emitClocked() hands the definitions to the emitters of its blocks.
#include "codegen/IrExpr.h"

#include <limits>
#include <map>

namespace smc::codegen {
namespace {

// Shorter chains stay nested ifs (or selects, when their arms are cheap).
constexpr size_t kMinSwitchArms = 4;

struct ChainArm {
  int32_t constant = 0;
  const flat::Expr* rest = nullptr;  // the condition's `and` operand; null for none
  const flat::Expr* value = nullptr;
};

struct CompareChain {
  const flat::Expr* subject = nullptr;  // the first arm's variable node
  std::vector<ChainArm> arms;
  const flat::Expr* otherwise = nullptr;
};

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
bool matchArm(const flat::Expr& condition, const ExprEmitter::ConditionDefinitions* definitions,
              flat::VarId& var, const flat::Expr*& node, ChainArm& arm) {
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

std::optional<CompareChain> compareChainOf(const flat::Expr& e,
                                          const ExprEmitter::ConditionDefinitions* definitions) {
  CompareChain chain;
  flat::VarId var = 0;
  const flat::Expr* at = &e;
  while (at->kind == flat::ExprKind::If && at->args.size() == 3 && at->args[0] && at->args[1] &&
         at->args[2]) {
    ChainArm arm;
    if (!matchArm(*at->args[0], definitions, var, chain.subject, arm)) break;
    arm.value = at->args[1].get();
    chain.arms.push_back(arm);
    at = at->args[2].get();
  }
  if (chain.arms.size() < kMinSwitchArms) return std::nullopt;
  chain.otherwise = at;
  return chain;
}

}  // namespace

ExprEmitter::ConditionDefinitions comparisonDefinitions(const causal::ClockedBlock& partition,
                                                        const Layout& layout) {
  ExprEmitter::ConditionDefinitions definitions;
  for (const causal::Block& block : partition.blocks) {
    const auto* assign = std::get_if<causal::Assign>(&block);
    if (!assign || !assign->value || assign->target >= layout.positionOf.size() ||
        layout.of(assign->target).type != flat::BaseType::Boolean)
      continue;
    ChainArm arm;
    if (comparison(*assign->value, arm)) definitions.emplace(assign->target, assign->value.get());
  }
  return definitions;
}

std::optional<Typed> ExprEmitter::emitCompareChain(const flat::Expr& e) {
  // Inside a run's loop the chain's constants and variables may move with
  // the iteration (a literal i, x[i] next to x[1]), which a switch built
  // from the first element would not: the chain stays nested ifs there.
  if (iteration_) return std::nullopt;
  std::optional<CompareChain> chain = compareChainOf(e, definitions_);
  if (!chain) return std::nullopt;
  // Only an Integer subject switches (a Real compared with an Integer
  // literal stays a chain of comparisons).
  if (typeOf(chain->subject->var, chain->subject->range) != ValueType::Integer) return std::nullopt;
  Typed subject = emit(*chain->subject);
  if (!subject.value) return Typed{};

  llvm::Function* fn = frame_.function();
  llvm::BasicBlock* otherwise = llvm::BasicBlock::Create(ctx_.llvm, "switch.default", fn);
  llvm::BasicBlock* merge = llvm::BasicBlock::Create(ctx_.llvm, "switch.end", fn);
  std::vector<int32_t> constants;  // in the order of their first arm
  std::map<int32_t, std::vector<const ChainArm*>> armsOf;
  for (const ChainArm& arm : chain->arms) {
    auto& arms = armsOf[arm.constant];
    if (arms.empty()) constants.push_back(arm.constant);
    arms.push_back(&arm);
  }
  llvm::SwitchInst* dispatch =
      b_.CreateSwitch(subject.value, otherwise, static_cast<unsigned>(constants.size()));

  // Each arm's value and the block it ends in; the default's last.
  std::vector<std::pair<Typed, llvm::BasicBlock*>> results;
  std::vector<SourceRange> ranges;
  bool failed = false;
  auto emitValue = [&](const flat::Expr& value) {
    Typed v = emit(value);
    failed = failed || !v.value;
    results.emplace_back(v, b_.GetInsertBlock());
    ranges.push_back(value.range);
  };
  for (int32_t constant : constants) {
    llvm::BasicBlock* test = llvm::BasicBlock::Create(ctx_.llvm, "switch.case", fn);
    dispatch->addCase(b_.getInt32(static_cast<uint32_t>(constant)), test);
    b_.SetInsertPoint(test);
    bool taken = false;  // an arm without `rest` is always taken: the later ones never are
    for (const ChainArm* arm : armsOf[constant]) {
      llvm::BasicBlock* take = llvm::BasicBlock::Create(ctx_.llvm, "switch.arm", fn);
      if (!arm->rest) {
        b_.CreateBr(take);
        b_.SetInsertPoint(take);
        emitValue(*arm->value);
        taken = true;
        break;
      }
      Typed rest = emit(*arm->rest);
      if (!rest.value) return Typed{};
      if (rest.type != ValueType::Boolean)
        return error(arm->rest->range, "the condition of an if-expression must be Boolean");
      llvm::BasicBlock* next = llvm::BasicBlock::Create(ctx_.llvm, "switch.next", fn);
      b_.CreateCondBr(rest.value, take, next);
      b_.SetInsertPoint(take);
      emitValue(*arm->value);
      b_.SetInsertPoint(next);
    }
    if (!taken) b_.CreateBr(otherwise);
  }
  b_.SetInsertPoint(otherwise);
  emitValue(*chain->otherwise);
  if (failed) return Typed{};

  // The chain's type: its arms', Real when Integer and Real arms mix.
  ValueType type = results.front().first.type;
  for (const auto& [value, end] : results) {
    if (value.type == type) continue;
    if (value.type == ValueType::Boolean || type == ValueType::Boolean)
      return error(e.range, "the branches of an if-expression mix Boolean and numeric values");
    type = ValueType::Real;
  }
  b_.SetInsertPoint(merge);
  llvm::PHINode* phi = b_.CreatePHI(llvmTypeOf(ctx_, type), static_cast<unsigned>(results.size()), "if.value");
  for (size_t i = 0; i < results.size(); ++i) {
    auto [value, end] = results[i];
    b_.SetInsertPoint(end);
    llvm::Value* converted = convert(value, type, ranges[i]);
    b_.CreateBr(merge);
    phi->addIncoming(converted, end);
  }
  b_.SetInsertPoint(merge);
  return Typed{phi, type};
}

}  // namespace smc::codegen
