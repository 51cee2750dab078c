// The checking half of initialization: turns a SystemDescription into a
// CoupledSystem by validating every component's FMU (the `smc check`
// rules), unpacking and reading it, and resolving the description's
// connectors, parameter values and connections against the FMUs' model
// variables. Every inconsistency is one located problem with a rule name:
//   component-fmu        the FMU is missing, unreadable or invalid
//   unknown-component    a connection names no component of the system
//   unknown-connector    a connector or parameter names no FMU variable
//   connector-kind       a declared connector's kind is not the variable's causality
//   connector-type       a declared type is not the variable's type
//   connection-direction a connection does not run from an output to an input
//   connection-type      the two ends have different types
//   input-connected-twice
//   parameter-value      a parameter value the variable cannot take
//   algebraic-loop       a cycle through direct-feedthrough FMUs
// No FMU code runs here.
#pragma once

#include "check/Problem.h"
#include "cosim/CoupledSystem.h"
#include "importer/LoadOptions.h"
#include "ssp/SystemDescription.h"

#include <optional>
#include <vector>

namespace smc::cosim {

// Empty when any error was found; `problems` then says why (warnings may
// be there either way).
std::optional<CoupledSystem> bindSystem(const ssp::SystemDescription& description,
                                        const importer::LoadOptions& load,
                                        std::vector<check::Problem>& problems);

}  // namespace smc::cosim
