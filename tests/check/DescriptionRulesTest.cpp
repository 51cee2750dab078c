// Whole-description rules: guid, CoSimulation, declaredType and units.
#include "SmallModel.h"

namespace smc::check::test {
namespace {

TEST(DescriptionRules, EmptyGuidIsReported) {
  CheckResult result = checkText(smallModelWith("guid=\"{1}\"", "guid=\"\""));
  expectOnlyError(result, "guid", 2, 57);
}

TEST(DescriptionRules, MissingCoSimulationIsReportedAtTheRoot) {
  CheckResult result = checkText(smallModelWith("  <CoSimulation modelIdentifier=\"Small\"/>\n", ""));
  expectOnlyError(result, "cosimulation", 2, 1);
}

TEST(DescriptionRules, ModelIdentifierMustBeACIdentifier) {
  CheckResult result = checkText(smallModelWith("modelIdentifier=\"Small\"", "modelIdentifier=\"../Small\""));
  expectOnlyError(result, "model-identifier", 4, 17);
}

TEST(DescriptionRules, EmptyModelIdentifierIsReported) {
  CheckResult result = checkText(smallModelWith("modelIdentifier=\"Small\"", "modelIdentifier=\"\""));
  expectOnlyError(result, "model-identifier", 4, 17);
}

TEST(DescriptionRules, UndefinedDeclaredTypeIsReported) {
  CheckResult result = checkText(smallModelWith("declaredType=\"Duration\"", "declaredType=\"Period\""));
  expectOnlyError(result, "declared-type", 14, 97);
}

TEST(DescriptionRules, DeclaredTypeOfAnotherKindIsReported) {
  CheckResult result = checkText(smallModelWith("<Integer/>", "<Integer declaredType=\"Duration\"/>"));
  // <Integer at column 91, its first attribute after 9 characters.
  expectOnlyError(result, "declared-type", 16, 100);
}

TEST(DescriptionRules, UndeclaredUnitIsAnErrorWhenUnitsAreDefined) {
  CheckResult result = checkText(smallModelWith("<Real start=\"0\"/>", "<Real start=\"0\" unit=\"m\"/>"));
  expectOnlyError(result, "unit-declared", 15, 83);
}

TEST(DescriptionRules, UndeclaredUnitInATypeDefinitionIsReported) {
  CheckResult result = checkText(smallModelWith("<Real unit=\"s\"/>", "<Real unit=\"h\"/>"));
  expectOnlyError(result, "unit-declared", 9, 39);
}

TEST(DescriptionRules, DisplayUnitMustBelongToTheUnit) {
  CheckResult result = checkText(
      smallModelWith("<Real unit=\"s\"/>", "<Real unit=\"s\" displayUnit=\"min\"/>"));
  expectOnlyError(result, "unit-declared", 9, 48);
}

TEST(DescriptionRules, DeclaredDisplayUnitIsAccepted) {
  CheckResult result = checkText(
      smallModelWith("<Real unit=\"s\"/>", "<Real unit=\"s\" displayUnit=\"ms\"/>"));
  EXPECT_TRUE(result.problems.empty()) << describe(result);
}

TEST(DescriptionRules, UnitWithoutAnyUnitDefinitionsIsOnlyAWarning) {
  std::string text = kSmallModel;
  std::size_t begin = text.find("  <UnitDefinitions>");
  text.erase(begin, text.find("  <TypeDefinitions>") - begin);
  CheckResult result = checkText(text);
  EXPECT_EQ(result.errorCount(), 0u) << describe(result);
  // TypeDefinitions moved up three lines to line 5; its <Real unit> is on line 6.
  EXPECT_TRUE(hasProblemAt(result, Severity::Warning, "unit-declared", 6, 39)) << describe(result);
}

}  // namespace
}  // namespace smc::check::test
