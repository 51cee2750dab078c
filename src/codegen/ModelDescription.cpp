// Writes modelDescription.xml (see ModelDescription.h). Element order
// follows the FMI 2.0 schema: CoSimulation, UnitDefinitions, LogCategories,
// DefaultExperiment, VendorAnnotations, ModelVariables, ModelStructure. ScalarVariables appear
// in layout order, so a variable's 1-based position is VarInfo::index, the
// number the derivative attribute and ModelStructure refer to.
// Outputs carry `dependencies` (causalize/Dependencies.h: the inputs and
// states each output sees without a doStep) and no `dependenciesKind`,
// which then means "dependent", always true. Derivatives and
// InitialUnknowns omit `dependencies`, which FMI 2.0 defines as "depends on
// every known". Hidden variables (see Layout.h) appear nowhere.
#include "codegen/ModelDescription.h"

#include "causalize/Dependencies.h"
#include "fmi/StructuredName.h"

#include "codegen/LogCategories.h"

#include <pugixml.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>

namespace smc::codegen {

std::string formatXmlDouble(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "INF" : "-INF";
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

namespace {

void setNumber(pugi::xml_node node, const char* name, double value) {
  node.append_attribute(name) = formatXmlDouble(value).c_str();
}

// "structured" (FMI 2.0 section 2.2.9) lets importers show the names as a
// tree; it holds unless a listed name breaks its grammar, as the state
// flags `activeState(<path>)` do, and then the honest convention is "flat".
const char* namingConvention(const causal::CausalModel& model, const Layout& layout) {
  for (const VarInfo& info : layout.vars)
    if (!info.hidden && !fmi::isStructuredName(model.flat.variables[info.id].name)) return "flat";
  return "structured";
}

void writeHeader(pugi::xml_node root, const causal::CausalModel& model, const Layout& layout,
                 const std::string& guid) {
  root.append_attribute("fmiVersion") = "2.0";
  root.append_attribute("modelName") = model.flat.name.c_str();
  root.append_attribute("guid") = guid.c_str();
  if (!model.flat.description.empty())
    root.append_attribute("description") = model.flat.description.c_str();
  root.append_attribute("generationTool") = "smc " SMC_VERSION;
  root.append_attribute("variableNamingConvention") = namingConvention(model, layout);
  // Zero crossings are what a Model Exchange importer would watch; a
  // Co-Simulation importer may ignore the number.
  root.append_attribute("numberOfEventIndicators") =
      static_cast<unsigned long long>(model.zeroCrossings.size());
}

void writeCoSimulation(pugi::xml_node root, const std::string& modelIdentifier) {
  pugi::xml_node cs = root.append_child("CoSimulation");
  cs.append_attribute("modelIdentifier") = modelIdentifier.c_str();
  cs.append_attribute("canHandleVariableCommunicationStepSize") = "true";
  cs.append_attribute("canInterpolateInputs") = "false";
  cs.append_attribute("canGetAndSetFMUstate") = "true";
  cs.append_attribute("canSerializeFMUstate") = "true";
}

void writeUnits(pugi::xml_node root, const causal::CausalModel& model, const Layout& layout) {
  std::set<std::string> units;  // sorted: a fixed order
  for (const VarInfo& info : layout.vars) {
    const std::string& unit = model.flat.variables[info.id].attributes.unit;
    if (info.type == flat::BaseType::Real && !unit.empty() && !info.hidden) units.insert(unit);
  }
  if (units.empty()) return;
  pugi::xml_node definitions = root.append_child("UnitDefinitions");
  for (const std::string& unit : units)
    definitions.append_child("Unit").append_attribute("name") = unit.c_str();
}

void writeLogCategories(pugi::xml_node root) {
  pugi::xml_node categories = root.append_child("LogCategories");
  for (const LogCategory& category : kLogCategories) {
    pugi::xml_node node = categories.append_child("Category");
    node.append_attribute("name") = category.name;
    node.append_attribute("description") = category.description;
  }
}

// The static libraries of external functions linked into the binary, by
// file name (no path of the machine that compiled it), for `smc check`:
// <Tool name="smc"><ExternalLibraries><Library file="libx.a"/>...; one smc
// compiled from C sources is <Library file="libName.a" from="C sources"/>.
void writeExternalLibraries(pugi::xml_node root, const flat::FlatModel& model) {
  if (model.externalLibraries.empty() && model.sourceLibraries.empty()) return;
  pugi::xml_node tool = root.append_child("VendorAnnotations").append_child("Tool");
  tool.append_attribute("name") = "smc";
  pugi::xml_node list = tool.append_child("ExternalLibraries");
  for (const std::string& path : model.externalLibraries)
    list.append_child("Library").append_attribute("file") = std::filesystem::path(path).filename().string().c_str();
  for (const flat::SourceLibrary& library : model.sourceLibraries) {
    pugi::xml_node node = list.append_child("Library");
    node.append_attribute("file") = ("lib" + library.name + ".a").c_str();
    node.append_attribute("from") = "C sources";
  }
}

void writeDefaultExperiment(pugi::xml_node root, const flat::Experiment& e) {
  if (!e.startTime && !e.stopTime && !e.tolerance && !e.interval) return;
  pugi::xml_node node = root.append_child("DefaultExperiment");
  if (e.startTime) setNumber(node, "startTime", *e.startTime);
  if (e.stopTime) setNumber(node, "stopTime", *e.stopTime);
  if (e.tolerance) setNumber(node, "tolerance", *e.tolerance);
  if (e.interval) setNumber(node, "stepSize", *e.interval);
}

void writeTypeElement(pugi::xml_node sv, const VarInfo& info, const flat::Variable& v) {
  switch (info.type) {
    case flat::BaseType::Real: {
      pugi::xml_node real = sv.append_child("Real");
      if (!v.attributes.quantity.empty())
        real.append_attribute("quantity") = v.attributes.quantity.c_str();
      if (!v.attributes.unit.empty()) real.append_attribute("unit") = v.attributes.unit.c_str();
      if (info.min) setNumber(real, "min", *info.min);
      if (info.max) setNumber(real, "max", *info.max);
      if (info.nominal) setNumber(real, "nominal", *info.nominal);
      if (info.startInXml) setNumber(real, "start", info.start.real);
      if (info.derivativeOf) real.append_attribute("derivative") = *info.derivativeOf;
      return;
    }
    case flat::BaseType::Integer: {
      pugi::xml_node integer = sv.append_child("Integer");
      if (!v.attributes.quantity.empty())
        integer.append_attribute("quantity") = v.attributes.quantity.c_str();
      // Integer bounds are written only when they are whole numbers.
      if (info.min && std::trunc(*info.min) == *info.min)
        integer.append_attribute("min") = static_cast<long long>(*info.min);
      if (info.max && std::trunc(*info.max) == *info.max)
        integer.append_attribute("max") = static_cast<long long>(*info.max);
      if (info.startInXml) integer.append_attribute("start") = info.start.integer;
      return;
    }
    case flat::BaseType::Boolean: {
      pugi::xml_node boolean = sv.append_child("Boolean");
      if (info.startInXml)
        boolean.append_attribute("start") = info.start.boolean ? "true" : "false";
      return;
    }
    case flat::BaseType::String: {
      pugi::xml_node text = sv.append_child("String");
      if (info.startInXml) text.append_attribute("start") = info.start.text.c_str();
      return;
    }
    case flat::BaseType::Clock: return;           // rejected by buildLayout
    case flat::BaseType::ExternalObject: return;  // hidden (Layout.cpp)
  }
}

void writeModelVariables(pugi::xml_node root, const causal::CausalModel& model,
                         const Layout& layout) {
  pugi::xml_node variables = root.append_child("ModelVariables");
  for (const VarInfo& info : layout.vars) {
    if (info.hidden) continue;
    const flat::Variable& v = model.flat.variables[info.id];
    pugi::xml_node sv = variables.append_child("ScalarVariable");
    sv.append_attribute("name") = v.name.c_str();
    sv.append_attribute("valueReference") = info.valueReference;
    if (!v.description.empty()) sv.append_attribute("description") = v.description.c_str();
    sv.append_attribute("causality") = toString(info.causality);
    sv.append_attribute("variability") = toString(info.variability);
    if (info.initial != FmiInitial::None) sv.append_attribute("initial") = toString(info.initial);
    writeTypeElement(sv, info, v);
  }
}

void writeUnknowns(pugi::xml_node parent, const char* name, const std::vector<uint32_t>& indices) {
  if (indices.empty()) return;
  pugi::xml_node list = parent.append_child(name);
  for (uint32_t index : indices) list.append_child("Unknown").append_attribute("index") = index;
}

// Outputs with their dependencies as ascending ScalarVariable indices
// (FMI 2.0 section 2.2.8); "" when an output depends on no known. A hidden
// known has no index to list: the output then keeps the attribute absent
// ("depends on every known"), which over-approximates safely.
void writeOutputs(pugi::xml_node parent, const causal::CausalModel& model, const Layout& layout,
                  const std::vector<flat::VarId>& outputs) {
  if (outputs.empty()) return;
  std::vector<std::vector<flat::VarId>> dependencies = causal::knownDependencies(model, outputs);
  pugi::xml_node list = parent.append_child("Outputs");
  for (size_t i = 0; i < outputs.size(); ++i) {
    pugi::xml_node unknown = list.append_child("Unknown");
    unknown.append_attribute("index") = layout.of(outputs[i]).index;
    std::vector<uint32_t> indices;
    bool listable = true;
    for (flat::VarId known : dependencies[i]) {
      listable = listable && !layout.of(known).hidden;
      indices.push_back(layout.of(known).index);
    }
    if (!listable) continue;
    std::sort(indices.begin(), indices.end());
    std::string text;
    for (uint32_t index : indices) text += (text.empty() ? "" : " ") + std::to_string(index);
    unknown.append_attribute("dependencies") = text.c_str();
  }
}

void writeModelStructure(pugi::xml_node root, const causal::CausalModel& model,
                         const Layout& layout) {
  std::vector<flat::VarId> outputs;
  std::vector<uint32_t> derivatives, initialUnknowns;
  for (flat::VarId id : model.derivatives) derivatives.push_back(layout.of(id).index);
  for (const VarInfo& info : layout.vars) {  // ascending index
    if (info.hidden) continue;
    const bool calculated =
        info.initial == FmiInitial::Approx || info.initial == FmiInitial::Calculated;
    if (info.causality == FmiCausality::Output) outputs.push_back(info.id);
    if ((info.causality == FmiCausality::Output && calculated) ||
        info.causality == FmiCausality::CalculatedParameter ||
        ((info.role == causal::Role::State || info.role == causal::Role::Derivative) &&
         calculated))
      initialUnknowns.push_back(info.index);
  }
  pugi::xml_node structure = root.append_child("ModelStructure");
  writeOutputs(structure, model, layout, outputs);
  writeUnknowns(structure, "Derivatives", derivatives);
  writeUnknowns(structure, "InitialUnknowns", initialUnknowns);
}

}  // namespace

std::string modelDescriptionXml(const causal::CausalModel& model, const Layout& layout,
                                const std::string& modelIdentifier, const std::string& guid) {
  pugi::xml_document doc;
  pugi::xml_node declaration = doc.append_child(pugi::node_declaration);
  declaration.append_attribute("version") = "1.0";
  declaration.append_attribute("encoding") = "UTF-8";
  pugi::xml_node root = doc.append_child("fmiModelDescription");
  writeHeader(root, model, layout, guid);
  writeCoSimulation(root, modelIdentifier);
  writeUnits(root, model, layout);
  writeLogCategories(root);
  writeDefaultExperiment(root, model.flat.experiment);
  writeExternalLibraries(root, model.flat);
  writeModelVariables(root, model, layout);
  writeModelStructure(root, model, layout);

  std::ostringstream out;
  doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
  return out.str();
}

}  // namespace smc::codegen
