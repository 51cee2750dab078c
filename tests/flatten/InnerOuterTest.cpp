// inner/outer components (spec 5.4): an outer stands for the inner of the
// nearest enclosing instance that declares one, creates no variable of its
// own, and every reference through it reaches the inner's variables.
#include "FlatFixture.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

TEST(InnerOuter, OuterVariableIsTheInnerVariable) {
  const std::string text = flatText(
      "model M\n"
      "  model Sub\n"
      "    outer Real k;\n"
      "    Real y;\n"
      "  equation\n"
      "    y = 2 * k;\n"
      "  end Sub;\n"
      "  inner Real k = 3;\n"
      "  Sub s;\n"
      "end M;\n");
  EXPECT_EQ(text, "class M\n  Real k;\n  Real s.y;\nequation\n  k = 3;\n  s.y = 2 * k;\nend M;\n");
}

TEST(InnerOuter, OuterModelInstanceSharesTheInnerInstance) {
  const std::string text = flatText(
      "model M\n"
      "  model Env\n"
      "    parameter Real g = 9.81;\n"
      "    Real t = time;\n"
      "  end Env;\n"
      "  model Body\n"
      "    outer Env env;\n"
      "    Real w;\n"
      "  equation\n"
      "    w = env.g * env.t;\n"
      "  end Body;\n"
      "  inner Env env;\n"
      "  Body b1, b2;\n"
      "end M;\n");
  EXPECT_EQ(text,
            "class M\n  parameter Real env.g = 9.81;\n  Real env.t;\n  Real b1.w;\n  Real b2.w;\nequation\n"
            "  env.t = time;\n  b1.w = env.g * env.t;\n  b2.w = env.g * env.t;\nend M;\n");
}

TEST(InnerOuter, SearchSkipsLevelsWithoutInnerAndNearestInnerWins) {
  const std::string text = flatText(
      "model M\n"
      "  inner Real x;\n"
      "  model B\n"
      "    outer Real x;\n"
      "    Real y = x;\n"
      "  end B;\n"
      "  model A\n"
      "    inner Real x;\n"
      "    B b;\n"
      "  end A;\n"
      "  model Wrapper\n"
      "    B b;\n"
      "  end Wrapper;\n"
      "  A a;\n"
      "  Wrapper w;\n"
      "end M;\n");
  EXPECT_EQ(text,
            "class M\n  Real x;\n  Real a.x;\n  Real a.b.y;\n  Real w.b.y;\nequation\n"
            "  a.b.y = a.x;\n  w.b.y = x;\nend M;\n");
}

TEST(InnerOuter, InnerOuterPassesTheTopInnerDown) {
  auto r = flattenToModel(
      "model M\n"
      "  inner Integer v(start = 0);\n"
      "  block Leaf\n"
      "    outer output Integer v;\n"
      "  equation\n"
      "    v = 1;\n"
      "  end Leaf;\n"
      "  block Mid\n"
      "    inner outer Integer v;\n"
      "    Leaf leaf;\n"
      "  end Mid;\n"
      "  Mid mid;\n"
      "end M;\n");
  ASSERT_TRUE(r.model) << r.diagnostics;
  ASSERT_EQ(r.model->variables.size(), 1u);
  EXPECT_EQ(r.model->variables[0].name, "v");
  ASSERT_EQ(r.model->equations.size(), 1u);
  EXPECT_EQ(r.model->equations[0].lhs->var, 0u);
  EXPECT_EQ(r.model->equations[0].origin, "mid.leaf");
}

// Spec 5.4: `inner outer` of a class type is two declarations. In Mid,
// `port.x` is the top's port (the outer part); Leaf's outer reaches Mid's
// inner part, which takes the modification x = 2.
TEST(InnerOuter, InnerOuterOfAClassTypeKeepsItsInnerPartApartFromTheOuter) {
  const std::string text = flatText(R"(model M
  model Port
    Real x = 1;
  end Port;
  model Leaf
    outer Port port;
    Real y = port.x;
  end Leaf;
  model Mid
    inner outer Port port(x = 2);
    Leaf leaf;
    Real z = port.x;
  end Mid;
  inner Port port;
  Mid mid;
end M;
)");
  EXPECT_TRUE(has(text, "  Real port.x;\n")) << text;
  EXPECT_TRUE(has(text, "  Real mid.port.x;\n")) << text;
  EXPECT_TRUE(has(text, "  mid.port.x = 2;\n")) << text;
  EXPECT_TRUE(has(text, "  mid.leaf.y = mid.port.x;\n")) << text;
  EXPECT_TRUE(has(text, "  mid.z = port.x;\n")) << text;
}

TEST(InnerOuter, ModifierOnAPrimitiveInnerOuterIsNotSupportedYet) {
  std::string d = flattenErrors(
      "model M\n  model Mid\n    inner outer Real k(start = 1);\n  end Mid;\n  inner Real k = 2;\n  Mid mid;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:23: error: not supported yet: modifying the inner outer variable 'k'")) << d;
}

TEST(InnerOuter, ClockInnerDrivesClockedWhenBelow) {
  const std::string text = flatText(
      "model M\n"
      "  inner Clock clk = Clock(0.5);\n"
      "  model Counter\n"
      "    outer Clock clk;\n"
      "    Integer n(start = 0);\n"
      "  equation\n"
      "    when clk then\n"
      "      n = previous(n) + 1;\n"
      "    end when;\n"
      "  end Counter;\n"
      "  Counter c1;\n"
      "end M;\n");
  EXPECT_EQ(text,
            "class M\n  Clock clk;\n  discrete Integer c1.n(start = 0);\nequation\n  clk = Clock(0.5);\n"
            "  when clk then\n    c1.n = previous(c1.n) + 1;\n  end when;\nend M;\n");
}

TEST(InnerOuter, ConnectThroughAnOuterConnector) {
  const std::string text = flatText(
      "model M\n"
      "  connector Pin\n"
      "    Real v;\n"
      "  end Pin;\n"
      "  model Probe\n"
      "    outer Pin bus;\n"
      "    Pin p;\n"
      "  equation\n"
      "    connect(p, bus);\n"
      "  end Probe;\n"
      "  inner Pin bus;\n"
      "  Probe probe;\n"
      "equation\n"
      "  bus.v = time;\n"
      "end M;\n");
  EXPECT_TRUE(has(text, "  probe.p.v = bus.v;\n")) << text;
}

TEST(InnerOuter, MissingInnerNamesTheInstancesSearched) {
  std::string d = flattenErrors(
      "model M\n  model A\n    model B\n      outer Real k;\n    end B;\n    B b;\n  end A;\n  A a;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:4:18: error: no inner declaration for outer 'k' in the enclosing instances 'a', 'M' "
                     "(spec 5.4)"))
      << d;
  // An inner outer needs an inner above it too.
  d = flattenErrors("model M\n  model S\n    outer Real k;\n  end S;\n  model Mid\n    inner outer Real k;\n    S s;\n"
             "  end Mid;\n  Mid mid;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:22: error: no inner declaration for outer 'k' in the enclosing instances 'M' (spec 5.4)"))
      << d;
  d = flattenErrors("model M\n  outer Real x;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:2:14: error: no inner declaration for outer 'x': the top model has no enclosing "
                     "instance (spec 5.4)"))
      << d;
}

TEST(InnerOuter, TypeMismatchIsAnError) {
  std::string d = flattenErrors(
      "model M\n  model Sub\n    outer Real k;\n  end Sub;\n  inner Integer k = 1;\n  Sub s;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:5: error: outer 'k' is declared as Real but its inner declaration 'k' is Integer "
                     "(spec 5.4)"))
      << d;
  EXPECT_TRUE(has(d, "test.mo:5:3: note: the inner declaration is here")) << d;
  d = flattenErrors(
      "model M\n  model P\n    Real a;\n  end P;\n  model Q\n    Real a;\n  end Q;\n"
      "  model Sub\n    outer Q e;\n  end Sub;\n  inner P e;\n  Sub s;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:9:5: error: outer 'e' is declared as M.Q but its inner declaration 'e' is M.P (spec 5.4)"))
      << d;
}

TEST(InnerOuter, AnInnerOfAClassThatExtendsTheOutersClassIsASubtype) {
  const std::string text = flatText(
      "model M\n"
      "  model Port\n"
      "    Real a;\n"
      "  end Port;\n"
      "  model Root\n"
      "    extends Port;\n"
      "    Real b = 2 * a;\n"
      "  end Root;\n"
      "  model Sub\n"
      "    outer Port root;\n"
      "    Real y = root.a + 1;\n"
      "  end Sub;\n"
      "  inner Root root(a = 3);\n"
      "  Sub s;\n"
      "end M;\n");
  EXPECT_TRUE(has(text, "  s.y = root.a + 1;\n")) << text;
}

TEST(InnerOuter, ModifierOnOuterIsAnError) {
  std::string d = flattenErrors(
      "model M\n  model Sub\n    outer Real k = 2;\n  end Sub;\n  inner Real k;\n  Sub s;\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:3:18: error: outer element 'k' cannot have a modifier; modify its inner declaration "
                     "instead (spec 5.4)"))
      << d;
  d = flattenErrors("model M\n  model Sub\n    outer Real k;\n  end Sub;\n  inner Real k;\n  Sub s(k = 1);\nend M;\n");
  EXPECT_TRUE(has(d, "test.mo:6:9: error: outer element 'k' cannot be modified; modify its inner declaration "
                     "instead (spec 5.4)"))
      << d;
}

}  // namespace
