// Bad models give located, clang-style errors from flattening.
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

TEST(FlattenErrors, UndeclaredIdentifierIsLocatedWithCaret) {
  std::string d = flattenErrors("model M\n  Real x;\nequation\n  x = y + 1;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:4:7: error: use of undeclared identifier 'y'\n  x = y + 1;\n      ^\n")) << d;
}

TEST(FlattenErrors, EveryUndeclaredIdentifierIsReported) {
  std::string d = flattenErrors("model M\n  Real x, z;\nequation\n  x = a;\n  z = b;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:4:7: error: use of undeclared identifier 'a'")) << d;
  EXPECT_TRUE(has(d, "test.mo:5:7: error: use of undeclared identifier 'b'")) << d;
}

TEST(FlattenErrors, UndeclaredIdentifierInAnIfConditionIsReportedOnce) {
  std::string d = flattenErrors("model M\n  Real x;\nequation\n  x = if c > 1 then 1 else 2;\nend M;\n");
  const std::string message = "test.mo:4:10: error: use of undeclared identifier 'c'";
  ASSERT_TRUE(has(d, message)) << d;
  EXPECT_EQ(d.find(message), d.rfind(message)) << d;
}

TEST(FlattenErrors, UnknownAttributeIsNamed) {
  std::string d = flattenErrors("model M\n  Real x(strat = 1);\nequation\n  x = 1;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:2:10: error: 'strat' is not an attribute of Real")) << d;
}

TEST(FlattenErrors, ModifyingAMissingComponentIsAnError) {
  std::string d = flattenErrors("model M\n  model S parameter Real k = 1; end S;\n  S s(q = 2);\nend M;\n");
  EXPECT_TRUE(has(d, "error: 'q' is not a component of 'M.S'")) << d;
}

TEST(FlattenErrors, UnknownClassIsReportedAtItsName) {
  std::string d = flattenErrors("model M\n  Foo f;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:2:3: error: class 'Foo' not found")) << d;
}

TEST(FlattenErrors, EquationSidesOfDifferentSize) {
  std::string d = flattenErrors("model M\n  Real x[2];\nequation\n  x = {1, 2, 3};\nend M;\n");
  EXPECT_TRUE(has(d, "error: the two sides of this equation differ in size: size [2] and size [3]")) << d;
}

TEST(FlattenErrors, IndexOutOfBounds) {
  std::string d = flattenErrors("model M\n  Real x[2];\nequation\n  x[3] = 1;\n  x[1] = 2;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:4:5: error: index 3 is out of bounds for dimension 1 of 'x' (size 2)")) << d;
}

TEST(FlattenErrors, OuterWithoutInnerIsAnError) {
  std::string d = flattenErrors("model M\n  model S\n    outer Real x;\n  end S;\n  S s;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:16: error: no inner declaration for outer 'x' in the enclosing instances 'M' (spec 5.4)"))
      << d;
}

TEST(FlattenErrors, SpatialDistributionIsNotSupportedYet) {
  std::string d = flattenErrors("model M\n  Real x = spatialDistribution(time, 1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:2:12: error: not supported yet: 'spatialDistribution' (spatialDistribution())")) << d;
}

TEST(FlattenErrors, DelayTakesTwoOrThreeArguments) {
  std::string d = flattenErrors("model M\n  Real x = delay(time);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:2:12: error: 'delay' takes 2 or 3 arguments (expr, delayTime, delayMax), 1 given"))
      << d;
}

TEST(FlattenErrors, DelayMaxMustBeAParameterExpression) {
  std::string d = flattenErrors("model M\n  Real x = delay(time, 0.1, time);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:2:29: error: delayMax of delay() must be a parameter expression")) << d;
}

TEST(FlattenErrors, SeveralClassesNeedModelOption) {
  std::string d = flattenErrors("model A end A;\nmodel B end B;\n");
  EXPECT_TRUE(has(d, "the file defines several classes (A, B); choose one with --model")) << d;
}

TEST(FlattenErrors, PartialModelCannotBeSimulated) {
  std::string d = flattenErrors("partial model M\n  Real x = 1;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:1:15: error: 'M' is partial and cannot be simulated")) << d;
}

TEST(FlattenErrors, CyclicParameterBindingsAreDetected) {
  std::string d = flattenErrors(
      "model M\n  parameter Integer n = m;\n  parameter Integer m = n;\n  Real x[n];\nend M;\n");
  EXPECT_TRUE(has(d, "depends on itself")) << d;
}

TEST(FlattenErrors, TimeVaryingArraySizeIsRejected) {
  std::string d = flattenErrors("model M\n  Real y = 2;\n  Real x[integer(y)];\nend M;\n");
  EXPECT_TRUE(has(d, "'y' is not a parameter or constant; a constant or parameter expression is required here"))
      << d;
}

}  // namespace
