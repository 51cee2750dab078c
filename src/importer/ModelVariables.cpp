// <ModelVariables> parsing; see ModelVariables.h. The defaults for
// "initial" follow the table in FMI 2.0 section 2.2.7 (definition of
// ScalarVariable): exact for parameters and constants, calculated for
// calculated parameters and for outputs and locals that are not constant,
// and not applicable for inputs and the independent variable.
#include "importer/ModelVariables.h"

#include "importer/TextValues.h"

#include <array>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace smc::importer {
namespace {

template <typename Enum, std::size_t N>
std::optional<Enum> lookup(const std::array<std::pair<std::string_view, Enum>, N>& table,
                           std::string_view word) {
  for (const auto& [name, value] : table) {
    if (name == word) return value;
  }
  return std::nullopt;
}

constexpr std::array<std::pair<std::string_view, Causality>, 6> kCausalities{{
    {"parameter", Causality::Parameter},
    {"calculatedParameter", Causality::CalculatedParameter},
    {"input", Causality::Input},
    {"output", Causality::Output},
    {"local", Causality::Local},
    {"independent", Causality::Independent},
}};
constexpr std::array<std::pair<std::string_view, Variability>, 5> kVariabilities{{
    {"constant", Variability::Constant},
    {"fixed", Variability::Fixed},
    {"tunable", Variability::Tunable},
    {"discrete", Variability::Discrete},
    {"continuous", Variability::Continuous},
}};
constexpr std::array<std::pair<std::string_view, Initial>, 3> kInitials{{
    {"exact", Initial::Exact},
    {"approx", Initial::Approx},
    {"calculated", Initial::Calculated},
}};
constexpr std::array<std::pair<std::string_view, VariableType>, 5> kTypes{{
    {"Real", VariableType::Real},
    {"Integer", VariableType::Integer},
    {"Boolean", VariableType::Boolean},
    {"String", VariableType::String},
    {"Enumeration", VariableType::Enumeration},
}};

Initial defaultInitial(Causality causality, Variability variability) {
  switch (causality) {
  case Causality::Parameter: return Initial::Exact;
  case Causality::CalculatedParameter: return Initial::Calculated;
  case Causality::Input:
  case Causality::Independent: return Initial::None;
  case Causality::Output:
  case Causality::Local:
    return variability == Variability::Constant ? Initial::Exact : Initial::Calculated;
  }
  return Initial::Calculated;
}

bool startIsWellFormed(VariableType type, std::string_view start) {
  switch (type) {
  case VariableType::Real: return parseReal(start).has_value();
  case VariableType::Integer:
  case VariableType::Enumeration: return parseInteger(start).has_value();
  case VariableType::Boolean: return parseBoolean(start).has_value();
  case VariableType::String: return true;
  }
  return false;
}

// Reads the keyword attributes (causality, variability, initial).
Result<void> parseKinds(pugi::xml_node node, const XmlContext& context, ScalarVariable& v) {
  if (pugi::xml_attribute a = node.attribute("causality")) {
    auto causality = lookup(kCausalities, a.value());
    if (!causality) {
      return context.error(node, "variable '{}': unknown causality '{}'", v.name, a.value());
    }
    v.causality = *causality;
  }
  if (pugi::xml_attribute a = node.attribute("variability")) {
    auto variability = lookup(kVariabilities, a.value());
    if (!variability) {
      return context.error(node, "variable '{}': unknown variability '{}'", v.name, a.value());
    }
    v.variability = *variability;
  }
  v.initial = defaultInitial(v.causality, v.variability);
  if (pugi::xml_attribute a = node.attribute("initial")) {
    auto initial = lookup(kInitials, a.value());
    if (!initial) {
      return context.error(node, "variable '{}': unknown initial '{}'", v.name, a.value());
    }
    // The spec forbids "initial" on inputs and the independent variable;
    // tolerate it there but keep "not applicable".
    if (v.initial != Initial::None) v.initial = *initial;
  }
  return {};
}

// Reads the type element (<Real start=.../> etc.): type, start, derivative.
Result<void> parseTypeElement(pugi::xml_node node, const XmlContext& context,
                              ScalarVariable& v) {
  pugi::xml_node typeNode;
  for (pugi::xml_node child : node.children()) {
    if (auto type = lookup(kTypes, child.name())) {
      typeNode = child;
      v.type = *type;
      break;
    }
  }
  if (!typeNode) {
    return context.error(node,
                         "variable '{}' has no type element (Real, Integer, Boolean, String "
                         "or Enumeration)",
                         v.name);
  }
  if (pugi::xml_attribute start = typeNode.attribute("start")) {
    if (!startIsWellFormed(v.type, start.value())) {
      return context.error(typeNode, "variable '{}': start value '{}' is not a valid {}",
                           v.name, start.value(), toString(v.type));
    }
    v.start = start.value();
  }
  if (pugi::xml_attribute derivative = typeNode.attribute("derivative")) {
    std::optional<unsigned int> index = parseUnsigned(derivative.value());
    if (v.type != VariableType::Real || !index || *index == 0) {
      return context.error(typeNode,
                           "variable '{}': derivative '{}' must be the 1-based index of a "
                           "Real variable",
                           v.name, derivative.value());
    }
    v.derivativeOf = *index - 1;
  }
  return {};
}

Result<ScalarVariable> parseScalarVariable(pugi::xml_node node, std::size_t number,
                                           const XmlContext& context) {
  ScalarVariable v;
  v.name = node.attribute("name").value();
  if (v.name.empty()) {
    return context.error(node, "ScalarVariable #{} has no name attribute", number);
  }
  pugi::xml_attribute vr = node.attribute("valueReference");
  if (!vr) return context.error(node, "variable '{}' has no valueReference", v.name);
  std::optional<unsigned int> reference = parseUnsigned(vr.value());
  if (!reference) {
    return context.error(node, "variable '{}': valueReference '{}' is not an unsigned integer",
                         v.name, vr.value());
  }
  v.valueReference = *reference;
  v.description = node.attribute("description").value();
  if (Result<void> kinds = parseKinds(node, context, v); !kinds) return kinds.error();
  if (Result<void> type = parseTypeElement(node, context, v); !type) return type.error();
  return v;
}

}  // namespace

Result<std::vector<ScalarVariable>> parseModelVariables(pugi::xml_node modelVariables,
                                                        const XmlContext& context) {
  std::vector<ScalarVariable> variables;
  std::vector<pugi::xml_node> nodes;
  std::unordered_map<std::string, std::size_t> firstByName;
  for (pugi::xml_node node : modelVariables.children("ScalarVariable")) {
    Result<ScalarVariable> variable = parseScalarVariable(node, variables.size() + 1, context);
    if (!variable) return variable.error();
    auto [it, inserted] = firstByName.emplace(variable->name, variables.size());
    if (!inserted) {
      return context.error(node, "duplicate variable name '{}' (first declared on line {})",
                           variable->name, context.lineOf(nodes[it->second]));
    }
    variables.push_back(std::move(variable).value());
    nodes.push_back(node);
  }
  for (std::size_t i = 0; i < variables.size(); ++i) {
    const std::optional<std::size_t>& state = variables[i].derivativeOf;
    if (!state) continue;
    if (*state >= variables.size()) {
      return context.error(nodes[i], "variable '{}': derivative index {} is out of range (the "
                                     "model has {} variables)",
                           variables[i].name, *state + 1, variables.size());
    }
    if (variables[*state].type != VariableType::Real) {
      return context.error(nodes[i], "variable '{}': derivative index {} names '{}', which is "
                                     "not a Real variable",
                           variables[i].name, *state + 1, variables[*state].name);
    }
  }
  return variables;
}

}  // namespace smc::importer
