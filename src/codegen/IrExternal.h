// The body of an external function (spec 12.9, flat::ExternalCall): one call
// of a C function declared with the C types of its arguments on x86-64
// (double for Real, int for Integer, Boolean and enumeration values,
// size_t for array sizes of the default call form, pointers for arrays,
// external objects and outputs passed by address). Boolean outputs and
// Boolean arrays go through ints and come back as `!= 0`.
#pragma once

#include "codegen/IrExpr.h"

namespace smc::codegen {

// Emits the call into the function body at the builder's position: inputs
// read from the scope's slots, outputs written to them.
void emitExternalCall(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder, ExprEmitter& exprs,
                      const LocalScope& scope, const flat::Function& fn);

// The same for a FORTRAN 77 routine (IrFortranCall.cpp): arguments by
// address, matrices column-major, String lengths last.
void emitFortranCall(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder, ExprEmitter& exprs,
                     const LocalScope& scope, const flat::Function& fn);

}  // namespace smc::codegen
