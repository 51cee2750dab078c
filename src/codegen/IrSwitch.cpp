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
//
// A switch of thousands of cases makes LLVM quadratic: a chain of more
// than kArmsPerSwitch constants is emitted in pieces of bounded size
// instead (IrSwitchTree.cpp).
#include "codegen/IrExpr.h"

namespace smc::codegen {

ExprEmitter::ConditionDefinitions comparisonDefinitions(const causal::ClockedBlock& partition,
                                                        const Layout& layout) {
  ExprEmitter::ConditionDefinitions definitions;
  for (const causal::Block& block : partition.blocks) {
    const auto* assign = std::get_if<causal::Assign>(&block);
    if (!assign || !assign->value || assign->target >= layout.positionOf.size() ||
        layout.of(assign->target).type != flat::BaseType::Boolean)
      continue;
    if (isComparison(*assign->value)) definitions.emplace(assign->target, assign->value.get());
  }
  return definitions;
}

std::optional<Typed> ExprEmitter::emitCompareChain(const flat::Expr& e) {
  // Inside a run's loop the chain's constants and variables may move with
  // the iteration (a literal i, x[i] next to x[1]), which a switch built
  // from the first element would not: the chain stays nested ifs there.
  if (iteration_) return std::nullopt;
  // The literals of an alike group's arms vary with the member: a nested
  // chain's constants could too.
  if (varying_) return std::nullopt;
  std::optional<CompareChain> chain = compareChainOf(e, definitions_);
  if (!chain) return std::nullopt;
  // Only an Integer subject switches (a Real compared with an Integer
  // literal stays a chain of comparisons).
  if (typeOf(chain->subject->var, chain->subject->range) != ValueType::Integer) return std::nullopt;
  Typed subject = emit(*chain->subject);
  if (!subject.value) return Typed{};
  // A user function's variables live in its stack slots, out of reach of
  // other functions: its chains stay one switch.
  if (chain->armsOf.size() > kArmsPerSwitch && !scope_) return emitLargeChain(*chain, subject.value, e.range);

  std::vector<ArmValue> values;
  llvm::BasicBlock* noArm = emitSwitch(subject.value, *chain, chain->armsOf.begin(), chain->armsOf.end(), values);
  if (!noArm) return Typed{};
  b_.SetInsertPoint(noArm);
  Typed otherwise = emit(*chain->otherwise);
  if (!otherwise.value) return Typed{};
  values.push_back({otherwise, b_.GetInsertBlock(), chain->otherwise->range});
  return mergeArms(values, e.range);
}

llvm::BasicBlock* ExprEmitter::emitSwitch(llvm::Value* subject, const CompareChain& chain,
                                          ArmsOf::const_iterator first, ArmsOf::const_iterator last,
                                          std::vector<ArmValue>& values) {
  llvm::Function* fn = frame_.function();
  llvm::BasicBlock* noArm = llvm::BasicBlock::Create(ctx_.llvm, "switch.default", fn);
  llvm::SwitchInst* dispatch =
      b_.CreateSwitch(subject, noArm, static_cast<unsigned>(std::distance(first, last)));
  for (auto it = first; it != last; ++it) {
    llvm::BasicBlock* test = llvm::BasicBlock::Create(ctx_.llvm, "switch.case", fn);
    dispatch->addCase(b_.getInt32(static_cast<uint32_t>(it->first)), test);
    b_.SetInsertPoint(test);
    if (!emitArms(chain, it->second, noArm, values)) return nullptr;
  }
  return noArm;
}

bool ExprEmitter::emitArms(const CompareChain& chain, const std::vector<size_t>& arms, llvm::BasicBlock* noArm,
                           std::vector<ArmValue>& values) {
  bool ok = true;
  for (size_t index : arms) {
    const ChainArm& arm = chain.arms[index];
    llvm::BasicBlock* next = nullptr;
    if (arm.rest) {
      Typed rest = emit(*arm.rest);
      if (!rest.value) return false;
      if (rest.type != ValueType::Boolean) {
        error(arm.rest->range, "the condition of an if-expression must be Boolean");
        return false;
      }
      llvm::BasicBlock* take = llvm::BasicBlock::Create(ctx_.llvm, "switch.arm", frame_.function());
      next = llvm::BasicBlock::Create(ctx_.llvm, "switch.next", frame_.function());
      b_.CreateCondBr(rest.value, take, next);
      b_.SetInsertPoint(take);
    }
    Typed value = emit(*arm.value);
    ok = ok && value.value;
    values.push_back({value, b_.GetInsertBlock(), arm.value->range});
    // An arm without `rest` is always taken: the later ones never are.
    if (!next) return ok;
    b_.SetInsertPoint(next);
  }
  b_.CreateBr(noArm);
  return ok;
}

std::optional<ValueType> ExprEmitter::commonType(const std::vector<ArmValue>& values, SourceRange where) {
  ValueType type = values.front().value.type;
  for (const ArmValue& arm : values) {
    if (arm.value.type == type) continue;
    if (arm.value.type == ValueType::Boolean || type == ValueType::Boolean) {
      error(where, "the branches of an if-expression mix Boolean and numeric values");
      return std::nullopt;
    }
    type = ValueType::Real;
  }
  return type;
}

Typed ExprEmitter::mergeArms(const std::vector<ArmValue>& values, SourceRange where) {
  std::optional<ValueType> type = commonType(values, where);
  if (!type) return Typed{};
  llvm::BasicBlock* merge = llvm::BasicBlock::Create(ctx_.llvm, "switch.end", frame_.function());
  b_.SetInsertPoint(merge);
  llvm::PHINode* phi = b_.CreatePHI(llvmTypeOf(ctx_, *type), static_cast<unsigned>(values.size()), "if.value");
  for (const ArmValue& arm : values) {
    b_.SetInsertPoint(arm.end);
    llvm::Value* converted = convert(arm.value, *type, arm.range);
    b_.CreateBr(merge);
    phi->addIncoming(converted, arm.end);
  }
  b_.SetInsertPoint(merge);
  return Typed{phi, *type};
}

}  // namespace smc::codegen
