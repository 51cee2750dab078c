// A system ready to run: every component's FMU unpacked and described,
// every connection resolved to a pair of model variables with a common
// type, every parameter value checked against its variable, and the two
// orders the master needs (see CouplingGraph.h). Built by bindSystem
// (Binding.h); the instances are created later, by the lifecycle.
#pragma once

#include "importer/ModelDescription.h"
#include "importer/Session.h"
#include "importer/Settings.h"
#include "ssp/SystemDescription.h"

#include <cstddef>
#include <string>
#include <vector>

namespace smc::cosim {

// One variable of one component.
struct Port {
  std::size_t component = 0;
  std::size_t variable = 0;  // index into that component's description.variables

  bool operator==(const Port&) const = default;
};

struct Link {
  Port from, to;  // an output, then an input
  importer::VariableType type = importer::VariableType::Real;
  double factor = 1.0, offset = 0.0;  // to = factor * from + offset (Real only)
  ssp::Location where;
};

struct ComponentRun {
  std::string name;
  importer::Session session;  // archive and description; fmu and instance once loaded
  std::vector<importer::Setting> parameters;
};

struct CoupledSystem {
  std::string name;
  std::vector<ComponentRun> components;  // document order
  std::vector<Link> links;
  // Links in an order where every output is read after all the inputs it
  // depends on directly have been set: propagating them in this order
  // makes every input consistent with its source at one instant.
  std::vector<std::size_t> propagationOrder;
  // The order in which Gauss-Seidel steps the components: a component
  // after those it reads from, components of a feedback loop in document
  // order.
  std::vector<std::size_t> stepOrder;

  const importer::ScalarVariable& variable(const Port& port) const {
    return components[port.component].session.description.variables[port.variable];
  }
  // "plant.y"
  std::string portName(const Port& port) const {
    return components[port.component].name + "." + variable(port).name;
  }
};

}  // namespace smc::cosim
