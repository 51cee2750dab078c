// Flattening keeps the graphics annotations of transition(), initialState()
// and state declarations (spec 17.2, 18.6) as numbers, and the condition's
// text as written; malformed values in known fields are located warnings.
#include "support/TestPipeline.h"

#include <gtest/gtest.h>

namespace {

using smc::test::FlatRun;
using smc::test::flattenInto;

// Two states; `stateA` and `transition` are spliced in.
std::string twoStates(const std::string& stateA, const std::string& transition,
                      const std::string& initial = "initialState(a);") {
  return "model M\n"
         "  Integer x(start = 0);\n"
         "  block S\n"
         "  end S;\n"
         "  " + stateA + "\n"
         "  S b;\n"
         "equation\n"
         "  x = previous(x) + 1;\n"
         "  " + initial + "\n"
         "  " + transition + "\n"
         "end M;\n";
}

const smc::flat::Instance* instance(const smc::flat::FlatModel& model, const std::string& path) {
  for (const auto& i : model.instances)
    if (i.path == path) return &i;
  return nullptr;
}

TEST(Graphics, TransitionLineAndTextAreReadAsNumbers) {
  FlatRun run;
  flattenInto(run, twoStates("S a;",
                             "transition(a, b, x  >\n  2, immediate = false) annotation(Line(points = {{-40, -16}, "
                             "{-36, -4}, {-46, 2 * 25}}, color = {175, 170, 165}, thickness = 0.25, smooth = "
                             "Smooth.Bezier), Text(string = \"%condition\", extent = {{4, -4}, {4, -10}}, fontSize "
                             "= 10, textStyle = {TextStyle.Bold}, textColor = {95, 90, 85}, horizontalAlignment = "
                             "TextAlignment.Left));"));
  ASSERT_TRUE(run.flat) << run.printed();
  EXPECT_EQ(run.printed(), "");
  ASSERT_EQ(run.flat->transitions.size(), 1u);
  const auto& t = run.flat->transitions[0];
  EXPECT_EQ(t.conditionText, "x  >\n  2");  // exactly as written, spacing and line break kept
  ASSERT_TRUE(t.line);
  ASSERT_EQ(t.line->points.size(), 3u);
  EXPECT_EQ(t.line->points[0].x, -40);
  EXPECT_EQ(t.line->points[0].y, -16);
  EXPECT_EQ(t.line->points[2].x, -46);
  EXPECT_EQ(t.line->points[2].y, 50);
  ASSERT_TRUE(t.line->color);
  EXPECT_EQ(t.line->color->r, 175);
  EXPECT_EQ(t.line->color->g, 170);
  EXPECT_EQ(t.line->color->b, 165);
  EXPECT_EQ(t.line->thickness, 0.25);
  EXPECT_TRUE(t.line->smoothBezier);
  ASSERT_TRUE(t.text);
  EXPECT_EQ(t.text->string, "%condition");
  ASSERT_TRUE(t.text->extent);
  EXPECT_EQ(t.text->extent->first.x, 4);
  EXPECT_EQ(t.text->extent->second.y, -10);
  EXPECT_EQ(t.text->fontSize, 10);
  ASSERT_TRUE(t.text->textColor);
  EXPECT_EQ(t.text->textColor->g, 90);
  EXPECT_EQ(t.text->horizontalAlignment, "Left");
}

TEST(Graphics, AbsentAnnotationsLeaveTheGraphicsEmpty) {
  FlatRun run;
  flattenInto(run, twoStates("S a;", "transition(a, b, x > 2);"));
  ASSERT_TRUE(run.flat) << run.printed();
  EXPECT_FALSE(run.flat->transitions[0].line);
  EXPECT_FALSE(run.flat->transitions[0].text);
  EXPECT_FALSE(run.flat->initialStates[0].line);
  EXPECT_FALSE(instance(*run.flat, "a")->placement);
  EXPECT_EQ(run.flat->transitions[0].conditionText, "x > 2");
}

TEST(Graphics, UnknownAnnotationEntriesAndFieldsAreIgnoredSilently) {
  FlatRun run;
  flattenInto(run, twoStates("S a annotation(Dialog(tab = \"x\"), Placement(visible = true, transformation("
                             "extent = {{-10, -10}, {10, 10}}, flipHorizontal = Unknown.Thing)));",
                             "transition(a, b, x > 2) annotation(Foo(bar = 1), Line(points = {{0, 0}, {1, 1}}, "
                             "pattern = LinePattern.Dash, arrow = {Arrow.None, Arrow.Filled}));"));
  ASSERT_TRUE(run.flat) << run.printed();
  EXPECT_EQ(run.printed(), "");
  EXPECT_TRUE(run.flat->transitions[0].line);
  EXPECT_TRUE(instance(*run.flat, "a")->placement);
}

TEST(Graphics, PlacementTransformationIsRead) {
  FlatRun run;
  flattenInto(run, twoStates("S a annotation(Placement(transformation(origin = {20, -30}, extent = {{-10, -5}, "
                             "{10, 5}}, rotation = 90)));",
                             "transition(a, b, x > 2);"));
  ASSERT_TRUE(run.flat) << run.printed();
  const auto* a = instance(*run.flat, "a");
  ASSERT_TRUE(a && a->placement);
  EXPECT_EQ(a->placement->origin.x, 20);
  EXPECT_EQ(a->placement->origin.y, -30);
  EXPECT_EQ(a->placement->extentFirst.x, -10);
  EXPECT_EQ(a->placement->extentFirst.y, -5);
  EXPECT_EQ(a->placement->extentSecond.x, 10);
  EXPECT_EQ(a->placement->extentSecond.y, 5);
  EXPECT_EQ(a->placement->rotation, 90);
}

TEST(Graphics, InitialStateLineIsRead) {
  FlatRun run;
  flattenInto(run, twoStates("S a;", "transition(a, b, x > 2);",
                             "initialState(a) annotation(Line(points = {{-80, 0}, {-60, 0}}));"));
  ASSERT_TRUE(run.flat) << run.printed();
  ASSERT_TRUE(run.flat->initialStates[0].line);
  EXPECT_EQ(run.flat->initialStates[0].line->points.size(), 2u);
  EXPECT_EQ(run.flat->initialStates[0].line->points[0].x, -80);
}

TEST(Graphics, PointsThatAreNotPairsWarnAtTheValueAndDropTheLine) {
  FlatRun run;
  std::string source = twoStates("S a;", "transition(a, b, x > 2) annotation(Line(points = {{1, 2, 3}, {4, 5}}), "
                                         "Text(string = \"%condition\"));");
  flattenInto(run, source);
  ASSERT_TRUE(run.flat) << run.printed();
  EXPECT_FALSE(run.flat->transitions[0].line);
  EXPECT_TRUE(run.flat->transitions[0].text);  // only the malformed graphic goes
  // Line 10, at the value of `points`.
  size_t column = std::string("  transition(a, b, x > 2) annotation(Line(points = ").size() + 1;
  EXPECT_NE(run.printed().find("test.mo:10:" + std::to_string(column) + ": warning: ignoring the Line annotation: "
                               "'points' must be"),
            std::string::npos)
      << run.printed();
  EXPECT_EQ(run.printed().find("error"), std::string::npos);
}

TEST(Graphics, MalformedColorAndExtentWarn) {
  FlatRun run;
  flattenInto(run, twoStates("S a annotation(Placement(transformation(extent = {{0, 0}})));",
                             "transition(a, b, x > 2) annotation(Text(string = \"c\", textColor = {300, 0, 0}));"));
  ASSERT_TRUE(run.flat) << run.printed();
  EXPECT_FALSE(run.flat->transitions[0].text);
  EXPECT_FALSE(instance(*run.flat, "a")->placement);
  EXPECT_NE(run.printed().find("warning: ignoring the Text annotation: 'textColor'"), std::string::npos)
      << run.printed();
  EXPECT_NE(run.printed().find("warning: ignoring the Placement annotation: 'extent'"), std::string::npos)
      << run.printed();
}

TEST(Graphics, NonFiniteCoordinatesAreMalformed) {
  FlatRun run;
  flattenInto(run, twoStates("S a;", "transition(a, b, x > 2) annotation(Line(points = {{1e308 * 10, 0}, {0, 0}}));"));
  ASSERT_TRUE(run.flat) << run.printed();
  EXPECT_FALSE(run.flat->transitions[0].line);
  EXPECT_NE(run.printed().find("warning: ignoring the Line annotation: 'points'"), std::string::npos)
      << run.printed();
}

}  // namespace
