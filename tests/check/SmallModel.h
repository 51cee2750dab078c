// A small, valid FMI 2.0 model description for the rule tests, with a
// fixed layout so each test can say by hand on which line and column the
// mistake it introduces sits. Variables (1-based index):
//   1 x       output, continuous, initial exact, a state   (line 12)
//   2 der(x)  its derivative, calculated                   (line 13)
//   3 k       parameter with declaredType Duration         (line 14)
//   4 u       input                                        (line 15)
//   5 n       discrete Integer output, calculated          (line 16)
//   6 time    the independent variable                     (line 17)
// x (Real) and n (Integer) share value reference 0: legal, since value
// references are unique per base type only.
#pragma once

#include "check/Check.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace smc::check::test {

inline const std::string kSmallModel =
    R"xml(<?xml version="1.0" encoding="UTF-8"?>
<fmiModelDescription fmiVersion="2.0" modelName="Small" guid="{1}"
    variableNamingConvention="structured" numberOfEventIndicators="0">
  <CoSimulation modelIdentifier="Small"/>
  <UnitDefinitions>
    <Unit name="s"><DisplayUnit name="ms" factor="1000"/></Unit>
  </UnitDefinitions>
  <TypeDefinitions>
    <SimpleType name="Duration"><Real unit="s"/></SimpleType>
  </TypeDefinitions>
  <ModelVariables>
    <ScalarVariable name="x" valueReference="0" causality="output" initial="exact"><Real start="1"/></ScalarVariable>
    <ScalarVariable name="der(x)" valueReference="1"><Real derivative="1"/></ScalarVariable>
    <ScalarVariable name="k" valueReference="2" causality="parameter" variability="fixed"><Real declaredType="Duration" start="0.5"/></ScalarVariable>
    <ScalarVariable name="u" valueReference="3" causality="input"><Real start="0"/></ScalarVariable>
    <ScalarVariable name="n" valueReference="0" causality="output" variability="discrete"><Integer/></ScalarVariable>
    <ScalarVariable name="time" valueReference="4" causality="independent"><Real/></ScalarVariable>
  </ModelVariables>
  <ModelStructure>
    <Outputs>
      <Unknown index="1"/>
      <Unknown index="5" dependencies="4" dependenciesKind="dependent"/>
    </Outputs>
    <Derivatives>
      <Unknown index="2" dependencies="1 3 4"/>
    </Derivatives>
    <InitialUnknowns>
      <Unknown index="2"/>
      <Unknown index="5"/>
    </InitialUnknowns>
  </ModelStructure>
</fmiModelDescription>
)xml";

// kSmallModel with the one occurrence of `from` replaced by `to`.
inline std::string smallModelWith(const std::string& from, const std::string& to) {
  std::string text = kSmallModel;
  std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "'" << from << "' is not in the small model";
  EXPECT_EQ(text.find(from, at + 1), std::string::npos) << "'" << from << "' occurs twice";
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The printed report, for failure messages.
inline std::string describe(const CheckResult& result) {
  std::ostringstream out;
  printResult(result, out);
  return out.str();
}

inline CheckResult checkText(const std::string& xml) {
  return checkModelDescriptionText(xml, "model.fmu/modelDescription.xml");
}

// The result has exactly one error: `rule` at line:column.
inline void expectOnlyError(const CheckResult& result, const std::string& rule, std::size_t line,
                            std::size_t column) {
  ASSERT_EQ(result.errorCount(), 1u) << describe(result);
  for (const Problem& p : result.problems) {
    if (p.severity != Severity::Error) continue;
    EXPECT_EQ(p.rule, rule) << p.message;
    EXPECT_EQ(p.line, line) << p.message;
    EXPECT_EQ(p.column, column) << p.message;
    EXPECT_EQ(p.file, "model.fmu/modelDescription.xml");
  }
}

// Some problem (error or warning) is `rule` at line:column.
inline bool hasProblemAt(const CheckResult& result, Severity severity, const std::string& rule,
                         std::size_t line, std::size_t column) {
  for (const Problem& p : result.problems) {
    if (p.severity == severity && p.rule == rule && p.line == line && p.column == column) {
      return true;
    }
  }
  return false;
}

}  // namespace smc::check::test
