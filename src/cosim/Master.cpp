// See Master.h.
#include "cosim/Master.h"

#include <fmt/format.h>

#include <array>
#include <cmath>

namespace smc::cosim {
namespace {

using importer::Error;
using importer::Result;
using importer::VariableType;

Error inComponent(const ComponentRun& component, const Error& error) {
  return Error{fmt::format("component '{}': {}", component.name, error.message)};
}

// fmi2Discard from a get or set is as bad as an error here: a value the
// master needs was not delivered.
Result<void> judged(const ComponentRun& component, const Result<importer::fmi2::Status>& status,
                    const char* call, double time) {
  if (!status) return inComponent(component, status.error());
  if (*status == importer::fmi2::Status::Discard)
    return Error{fmt::format("component '{}': {} returned fmi2Discard at t={:.10g}{}{}",
                             component.name, call, time,
                             component.session.instance->lastFmuProblem().empty() ? "" : ": ",
                             component.session.instance->lastFmuProblem())};
  return {};
}

// Links into `component`, in propagation order.
std::vector<const Link*> linksInto(const CoupledSystem& system, std::size_t component) {
  std::vector<const Link*> links;
  for (std::size_t l : system.propagationOrder)
    if (system.links[l].to.component == component) links.push_back(&system.links[l]);
  return links;
}

}  // namespace

const char* toString(MasterAlgorithm algorithm) {
  return algorithm == MasterAlgorithm::Jacobi ? "Jacobi" : "Gauss-Seidel";
}

Result<void> propagate(CoupledSystem& system, const Link& link, double time) {
  ComponentRun& source = system.components[link.from.component];
  ComponentRun& target = system.components[link.to.component];
  importer::FmuInstance& from = *source.session.instance;
  importer::FmuInstance& to = *target.session.instance;
  std::array<importer::fmi2::ValueReference, 1> ref{system.variable(link.from).valueReference};
  const importer::fmi2::ValueReference targetRef = system.variable(link.to).valueReference;
  switch (link.type) {
  case VariableType::Real: {
    std::array<double, 1> value{};
    if (auto got = judged(source, from.getReal(ref, value, time), "fmi2GetReal", time); !got)
      return got;
    double transformed = link.factor * value[0] + link.offset;
    return judged(target, to.setReal(targetRef, transformed, time), "fmi2SetReal", time);
  }
  case VariableType::Integer:
  case VariableType::Enumeration: {
    std::array<int, 1> value{};
    if (auto got = judged(source, from.getInteger(ref, value, time), "fmi2GetInteger", time); !got)
      return got;
    return judged(target, to.setInteger(targetRef, value[0], time), "fmi2SetInteger", time);
  }
  case VariableType::Boolean: {
    std::array<int, 1> value{};
    if (auto got = judged(source, from.getBoolean(ref, value, time), "fmi2GetBoolean", time); !got)
      return got;
    return judged(target, to.setBoolean(targetRef, value[0] != 0, time), "fmi2SetBoolean", time);
  }
  case VariableType::String: break;  // refused by bindSystem
  }
  return Error{fmt::format("cannot exchange '{}': String connections are not supported",
                           system.portName(link.from))};
}

Result<void> exchange(CoupledSystem& system, double time) {
  for (std::size_t l : system.propagationOrder)
    if (Result<void> done = propagate(system, system.links[l], time); !done) return done;
  return {};
}

Result<std::optional<Discarded>> doStep(CoupledSystem& system, MasterAlgorithm algorithm,
                                        double time, double step) {
  std::vector<bool> stepped(system.components.size(), false);
  for (std::size_t c : system.stepOrder) {
    ComponentRun& component = system.components[c];
    if (algorithm == MasterAlgorithm::GaussSeidel) {
      for (const Link* link : linksInto(system, c)) {
        if (!stepped[link->from.component]) continue;
        if (Result<void> done = propagate(system, *link, time + step); !done) return done.error();
      }
    }
    Result<importer::fmi2::Status> status = component.session.instance->doStep(time, step);
    if (!status) return inComponent(component, status.error());
    if (*status == importer::fmi2::Status::Discard)
      return std::optional<Discarded>(
          Discarded{component.name, component.session.instance->lastFmuProblem()});
    stepped[c] = true;
  }
  return std::optional<Discarded>();
}

}  // namespace smc::cosim
