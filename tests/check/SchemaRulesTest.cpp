// The schema rules, each on the small valid model with one thing broken.
// Lines and columns are counted by hand in SmallModel.h.
#include "SmallModel.h"

namespace smc::check::test {
namespace {

TEST(SchemaRules, SmallModelHasNoProblems) {
  CheckResult result = checkText(kSmallModel);
  EXPECT_TRUE(result.problems.empty()) << describe(result);
}

TEST(SchemaRules, UnknownElementIsReportedWhereItStarts) {
  CheckResult result = checkText(smallModelWith("  </ModelVariables>", "    <Bogus/>\n  </ModelVariables>"));
  expectOnlyError(result, "schema-unknown-element", 18, 5);
}

TEST(SchemaRules, ElementOutOfSequenceOrderIsReported) {
  // DefaultExperiment must precede ModelVariables.
  CheckResult result = checkText(
      smallModelWith("  <ModelStructure>", "  <DefaultExperiment stopTime=\"1\"/>\n  <ModelStructure>"));
  expectOnlyError(result, "schema-element-order", 19, 3);
}

TEST(SchemaRules, SecondCoSimulationElementIsReported) {
  CheckResult result = checkText(smallModelWith(
      "  <CoSimulation modelIdentifier=\"Small\"/>\n",
      "  <CoSimulation modelIdentifier=\"Small\"/>\n  <CoSimulation modelIdentifier=\"Small\"/>\n"));
  expectOnlyError(result, "schema-element-count", 5, 3);
}

TEST(SchemaRules, MissingModelStructureIsReportedAtTheRoot) {
  std::string text = kSmallModel;
  text.erase(text.find("  <ModelStructure>"),
             text.find("</fmiModelDescription>") - text.find("  <ModelStructure>"));
  CheckResult result = checkText(text);
  // The outputs x and n are then missing from Outputs too; the schema error
  // sits on the root element.
  EXPECT_TRUE(hasProblemAt(result, Severity::Error, "schema-element-count", 2, 1)) << describe(result);
}

TEST(SchemaRules, ScalarVariableWithoutTypeElementIsReported) {
  CheckResult result = checkText(smallModelWith(
      "causality=\"independent\"><Real/></ScalarVariable>", "causality=\"independent\"></ScalarVariable>"));
  expectOnlyError(result, "schema-type-choice", 17, 5);
}

TEST(SchemaRules, ScalarVariableWithTwoTypeElementsIsReported) {
  CheckResult result = checkText(smallModelWith("<Real start=\"0\"/>", "<Real start=\"0\"/><Integer/>"));
  expectOnlyError(result, "schema-type-choice", 15, 5);
}

TEST(SchemaRules, MissingRequiredAttributeIsReportedAtTheElement) {
  CheckResult result = checkText(smallModelWith("name=\"u\" valueReference=\"3\" ", "name=\"u\" "));
  expectOnlyError(result, "schema-required-attribute", 15, 5);
}

TEST(SchemaRules, UnknownAttributeIsReportedAtItsName) {
  CheckResult result = checkText(smallModelWith("<Real start=\"0\"/>", "<Real start=\"0\" colour=\"red\"/>"));
  // <Real at column 67, start at 73, colour after start="0" and a blank.
  expectOnlyError(result, "schema-unknown-attribute", 15, 83);
}

TEST(SchemaRules, AttributeIsLocatedPastLookalikeTextInsideEarlierValues) {
  // The description contains ' start=' and '>' inside its quotes; the
  // reported column must be the real start attribute after it.
  CheckResult result = checkText(smallModelWith(
      "name=\"u\" valueReference=\"3\" causality=\"input\"><Real start=\"0\"/>",
      "name=\"u\" valueReference=\"3\" causality=\"input\"><Real quantity=\"a start=b>\" start=\"zero\"/>"));
  // <Real at 67, quantity at 73, `quantity="a start=b>" ` is 22 characters.
  expectOnlyError(result, "schema-attribute-type", 15, 95);
}

TEST(SchemaRules, NegativeNumberOfEventIndicatorsIsNotAnUnsignedInt) {
  CheckResult result = checkText(
      smallModelWith("numberOfEventIndicators=\"0\"", "numberOfEventIndicators=\"-1\""));
  expectOnlyError(result, "schema-attribute-type", 3, 43);
}

TEST(SchemaRules, UnknownCausalityWordIsReported) {
  CheckResult result = checkText(smallModelWith("causality=\"input\"", "causality=\"inout\""));
  expectOnlyError(result, "schema-attribute-type", 15, 49);
}

TEST(SchemaRules, StartThatIsNotADoubleIsReported) {
  CheckResult result = checkText(smallModelWith("<Real start=\"0\"/>", "<Real start=\"zero\"/>"));
  expectOnlyError(result, "schema-attribute-type", 15, 73);
}

TEST(SchemaRules, BooleanAttributeAcceptsOnlyXmlSchemaBooleans) {
  CheckResult result = checkText(smallModelWith(
      "<CoSimulation modelIdentifier=\"Small\"/>",
      "<CoSimulation modelIdentifier=\"Small\" canGetAndSetFMUstate=\"yes\"/>"));
  // modelIdentifier="Small" starts at column 17 and is 23 characters long.
  expectOnlyError(result, "schema-attribute-type", 4, 41);
}

TEST(SchemaRules, ValueReferenceOutsideUnsignedIntRangeIsReported) {
  CheckResult result = checkText(smallModelWith("valueReference=\"3\"", "valueReference=\"4294967296\""));
  expectOnlyError(result, "schema-attribute-type", 15, 30);
}

TEST(SchemaRules, OtherFmiVersionIsReported) {
  CheckResult result = checkText(smallModelWith("fmiVersion=\"2.0\"", "fmiVersion=\"3.0\""));
  expectOnlyError(result, "schema-fmi-version", 2, 22);
}

TEST(SchemaRules, OtherRootElementIsReported) {
  CheckResult result = checkText("<?xml version=\"1.0\"?>\n<fmiModelDescriptions/>\n");
  expectOnlyError(result, "schema-root", 2, 1);
}

TEST(SchemaRules, MalformedXmlIsReportedOnTheLineWhereParsingStopped) {
  CheckResult result = checkText(smallModelWith("  </ModelVariables>", "  </ModelVariable>"));
  ASSERT_EQ(result.errorCount(), 1u) << describe(result);
  EXPECT_EQ(result.problems[0].rule, "xml-well-formed");
  EXPECT_EQ(result.problems[0].line, 18u);
}

}  // namespace
}  // namespace smc::check::test
