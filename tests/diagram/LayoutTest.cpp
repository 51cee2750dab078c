// The automatic layout: boxes never overlap, transitions end on the borders
// of their states, transitions between the same states stay apart, loops
// for self-transitions, sub-machines inside their state; and every shared
// model draws as well-formed SVG.
#include "DiagramSupport.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace {

using smc::test::distance;
using smc::test::distanceToBorder;
using smc::test::Drawing;
using smc::test::drawSource;
using smc::test::firstPoint;
using smc::test::lastPoint;
using smc::test::Point;
using smc::test::Rect;
using smc::test::stateRect;

Rect rectOf(pugi::xml_node r) {
  return {r.attribute("x").as_double(), r.attribute("y").as_double(), r.attribute("width").as_double(),
          r.attribute("height").as_double()};
}

// Per machine group: the rects of its own states (not those of sub-machines).
std::vector<std::vector<Rect>> statesPerMachine(const Drawing& d) {
  std::vector<std::vector<Rect>> result;
  for (pugi::xpath_node machine : d.doc.select_nodes("//g[@class='machine']")) {
    std::vector<Rect> rects;
    for (pugi::xml_node r : machine.node().children("rect"))
      if (std::string(r.attribute("class").value()) == "state") rects.push_back(rectOf(r));
    result.push_back(rects);
  }
  return result;
}

void expectNoOverlap(const Drawing& d) {
  for (const auto& rects : statesPerMachine(d))
    for (size_t i = 0; i < rects.size(); ++i)
      for (size_t j = i + 1; j < rects.size(); ++j)
        EXPECT_FALSE(smc::test::overlap(rects[i], rects[j])) << "boxes " << i << " and " << j << "\n" << d.svg;
}

void expectEndsOnBorders(const Drawing& d) {
  for (pugi::xpath_node t : d.doc.select_nodes("//g[@class='transition']")) {
    pugi::xml_node g = t.node();
    std::string data = g.select_node("path[@class='transition-line']").node().attribute("d").value();
    auto from = stateRect(d.doc, g.attribute("data-from").value());
    auto to = stateRect(d.doc, g.attribute("data-to").value());
    ASSERT_TRUE(from && to);
    EXPECT_LT(distanceToBorder(*from, firstPoint(data)), 0.02) << g.attribute("data-from").value() << " " << data;
    EXPECT_LT(distanceToBorder(*to, lastPoint(data)), 0.02) << g.attribute("data-to").value() << " " << data;
  }
}

const std::string sixStates =
    "model M\n"
    "  Integer x(start = 0);\n"
    "  block S\n"
    "  end S;\n"
    "  S s1, s2, s3, s4, s5, longStateNameNumberSix;\n"
    "equation\n"
    "  x = previous(x) + 1;\n"
    "  initialState(s1);\n"
    "  transition(s1, s2, x > 1);\n"
    "  transition(s2, s3, x > 2);\n"
    "  transition(s3, s4, x > 3, immediate = false);\n"
    "  transition(s4, s5, x > 4);\n"
    "  transition(s5, longStateNameNumberSix, x > 5);\n"
    "  transition(longStateNameNumberSix, s1, x > 6);\n"
    "  transition(s1, s4, x > 7, priority = 2);\n"
    "  transition(s4, s1, x > 8, priority = 2);\n"
    "  transition(s2, s2, x > 9, priority = 2);\n"
    "  transition(s2, s2, x > 10, priority = 3);\n"
    "end M;\n";

TEST(Layout, AutomaticLayoutKeepsStateBoxesApart) {
  Drawing d;
  drawSource(d, sixStates);
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  EXPECT_EQ(d.doc.select_nodes("//rect[@class='state']").size(), 6u);
  expectNoOverlap(d);
}

TEST(Layout, EveryAutomaticTransitionStartsAndEndsOnItsStatesBorders) {
  Drawing d;
  drawSource(d, sixStates);
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  EXPECT_EQ(d.doc.select_nodes("//g[@class='transition']").size(), 10u);
  expectEndsOnBorders(d);
}

TEST(Layout, TransitionsBetweenTheSameStatesAreNotDrawnOnTopOfEachOther) {
  Drawing d;
  drawSource(d, "model M\n  Integer x(start = 0);\n  block S\n  end S;\n  S a, b;\nequation\n"
                "  x = previous(x) + 1;\n  initialState(a);\n  transition(a, b, x > 1);\n"
                "  transition(a, b, x > 2, priority = 2);\n  transition(b, a, x > 3);\nend M;\n");
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  std::vector<std::pair<Point, Point>> lines;
  for (pugi::xpath_node t : d.doc.select_nodes("//g[@class='transition']/path")) {
    std::string data = t.node().attribute("d").value();
    lines.push_back({firstPoint(data), lastPoint(data)});
  }
  ASSERT_EQ(lines.size(), 3u);
  for (size_t i = 0; i < lines.size(); ++i) {
    for (size_t j = i + 1; j < lines.size(); ++j) {
      // Compare the ends on the same state, whatever the direction.
      Point ai = lines[i].first, aj = lines[j].first, bi = lines[i].second, bj = lines[j].second;
      if (distance(ai, bj) < distance(ai, aj)) std::swap(aj, bj);
      EXPECT_GT(distance(ai, aj), 10) << i << " " << j;
      EXPECT_GT(distance(bi, bj), 10) << i << " " << j;
    }
  }
  expectEndsOnBorders(d);
}

TEST(Layout, SelfTransitionIsALoopOutsideItsState) {
  Drawing d;
  drawSource(d, "model M\n  Integer x(start = 0);\n  block S\n  end S;\n  S a, b;\nequation\n"
                "  x = previous(x) + 1;\n  initialState(a);\n  transition(a, a, x > 1);\n"
                "  transition(a, b, x > 2, priority = 2);\nend M;\n");
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  pugi::xml_node loop = d.doc.select_node("//g[@class='transition'][@data-from='a'][@data-to='a']").node();
  std::string data = loop.select_node("path").node().attribute("d").value();
  EXPECT_NE(data.find(" C "), std::string::npos) << data;
  Rect a = *stateRect(d.doc, "a");
  std::vector<double> n = smc::test::numbersIn(data);
  ASSERT_EQ(n.size(), 8u);
  EXPECT_LT(distanceToBorder(a, {n[0], n[1]}), 0.02);
  EXPECT_LT(distanceToBorder(a, {n[6], n[7]}), 0.02);
  EXPECT_GT(distance({n[0], n[1]}, {n[6], n[7]}), 5);  // not a degenerate point
  // The control points lie outside the box: the loop bulges out.
  for (size_t k : {2, 4}) {
    bool outside = n[k] < a.x || n[k] > a.x + a.w || n[k + 1] < a.y || n[k + 1] > a.y + a.h;
    EXPECT_TRUE(outside) << data;
  }
}

TEST(Layout, SubMachinesAreDrawnInsideTheirStateSideBySide) {
  Drawing d;
  drawSource(d, smc::test::fileText(std::string(SMC_SOURCE_DIR) + "/tests/e2e/models/ChapterExampleSynchronized.mo"));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  Rect outer = *stateRect(d.doc, "state1");
  double rightOfFirst = 0, leftOfSecond = 1e9;
  for (std::string s : {"stateA", "stateB", "stateC", "stateD"}) {
    auto r = stateRect(d.doc, "state1." + s);
    ASSERT_TRUE(r) << s;
    EXPECT_TRUE(smc::test::inside(*r, outer)) << s;
    rightOfFirst = std::max(rightOfFirst, r->x + r->w);
  }
  for (std::string s : {"stateX", "stateY"}) {
    auto r = stateRect(d.doc, "state1." + s);
    ASSERT_TRUE(r) << s;
    EXPECT_TRUE(smc::test::inside(*r, outer)) << s;
    leftOfSecond = std::min(leftOfSecond, r->x);
  }
  // Parallel machines side by side, a dashed line between them, inside state1.
  EXPECT_LT(rightOfFirst, leftOfSecond);
  pugi::xml_node separator = d.doc.select_node("//line[@class='parallel-separator']").node();
  ASSERT_TRUE(separator);
  EXPECT_TRUE(separator.attribute("stroke-dasharray"));
  double x = separator.attribute("x1").as_double();
  EXPECT_GT(x, rightOfFirst);
  EXPECT_LT(x, leftOfSecond);
  EXPECT_GT(separator.attribute("y1").as_double(), outer.y);
  EXPECT_LT(separator.attribute("y2").as_double(), outer.y + outer.h);
  // state2 is beside state1, not on it.
  EXPECT_FALSE(smc::test::overlap(outer, *stateRect(d.doc, "state2")));
  expectNoOverlap(d);
  expectEndsOnBorders(d);
}

TEST(Layout, MixedAnnotatedAndAutomaticStatesDoNotOverlap) {
  Drawing d;
  drawSource(d, "model M\n  Integer x(start = 0);\n  block S\n  end S;\n"
                "  S a annotation(Placement(transformation(origin = {0, 0}, extent = {{-10, -10}, {10, 10}})));\n"
                "  S b annotation(Placement(transformation(origin = {30, 0}, extent = {{-10, -10}, {10, 10}})));\n"
                "  S c, d;\nequation\n  x = previous(x) + 1;\n  initialState(a);\n"
                "  transition(a, b, x > 1) annotation(Line(points = {{10, 0}, {20, 0}}));\n"
                "  transition(b, c, x > 2) annotation(Line(points = {{30, -10}, {30, -40}}));\n"
                "  transition(c, d, x > 3);\n  transition(d, a, x > 4);\nend M;\n");
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  expectNoOverlap(d);
  // b -> c has a line drawn for a c placed elsewhere: it is routed
  // automatically between the actual boxes instead.
  expectEndsOnBorders(d);
}

TEST(Layout, AutomaticTransitionKeepsClearOfAnAnnotatedOneBetweenTheSameStates) {
  Drawing d;
  drawSource(d, "model M\n  Integer x(start = 0);\n  block S\n  end S;\n"
                "  S a annotation(Placement(transformation(origin = {0, 20}, extent = {{-10, -10}, {10, 10}})));\n"
                "  S b annotation(Placement(transformation(origin = {0, -20}, extent = {{-10, -10}, {10, 10}})));\n"
                "equation\n  x = previous(x) + 1;\n  initialState(a);\n"
                "  transition(a, b, x > 1) annotation(Line(points = {{2, 10}, {6, 0}, {2, -10}}));\n"
                "  transition(b, a, x > 2);\nend M;\n");
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  Rect a = *stateRect(d.doc, "a");
  // The annotated line runs 2 to 6 units (8 to 24 pixels) right of the
  // centre line; the automatic one goes on the other side.
  std::string data = d.doc.select_node("//g[@data-from='b']/path").node().attribute("d").value();
  EXPECT_LT(firstPoint(data).x, a.x + a.w / 2);
  EXPECT_LT(lastPoint(data).x, a.x + a.w / 2);
  expectEndsOnBorders(d);
}

TEST(Layout, PlacementsThatCannotBeKeptApartFallBackToTheAutomaticLayout) {
  Drawing d;
  drawSource(d, "model M\n  Integer x(start = 0);\n  block S\n  end S;\n"
                "  S a annotation(Placement(transformation(extent = {{-10, -10}, {10, 10}})));\n"
                "  S b annotation(Placement(transformation(extent = {{-10, -10}, {10, 10}})));\n"
                "equation\n  x = previous(x) + 1;\n  initialState(a);\n  transition(a, b, x > 1);\nend M;\n");
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  expectNoOverlap(d);
  expectEndsOnBorders(d);
}

TEST(Layout, EverySharedModelDrawsWellFormedSvgWithApartBoxes) {
  namespace fs = std::filesystem;
  std::vector<fs::path> models;
  for (const auto& entry : fs::directory_iterator(std::string(SMC_SHARED_MODELS) + "/statemachines"))
    if (entry.path().extension() == ".mo") models.push_back(entry.path());
  ASSERT_FALSE(models.empty());
  for (const fs::path& model : models) {
    SCOPED_TRACE(model.string());
    Drawing d;
    drawSource(d, smc::test::fileText(model.string()));
    ASSERT_TRUE(d.wellFormed) << d.diagnostics;
    expectNoOverlap(d);
    expectEndsOnBorders(d);
  }
}

TEST(Layout, TheSameModelGivesTheSameBytes) {
  std::string source = smc::test::fileText(std::string(SMC_SOURCE_DIR) + "/examples/StateMachineLayout.mo");
  Drawing first, second;
  drawSource(first, source);
  drawSource(second, source);
  ASSERT_TRUE(first.wellFormed) << first.diagnostics;
  EXPECT_EQ(first.svg, second.svg);
}

}  // namespace
