// Entry point of equation processing: flat model -> causal model (see
// Causalize.cpp for the algorithm).
#pragma once

#include "causalize/CausalModel.h"
#include "frontend/Diagnostics.h"

#include <optional>

namespace smc::causal {

// Empty when the model is structurally singular, high-index or otherwise
// unsupported; the reasons are reported located.
std::optional<CausalModel> causalize(flat::FlatModel flat, DiagnosticEngine& diags);

}  // namespace smc::causal
