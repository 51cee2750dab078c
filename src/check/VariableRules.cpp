// Per-variable rules of FMI 2.0 section 2.2.7.
//
// The causality/variability table (which combinations exist, and for each
// which values of `initial` are allowed and which is the default):
//                parameter  calculatedParameter  input  output  local  independent
//   constant        -              -               -      A       A        -
//   fixed           A              B               -      -       B        -
//   tunable         A              B               -      -       B        -
//   discrete        -              -               D      C       C        -
//   continuous      -              -               D      C       C        E
// A: initial exact only (default exact); B: approx or calculated (default
// calculated); C: exact, approx or calculated (default calculated);
// D: no initial, start required (inputs); E: no initial, no start.
// A start value is required when initial is exact or approx and for
// inputs, and forbidden when initial is calculated and for the independent
// variable. Only Real variables may be continuous.
#include "check/SemanticRules.h"
#include "fmi/StructuredName.h"

#include <fmt/format.h>

#include <array>
#include <map>
#include <set>
#include <utility>

namespace smc::check {
namespace {

enum class InitialCase { Invalid, A, B, C, D, E };

InitialCase initialCase(std::string_view causality, std::string_view variability) {
  static constexpr std::array<std::string_view, 6> kCausalities{
      "parameter", "calculatedParameter", "input", "output", "local", "independent"};
  static constexpr std::array<std::string_view, 5> kVariabilities{
      "constant", "fixed", "tunable", "discrete", "continuous"};
  using enum InitialCase;
  static constexpr InitialCase kTable[5][6] = {
      {Invalid, Invalid, Invalid, A, A, Invalid},  // constant
      {A, B, Invalid, Invalid, B, Invalid},        // fixed
      {A, B, Invalid, Invalid, B, Invalid},        // tunable
      {Invalid, Invalid, D, C, C, Invalid},        // discrete
      {Invalid, Invalid, D, C, C, E},              // continuous
  };
  for (std::size_t v = 0; v < kVariabilities.size(); ++v) {
    for (std::size_t c = 0; c < kCausalities.size(); ++c) {
      if (kVariabilities[v] == variability && kCausalities[c] == causality) return kTable[v][c];
    }
  }
  return Invalid;  // an unknown word; the schema check reported it
}

bool isKnownWord(std::string_view causality, std::string_view variability) {
  static const std::set<std::string_view> kWords{
      "parameter", "calculatedParameter", "input", "output", "local", "independent",
      "constant", "fixed", "tunable", "discrete", "continuous"};
  return kWords.contains(causality) && kWords.contains(variability);
}

// The attribute to point at: the one most likely to be the mistake.
pugi::xml_attribute attributeOr(pugi::xml_node node, const char* first, const char* second) {
  if (auto a = node.attribute(first)) return a;
  return node.attribute(second);
}

void reportAt(XmlReporter& report, pugi::xml_node node, pugi::xml_attribute attribute,
              const char* rule, std::string message) {
  if (attribute) {
    report.error(node, attribute, rule, std::move(message));
  } else {
    report.error(node, rule, std::move(message));
  }
}

// Returns the effective initial ("" for cases D and E).
std::string checkInitial(const VariableView& v, XmlReporter& report) {
  if (!isKnownWord(v.causality, v.variability)) return {};
  InitialCase kind = initialCase(v.causality, v.variability);
  if (kind == InitialCase::Invalid) {
    reportAt(report, v.node, attributeOr(v.node, "variability", "causality"),
             "causality-variability",
             fmt::format("variable '{}': causality=\"{}\" cannot have variability=\"{}\"", v.name,
                         v.causality, v.variability));
    return {};
  }
  std::string_view initial = v.initial;
  auto refuse = [&](std::string_view allowed) {
    report.error(v.node, v.node.attribute("initial"), "initial-value",
                 fmt::format("variable '{}': initial=\"{}\" is not allowed with causality=\"{}\" "
                             "and variability=\"{}\" ({})",
                             v.name, initial, v.causality, v.variability, allowed));
  };
  switch (kind) {
    case InitialCase::A:
      if (!initial.empty() && initial != "exact") refuse("only exact is allowed");
      return "exact";
    case InitialCase::B:
      if (initial == "exact") refuse("approx or calculated");
      return initial.empty() || initial == "exact" ? "calculated" : std::string(initial);
    case InitialCase::C:
      return initial.empty() ? "calculated" : std::string(initial);
    case InitialCase::D:
    case InitialCase::E:
      if (!initial.empty()) refuse("initial must be absent");
      return {};
    case InitialCase::Invalid: return {};
  }
  return {};
}

void checkStart(const VariableView& v, std::string_view initial, XmlReporter& report) {
  if (!v.typeNode || !isKnownWord(v.causality, v.variability)) return;
  bool required = initial == "exact" || initial == "approx" || v.causality == "input";
  bool forbidden = initial == "calculated" || v.causality == "independent";
  if (required && !v.hasStart) {
    std::string why = v.causality == "input" ? "an input" : fmt::format("initial=\"{}\"", initial);
    report.error(v.typeNode, "start-required",
                 fmt::format("variable '{}' needs a start value ({})", v.name, why));
  }
  // "NaN" is a valid xs:double, but no variable can start as one: an
  // importer could not even set it back (fmi2SetReal refuses NaN in smc's
  // FMUs, and the integrator would fail on it).
  if (v.type == BaseType::Real && v.hasStart &&
      std::string_view(v.typeNode.attribute("start").value()) == "NaN") {
    report.error(v.typeNode, v.typeNode.attribute("start"), "start-not-a-number",
                 fmt::format("variable '{}' has the start value NaN, which is not a number",
                             v.name));
  }
  if (forbidden && v.hasStart) {
    std::string why = v.causality == "independent" ? std::string("the independent variable")
                                                   : fmt::format("initial=\"{}\"", initial);
    report.error(v.typeNode, v.typeNode.attribute("start"), "start-forbidden",
                 fmt::format("variable '{}' may not have a start value ({})", v.name, why));
  }
}

void checkTypeAgainstKind(const VariableView& v, XmlReporter& report) {
  if (v.type == BaseType::None) return;
  if (v.variability == "continuous" && v.type != BaseType::Real) {
    reportAt(report, v.node, v.node.attribute("variability"), "continuous-not-real",
             fmt::format("variable '{}' is {} and so cannot be continuous (only Real variables "
                         "can; the default variability is continuous)",
                         v.name, baseTypeName(v.type)));
  }
  if (v.causality == "independent" && v.type != BaseType::Real) {
    report.error(v.node, v.node.attribute("causality"), "independent-variable",
                 fmt::format("the independent variable '{}' must be Real", v.name));
  }
}

// Integer and Enumeration share one value-reference space: both are read
// with fmi2GetInteger.
int valueReferenceSpace(BaseType type) {
  return type == BaseType::Enumeration ? static_cast<int>(BaseType::Integer)
                                       : static_cast<int>(type);
}

void checkAliases(const ModelView& model, XmlReporter& report) {
  std::map<std::pair<int, std::uint32_t>, std::vector<const VariableView*>> sets;
  for (const VariableView& v : model.variables) {
    if (v.valueReference && v.type != BaseType::None) {
      sets[{valueReferenceSpace(v.type), *v.valueReference}].push_back(&v);
    }
  }
  for (const auto& [key, members] : sets) {
    if (members.size() < 2) continue;
    // Aliases share one value: two start values, or a constant aliased with
    // a non-constant, would contradict each other.
    const VariableView* firstStart = nullptr;
    bool anyConstant = false;
    bool allConstant = true;
    for (const VariableView* v : members) {
      anyConstant |= v->variability == "constant";
      allConstant &= v->variability == "constant";
    }
    for (const VariableView* v : members) {
      if (anyConstant && !allConstant) {
        report.error(v->node, v->node.attribute("valueReference"), "value-reference-alias",
                     fmt::format("variable '{}' shares value reference {} with a constant, but "
                                 "is not constant itself",
                                 v->name, key.second));
        break;
      }
      if (!v->hasStart || allConstant) continue;
      if (firstStart == nullptr) {
        firstStart = v;
      } else {
        report.error(v->node, v->node.attribute("valueReference"), "value-reference-alias",
                     fmt::format("variables '{}' and '{}' are aliases (value reference {} of "
                                 "type {}) and both have a start value; at most one may",
                                 firstStart->name, v->name, key.second,
                                 baseTypeName(v->type)));
      }
    }
  }
}

void checkDerivative(const ModelView& model, const VariableView& v, XmlReporter& report) {
  if (!v.derivative) return;
  pugi::xml_attribute attribute = v.typeNode.attribute("derivative");
  const VariableView* state = model.byIndex(*v.derivative);
  if (state == nullptr) {
    report.error(v.typeNode, attribute, "derivative-reference",
                 fmt::format("variable '{}': derivative=\"{}\" is not the index of a variable "
                             "(1 to {})",
                             v.name, *v.derivative, model.variables.size()));
  } else if (state == &v) {
    report.error(v.typeNode, attribute, "derivative-reference",
                 fmt::format("variable '{}' is declared as its own derivative", v.name));
  } else if (state->type != BaseType::Real) {
    report.error(v.typeNode, attribute, "derivative-reference",
                 fmt::format("variable '{}': derivative=\"{}\" points at '{}', a {} variable; "
                             "it must be Real",
                             v.name, *v.derivative, state->name, baseTypeName(state->type)));
  }
}

}  // namespace

std::string effectiveInitial(const VariableView& v) {
  if (!v.initial.empty()) return v.initial;
  switch (initialCase(v.causality, v.variability)) {
    case InitialCase::A: return "exact";
    case InitialCase::B:
    case InitialCase::C: return "calculated";
    case InitialCase::D:
    case InitialCase::E:
    case InitialCase::Invalid: return {};
  }
  return {};
}

void checkVariableRules(const ModelView& model, XmlReporter& report) {
  bool structured = std::string_view(model.root.attribute("variableNamingConvention").value()) ==
                    "structured";
  std::map<std::string, const VariableView*> byName;
  const VariableView* independent = nullptr;
  for (const VariableView& v : model.variables) {
    std::string initial = checkInitial(v, report);
    checkStart(v, initial, report);
    checkTypeAgainstKind(v, report);
    checkDerivative(model, v, report);
    if (auto [it, inserted] = byName.emplace(v.name, &v); !inserted) {
      report.error(v.node, v.node.attribute("name"), "unique-name",
                   fmt::format("variable name '{}' is already used by variable {}", v.name,
                               it->second->index));
    }
    if (structured && !v.name.empty() && !fmi::isStructuredName(v.name)) {
      report.error(v.node, v.node.attribute("name"), "structured-name",
                   fmt::format("'{}' is not a well-formed name under "
                               "variableNamingConvention=\"structured\"",
                               v.name));
    }
    if (v.causality == "independent") {
      if (independent != nullptr) {
        report.error(v.node, v.node.attribute("causality"), "independent-variable",
                     fmt::format("'{}' is a second independent variable (the first is '{}')",
                                 v.name, independent->name));
      }
      independent = &v;
    }
  }
  checkAliases(model, report);
}

}  // namespace smc::check
