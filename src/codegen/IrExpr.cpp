// Expression emission: literals, variables (model slots, pre() slots or a
// function's stack slots), time, initial(), terminal(), operators and
// if-expressions (built-in calls are in IrBuiltins.cpp, user function calls
// in IrFunctionCalls.cpp). Every error names the construct and points at
// the expression's source range.
#include "codegen/IrExpr.h"

#include <fmt/format.h>

#include <limits>

namespace smc::codegen {

ValueType valueTypeOf(flat::BaseType type) {
  switch (type) {
    case flat::BaseType::Integer: return ValueType::Integer;
    case flat::BaseType::Boolean: return ValueType::Boolean;
    case flat::BaseType::ExternalObject: return ValueType::Object;
    case flat::BaseType::String: return ValueType::String;
    case flat::BaseType::Real:
    case flat::BaseType::Clock: return ValueType::Real;
  }
  return ValueType::Real;
}

const char* toString(ValueType type) {
  switch (type) {
    case ValueType::Real: return "Real";
    case ValueType::Integer: return "Integer";
    case ValueType::Boolean: return "Boolean";
    case ValueType::Object: return "ExternalObject";
    case ValueType::String: return "String";
  }
  return "Real";
}

Typed ExprEmitter::error(SourceRange where, std::string message) {
  ctx_.diags.error(where, std::move(message));
  return {};
}

llvm::Value* ExprEmitter::convert(Typed v, ValueType target, SourceRange where) {
  if (!v.value) return nullptr;
  if (v.type == target) return v.value;
  if (v.type == ValueType::Integer && target == ValueType::Real)
    return b_.CreateSIToFP(v.value, ctx_.types.real);
  auto article = [](ValueType t) { return t == ValueType::Integer ? "an" : "a"; };
  error(where, fmt::format("expected {} {} expression, found {} {} one", article(target),
                           toString(target), article(v.type), toString(v.type)));
  return nullptr;
}

llvm::Value* ExprEmitter::emitAs(const flat::Expr& e, ValueType target) {
  return convert(emit(e), target, e.range);
}

llvm::Type* llvmTypeOf(const IrContext& ctx, ValueType type) {
  switch (type) {
    case ValueType::Real: return ctx.types.real;
    case ValueType::Integer: return ctx.types.integer;
    case ValueType::Boolean: return ctx.types.boolean;
    case ValueType::Object:
    case ValueType::String: return ctx.types.ptr;
  }
  return ctx.types.real;
}

// One expression from the top: the calls it makes are remembered for the
// identical calls later in the same expression (IrFunctionCalls.cpp) and
// forgotten when the next expression starts (a store in between may change
// their inputs).
Typed ExprEmitter::emit(const flat::Expr& e) {
  if (depth_ == 0) emittedCalls_.clear();
  ++depth_;
  Typed value = emitNode(e);
  --depth_;
  return value;
}

Typed ExprEmitter::emitNode(const flat::Expr& e) {
  switch (e.kind) {
    case flat::ExprKind::Real:
    case flat::ExprKind::Integer:
    case flat::ExprKind::Boolean: return emitLiteral(e);
    case flat::ExprKind::String: return emitStringLiteral(e.text);
    case flat::ExprKind::Var:
      if (scope_) return loadLocal(e.var, e.range);
      return loadNode(e, e.range, readPre_);
    case flat::ExprKind::Time:
      if (scope_) return error(e.range, "'time' cannot be used inside a function (spec 12.2)");
      return {frame_.time(), ValueType::Real};
    case flat::ExprKind::Unary: return emitUnary(e);
    case flat::ExprKind::Binary: return emitBinary(e);
    case flat::ExprKind::Call: return emitCall(e);
    case flat::ExprKind::If: return emitIf(e);
    case flat::ExprKind::Der:
      return error(e.range, "internal error: der() reached the code generator; causalization "
                            "should have replaced it by a derivative variable");
    case flat::ExprKind::Pre: return emitPreOperator(e);
    case flat::ExprKind::Delay: return emitDelay(e);
    case flat::ExprKind::Initial: return emitModelFlag(kDataInitial, "initial", e);
    case flat::ExprKind::Terminal: return emitModelFlag(kDataTerminal, "terminal", e);
    case flat::ExprKind::Sample:
      return error(e.range, "internal error: sample() reached the code generator; causalization "
                            "should have replaced it by its flag variable");
    case flat::ExprKind::FunctionCall: return emitFunctionCall(e);
    case flat::ExprKind::Tuple:
      return error(e.range, "internal error: a tuple (a, b) is only allowed as the left side of "
                            "a function call's assignment");
    case flat::ExprKind::Element: {
      ValueType type;
      llvm::Value* slot = elementSlot(e, type);
      if (!slot) return {};
      return {b_.CreateLoad(llvmTypeOf(ctx_, type), slot), type};
    }
    case flat::ExprKind::ClockConstructor:
    case flat::ExprKind::ClockOp:
      return error(e.range, "internal error: a clock operator reached the code generator; the "
                            "clocks stage should have lowered it");
    case flat::ExprKind::ActiveState:
    case flat::ExprKind::TicksInState:
    case flat::ExprKind::TimeInState:
      return error(e.range, "internal error: a state machine operator reached the code generator; "
                            "the state machine stage should have lowered it");
  }
  return error(e.range, "internal error: unknown expression kind");
}

Typed ExprEmitter::emitPre(const flat::Expr& e) {
  const bool outer = readPre_;
  readPre_ = true;
  Typed value = emit(e);
  readPre_ = outer;
  return value;
}

Typed ExprEmitter::emitPreOperator(const flat::Expr& e) {
  if (scope_) return error(e.range, "pre() cannot be used inside a function");
  if (e.args.size() != 1 || !e.args[0] || e.args[0]->kind != flat::ExprKind::Var)
    return error(e.range, "internal error: pre() of something other than a variable");
  return loadNode(*e.args[0], e.range, true);
}

// initial() and terminal(): data->initial / data->terminal != 0.
Typed ExprEmitter::emitModelFlag(unsigned field, const char* name, const flat::Expr& e) {
  if (scope_) return error(e.range, fmt::format("{}() cannot be used inside a function", name));
  llvm::Value* flag = b_.CreateLoad(ctx_.types.integer, frame_.fieldAddress(field, name), name);
  return {b_.CreateICmpNE(flag, b_.getInt32(0)), ValueType::Boolean};
}

Typed ExprEmitter::emitLiteral(const flat::Expr& e) {
  if (varying_) {
    auto table = varying_->tables.find(&e);
    if (table != varying_->tables.end())
      return loadFromTable(table->second.first, varying_->index, table->second.second);
  }
  if (e.kind == flat::ExprKind::Real) {
    if (iteration_) {
      auto column = iteration_->strides->realTables.find(&e);
      if (column != iteration_->strides->realTables.end())
        return loadFromTable(literalTable(column->second, ValueType::Real, "run.literals"),
                             iteration_->index, ValueType::Real);
    }
    return {llvm::ConstantFP::get(ctx_.types.real, e.real), ValueType::Real};
  }
  if (e.kind == flat::ExprKind::Boolean) return {b_.getInt1(e.boolean), ValueType::Boolean};
  if (e.integer < std::numeric_limits<int32_t>::min() ||
      e.integer > std::numeric_limits<int32_t>::max())
    return error(e.range, fmt::format("Integer literal {} does not fit in the 32 bits of an "
                                      "FMI 2.0 Integer",
                                      e.integer));
  if (iteration_) {
    auto stride = iteration_->strides->literals.find(&e);
    if (stride != iteration_->strides->literals.end()) {
      // In 32 bits, so that the loop vectorizer packs 32-bit lanes (a
      // machine's activeState flags compare the state number with it).
      // Wrapping arithmetic is exact here: the run's matching checked that
      // every iteration's value fits in 32 bits.
      llvm::Value* k = b_.CreateTrunc(iteration_->index, ctx_.types.integer);
      llvm::Value* moved = b_.CreateMul(k, b_.getInt32(static_cast<uint32_t>(stride->second)));
      return {b_.CreateAdd(b_.getInt32(static_cast<uint32_t>(e.integer)), moved), ValueType::Integer};
    }
  }
  return {b_.getInt32(static_cast<uint32_t>(e.integer)), ValueType::Integer};
}

std::optional<ValueType> ExprEmitter::typeOf(flat::VarId id, SourceRange where) {
  if (scope_) {
    if (!scope_->function || id >= scope_->function->variables.size()) {
      error(where, fmt::format("internal error: reference to unknown function variable {}", id));
      return std::nullopt;
    }
    return valueTypeOf(scope_->function->variables[id].type);
  }
  if (id >= ctx_.model.flat.variables.size()) {
    error(where, fmt::format("internal error: reference to unknown variable {}", id));
    return std::nullopt;
  }
  return valueTypeOf(ctx_.layout.of(id).type);
}

Typed ExprEmitter::load(flat::VarId id, SourceRange where) {
  if (scope_) return loadLocal(id, where);
  return loadModel(id, where, readPre_);
}

llvm::Value* ExprEmitter::runSlot(int32_t valueReference, int64_t stride) {
  if (!iteration_ || stride == 0) return nullptr;
  llvm::Value* moved = b_.CreateNSWMul(iteration_->index, b_.getInt64(static_cast<uint64_t>(stride)));
  return b_.CreateNSWAdd(b_.getInt64(static_cast<uint64_t>(int64_t{valueReference})), moved);
}

Typed ExprEmitter::loadNode(const flat::Expr& var, SourceRange where, bool pre) {
  llvm::Value* slot = nullptr;
  if (iteration_) {
    const auto& invariants = pre ? iteration_->preInvariants : iteration_->invariants;
    auto invariant = invariants.find(&var);
    if (invariant != invariants.end()) return invariant->second;
  }
  if (iteration_ && var.var < ctx_.model.flat.variables.size()) {
    auto stride = iteration_->strides->reads.find(&var);
    if (stride != iteration_->strides->reads.end()) {
      const VarInfo& info = ctx_.layout.of(var.var);
      slot = runSlot(info.valueReference, stride->second);
      if (pre)
        for (size_t k = 1; k < iteration_->count; ++k)
          ctx_.preReads.mark(info.type, info.valueReference + static_cast<int64_t>(k) * stride->second);
    }
  }
  return loadModel(var.var, where, pre, slot);
}

Typed ExprEmitter::loadModel(flat::VarId id, SourceRange where, bool pre, llvm::Value* slotIndex) {
  if (id >= ctx_.model.flat.variables.size())
    return error(where, fmt::format("internal error: reference to unknown variable {}", id));
  const VarInfo& info = ctx_.layout.of(id);
  // A String variable of the model is a constant (the layout rejects any
  // other) with no slot: its text.
  if (info.type == flat::BaseType::String) return emitStringLiteral(info.start.text);
  const std::string& name = ctx_.model.flat.variables[id].name;
  llvm::Type* storage = info.type == flat::BaseType::Real             ? ctx_.types.real
                        : info.type == flat::BaseType::ExternalObject ? static_cast<llvm::Type*>(ctx_.types.ptr)
                                                                      : ctx_.types.integer;
  if (pre) ctx_.preReads.mark(info.type, info.valueReference);
  llvm::Value* array = pre ? frame_.preArrayOf(info.type) : frame_.arrayOf(info.type);
  const std::string shown = pre ? "pre(" + name + ")" : name;
  llvm::Value* index = slotIndex ? slotIndex : b_.getInt32(info.valueReference);
  llvm::Value* slot = b_.CreateInBoundsGEP(storage, array, index, shown + ".slot");
  llvm::Value* value = b_.CreateLoad(storage, slot, shown);
  if (info.type == flat::BaseType::Boolean)
    return {b_.CreateICmpNE(value, b_.getInt32(0)), ValueType::Boolean};
  return {value, valueTypeOf(info.type)};
}

Typed ExprEmitter::loadLocal(flat::VarId id, SourceRange where) {
  std::optional<ValueType> type = typeOf(id, where);
  if (!type) return {};
  const flat::Variable& v = scope_->function->variables[id];
  llvm::Value* slot = id < scope_->slots.size() ? scope_->slots[id] : nullptr;
  if (!slot)
    return error(where, fmt::format("the default value of an input of '{}' refers to '{}', "
                                    "which is not an earlier input",
                                    scope_->function->name, v.name));
  return {b_.CreateLoad(llvmTypeOf(ctx_, *type), slot, v.name), *type};
}

bool ExprEmitter::store(flat::VarId id, Typed value, SourceRange where, llvm::Value* slotIndex) {
  if (scope_) return storeLocal(id, value, where);
  return storeModel(id, value, where, false, slotIndex);
}

bool ExprEmitter::storePre(flat::VarId id, Typed value, SourceRange where) {
  if (scope_) {
    error(where, "internal error: pre() slot of a function variable");
    return false;
  }
  return storeModel(id, value, where, true, nullptr);
}

bool ExprEmitter::storeModel(flat::VarId id, Typed value, SourceRange where, bool pre,
                             llvm::Value* slotIndex) {
  if (id >= ctx_.model.flat.variables.size()) {
    error(where, fmt::format("internal error: assignment to unknown variable {}", id));
    return false;
  }
  const VarInfo& info = ctx_.layout.of(id);
  if (info.type == flat::BaseType::String) {
    error(where, fmt::format("internal error: assignment to the String constant '{}'", ctx_.model.flat.variables[id].name));
    return false;
  }
  llvm::Value* converted = convert(value, valueTypeOf(info.type), where);
  if (!converted) return false;
  if (info.type == flat::BaseType::Boolean)
    converted = b_.CreateZExt(converted, ctx_.types.integer);
  const std::string& name = ctx_.model.flat.variables[id].name;
  llvm::Value* array = pre ? frame_.preArrayOf(info.type) : frame_.arrayOf(info.type);
  llvm::Value* index = slotIndex ? slotIndex : b_.getInt32(info.valueReference);
  llvm::Value* slot = b_.CreateInBoundsGEP(converted->getType(), array, index,
                                           (pre ? "pre(" + name + ")" : name) + ".slot");
  b_.CreateStore(converted, slot);
  return true;
}

bool ExprEmitter::storeLocal(flat::VarId id, Typed value, SourceRange where) {
  std::optional<ValueType> type = typeOf(id, where);
  if (!type) return false;
  llvm::Value* slot = id < scope_->slots.size() ? scope_->slots[id] : nullptr;
  if (!slot) {
    error(where, "internal error: assignment to a function variable without a slot");
    return false;
  }
  llvm::Value* converted = convert(value, *type, where);
  if (!converted) return false;
  b_.CreateStore(converted, slot);
  return true;
}

// Each subscript is checked against its dimension, so an index out of range
// fails the call with the array's name and the source location rather than
// reading a neighbouring element.
llvm::Value* ExprEmitter::elementSlot(const flat::Expr& element, ValueType& type) {
  auto declared = static_cast<size_t>(element.integer);
  if (!scope_ || !scope_->function || declared >= scope_->function->declared.size() ||
      declared >= scope_->arrays.size() || !scope_->arrays[declared] ||
      element.args.size() != scope_->function->declared[declared].dims.size()) {
    error(element.range, "internal error: an array element chosen at run time outside its function");
    return nullptr;
  }
  const flat::DeclaredVariable& array = scope_->function->declared[declared];
  std::optional<ValueType> elementType = typeOf(array.first, element.range);
  if (!elementType) return nullptr;
  type = *elementType;
  const std::string message =
      fmt::format("array index out of bounds: '{}' has size [{}] ({}, in '{}')", array.name,
                  fmt::join(array.dims, ", "), sourceLocation(ctx_, element.range), scope_->function->name);
  llvm::Value* offset = b_.getInt64(0);
  for (size_t d = 0; d < array.dims.size(); ++d) {
    llvm::Value* index = emitAs(*element.args[d], ValueType::Integer);
    if (!index) return nullptr;
    llvm::Value* wide = b_.CreateSExt(index, b_.getInt64Ty());
    const auto extent = static_cast<uint64_t>(array.dims[d]);
    // index - 1 as unsigned is below the extent exactly when 1 <= index <= extent.
    llvm::Value* zeroBased = b_.CreateSub(wide, b_.getInt64(1));
    failIf(b_.CreateICmpUGE(zeroBased, b_.getInt64(extent)), message);
    offset = b_.CreateAdd(b_.CreateMul(offset, b_.getInt64(extent)), zeroBased);
  }
  llvm::AllocaInst* base = scope_->arrays[declared];
  return b_.CreateInBoundsGEP(base->getAllocatedType(), base, {b_.getInt64(0), offset}, array.name + ".element");
}

bool ExprEmitter::storeElement(const flat::Expr& element, Typed value, SourceRange where) {
  ValueType type;
  llvm::Value* slot = elementSlot(element, type);
  if (!slot) return false;
  llvm::Value* converted = convert(value, type, where);
  if (!converted) return false;
  b_.CreateStore(converted, slot);
  return true;
}

void ExprEmitter::storeLiteral(flat::VarId id, const Literal& value) {
  llvm::Value* constant = nullptr;
  switch (value.type) {
    case flat::BaseType::Real: constant = llvm::ConstantFP::get(ctx_.types.real, value.real); break;
    case flat::BaseType::Integer:
      constant = b_.getInt32(static_cast<uint32_t>(value.integer));
      break;
    case flat::BaseType::String: constant = emitStringLiteral(value.text).value; break;
    case flat::BaseType::Boolean:
    case flat::BaseType::Clock: constant = b_.getInt1(value.boolean); break;
    case flat::BaseType::ExternalObject: return;  // only its constructor gives it a value
  }
  store(id, {constant, valueTypeOf(value.type)}, {});
}

Typed ExprEmitter::emitUnary(const flat::Expr& e) {
  if (e.args.size() != 1 || !e.args[0])
    return error(e.range, "internal error: unary operator without one operand");
  Typed operand = emit(*e.args[0]);
  if (!operand.value) return {};
  if (e.op == flat::Op::Negate) {
    if (operand.type == ValueType::Real) return {b_.CreateFNeg(operand.value), ValueType::Real};
    if (operand.type == ValueType::Integer)
      return {checkedNegate(operand.value, e), ValueType::Integer};
    return error(e.range, "unary minus applied to a Boolean expression");
  }
  if (e.op == flat::Op::Not) {
    if (operand.type == ValueType::Boolean)
      return {b_.CreateNot(operand.value), ValueType::Boolean};
    return error(e.range, fmt::format("'not' applied to a {} expression", toString(operand.type)));
  }
  return error(e.range, "internal error: binary operator used as unary");
}

Typed ExprEmitter::emitBinary(const flat::Expr& e) {
  if (e.args.size() != 2 || !e.args[0] || !e.args[1])
    return error(e.range, "internal error: binary operator without two operands");
  Typed lhs = emit(*e.args[0]);
  Typed rhs = emit(*e.args[1]);
  if (!lhs.value || !rhs.value) return {};
  switch (e.op) {
    case flat::Op::Add:
    case flat::Op::Sub:
    case flat::Op::Mul:
    case flat::Op::Div:
    case flat::Op::Pow: return emitArithmetic(e, lhs, rhs);
    case flat::Op::Less:
    case flat::Op::LessEq:
    case flat::Op::Greater:
    case flat::Op::GreaterEq:
    case flat::Op::Equal:
    case flat::Op::NotEqual: return emitRelation(e.op, lhs, rhs, e.range);
    case flat::Op::And:
    case flat::Op::Or:
      // Both operands are evaluated: they have no side effects, and Modelica
      // does not require short-circuit evaluation (spec 3.3).
      if (lhs.type != ValueType::Boolean || rhs.type != ValueType::Boolean)
        return error(e.range, "'and'/'or' need Boolean operands");
      return {e.op == flat::Op::And ? b_.CreateAnd(lhs.value, rhs.value)
                                    : b_.CreateOr(lhs.value, rhs.value),
              ValueType::Boolean};
    case flat::Op::Negate:
    case flat::Op::Not: return error(e.range, "internal error: unary operator used as binary");
  }
  return error(e.range, "internal error: unknown operator");
}

Typed ExprEmitter::emitArithmetic(const flat::Expr& e, Typed lhs, Typed rhs) {
  const flat::Op op = e.op;
  const SourceRange where = e.range;
  if (lhs.type == ValueType::String || rhs.type == ValueType::String) {
    if (op == flat::Op::Add) return emitStringConcat(lhs, rhs, where);
    return error(where, "arithmetic other than '+' on a String expression");
  }
  if (lhs.type == ValueType::Boolean || rhs.type == ValueType::Boolean)
    return error(where, "arithmetic on a Boolean expression");
  if (op == flat::Op::Pow) {
    llvm::Value* base = convert(lhs, ValueType::Real, where);
    if (rhs.type == ValueType::Integer)
      return {b_.CreateIntrinsic(llvm::Intrinsic::powi, {ctx_.types.real, ctx_.types.integer},
                                 {base, rhs.value}),
              ValueType::Real};
    return {b_.CreateBinaryIntrinsic(llvm::Intrinsic::pow, base, rhs.value), ValueType::Real};
  }
  // Integer op Integer stays Integer, except `/` (spec 3.4), and never
  // wraps (IrIntegerArithmetic.cpp).
  if (lhs.type == ValueType::Integer && rhs.type == ValueType::Integer && op != flat::Op::Div)
    return {checkedIntegerOp(op, lhs.value, rhs.value, e), ValueType::Integer};
  llvm::Value* x = convert(lhs, ValueType::Real, where);
  llvm::Value* y = convert(rhs, ValueType::Real, where);
  if (op == flat::Op::Add) return {b_.CreateFAdd(x, y), ValueType::Real};
  if (op == flat::Op::Sub) return {b_.CreateFSub(x, y), ValueType::Real};
  if (op == flat::Op::Mul) return {b_.CreateFMul(x, y), ValueType::Real};
  return {b_.CreateFDiv(x, y), ValueType::Real};
}

namespace {

// Booleans order false < true (spec 3.5), hence unsigned predicates for them.
llvm::CmpInst::Predicate integerPredicate(flat::Op op, bool booleans) {
  using P = llvm::CmpInst::Predicate;
  switch (op) {
    case flat::Op::Less: return booleans ? P::ICMP_ULT : P::ICMP_SLT;
    case flat::Op::LessEq: return booleans ? P::ICMP_ULE : P::ICMP_SLE;
    case flat::Op::Greater: return booleans ? P::ICMP_UGT : P::ICMP_SGT;
    case flat::Op::GreaterEq: return booleans ? P::ICMP_UGE : P::ICMP_SGE;
    case flat::Op::NotEqual: return P::ICMP_NE;
    case flat::Op::Equal: return P::ICMP_EQ;
    case flat::Op::Negate: case flat::Op::Not: case flat::Op::Add: case flat::Op::Sub:
    case flat::Op::Mul: case flat::Op::Div: case flat::Op::Pow: case flat::Op::And:
    case flat::Op::Or: break;
  }
  return P::ICMP_EQ;
}

// Ordered comparisons (false when either side is NaN), except <> which is
// true for NaN, so that `a <> b` stays `not (a == b)`.
llvm::CmpInst::Predicate realPredicate(flat::Op op) {
  using P = llvm::CmpInst::Predicate;
  switch (op) {
    case flat::Op::Less: return P::FCMP_OLT;
    case flat::Op::LessEq: return P::FCMP_OLE;
    case flat::Op::Greater: return P::FCMP_OGT;
    case flat::Op::GreaterEq: return P::FCMP_OGE;
    case flat::Op::NotEqual: return P::FCMP_UNE;
    case flat::Op::Equal: return P::FCMP_OEQ;
    case flat::Op::Negate: case flat::Op::Not: case flat::Op::Add: case flat::Op::Sub:
    case flat::Op::Mul: case flat::Op::Div: case flat::Op::Pow: case flat::Op::And:
    case flat::Op::Or: break;
  }
  return P::FCMP_OEQ;
}

}  // namespace

Typed ExprEmitter::emitRelation(flat::Op op, Typed lhs, Typed rhs, SourceRange where) {
  if (lhs.type == ValueType::String || rhs.type == ValueType::String) return emitStringRelation(op, lhs, rhs, where);
  const bool booleans = lhs.type == ValueType::Boolean && rhs.type == ValueType::Boolean;
  if (!booleans && (lhs.type == ValueType::Boolean || rhs.type == ValueType::Boolean))
    return error(where, "comparison of a Boolean with a number");
  if (booleans || (lhs.type == ValueType::Integer && rhs.type == ValueType::Integer))
    return {b_.CreateICmp(integerPredicate(op, booleans), lhs.value, rhs.value),
            ValueType::Boolean};
  return {b_.CreateFCmp(realPredicate(op), convert(lhs, ValueType::Real, where),
                        convert(rhs, ValueType::Real, where)),
          ValueType::Boolean};
}

namespace {

// Nodes of both arms together that an if-expression may evaluate eagerly.
constexpr int kSpeculationBudget = 32;

// Whether `e` may be evaluated although its if-arm is not taken: loads of
// the model's slots, literals, and cheap operations that cannot fail or
// leave a domain (no calls, no division, no power), within `budget` nodes.
bool speculatable(const flat::Expr& e, int& budget) {
  if (--budget < 0) return false;
  switch (e.kind) {
    case flat::ExprKind::Real:
    case flat::ExprKind::Integer:
    case flat::ExprKind::Boolean:
    case flat::ExprKind::Var:
    case flat::ExprKind::Time: return true;
    case flat::ExprKind::Pre: return e.args.size() == 1 && e.args[0] && e.args[0]->kind == flat::ExprKind::Var;
    case flat::ExprKind::Unary:
    case flat::ExprKind::Binary:
    case flat::ExprKind::If:
      if (e.kind == flat::ExprKind::Binary && (e.op == flat::Op::Div || e.op == flat::Op::Pow)) return false;
      for (const flat::ExprPtr& arg : e.args)
        if (!arg || !speculatable(*arg, budget)) return false;
      return true;
    default: return false;
  }
}

}  // namespace

// if c then a else b. When both arms are cheap and cannot fail, both are
// evaluated and a select picks one: no basic blocks, so a model full of
// small if-expressions (a state machine's equations) keeps straight-line
// code, which LLVM optimizes and compiles in far less time. Otherwise a
// branch per arm and a phi, so the arm not taken is never evaluated (it may
// divide by zero or leave a function's domain).
Typed ExprEmitter::emitIf(const flat::Expr& e) {
  if (e.args.size() != 3 || !e.args[0] || !e.args[1] || !e.args[2])
    return error(e.range, "internal error: if-expression without three operands");
  int budget = kSpeculationBudget;
  const bool cheap = !scope_ && speculatable(*e.args[1], budget) && speculatable(*e.args[2], budget);
  if (!cheap)
    if (std::optional<Typed> chain = emitCompareChain(e)) return *chain;
  Typed condition = emit(*e.args[0]);
  if (!condition.value) return {};
  if (condition.type != ValueType::Boolean)
    return error(e.args[0]->range, "the condition of an if-expression must be Boolean");
  if (cheap) return emitSelect(e, condition.value);

  llvm::Function* fn = frame_.function();
  llvm::BasicBlock* thenBlock = llvm::BasicBlock::Create(ctx_.llvm, "if.then", fn);
  llvm::BasicBlock* elseBlock = llvm::BasicBlock::Create(ctx_.llvm, "if.else", fn);
  llvm::BasicBlock* mergeBlock = llvm::BasicBlock::Create(ctx_.llvm, "if.end", fn);
  b_.CreateCondBr(condition.value, thenBlock, elseBlock);

  b_.SetInsertPoint(thenBlock);
  Typed thenValue = emit(*e.args[1]);
  llvm::BasicBlock* thenEnd = b_.GetInsertBlock();
  b_.SetInsertPoint(elseBlock);
  Typed elseValue = emit(*e.args[2]);
  llvm::BasicBlock* elseEnd = b_.GetInsertBlock();
  if (!thenValue.value || !elseValue.value) return {};
  std::optional<ValueType> type = armsType(e, thenValue, elseValue);
  if (!type) return {};
  // Conversions go at the end of each arm, before its branch to the merge.
  b_.SetInsertPoint(thenEnd);
  llvm::Value* thenResult = convert(thenValue, *type, e.args[1]->range);
  b_.CreateBr(mergeBlock);
  b_.SetInsertPoint(elseEnd);
  llvm::Value* elseResult = convert(elseValue, *type, e.args[2]->range);
  b_.CreateBr(mergeBlock);

  b_.SetInsertPoint(mergeBlock);
  llvm::PHINode* phi = b_.CreatePHI(thenResult->getType(), 2, "if.value");
  phi->addIncoming(thenResult, thenEnd);
  phi->addIncoming(elseResult, elseEnd);
  return {phi, *type};
}

Typed ExprEmitter::emitSelect(const flat::Expr& e, llvm::Value* condition) {
  Typed thenValue = emit(*e.args[1]);
  Typed elseValue = emit(*e.args[2]);
  if (!thenValue.value || !elseValue.value) return {};
  std::optional<ValueType> type = armsType(e, thenValue, elseValue);
  if (!type) return {};
  llvm::Value* thenResult = convert(thenValue, *type, e.args[1]->range);
  llvm::Value* elseResult = convert(elseValue, *type, e.args[2]->range);
  return {b_.CreateSelect(condition, thenResult, elseResult, "if.value"), *type};
}

// The type of an if-expression: its arms' type, Real when one arm is
// Integer and the other Real.
std::optional<ValueType> ExprEmitter::armsType(const flat::Expr& e, Typed thenValue, Typed elseValue) {
  if (thenValue.type == elseValue.type) return thenValue.type;
  if (thenValue.type == ValueType::Boolean || elseValue.type == ValueType::Boolean) {
    error(e.range, "the branches of an if-expression mix Boolean and numeric values");
    return std::nullopt;
  }
  return ValueType::Real;
}

}  // namespace smc::codegen
