// Bounds the depth of recursive user-function calls at run time.
//
// Modelica functions may call themselves (spec 12.4), and whether a
// recursion ends depends on values known only at run time. A recursion that
// does not end would overflow the importer's stack and take its process
// down; instead, every function on a cycle of the call graph counts its
// nesting in SmcModelData::call_depth and, past kMaxRecursionDepth, reports
// the function by name and fails the callback (fmi2Error), like a failed
// assert. Functions that cannot recurse are left alone (no cost).
#pragma once

#include "codegen/IrContext.h"

namespace smc::codegen {

// Nested calls of recursive functions allowed at once. Each level costs one
// stack frame of a few hundred bytes at most: far below the smallest stack
// an importer's thread is likely to give (1 MiB).
constexpr int32_t kMaxRecursionDepth = 2000;

// Instruments the recursive user functions. Run on the whole module, after
// the descriptor: LLVM's call graph walks from what can be called from
// outside (the callbacks, whose addresses the descriptor holds), so only
// then does it reach every function that can run.
void guardRecursion(IrContext& ctx);

}  // namespace smc::codegen
