// The dependency graph of a coupled system, at the level of variables:
// a connection makes an input depend on an output, and an FMU's direct
// feedthrough (ModelStructure/Outputs dependencies; an output without the
// attribute depends on every input, FMI 2.0 section 2.2.8) makes an output
// depend on inputs of the same FMU. A cycle in this graph is an algebraic
// loop that a fixed-step master cannot resolve by propagation; without one
// the graph gives the propagation order and the Gauss-Seidel step order.
#pragma once

#include "cosim/CoupledSystem.h"

#include <cstddef>
#include <variant>
#include <vector>

namespace smc::cosim {

struct CouplingOrders {
  std::vector<std::size_t> propagationOrder;  // link indices
  std::vector<std::size_t> stepOrder;         // component indices
};

// A cycle of ports, each depending on the next one's predecessor: links
// and feedthroughs alternate; `links` are the connections on it.
struct AlgebraicLoopFound {
  std::vector<Port> ports;
  std::vector<std::size_t> links;
};

// Indices (into description.variables) of the inputs `output` depends on
// directly.
std::vector<std::size_t> feedthroughInputs(const importer::ModelDescription& description,
                                           std::size_t output);

std::variant<CouplingOrders, AlgebraicLoopFound> orderCoupling(const CoupledSystem& system);

}  // namespace smc::cosim
