// String folding: every String in a model is known at translation. String
// parameters are constants (Classify.cpp) and the FMU computes no String at
// run time, so each String-valued expression, and each relation between
// Strings, is replaced by its literal value wherever it occurs: variable
// bindings and attributes, equations, when-clauses, assertions and
// algorithms. A relation such as `if method == "ImplicitEuler" then ...`
// thereby becomes a Boolean literal that the later stages decide on.
#pragma once

#include "causalize/CausalModel.h"
#include "frontend/Diagnostics.h"

namespace smc::causal {

// Runs after classifyVariables (which makes every String variable a
// constant); false after reporting a String binding that cannot be
// evaluated.
bool foldStrings(CausalModel& model, DiagnosticEngine& diags);

}  // namespace smc::causal
