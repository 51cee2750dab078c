// Fixed-step master algorithms over a CoupledSystem whose components are
// instantiated. At every communication point the outputs are propagated to
// the inputs in the system's propagation order, so each input holds its
// source's value at that instant. Between points:
//   Jacobi        every FMU steps from the same input values, those of the
//                 start of the step (the FMUs could run in parallel);
//   Gauss-Seidel  the FMUs step one after the other in the step order, and
//                 each first takes the inputs whose sources have already
//                 reached the end of the step.
// For two coupled integrators Jacobi is explicit Euler and Gauss-Seidel
// the symplectic Euler method (see docs/cosim.md).
#pragma once

#include "cosim/CoupledSystem.h"
#include "importer/Result.h"

#include <optional>
#include <string>

namespace smc::cosim {

enum class MasterAlgorithm { Jacobi, GaussSeidel };

const char* toString(MasterAlgorithm algorithm);

// Sets `link.to` from `link.from` (with the link's linear transformation).
importer::Result<void> propagate(CoupledSystem& system, const Link& link, double time);
// Every link, in propagation order.
importer::Result<void> exchange(CoupledSystem& system, double time);

// An FMU that could not complete its step (fmi2Discard): the run ends at
// the step's start.
struct Discarded {
  std::string component;
  std::string reason;
};

// One communication step from `time` to `time + step`. An error names the
// component; a discard is returned, not an error.
importer::Result<std::optional<Discarded>> doStep(CoupledSystem& system, MasterAlgorithm algorithm,
                                                  double time, double step);

}  // namespace smc::cosim
