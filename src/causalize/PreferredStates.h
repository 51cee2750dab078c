// stateSelect = prefer and always on variables the model never
// differentiates (spec 4.9.3.2: "use it as a state if possible"). A
// spring-damper's relative speed `v_rel = der(s_rel)` is such a variable:
// without this, only variables that appear under der() compete to be
// states, and the mass it joins keeps its speed as a state instead. Each
// one becomes a state candidate here, with a derivative of its own and no
// equation for it, so that index reduction differentiates the equation
// that computes it and the dummy derivative choice, by stateSelect, decides
// whether it stays a state.
#pragma once

#include "causalize/CausalModel.h"
#include "causalize/Lowering.h"

#include <vector>

namespace smc::causal {

// The continuous Real unknowns with stateSelect prefer or always that are
// not differentiated and not computed by an algorithm or when-equation.
std::vector<VarId> preferredAlgebraics(const CausalModel& model, const LoweredModel& lowered);

// Makes each of `vars` a state with a new derivative variable der(v).
void makeStateCandidates(CausalModel& model, const std::vector<VarId>& vars);

// `candidates` without the arrays (scalars named alike up to their last
// subscript) of which `reduced` made some elements states and not others.
// The dummy derivative choice tells such elements apart only by their order
// when the structure cannot: a machine's rotor-frame currents
// `idq_sr[2](each stateSelect = prefer)` fed by ideal current sources are
// each structurally a function of the current reference, numerically only
// the q-axis one is, and promoting the d-axis one instead makes the
// reference's equation singular. Such an array stays as the model wrote it.
std::vector<VarId> withoutPartlyPromotedArrays(const CausalModel& reduced,
                                               const std::vector<VarId>& candidates);

}  // namespace smc::causal
