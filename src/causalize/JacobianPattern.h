// Which states each derivative depends on: the sparsity pattern of the
// Jacobian d der(x) / d x that the FMU's integrator factorizes. Read off
// the blocks that compute the derivatives (CausalModel::derivativeBlocks),
// in their order: a block's outputs depend on the states its inputs depend
// on; an algebraic loop's or algorithm's outputs all depend on everything
// it reads (an over-approximation, as the pattern may be, never an
// under-approximation). Discrete variables, parameters and inputs are
// constant during integration and carry no states.
#pragma once

#include "causalize/CausalModel.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace smc::causal {

// Compressed sparse columns: column j (the state model.states[j]) holds the
// rows (indices into model.derivatives) rows[columnStarts[j] ..
// columnStarts[j + 1]), ascending; the diagonal is always there (the
// integrator's matrix I - gamma J has it).
struct JacobianPattern {
  std::vector<int32_t> columnStarts;  // states + 1
  std::vector<int32_t> rows;
};

// The pattern, or nothing when finding it takes more than `budget` entries
// in all (the states of every variable computed on the way): the Jacobian
// is then about as good as dense, and holding the sets would cost memory
// quadratic in the states. Whether a pattern is sparse enough to use is the
// runtime's choice (runtime/src/sparse_jacobian.h).
std::optional<JacobianPattern> stateJacobianPattern(const CausalModel& model, size_t budget);

// With the budget the FMU's pattern is computed with: 16 entries per
// variable and state.
std::optional<JacobianPattern> stateJacobianPattern(const CausalModel& model);

}  // namespace smc::causal
