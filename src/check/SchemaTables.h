// The structure and attribute types of the FMI 2.0 model description
// schema (fmi2ModelDescription.xsd and the files it includes), as tables.
// No XSD library is among smc's dependencies and the .xsd files are not
// shipped with it, so the facts were written down by hand from the FMI 2.0
// standard's description of each element (section 2.2); they cover every
// element and attribute of the standard, not just those smc emits.
#pragma once

#include <span>
#include <string_view>

namespace smc::check::schema {

// The XML Schema types attribute values are checked against; the last ones
// are the standard's enumerations and lists.
enum class ValueType {
  String,              // xs:string: anything
  NormalizedString,    // xs:normalizedString: no tab, carriage return or line feed
  Double,              // xs:double
  Int,                 // xs:int (32-bit signed)
  UnsignedInt,         // xs:unsignedInt (32-bit unsigned)
  Boolean,             // xs:boolean: true, false, 1, 0
  DateTime,            // xs:dateTime
  UnsignedIntList,     // white-space separated xs:unsignedInt
  DependencyKindList,  // white-space separated dependenciesKind words
  Causality,
  Variability,
  Initial,
  NamingConvention,
};

struct AttributeSpec {
  std::string_view name;
  ValueType type;
  bool required = false;
};

struct ElementSpec;

struct ChildSpec {
  std::string_view name;
  const ElementSpec* spec;
  int minOccurs;
  int maxOccurs;          // -1 = unbounded
  bool inTypeChoice = false;  // one of ScalarVariable/SimpleType's type elements
};

struct ElementSpec {
  std::string_view name;
  std::span<const AttributeSpec> attributes;
  std::span<const ChildSpec> children;  // an xs:sequence, in this order
  bool anyContent = false;  // vendor annotations: children are not checked
};

// The root element, fmiModelDescription.
const ElementSpec& modelDescriptionSpec();

// The words an enumerated type accepts (empty for other types).
std::span<const std::string_view> enumerationWords(ValueType type);

// Whether `text` is a valid lexical value of `type`; for a failure, `why`
// gets a short explanation ("not a number").
bool isValidValue(ValueType type, std::string_view text, std::string_view& why);

std::string_view typeName(ValueType type);

}  // namespace smc::check::schema
