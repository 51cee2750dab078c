// sample(start, interval) time events (spec 3.7.5), as CausalModel.h fixes
// them: each causal::Sample has a hidden Boolean `flag` and a hidden
// Integer `counter` (ticks so far); tick k is at start + k*interval, or at
// start + (k*interval)/resolution for the clocks stage's
// sample(start, interval, resolution) (exact for rational clocks: the
// product of integers is exact, and one division rounds once), computed
// from k so that no rounding error accumulates.
//   initialize:   counter = index of the first tick not before time (to the
//                 same tolerance), flag = false;
//                 a non-positive interval or resolution fails with its
//                 location.
//   event_update: t = tick counter;
//                 flag = time >= t - 1e-12*max(1, |t|); if flag, counter += 1.
//   both, last:   data->next_time_event = min over samples of tick counter
//                 (INFINITY without samples).
#pragma once

#include "codegen/IrExpr.h"

namespace smc::codegen {

// Reports samples whose variables or expressions are missing or mistyped;
// the emitters below assume it returned true.
bool checkSamples(IrContext& ctx);
void emitSampleSetup(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
                     ExprEmitter& exprs);
void emitSampleUpdates(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
                       ExprEmitter& exprs);
void emitNextTimeEvent(IrContext& ctx, FunctionFrame& frame, llvm::IRBuilder<>& builder,
                       ExprEmitter& exprs);

}  // namespace smc::codegen
