// Compare chains of many constants: a table, alike arms sharing their
// code, and a search over functions of one switch each.
//
// One machine of N states has chains of N arms (its merged outputs, its
// transition choices, the target of the transition fired). Emitted as one
// switch whose N arms meet in one phi, such a chain made LLVM quadratic in
// N, in several places at once: the switch's case blocks are empty or
// nearly so, and SimplifyCFG, folding each into the phi's block, checks and
// rewrites the N incoming values every time; LazyValueInfo (behind
// CorrelatedValuePropagation and JumpThreading) works out what an edge of
// the switch implies by walking all its cases, for each of the N edges;
// the code generator's branch folding and block placement fare alike. 2 000
// states spent 1.5 s in the optimizer, 10 000 states 21 to 31 s, and 10 to
// 20 s more in object emission.
//
// A chain of more than kArmsPerSwitch distinct constants is therefore
// emitted in pieces of bounded size, each cheap to compile:
// - When every constant's first arm is a literal without `rest` and the
//   constants leave no gap, the values go into a constant table indexed by
//   the subject's distance from the smallest constant (IrSwitchTables.cpp):
//   what SimplifyCFG would have made of the switch, without the work.
// - When the constants are dense enough for tables, constants whose arms
//   are alike (AlikeArms.h) share one emission of their arms, the literals
//   that vary read from tables at the same index; a table of kinds says
//   which group a value belongs to (IrSwitchTables.cpp). The states of one
//   class then cost a few table entries each instead of their code.
// - The remaining constants are cut, in ascending order, into leaves of at
//   most kArmsPerSwitch constants each. A leaf is an internal NoInline
//   function `i32 (data, out)` holding a switch over its constants, whose
//   arms are emitted as an in-place switch's: the arm taken stores its
//   value through `out` (in the type the leaf's arms share) and returns
//   SMC_OK; a value for which none of the leaf's arms is taken returns
//   kNoArmTaken; a failure returns SMC_FAILED. The caller finds the leaf
//   whose constants can hold the subject's value by a binary search over
//   the leaves' first constants and calls it.
// Whatever no arm takes ends in one block that evaluates the chain's
// otherwise arm. Every constant's arms stay in the chain's order and in one
// place, so the arm taken is the chain's first matching one, as before.
// Every function is bounded in size (the caller by a few blocks per leaf),
// so LLVM's time grows linearly; a tick pays about log2(N / kArmsPerSwitch)
// comparisons and a call more than with one jump table, or a table load.
#include "codegen/IrExpr.h"

#include "smc/model.h"

#include <fmt/format.h>

namespace smc::codegen {
namespace {

// A leaf's status when the subject matched none of its arms.
constexpr int32_t kNoArmTaken = 2;
static_assert(kNoArmTaken != SMC_OK && kNoArmTaken != SMC_FAILED);

struct Leaf {
  int32_t first = 0;  // its smallest constant
  llvm::Function* function = nullptr;
  ValueType type = ValueType::Real;  // of the value it stores through `out`
};

// Constants that span at most twice their number: tables indexed by the
// subject waste at most half of their entries.
bool denseEnough(const CompareChain& chain) {
  const int64_t span = int64_t{chain.armsOf.rbegin()->first} - chain.armsOf.begin()->first + 1;
  return span <= 2 * static_cast<int64_t>(chain.armsOf.size());
}

}  // namespace

Typed ExprEmitter::emitLargeChain(const CompareChain& chain, llvm::Value* subject, SourceRange where) {
  if (std::optional<Typed> table = emitSwitchTable(chain, subject, where)) return *table;
  llvm::BasicBlock* noArm = llvm::BasicBlock::Create(ctx_.llvm, "switch.none", frame_.function());
  std::vector<ArmValue> values;
  std::vector<AlikeGroup> groups;
  // One kind of the kinds table is the constants of no group.
  if (denseEnough(chain)) groups = alikeGroups(chain, kArmsPerSwitch - 1);
  const bool ok = groups.empty() ? emitLeafSearch(chain, chain.armsOf, subject, noArm, values, where)
                                 : emitAlikeDispatch(chain, groups, subject, noArm, values, where);
  if (!ok) return Typed{};
  b_.SetInsertPoint(noArm);
  Typed otherwise = emit(*chain.otherwise);
  if (!otherwise.value) return Typed{};
  values.push_back({otherwise, b_.GetInsertBlock(), chain.otherwise->range});
  return mergeArms(values, where);
}

bool ExprEmitter::emitLeafSearch(const CompareChain& chain, const ArmsOf& constants, llvm::Value* subject,
                                 llvm::BasicBlock* noArm, std::vector<ArmValue>& values, SourceRange where) {
  if (constants.size() <= kArmsPerSwitch) {
    llvm::BasicBlock* none = emitSwitch(subject, chain, constants.begin(), constants.end(), values);
    if (!none) return false;
    b_.SetInsertPoint(none);
    b_.CreateBr(noArm);
    return true;
  }
  std::vector<Leaf> leaves;
  for (auto first = constants.begin(); first != constants.end();) {
    auto last = first;
    for (size_t k = 0; k < kArmsPerSwitch && last != constants.end(); ++k) ++last;
    Leaf leaf{first->first};
    leaf.function = emitSwitchLeaf(chain, first, last, where, leaf.type);
    if (!leaf.function) return false;
    leaves.push_back(leaf);
    first = last;
  }

  // Wide enough for a value of any type; each leaf's value is read back in
  // its own type.
  llvm::AllocaInst* out = frame_.stackSlot(ctx_.types.real, "switch.out");
  llvm::Function* fn = frame_.function();
  // Leaves [begin, end) at the builder: the subject is at least the first
  // constant of `begin` unless `begin` is the first leaf.
  const auto search = [&](const auto& self, size_t begin, size_t end) -> void {
    if (end - begin > 1) {
      const size_t middle = begin + (end - begin) / 2;
      llvm::BasicBlock* below = llvm::BasicBlock::Create(ctx_.llvm, "switch.below", fn);
      llvm::BasicBlock* from = llvm::BasicBlock::Create(ctx_.llvm, "switch.from", fn);
      b_.CreateCondBr(b_.CreateICmpSLT(subject, b_.getInt32(static_cast<uint32_t>(leaves[middle].first))), below,
                      from);
      b_.SetInsertPoint(below);
      self(self, begin, middle);
      b_.SetInsertPoint(from);
      self(self, middle, end);
      return;
    }
    const Leaf& leaf = leaves[begin];
    llvm::Value* status = b_.CreateCall(leaf.function, {frame_.data(), out});
    llvm::BasicBlock* taken = llvm::BasicBlock::Create(ctx_.llvm, "switch.taken", fn);
    llvm::SwitchInst* outcome = b_.CreateSwitch(status, frame_.failBlock(), 2);
    outcome->addCase(b_.getInt32(SMC_OK), taken);
    outcome->addCase(b_.getInt32(kNoArmTaken), noArm);
    b_.SetInsertPoint(taken);
    llvm::Value* value = b_.CreateLoad(llvmTypeOf(ctx_, leaf.type), out, "switch.value");
    values.push_back({{value, leaf.type}, taken, where});
  };
  search(search, 0, leaves.size());
  return true;
}

llvm::Function* ExprEmitter::emitSwitchLeaf(const CompareChain& chain, ArmsOf::const_iterator first,
                                            ArmsOf::const_iterator last, SourceRange where, ValueType& type) {
  llvm::Function* parent = frame_.function();
  auto* signature = llvm::FunctionType::get(ctx_.types.integer, {ctx_.types.ptr, ctx_.types.ptr}, false);
  llvm::Function* leaf =
      llvm::Function::Create(signature, llvm::GlobalValue::InternalLinkage,
                             fmt::format("{}.cases{}", parent->getName().str(), first->first), ctx_.module);
  leaf->addFnAttr(llvm::Attribute::NoUnwind);
  // Inlined back, the leaves would rebuild the switch they were cut from.
  leaf->addFnAttr(llvm::Attribute::NoInline);
  if (parent->hasFnAttribute(llvm::Attribute::NoImplicitFloat))
    leaf->addFnAttr(llvm::Attribute::NoImplicitFloat);
  llvm::Value* out = leaf->getArg(1);
  out->setName("out");

  llvm::IRBuilder<> builder(ctx_.llvm);
  FunctionFrame frame(ctx_, builder, leaf);
  ExprEmitter inner(ctx_, frame, builder);
  inner.readPre_ = readPre_;
  inner.definitions_ = definitions_;
  Typed subject = inner.emit(*chain.subject);
  if (!subject.value) return nullptr;
  std::vector<ArmValue> values;
  llvm::BasicBlock* noArm = inner.emitSwitch(subject.value, chain, first, last, values);
  if (!noArm) return nullptr;
  builder.SetInsertPoint(noArm);
  builder.CreateRet(builder.getInt32(kNoArmTaken));
  std::optional<ValueType> common = inner.commonType(values, where);
  if (!common) return nullptr;
  for (const ArmValue& arm : values) {
    builder.SetInsertPoint(arm.end);
    builder.CreateStore(inner.convert(arm.value, *common, arm.range), out);
    builder.CreateRet(builder.getInt32(SMC_OK));
  }
  type = *common;
  return leaf;
}

}  // namespace smc::codegen
