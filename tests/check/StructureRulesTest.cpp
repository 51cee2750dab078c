// ModelStructure rules (FMI 2.0 section 2.2.8), each on the small valid
// model with one thing broken. On the <Unknown> lines '<' is column 7,
// `index` column 16 and `dependencies` column 26.
#include "SmallModel.h"

namespace smc::check::test {
namespace {

TEST(StructureRules, IndexOutOfRangeIsReported) {
  CheckResult result = checkText(smallModelWith("<Unknown index=\"1\"/>", "<Unknown index=\"7\"/>"));
  // x is then also an output missing from Outputs, reported at its variable.
  EXPECT_TRUE(hasProblemAt(result, Severity::Error, "structure-index", 21, 16)) << describe(result);
  EXPECT_TRUE(hasProblemAt(result, Severity::Error, "structure-output", 12, 5)) << describe(result);
  EXPECT_EQ(result.errorCount(), 2u) << describe(result);
}

TEST(StructureRules, DependencyOutOfRangeIsReported) {
  CheckResult result = checkText(smallModelWith("dependencies=\"1 3 4\"", "dependencies=\"1 3 40\""));
  expectOnlyError(result, "structure-index", 25, 26);
}

TEST(StructureRules, DependenciesKindCountMustMatch) {
  CheckResult result = checkText(
      smallModelWith("dependenciesKind=\"dependent\"", "dependenciesKind=\"dependent fixed\""));
  expectOnlyError(result, "structure-dependencies", 22, 43);
}

TEST(StructureRules, OutputsMayListOnlyOutputs) {
  CheckResult result = checkText(smallModelWith(
      "      <Unknown index=\"1\"/>\n", "      <Unknown index=\"1\"/>\n      <Unknown index=\"4\"/>\n"));
  expectOnlyError(result, "structure-output", 22, 16);
}

TEST(StructureRules, EveryOutputMustBeListed) {
  CheckResult result = checkText(smallModelWith("      <Unknown index=\"1\"/>\n", ""));
  expectOnlyError(result, "structure-output", 12, 5);
}

TEST(StructureRules, VariableListedTwiceIsReported) {
  CheckResult result = checkText(smallModelWith(
      "      <Unknown index=\"1\"/>\n", "      <Unknown index=\"1\"/>\n      <Unknown index=\"1\"/>\n"));
  expectOnlyError(result, "structure-duplicate", 22, 16);
}

TEST(StructureRules, DerivativesMayListOnlyRealsWithDerivativeAttribute) {
  CheckResult result = checkText(
      smallModelWith("<Unknown index=\"2\" dependencies", "<Unknown index=\"3\" dependencies"));
  expectOnlyError(result, "structure-derivative", 25, 16);
  // der(x) is then not listed: a warning at its variable.
  EXPECT_TRUE(hasProblemAt(result, Severity::Warning, "structure-derivative", 13, 5)) << describe(result);
}

TEST(StructureRules, InitialUnknownsMayNotListAParameter) {
  CheckResult result = checkText(smallModelWith("      <Unknown index=\"5\"/>\n    </InitialUnknowns>",
                                                "      <Unknown index=\"5\"/>\n      <Unknown index=\"3\"/>\n    </InitialUnknowns>"));
  expectOnlyError(result, "structure-initial-unknown", 30, 16);
}

TEST(StructureRules, CalculatedOutputMissingFromInitialUnknownsIsAnError) {
  CheckResult result = checkText(smallModelWith("      <Unknown index=\"5\"/>\n    </InitialUnknowns>",
                                                "    </InitialUnknowns>"));
  expectOnlyError(result, "structure-initial-unknown", 16, 5);
}

TEST(StructureRules, MissingInitialUnknownsElementIsOnlyAWarning) {
  std::string text = kSmallModel;
  std::size_t begin = text.find("    <InitialUnknowns>");
  text.erase(begin, text.find("  </ModelStructure>") - begin);
  CheckResult result = checkText(text);
  EXPECT_EQ(result.errorCount(), 0u) << describe(result);
  EXPECT_TRUE(hasProblemAt(result, Severity::Warning, "structure-initial-unknown", 13, 5)) << describe(result);
  EXPECT_TRUE(hasProblemAt(result, Severity::Warning, "structure-initial-unknown", 16, 5)) << describe(result);
}

// k (3) is a parameter: not a known of an output.
TEST(StructureRules, OutputDependencyOnAParameterIsReported) {
  CheckResult result = checkText(smallModelWith("dependencies=\"4\" dependenciesKind=\"dependent\"",
                                                "dependencies=\"3\""));
  expectOnlyError(result, "output-dependency-kind", 22, 26);
}

// x (1) is a state (der(x) points at it), u (4) an input, time (6) independent.
TEST(StructureRules, OutputDependenciesOnStateInputAndTimeAreAccepted) {
  CheckResult result = checkText(smallModelWith("dependencies=\"4\" dependenciesKind=\"dependent\"",
                                                "dependencies=\"1 4 6\""));
  EXPECT_EQ(result.errorCount(), 0u) << describe(result);
}

TEST(StructureRules, DescendingOrderIsAWarning) {
  CheckResult result = checkText(smallModelWith(
      "      <Unknown index=\"2\"/>\n      <Unknown index=\"5\"/>",
      "      <Unknown index=\"5\"/>\n      <Unknown index=\"2\"/>"));
  EXPECT_EQ(result.errorCount(), 0u) << describe(result);
  EXPECT_TRUE(hasProblemAt(result, Severity::Warning, "structure-order", 29, 16)) << describe(result);
}

}  // namespace
}  // namespace smc::check::test
