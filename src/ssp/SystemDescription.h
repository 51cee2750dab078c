// A co-simulation system as read from an SSP System Structure Description
// (SSP 1.0, file SystemStructure.ssd): the components (each an FMU), their
// declared connectors, the parameter values bound to them and the
// connections between connectors. Plain data; nothing here has looked at
// an FMU yet (src/cosim resolves names against the model descriptions).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace smc::ssp {

// Where something was written, for messages: "system.ssd:12:7".
struct Location {
  std::string file;
  std::size_t line = 0;  // 1-based; 0 = the file as a whole
  std::size_t column = 0;
};

// SSP 1.0 connector kinds (ssd:Connector/@kind).
enum class ConnectorKind { Input, Output, Parameter, CalculatedParameter, Inout, Structural, Unknown };
// The type element of a connector or a parameter value (ssc:Real, ...).
enum class ValueType { Real, Integer, Boolean, String, Enumeration, Binary };

const char* toString(ConnectorKind kind);
const char* toString(ValueType type);

struct Connector {
  std::string name;
  ConnectorKind kind = ConnectorKind::Unknown;
  std::optional<ValueType> type;  // absent: taken from the FMU
  Location where;
};

// One ssv:Parameter: the value as written, checked against the FMU later.
struct ParameterValue {
  std::string name;
  ValueType type = ValueType::Real;
  std::string value;
  Location where;
};

struct Component {
  std::string name;
  std::string source;                  // as written, e.g. "resources/plant.fmu"
  std::filesystem::path resolvedSource;  // where it is read (ssp/SourcePaths.h)
  std::string sourceLabel;               // how messages name it ("s.ssp/resources/a.fmu")
  std::vector<Connector> connectors;
  std::vector<ParameterValue> parameters;
  Location where;
};

// One end of a connection; an empty element means the system's own
// connector.
struct Endpoint {
  std::string element;
  std::string connector;
};

struct Connection {
  Endpoint start, end;  // data flows from start to end
  // ssc:LinearTransformation: end = factor * start + offset (Real only).
  double factor = 1.0;
  double offset = 0.0;
  bool transformed = false;
  Location where;
};

struct DefaultExperiment {
  std::optional<double> startTime, stopTime;
};

struct SystemDescription {
  std::string name;        // of the SystemStructureDescription
  std::string systemName;  // of its ssd:System
  std::vector<Connector> systemConnectors;
  std::vector<Component> components;  // document order
  std::vector<Connection> connections;
  DefaultExperiment experiment;
  Location where;  // the ssd:System element

  const Component* find(const std::string& componentName) const;
};

}  // namespace smc::ssp
