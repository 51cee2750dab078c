// ModelStructure rules (FMI 2.0 section 2.2.8). Every <Unknown> names a
// variable by its 1-based index in ModelVariables:
//   structure-index      - index and dependencies are in range
//   structure-duplicate  - a variable is listed twice in one list
//   structure-order      - (warning) the list is not in ascending index order
//   structure-dependencies - dependenciesKind has one entry per dependency
//   structure-output     - Outputs lists exactly the causality="output" variables
//   output-dependency-kind - an output's dependencies name only knowns:
//                          inputs, continuous states (what a `derivative`
//                          attribute points at) and the independent variable
//   structure-derivative - Derivatives lists Real variables with a
//                          `derivative` attribute (warning for one not listed)
//   structure-initial-unknown - InitialUnknowns lists exactly the outputs
//                          with initial approx/calculated, the calculated
//                          parameters, and the states and state derivatives
//                          with initial approx/calculated. A missing
//                          InitialUnknowns element is a warning only: it tells
//                          the importer nothing wrong, just nothing at all.
#include "check/SemanticRules.h"

#include <fmt/format.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace smc::check {
namespace {

struct ListedUnknown {
  pugi::xml_node node;
  const VariableView* variable;  // nullptr when the index is out of range
};

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> result;
  std::istringstream stream{std::string(text)};
  for (std::string word; stream >> word;) result.push_back(word);
  return result;
}

// Range, duplicate, order and dependency checks common to the three lists.
std::vector<ListedUnknown> readList(const ModelView& model, pugi::xml_node list,
                                    XmlReporter& report) {
  std::vector<ListedUnknown> listed;
  std::set<std::uint32_t> seen;
  std::uint32_t previous = 0;
  bool warnedOrder = false;
  for (pugi::xml_node unknown : list.children("Unknown")) {
    pugi::xml_attribute indexAttribute = unknown.attribute("index");
    std::optional<std::uint32_t> index = parseUnsigned(indexAttribute.value());
    if (!index) continue;  // missing or malformed: the schema check reported it
    const VariableView* variable = model.byIndex(*index);
    if (variable == nullptr) {
      report.error(unknown, indexAttribute, "structure-index",
                   fmt::format("<{}> lists index {}, which is not the index of a variable (1 to {})",
                               list.name(), *index, model.variables.size()));
    }
    if (!seen.insert(*index).second) {
      report.error(unknown, indexAttribute, "structure-duplicate",
                   fmt::format("<{}> lists variable {} twice", list.name(), *index));
    } else if (*index < previous && !warnedOrder) {
      report.warning(unknown, indexAttribute, "structure-order",
                     fmt::format("<{}> should list its unknowns in ascending index order",
                                 list.name()));
      warnedOrder = true;
    }
    previous = std::max(previous, *index);
    listed.push_back({unknown, variable});

    pugi::xml_attribute dependencies = unknown.attribute("dependencies");
    std::vector<std::string> dependencyWords = words(dependencies.value());
    for (const std::string& word : dependencyWords) {
      std::optional<std::uint32_t> dependency = parseUnsigned(word);
      if (dependency && model.byIndex(*dependency) == nullptr) {
        report.error(unknown, dependencies, "structure-index",
                     fmt::format("dependency {} is not the index of a variable (1 to {})",
                                 *dependency, model.variables.size()));
      }
    }
    if (pugi::xml_attribute kinds = unknown.attribute("dependenciesKind")) {
      std::size_t kindCount = words(kinds.value()).size();
      if (!dependencies || kindCount != dependencyWords.size()) {
        report.error(unknown, kinds, "structure-dependencies",
                     fmt::format("dependenciesKind has {} entries but dependencies has {}",
                                 kindCount, dependencyWords.size()));
      }
    }
  }
  return listed;
}

// The continuous states: the variables a `derivative` attribute points at.
std::set<const VariableView*> statesOf(const ModelView& model) {
  std::set<const VariableView*> states;
  for (const VariableView& v : model.variables) {
    if (v.type != BaseType::Real || !v.derivative) continue;
    if (const VariableView* state = model.byIndex(*v.derivative)) states.insert(state);
  }
  return states;
}

// FMI 2.0 section 2.2.8: the knowns of Outputs are the inputs, the
// continuous states and the independent variable; a master that orders
// its FMUs by these lists would misread any other variable. Indices out of
// range, and causalities that are not FMI words, were reported elsewhere.
void checkOutputDependencies(const ModelView& model, const ListedUnknown& entry,
                             const std::set<const VariableView*>& states, XmlReporter& report) {
  static const std::set<std::string> kNotKnowns{"parameter", "calculatedParameter", "output",
                                                "local"};
  pugi::xml_attribute dependencies = entry.node.attribute("dependencies");
  for (const std::string& word : words(dependencies.value())) {
    std::optional<std::uint32_t> index = parseUnsigned(word);
    const VariableView* known = index ? model.byIndex(*index) : nullptr;
    if (known == nullptr || states.contains(known) || !kNotKnowns.contains(known->causality))
      continue;
    report.error(entry.node, dependencies, "output-dependency-kind",
                 fmt::format("output '{}' lists dependency {} ('{}', causality \"{}\"), which is "
                             "neither an input, a continuous state nor the independent variable",
                             entry.variable->name, known->index, known->name, known->causality));
  }
}

void checkOutputs(const ModelView& model, pugi::xml_node structure, XmlReporter& report) {
  pugi::xml_node outputs = structure.child("Outputs");
  std::set<const VariableView*> listed;
  std::set<const VariableView*> states = statesOf(model);
  for (const ListedUnknown& entry : readList(model, outputs, report)) {
    if (entry.variable == nullptr) continue;
    listed.insert(entry.variable);
    checkOutputDependencies(model, entry, states, report);
    if (entry.variable->causality != "output") {
      report.error(entry.node, entry.node.attribute("index"), "structure-output",
                   fmt::format("<Outputs> lists variable {} ('{}'), whose causality is \"{}\", "
                               "not \"output\"",
                               entry.variable->index, entry.variable->name,
                               entry.variable->causality));
    }
  }
  for (const VariableView& v : model.variables) {
    if (v.causality == "output" && !listed.contains(&v)) {
      report.error(v.node, "structure-output",
                   fmt::format("output '{}' (variable {}) is missing from "
                               "<ModelStructure><Outputs>",
                               v.name, v.index));
    }
  }
}

void checkDerivatives(const ModelView& model, pugi::xml_node structure, XmlReporter& report) {
  std::set<const VariableView*> listed;
  for (const ListedUnknown& entry : readList(model, structure.child("Derivatives"), report)) {
    const VariableView* v = entry.variable;
    if (v == nullptr) continue;
    listed.insert(v);
    if (v->type != BaseType::Real || !v->derivative) {
      report.error(entry.node, entry.node.attribute("index"), "structure-derivative",
                   fmt::format("<Derivatives> lists variable {} ('{}'), which is not a Real "
                               "variable with a `derivative` attribute",
                               v->index, v->name));
    }
  }
  for (const VariableView& v : model.variables) {
    if (v.type == BaseType::Real && v.derivative && !listed.contains(&v)) {
      report.warning(v.node, "structure-derivative",
                     fmt::format("'{}' has a `derivative` attribute but is not listed in "
                                 "<ModelStructure><Derivatives>",
                                 v.name));
    }
  }
}

// State derivatives are recognized by their `derivative` attribute and
// states as what it points at, not by the Derivatives list, so that one
// mistake in that list is not reported again here.
void checkInitialUnknowns(const ModelView& model, pugi::xml_node structure,
                          XmlReporter& report) {
  std::set<const VariableView*> states = statesOf(model);
  std::set<const VariableView*> derivatives;
  for (const VariableView& v : model.variables)
    if (v.type == BaseType::Real && v.derivative) derivatives.insert(&v);
  auto mustBeListed = [&](const VariableView& v) {
    std::string initial = effectiveInitial(v);
    bool computed = initial == "approx" || initial == "calculated";
    if (v.causality == "calculatedParameter") return true;
    if (v.causality == "output" && computed) return true;
    return computed && (states.contains(&v) || derivatives.contains(&v));
  };
  pugi::xml_node list = structure.child("InitialUnknowns");
  std::set<const VariableView*> listed;
  for (const ListedUnknown& entry : readList(model, list, report)) {
    if (entry.variable == nullptr) continue;
    listed.insert(entry.variable);
    if (!mustBeListed(*entry.variable)) {
      report.error(entry.node, entry.node.attribute("index"), "structure-initial-unknown",
                   fmt::format("<InitialUnknowns> lists variable {} ('{}'), which is neither a "
                               "calculated parameter nor an output, state or state derivative "
                               "with initial approx or calculated",
                               entry.variable->index, entry.variable->name));
    }
  }
  for (const VariableView& v : model.variables) {
    if (!mustBeListed(v) || listed.contains(&v)) continue;
    std::string message = fmt::format("'{}' (variable {}) is computed during initialization "
                                      "but missing from <ModelStructure><InitialUnknowns>",
                                      v.name, v.index);
    if (list) {
      report.error(v.node, "structure-initial-unknown", std::move(message));
    } else {
      report.warning(v.node, "structure-initial-unknown", std::move(message));
    }
  }
}

}  // namespace

void checkStructureRules(const ModelView& model, XmlReporter& report) {
  pugi::xml_node structure = model.root.child("ModelStructure");
  if (!structure) return;  // the schema check reported it
  checkOutputs(model, structure, report);
  checkDerivatives(model, structure, report);
  checkInitialUnknowns(model, structure, report);
}

}  // namespace smc::check
