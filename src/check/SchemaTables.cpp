// The FMI 2.0 schema as tables, element by element, written from the
// standard's section 2.2 (see SchemaTables.h for why there is no XSD).
#include "check/SchemaTables.h"

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace smc::check::schema {
namespace {

using VT = ValueType;

// ---- leaf and small elements ------------------------------------------
constexpr std::array<AttributeSpec, 1> kFileAttributes{{{"name", VT::NormalizedString, true}}};
const ElementSpec kFile{"File", kFileAttributes, {}};
const std::array<ChildSpec, 1> kSourceFilesChildren{{{"File", &kFile, 1, -1}}};
const ElementSpec kSourceFiles{"SourceFiles", {}, kSourceFilesChildren};

constexpr std::array<AttributeSpec, 11> kCoSimulationAttributes{{
    {"modelIdentifier", VT::NormalizedString, true},
    {"needsExecutionTool", VT::Boolean},
    {"canHandleVariableCommunicationStepSize", VT::Boolean},
    {"canInterpolateInputs", VT::Boolean},
    {"maxOutputDerivativeOrder", VT::UnsignedInt},
    {"canRunAsynchronuously", VT::Boolean},  // sic: the standard's spelling
    {"canBeInstantiatedOnlyOncePerProcess", VT::Boolean},
    {"canNotUseMemoryManagementFunctions", VT::Boolean},
    {"canGetAndSetFMUstate", VT::Boolean},
    {"canSerializeFMUstate", VT::Boolean},
    {"providesDirectionalDerivative", VT::Boolean},
}};
const std::array<ChildSpec, 1> kInterfaceChildren{{{"SourceFiles", &kSourceFiles, 0, 1}}};
const ElementSpec kCoSimulation{"CoSimulation", kCoSimulationAttributes, kInterfaceChildren};

constexpr std::array<AttributeSpec, 8> kModelExchangeAttributes{{
    {"modelIdentifier", VT::NormalizedString, true},
    {"needsExecutionTool", VT::Boolean},
    {"completedIntegratorStepNotNeeded", VT::Boolean},
    {"canBeInstantiatedOnlyOncePerProcess", VT::Boolean},
    {"canNotUseMemoryManagementFunctions", VT::Boolean},
    {"canGetAndSetFMUstate", VT::Boolean},
    {"canSerializeFMUstate", VT::Boolean},
    {"providesDirectionalDerivative", VT::Boolean},
}};
const ElementSpec kModelExchange{"ModelExchange", kModelExchangeAttributes, kInterfaceChildren};

// ---- UnitDefinitions --------------------------------------------------
constexpr std::array<AttributeSpec, 10> kBaseUnitAttributes{{
    {"kg", VT::Int}, {"m", VT::Int}, {"s", VT::Int}, {"A", VT::Int}, {"K", VT::Int},
    {"mol", VT::Int}, {"cd", VT::Int}, {"rad", VT::Int}, {"factor", VT::Double},
    {"offset", VT::Double},
}};
const ElementSpec kBaseUnit{"BaseUnit", kBaseUnitAttributes, {}};
constexpr std::array<AttributeSpec, 3> kDisplayUnitAttributes{{
    {"name", VT::NormalizedString, true}, {"factor", VT::Double}, {"offset", VT::Double}}};
const ElementSpec kDisplayUnit{"DisplayUnit", kDisplayUnitAttributes, {}};
constexpr std::array<AttributeSpec, 1> kUnitAttributes{{{"name", VT::NormalizedString, true}}};
const std::array<ChildSpec, 2> kUnitChildren{{
    {"BaseUnit", &kBaseUnit, 0, 1}, {"DisplayUnit", &kDisplayUnit, 0, -1}}};
const ElementSpec kUnit{"Unit", kUnitAttributes, kUnitChildren};
const std::array<ChildSpec, 1> kUnitDefinitionsChildren{{{"Unit", &kUnit, 1, -1}}};
const ElementSpec kUnitDefinitions{"UnitDefinitions", {}, kUnitDefinitionsChildren};

// ---- TypeDefinitions --------------------------------------------------
constexpr std::array<AttributeSpec, 8> kRealTypeAttributes{{
    {"quantity", VT::NormalizedString}, {"unit", VT::NormalizedString},
    {"displayUnit", VT::NormalizedString}, {"relativeQuantity", VT::Boolean},
    {"min", VT::Double}, {"max", VT::Double}, {"nominal", VT::Double},
    {"unbounded", VT::Boolean}}};
const ElementSpec kRealType{"Real", kRealTypeAttributes, {}};
constexpr std::array<AttributeSpec, 3> kIntegerTypeAttributes{{
    {"quantity", VT::NormalizedString}, {"min", VT::Int}, {"max", VT::Int}}};
const ElementSpec kIntegerType{"Integer", kIntegerTypeAttributes, {}};
const ElementSpec kBooleanType{"Boolean", {}, {}};
const ElementSpec kStringType{"String", {}, {}};
constexpr std::array<AttributeSpec, 3> kItemAttributes{{
    {"name", VT::NormalizedString, true}, {"value", VT::Int, true}, {"description", VT::String}}};
const ElementSpec kItem{"Item", kItemAttributes, {}};
constexpr std::array<AttributeSpec, 1> kEnumerationTypeAttributes{{
    {"quantity", VT::NormalizedString}}};
const std::array<ChildSpec, 1> kEnumerationTypeChildren{{{"Item", &kItem, 1, -1}}};
const ElementSpec kEnumerationType{"Enumeration", kEnumerationTypeAttributes,
                                   kEnumerationTypeChildren};
constexpr std::array<AttributeSpec, 2> kSimpleTypeAttributes{{
    {"name", VT::NormalizedString, true}, {"description", VT::String}}};
const std::array<ChildSpec, 5> kSimpleTypeChildren{{
    {"Real", &kRealType, 0, 1, true}, {"Integer", &kIntegerType, 0, 1, true},
    {"Boolean", &kBooleanType, 0, 1, true}, {"String", &kStringType, 0, 1, true},
    {"Enumeration", &kEnumerationType, 0, 1, true}}};
const ElementSpec kSimpleType{"SimpleType", kSimpleTypeAttributes, kSimpleTypeChildren};
const std::array<ChildSpec, 1> kTypeDefinitionsChildren{{{"SimpleType", &kSimpleType, 1, -1}}};
const ElementSpec kTypeDefinitions{"TypeDefinitions", {}, kTypeDefinitionsChildren};

// ---- LogCategories, DefaultExperiment, VendorAnnotations ----------------
constexpr std::array<AttributeSpec, 2> kCategoryAttributes{{
    {"name", VT::NormalizedString, true}, {"description", VT::String}}};
const ElementSpec kCategory{"Category", kCategoryAttributes, {}};
const std::array<ChildSpec, 1> kLogCategoriesChildren{{{"Category", &kCategory, 1, -1}}};
const ElementSpec kLogCategories{"LogCategories", {}, kLogCategoriesChildren};

constexpr std::array<AttributeSpec, 4> kDefaultExperimentAttributes{{
    {"startTime", VT::Double}, {"stopTime", VT::Double}, {"tolerance", VT::Double},
    {"stepSize", VT::Double}}};
const ElementSpec kDefaultExperiment{"DefaultExperiment", kDefaultExperimentAttributes, {}};

constexpr std::array<AttributeSpec, 1> kToolAttributes{{{"name", VT::NormalizedString, true}}};
const ElementSpec kTool{"Tool", kToolAttributes, {}, true};
const std::array<ChildSpec, 1> kToolsChildren{{{"Tool", &kTool, 0, -1}}};
const ElementSpec kVendorAnnotations{"VendorAnnotations", {}, kToolsChildren};
const ElementSpec kAnnotations{"Annotations", {}, kToolsChildren};

// ---- ModelVariables -----------------------------------------------------
constexpr std::array<AttributeSpec, 12> kRealVariableAttributes{{
    {"declaredType", VT::NormalizedString}, {"quantity", VT::NormalizedString},
    {"unit", VT::NormalizedString}, {"displayUnit", VT::NormalizedString},
    {"relativeQuantity", VT::Boolean}, {"min", VT::Double}, {"max", VT::Double},
    {"nominal", VT::Double}, {"unbounded", VT::Boolean}, {"start", VT::Double},
    {"derivative", VT::UnsignedInt}, {"reinit", VT::Boolean}}};
const ElementSpec kRealVariable{"Real", kRealVariableAttributes, {}};
constexpr std::array<AttributeSpec, 5> kIntegerVariableAttributes{{
    {"declaredType", VT::NormalizedString}, {"quantity", VT::NormalizedString},
    {"min", VT::Int}, {"max", VT::Int}, {"start", VT::Int}}};
const ElementSpec kIntegerVariable{"Integer", kIntegerVariableAttributes, {}};
constexpr std::array<AttributeSpec, 2> kBooleanVariableAttributes{{
    {"declaredType", VT::NormalizedString}, {"start", VT::Boolean}}};
const ElementSpec kBooleanVariable{"Boolean", kBooleanVariableAttributes, {}};
constexpr std::array<AttributeSpec, 2> kStringVariableAttributes{{
    {"declaredType", VT::NormalizedString}, {"start", VT::String}}};
const ElementSpec kStringVariable{"String", kStringVariableAttributes, {}};
constexpr std::array<AttributeSpec, 5> kEnumerationVariableAttributes{{
    {"declaredType", VT::NormalizedString, true}, {"quantity", VT::NormalizedString},
    {"min", VT::Int}, {"max", VT::Int}, {"start", VT::Int}}};
const ElementSpec kEnumerationVariable{"Enumeration", kEnumerationVariableAttributes, {}};

constexpr std::array<AttributeSpec, 7> kScalarVariableAttributes{{
    {"name", VT::NormalizedString, true}, {"valueReference", VT::UnsignedInt, true},
    {"description", VT::String}, {"causality", VT::Causality},
    {"variability", VT::Variability}, {"initial", VT::Initial},
    {"canHandleMultipleSetPerTimeInstant", VT::Boolean}}};
const std::array<ChildSpec, 6> kScalarVariableChildren{{
    {"Real", &kRealVariable, 0, 1, true}, {"Integer", &kIntegerVariable, 0, 1, true},
    {"Boolean", &kBooleanVariable, 0, 1, true}, {"String", &kStringVariable, 0, 1, true},
    {"Enumeration", &kEnumerationVariable, 0, 1, true},
    {"Annotations", &kAnnotations, 0, 1}}};
const ElementSpec kScalarVariable{"ScalarVariable", kScalarVariableAttributes,
                                  kScalarVariableChildren};
const std::array<ChildSpec, 1> kModelVariablesChildren{{
    {"ScalarVariable", &kScalarVariable, 0, -1}}};
const ElementSpec kModelVariables{"ModelVariables", {}, kModelVariablesChildren};

// ---- ModelStructure -----------------------------------------------------
constexpr std::array<AttributeSpec, 3> kUnknownAttributes{{
    {"index", VT::UnsignedInt, true}, {"dependencies", VT::UnsignedIntList},
    {"dependenciesKind", VT::DependencyKindList}}};
const ElementSpec kUnknown{"Unknown", kUnknownAttributes, {}};
const std::array<ChildSpec, 1> kUnknownListChildren{{{"Unknown", &kUnknown, 1, -1}}};
const ElementSpec kOutputs{"Outputs", {}, kUnknownListChildren};
const ElementSpec kDerivatives{"Derivatives", {}, kUnknownListChildren};
const ElementSpec kInitialUnknowns{"InitialUnknowns", {}, kUnknownListChildren};
const std::array<ChildSpec, 3> kModelStructureChildren{{
    {"Outputs", &kOutputs, 0, 1}, {"Derivatives", &kDerivatives, 0, 1},
    {"InitialUnknowns", &kInitialUnknowns, 0, 1}}};
const ElementSpec kModelStructure{"ModelStructure", {}, kModelStructureChildren};

// ---- the root -----------------------------------------------------------
constexpr std::array<AttributeSpec, 12> kRootAttributes{{
    {"fmiVersion", VT::NormalizedString, true}, {"modelName", VT::String, true},
    {"guid", VT::NormalizedString, true}, {"description", VT::String},
    {"author", VT::String}, {"version", VT::NormalizedString}, {"copyright", VT::String},
    {"license", VT::String}, {"generationTool", VT::NormalizedString},
    {"generationDateAndTime", VT::DateTime},
    {"variableNamingConvention", VT::NamingConvention},
    {"numberOfEventIndicators", VT::UnsignedInt}}};
const std::array<ChildSpec, 9> kRootChildren{{
    {"ModelExchange", &kModelExchange, 0, 1}, {"CoSimulation", &kCoSimulation, 0, 1},
    {"UnitDefinitions", &kUnitDefinitions, 0, 1}, {"TypeDefinitions", &kTypeDefinitions, 0, 1},
    {"LogCategories", &kLogCategories, 0, 1}, {"DefaultExperiment", &kDefaultExperiment, 0, 1},
    {"VendorAnnotations", &kVendorAnnotations, 0, 1},
    {"ModelVariables", &kModelVariables, 1, 1}, {"ModelStructure", &kModelStructure, 1, 1}}};
const ElementSpec kRoot{"fmiModelDescription", kRootAttributes, kRootChildren};

constexpr std::array<std::string_view, 6> kCausalities{
    "parameter", "calculatedParameter", "input", "output", "local", "independent"};
constexpr std::array<std::string_view, 5> kVariabilities{
    "constant", "fixed", "tunable", "discrete", "continuous"};
constexpr std::array<std::string_view, 3> kInitials{"exact", "approx", "calculated"};
constexpr std::array<std::string_view, 2> kNamingConventions{"flat", "structured"};
constexpr std::array<std::string_view, 5> kDependencyKinds{
    "dependent", "constant", "fixed", "tunable", "discrete"};

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trim(std::string_view text) {
  while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
  return text;
}

bool isDigits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

// xs:integer lexical form, then a range check.
bool integerInRange(std::string_view text, long long low, long long high) {
  text = trim(text);
  std::string_view digits = text;
  if (!digits.empty() && (digits.front() == '+' || digits.front() == '-')) digits.remove_prefix(1);
  if (!isDigits(digits)) return false;
  if (digits.size() > 12) return false;  // far outside any 32-bit range
  long long value = std::stoll(std::string(text));
  return value >= low && value <= high;
}

// xs:double: decimal digits with an optional sign, fraction and exponent,
// or INF, -INF, +INF, NaN.
bool isDouble(std::string_view text) {
  text = trim(text);
  if (text == "INF" || text == "-INF" || text == "+INF" || text == "NaN") return true;
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  std::size_t digits = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    std::size_t exponentDigits = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++exponentDigits;
    if (exponentDigits == 0) return false;
  }
  return i == text.size();
}

// xs:dateTime: YYYY-MM-DDThh:mm:ss with optional fraction and time zone.
bool isDateTime(std::string_view text) {
  text = trim(text);
  auto digitsAt = [&](std::size_t at, std::size_t count) {
    return at + count <= text.size() && isDigits(text.substr(at, count));
  };
  if (!(digitsAt(0, 4) && text.size() >= 19 && text[4] == '-' && digitsAt(5, 2) &&
        text[7] == '-' && digitsAt(8, 2) && text[10] == 'T' && digitsAt(11, 2) &&
        text[13] == ':' && digitsAt(14, 2) && text[16] == ':' && digitsAt(17, 2))) {
    return false;
  }
  std::size_t i = 19;
  if (i < text.size() && text[i] == '.') {
    ++i;
    if (!(i < text.size() && text[i] >= '0' && text[i] <= '9')) return false;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  }
  std::string_view zone = text.substr(i);
  if (zone.empty() || zone == "Z") return true;
  return zone.size() == 6 && (zone[0] == '+' || zone[0] == '-') && isDigits(zone.substr(1, 2)) &&
         zone[3] == ':' && isDigits(zone.substr(4, 2));
}

template <typename Predicate>
bool eachWord(std::string_view text, Predicate isValidWord) {
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && isSpace(text[i])) ++i;
    std::size_t start = i;
    while (i < text.size() && !isSpace(text[i])) ++i;
    if (i > start && !isValidWord(text.substr(start, i - start))) return false;
  }
  return true;
}

}  // namespace

const ElementSpec& modelDescriptionSpec() { return kRoot; }

std::span<const std::string_view> enumerationWords(ValueType type) {
  switch (type) {
    case VT::Causality: return kCausalities;
    case VT::Variability: return kVariabilities;
    case VT::Initial: return kInitials;
    case VT::NamingConvention: return kNamingConventions;
    case VT::DependencyKindList: return kDependencyKinds;
    case VT::String:
    case VT::NormalizedString:
    case VT::Double:
    case VT::Int:
    case VT::UnsignedInt:
    case VT::Boolean:
    case VT::DateTime:
    case VT::UnsignedIntList: return {};
  }
  return {};
}

bool isValidValue(ValueType type, std::string_view text, std::string_view& why) {
  auto isWord = [&](std::string_view word) {
    for (std::string_view allowed : enumerationWords(type))
      if (word == allowed) return true;
    return false;
  };
  switch (type) {
    case VT::String: return true;
    case VT::NormalizedString:
      why = "a normalizedString may not contain tabs or line breaks";
      return text.find_first_of("\t\r\n") == std::string_view::npos;
    case VT::Double: why = "not a number (xs:double)"; return isDouble(text);
    case VT::Int:
      why = "not a 32-bit integer (xs:int)";
      return integerInRange(text, std::numeric_limits<int>::min(),
                            std::numeric_limits<int>::max());
    case VT::UnsignedInt:
      why = "not an unsigned 32-bit integer (xs:unsignedInt)";
      return integerInRange(text, 0, std::numeric_limits<unsigned>::max());
    case VT::Boolean: {
      why = "not a boolean (true, false, 1 or 0)";
      std::string_view t = trim(text);
      return t == "true" || t == "false" || t == "1" || t == "0";
    }
    case VT::DateTime: why = "not a date and time (xs:dateTime)"; return isDateTime(text);
    case VT::UnsignedIntList:
      why = "not a list of unsigned integers";
      return eachWord(text, [](std::string_view word) {
        return integerInRange(word, 0, std::numeric_limits<unsigned>::max());
      });
    case VT::DependencyKindList:
      why = "not a list of dependency kinds";
      return eachWord(text, isWord);
    case VT::Causality:
    case VT::Variability:
    case VT::Initial:
    case VT::NamingConvention: why = "not one of the allowed values"; return isWord(trim(text));
  }
  return false;
}

std::string_view typeName(ValueType type) {
  switch (type) {
    case VT::String: return "xs:string";
    case VT::NormalizedString: return "xs:normalizedString";
    case VT::Double: return "xs:double";
    case VT::Int: return "xs:int";
    case VT::UnsignedInt: return "xs:unsignedInt";
    case VT::Boolean: return "xs:boolean";
    case VT::DateTime: return "xs:dateTime";
    case VT::UnsignedIntList: return "list of xs:unsignedInt";
    case VT::DependencyKindList: return "list of dependenciesKind";
    case VT::Causality: return "causality";
    case VT::Variability: return "variability";
    case VT::Initial: return "initial";
    case VT::NamingConvention: return "variableNamingConvention";
  }
  return "value";
}

}  // namespace smc::check::schema
