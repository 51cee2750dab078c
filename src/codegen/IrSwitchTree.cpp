// Compare chains of many constants: a table, or a search over functions of
// one switch each.
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
// states spent 1.5 s in the optimizer, 10 000 states 31 s, and 20 s more in
// object emission.
//
// A chain of more than kArmsPerSwitch distinct constants is therefore
// emitted in one of two ways:
// - When every constant's first arm is a literal without `rest` (the later
//   arms are never taken) and the constants leave no gap, the values go
//   into a constant table indexed by the subject's distance from the
//   smallest constant, and a subject outside the table takes the otherwise
//   arm: what SimplifyCFG would have made of the switch, without the work.
// - Otherwise the constants are cut, in ascending order, into leaves of at
//   most kArmsPerSwitch constants each. A leaf is an internal NoInline
//   function `i32 (data, out)` holding a switch over its constants, whose
//   arms are emitted as an in-place switch's: the arm taken stores its
//   value through `out` (in the type the leaf's arms share) and returns
//   SMC_OK; a value for which none of the leaf's arms is taken returns
//   kNoArmTaken; a failure returns SMC_FAILED. The caller finds the leaf
//   whose constants can hold the subject's value by a binary search over
//   the leaves' first constants, calls it, and evaluates the chain's
//   otherwise arm itself when no arm was taken. Since the leaves partition
//   the constants, and each keeps its constants' arms in the chain's order,
//   the arm taken is the chain's first matching one, as before.
// Every function is then bounded in size (the caller's search by the
// number of leaves, a few blocks each), so LLVM's time grows linearly; a
// tick pays about log2(N / kArmsPerSwitch) comparisons and a call more
// than with one jump table.
#include "codegen/IrExpr.h"

#include "smc/model.h"

#include <fmt/format.h>

#include <limits>

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

// A literal arm value as a table element: Integer (in 32 bits), Real or
// Boolean; nullopt for anything else.
std::optional<ValueType> literalType(const flat::Expr& value) {
  switch (value.kind) {
    case flat::ExprKind::Integer:
      if (value.integer < std::numeric_limits<int32_t>::min() || value.integer > std::numeric_limits<int32_t>::max())
        return std::nullopt;
      return ValueType::Integer;
    case flat::ExprKind::Real: return ValueType::Real;
    case flat::ExprKind::Boolean: return ValueType::Boolean;
    default: return std::nullopt;
  }
}

// The table of the literals `values` in `type` (Booleans as bytes).
llvm::Constant* tableOf(llvm::LLVMContext& context, const std::vector<const flat::Expr*>& values, ValueType type) {
  switch (type) {
    case ValueType::Integer: {
      std::vector<uint32_t> elements;
      for (const flat::Expr* value : values) elements.push_back(static_cast<uint32_t>(value->integer));
      return llvm::ConstantDataArray::get(context, elements);
    }
    case ValueType::Real: {
      std::vector<double> elements;
      for (const flat::Expr* value : values)
        elements.push_back(value->kind == flat::ExprKind::Real ? value->real : static_cast<double>(value->integer));
      return llvm::ConstantDataArray::get(context, elements);
    }
    case ValueType::Boolean: {
      std::vector<uint8_t> elements;
      for (const flat::Expr* value : values) elements.push_back(value->boolean ? 1 : 0);
      return llvm::ConstantDataArray::get(context, elements);
    }
  }
  return nullptr;
}

}  // namespace

std::optional<Typed> ExprEmitter::emitSwitchTable(const CompareChain& chain, llvm::Value* subject,
                                                  SourceRange where) {
  const int32_t lowest = chain.armsOf.begin()->first;
  const int64_t span = int64_t{chain.armsOf.rbegin()->first} - lowest + 1;
  if (span != static_cast<int64_t>(chain.armsOf.size())) return std::nullopt;
  std::vector<const flat::Expr*> values;
  std::optional<ValueType> type;
  for (const auto& [constant, arms] : chain.armsOf) {
    const ChainArm& arm = chain.arms[arms.front()];
    std::optional<ValueType> own = arm.rest ? std::nullopt : literalType(*arm.value);
    if (!own) return std::nullopt;
    if (type && *type != *own) {
      if (*type == ValueType::Boolean || *own == ValueType::Boolean) return std::nullopt;
      own = ValueType::Real;
    }
    type = own;
    values.push_back(arm.value);
  }
  llvm::Constant* elements = tableOf(ctx_.llvm, values, *type);
  auto* table = new llvm::GlobalVariable(ctx_.module, elements->getType(), true, llvm::GlobalValue::PrivateLinkage,
                                         elements, fmt::format("{}.table", frame_.function()->getName().str()));
  table->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);

  llvm::Function* fn = frame_.function();
  llvm::BasicBlock* lookup = llvm::BasicBlock::Create(ctx_.llvm, "switch.lookup", fn);
  llvm::BasicBlock* noArm = llvm::BasicBlock::Create(ctx_.llvm, "switch.none", fn);
  // Wrapping subtraction: the unsigned comparison is then exactly
  // lowest <= subject < lowest + span.
  llvm::Value* index = b_.CreateSub(subject, b_.getInt32(static_cast<uint32_t>(lowest)), "switch.index");
  b_.CreateCondBr(b_.CreateICmpULT(index, b_.getInt32(static_cast<uint32_t>(span))), lookup, noArm);
  b_.SetInsertPoint(lookup);
  llvm::Value* slot = b_.CreateInBoundsGEP(elements->getType(), table,
                                           {b_.getInt64(0), b_.CreateZExt(index, b_.getInt64Ty())});
  llvm::Type* element = llvm::cast<llvm::ArrayType>(elements->getType())->getElementType();
  llvm::Value* value = b_.CreateLoad(element, slot, "switch.value");
  if (*type == ValueType::Boolean) value = b_.CreateICmpNE(value, llvm::ConstantInt::get(element, 0));
  std::vector<ArmValue> results{{{value, *type}, lookup, where}};
  b_.SetInsertPoint(noArm);
  Typed otherwise = emit(*chain.otherwise);
  if (!otherwise.value) return Typed{};
  results.push_back({otherwise, b_.GetInsertBlock(), chain.otherwise->range});
  return mergeArms(results, where);
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

Typed ExprEmitter::emitSwitchTree(const CompareChain& chain, llvm::Value* subject, SourceRange where) {
  std::vector<Leaf> leaves;
  for (auto first = chain.armsOf.begin(); first != chain.armsOf.end();) {
    auto last = first;
    for (size_t k = 0; k < kArmsPerSwitch && last != chain.armsOf.end(); ++k) ++last;
    Leaf leaf{first->first};
    leaf.function = emitSwitchLeaf(chain, first, last, where, leaf.type);
    if (!leaf.function) return Typed{};
    leaves.push_back(leaf);
    first = last;
  }

  // Wide enough for a value of any type; each leaf's value is read back in
  // its own type.
  llvm::AllocaInst* out = frame_.stackSlot(ctx_.types.real, "switch.out");
  llvm::Function* fn = frame_.function();
  llvm::BasicBlock* noArm = llvm::BasicBlock::Create(ctx_.llvm, "switch.none", fn);
  std::vector<ArmValue> values;
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

  b_.SetInsertPoint(noArm);
  Typed otherwise = emit(*chain.otherwise);
  if (!otherwise.value) return Typed{};
  values.push_back({otherwise, b_.GetInsertBlock(), chain.otherwise->range});
  return mergeArms(values, where);
}

}  // namespace smc::codegen
