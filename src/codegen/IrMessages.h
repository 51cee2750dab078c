// assert() and terminate() messages whose text is known only at run time:
// String literals joined by '+' with String() of Real, Integer and Boolean
// values (spec 3.7.1.2). The runtime assembles the text in the instance's
// message buffer (smc_message_* in smc/model.h); the calls are emitted only
// on the path that reports the message, so a passing assert costs nothing.
#pragma once

#include "codegen/IrExpr.h"

#include <string>

namespace smc::codegen {

// Whether the message is made of literals, '+' and String() calls alone;
// reports the first piece that is not.
bool checkRuntimeMessage(IrContext& ctx, const flat::Expr& message, SourceRange where);

// Emits the calls that build `message` followed by `suffix` and returns
// the text's pointer (valid until the next message is built).
llvm::Value* emitRuntimeMessage(IrContext& ctx, llvm::IRBuilder<>& builder, ExprEmitter& exprs,
                                llvm::Value* data, const flat::Expr& message, const std::string& suffix);

}  // namespace smc::codegen
