// Index reduction: a model whose equations constrain its states (two
// inertias coupled rigidly, capacitors in parallel) has no perfect
// matching of equations to the derivatives and algebraics. Pantelides'
// algorithm finds which equations to differentiate, and the dummy
// derivative method (Mattsson and Söderlind) picks the states that stay
// integrated, honouring stateSelect (spec 4.9.3.2). See IndexReduction.cpp.
#pragma once

#include "causalize/CausalModel.h"
#include "causalize/Lowering.h"
#include "frontend/Diagnostics.h"

namespace smc::causal {

// Adds the differentiated equations to lowered.equations, the derivative
// variables they need to the model, and re-selects model.states and
// model.derivatives; records what it did in model.indexReduction. Leaves
// an index-1 model, and a model that is singular for another reason (for
// the sorter to report), unchanged. False after reporting an error: an
// equation that must be differentiated but cannot be, or a state the
// model reinit()s that cannot stay a state.
bool reduceIndex(CausalModel& model, LoweredModel& lowered, DiagnosticEngine& diags);

}  // namespace smc::causal
