// SSP 1.0 System Structure Description reader; see SsdReader.h. The walk
// follows the document: SystemStructureDescription > System > (Connectors,
// Elements > Component > (Connectors, ParameterBindings), Connections),
// then DefaultExperiment. Rule names in problems start with "ssd-".
// Parameter values are read by ParameterSets.cpp.
#include "ssp/SsdReader.h"

#include "archive/UnpackedArchive.h"
#include "check/XmlReporter.h"
#include "ssp/ParameterSets.h"
#include "ssp/XmlNames.h"

#include <fmt/format.h>
#include <pugixml.hpp>

#include <charconv>
#include <set>

namespace smc::ssp {
namespace {

using check::XmlReporter;

std::optional<double> parseDouble(std::string_view text) {
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

std::optional<ConnectorKind> parseKind(std::string_view text) {
  if (text == "input") return ConnectorKind::Input;
  if (text == "output") return ConnectorKind::Output;
  if (text == "parameter") return ConnectorKind::Parameter;
  if (text == "calculatedParameter") return ConnectorKind::CalculatedParameter;
  if (text == "inout") return ConnectorKind::Inout;
  if (text == "structuralParameter") return ConnectorKind::Structural;
  return std::nullopt;
}

// Elements that only carry presentation or tool data.
bool isDecoration(std::string_view name) {
  return name == "Annotations" || name == "ElementGeometry" || name == "ConnectorGeometry" ||
         name == "ConnectionGeometry" || name == "SystemGeometry" ||
         name == "GraphicalElements" || name == "Units" || name == "Enumerations" ||
         name == "Unit" || name == "Dimension";
}

class Reader {
public:
  Reader(std::string_view text, const std::string& label, std::filesystem::path baseDirectory,
         const SsdReadOptions& options, std::vector<check::Problem>& problems)
      : report_(label, text, problems), base_(std::move(baseDirectory)), options_(options),
        sink_(&problems) {
    if (options_.confinement.root.empty()) {
      options_.confinement.root = base_;
      options_.confinement.rootLabel = base_ == "." ? std::string() : base_.string();
      options_.confinement.rootDescription = "the folder of the SSD";
      options_.confinement.outsideAllowable = true;
    }
  }

  std::optional<SystemDescription> read(const pugi::xml_document& document) {
    pugi::xml_node root = document.document_element();
    if (localName(root) != "SystemStructureDescription") {
      report_.error(root, "ssd-structure",
                    fmt::format("the root element is <{}>, not <ssd:SystemStructureDescription>",
                                root.name()));
      return std::nullopt;
    }
    SystemDescription system;
    system.name = root.attribute("name").value();
    requireAttribute(root, "name");
    std::vector<pugi::xml_node> systems = childrenNamed(root, "System");
    if (systems.size() != 1) {
      report_.error(root, "ssd-structure",
                    fmt::format("a system structure description holds exactly one <ssd:System>, "
                                "this one holds {}",
                                systems.size()));
      return std::nullopt;
    }
    readSystem(systems.front(), system);
    if (pugi::xml_node experiment = childNamed(root, "DefaultExperiment")) {
      system.experiment.startTime = optionalNumber(experiment, "startTime");
      system.experiment.stopTime = optionalNumber(experiment, "stopTime");
    }
    return system;
  }

private:
  Location locate(pugi::xml_node node) const {
    auto [line, column] = report_.position(node);
    return Location{report_.fileLabel(), line, column};
  }

  void requireAttribute(pugi::xml_node node, const char* name) {
    if (!node.attribute(name))
      report_.error(node, "ssd-structure",
                    fmt::format("<{}> needs the attribute '{}'", node.name(), name));
  }

  std::optional<double> optionalNumber(pugi::xml_node node, const char* name) {
    pugi::xml_attribute attribute = node.attribute(name);
    if (!attribute) return std::nullopt;
    std::optional<double> value = parseDouble(attribute.value());
    if (!value)
      report_.error(node, attribute, "ssd-value",
                    fmt::format("'{}' of <{}> is '{}', not a number", name, node.name(),
                                attribute.value()));
    return value;
  }

  void unsupported(pugi::xml_node node, std::string_view what) {
    report_.error(node, "ssd-unsupported", fmt::format("{} not supported yet", what));
  }

  void readSystem(pugi::xml_node node, SystemDescription& system) {
    system.systemName = node.attribute("name").value();
    system.where = locate(node);
    requireAttribute(node, "name");
    for (pugi::xml_node child : node.children()) {
      if (child.type() != pugi::node_element) continue;
      std::string_view name = localName(child);
      if (name == "Connectors") {
        readConnectors(child, system.systemConnectors);
      } else if (name == "Elements") {
        readElements(child, system);
      } else if (name == "Connections") {
        for (pugi::xml_node connection : childrenNamed(child, "Connection"))
          readConnection(connection, system);
      } else if (name == "ParameterBindings") {
        unsupported(child, "parameter bindings of the system itself (bind them to components) are");
      } else if (name == "SignalDictionaries") {
        unsupported(child, "signal dictionaries are");
      } else if (!isDecoration(name)) {
        report_.warning(child, "ssd-unknown-element",
                        fmt::format("<{}> is not part of an ssd:System; ignored", child.name()));
      }
    }
  }

  void readConnectors(pugi::xml_node list, std::vector<Connector>& connectors) {
    std::set<std::string> seen;
    for (pugi::xml_node node : childrenNamed(list, "Connector")) {
      Connector connector;
      connector.name = node.attribute("name").value();
      connector.where = locate(node);
      requireAttribute(node, "name");
      if (!connector.name.empty() && !seen.insert(connector.name).second)
        report_.error(node, node.attribute("name"), "ssd-duplicate-name",
                      fmt::format("a second connector named '{}'", connector.name));
      pugi::xml_attribute kind = node.attribute("kind");
      if (!kind) {
        requireAttribute(node, "kind");
      } else if (std::optional<ConnectorKind> parsed = parseKind(kind.value())) {
        connector.kind = *parsed;
      } else {
        report_.error(node, kind, "ssd-value",
                      fmt::format("unknown connector kind '{}' (expected input, output, "
                                  "parameter, calculatedParameter, inout or structuralParameter)",
                                  kind.value()));
      }
      for (pugi::xml_node child : node.children()) {
        if (child.type() != pugi::node_element) continue;
        if (std::optional<ValueType> type = parseType(localName(child))) connector.type = type;
      }
      connectors.push_back(std::move(connector));
    }
  }

  void readElements(pugi::xml_node list, SystemDescription& system) {
    std::set<std::string> seen;
    for (pugi::xml_node node : list.children()) {
      if (node.type() != pugi::node_element) continue;
      std::string_view name = localName(node);
      if (name == "System") {
        unsupported(node, "nested systems are");
        continue;
      }
      if (name == "SignalDictionaryReference") {
        unsupported(node, "signal dictionary references are");
        continue;
      }
      if (name != "Component") {
        if (!isDecoration(name))
          report_.warning(node, "ssd-unknown-element",
                          fmt::format("<{}> is not an element of a system; ignored", node.name()));
        continue;
      }
      Component component;
      if (!readComponent(node, component)) continue;
      if (!seen.insert(component.name).second) {
        report_.error(node, node.attribute("name"), "ssd-duplicate-name",
                      fmt::format("a second component named '{}'", component.name));
        continue;
      }
      system.components.push_back(std::move(component));
    }
  }

  bool readComponent(pugi::xml_node node, Component& component) {
    component.name = node.attribute("name").value();
    component.source = node.attribute("source").value();
    component.where = locate(node);
    requireAttribute(node, "name");
    requireAttribute(node, "source");
    if (component.name.empty() || component.source.empty()) return false;
    if (pugi::xml_attribute type = node.attribute("type")) {
      std::string_view text = type.value();
      if (text != "application/x-fmu-sharedlibrary") {
        report_.error(node, type, "ssd-unsupported",
                      fmt::format("component '{}' has type '{}'; only FMUs "
                                  "(application/x-fmu-sharedlibrary) are supported",
                                  component.name, text));
        return false;
      }
    }
    if (pugi::xml_attribute implementation = node.attribute("implementation")) {
      if (std::string_view(implementation.value()) == "ModelExchange") {
        report_.error(node, implementation, "ssd-unsupported",
                      fmt::format("component '{}' asks for Model Exchange; smc cosim runs "
                                  "Co-Simulation FMUs only",
                                  component.name));
        return false;
      }
    }
    importer::Result<ResolvedSource> resolved =
        resolveSource(component.source, base_, options_.confinement);
    if (!resolved) {
      report_.error(node, node.attribute("source"), "ssd-source-outside",
                    fmt::format("component '{}': {}", component.name, resolved.error().message));
      return false;
    }
    component.resolvedSource = resolved->path;
    component.sourceLabel = resolved->label;
    for (pugi::xml_node child : node.children()) {
      if (child.type() != pugi::node_element) continue;
      std::string_view name = localName(child);
      if (name == "Connectors") {
        readConnectors(child, component.connectors);
      } else if (name == "ParameterBindings") {
        for (pugi::xml_node binding : childrenNamed(child, "ParameterBinding"))
          readBinding(binding, component);
      } else if (!isDecoration(name)) {
        report_.warning(child, "ssd-unknown-element",
                        fmt::format("<{}> is not part of a component; ignored", child.name()));
      }
    }
    return true;
  }

  void readBinding(pugi::xml_node binding, Component& component) {
    if (pugi::xml_attribute type = binding.attribute("type");
        type && std::string_view(type.value()) != "application/x-ssp-parameter-set") {
      report_.error(binding, type, "ssd-unsupported",
                    fmt::format("parameter bindings of type '{}' are not supported (only "
                                "application/x-ssp-parameter-set)",
                                type.value()));
      return;
    }
    if (pugi::xml_node mapping = childNamed(binding, "ParameterMapping")) {
      unsupported(mapping, "parameter mappings are");
      return;
    }
    std::string prefix = binding.attribute("prefix").value();
    pugi::xml_attribute source = binding.attribute("source");
    pugi::xml_node inlineValues = childNamed(binding, "ParameterValues");
    if (source && inlineValues) {
      report_.error(binding, source, "ssd-structure",
                    "a parameter binding has either a 'source' or inline <ssd:ParameterValues>, "
                    "not both");
      return;
    }
    if (inlineValues) {
      pugi::xml_node set = childNamed(inlineValues, "ParameterSet");
      if (!set) {
        report_.error(inlineValues, "ssd-structure",
                      "<ssd:ParameterValues> must contain an <ssv:ParameterSet>");
        return;
      }
      readParameterSet(set, report_, prefix, component.parameters);
      return;
    }
    if (!source) {
      report_.error(binding, "ssd-structure",
                    "a parameter binding needs a 'source' (.ssv file) or inline "
                    "<ssd:ParameterValues>");
      return;
    }
    readParameterFile(binding, source, prefix, component);
  }

  void readParameterFile(pugi::xml_node binding, pugi::xml_attribute source,
                         const std::string& prefix, Component& component) {
    importer::Result<ResolvedSource> resolved =
        resolveSource(source.value(), base_, options_.confinement);
    if (!resolved) {
      report_.error(binding, source, "ssd-source-outside",
                    fmt::format("parameter values: {}", resolved.error().message));
      return;
    }
    importer::Result<std::string> text =
        archive::readBoundedFile(resolved->path, options_.maxXmlBytes, fmt::format("'{}'", resolved->label));
    if (!text) {
      report_.error(binding, source, "ssd-missing-file",
                    fmt::format("cannot read the parameter values: {}", text.error().message));
      return;
    }
    readParameterSetText(*text, resolved->label, prefix, component.parameters, *sink_);
  }

  void readConnection(pugi::xml_node node, SystemDescription& system) {
    Connection connection;
    connection.start = {node.attribute("startElement").value(),
                        node.attribute("startConnector").value()};
    connection.end = {node.attribute("endElement").value(), node.attribute("endConnector").value()};
    connection.where = locate(node);
    requireAttribute(node, "startConnector");
    requireAttribute(node, "endConnector");
    if (connection.start.connector.empty() || connection.end.connector.empty()) return;
    for (pugi::xml_node child : node.children()) {
      if (child.type() != pugi::node_element) continue;
      std::string_view name = localName(child);
      if (name == "LinearTransformation") {
        connection.transformed = true;
        connection.factor = optionalNumber(child, "factor").value_or(1.0);
        connection.offset = optionalNumber(child, "offset").value_or(0.0);
      } else if (name == "BooleanMappingTransformation" ||
                 name == "IntegerMappingTransformation" ||
                 name == "EnumerationMappingTransformation") {
        unsupported(child, fmt::format("<{}> is", child.name()));
      }
    }
    system.connections.push_back(std::move(connection));
  }

  XmlReporter report_;
  std::filesystem::path base_;
  SsdReadOptions options_;
  std::vector<check::Problem>* sink_;
};

}  // namespace

SsdReadResult parseSsd(std::string_view text, const std::string& label,
                       const std::filesystem::path& baseDirectory, const SsdReadOptions& options) {
  SsdReadResult result;
  pugi::xml_document document;
  pugi::xml_parse_result parsed = document.load_buffer(text.data(), text.size());
  if (!parsed) {
    XmlReporter report(label, text, result.problems);
    report.errorAtOffset(static_cast<std::size_t>(std::max<std::ptrdiff_t>(parsed.offset, 0)),
                         "ssd-well-formed",
                         fmt::format("the system description is not well-formed XML: {}",
                                     parsed.description()));
    return result;
  }
  Reader reader(text, label, baseDirectory, options, result.problems);
  std::optional<SystemDescription> system = reader.read(document);
  bool failed = false;
  for (const check::Problem& problem : result.problems)
    failed = failed || problem.severity == check::Severity::Error;
  if (!failed) result.system = std::move(system);
  return result;
}

SsdReadResult readSsd(const std::filesystem::path& path, const std::string& label,
                      const SsdReadOptions& options) {
  const std::string name = label.empty() ? path.string() : label;
  importer::Result<std::string> text =
      archive::readBoundedFile(path, options.maxXmlBytes, fmt::format("'{}'", name));
  if (!text) {
    SsdReadResult result;
    check::Problem problem;
    problem.rule = "ssd-missing-file";
    problem.file = name;
    problem.message = fmt::format("cannot read the system description: {}", text.error().message);
    result.problems.push_back(std::move(problem));
    return result;
  }
  std::filesystem::path base = path.parent_path();
  if (base.empty()) base = ".";
  return parseSsd(*text, name, base, options);
}

}  // namespace smc::ssp
