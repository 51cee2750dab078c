// One test per rule of spec 17.2 "State Machine Graphics": the element the
// rule asks for is found in the SVG, where the rule puts it.
#include "DiagramSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using smc::test::distance;
using smc::test::distanceToBorder;
using smc::test::Drawing;
using smc::test::drawSource;
using smc::test::firstPoint;
using smc::test::lastPoint;
using smc::test::Point;
using smc::test::stateRect;

// States a and b (and c), a counter x, and the given transitions.
std::string machine(const std::string& equations, const std::string& declarations = "S a;\n  S b;\n  S c;") {
  return "model M\n"
         "  Integer x(start = 0);\n"
         "  block S\n"
         "  end S;\n"
         "  " + declarations + "\n"
         "equation\n"
         "  x = previous(x) + 1;\n"
         "  initialState(a);\n"
         "  " + equations + "\n"
         "end M;\n";
}

pugi::xml_node transition(const Drawing& d, const std::string& from, const std::string& to, int priority = 1) {
  std::string query = "//g[@class='transition'][@data-from='" + from + "'][@data-to='" + to +
                      "'][@data-priority='" + std::to_string(priority) + "']";
  return d.doc.select_node(query.c_str()).node();
}

std::string lineData(pugi::xml_node group) {
  return group.select_node("path[@class='transition-line']").node().attribute("d").value();
}

Point barCenter(pugi::xml_node group) {
  pugi::xml_node bar = group.select_node("line[@class='transition-bar']").node();
  return {(bar.attribute("x1").as_double() + bar.attribute("x2").as_double()) / 2,
          (bar.attribute("y1").as_double() + bar.attribute("y2").as_double()) / 2};
}

// The middle vertex of a three-point polyline/polygon.
Point middleVertex(pugi::xml_node shape) {
  std::vector<double> n = smc::test::numbersIn(shape.attribute("points").value());
  return n.size() == 6 ? Point{n[2], n[3]} : Point{};
}

TEST(Symbols, ResetTransitionHasAFilledArrowHeadAndOthersAnOpenOne) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x > 2, reset = true);\n  transition(b, c, x > 4, reset = false);"));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  pugi::xml_node reset = transition(d, "a", "b");
  pugi::xml_node keep = transition(d, "b", "c");
  ASSERT_TRUE(reset && keep);
  pugi::xml_node filled = reset.select_node("polygon[@class='arrow-head filled']").node();
  ASSERT_TRUE(filled);
  EXPECT_FALSE(reset.select_node("*[@class='arrow-head open']"));
  EXPECT_STRNE(filled.attribute("fill").value(), "none");
  pugi::xml_node open = keep.select_node("polyline[@class='arrow-head open']").node();
  ASSERT_TRUE(open);
  EXPECT_FALSE(keep.select_node("*[@class='arrow-head filled']"));
  EXPECT_STREQ(open.attribute("fill").value(), "none");
  // Both heads point at the end of their line, which is on the target state.
  EXPECT_LT(distance(middleVertex(filled), lastPoint(lineData(reset))), 0.02);
  EXPECT_LT(distance(middleVertex(open), lastPoint(lineData(keep))), 0.02);
  EXPECT_LT(distanceToBorder(*stateRect(d.doc, "b"), lastPoint(lineData(reset))), 0.02);
}

TEST(Symbols, BarIsNearTheFirstPointWhenDelayedAndNearTheLastWhenImmediate) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x > 2, immediate = false);\n  transition(b, c, x > 4, immediate = true);"));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  pugi::xml_node delayed = transition(d, "a", "b");
  pugi::xml_node immediate = transition(d, "b", "c");
  Point bar = barCenter(delayed);
  EXPECT_LT(distance(bar, firstPoint(lineData(delayed))), 25);
  EXPECT_GT(distance(bar, lastPoint(lineData(delayed))), 50);
  bar = barCenter(immediate);
  EXPECT_LT(distance(bar, lastPoint(lineData(immediate))), 25);
  EXPECT_GT(distance(bar, firstPoint(lineData(immediate))), 50);
}

TEST(Symbols, SynchronizeTransitionBeginsWithAnInverseFork) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x > 2, synchronize = true);\n  transition(b, c, x > 4);"));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  pugi::xml_node sync = transition(d, "a", "b");
  pugi::xml_node fork = sync.select_node("polyline[@class='synchronize-fork']").node();
  ASSERT_TRUE(fork);
  EXPECT_FALSE(transition(d, "b", "c").select_node("polyline[@class='synchronize-fork']"));
  // Two prongs beside the line's first point join into the line farther on.
  std::vector<double> n = smc::test::numbersIn(fork.attribute("points").value());
  ASSERT_EQ(n.size(), 6u);
  Point start = firstPoint(lineData(sync)), prongA{n[0], n[1]}, join{n[2], n[3]}, prongB{n[4], n[5]};
  EXPECT_LT(distance(prongA, start), 8);
  EXPECT_LT(distance(prongB, start), 8);
  EXPECT_GT(distance(prongA, prongB), 6);
  EXPECT_GT(distance(join, start), 6);
  EXPECT_LT(distance(join, start), 20);
}

TEST(Symbols, PriorityAboveOnePrefixesTheConditionText) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x > 2, priority = 2);\n  transition(a, c, x  >  4);"));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  EXPECT_STREQ(transition(d, "a", "b", 2).child("text").child_value(), "2: x > 2");
  // Priority 1: the condition alone, blanks folded.
  EXPECT_STREQ(transition(d, "a", "c", 1).child("text").child_value(), "x > 4");
}

TEST(Symbols, PercentConditionInTheTextAnnotationIsReplacedByTheCondition) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x > 2) annotation(Text(string = \"when %condition!\"));"));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  EXPECT_STREQ(transition(d, "a", "b").child("text").child_value(), "when x > 2!");
}

TEST(Symbols, TextIsEscapedForXml) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x < 2 or x > 5) annotation(Text(string = \"a & \\\"b\\\" <%condition>\"));"));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics << d.svg;
  EXPECT_STREQ(transition(d, "a", "b").child("text").child_value(), "a & \"b\" <x < 2 or x > 5>");
  EXPECT_NE(d.svg.find("a &amp; &quot;b&quot; &lt;x &lt; 2 or x &gt; 5&gt;"), std::string::npos);
}

TEST(Symbols, InitialStateLineHasABulletAndAFilledHeadIntoTheInitialState) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x > 2);"));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  pugi::xml_node initial = d.doc.select_node("//g[@class='initial-state'][@data-state='a']").node();
  ASSERT_TRUE(initial);
  std::string line = initial.select_node("path[@class='initial-line']").node().attribute("d").value();
  pugi::xml_node bullet = initial.select_node("circle[@class='initial-bullet']").node();
  ASSERT_TRUE(bullet);
  EXPECT_LT(distance({bullet.attribute("cx").as_double(), bullet.attribute("cy").as_double()}, firstPoint(line)),
            0.02);
  EXPECT_STRNE(bullet.attribute("fill").value(), "none");
  pugi::xml_node head = initial.select_node("polygon[@class='arrow-head filled']").node();
  ASSERT_TRUE(head);
  EXPECT_LT(distance(middleVertex(head), lastPoint(line)), 0.02);
  EXPECT_LT(distanceToBorder(*stateRect(d.doc, "a"), lastPoint(line)), 0.02);
  // The bullet end is away from the state.
  EXPECT_GT(distanceToBorder(*stateRect(d.doc, "a"), firstPoint(line)), 10);
}

TEST(Symbols, StatesAndTransitionsUseTheRecommendedColors) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x > 2);"));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  // {95,95,95} for states and transition text, {175,175,175} for transition lines.
  pugi::xml_node state = d.doc.select_node("//rect[@class='state'][@data-state='a']").node();
  EXPECT_STREQ(state.attribute("stroke").value(), "rgb(95,95,95)");
  pugi::xml_node t = transition(d, "a", "b");
  EXPECT_STREQ(t.select_node("path[@class='transition-line']").node().attribute("stroke").value(),
               "rgb(175,175,175)");
  EXPECT_STREQ(t.child("text").attribute("fill").value(), "rgb(95,95,95)");
  EXPECT_STREQ(t.select_node("polygon[@class='arrow-head filled']").node().attribute("fill").value(),
               "rgb(175,175,175)");
}

TEST(Symbols, AnnotatedColorsReplaceTheRecommendedOnes) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x > 2) annotation(Text(string = \"%condition\", textColor = {1, 2, 3}));"));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  EXPECT_STREQ(transition(d, "a", "b").child("text").attribute("fill").value(), "rgb(1,2,3)");
}

// --- annotated positions: 4 pixels per diagram unit, y up becomes y down ---

const std::string placedStates =
    "S a annotation(Placement(transformation(origin = {0, 20}, extent = {{-10, -10}, {10, 10}})));\n"
    "  S b annotation(Placement(transformation(origin = {40, -20}, extent = {{-10, -10}, {10, 10}})));\n"
    "  S c annotation(Placement(transformation(origin = {-40, -20}, extent = {{-10, -10}, {10, 10}})));";

TEST(Symbols, PlacementsMapToFourPixelsPerUnitWithYFlipped) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x > 2);\n  transition(b, c, x > 3);", placedStates));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  auto a = stateRect(d.doc, "a");
  auto b = stateRect(d.doc, "b");
  ASSERT_TRUE(a && b);
  // Extent 20 x 20 units: 80 x 80 pixels.
  EXPECT_DOUBLE_EQ(a->w, 80);
  EXPECT_DOUBLE_EQ(a->h, 80);
  // b is 40 units right of a and 40 units below it.
  EXPECT_DOUBLE_EQ(b->x - a->x, 160);
  EXPECT_DOUBLE_EQ(b->y - a->y, 160);
}

TEST(Symbols, RotatedPlacementTurnsTheBox) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x > 2);",
                        "S a annotation(Placement(transformation(origin = {0, 0}, extent = {{-20, -10}, {20, 10}}, "
                        "rotation = 90)));\n  S b annotation(Placement(transformation(origin = {60, 0}, extent = "
                        "{{-20, -10}, {20, 10}})));\n  S c;"));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  auto a = stateRect(d.doc, "a");
  auto b = stateRect(d.doc, "b");
  EXPECT_NEAR(a->w, 80, 0.02);
  EXPECT_NEAR(a->h, 160, 0.02);
  EXPECT_DOUBLE_EQ(b->w, 160);
  EXPECT_DOUBLE_EQ(b->h, 80);
}

TEST(Symbols, AnnotatedLineIsDrawnThroughItsPointsInTheSameCoordinates) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x > 2) annotation(Line(points = {{0, 10}, {20, 0}, {40, -10}}));\n"
                        "  transition(b, c, x > 3);",
                        placedStates));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  auto a = stateRect(d.doc, "a");
  auto b = stateRect(d.doc, "b");
  std::vector<double> n = smc::test::numbersIn(lineData(transition(d, "a", "b")));
  ASSERT_EQ(n.size(), 6u);
  // (0, 10) is the middle of a's bottom edge, (40, -10) the middle of b's top edge.
  EXPECT_NEAR(n[0], a->x + a->w / 2, 0.02);
  EXPECT_NEAR(n[1], a->y + a->h, 0.02);
  EXPECT_NEAR(n[2], a->x + a->w / 2 + 80, 0.02);
  EXPECT_NEAR(n[3], a->y + a->h + 40, 0.02);
  EXPECT_NEAR(n[4], b->x + b->w / 2, 0.02);
  EXPECT_NEAR(n[5], b->y, 0.02);
}

TEST(Symbols, TextExtentIsRelativeToTheFirstPointWhenDelayedAndTheLastWhenImmediate) {
  const std::string line = "Line(points = {{0, 10}, {40, -10}}), Text(string = \"%condition\", extent = {{4, -4}, "
                           "{4, -10}}, fontSize = 10, horizontalAlignment = TextAlignment.Left)";
  for (bool immediate : {false, true}) {
    Drawing d;
    drawSource(d, machine(std::string("transition(a, b, x > 2, immediate = ") + (immediate ? "true" : "false") +
                              ") annotation(" + line + ");\n  transition(b, c, x > 3);",
                          placedStates));
    ASSERT_TRUE(d.wellFormed) << d.diagnostics;
    pugi::xml_node t = transition(d, "a", "b");
    std::string data = lineData(t);
    Point anchor = immediate ? lastPoint(data) : firstPoint(data);
    pugi::xml_node text = t.child("text");
    EXPECT_STREQ(text.attribute("text-anchor").value(), "start");
    EXPECT_NEAR(text.attribute("x").as_double(), anchor.x + 16, 0.02) << immediate;
    // 4 to 10 units below the anchor: 16 to 40 pixels; the baseline sits
    // within that band.
    double y = text.attribute("y").as_double();
    EXPECT_GT(y, anchor.y + 16) << immediate;
    EXPECT_LT(y, anchor.y + 40) << immediate;
  }
}

TEST(Symbols, DistantTextIsJoinedToTheBarByADimmedLine) {
  Drawing d;
  drawSource(d, machine("transition(a, b, x > 2) annotation(Line(points = {{0, 10}, {40, -10}}), Text(string = "
                        "\"%condition\", extent = {{60, 0}, {80, -6}}));\n"
                        "  transition(b, c, x > 3) annotation(Line(points = {{30, -20}, {-30, -20}}), Text(string = "
                        "\"%condition\", extent = {{0, 4}, {0, 1}}));",
                        placedStates));
  ASSERT_TRUE(d.wellFormed) << d.diagnostics;
  pugi::xml_node far = transition(d, "a", "b");
  pugi::xml_node joiner = far.select_node("line[@class='label-joiner']").node();
  ASSERT_TRUE(joiner);
  EXPECT_LT(joiner.attribute("stroke-opacity").as_double(), 1);
  Point from{joiner.attribute("x1").as_double(), joiner.attribute("y1").as_double()};
  EXPECT_LT(distance(from, barCenter(far)), 0.02);
  EXPECT_FALSE(transition(d, "b", "c").select_node("line[@class='label-joiner']"));
}

}  // namespace
