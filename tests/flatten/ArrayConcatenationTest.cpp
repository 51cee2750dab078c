// Array concatenation (spec 10.4.2): the matrix constructor with array
// entries ([A, B; C, D] of blocks, a vector entry as a column) and
// cat(k, ...). The expected elements follow the specification's
// definition, [a, b; c, d] = cat(1, cat(2, a, b), cat(2, c, d)).
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

TEST(ArrayConcatenation, AVectorEntryOfAMatrixConstructorIsAColumn) {
  // How Modelica.Blocks.Sources.BooleanTable builds its table.
  std::string flat = flatText(
      "model M\n"
      "  parameter Real t[3] = {1, 2, 3};\n"
      "  parameter Real A[4, 2] = [t[1], 0.5; t, {7, 8, 9}];\n"
      "end M;\n");
  EXPECT_TRUE(has(flat, "A[1,1] = t[1];")) << flat;
  EXPECT_TRUE(has(flat, "A[1,2] = 0.5;")) << flat;
  EXPECT_TRUE(has(flat, "A[2,1] = t[1];")) << flat;
  EXPECT_TRUE(has(flat, "A[4,1] = t[3];")) << flat;
  EXPECT_TRUE(has(flat, "A[4,2] = 9;")) << flat;
}

TEST(ArrayConcatenation, MatrixBlocksJoinSideBySideAndOneAboveTheOther) {
  std::string flat = flatText(
      "model M\n"
      "  parameter Real B[3, 3] = [[1, 2; 3, 4], {5, 6}; 7, 8, 9];\n"
      "end M;\n");
  const char* expected[] = {"B[1,1] = 1;", "B[1,2] = 2;", "B[1,3] = 5;", "B[2,1] = 3;", "B[2,2] = 4;",
                            "B[2,3] = 6;", "B[3,1] = 7;", "B[3,2] = 8;", "B[3,3] = 9;"};
  for (const char* element : expected) EXPECT_TRUE(has(flat, element)) << element << "\n" << flat;
}

// An entry of three dimensions promotes the others to three (spec 10.4.2):
// [A, B] with A and B of size 1x2x2 is 1x4x2.
TEST(ArrayConcatenation, AThreeDimensionalEntryPromotesTheOthers) {
  std::string flat = flatText(
      "model M\n"
      "  parameter Real T[1, 4, 2] = [{{{1, 2}, {3, 4}}}, {{{5, 6}, {7, 8}}}];\n"
      "end M;\n");
  EXPECT_TRUE(has(flat, "T[1,1,2] = 2;")) << flat;
  EXPECT_TRUE(has(flat, "T[1,3,1] = 5;")) << flat;
  EXPECT_TRUE(has(flat, "T[1,4,2] = 8;")) << flat;
}

TEST(ArrayConcatenation, CatJoinsAlongTheGivenDimension) {
  std::string flat = flatText(
      "model M\n"
      "  parameter Real C[2, 4] = cat(2, [1, 2; 3, 4], [5, 6; 7, 8]);\n"
      "  parameter Real R[4, 2] = cat(1, [1, 2; 3, 4], [5, 6; 7, 8]);\n"
      "  parameter Real D[5] = cat(1, {1, 2}, {3, 4, 5});\n"
      "end M;\n");
  EXPECT_TRUE(has(flat, "C[1,3] = 5;")) << flat;
  EXPECT_TRUE(has(flat, "C[2,2] = 4;")) << flat;
  EXPECT_TRUE(has(flat, "C[2,4] = 8;")) << flat;
  EXPECT_TRUE(has(flat, "R[3,1] = 5;")) << flat;
  EXPECT_TRUE(has(flat, "R[4,2] = 8;")) << flat;
  EXPECT_TRUE(has(flat, "D[3] = 3;")) << flat;
  EXPECT_TRUE(has(flat, "D[5] = 5;")) << flat;
}

TEST(ArrayConcatenation, EntriesThatDoNotFitAreAnErrorNamingTheDimension) {
  std::string errors = flattenErrors(
      "model M\n"
      "  Real A[2, 2] = [{1, 2}, {3}];\n"
      "end M;\n");
  EXPECT_TRUE(has(errors, "2:18: error: the entries of a row of this matrix do not fit side by side: "
                          "argument 2 has size 1 in dimension 1, the first has 2"))
      << errors;
  errors = flattenErrors(
      "model M\n"
      "  Real A[3] = cat(2, {1, 2}, {3});\n"
      "end M;\n");
  EXPECT_TRUE(has(errors, "cat(2, ...): dimension 2 does not exist: the first array has 1")) << errors;
}

// Modelica.Blocks.Sources.BooleanTable: `if n > 0 then [...] else [0, 0]`.
TEST(ArrayConcatenation, AParameterConditionChoosesBetweenBranchesOfDifferentSizes) {
  std::string flat = flatText(
      "model M\n"
      "  parameter Real t[:] = {1, 2};\n"
      "  parameter Integer n = size(t, 1);\n"
      "  parameter Real T[:, 2] = if n > 0 then [t[1], 0; t, {1, 0}] else [0, 0];\n"
      "end M;\n");
  EXPECT_TRUE(has(flat, "T[3,1] = t[2];")) << flat;
  EXPECT_FALSE(has(flat, "T[4,")) << flat;
  std::string errors = flattenErrors(
      "model M\n"
      "  Real x = time;\n"
      "  Real y[:] = if x > 1 then {1, 2} else {3};\n"
      "end M;\n");
  EXPECT_TRUE(has(errors, "3:15: error: the branches of this if-expression differ in size: an array of "
                          "size [2] and an array of size [1], and its "
                          "condition is not known at translation"))
      << errors;
}

}  // namespace
