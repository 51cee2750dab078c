// Names of the SSP enumerations, as the standard spells them.
#include "ssp/SystemDescription.h"

namespace smc::ssp {

const char* toString(ConnectorKind kind) {
  switch (kind) {
  case ConnectorKind::Input: return "input";
  case ConnectorKind::Output: return "output";
  case ConnectorKind::Parameter: return "parameter";
  case ConnectorKind::CalculatedParameter: return "calculatedParameter";
  case ConnectorKind::Inout: return "inout";
  case ConnectorKind::Structural: return "structuralParameter";
  case ConnectorKind::Unknown: return "unknown";
  }
  return "unknown";
}

const char* toString(ValueType type) {
  switch (type) {
  case ValueType::Real: return "Real";
  case ValueType::Integer: return "Integer";
  case ValueType::Boolean: return "Boolean";
  case ValueType::String: return "String";
  case ValueType::Enumeration: return "Enumeration";
  case ValueType::Binary: return "Binary";
  }
  return "Real";
}

const Component* SystemDescription::find(const std::string& componentName) const {
  for (const Component& component : components)
    if (component.name == componentName) return &component;
  return nullptr;
}

}  // namespace smc::ssp
