// Alias elimination, before index reduction and matching. Connections
// write most of a physical model's equations as `a = b` (potentials) and
// `a + b = 0` (the flows of a two-member set), and components add more
// (`flange_b.tau = tau`, `p.i + n.i = 0`): a circuit of a hundred parts
// would otherwise carry hundreds of unknowns that only repeat one value.
//
// Each equation that says two continuous Real unknowns are equal or
// opposite is removed, and the variables it joins form a set of which one
// member, the representative, stays an unknown. Every other member is
// replaced by +/- the representative in all of the model's expressions. A
// member equal to it gets Role::Alias: no slot of its own, listed in
// modelDescription.xml with the representative's value reference (an FMI
// 2.0 alias). A member opposite to it (FMI 2.0 has no negated aliases)
// keeps the single equation `v = -representative`, which nothing else
// reads, so sorting places it among the output blocks: computed after the
// solve, for the importer.
//
// A variable with a stateSelect joins no set (it would carry its priority
// into the equations of the others and change the states index reduction
// picks). A set holds at most one variable that cannot be eliminated (a
// state, or one read by pre() or delay(), or assigned by an algorithm),
// which is then its representative, and at most one member with
// `fixed = true`, whose start value moves to the representative. An
// equation that would break either rule, or that joins members of one set
// again, stays in the model as it was.
#pragma once

#include "causalize/CausalModel.h"

namespace smc::causal {

// Runs after classifyVariables (roles, der() rewritten) and before the
// hybrid lowering; fills model.aliasElimination.
void eliminateAliases(CausalModel& model);

}  // namespace smc::causal
