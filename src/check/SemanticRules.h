// The FMI 2.0 rules a schema cannot express (standard section 2.2), run on
// a document that parsed. Each rule has a stable name used in the report;
// the list with the standard's wording is in docs (see the check report).
#pragma once

#include "check/ModelView.h"
#include "check/XmlReporter.h"

#include <string>
#include <string_view>

namespace smc::check {

// guid, a CoSimulation element, unit and type definitions used by name.
void checkDescriptionRules(const ModelView& model, XmlReporter& report);
// Per ScalarVariable: causality/variability/initial, start values, names,
// value references, derivative references.
void checkVariableRules(const ModelView& model, XmlReporter& report);
// ModelStructure: Outputs, Derivatives, InitialUnknowns and dependencies.
void checkStructureRules(const ModelView& model, XmlReporter& report);

// The variable's `initial`, or its default from the causality/variability
// table when absent ("" for inputs, the independent variable and illegal
// combinations).
std::string effectiveInitial(const VariableView& variable);

// Whether `text` can be a modelIdentifier (a C identifier).
bool isModelIdentifier(std::string_view text);

}  // namespace smc::check
