// User-defined functions (spec 12) to internal LLVM functions. Calling
// convention (internal to the generated module):
//
//   i32 @function.<Name>(ptr %data, <inputs>..., ptr %<output1>, ...)
//
// Inputs are passed by value (double, i32, i1 for Booleans, ptr for a
// String or an external object); every
// output, the first one included, is written through a pointer to a slot
// of the caller. The return value is SMC_OK or SMC_FAILED: a failing
// assert() or an Integer division by zero inside the function has already
// told the runtime why (smc_assert_failed / smc_report_failure through
// %data), and the caller just fails in turn. This deviates from the plan's
// `ret name(inputs..., ptr outputs 2..n)` so that failures propagate
// without a side channel; after inlining the slots disappear.
//
// Inside the body every input, output and protected variable is a stack
// slot; outputs and locals start from their bindings (in declaration
// order; 0/false without one), and the outputs are copied out on return.
#pragma once

#include "codegen/IrContext.h"

namespace smc::codegen {

// Declares one LLVM function per flat.functions entry (ctx.functions), so
// that bodies and callbacks can call any of them, recursion included.
void declareFunctions(IrContext& ctx);
// Emits every declared function's body; errors go to ctx.diags.
void emitFunctionBodies(IrContext& ctx);
// Whether the LLVM function takes input `i` of `fn` as a parameter: all
// do but the String inputs the call shape fixed (the body reads their
// literal, flat::Function::fixedStringInputs).
bool takesInput(const flat::Function& fn, uint32_t i);

}  // namespace smc::codegen
