// Redeclaration of components and classes (spec 7.3): in the modification
// of an extends clause or of a component, and as an element of a class body. The new
// declaration brings its type and modifiers; the original's modifiers carry
// over, or those of its constraining clause (7.3.2); only replaceable
// elements may be redeclared. Expectations are the spec's rules applied by
// hand (the first is the spec's own example of 7.3).
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

// A, and B, a subtype of A with one more parameter.
const char* kTypes =
    "  model A\n"
    "    parameter Real x;\n"
    "  end A;\n"
    "  model B\n"
    "    parameter Real x = 3.14, y;\n"
    "  end B;\n";

std::string model(const std::string& body) { return std::string("model M\n") + kTypes + body + "end M;\n"; }

// C holds a replaceable A.
const char* kHolder =
    "  model C\n"
    "    replaceable A a(x = 1);\n"
    "  end C;\n";

TEST(Redeclaration, NewTypeWithItsModifiersAndTheOriginalOnes) {
  const std::string text = flatText(model(std::string(kHolder) +
      "  model D\n"
      "    extends C(redeclare B a(y = 2));\n"
      "  end D;\n"
      "  D d;\n"));
  EXPECT_TRUE(has(text, "  parameter Real d.a.x = 1;\n  parameter Real d.a.y = 2;\n")) << text;
}

TEST(Redeclaration, AConstrainingClauseDecidesWhichModifiersCarryOver) {
  const std::string text = flatText(model(
      "  model C\n"
      "    replaceable B b(x = 1, y = 5) constrainedby B(y = 6);\n"
      "  end C;\n"
      "  model E\n"
      "    extends B;\n"
      "    parameter Real z = 0;\n"
      "  end E;\n"
      "  C kept;\n"
      "  C replaced(redeclare E b(z = 9));\n"));
  // Not redeclared: its own modifiers win over the clause's.
  EXPECT_TRUE(has(text, "  parameter Real kept.b.x = 1;\n  parameter Real kept.b.y = 5;\n")) << text;
  // Redeclared: x = 1 and y = 5 are gone, the clause's y = 6 stays.
  EXPECT_TRUE(has(text, "  parameter Real replaced.b.x = 3.14;\n  parameter Real replaced.b.y = 6;\n"
                        "  parameter Real replaced.b.z = 9;\n"))
      << text;
}

TEST(Redeclaration, ModificationsFromAboveStillApply) {
  const std::string text = flatText(model(std::string(kHolder) +
      "  model D\n"
      "    extends C(redeclare B a(y = 2));\n"
      "  end D;\n"
      "  D d(a(y = 7, x = 8));\n"));
  EXPECT_TRUE(has(text, "  parameter Real d.a.x = 8;\n  parameter Real d.a.y = 7;\n")) << text;
}

TEST(Redeclaration, TheNewTypeIsLookedUpWhereTheRedeclarationIsWritten) {
  // Local is a class of D, invisible from C where a is declared.
  const std::string text = flatText(model(
      "  model C\n"
      "    replaceable A a(x = 1);\n"
      "    Real u = a.x;\n"
      "  end C;\n"
      "  model D\n"
      "    model Local\n"
      "      parameter Real x = 0;\n"
      "      Real w = 2 * x;\n"
      "    end Local;\n"
      "    parameter Real k = 4;\n"
      "    extends C(redeclare Local a(x = k));\n"
      "  end D;\n"
      "  D d;\n"));
  EXPECT_TRUE(has(text, "  parameter Real d.a.x = d.k;\n")) << text;
  EXPECT_TRUE(has(text, "  d.a.w = 2 * d.a.x;\n")) << text;
  EXPECT_TRUE(has(text, "  d.u = d.a.x;\n")) << text;
}

TEST(Redeclaration, ARedeclareElementReplacesTheInheritedOne) {
  const std::string text = flatText(model(std::string(kHolder) +
      "  model D\n"
      "    extends C;\n"
      "    redeclare B a(y = 3);\n"
      "  end D;\n"
      "  D d;\n"));
  EXPECT_TRUE(has(text, "  parameter Real d.a.x = 1;\n  parameter Real d.a.y = 3;\n")) << text;
}

TEST(Redeclaration, TheOriginalConditionStaysAndIsEvaluatedWhereItIsWritten) {
  // Opt is visible in C only; the redeclaration is written in M.
  const std::string text = flatText(model(
      "  model C\n"
      "    package Opt\n"
      "      constant Boolean on = false;\n"
      "    end Opt;\n"
      "    replaceable A a(x = 1) if Opt.on;\n"
      "    replaceable A b(x = 1) if not Opt.on;\n"
      "  end C;\n"
      "  C c(redeclare B a(y = 2), redeclare B b(y = 3));\n"));
  EXPECT_FALSE(has(text, "c.a.")) << text;
  EXPECT_TRUE(has(text, "  parameter Real c.b.x = 1;\n  parameter Real c.b.y = 3;\n")) << text;
}

TEST(Redeclaration, AnElementNotDeclaredReplaceableIsALocatedError) {
  const std::string errors = flattenErrors(model(
      "  model C\n"
      "    A a(x = 1);\n"
      "  end C;\n"
      "  C c(redeclare B a);\n"));
  EXPECT_TRUE(has(errors, "11:7: error: 'a' cannot be redeclared: it is not declared replaceable (spec 7.3)")) << errors;
  EXPECT_TRUE(has(errors, "9:7: note: 'a' is declared here")) << errors;
}

TEST(Redeclaration, ARedeclareElementWithNothingToReplaceIsALocatedError) {
  const std::string errors = flattenErrors(model(
      "  model D\n"
      "    extends A;\n"
      "    redeclare B b;\n"
      "  end D;\n"
      "  D d;\n"));
  EXPECT_TRUE(has(errors, "10:17: error: 'redeclare b' replaces nothing: no inherited element is called 'b'")) << errors;
}

TEST(Redeclaration, ARedeclaredClassReplacesTheReplaceableOneInTheInstance) {
  const std::string text = flatText(model(
      "  model C\n"
      "    replaceable model T = A;\n"
      "    T t(x = 1);\n"
      "  end C;\n"
      "  C c(redeclare model T = B(y = 2));\n"
      "  C plain;\n"));
  EXPECT_TRUE(has(text, "  parameter Real c.t.x = 1;\n  parameter Real c.t.y = 2;\n")) << text;
  EXPECT_TRUE(has(text, "  parameter Real plain.t.x = 1;\n")) << text;
  EXPECT_FALSE(has(text, "plain.t.y")) << text;
}

// A package redeclared down two levels of instances; the functions and
// constants of the medium are its own, also those it inherits from the
// partial package whose constants its extends clause modifies.
TEST(Redeclaration, ARedeclaredPackageReachesNestedInstancesAndInheritedFunctions) {
  const std::string text = flatText(
      "package P\n"
      "  partial package Medium0\n"
      "    constant Real cp = 1;\n"
      "    function energy\n"
      "      input Real T;\n"
      "      output Real e = cp * T;\n"
      "    algorithm\n"
      "    end energy;\n"
      "  end Medium0;\n"
      "  package Water\n"
      "    extends Medium0(cp = 4);\n"
      "  end Water;\n"
      "  package Oil = Medium0(cp = 2);\n"
      "  model Tank\n"
      "    replaceable package Medium = Medium0;\n"
      "    Real e = Medium.energy(2);\n"
      "    Real c = Medium.cp;\n"
      "  end Tank;\n"
      "  model Plant\n"
      "    replaceable package Medium = Medium0;\n"
      "    Tank tank(redeclare package Medium = Medium);\n"
      "    Tank oil(redeclare package Medium = Oil);\n"
      "  end Plant;\n"
      "  model Top\n"
      "    Plant plant(redeclare package Medium = Water);\n"
      "  end Top;\n"
      "end P;\n",
      "P.Top");
  EXPECT_TRUE(has(text, "plant.tank.c = 4")) << text;
  EXPECT_TRUE(has(text, "plant.oil.c = 2")) << text;
  EXPECT_TRUE(has(text, "output Real e = 4 * T;")) << text;
}

TEST(Redeclaration, AClassNotDeclaredReplaceableCannotBeRedeclared) {
  const std::string errors = flattenErrors(model(
      "  model C\n"
      "    model T = A;\n"
      "    T t(x = 1);\n"
      "  end C;\n"
      "  C c(redeclare model T = B);\n"));
  EXPECT_TRUE(has(errors, "12:7: error: class 'T' cannot be redeclared: it is not declared replaceable (spec 7.3)"))
      << errors;
}

}  // namespace
