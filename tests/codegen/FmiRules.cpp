// The FMI 2.0 rule checker (see FmiRules.h). The combination table is FMI
// 2.0 section 2.2.7's: for each (variability, causality) pair either
// illegal, or one of four classes of `initial`:
//   A: exact only           B: calculated (default) or approx
//   C: calculated (default), exact or approx       D: no initial at all
#include "FmiRules.h"

#include <pugixml.hpp>

#include <map>
#include <optional>
#include <set>

namespace smc::codegen::testing {

namespace {

struct Scalar {
  size_t index = 0;  // 1-based
  std::string name, type, causality, variability, initial, unit;
  unsigned valueReference = 0;
  bool hasStart = false;
  std::optional<unsigned> derivative;
};

// The initial class of a pair, or 0 when the pair is illegal.
char initialClass(const std::string& causality, const std::string& variability) {
  if (variability == "constant")
    return causality == "output" || causality == "local" ? 'A' : 0;
  if (variability == "fixed" || variability == "tunable") {
    if (causality == "parameter") return 'A';
    return causality == "calculatedParameter" || causality == "local" ? 'B' : 0;
  }
  if (variability == "discrete") {
    if (causality == "input") return 'D';
    return causality == "output" || causality == "local" ? 'C' : 0;
  }
  if (variability == "continuous") {
    if (causality == "input" || causality == "independent") return 'D';
    return causality == "output" || causality == "local" ? 'C' : 0;
  }
  return 0;
}

bool initialAllowed(char cls, const std::string& initial) {
  switch (cls) {
    case 'A': return initial == "exact";
    case 'B': return initial == "calculated" || initial == "approx";
    case 'C': return initial == "calculated" || initial == "exact" || initial == "approx";
    default: return false;
  }
}

std::string defaultInitial(char cls) {
  if (cls == 'A') return "exact";
  if (cls == 'B' || cls == 'C') return "calculated";
  return "";
}

class Checker {
public:
  std::vector<std::string> run(const std::string& text) {
    pugi::xml_document doc;
    if (!doc.load_string(text.c_str())) return {"the text is not well-formed XML"};
    pugi::xml_node root = doc.child("fmiModelDescription");
    if (!root) return {"no fmiModelDescription root element"};
    checkRoot(root);
    readUnits(root);
    readVariables(root.child("ModelVariables"));
    for (const Scalar& s : scalars_) checkScalar(s);
    checkStructure(root.child("ModelStructure"));
    return violations_;
  }

private:
  void fail(std::string message) { violations_.push_back(std::move(message)); }

  void checkRoot(pugi::xml_node root) {
    if (std::string(root.attribute("fmiVersion").value()) != "2.0") fail("fmiVersion is not 2.0");
    if (!*root.attribute("modelName").value()) fail("modelName is missing");
    if (!*root.attribute("guid").value()) fail("guid is missing");
    if (!*root.child("CoSimulation").attribute("modelIdentifier").value())
      fail("CoSimulation/modelIdentifier is missing");
    std::set<std::string> categories;
    for (pugi::xml_node c : root.child("LogCategories").children("Category"))
      if (!categories.insert(c.attribute("name").value()).second)
        fail(std::string("log category listed twice: ") + c.attribute("name").value());
  }

  void readUnits(pugi::xml_node root) {
    for (pugi::xml_node unit : root.child("UnitDefinitions").children("Unit"))
      units_.insert(unit.attribute("name").value());
  }

  void readVariables(pugi::xml_node list) {
    std::set<std::string> names;
    std::set<std::pair<std::string, unsigned>> references;
    for (pugi::xml_node sv : list.children("ScalarVariable")) {
      Scalar s;
      s.index = scalars_.size() + 1;
      s.name = sv.attribute("name").value();
      s.valueReference = sv.attribute("valueReference").as_uint();
      s.causality = sv.attribute("causality") ? sv.attribute("causality").value() : "local";
      s.variability =
          sv.attribute("variability") ? sv.attribute("variability").value() : "continuous";
      s.initial = sv.attribute("initial").value();
      size_t typeElements = 0;
      for (pugi::xml_node child : sv.children()) {
        const std::string type = child.name();
        if (type != "Real" && type != "Integer" && type != "Boolean" && type != "String" &&
            type != "Enumeration")
          continue;
        ++typeElements;
        s.type = type;
        s.hasStart = static_cast<bool>(child.attribute("start"));
        s.unit = child.attribute("unit").value();
        if (child.attribute("derivative")) s.derivative = child.attribute("derivative").as_uint();
      }
      if (typeElements != 1) fail(s.name + ": needs exactly one type element");
      if (!names.insert(s.name).second) fail(s.name + ": name used twice");
      // smc never generates aliases, so a shared reference is a bug.
      if (!references.insert({s.type, s.valueReference}).second)
        fail(s.name + ": value reference " + std::to_string(s.valueReference) + " used twice");
      scalars_.push_back(s);
    }
  }

  void checkScalar(const Scalar& s) {
    const char cls = initialClass(s.causality, s.variability);
    if (!cls) {
      fail(s.name + ": causality " + s.causality + " with variability " + s.variability +
           " is not allowed");
      return;
    }
    if (s.variability == "continuous" && s.type != "Real")
      fail(s.name + ": only Reals may be continuous");
    std::string initial = s.initial;
    if (cls == 'D') {
      if (!initial.empty()) fail(s.name + ": initial is not allowed for " + s.causality);
    } else {
      if (initial.empty()) initial = defaultInitial(cls);
      if (!initialAllowed(cls, initial))
        fail(s.name + ": initial=" + initial + " is not allowed for " + s.causality + "/" +
             s.variability);
    }
    const bool startRequired = initial == "exact" || initial == "approx" || s.causality == "input";
    const bool startForbidden = initial == "calculated" || s.causality == "independent";
    if (startRequired && !s.hasStart) fail(s.name + ": start value required");
    if (startForbidden && s.hasStart) fail(s.name + ": start value not allowed");
    if (!s.unit.empty() && !units_.count(s.unit))
      fail(s.name + ": unit '" + s.unit + "' is not defined in UnitDefinitions");
    if (s.derivative) {
      if (*s.derivative < 1 || *s.derivative > scalars_.size() || *s.derivative == s.index)
        fail(s.name + ": derivative refers to no other variable");
      else if (scalars_[*s.derivative - 1].type != "Real" || s.type != "Real")
        fail(s.name + ": derivative relates non-Real variables");
      if (s.variability != "continuous") fail(s.name + ": a derivative must be continuous");
    }
    initials_[s.index] = initial;
  }

  std::vector<size_t> indices(pugi::xml_node list) {
    std::vector<size_t> out;
    for (pugi::xml_node unknown : list.children("Unknown"))
      out.push_back(unknown.attribute("index").as_uint());
    return out;
  }

  void checkStructure(pugi::xml_node structure) {
    if (!structure) {
      fail("ModelStructure is missing");
      return;
    }
    std::vector<size_t> expectedOutputs;
    for (const Scalar& s : scalars_)
      if (s.causality == "output") expectedOutputs.push_back(s.index);
    if (indices(structure.child("Outputs")) != expectedOutputs)
      fail("ModelStructure/Outputs is not the ascending list of all outputs");

    std::set<size_t> derivatives, states;
    for (size_t index : indices(structure.child("Derivatives"))) {
      if (index < 1 || index > scalars_.size() || !scalars_[index - 1].derivative) {
        fail("ModelStructure/Derivatives lists " + std::to_string(index) +
             ", which has no derivative attribute");
        continue;
      }
      derivatives.insert(index);
      states.insert(*scalars_[index - 1].derivative);
    }
    for (const Scalar& s : scalars_)
      if (s.derivative && !derivatives.count(s.index))
        fail(s.name + ": has a derivative attribute but is not in ModelStructure/Derivatives");

    std::vector<size_t> expectedInitial;
    for (const Scalar& s : scalars_) {
      const std::string& initial = initials_[s.index];
      const bool calculated = initial == "approx" || initial == "calculated";
      const bool continuousState = states.count(s.index) || derivatives.count(s.index);
      if ((s.causality == "output" && calculated) || s.causality == "calculatedParameter" ||
          (continuousState && calculated))
        expectedInitial.push_back(s.index);
    }
    if (indices(structure.child("InitialUnknowns")) != expectedInitial)
      fail("ModelStructure/InitialUnknowns is not the list FMI 2.0 section 2.2.8 defines");
  }

  std::vector<Scalar> scalars_;
  std::set<std::string> units_;
  std::map<size_t, std::string> initials_;
  std::vector<std::string> violations_;
};

}  // namespace

std::vector<std::string> fmiRuleViolations(const std::string& modelDescriptionXml) {
  return Checker().run(modelDescriptionXml);
}

}  // namespace smc::codegen::testing
