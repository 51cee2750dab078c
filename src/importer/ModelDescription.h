// What the importer needs from an FMU's modelDescription.xml (FMI 2.0
// section 2.2 for the common schema, 4.3.1 for the CoSimulation element).
// Attributes are stored with the spec's defaults already applied (section
// 2.2.7), so later code never re-derives "initial" from causality and
// variability.
#pragma once

#include "archive/ArchiveLimits.h"
#include "importer/Fmi2Api.h"
#include "importer/Result.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smc::importer {

enum class Causality { Parameter, CalculatedParameter, Input, Output, Local, Independent };
enum class Variability { Constant, Fixed, Tunable, Discrete, Continuous };
// None: the attribute does not apply (inputs, the independent variable).
enum class Initial { None, Exact, Approx, Calculated };
enum class VariableType { Real, Integer, Boolean, String, Enumeration };

const char* toString(Causality causality);
const char* toString(Variability variability);
const char* toString(Initial initial);
const char* toString(VariableType type);

struct ScalarVariable {
  std::string name;
  fmi2::ValueReference valueReference = 0;
  std::string description;
  Causality causality = Causality::Local;
  Variability variability = Variability::Continuous;
  Initial initial = Initial::Calculated;
  VariableType type = VariableType::Real;
  std::optional<std::string> start;        // as written; validated against `type`
  std::optional<std::size_t> derivativeOf;  // 0-based index of the state, Real only
};

struct DefaultExperiment {
  std::optional<double> startTime;
  std::optional<double> stopTime;
  std::optional<double> tolerance;
  std::optional<double> stepSize;
};

struct ModelDescription {
  std::string fmiVersion;
  std::string modelName;
  std::string guid;
  std::string modelIdentifier;  // of the CoSimulation element
  bool canHandleVariableCommunicationStepSize = false;
  bool canGetAndSetFMUstate = false;
  bool canSerializeFMUstate = false;
  DefaultExperiment defaultExperiment;
  std::vector<ScalarVariable> variables;  // document order
  std::vector<std::size_t> outputs;       // ModelStructure/Outputs, 0-based indices
  // Parallel to `outputs`: the `dependencies` of each output (0-based
  // indices of the knowns it depends on directly, as written), or nullopt
  // when the attribute is absent, which FMI 2.0 (section 2.2.8) defines as
  // depending on every known.
  std::vector<std::optional<std::vector<std::size_t>>> outputDependencies;

  const ScalarVariable* find(std::string_view name) const;
};

// `origin` names the document in messages ("modelDescription.xml").
Result<ModelDescription> parseModelDescription(std::string_view xml,
                                               std::string_view origin = "modelDescription.xml");
// Reads a file of at most `maxBytes` and parses it.
Result<ModelDescription> loadModelDescription(const std::filesystem::path& path,
                                              std::uint64_t maxBytes = archive::ArchiveLimits{}.maxXmlBytes);

}  // namespace smc::importer
