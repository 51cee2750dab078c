// Pathological models that flattening must refuse with a located error
// instead of recursing forever, exhausting memory or hanging: classes that
// contain or extend themselves, arrays too large to expand into scalars, and
// long operator chains (whose type was once computed in exponential time).
#include "FlatFixture.h"
#include "frontend/ResourceLimits.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <chrono>

namespace smc::test {
namespace {

TEST(ResourceLimits, ComponentOfItsOwnClassIsRefused) {
  std::string errors = flattenErrors("model A\n  A a;\nend A;\n");
  EXPECT_TRUE(has(errors, "2:5: error: component 'a' is again an instance of 'A'")) << errors;
}

TEST(ResourceLimits, MutuallyContainingClassesAreRefused) {
  std::string errors = flattenErrors("model A\n  B b;\nend A;\nmodel B\n  A a;\nend B;\n", "A");
  EXPECT_TRUE(has(errors, "component 'b.a' is again an instance of 'A'")) << errors;
}

TEST(ResourceLimits, ReplaceableAliasOfTheEnclosingModelIsRefused) {
  std::string errors = flattenErrors("model M\n  replaceable model R = M;\n  R r;\nend M;\n");
  EXPECT_TRUE(has(errors, "instantiation would never end")) << errors;
}

TEST(ResourceLimits, ExtendsCycleIsNamed) {
  std::string errors =
      flattenErrors("model A\n  extends B;\nend A;\nmodel B\n  extends A;\nend B;\n", "A");
  EXPECT_TRUE(has(errors, "error: cyclic extends: A extends B extends A")) << errors;
}

// model C0 extends C1; ... model C<n-1> extends C<n>; model C<n> Real x = 1;
std::string extendsChain(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) text += fmt::format("model C{}\n  extends C{};\nend C{};\n", i, i + 1, i);
  text += fmt::format("model C{}\n  Real x = 1;\nend C{};\n", n, n);
  return text;
}

TEST(ResourceLimits, DeepInheritanceUpToTheLimitFlattens) {
  // Also pins lookup through the chain as linear: resolving each level's
  // base again through every level below once took minutes.
  std::string text = flatText(extendsChain(limits::kMaxExtendsDepth), "C0");
  EXPECT_TRUE(has(text, "  x = 1;")) << text;
}

TEST(ResourceLimits, InheritanceDeeperThanTheLimitIsRefused) {
  std::string errors = flattenErrors(extendsChain(limits::kMaxExtendsDepth + 1), "C0");
  EXPECT_TRUE(has(errors, "error: 'C1001' is more than 1000 levels of extends deep")) << errors;
}

TEST(ResourceLimits, HugeArrayIsRefusedBeforeExpansion) {
  std::string errors = flattenErrors("model M\n  Real x[100000000];\nend M;\n");
  EXPECT_TRUE(has(errors, "2:3: error: component of size [100000000] has more than 1000000 "
                          "elements")) << errors;
}

TEST(ResourceLimits, ArrayWhoseSizeProductOverflowsIsRefused) {
  // (2^31 - 1)^3 is beyond 64 bits.
  std::string errors = flattenErrors("model M\n  Real x[2147483647, 2147483647, 2147483647];\nend M;\n");
  EXPECT_TRUE(has(errors, "component of size [2147483647, 2147483647, 2147483647] has more than")) << errors;
  errors = flattenErrors("model M\n  Real x[1000000, 1000000];\nend M;\n");
  EXPECT_TRUE(has(errors, "component of size [1000000, 1000000] has more than")) << errors;
}

TEST(ResourceLimits, ManyArraysUnderTheLimitStillAddUp) {
  std::string errors = flattenErrors(
      "model M\n  Real a[600000];\n  Real b[600000];\nend M;\n");
  EXPECT_TRUE(has(errors, "3:3: error: the model expands to more than 1000000 scalar")) << errors;
}

TEST(ResourceLimits, HugeArrayOfRecordsIsRefused) {
  std::string errors = flattenErrors(
      "record R\n  Real v;\nend R;\nmodel M\n  R r[2000000];\nend M;\n", "M");
  EXPECT_TRUE(has(errors, "component of size [2000000] has more than")) << errors;
}

TEST(ResourceLimits, NegativeAndFractionalDimensionsAreRefused) {
  EXPECT_TRUE(has(flattenErrors("model M\n  Real x[-3];\nend M;\n"),
                  "array dimension must not be negative, got -3"));
  EXPECT_TRUE(has(flattenErrors("model M\n  Real x[2.5];\nend M;\n"),
                  "expected an Integer expression"));
}

TEST(ResourceLimits, HugeFillIsRefused) {
  std::string errors =
      flattenErrors("model M\n  Real x;\nequation\n  x = sum(fill(0, 1000000000));\nend M;\n");
  EXPECT_TRUE(has(errors, "fill() of size [1000000000] has more than 1000000")) << errors;
  errors = flattenErrors("model M\n  Real x;\nequation\n  x = sum(zeros(100000, 100000));\nend M;\n");
  EXPECT_TRUE(has(errors, "zeros() of size [100000, 100000] has more than")) << errors;
}

TEST(ResourceLimits, HugeRangeIsRefused) {
  std::string errors =
      flattenErrors("model M\n  Real x;\nequation\n  x = sum(1:1000000000);\nend M;\n");
  EXPECT_TRUE(has(errors, "range has 1000000000 elements, more than 1000000")) << errors;
  // The count itself does not fit in an Integer.
  errors = flattenErrors("model M\n  Real x;\nequation\n  x = sum(-2147483648:2147483647);\nend M;\n");
  EXPECT_TRUE(has(errors, "range has 4294967296 elements")) << errors;
}

TEST(ResourceLimits, HugeForEquationIsRefused) {
  std::string errors = flattenErrors(
      "model M\n  Real x;\nequation\n  x = 1;\n  for i in 1:1000000000 loop\n  end for;\nend M;\n");
  EXPECT_TRUE(has(errors, "5:12: error: range has 1000000000 elements")) << errors;
}

TEST(ResourceLimits, NestedForLoopsMultiply) {
  std::string errors = flattenErrors(
      "model M\n  Real x;\nequation\n  x = 1;\n"
      "  for i in 1:10000, j in 1:10000 loop\n  end for;\nend M;\n");
  EXPECT_TRUE(has(errors, "for-equations index space of size [10000, 10000] has more than"))
      << errors;
}

TEST(ResourceLimits, HugeAlgorithmLoopIsRefused) {
  std::string errors = flattenErrors(
      "model M\n  Real x;\nalgorithm\n  x := 0;\n  for i in 1:1000000000 loop\n"
      "    x := x + 1;\n  end for;\nend M;\n");
  EXPECT_TRUE(has(errors, "range has 1000000000 elements")) << errors;
}

TEST(ResourceLimits, LongAdditionChainFlattensInLinearTime) {
  // Typing `x + x + ... + x` used to visit the left operand twice per
  // level: 2^200 steps for this model.
  std::string chain = "1";
  for (int i = 0; i < 200; ++i) chain += " + x";
  auto start = std::chrono::steady_clock::now();
  std::string text = flatText("model M\n  Real x(start = 0);\nequation\n  der(x) = " + chain +
                              ";\nend M;\n");
  auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(has(text, "der(x) = 1 + x + x")) << text.substr(0, 200);
  EXPECT_LT(seconds, 10.0);
}

}  // namespace
}  // namespace smc::test
