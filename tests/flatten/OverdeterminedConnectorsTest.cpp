// Overdetermined connectors (spec 9.4): a connector holding a record with
// an equalityConstraint function (here a reference angle, as in the MSL's
// quasi-static ports) is connected through the virtual connection graph.
// The connects that close a loop are broken (the record is not equated
// there), Connections.isRoot answers which potential root was taken, and a
// graph that cannot be spanned is a located error. Each expectation is the
// spanning forest of 9.4.2 worked out by hand for the model.
#include "FlatFixture.h"
#include "flatten/ConnectionGraph.h"

#include <gtest/gtest.h>

using namespace smc::test;

namespace {

const char* kParts = R"(
  record Reference
    Real gamma;
    function equalityConstraint
      input Reference r1;
      input Reference r2;
      output Real residue[0];
    algorithm
    end equalityConstraint;
  end Reference;
  connector Pin
    Real v;
    flow Real i;
    Reference reference;
  end Pin;
  model Resistor
    parameter Real R = 1;
    Pin a, b;
  equation
    Connections.branch(a.reference, b.reference);
    a.reference.gamma = b.reference.gamma;
    a.v - b.v = R * a.i;
    a.i + b.i = 0;
  end Resistor;
  model Source
    Pin p, n;
  equation
    Connections.root(p.reference);
    Connections.branch(p.reference, n.reference);
    p.reference.gamma = n.reference.gamma;
    p.reference.gamma = 2 * time;
    p.v - n.v = 1;
    p.i + n.i = 0;
  end Source;
  model Ground
    Pin p;
  equation
    Connections.potentialRoot(p.reference, 256);
    if Connections.isRoot(p.reference) then
      p.reference.gamma = 0;
    end if;
    p.v = 0;
  end Ground;
)";

std::string model(const std::string& body) { return std::string("model M\n") + kParts + body + "end M;\n"; }

// source -> r1 -> (r2 | r3) -> ground, source.n -> ground: two loops.
const char* kLoops = R"(
  Source source;
  Resistor r1, r2(R = 2), r3(R = 2);
  Ground ground;
equation
  connect(source.p, r1.a);
  connect(r1.b, r2.a);
  connect(r1.b, r3.a);
  connect(r2.b, ground.p);
  connect(r3.b, ground.p);
  connect(source.n, ground.p);
)";

TEST(OverdeterminedConnectors, ConnectsThatCloseALoopDoNotEquateTheReference) {
  const std::string text = flatText(model(kLoops));
  // The tree from the definite root source.p: every connect up to
  // r2.b -- ground.p; r3.b -- ground.p and source.n -- ground.p close loops.
  EXPECT_TRUE(has(text, "source.p.reference.gamma = r1.a.reference.gamma;")) << text;
  EXPECT_TRUE(has(text, "r1.b.reference.gamma = r2.a.reference.gamma;")) << text;
  EXPECT_TRUE(has(text, "r1.b.reference.gamma = r3.a.reference.gamma;")) << text;
  EXPECT_TRUE(has(text, "r2.b.reference.gamma = ground.p.reference.gamma;")) << text;
  EXPECT_FALSE(has(text, "r3.b.reference.gamma = ground.p.reference.gamma")) << text;
  EXPECT_FALSE(has(text, "source.n.reference.gamma = ground.p.reference.gamma")) << text;
  EXPECT_FALSE(has(text, "ground.p.reference.gamma = r3.b.reference.gamma")) << text;
  // The potentials and flows of the broken connects are connected still.
  EXPECT_TRUE(has(text, "r2.b.v = r3.b.v;")) << text;
  // A definite root in its part: the ground's potential root is not taken.
  EXPECT_FALSE(has(text, "ground.p.reference.gamma = 0")) << text;
}

TEST(OverdeterminedConnectors, APotentialRootAloneIsTheRoot) {
  const std::string text = flatText(model("  Ground ground;\n"));
  EXPECT_TRUE(has(text, "ground.p.reference.gamma = 0")) << text;
}

TEST(OverdeterminedConnectors, APartWithoutAnyRootIsALocatedError) {
  const std::string errors = flattenErrors(model("  Resistor r;\n"));
  EXPECT_TRUE(has(errors, "error: 'r.a.reference' and what it is connected to have no root")) << errors;
}

TEST(OverdeterminedConnectors, TwoDefiniteRootsJoinedByABranchAreAnError) {
  const std::string errors = flattenErrors(model(
      "  model Twice\n    Pin p, n;\n  equation\n    Connections.root(p.reference);\n    Connections.root(n.reference);\n"
      "    Connections.branch(p.reference, n.reference);\n    p.reference.gamma = n.reference.gamma;\n"
      "    p.reference.gamma = time;\n    p.v = 0;\n    n.v = 0;\n  end Twice;\n  Twice t;\n"));
  EXPECT_TRUE(has(errors, "Connections.branch() joins 't.p.reference' and 't.n.reference', whose parts each have a "
                          "definite root"))
      << errors;
}

TEST(OverdeterminedConnectors, TheArgumentMustBeAnOverdeterminedRecord) {
  const std::string errors = flattenErrors(model(
      "  model Wrong\n    Pin p;\n  equation\n    Connections.root(p);\n    p.v = 0;\n    p.reference.gamma = 0;\n"
      "  end Wrong;\n  Wrong w;\n"));
  EXPECT_TRUE(has(errors, "the argument of Connections.root must name one overdetermined record of a connector"))
      << errors;
}

// The graph alone: roots by priority, the spanning forest and rooted().
TEST(ConnectionGraph, ThePotentialRootOfLowestPriorityIsTakenAndLoopsAreBroken) {
  smc::flatten::ConnectionGraph graph;
  int keys[4];
  const auto a = graph.node(&keys[0], "a", {}), b = graph.node(&keys[1], "b", {}),
             c = graph.node(&keys[2], "c", {}), d = graph.node(&keys[3], "d", {});
  graph.addPotentialRoot(c, 5, {});
  graph.addPotentialRoot(b, 3, {});
  graph.addBranch(c, d, {});
  graph.addBreakable(a, b, {});
  graph.addBreakable(b, c, {});
  graph.addBreakable(a, c, {});
  std::vector<std::string> errors;
  ASSERT_TRUE(graph.solve([&](smc::SourceRange, const std::string& m) { errors.push_back(m); }));
  EXPECT_TRUE(graph.isRoot(b));
  EXPECT_FALSE(graph.isRoot(c));
  // a-b and b-c join the tree; a-c closes the loop.
  EXPECT_TRUE(graph.takeTreeEdge(b, a));
  EXPECT_TRUE(graph.takeTreeEdge(b, c));
  EXPECT_FALSE(graph.takeTreeEdge(a, c));
  bool found = false;
  EXPECT_TRUE(graph.rooted(c, found));  // c is nearer the root b than d is
  EXPECT_TRUE(found);
  graph.rooted(a, found);
  EXPECT_FALSE(found);
}

}  // namespace
