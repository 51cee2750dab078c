// Per-variable semantic rules (FMI 2.0 section 2.2.7), each on the small
// valid model with one thing broken. Columns counted by hand: on every
// ScalarVariable line '<' is column 5 and `name` column 21.
#include "SmallModel.h"

#include "check/SemanticRules.h"
#include "fmi/StructuredName.h"

namespace smc::check::test {
namespace {

TEST(VariableRules, ContinuousParameterIsAnIllegalCombination) {
  CheckResult result = checkText(smallModelWith("variability=\"fixed\"", "variability=\"continuous\""));
  expectOnlyError(result, "causality-variability", 14, 71);
}

TEST(VariableRules, ConstantInputIsAnIllegalCombination) {
  CheckResult result = checkText(
      smallModelWith("causality=\"input\">", "causality=\"input\" variability=\"constant\">"));
  // variability follows causality="input" and a blank: 49 + 18.
  expectOnlyError(result, "causality-variability", 15, 67);
}

TEST(VariableRules, ParameterMayOnlyBeInitialExact) {
  CheckResult result = checkText(smallModelWith(
      "variability=\"fixed\">", "variability=\"fixed\" initial=\"calculated\">"));
  // initial follows variability="fixed" (column 71, 19 characters) and a blank.
  expectOnlyError(result, "initial-value", 14, 91);
}

TEST(VariableRules, InputMayNotHaveInitial) {
  CheckResult result = checkText(
      smallModelWith("causality=\"input\">", "causality=\"input\" initial=\"exact\">"));
  expectOnlyError(result, "initial-value", 15, 67);
}

TEST(VariableRules, CalculatedParameterMayNotBeExact) {
  CheckResult result = checkText(smallModelWith(
      "causality=\"parameter\" variability=\"fixed\"><Real declaredType=\"Duration\" start=\"0.5\"/>",
      "causality=\"calculatedParameter\" variability=\"fixed\" initial=\"exact\"><Real declaredType=\"Duration\" start=\"0.5\"/>"));
  // initial: 49 + len('causality="calculatedParameter" ') 32 + len('variability="fixed" ') 20.
  // k is then also a calculated parameter missing from InitialUnknowns.
  EXPECT_TRUE(hasProblemAt(result, Severity::Error, "initial-value", 14, 101)) << describe(result);
}

TEST(VariableRules, InputNeedsAStartValue) {
  CheckResult result = checkText(smallModelWith("<Real start=\"0\"/>", "<Real/>"));
  expectOnlyError(result, "start-required", 15, 67);
}

TEST(VariableRules, InitialExactNeedsAStartValue) {
  CheckResult result = checkText(smallModelWith("<Real start=\"1\"/>", "<Real/>"));
  expectOnlyError(result, "start-required", 12, 84);
}

TEST(VariableRules, ParameterNeedsAStartValue) {
  CheckResult result = checkText(smallModelWith(" start=\"0.5\"", ""));
  expectOnlyError(result, "start-required", 14, 91);
}

TEST(VariableRules, StartValueNaNIsNotANumber) {
  // x's <Real at column 84, its start attribute 6 further.
  CheckResult result = checkText(smallModelWith("<Real start=\"1\"/>", "<Real start=\"NaN\"/>"));
  expectOnlyError(result, "start-not-a-number", 12, 90);
}

TEST(VariableRules, CalculatedVariableMayNotHaveAStartValue) {
  CheckResult result = checkText(smallModelWith("<Real derivative=\"1\"/>", "<Real derivative=\"1\" start=\"0\"/>"));
  // <Real at 54, derivative at 60, `derivative="1" ` is 15 characters.
  expectOnlyError(result, "start-forbidden", 13, 75);
}

TEST(VariableRules, IndependentVariableMayNotHaveAStartValue) {
  CheckResult result = checkText(smallModelWith("<Real/></ScalarVariable>\n  </ModelVariables>",
                                                "<Real start=\"0\"/></ScalarVariable>\n  </ModelVariables>"));
  expectOnlyError(result, "start-forbidden", 17, 82);
}

TEST(VariableRules, IntegerCannotBeContinuous) {
  CheckResult result = checkText(smallModelWith("variability=\"discrete\"", "variability=\"continuous\""));
  expectOnlyError(result, "continuous-not-real", 16, 68);
}

TEST(VariableRules, IntegerWithoutVariabilityDefaultsToContinuousAndIsRejected) {
  CheckResult result = checkText(smallModelWith(" variability=\"discrete\"", ""));
  expectOnlyError(result, "continuous-not-real", 16, 5);
}

TEST(VariableRules, DuplicateNameIsReportedOnTheSecondVariable) {
  CheckResult result = checkText(smallModelWith("name=\"u\"", "name=\"k\""));
  expectOnlyError(result, "unique-name", 15, 21);
}

TEST(VariableRules, ValueReferenceSharedWithinATypeByTwoStartValuesIsReported) {
  // u takes k's Real value reference; both have start values.
  CheckResult result = checkText(smallModelWith("valueReference=\"3\"", "valueReference=\"2\""));
  expectOnlyError(result, "value-reference-alias", 15, 30);
}

TEST(VariableRules, AliasWithoutConflictingStartValuesIsAllowed) {
  // der(x) takes time's value reference: neither has a start value.
  CheckResult result = checkText(smallModelWith("name=\"der(x)\" valueReference=\"1\"",
                                                "name=\"der(x)\" valueReference=\"4\""));
  EXPECT_EQ(result.errorCount(), 0u) << describe(result);
}

TEST(VariableRules, DerivativeOutOfRangeIsReported) {
  CheckResult result = checkText(smallModelWith("derivative=\"1\"", "derivative=\"9\""));
  expectOnlyError(result, "derivative-reference", 13, 60);
}

TEST(VariableRules, DerivativeOfAnIntegerIsReported) {
  CheckResult result = checkText(smallModelWith("derivative=\"1\"", "derivative=\"5\""));
  expectOnlyError(result, "derivative-reference", 13, 60);
}

TEST(VariableRules, MalformedStructuredNameIsReported) {
  CheckResult result = checkText(smallModelWith("name=\"u\"", "name=\"u..v\""));
  expectOnlyError(result, "structured-name", 15, 21);
}

TEST(VariableRules, FlatNamingAcceptsAnyName) {
  CheckResult result = checkText(smallModelWith(
      "name=\"u\"", "name=\"u..v\"").replace(kSmallModel.find("structured"), 10, "flat      "));
  EXPECT_EQ(result.errorCount(), 0u) << describe(result);
}

TEST(VariableRules, SecondIndependentVariableIsReported) {
  CheckResult result = checkText(smallModelWith("causality=\"input\"><Real start=\"0\"/>",
                                                "causality=\"independent\"><Real/>"));
  expectOnlyError(result, "independent-variable", 17, 52);
}

TEST(StructuredName, AcceptsTheStandardsForms) {
  for (const char* name : {"x", "_a1", "a.b.c", "a[1].b[2,3]", "a[1, 2]", "der(x)", "der(a.b,2)",
                           "'quoted name'", "a.'b c'[3]", "'it\\'s'"}) {
    EXPECT_TRUE(fmi::isStructuredName(name)) << name;
  }
}

TEST(StructuredName, RejectsMalformedNames) {
  for (const char* name : {"", "1x", "a..b", "a.", "a[]", "a[x]", "der(x", "der()", "''", "a b",
                           "'bad\\q'", "der(x,)", "'temp\xC3\xA9rature'", "'a\"b'", "'tab\there'"}) {
    EXPECT_FALSE(fmi::isStructuredName(name)) << name;
  }
}

}  // namespace
}  // namespace smc::check::test
