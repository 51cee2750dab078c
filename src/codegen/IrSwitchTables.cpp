// Long compare chains read from constant tables (see IrSwitchTree.cpp):
// a chain of literal arms as a table of its values, and the alike arms of
// AlikeArms.h as one emission of their arms whose varying literals are
// tables. A value's table of values, kinds and ranks is indexed by the
// subject's offset from the chain's smallest constant, after one unsigned
// comparison with the span of the constants (a wrapping subtraction:
// exactly lowest <= subject < lowest + span); a group's literal tables by
// the member's rank in the group, so that they hold only its members (the
// offset is the rank when one group holds every value of the span).
#include "codegen/IrExpr.h"

#include <fmt/format.h>

#include <limits>

namespace smc::codegen {
namespace {

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

int64_t spanOf(const CompareChain& chain) {
  return int64_t{chain.armsOf.rbegin()->first} - chain.armsOf.begin()->first + 1;
}

// A constant's place in the tables of a chain whose smallest is `lowest`.
size_t offsetOf(int32_t constant, int32_t lowest) { return static_cast<size_t>(int64_t{constant} - lowest); }

// table[index], index an i64.
llvm::Value* loadElement(llvm::IRBuilder<>& b, llvm::GlobalVariable* table, llvm::Value* index, const char* name) {
  llvm::Type* array = table->getValueType();
  llvm::Value* slot = b.CreateInBoundsGEP(array, table, {b.getInt64(0), index});
  return b.CreateLoad(llvm::cast<llvm::ArrayType>(array)->getElementType(), slot, name);
}

// A private constant array of `data`.
template <typename T>
llvm::GlobalVariable* constantTable(IrContext& ctx, const std::vector<T>& data, const std::string& name) {
  llvm::Constant* elements = llvm::ConstantDataArray::get(ctx.llvm, data);
  auto* table = new llvm::GlobalVariable(ctx.module, elements->getType(), true, llvm::GlobalValue::PrivateLinkage,
                                         elements, name);
  table->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  return table;
}

// Per value of the span: its kind (0 for no constant, g + 1 for group g,
// one more for the constants of no group), and its rank among the members
// of its group, which indexes the group's literal tables.
static_assert(kArmsPerSwitch < 256, "a kind is a byte");
struct KindsAndRanks {
  std::vector<uint8_t> kinds;
  std::vector<uint32_t> ranks;
};

KindsAndRanks kindsAndRanks(size_t span, int32_t lowest, const std::vector<AlikeGroup>& groups,
                            const ArmsOf& others) {
  KindsAndRanks tables{std::vector<uint8_t>(span, 0), std::vector<uint32_t>(span, 0)};
  for (size_t g = 0; g < groups.size(); ++g)
    for (size_t m = 0; m < groups[g].constants.size(); ++m) {
      tables.kinds[offsetOf(groups[g].constants[m], lowest)] = uint8_t(g + 1);
      tables.ranks[offsetOf(groups[g].constants[m], lowest)] = uint32_t(m);
    }
  for (const auto& [constant, arms] : others) tables.kinds[offsetOf(constant, lowest)] = uint8_t(groups.size() + 1);
  return tables;
}

}  // namespace

llvm::GlobalVariable* ExprEmitter::literalTable(const std::vector<const flat::Expr*>& values, ValueType type,
                                                const char* name) {
  const std::string named = fmt::format("{}.{}", frame_.function()->getName().str(), name);
  switch (type) {
    case ValueType::Integer: {
      std::vector<uint32_t> data;
      for (const flat::Expr* value : values) data.push_back(value ? static_cast<uint32_t>(value->integer) : 0);
      return constantTable(ctx_, data, named);
    }
    case ValueType::Real: {
      std::vector<double> data;
      for (const flat::Expr* value : values)
        data.push_back(!value                                 ? 0.0
                       : value->kind == flat::ExprKind::Real ? value->real
                                                              : static_cast<double>(value->integer));
      return constantTable(ctx_, data, named);
    }
    case ValueType::Boolean: {
      std::vector<uint8_t> data;
      for (const flat::Expr* value : values) data.push_back(value && value->boolean ? 1 : 0);
      return constantTable(ctx_, data, named);
    }
    case ValueType::Object:
    case ValueType::String: break;  // never in a table
  }
  return nullptr;
}

Typed ExprEmitter::loadFromTable(llvm::GlobalVariable* table, llvm::Value* index, ValueType type) {
  llvm::Value* value = loadElement(b_, table, index, "table.value");
  if (type == ValueType::Boolean) value = b_.CreateICmpNE(value, llvm::ConstantInt::get(value->getType(), 0));
  return {value, type};
}

std::optional<Typed> ExprEmitter::emitSwitchTable(const CompareChain& chain, llvm::Value* subject,
                                                  SourceRange where) {
  const int64_t span = spanOf(chain);
  if (span != static_cast<int64_t>(chain.armsOf.size())) return std::nullopt;
  // Only the first arm of a constant can be taken when it has no `rest`.
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
  llvm::GlobalVariable* table = literalTable(values, *type, "table");

  llvm::Function* fn = frame_.function();
  llvm::BasicBlock* lookup = llvm::BasicBlock::Create(ctx_.llvm, "switch.lookup", fn);
  llvm::BasicBlock* noArm = llvm::BasicBlock::Create(ctx_.llvm, "switch.none", fn);
  llvm::Value* offset = b_.CreateSub(subject, b_.getInt32(static_cast<uint32_t>(chain.armsOf.begin()->first)));
  b_.CreateCondBr(b_.CreateICmpULT(offset, b_.getInt32(static_cast<uint32_t>(span))), lookup, noArm);
  b_.SetInsertPoint(lookup);
  std::vector<ArmValue> results{{loadFromTable(table, b_.CreateZExt(offset, b_.getInt64Ty()), *type), lookup, where}};
  b_.SetInsertPoint(noArm);
  Typed otherwise = emit(*chain.otherwise);
  if (!otherwise.value) return Typed{};
  results.push_back({otherwise, b_.GetInsertBlock(), chain.otherwise->range});
  return mergeArms(results, where);
}

bool ExprEmitter::emitAlikeDispatch(const CompareChain& chain, const std::vector<AlikeGroup>& groups,
                                    llvm::Value* subject, llvm::BasicBlock* noArm, std::vector<ArmValue>& values,
                                    SourceRange where) {
  const int32_t lowest = chain.armsOf.begin()->first;
  const auto span = static_cast<size_t>(spanOf(chain));
  ArmsOf others = chain.armsOf;  // the constants of no group
  for (const AlikeGroup& group : groups)
    for (int32_t constant : group.constants) others.erase(constant);

  llvm::Function* fn = frame_.function();
  llvm::BasicBlock* inside = llvm::BasicBlock::Create(ctx_.llvm, "switch.inside", fn);
  llvm::Value* offset = b_.CreateSub(subject, b_.getInt32(static_cast<uint32_t>(lowest)));
  b_.CreateCondBr(b_.CreateICmpULT(offset, b_.getInt32(static_cast<uint32_t>(span))), inside, noArm);
  b_.SetInsertPoint(inside);
  llvm::Value* index = b_.CreateZExt(offset, b_.getInt64Ty(), "switch.index");
  std::vector<llvm::BasicBlock*> starts;
  for (size_t g = 0; g < groups.size(); ++g) starts.push_back(llvm::BasicBlock::Create(ctx_.llvm, "switch.alike", fn));
  llvm::BasicBlock* rest = others.empty() ? nullptr : llvm::BasicBlock::Create(ctx_.llvm, "switch.others", fn);
  // One group without gaps: its ranks are the offsets.
  llvm::Value* rank = index;
  if (groups.size() > 1 || rest || groups.front().constants.size() != span) {
    const KindsAndRanks tables = kindsAndRanks(span, lowest, groups, others);
    const std::string name = fn->getName().str();
    llvm::Value* kind = loadElement(b_, constantTable(ctx_, tables.kinds, name + ".kinds"), index, "switch.kind");
    rank = b_.CreateZExt(loadElement(b_, constantTable(ctx_, tables.ranks, name + ".ranks"), index, "switch.rank"),
                         b_.getInt64Ty());
    llvm::SwitchInst* dispatch = b_.CreateSwitch(kind, noArm, static_cast<unsigned>(groups.size()) + 1);
    for (size_t g = 0; g < groups.size(); ++g) dispatch->addCase(b_.getInt8(uint8_t(g + 1)), starts[g]);
    if (rest) dispatch->addCase(b_.getInt8(uint8_t(groups.size() + 1)), rest);
  } else {
    b_.CreateBr(starts.front());
  }

  for (size_t g = 0; g < groups.size(); ++g) {
    const AlikeGroup& group = groups[g];
    VaryingLiterals varying{rank, {}};
    for (size_t k = 0; k < group.varying.size(); ++k) {
      const ValueType type = *literalType(*group.varying[k]);
      varying.tables.emplace(group.varying[k], std::make_pair(literalTable(group.values[k], type, "literals"), type));
    }
    b_.SetInsertPoint(starts[g]);
    varying_ = &varying;
    const bool ok = emitArms(chain, *group.arms, noArm, values);
    varying_ = nullptr;
    if (!ok) return false;
  }
  if (!rest) return true;
  b_.SetInsertPoint(rest);
  return emitLeafSearch(chain, others, subject, noArm, values, where);
}

}  // namespace smc::codegen
