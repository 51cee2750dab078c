// delay(expr, delayTime, delayMax) (spec 3.7.4.1) before causalization:
// every delay gets a history buffer of the runtime, which records one
// variable's value as the simulation goes; this pass chooses that
// variable and numbers the buffers.
//
// A delay of a Real variable records that variable; a delay of any other
// expression gets a hidden variable `$delayK` with the equation
// `$delayK = expr`. A delay whose delayTime is known to be positive at
// translation reads only the past (Delay::boolean), so an equation that
// uses it does not depend on the recorded variable's current value: this
// is what lets delays break algebraic loops (transmission lines, the
// transport delays of digital latches). During initialization a delay is
// its expression (expr(time.start)), so the initial equations use it as
// such. delay() in a clocked partition is a located error.
#pragma once

#include "causalize/CausalModel.h"
#include "frontend/Diagnostics.h"

namespace smc::causal {

// Rewrites the delays of model.flat and fills model.delayedVariables;
// runs before classifyVariables. False with errors reported.
bool separateDelays(CausalModel& model, DiagnosticEngine& diags);

// `e` with every delay replaced by the expression it delays: the value of
// a delay during initialization.
ExprPtr undelayed(const ExprPtr& e);

}  // namespace smc::causal
