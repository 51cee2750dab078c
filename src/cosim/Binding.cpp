// See Binding.h. Components are checked first, each on its own, so a
// broken FMU is reported once and its connections are skipped rather than
// reported again as unknown connectors.
#include "cosim/Binding.h"

#include "check/Check.h"
#include "cosim/CouplingGraph.h"
#include "importer/NameSuggestions.h"

#include <fmt/format.h>

#include <map>

namespace smc::cosim {
namespace {

using importer::Causality;
using importer::VariableType;

class Binder {
public:
  Binder(const ssp::SystemDescription& description, const importer::LoadOptions& load,
         std::vector<check::Problem>& problems)
      : description_(description), load_(load), problems_(problems) {}

  std::optional<CoupledSystem> bind() {
    system_.name = description_.name.empty() ? description_.systemName : description_.name;
    // Component i of the description is usable when loaded_[i] holds its
    // index in system_.components.
    for (const ssp::Component& component : description_.components) {
      std::optional<std::size_t> index = loadComponent(component);
      loaded_.push_back(index);
      if (index) bindConnectorsAndParameters(component, system_.components[*index]);
    }
    for (const ssp::Connection& connection : description_.connections) bindConnection(connection);
    if (failed_) return std::nullopt;
    auto orders = orderCoupling(system_);
    if (auto* loop = std::get_if<AlgebraicLoopFound>(&orders)) {
      reportLoop(*loop);
      return std::nullopt;
    }
    auto& found = std::get<CouplingOrders>(orders);
    system_.propagationOrder = std::move(found.propagationOrder);
    system_.stepOrder = std::move(found.stepOrder);
    return std::move(system_);
  }

private:
  void report(check::Severity severity, const ssp::Location& where, std::string rule,
              std::string message) {
    check::Problem problem;
    problem.severity = severity;
    problem.rule = std::move(rule);
    problem.file = where.file;
    problem.line = where.line;
    problem.column = where.column;
    problem.message = std::move(message);
    problems_.push_back(std::move(problem));
    if (severity == check::Severity::Error) failed_ = true;
  }
  void error(const ssp::Location& where, std::string rule, std::string message) {
    report(check::Severity::Error, where, std::move(rule), std::move(message));
  }

  std::optional<std::size_t> loadComponent(const ssp::Component& component) {
    std::error_code ec;
    if (!std::filesystem::exists(component.resolvedSource, ec)) {
      error(component.where, "component-fmu",
            fmt::format("component '{}': no FMU at '{}' ({})", component.name, component.source,
                        component.sourceLabel));
      return std::nullopt;
    }
    check::CheckedFmu checked = check::checkAndUnpack(
        component.resolvedSource, load_.limits,
        load_.requireValid ? check::CheckScope::Everything : check::CheckScope::ArchiveOnly,
        component.sourceLabel);
    for (check::Problem& problem : checked.result.problems) {
      if (problem.severity == check::Severity::Error) failed_ = true;
      problems_.push_back(problem);
    }
    if (!checked.unpacked || checked.result.errorCount() > 0) {
      error(component.where, "component-fmu",
            fmt::format("component '{}': the FMU '{}' is not a valid FMI 2.0 Co-Simulation FMU "
                        "({} errors above)",
                        component.name, component.source, checked.result.errorCount()));
      return std::nullopt;
    }
    importer::Result<importer::Session> session =
        importer::describeUnpackedFmu(std::move(*checked.unpacked), load_.limits);
    if (!session) {
      error(component.where, "component-fmu",
            fmt::format("component '{}': {}", component.name, session.error().message));
      return std::nullopt;
    }
    system_.components.push_back({component.name, std::move(session).value(), {}});
    return system_.components.size() - 1;
  }

  static bool kindMatches(ssp::ConnectorKind kind, Causality causality) {
    switch (kind) {
    case ssp::ConnectorKind::Input: return causality == Causality::Input;
    case ssp::ConnectorKind::Output: return causality == Causality::Output;
    case ssp::ConnectorKind::Parameter:
    case ssp::ConnectorKind::Structural: return causality == Causality::Parameter;
    case ssp::ConnectorKind::CalculatedParameter:
      return causality == Causality::CalculatedParameter;
    case ssp::ConnectorKind::Inout:
      return causality == Causality::Input || causality == Causality::Output;
    case ssp::ConnectorKind::Unknown: return true;
    }
    return true;
  }

  static bool typeMatches(ssp::ValueType declared, VariableType actual) {
    switch (declared) {
    case ssp::ValueType::Real: return actual == VariableType::Real;
    case ssp::ValueType::Integer: return actual == VariableType::Integer;
    case ssp::ValueType::Boolean: return actual == VariableType::Boolean;
    case ssp::ValueType::String: return actual == VariableType::String;
    case ssp::ValueType::Enumeration: return actual == VariableType::Enumeration;
    case ssp::ValueType::Binary: return false;
    }
    return false;
  }

  void bindConnectorsAndParameters(const ssp::Component& component, ComponentRun& run) {
    const importer::ModelDescription& md = run.session.description;
    for (const ssp::Connector& connector : component.connectors) {
      const importer::ScalarVariable* variable = md.find(connector.name);
      if (!variable) {
        error(connector.where, "unknown-connector",
              fmt::format("component '{}': {}", component.name,
                          importer::unknownVariableMessage(connector.name, md)));
        continue;
      }
      if (!kindMatches(connector.kind, variable->causality))
        error(connector.where, "connector-kind",
              fmt::format("connector '{}.{}' is declared {} but the FMU's variable has causality "
                          "{}",
                          component.name, connector.name, ssp::toString(connector.kind),
                          importer::toString(variable->causality)));
      if (connector.type && !typeMatches(*connector.type, variable->type))
        error(connector.where, "connector-type",
              fmt::format("connector '{}.{}' is declared {} but the FMU's variable is {}",
                          component.name, connector.name, ssp::toString(*connector.type),
                          importer::toString(variable->type)));
    }
    for (const ssp::ParameterValue& parameter : component.parameters) {
      const importer::ScalarVariable* variable = md.find(parameter.name);
      if (!variable) {
        error(parameter.where, "unknown-connector",
              fmt::format("parameter of component '{}': {}", component.name,
                          importer::unknownVariableMessage(parameter.name, md)));
        continue;
      }
      if (!typeMatches(parameter.type, variable->type)) {
        error(parameter.where, "parameter-value",
              fmt::format("parameter '{}.{}' is given as {} but the FMU's variable is {}",
                          component.name, parameter.name, ssp::toString(parameter.type),
                          importer::toString(variable->type)));
        continue;
      }
      auto settings = importer::resolveSettings(md, {{parameter.name, parameter.value}});
      if (!settings) {
        error(parameter.where, "parameter-value",
              fmt::format("component '{}': {}", component.name, settings.error().message));
        continue;
      }
      run.parameters.push_back(settings->front());
    }
  }

  // The component index of `element`, or empty after reporting why not.
  std::optional<std::size_t> componentOf(const ssp::Connection& connection,
                                         const std::string& element, const char* end) {
    if (element.empty()) {
      error(connection.where, "unknown-component",
            fmt::format("the connection's {} is a connector of the system itself; connections "
                        "to system connectors are not supported yet (connect the components "
                        "directly)",
                        end));
      return std::nullopt;
    }
    for (std::size_t i = 0; i < description_.components.size(); ++i) {
      if (description_.components[i].name != element) continue;
      return loaded_[i];  // empty when the FMU is broken: already reported
    }
    std::string message = fmt::format("the connection's {} names no component '{}'", end, element);
    std::vector<std::string> names;
    for (const ssp::Component& component : description_.components)
      names.push_back(fmt::format("'{}'", component.name));
    if (!names.empty()) message += fmt::format("; the system has {}", fmt::join(names, ", "));
    error(connection.where, "unknown-component", message);
    return std::nullopt;
  }

  std::optional<Port> portOf(const ssp::Connection& connection, const ssp::Endpoint& endpoint,
                             const char* end) {
    std::optional<std::size_t> component = componentOf(connection, endpoint.element, end);
    if (!component) return std::nullopt;
    const importer::ModelDescription& md = system_.components[*component].session.description;
    for (std::size_t v = 0; v < md.variables.size(); ++v)
      if (md.variables[v].name == endpoint.connector) return Port{*component, v};
    error(connection.where, "unknown-connector",
          fmt::format("the connection's {} '{}.{}': {}", end, endpoint.element, endpoint.connector,
                      importer::unknownVariableMessage(endpoint.connector, md)));
    return std::nullopt;
  }

  void bindConnection(const ssp::Connection& connection) {
    std::optional<Port> from = portOf(connection, connection.start, "start");
    std::optional<Port> to = portOf(connection, connection.end, "end");
    if (!from || !to) return;
    const importer::ScalarVariable& source = system_.variable(*from);
    const importer::ScalarVariable& target = system_.variable(*to);
    bool ok = true;
    if (source.causality != Causality::Output) {
      error(connection.where, "connection-direction",
            fmt::format("a connection starts at an output, but '{}' has causality {}",
                        system_.portName(*from), importer::toString(source.causality)));
      ok = false;
    }
    if (target.causality != Causality::Input) {
      error(connection.where, "connection-direction",
            fmt::format("a connection ends at an input, but '{}' has causality {}",
                        system_.portName(*to), importer::toString(target.causality)));
      ok = false;
    }
    if (!ok) return;
    if (source.type != target.type) {
      error(connection.where, "connection-type",
            fmt::format("the connection joins {} output '{}' to {} input '{}'",
                        importer::toString(source.type), system_.portName(*from),
                        importer::toString(target.type), system_.portName(*to)));
      return;
    }
    if (source.type == VariableType::String) {
      error(connection.where, "connection-type",
            fmt::format("String connections ('{}' to '{}') are not supported yet",
                        system_.portName(*from), system_.portName(*to)));
      return;
    }
    if (connection.transformed && source.type != VariableType::Real) {
      error(connection.where, "connection-type",
            fmt::format("a linear transformation needs Real ends, but '{}' is {}",
                        system_.portName(*from), importer::toString(source.type)));
      return;
    }
    auto [previous, inserted] =
        inputSources_.try_emplace(system_.portName(*to), connection.where);
    if (!inserted) {
      error(connection.where, "input-connected-twice",
            fmt::format("input '{}' is already connected at {}:{}:{}; an input takes one source",
                        system_.portName(*to), previous->second.file, previous->second.line,
                        previous->second.column));
      return;
    }
    system_.links.push_back(
        {*from, *to, source.type, connection.factor, connection.offset, connection.where});
  }

  void reportLoop(const AlgebraicLoopFound& loop) {
    std::string path;
    for (const Port& port : loop.ports) path += system_.portName(port) + " -> ";
    path += system_.portName(loop.ports.front());
    const ssp::Location& where =
        loop.links.empty() ? description_.where : system_.links[loop.links.front()].where;
    error(where, "algebraic-loop",
          fmt::format("algebraic loop through direct-feedthrough FMUs: {}; a fixed-step master "
                      "cannot resolve it (break it with a component that has no direct "
                      "feedthrough, or make one output not depend on its input)",
                      path));
  }

  const ssp::SystemDescription& description_;
  const importer::LoadOptions& load_;
  std::vector<check::Problem>& problems_;
  CoupledSystem system_;
  std::vector<std::optional<std::size_t>> loaded_;
  std::map<std::string, ssp::Location> inputSources_;
  bool failed_ = false;
};

}  // namespace

std::optional<CoupledSystem> bindSystem(const ssp::SystemDescription& description,
                                        const importer::LoadOptions& load,
                                        std::vector<check::Problem>& problems) {
  return Binder(description, load, problems).bind();
}

}  // namespace smc::cosim
