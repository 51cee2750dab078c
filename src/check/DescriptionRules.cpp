// Rules about the model description as a whole and about names that refer
// to definitions elsewhere in it (FMI 2.0 sections 2.2.1 to 2.2.3):
//   guid                - the guid is not empty (importers match it against
//                         the one the binary was built with)
//   cosimulation        - a <CoSimulation> element exists (this checker is
//                         for Co-Simulation FMUs)
//   model-identifier    - modelIdentifier is a C identifier: it prefixes
//                         the FMI functions and names the binary, so it
//                         may not be empty or contain a path
//   declared-type       - declaredType names a SimpleType of the same kind
//   unit-declared       - unit and displayUnit name a declared Unit and one
//                         of its DisplayUnits. Without any UnitDefinitions
//                         this is a warning only: such FMUs are common and
//                         their units are still readable as text.
#include "check/SemanticRules.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace smc::check {
namespace {

struct Definitions {
  bool hasUnitDefinitions = false;
  std::map<std::string, std::set<std::string>> displayUnitsOfUnit;
  std::map<std::string, std::string> kindOfType;  // SimpleType name -> "Real", ...
};

Definitions collectDefinitions(pugi::xml_node root) {
  Definitions definitions;
  pugi::xml_node units = root.child("UnitDefinitions");
  definitions.hasUnitDefinitions = static_cast<bool>(units);
  for (pugi::xml_node unit : units.children("Unit")) {
    auto& displayUnits = definitions.displayUnitsOfUnit[unit.attribute("name").value()];
    for (pugi::xml_node display : unit.children("DisplayUnit"))
      displayUnits.insert(display.attribute("name").value());
  }
  for (pugi::xml_node type : root.child("TypeDefinitions").children("SimpleType")) {
    pugi::xml_node kind = type.first_child();
    while (kind && kind.type() != pugi::node_element) kind = kind.next_sibling();
    definitions.kindOfType[type.attribute("name").value()] = kind ? kind.name() : "";
  }
  return definitions;
}

void checkUnits(pugi::xml_node realNode, const Definitions& definitions, XmlReporter& report) {
  pugi::xml_attribute unit = realNode.attribute("unit");
  pugi::xml_attribute displayUnit = realNode.attribute("displayUnit");
  auto complain = [&](pugi::xml_attribute attribute, std::string message) {
    if (definitions.hasUnitDefinitions) {
      report.error(realNode, attribute, "unit-declared", std::move(message));
    } else {
      report.warning(realNode, attribute, "unit-declared",
                     message + " (the model description has no UnitDefinitions)");
    }
  };
  if (!unit) {
    if (displayUnit) {
      complain(displayUnit, fmt::format("displayUnit \"{}\" is given without a unit",
                                        displayUnit.value()));
    }
    return;
  }
  auto found = definitions.displayUnitsOfUnit.find(unit.value());
  if (found == definitions.displayUnitsOfUnit.end()) {
    complain(unit, fmt::format("unit \"{}\" is not declared in UnitDefinitions", unit.value()));
    return;
  }
  if (displayUnit && !found->second.contains(displayUnit.value())) {
    complain(displayUnit, fmt::format("displayUnit \"{}\" is not a DisplayUnit of unit \"{}\"",
                                      displayUnit.value(), unit.value()));
  }
}

}  // namespace

bool isModelIdentifier(std::string_view text) {
  auto isLetter = [](char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  if (text.empty() || !isLetter(text.front())) return false;
  return std::all_of(text.begin(), text.end(),
                     [&](char c) { return isLetter(c) || (c >= '0' && c <= '9'); });
}

void checkDescriptionRules(const ModelView& model, XmlReporter& report) {
  pugi::xml_node root = model.root;
  if (pugi::xml_attribute guid = root.attribute("guid");
      guid && std::string_view(guid.value()).find_first_not_of(" \t") == std::string_view::npos) {
    report.error(root, guid, "guid", "the guid is empty");
  }
  pugi::xml_node coSimulation = root.child("CoSimulation");
  if (pugi::xml_attribute identifier = coSimulation.attribute("modelIdentifier");
      identifier && !isModelIdentifier(identifier.value())) {
    report.error(coSimulation, identifier, "model-identifier",
                 fmt::format("modelIdentifier \"{}\" is not a C identifier", identifier.value()));
  }
  if (!coSimulation) {
    report.error(root, "cosimulation",
                 "the model description has no <CoSimulation> element: this is not a "
                 "Co-Simulation FMU");
  }
  Definitions definitions = collectDefinitions(root);
  for (pugi::xml_node type : root.child("TypeDefinitions").children("SimpleType")) {
    if (pugi::xml_node real = type.child("Real")) checkUnits(real, definitions, report);
  }
  for (const VariableView& v : model.variables) {
    if (v.type == BaseType::Real) checkUnits(v.typeNode, definitions, report);
    pugi::xml_attribute declared = v.typeNode.attribute("declaredType");
    if (!declared) continue;
    auto found = definitions.kindOfType.find(declared.value());
    if (found == definitions.kindOfType.end()) {
      report.error(v.typeNode, declared, "declared-type",
                   fmt::format("variable '{}': declaredType \"{}\" is not defined in "
                               "TypeDefinitions",
                               v.name, declared.value()));
    } else if (found->second != baseTypeName(v.type)) {
      report.error(v.typeNode, declared, "declared-type",
                   fmt::format("variable '{}' is {} but its declaredType \"{}\" is {}", v.name,
                               baseTypeName(v.type), declared.value(), found->second));
    }
  }
}

}  // namespace smc::check
