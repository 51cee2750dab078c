// `smc verify-state FMU...`: one FMU file checks as before, with the full
// report; several FMUs, a directory, or any run under `mpirun` check every
// FMU found and print one line each and a tally. Under `mpirun -np N` the
// FMUs are spread over the ranks (distributed/TaskFarm.h), and rank 0
// prints the same lines, in the same order, as one process.
#pragma once

#include "importer/VerifyState.h"

#include <string>
#include <vector>

namespace smc {

// Exit status: one FMU: 0 passed, 1 counterexample, 2 could not run or
// skipped. Many: 1 when any failed, else 2 when any could not run, else 0.
int runVerifyStateCommand(const std::vector<std::string>& paths, importer::VerifyStateOptions options);

}  // namespace smc
