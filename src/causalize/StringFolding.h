// String folding: every String variable of a model is known at
// translation (String parameters are constants, Classify.cpp), so each
// String-valued expression over them, and each relation between such
// Strings, is replaced by its literal value wherever it occurs: variable
// bindings and attributes, equations, when-clauses, assertions and
// algorithms. A relation such as `if method == "ImplicitEuler" then ...`
// thereby becomes a Boolean literal that the later stages decide on. What
// depends on run-time values (String() of a variable, a function's String
// result) stays, for the FMU to compute (codegen/IrStrings.cpp).
#pragma once

#include "causalize/CausalModel.h"
#include "frontend/Diagnostics.h"

namespace smc::causal {

// Runs after classifyVariables (which makes every String variable a
// constant); false after reporting a String binding that cannot be
// evaluated.
bool foldStrings(CausalModel& model, DiagnosticEngine& diags);

}  // namespace smc::causal
