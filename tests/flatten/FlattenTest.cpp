// Flattening behaviour: lookup, modifiers, extends, arrays, connect.
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

TEST(Flatten, OuterModifierOverridesDeclarationAndBinding) {
  std::string text = flatText(R"(
    model Top
      model Sub
        parameter Real k = 1;
        Real x;
      equation
        x = k;
      end Sub;
      Sub a(k = 2);
      Sub b;
      Sub c(k = 3);
    end Top;)");
  EXPECT_TRUE(has(text, "parameter Real a.k = 2;")) << text;
  EXPECT_TRUE(has(text, "parameter Real b.k = 1;")) << text;
  EXPECT_TRUE(has(text, "parameter Real c.k = 3;")) << text;
  EXPECT_TRUE(has(text, "  a.x = a.k;\n")) << text;
}

TEST(Flatten, NestedModificationReachesDeepComponent) {
  std::string text = flatText(R"(
    model Top
      model Inner parameter Real p = 1; end Inner;
      model Mid Inner i(p = 5); end Mid;
      Mid m(i(p = 7));
      Mid n(i.p = 8);
      Mid o;
    end Top;)");
  EXPECT_TRUE(has(text, "Real m.i.p = 7;")) << text;
  EXPECT_TRUE(has(text, "Real n.i.p = 8;")) << text;
  EXPECT_TRUE(has(text, "Real o.i.p = 5;")) << text;
}

TEST(Flatten, AModifierMayReferToTheComponentItModifies) {
  std::string text = flatText(R"(
    model Top
      model S
        parameter Real a = 1;
        parameter Real b = 2;
        parameter Real c = 0;
      end S;
      S s(a = 3, c = -(s.a + s.b / 2));
    end Top;)");
  EXPECT_TRUE(has(text, "parameter Real s.c = -(s.a + s.b / 2);")) << text;
}

TEST(Flatten, ExtendsBringsElementsAndItsModifierApplies) {
  std::string text = flatText(R"(
    model Top
      partial model Base
        parameter Real gain = 1;
        output Real y;
      end Base;
      extends Base(gain = 4);
    equation
      y = gain * time;
    end Top;)");
  EXPECT_TRUE(has(text, "parameter Real gain = 4;")) << text;
  EXPECT_TRUE(has(text, "output Real y;")) << text;
  EXPECT_TRUE(has(text, "  y = gain * time;\n")) << text;
}

TEST(Flatten, AnIdenticalDeclarationInAClassAndItsBaseIsOneComponent) {
  std::string text = flatText(R"(
    model Top
      partial model Base
        parameter Integer m(min = 1) = 3 "Number of phases" annotation(Evaluate = true);
        Real x[m];
      end Base;
      extends Base;
      parameter Integer m(min = 1) = 3 "Phases";
    equation
      x = fill(time, m);
    end Top;)");
  EXPECT_TRUE(has(text, "parameter Integer m(min = 1) = 3")) << text;
  EXPECT_TRUE(has(text, "  x[3] = time;\n")) << text;
}

// fill(s, n) of an array s is n copies of s (spec 10.3.3: fill(s, n1, n2)
// = fill(fill(s, n2), n1)): M[i, j] = C[j].
TEST(Flatten, FillOfAnArrayRepeatsTheArray) {
  std::string text = flatText(R"(
    model Top
      Real C[2] = {time, 2 * time};
      Real M[3, 2] = fill(C, 3);
      Real N[2, 1, 2] = fill(C, 2, 1);
    end Top;)");
  EXPECT_TRUE(has(text, "M[1,1] = C[1];")) << text;
  EXPECT_TRUE(has(text, "M[3,2] = C[2];")) << text;
  EXPECT_TRUE(has(text, "N[2,1,1] = C[1];")) << text;
  EXPECT_TRUE(has(text, "N[2,1,2] = C[2];")) << text;
}

TEST(Flatten, DifferentDeclarationsOfOneNameInAClassAndItsBaseClash) {
  std::string d = flattenErrors(R"(
    model Top
      partial model Base
        parameter Integer m(final min = 1) = 3;
      end Base;
      extends Base;
      parameter Integer m(min = 3) = 3;
    end Top;)");
  EXPECT_TRUE(has(d, "error: component 'm' is declared twice")) << d;
}

TEST(Flatten, ALongTypeThatExtendsAPredefinedTypeIsThatType) {
  std::string text = flatText(R"(
    model Top
      type TypeReal
        extends Real(unit = "m");
      end TypeReal;
      type Length = TypeReal;
      Length x = time;
    end Top;)");
  EXPECT_TRUE(has(text, "Real x(unit = \"m\")")) << text;
}

TEST(Flatten, ArraysAreScalarizedAndForEquationsUnrolled) {
  std::string text = flatText(R"(
    model Top
      parameter Integer n = 3;
      Real x[n](each start = 1, each fixed = true);
    equation
      for i in 1:n loop
        der(x[i]) = -i * x[i];
      end for;
    end Top;)");
  EXPECT_TRUE(has(text, "Real x[3](start = 1, fixed = true);")) << text;
  EXPECT_TRUE(has(text, "  der(x[2]) = -2 * x[2];\n")) << text;
  EXPECT_FALSE(has(text, "x[4]")) << text;
}

TEST(Flatten, IfExpressionOnForIndexLowersOnlyTheBranchTaken) {
  std::string text = flatText(R"(
    model Top
      parameter Integer n = 3;
      Real x[n](each start = 1, each fixed = true);
    equation
      for i in 1:n loop
        der(x[i]) = if i > 1 then x[i - 1] - x[i] elseif i == 1 then -x[i] else x[0];
      end for;
    end Top;)");
  EXPECT_TRUE(has(text, "  der(x[1]) = -x[1];\n")) << text;
  EXPECT_TRUE(has(text, "  der(x[3]) = x[2] - x[3];\n")) << text;
  EXPECT_FALSE(has(text, "if")) << text;
}

TEST(Flatten, IfExpressionOnAParameterKeepsBothBranches) {
  // The importer may change p before initialization: no branch is fixed.
  std::string text = flatText(R"(
    model Top
      parameter Integer p = 2;
      Real y = if p > 1 then 1 else 2;
    end Top;)");
  EXPECT_TRUE(has(text, "if p > 1 then 1 else 2")) << text;
}

TEST(Flatten, DimensionMayPrecedeTheParameterThatSizesIt) {
  std::string text = flatText(R"(
    model Top
      Real x[m] = {1, 2};
      parameter Integer m = 2;
    end Top;)");
  EXPECT_TRUE(has(text, "  x[1] = 1;\n  x[2] = 2;\n")) << text;
}

TEST(Flatten, ArrayEquationsExpandElementwiseAndMatrixProduct) {
  std::string text = flatText(R"(
    model Top
      parameter Real A[2, 2] = [1, 2; 3, 4];
      Real x[2](each start = 0);
      Real y[2];
    equation
      der(x) = A * x;
      y = 2 * x + {1, 1};
    end Top;)");
  EXPECT_TRUE(has(text, "  der(x[1]) = A[1,1] * x[1] + A[1,2] * x[2];\n")) << text;
  EXPECT_TRUE(has(text, "  y[2] = 2 * x[2] + 1;\n")) << text;
}

TEST(Flatten, ReductionsAndComprehensions) {
  std::string text = flatText(R"(
    model Top
      Real x[3] = {1, 2, 3};
      Real s = sum(x);
      Real m = max(x[i] * i for i in 1:3);
      Real v[3] = {j * 2 for j in 1:3};
    end Top;)");
  EXPECT_TRUE(has(text, "  s = x[1] + x[2] + x[3];\n")) << text;
  EXPECT_TRUE(has(text, "  m = max(max(x[1] * 1, x[2] * 2), x[3] * 3);\n")) << text;
  EXPECT_TRUE(has(text, "  v[3] = 3 * 2;\n")) << text;
}

TEST(Flatten, ConnectOfCausalSignalsEquatesThem) {
  std::string text = flatText(R"(
    model Top
      connector RealInput = input Real;
      connector RealOutput = output Real;
      block Gain
        parameter Real k = 2;
        RealInput u;
        RealOutput y;
      equation
        y = k * u;
      end Gain;
      Gain g1, g2(k = 3);
      output Real out;
    equation
      g1.u = time;
      connect(g1.y, g2.u);
      connect(g2.y, out);
    end Top;)");
  EXPECT_TRUE(has(text, "  g1.y = g2.u;\n")) << text;
  EXPECT_TRUE(has(text, "  g2.y = out;\n")) << text;
  // Inputs of sub-blocks are not inputs of the FMU.
  EXPECT_TRUE(has(text, "  Real g1.u;\n")) << text;
  EXPECT_TRUE(has(text, "  output Real out;\n")) << text;
}

TEST(Flatten, ConnectOfCompositeConnectorsMatchesLeavesByName) {
  std::string text = flatText(R"(
    model Top
      connector Bus
        Real a;
        Real b[2];
      end Bus;
      Bus p, q;
    equation
      connect(p, q);
      p.a = 1; p.b = {2, 3};
    end Top;)");
  EXPECT_TRUE(has(text, "  p.a = q.a;\n")) << text;
  EXPECT_TRUE(has(text, "  p.b[2] = q.b[2];\n")) << text;
}

TEST(Flatten, PackageConstantsAndImportsResolve) {
  std::string text = flatText(R"(
    package Lib
      package Constants
        constant Real pi = 3.14159;
        constant Real twoPi = 2 * pi;
      end Constants;
      type Length = Real(unit = "m");
      model Wheel
        import Lib.Constants.twoPi;
        import C = Lib.Constants;
        parameter Length r = 0.5;
        Real circumference = twoPi * r;
        Real half = C.pi * r;
      end Wheel;
    end Lib;)", "Lib.Wheel");
  EXPECT_TRUE(has(text, "parameter Real r(unit = \"m\") = 0.5;")) << text;
  EXPECT_TRUE(has(text, "  circumference = 6.28318 * r;\n")) << text;
  EXPECT_TRUE(has(text, "  half = 3.14159 * r;\n")) << text;
}

TEST(Flatten, ShortClassTypeCarriesAttributesAndComponentOverrides) {
  std::string text = flatText(R"(
    model Top
      type Voltage = Real(unit = "V", nominal = 10);
      Voltage v(nominal = 230) = 1;
    end Top;)");
  EXPECT_TRUE(has(text, "Real v(nominal = 230, unit = \"V\");")) << text;
}

TEST(Flatten, ParameterIfEquationKeepsTheSelectedBranch) {
  std::string text = flatText(R"(
    model Top
      parameter Boolean fast = true;
      Real x;
    equation
      if fast then
        x = 1;
      else
        x = 2;
      end if;
    end Top;)");
  EXPECT_TRUE(has(text, "  x = 1;\n")) << text;
  EXPECT_FALSE(has(text, "x = 2")) << text;
}

TEST(Flatten, ExperimentAnnotationIsRead) {
  std::string text = flatText(R"(
    model Top
      Real x = 1;
      annotation(experiment(StartTime = 0, StopTime = 4, Interval = 0.01, Tolerance = 1e-8));
    end Top;)");
  EXPECT_TRUE(has(text, "annotation(experiment(StartTime = 0.0, StopTime = 4.0, Interval = 0.01, Tolerance = 1e-08));"))
      << text;
}

TEST(Flatten, ModelIsSelectedByNameAmongSeveral) {
  const std::string text = flatText("model A Real x = 1; end A; model B Real y = 2; end B;", "B");
  EXPECT_TRUE(has(text, "class B")) << text;
}

}  // namespace
