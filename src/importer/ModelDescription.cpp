// Parses modelDescription.xml with pugixml; see ModelDescription.h. Only
// FMI 2.0 Co-Simulation descriptions are accepted: the importer runs
// nothing else.
#include "importer/ModelDescription.h"

#include "archive/UnpackedArchive.h"
#include "importer/ModelVariables.h"
#include "importer/TextValues.h"
#include "importer/XmlContext.h"

#include <algorithm>
#include <utility>

namespace smc::importer {

const char* toString(Causality causality) {
  switch (causality) {
  case Causality::Parameter: return "parameter";
  case Causality::CalculatedParameter: return "calculatedParameter";
  case Causality::Input: return "input";
  case Causality::Output: return "output";
  case Causality::Local: return "local";
  case Causality::Independent: return "independent";
  }
  return "?";
}

const char* toString(Variability variability) {
  switch (variability) {
  case Variability::Constant: return "constant";
  case Variability::Fixed: return "fixed";
  case Variability::Tunable: return "tunable";
  case Variability::Discrete: return "discrete";
  case Variability::Continuous: return "continuous";
  }
  return "?";
}

const char* toString(Initial initial) {
  switch (initial) {
  case Initial::None: return "none";
  case Initial::Exact: return "exact";
  case Initial::Approx: return "approx";
  case Initial::Calculated: return "calculated";
  }
  return "?";
}

const char* toString(VariableType type) {
  switch (type) {
  case VariableType::Real: return "Real";
  case VariableType::Integer: return "Integer";
  case VariableType::Boolean: return "Boolean";
  case VariableType::String: return "String";
  case VariableType::Enumeration: return "Enumeration";
  }
  return "?";
}

const ScalarVariable* ModelDescription::find(std::string_view name) const {
  for (const ScalarVariable& variable : variables) {
    if (variable.name == name) return &variable;
  }
  return nullptr;
}

namespace {

Result<std::string> requiredAttribute(pugi::xml_node node, const char* name,
                                      const XmlContext& context) {
  pugi::xml_attribute attribute = node.attribute(name);
  if (!attribute || *attribute.value() == '\0') {
    return context.error(node, "<{}> has no {} attribute", node.name(), name);
  }
  return std::string(attribute.value());
}

Result<std::optional<double>> optionalReal(pugi::xml_node node, const char* name,
                                           const XmlContext& context) {
  pugi::xml_attribute attribute = node.attribute(name);
  if (!attribute) return std::optional<double>();
  std::optional<double> value = parseReal(attribute.value());
  if (!value) {
    return context.error(node, "<{}>: {}='{}' is not a number", node.name(), name,
                         attribute.value());
  }
  return value;
}

Result<void> parseCoSimulation(pugi::xml_node root, const XmlContext& context,
                               ModelDescription& md) {
  pugi::xml_node cs = root.child("CoSimulation");
  if (!cs) {
    const char* hint = root.child("ModelExchange") ? " (it is a Model Exchange FMU)" : "";
    return context.error(root,
                         "the FMU does not support Co-Simulation: no <CoSimulation> "
                         "element{}; smc simulates Co-Simulation FMUs only",
                         hint);
  }
  Result<std::string> identifier = requiredAttribute(cs, "modelIdentifier", context);
  if (!identifier) return identifier.error();
  md.modelIdentifier = std::move(identifier).value();
  for (auto [name, flag] : {std::pair{"canHandleVariableCommunicationStepSize", &md.canHandleVariableCommunicationStepSize},
                             std::pair{"canGetAndSetFMUstate", &md.canGetAndSetFMUstate},
                             std::pair{"canSerializeFMUstate", &md.canSerializeFMUstate}}) {
    pugi::xml_attribute a = cs.attribute(name);
    if (!a) continue;
    std::optional<bool> value = parseBoolean(a.value());
    if (!value) return context.error(cs, "{}='{}' is not a boolean", name, a.value());
    *flag = *value;
  }
  return {};
}

Result<void> parseDefaultExperiment(pugi::xml_node root, const XmlContext& context,
                                    DefaultExperiment& experiment) {
  pugi::xml_node node = root.child("DefaultExperiment");
  if (!node) return {};
  struct Field {
    const char* name;
    std::optional<double>* target;
  };
  for (Field field : {Field{"startTime", &experiment.startTime},
                      Field{"stopTime", &experiment.stopTime},
                      Field{"tolerance", &experiment.tolerance},
                      Field{"stepSize", &experiment.stepSize}}) {
    Result<std::optional<double>> value = optionalReal(node, field.name, context);
    if (!value) return value.error();
    *field.target = *value;
  }
  return {};
}

// `dependencies` of an <Unknown>: white-space separated 1-based indices
// (FMI 2.0 section 2.2.8), returned 0-based; nullopt when absent.
Result<std::optional<std::vector<std::size_t>>> parseDependencies(pugi::xml_node unknown,
                                                                  const XmlContext& context,
                                                                  std::size_t variableCount) {
  pugi::xml_attribute attribute = unknown.attribute("dependencies");
  if (!attribute) return std::optional<std::vector<std::size_t>>();
  std::vector<std::size_t> indices;
  std::istringstream words(attribute.value());
  std::string word;
  while (words >> word) {
    std::optional<unsigned int> index = parseUnsigned(word);
    if (!index) {
      return context.error(unknown,
                           "<Unknown index='{}'>: dependencies='{}' holds '{}', which is not a "
                           "variable index",
                           unknown.attribute("index").value(), attribute.value(), word);
    }
    if (*index == 0 || *index > variableCount) {
      return context.error(unknown,
                           "<Unknown index='{}'>: dependency {} does not name a variable (the "
                           "model has {} variables, numbered from 1)",
                           unknown.attribute("index").value(), *index, variableCount);
    }
    indices.push_back(*index - 1);
  }
  return std::optional<std::vector<std::size_t>>(std::move(indices));
}

Result<void> parseOutputs(pugi::xml_node root, const XmlContext& context,
                          ModelDescription& md) {
  pugi::xml_node outputs = root.child("ModelStructure").child("Outputs");
  for (pugi::xml_node unknown : outputs.children("Unknown")) {
    std::optional<unsigned int> index = parseUnsigned(unknown.attribute("index").value());
    if (!index || *index == 0 || *index > md.variables.size()) {
      return context.error(unknown,
                           "<Unknown index='{}'> in <Outputs> does not name a variable (the "
                           "model has {} variables, numbered from 1)",
                           unknown.attribute("index").value(), md.variables.size());
    }
    md.outputs.push_back(*index - 1);
    Result<std::optional<std::vector<std::size_t>>> dependencies =
        parseDependencies(unknown, context, md.variables.size());
    if (!dependencies) return dependencies.error();
    md.outputDependencies.push_back(std::move(dependencies).value());
  }
  return {};
}

}  // namespace

Result<ModelDescription> parseModelDescription(std::string_view xml, std::string_view origin) {
  XmlContext context{origin, xml};
  pugi::xml_document document;
  pugi::xml_parse_result parsed = document.load_buffer(xml.data(), xml.size());
  if (!parsed) {
    std::size_t line =
        1 + static_cast<std::size_t>(std::count(
                xml.begin(), xml.begin() + std::min<std::size_t>(parsed.offset, xml.size()),
                '\n'));
    return Error{fmt::format("{}:{}: malformed XML: {}", origin, line, parsed.description())};
  }
  pugi::xml_node root = document.document_element();
  if (std::string_view(root.name()) != "fmiModelDescription") {
    return context.error(root, "the root element is <{}>, expected <fmiModelDescription>",
                         root.name());
  }

  ModelDescription md;
  Result<std::string> version = requiredAttribute(root, "fmiVersion", context);
  if (!version) return version.error();
  md.fmiVersion = std::move(version).value();
  if (md.fmiVersion != "2.0") {
    return context.error(root, "fmiVersion is '{}': smc imports FMI 2.0 FMUs only",
                         md.fmiVersion);
  }
  Result<std::string> name = requiredAttribute(root, "modelName", context);
  if (!name) return name.error();
  md.modelName = std::move(name).value();
  Result<std::string> guid = requiredAttribute(root, "guid", context);
  if (!guid) return guid.error();
  md.guid = std::move(guid).value();

  if (Result<void> cs = parseCoSimulation(root, context, md); !cs) return cs.error();
  if (Result<void> experiment = parseDefaultExperiment(root, context, md.defaultExperiment);
      !experiment) {
    return experiment.error();
  }
  Result<std::vector<ScalarVariable>> variables =
      parseModelVariables(root.child("ModelVariables"), context);
  if (!variables) return variables.error();
  md.variables = std::move(variables).value();
  if (Result<void> outputs = parseOutputs(root, context, md); !outputs) return outputs.error();
  return md;
}

Result<ModelDescription> loadModelDescription(const std::filesystem::path& path,
                                              std::uint64_t maxBytes) {
  Result<std::string> text = archive::readBoundedFile(path, maxBytes, fmt::format("'{}'", path.string()));
  if (!text) return text.error();
  return parseModelDescription(*text, path.filename().string());
}

}  // namespace smc::importer
