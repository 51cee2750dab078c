// Expressions to LLVM IR with Modelica's semantics (spec 3.4-3.7, 10.6):
// Integer arithmetic when both operands are Integer (except `/`, always
// Real), `^` always Real, relations give i1, if-expressions branch so the
// branch not taken is never evaluated, built-ins map to LLVM intrinsics or
// libm. Values are typed Real (double), Integer (i32) or Boolean (i1);
// Integer converts to Real implicitly, nothing else converts.
//
// A Var is a slot of the model's arrays, or, inside a user function, one of
// the function's stack slots (a LocalScope). pre(v) reads data->pre_*;
// initial() and terminal() read data->initial/terminal. sample() must have
// been replaced by its flag variable before code generation.
#pragma once

#include "codegen/AlikeArms.h"
#include "codegen/AssignRuns.h"
#include "codegen/CompareChain.h"
#include "codegen/IrContext.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace smc::codegen {

// Object: an external object (spec 12.9.7), an opaque pointer that is only
// passed to functions.
// String: a `const char*` to NUL-terminated text that no one changes; a
// literal is a constant of the module, a computed one lives until the
// model call that made it returns (IrStrings.cpp).
enum class ValueType { Real, Integer, Boolean, Object, String };

ValueType valueTypeOf(flat::BaseType type);
const char* toString(ValueType type);
// double, i32, i1 or ptr: how a value of `type` is held in registers and
// in a function's stack slots.
llvm::Type* llvmTypeOf(const IrContext& ctx, ValueType type);

// A generated value and its Modelica type; value is null after an error
// (already reported).
struct Typed {
  llvm::Value* value = nullptr;
  ValueType type = ValueType::Real;
};

// The variables of a user function: a stack slot per entry of
// function->variables, null where a variable is not available (the outputs
// and locals while a caller evaluates an input's default value).
struct LocalScope {
  const flat::Function* function = nullptr;
  std::vector<llvm::Value*> slots;  // per variable: its stack slot
  // Per entry of function->declared: the stack array holding an array
  // variable's elements (the slots point into it), null for a scalar.
  std::vector<llvm::AllocaInst*> arrays;
};

class ExprEmitter {
public:
  ExprEmitter(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
              const LocalScope* scope = nullptr)
      : ctx_(ctx), frame_(frame), b_(builder), scope_(scope) {}

  Typed emit(const flat::Expr& e);
  // element := value, for an Element expression of a function.
  bool storeElement(const flat::Expr& element, Typed value, SourceRange where);
  // emit() converted to `target`; null after an error.
  llvm::Value* emitAs(const flat::Expr& e, ValueType target);
  // The value `e` had at the start of the event iteration: every variable
  // is read from data->pre_* (the left limit of a when-condition).
  Typed emitPre(const flat::Expr& e);
  // delay(): the runtime's history buffer read (IrDelay.cpp).
  Typed emitDelay(const flat::Expr& e);

  Typed load(flat::VarId id, SourceRange where);
  // A model variable's slot (or pre() slot), or the one `slot` computes.
  Typed loadModel(flat::VarId id, SourceRange where, bool pre, llvm::Value* slot = nullptr);
  // Stores into the variable's slot (or the one `slot` computes, inside a
  // run's loop), converting Integer to Real if needed.
  bool store(flat::VarId id, Typed value, SourceRange where, llvm::Value* slot = nullptr);
  // Stores into the variable's pre() slot (a model variable's).
  bool storePre(flat::VarId id, Typed value, SourceRange where);

  // Inside the loop of a run of assignments (AssignRuns.h), the value's
  // variable nodes read the slot `iteration` strides away from their own.
  // Slots that no iteration moves or writes are read once, before the
  // loop: `invariants` holds those values by Var node, `preInvariants` the
  // pre() values by the Var node inside the pre() (a node may be in both).
  // Left in the loop, such a load would keep LLVM from proving that the
  // loop's stores never reach it, and so from vectorizing.
  struct RunIteration {
    const RunStrides* strides = nullptr;
    llvm::Value* index = nullptr;  // i64, 0 for the run's first assignment
    size_t count = 0;              // the run's assignments
    std::unordered_map<const flat::Expr*, Typed> invariants;
    std::unordered_map<const flat::Expr*, Typed> preInvariants;
  };
  void setIteration(const RunIteration* iteration) { iteration_ = iteration; }

  // Boolean variables of the clocked partition being emitted whose equation
  // compares an Integer variable with a constant (`X == c`, maybe `and`-ed
  // with another condition), by variable: in the partition's tick they
  // equal their definitions, which a chain of ifs may switch on
  // (IrSwitch.cpp).
  using ConditionDefinitions = codegen::ConditionDefinitions;
  void setConditionDefinitions(const ConditionDefinitions* definitions) { definitions_ = definitions; }
  // The slot index value reference + iteration * stride, or null outside a
  // run or for a stride of zero (the constant value reference then serves).
  llvm::Value* runSlot(int32_t valueReference, int64_t stride);
  // A literal start value in the variable's slot.
  void storeLiteral(flat::VarId id, const Literal& value);
  // The type of variable `id` in the current scope (model or function).
  std::optional<ValueType> typeOf(flat::VarId id, SourceRange where);
  // Calls the user function of a FunctionCall expression; its outputs'
  // stack slots (one per output, in order), or empty after an error.
  std::vector<llvm::AllocaInst*> emitCallOutputs(const flat::Expr& call);
  // Hands a model-level call of a function that takes an external object,
  // its function index and inputs (`arguments` after the data pointer), to
  // smc_external_log (IrExternalObjects.cpp); false after an error.
  bool logExternalObjectCall(const flat::Expr& call, const flat::Function& fn,
                             const std::vector<llvm::Value*>& arguments);

  const LocalScope* scope() const { return scope_; }

  // IrStrings.cpp: literals, `+` of Strings, relations between them and
  // String() of a value, computed by the runtime's smc_string_* services.
  Typed emitStringLiteral(const std::string& text);
  Typed emitStringConcat(Typed lhs, Typed rhs, SourceRange where);
  Typed emitStringRelation(flat::Op op, Typed lhs, Typed rhs, SourceRange where);
  Typed emitStringOf(const flat::Expr& call);
  Typed emitFormattedString(const flat::Expr& call);

private:
  llvm::Value* convert(Typed v, ValueType target, SourceRange where);
  // store() and storePre() of a model variable: its value or pre() slot.
  bool storeModel(flat::VarId id, Typed value, SourceRange where, bool pre, llvm::Value* slotIndex);
  Typed emitLiteral(const flat::Expr& e);
  Typed emitUnary(const flat::Expr& e);
  Typed emitBinary(const flat::Expr& e);
  Typed emitArithmetic(const flat::Expr& e, Typed lhs, Typed rhs);
  // Integer operations that fail the callback instead of wrapping
  // (IrIntegerArithmetic.cpp); `e` is quoted in the message.
  llvm::Value* checkedIntegerOp(flat::Op op, llvm::Value* x, llvm::Value* y, const flat::Expr& e);
  llvm::Value* checkedNegate(llvm::Value* x, const flat::Expr& e);
  llvm::Value* checkedAbs(llvm::Value* x, const flat::Expr& e);
  llvm::Value* checkedRealToInteger(llvm::Value* x, const flat::Expr& e);
  std::string overflowMessage(const flat::Expr& e) const;
  // Branches to a block reporting `message` when `condition` holds;
  // continues in a new block.
  void failIf(llvm::Value* condition, const std::string& message);
  Typed emitRelation(flat::Op op, Typed lhs, Typed rhs, SourceRange where);
  Typed emitIf(const flat::Expr& e);
  Typed emitSelect(const flat::Expr& e, llvm::Value* condition);
  // A chain of at least four ifs testing one Integer variable against
  // constants, as a switch (IrSwitch.cpp); nullopt for other ifs.
  std::optional<Typed> emitCompareChain(const flat::Expr& e);
  // One value an if-chain may take, and the block it is known in.
  struct ArmValue {
    Typed value;
    llvm::BasicBlock* end = nullptr;
    SourceRange range;
  };
  // `switch subject` over the constants [first, last) (of chain.armsOf or
  // a part of it) at the builder: appends each arm's value to `values` and
  // returns the block where no arm was taken; null after an error.
  llvm::BasicBlock* emitSwitch(llvm::Value* subject, const CompareChain& chain, ArmsOf::const_iterator first,
                               ArmsOf::const_iterator last, std::vector<ArmValue>& values);
  // The arms of one constant (indices into chain.arms), tried in order at
  // the builder; to `noArm` when none is taken. False after an error.
  bool emitArms(const CompareChain& chain, const std::vector<size_t>& arms, llvm::BasicBlock* noArm,
                std::vector<ArmValue>& values);
  // The type the values share: theirs, Real when Integer and Real mix.
  std::optional<ValueType> commonType(const std::vector<ArmValue>& values, SourceRange where);
  // A phi of the values at a new block, where the builder is left.
  Typed mergeArms(const std::vector<ArmValue>& values, SourceRange where);
  // A chain of more constants than one switch should hold
  // (IrSwitchTree.cpp): a table of its values when they are literals
  // (IrSwitchTables.cpp), else alike arms sharing their code, the others
  // searched over functions of one switch each.
  Typed emitLargeChain(const CompareChain& chain, llvm::Value* subject, SourceRange where);
  bool emitLeafSearch(const CompareChain& chain, const ArmsOf& constants, llvm::Value* subject,
                      llvm::BasicBlock* noArm, std::vector<ArmValue>& values, SourceRange where);
  llvm::Function* emitSwitchLeaf(const CompareChain& chain, ArmsOf::const_iterator first,
                                 ArmsOf::const_iterator last, SourceRange where, ValueType& type);
  // IrSwitchTables.cpp
  std::optional<Typed> emitSwitchTable(const CompareChain& chain, llvm::Value* subject, SourceRange where);
  bool emitAlikeDispatch(const CompareChain& chain, const std::vector<AlikeGroup>& groups, llvm::Value* subject,
                         llvm::BasicBlock* noArm, std::vector<ArmValue>& values, SourceRange where);
  // A private constant array of the literals `values` in `type` (zero for
  // a null entry, Booleans as bytes), and its element at `index` (i64).
  llvm::GlobalVariable* literalTable(const std::vector<const flat::Expr*>& values, ValueType type,
                                     const char* name);
  Typed loadFromTable(llvm::GlobalVariable* table, llvm::Value* index, ValueType type);
  std::optional<ValueType> armsType(const flat::Expr& e, Typed thenValue, Typed elseValue);
  Typed emitCall(const flat::Expr& e);
  Typed emitMinMax(bool isMin, Typed x, Typed y, SourceRange where);
  Typed emitSign(Typed x);
  Typed emitSemiLinear(Typed x, Typed positive, Typed negative, SourceRange where);
  Typed emitDivision(const flat::Expr& e, Typed x, Typed y);
  llvm::Value* emitIntegerDivision(flat::Builtin fn, llvm::Value* x, llvm::Value* y,
                                   const flat::Expr& e);
  Typed emitPreOperator(const flat::Expr& e);
  Typed emitModelFlag(unsigned field, const char* name, const flat::Expr& e);
  Typed emitFunctionCall(const flat::Expr& e);
  // The outputs of an earlier call in this expression that `call` may
  // read instead of calling again (SharedCalls.h), or null.
  const std::vector<llvm::AllocaInst*>* sharedCall(const flat::Expr& call);
  Typed emitNode(const flat::Expr& e);
  bool emitArguments(const flat::Expr& call, const flat::Function& fn,
                     std::vector<llvm::Value*>& arguments);

  // A variable node: its own slot, or the one the run's iteration reads.
  Typed loadNode(const flat::Expr& var, SourceRange where, bool pre);
  Typed loadLocal(flat::VarId id, SourceRange where);
  // The slot of the function array element `element` (an Element
  // expression) selects, after checking its subscripts; null after an error.
  llvm::Value* elementSlot(const flat::Expr& element, ValueType& type);
  bool storeLocal(flat::VarId id, Typed value, SourceRange where);
  llvm::Value* libm(const char* name, llvm::ArrayRef<llvm::Value*> args);
  Typed error(SourceRange where, std::string message);

  IrContext& ctx_;
  FunctionFrame& frame_;
  llvm::IRBuilder<>& b_;
  const LocalScope* scope_;
  bool readPre_ = false;  // inside emitPre
  const RunIteration* iteration_ = nullptr;
  const ConditionDefinitions* definitions_ = nullptr;
  // While an alike group's arms are emitted (IrSwitchTables.cpp): the
  // literals that vary between its members, each read from its table at
  // the member's rank.
  struct VaryingLiterals {
    llvm::Value* index = nullptr;  // i64
    std::unordered_map<const flat::Expr*, std::pair<llvm::GlobalVariable*, ValueType>> tables;
  };
  const VaryingLiterals* varying_ = nullptr;
  // The user function calls of the expression being emitted (emit() at
  // depth 0 starts afresh), with the block where their outputs are set.
  struct EmittedCall {
    const flat::Expr* call;
    bool pre;  // emitted inside pre()
    llvm::BasicBlock* block;
    std::vector<llvm::AllocaInst*> outputs;
  };
  std::vector<EmittedCall> emittedCalls_;
  int depth_ = 0;
};

// The ConditionDefinitions of a clocked partition's assignments.
ExprEmitter::ConditionDefinitions comparisonDefinitions(const causal::ClockedBlock& partition,
                                                        const Layout& layout);

}  // namespace smc::codegen
