// Integer arithmetic that never wraps. FMI Integers are 32 bits; a result
// outside them (n + 1 at 2147483647, -(-2147483648), div(-2147483648, -1),
// abs(-2147483648), integer(1e30)) fails the callback with a message that
// quotes the expression and its location, which the runtime logs with the
// time (fmi2Error). +, - and * use LLVM's overflow intrinsics: one extra
// flag test and a branch to a cold block, nothing on the common path.
#include "codegen/IrExpr.h"

#include <fmt/format.h>

namespace smc::codegen {

std::string ExprEmitter::overflowMessage(const flat::Expr& e) const {
  std::string text = scope_ != nullptr && scope_->function != nullptr
                         ? flat::toString(e, ctx_.model.flat, *scope_->function)
                         : flat::toString(e, ctx_.model.flat);
  constexpr std::size_t kShown = 80;
  if (text.size() > kShown) text = text.substr(0, kShown) + "...";
  return fmt::format("Integer overflow: the value of '{}' at {} is outside the 32-bit range of "
                     "an Integer (-2147483648 to 2147483647)",
                     text, sourceLocation(ctx_, e.range));
}

llvm::Value* ExprEmitter::checkedIntegerOp(flat::Op op, llvm::Value* x, llvm::Value* y,
                                           const flat::Expr& e) {
  llvm::Intrinsic::ID id = op == flat::Op::Add   ? llvm::Intrinsic::sadd_with_overflow
                           : op == flat::Op::Sub ? llvm::Intrinsic::ssub_with_overflow
                                                 : llvm::Intrinsic::smul_with_overflow;
  llvm::Value* pair = b_.CreateBinaryIntrinsic(id, x, y);
  failIf(b_.CreateExtractValue(pair, 1), overflowMessage(e));
  return b_.CreateExtractValue(pair, 0);
}

void ExprEmitter::failIf(llvm::Value* condition, const std::string& message) {
  // Laid out right after the current block: the code reads in order.
  llvm::BasicBlock* current = b_.GetInsertBlock();
  llvm::BasicBlock* ok = llvm::BasicBlock::Create(ctx_.llvm, "int.ok", frame_.function(),
                                                  current->getNextNode());
  b_.CreateCondBr(condition, frame_.reportBlock(message), ok);
  b_.SetInsertPoint(ok);
}

llvm::Value* ExprEmitter::checkedNegate(llvm::Value* x, const flat::Expr& e) {
  failIf(b_.CreateICmpEQ(x, b_.getInt32(INT32_MIN)), overflowMessage(e));
  return b_.CreateNeg(x);
}

llvm::Value* ExprEmitter::checkedAbs(llvm::Value* x, const flat::Expr& e) {
  failIf(b_.CreateICmpEQ(x, b_.getInt32(INT32_MIN)), overflowMessage(e));
  return b_.CreateBinaryIntrinsic(llvm::Intrinsic::abs, x, b_.getTrue());
}

// integer(x) = floor(x) as an Integer: the floor must lie in
// [-2^31, 2^31), and be a number at all (fptosi of NaN or of anything
// outside is poison in LLVM, undefined in C).
llvm::Value* ExprEmitter::checkedRealToInteger(llvm::Value* x, const flat::Expr& e) {
  llvm::Value* floor = b_.CreateUnaryIntrinsic(llvm::Intrinsic::floor, x);
  llvm::Value* inRange = b_.CreateAnd(
      b_.CreateFCmpOGE(floor, llvm::ConstantFP::get(ctx_.types.real, -2147483648.0)),
      b_.CreateFCmpOLT(floor, llvm::ConstantFP::get(ctx_.types.real, 2147483648.0)));
  failIf(b_.CreateNot(inRange), overflowMessage(e));
  return b_.CreateFPToSI(floor, ctx_.types.integer);
}

}  // namespace smc::codegen
