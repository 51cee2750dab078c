// Values fixed at translation and the derivatives they cancel. A parameter
// with annotation(Evaluate = true) whose binding reads only fixed values is
// a constant of the FMU (the annotation asks the tool to evaluate it); a
// parameter computed from fixed values only (a binding that is not a
// literal, so no importer can set it) is fixed too; a zero test also runs
// pure functions in such bindings (a record of parameters computed by a
// function, as Spice3's devices have). A product with a factor fixed at
// zero that reads an unknown is then 0: `i = C*der(v)` of a capacitor
// whose `final C = CapVal` with `CapVal = 0 annotation(Evaluate = true)`
// says i = 0, and v is not a state. Without this, v would be a state whose
// derivative no equation determines, and an equation `i*R = v1 - v2` with
// R fixed at 0 would be matched to i, which it cannot compute.
#pragma once

#include "causalize/CausalModel.h"
#include "frontend/Diagnostics.h"

namespace smc::causal {

// Runs before classifyVariables, which reads the variabilities it fixes.
bool foldFixedZeros(CausalModel& model, DiagnosticEngine& diags);

}  // namespace smc::causal
