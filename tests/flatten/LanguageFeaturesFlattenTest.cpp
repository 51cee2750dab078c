// Language features the chapter's hand-lowered state machine needs, as
// flattening produces them: ':' dimensions sized by the binding (spec 10.1),
// subscripts that vary during simulation (spec 10.5), if-equations whose
// conditions vary during simulation (spec 8.3.4), and parameter conditions
// of discrete equations decided at translation; fields of slices of arrays
// of components (spec 10.5.1); modifiers of arrays of components split over
// the elements (spec 7.2.5).
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

// --- ':' dimensions ---------------------------------------------------------

TEST(ColonDimensions, TakeTheirSizeFromTheBinding) {
  std::string text = flatText(R"(model M
  parameter Real a[:] = {1, 2, 3};
  parameter Integer m[:, :] = {{1, 2}, {3, 4}};
  Real b[size(a, 1)];
equation
  b = a;
end M;
)");
  EXPECT_TRUE(has(text, "parameter Real a[3] = 3")) << text;
  EXPECT_TRUE(has(text, "parameter Integer m[2,2] = 4")) << text;
  EXPECT_TRUE(has(text, "  b[3] = a[3];\n")) << text;
  EXPECT_FALSE(has(text, "a[4]")) << text;
}

TEST(ColonDimensions, OfAnArrayOfRecordsComeFromAnExtendsModifier) {
  std::string text = flatText(R"(package P
  record T
    Integer from;
    Integer to;
    Boolean immediate = true;
  end T;
  model Base
    parameter T t[:];
    Integer n = size(t, 1);
  end Base;
  model M
    extends Base(t = {T(from = 1, to = 2), T(from = 2, to = 1, immediate = false)});
  end M;
end P;
)", "P.M");
  EXPECT_TRUE(has(text, "parameter Integer t[2].from = 2")) << text;
  EXPECT_TRUE(has(text, "parameter Integer t[2].to = 1")) << text;
  EXPECT_TRUE(has(text, "parameter Boolean t[1].immediate = true")) << text;
  EXPECT_TRUE(has(text, "parameter Boolean t[2].immediate = false")) << text;
  EXPECT_FALSE(has(text, "t[3]")) << text;
  EXPECT_TRUE(has(text, "  n = 2;\n")) << text;
}

TEST(ColonDimensions, WithoutABindingAreALocatedError) {
  std::string errors = flattenErrors(R"(model M
  parameter Real a[:];
end M;
)");
  EXPECT_TRUE(has(errors, "2:20: error: the size of 'a' is given by ':' but it has no binding")) << errors;
}

TEST(ColonDimensions, BindingOfAnotherRankIsALocatedError) {
  std::string errors = flattenErrors(R"(model M
  parameter Real a[:, :] = {1, 2};
end M;
)");
  EXPECT_TRUE(has(errors, "2:28: error: the binding of 'a' is size [2], but 'a' is declared with 2 dimension(s)"))
      << errors;
}

TEST(ColonDimensions, FromARaggedArrayAreALocatedError) {
  std::string errors = flattenErrors(R"(model M
  Real a[:] = {{1, 2}, {3}};
end M;
)");
  EXPECT_TRUE(has(errors, "2:24: error: the elements of this array differ in size: size [2] and size [1]")) << errors;
}

TEST(RecordArrayBindings, OfTheWrongSizeAreALocatedError) {
  std::string errors = flattenErrors(R"(model M
  record R
    Real a;
  end R;
  parameter R t[3] = {R(a = 1), R(a = 2)};
end M;
)");
  EXPECT_TRUE(has(errors, "5:22: error: the binding of 't' has size [2] but 't' is declared with size [3]")) << errors;
}

// --- subscripts that vary during simulation --------------------------------

TEST(ComponentArrayModifiers, WithoutEachGiveEveryElementItsOwnPart) {
  std::string text = flatText(R"(model M
  model R
    parameter Real r = 1;
    parameter Real v[2] = {0, 0};
    Real x(start = 0);
  equation
    der(x) = r;
  end R;
  parameter Real rs[3] = {1, 2, 3};
  R a[3](r = rs, each v = {5, 6}, x(start = {10, 20, 30}));
  R b[2](v = {{1, 2}, {3, 4}});
end M;
)");
  EXPECT_TRUE(has(text, "  parameter Real a[2].r = rs[2];\n")) << text;
  EXPECT_TRUE(has(text, "  parameter Real a[3].v[1] = 5;\n")) << text;
  EXPECT_TRUE(has(text, "  Real a[3].x(start = 30);\n")) << text;
  EXPECT_TRUE(has(text, "  parameter Real b[2].v[1] = 3;\n")) << text;
  std::string d = flattenErrors(R"(model M
  model R
    parameter Real r = 1;
  end R;
  R a[3](r = {1, 2});
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:5:14: error: this modifier of an array of components has no 'each', so its value "
                     "must have one element per component (its leading dimensions), but it is of size [2]"))
      << d;
}

// A type's own modifiers belong to each element of an array of that type
// (`type MassFraction = Real(min = 0)`, `MassFraction X[2]`): no warning
// asks for 'each'; a scalar written on the array itself still gets one.
TEST(ComponentArrayModifiers, ATypesModifiersApplyToEachElementSilently) {
  Flattened typed = flattenToModel(R"(model M
  type MassFraction = Real(min = 0, max = 1, nominal = 0.1);
  MassFraction X[2](start = {0.5, 0.5}) = {time, 1 - time};
end M;
)");
  ASSERT_TRUE(typed.model) << typed.diagnostics;
  EXPECT_FALSE(has(typed.diagnostics, "each")) << typed.diagnostics;
  Flattened written = flattenToModel(R"(model M
  Real X[2](min = 0) = {time, 1 - time};
end M;
)");
  ASSERT_TRUE(written.model) << written.diagnostics;
  EXPECT_TRUE(has(written.diagnostics, "scalar min of array 'X' applies to every element; write 'each' to say so"))
      << written.diagnostics;
}

TEST(ComponentArraySlices, AFieldOfEveryElementFormsAnArray) {
  auto r = flattenToModel(R"(model M
  connector P
    Boolean set;
    Real v[2];
  end P;
  P p[3](each set = true, each v = {1, 2});
  Boolean all = p[1].set and p[2].set;
  Integer n = size(p.set, 1);
  Real w[2, 2] = p[2:3].v;
end M;
)");
  ASSERT_TRUE(r.model) << r.diagnostics;
  std::string text = smc::flat::dumpFlat(*r.model);
  EXPECT_TRUE(has(text, "n = 3;")) << text;
  EXPECT_TRUE(has(text, "w[1,1] = p[2].v[1];")) << text;
  EXPECT_TRUE(has(text, "w[2,2] = p[3].v[2];")) << text;
  std::string d = flattenErrors(R"(model M
  connector P
    Real v;
  end P;
  P p[2];
  Integer k = 1 + integer(time);
  Real w[2] = p[k:2].v;
end M;
)");
  EXPECT_TRUE(has(d, "test.mo:7:17: error: 'k' is not a parameter or constant")) << d;
}

TEST(VariableSubscripts, ReadThroughAnIfChainEndingInAnIndexError) {
  std::string text = flatText(R"(model M
  discrete Integer i(start = 1);
  Real a[2] = {time, 2 * time};
  Real y = a[i];
end M;
)");
  EXPECT_TRUE(has(text, "  y = if i == 1 then a[1] else if i == 2 then a[2] else $indexError0(i);\n")) << text;
  EXPECT_TRUE(has(text, "function $indexError0\n  input Integer index;\n  output Real value")) << text;
  EXPECT_TRUE(has(text, "assert(false, \"array index out of bounds: 'a' has size [2]\");")) << text;
}

TEST(VariableSubscripts, OnAnArrayOfRecordsSelectTheNamedField) {
  std::string text = flatText(R"(model M
  record T
    Integer to;
  end T;
  parameter T t[2] = {T(to = 5), T(to = 7)};
  discrete Integer k(start = 1);
  Integer target = t[k].to;
end M;
)");
  EXPECT_TRUE(has(text, "  target = if k == 1 then t[1].to else if k == 2 then t[2].to else $indexError0(k);\n"))
      << text;
}

TEST(VariableSubscripts, TwoOfThemChainOverEveryCombination) {
  std::string text = flatText(R"(model M
  parameter Integer m[2, 2] = {{1, 2}, {3, 4}};
  discrete Integer i(start = 1), j(start = 1);
  Integer y = m[i, j];
end M;
)");
  EXPECT_TRUE(has(text, "if i == 1 and j == 1 then m[1,1] else if i == 1 and j == 2 then m[1,2] else if i == 2 and "
                        "j == 1 then m[2,1] else if i == 2 and j == 2 then m[2,2] else $indexError0(i, j)"))
      << text;
}

TEST(VariableSubscripts, MixedWithAColonKeepTheSlice) {
  std::string text = flatText(R"(model M
  parameter Integer m[2, 2] = {{1, 2}, {3, 4}};
  discrete Integer i(start = 1);
  Integer row[2] = m[i, :];
end M;
)");
  EXPECT_TRUE(has(text, "  row[2] = if i == 1 then m[1,2] else if i == 2 then m[2,2] else $indexError0(i);\n"))
      << text;
}

TEST(VariableSubscripts, OnTheLeftOfAnEquationAreNotSupportedYet) {
  std::string errors = flattenErrors(R"(model M
  discrete Integer i(start = 1);
  Real a[2];
equation
  a[i] = time;
  a[1] = 0;
end M;
)");
  EXPECT_TRUE(has(errors, "5:3: error: not supported yet: array subscripts that vary during simulation on the left "
                          "side of an equation"))
      << errors;
}

TEST(VariableSubscripts, OnTheLeftOfAnAssignmentBecomeAnIfStatementEndingInAnIndexError) {
  std::string text = flatText(R"(model M
  discrete Integer i(start = 1);
  discrete Real a[2];
algorithm
  a[i] := 5;
end M;
)");
  EXPECT_TRUE(has(text, "  if i == 1 then\n    a[1] := 5;\n  elseif i == 2 then\n    a[2] := 5;\n  else\n"
                        "    $indexError0(i);\n  end if;\n"))
      << text;
}

TEST(VariableSubscripts, ThatAreRealAreALocatedError) {
  std::string errors = flattenErrors(R"(model M
  Real a[2] = {1, 2};
  Real y = a[time];
end M;
)");
  EXPECT_TRUE(has(errors, "3:14: error: array subscripts must be Integer")) << errors;
}

// --- if-equations with conditions that vary during simulation --------------

TEST(VaryingIfEquations, DefiningTheSameVariablesBecomeOneEquationPerVariable) {
  std::string text = flatText(R"(model M
  Integer k;
  Boolean b;
equation
  if time > 1 then
    k = 1;
    b = true;
  elseif time > 0.5 then
    b = false;
    k = 2;
  else
    k = 3;
    b = false;
  end if;
end M;
)");
  EXPECT_TRUE(has(text, "  k = if time > 1 then 1 else if time > 0.5 then 2 else 3;\n")) << text;
  EXPECT_TRUE(has(text, "  b = if time > 1 then true else if time > 0.5 then false else false;\n")) << text;
}

TEST(VaryingIfEquations, OtherRealBranchesPairUpAsResiduals) {
  std::string text = flatText(R"(model M
  Real x, y;
equation
  x = time;
  if x > 0.5 then
    y + x = 2;
  else
    2 * y = x;
  end if;
end M;
)");
  EXPECT_TRUE(has(text, "  0.0 = if x > 0.5 then y + x - 2 else 2 * y - x;\n")) << text;
}

TEST(VaryingIfEquations, DefiningTheSameDerivativesBecomeOneEquationPerState) {
  std::string text = flatText(R"(model M
  Real x(start = 1, fixed = true);
equation
  if x > 2 then
    der(x) = -1;
  else
    der(x) = x;
  end if;
end M;
)");
  EXPECT_TRUE(has(text, "  der(x) = if x > 2 then -1 else x;\n")) << text;
}

TEST(VaryingIfEquations, FlattenNestedForAndIfEquationsFirst) {
  std::string text = flatText(R"(model M
  Real a[2];
  Real z;
equation
  if time > 1 then
    for i in 1:2 loop
      a[i] = i;
    end for;
    if time > 2 then
      z = 1;
    else
      z = 2;
    end if;
  else
    a = {0, 0};
    z = 3;
  end if;
end M;
)");
  EXPECT_TRUE(has(text, "  a[1] = if time > 1 then 1 else 0;\n")) << text;
  EXPECT_TRUE(has(text, "  a[2] = if time > 1 then 2 else 0;\n")) << text;
  EXPECT_TRUE(has(text, "  z = if time > 1 then if time > 2 then 1 else 2 else 3;\n")) << text;
}

TEST(VaryingIfEquations, WithDifferentEquationCountsAreALocatedErrorNamingTheBranches) {
  std::string errors = flattenErrors(R"(model M
  Real x, y;
equation
  if time > 1 then
    x = 1;
    y = 2;
  else
    x = 2;
  end if;
end M;
)");
  EXPECT_TRUE(has(errors, "4:3: error: the branches of this if-equation must have the same number of scalar "
                          "equations because its conditions vary during simulation (spec 8.3.4): branch 1 (if) "
                          "has 2, branch 2 (else) has 1"))
      << errors;
}

TEST(VaryingIfEquations, WithoutElseCountTheMissingBranchAsEmpty) {
  std::string errors = flattenErrors(R"(model M
  Real x;
equation
  if time > 1 then
    x = 1;
  end if;
end M;
)");
  EXPECT_TRUE(has(errors, "branch 1 (if) has 1, branch 2 (else) has 0")) << errors;
}

TEST(VaryingIfEquations, MixingNonRealEquationsOfDifferentVariablesIsNotSupportedYet) {
  std::string errors = flattenErrors(R"(model M
  Integer k;
  Real x;
equation
  if time > 1 then
    k = 1;
  else
    x = 2;
  end if;
end M;
)");
  EXPECT_TRUE(has(errors, "6:5: error: not supported yet: an if-equation whose conditions vary during simulation"))
      << errors;
}

TEST(VaryingIfEquations, RejectWhenEquationsInsideTheirBranches) {
  std::string errors = flattenErrors(R"(model M
  discrete Real x;
equation
  if time > 1 then
    when time > 2 then
      x = 1;
    end when;
  end if;
end M;
)");
  EXPECT_TRUE(has(errors, "5:5: error: a when-equation is not allowed inside an if-equation whose condition is not "
                          "a parameter expression (spec 8.3.5.2)"))
      << errors;
}

TEST(VaryingIfEquations, CheckAssertionsOnlyWhileTheirBranchIsSelected) {
  std::string text = flatText(R"(model M
  Real x;
equation
  if time > 1 then
    x = 1;
    assert(x > 0, "positive");
  else
    x = 2;
  end if;
end M;
)");
  EXPECT_TRUE(has(text, "assert(if time > 1 then x > 0 else true, \"positive\")")) << text;
}

TEST(VaryingIfEquations, InsideAWhenClauseBecomeOneAssignmentPerVariable) {
  std::string text = flatText(R"(model M
  discrete Integer k(start = 0);
  discrete Real y(start = 0);
equation
  when sample(0, 0.25) then
    if time > 0.5 then
      k = pre(k) + 10;
      y = 1;
    else
      y = 2;
      k = pre(k) + 1;
    end if;
  end when;
end M;
)");
  EXPECT_TRUE(has(text, "    k = if time > 0.5 then pre(k) + 10 else pre(k) + 1;\n")) << text;
  EXPECT_TRUE(has(text, "    y = if time > 0.5 then 1 else 2;\n")) << text;
}

TEST(VaryingIfEquations, InsideAWhenClauseMustAssignTheSameVariablesInEveryBranch) {
  std::string errors = flattenErrors(R"(model M
  discrete Integer k(start = 0);
  discrete Real y(start = 0);
equation
  when sample(0, 0.25) then
    if time > 0.5 then
      k = 1;
    else
      y = 2;
    end if;
  end when;
end M;
)");
  EXPECT_TRUE(has(errors, "6:5: error: inside a when-clause, every branch of this if-equation must assign the same "
                          "variables because its conditions vary during simulation (spec 8.3.5.2); branch 2 (else) "
                          "differs from branch 1"))
      << errors;
}

// --- parameter conditions of discrete equations ----------------------------

TEST(StructuralConditions, ParameterConditionsOfDiscreteEquationsAreDecidedAtTranslation) {
  std::string text = flatText(R"(model M
  parameter Boolean immediate = false;
  discrete Integer j(start = 0);
  Boolean c = j > 2;
  Integer k = if immediate and c then 1 else 0;
  Real x = if immediate then time else 1;
end M;
)");
  EXPECT_TRUE(has(text, "  k = 0;\n")) << text;
  // Its value is part of the equations now: no longer a settable parameter.
  EXPECT_TRUE(has(text, "constant Boolean immediate = false;")) << text;
  // Real equations keep their parameter conditions.
  EXPECT_TRUE(has(text, "  x = if immediate then time else 1;\n")) << text;
}

TEST(StructuralConditions, ParametersWithoutABindingStayUndecided) {
  std::string text = flatText(R"(model M
  parameter Boolean p(fixed = false);
  discrete Integer j(start = 0);
  Integer k = if p then j else 0;
initial equation
  p = true;
end M;
)");
  EXPECT_TRUE(has(text, "  k = if p then j else 0;\n")) << text;
  EXPECT_TRUE(has(text, "parameter Boolean p")) << text;
}

// MSL 4 calls built-ins by their global name (`.sin(u)`, spec 5.3.3).
TEST(GlobalNames, ABuiltinCalledByItsGlobalNameIsTheBuiltin) {
  std::string flat = flatText("model M\n  output Real y = .sin(time) + .abs(-time);\nend M;\n");
  EXPECT_TRUE(has(flat, "y = sin(time) + abs(-time);")) << flat;
}

}  // namespace
