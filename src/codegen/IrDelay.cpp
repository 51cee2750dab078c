// delay(expr, delayTime, delayMax) (spec 3.7.4.1): a call of the runtime's
// smc_delay, which reads the history buffer the runtime keeps of the
// delayed variable (runtime/src/delay_buffer.c). The generated code checks
// 0 <= delayTime <= delayMax (the spec's error) and, where the equations
// were sorted as if the delay read only the past (causalize/Delays.h), that
// the delay time is still positive: a parameter changed to 0 after
// translation would otherwise read a value one evaluation old.
#include "codegen/IrContext.h"
#include "codegen/IrExpr.h"

#include <fmt/format.h>

namespace smc::codegen {

Typed ExprEmitter::emitDelay(const flat::Expr& e) {
  if (scope_) return error(e.range, "delay() cannot be used inside a function (spec 12.2)");
  if (e.args.size() != 3 || !e.args[0] || e.args[0]->kind != flat::ExprKind::Var || e.integer < 0)
    return error(e.range, "internal error: a delay() without its history buffer reached the code generator");
  llvm::Value* current = emitAs(*e.args[0], ValueType::Real);
  llvm::Value* delayTime = current ? emitAs(*e.args[1], ValueType::Real) : nullptr;
  llvm::Value* delayMax = delayTime ? emitAs(*e.args[2], ValueType::Real) : nullptr;
  if (!delayMax) return {};
  const std::string where = sourceLocation(ctx_, e.range);
  failIf(b_.CreateOr(b_.CreateFCmpULT(delayTime, llvm::ConstantFP::get(ctx_.types.real, 0.0)),
                     b_.CreateFCmpUGT(delayTime, delayMax)),
         fmt::format("the delay time of delay() at {} is outside 0 <= delayTime <= delayMax", where));
  if (e.boolean)
    failIf(b_.CreateFCmpULE(delayTime, llvm::ConstantFP::get(ctx_.types.real, 0.0)),
           fmt::format("the delay time of delay() at {} is 0; it was positive when the model was translated, "
                       "and the order of the equations relies on that",
                       where));
  llvm::Value* value = b_.CreateCall(runtimeFunction(ctx_, RuntimeService::Delay),
                                     {frame_.data(), b_.getInt32(static_cast<int32_t>(e.integer)), current,
                                      delayTime, delayMax},
                                     "delay");
  return {value, ValueType::Real};
}

}  // namespace smc::codegen
