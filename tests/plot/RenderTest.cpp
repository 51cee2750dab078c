// The SVG drawing, parsed back with pugixml: labels and escaping, errors
// for bad requests, line breaks at NaN, steps for discrete signals, padded
// axes for constant data and a single row, and decimation of long results.
#include "plot/Plot.h"

#include "SvgQuery.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace smc::plot;
using namespace smc::plot::test;
using smc::importer::SimulationResult;

namespace {

SimulationResult makeResult(std::vector<std::string> columns, std::vector<std::vector<double>> rows) {
  SimulationResult result;
  result.columns = std::move(columns);
  result.rows = std::move(rows);
  return result;
}

std::string renderOrFail(const SimulationResult& result, const PlotOptions& options = {}) {
  auto svg = renderSvg(result, options);
  EXPECT_TRUE(svg) << svg.error().message;
  return svg ? *svg : std::string();
}

std::string errorOf(const SimulationResult& result, const PlotOptions& options = {}) {
  auto svg = renderSvg(result, options);
  return svg ? std::string("(no error)") : svg.error().message;
}

struct Rect {
  double x, y, width, height;
};

Rect plotFrame(const pugi::xml_document& document) {
  pugi::xml_node rect = document.select_node("//rect[@class='frame']").node();
  return {rect.attribute("x").as_double(), rect.attribute("y").as_double(),
          rect.attribute("width").as_double(), rect.attribute("height").as_double()};
}

}  // namespace

TEST(RenderSvg, HasTitleAxisTitleTickLabelsAndALegendEntryPerSeries) {
  auto result = makeResult({"time", "x", "y"}, {{0, 0, 1}, {1, 0.5, 0.25}, {2, 1, 0}});
  PlotOptions options;
  options.title = "Decay";
  pugi::xml_document svg;
  ASSERT_TRUE(parseSvg(renderOrFail(result, options), svg));
  EXPECT_EQ(svg.document_element().attribute("width").as_double(), 800);
  EXPECT_EQ(svg.document_element().attribute("height").as_double(), 480);
  EXPECT_EQ(texts(svg, "//text[@class='title']"), (std::vector<std::string>{"Decay"}));
  // Two series: the x axis is titled by the first column, the y axis not.
  EXPECT_EQ(texts(svg, "//text[@class='axis-title']"), (std::vector<std::string>{"time"}));
  EXPECT_EQ(texts(svg, "//g[@class='legend']/text"), (std::vector<std::string>{"x", "y"}));
  // x in [0, 2]: step 0.2 would give 11 ticks, so 0.5 steps.
  EXPECT_EQ(texts(svg, "//g[@class='x-axis']/text[not(@class)]"),
            (std::vector<std::string>{"0.0", "0.5", "1.0", "1.5", "2.0"}));
  // Different colors for the two series.
  EXPECT_NE(std::string(seriesNamed(svg, "x").attribute("stroke").value()),
            std::string(seriesNamed(svg, "y").attribute("stroke").value()));
}

TEST(RenderSvg, OneVariableTitlesTheYAxisAndOptionsChooseIt) {
  auto result = makeResult({"time", "x", "y"}, {{0, 0, 1}, {1, 0.5, 0.25}});
  PlotOptions options;
  options.variables = {"y"};
  pugi::xml_document svg;
  ASSERT_TRUE(parseSvg(renderOrFail(result, options), svg));
  EXPECT_EQ(texts(svg, "//text[@class='axis-title']"), (std::vector<std::string>{"time", "y"}));
  EXPECT_TRUE(seriesNamed(svg, "y"));
  EXPECT_FALSE(seriesNamed(svg, "x"));
  EXPECT_EQ(texts(svg, "//text[@class='title']").size(), 0u);
}

TEST(RenderSvg, EscapesNamesEverywhere) {
  std::vector<std::string> names = {"t<0>", "a<b", "activeState(off)", "say \"hi\" & 'bye'"};
  auto result = makeResult(names, {{0, 1, 2, 3}, {1, 2, 3, 4}});
  PlotOptions options;
  options.title = "x & y <plot>";
  pugi::xml_document svg;
  ASSERT_TRUE(parseSvg(renderOrFail(result, options), svg));
  EXPECT_EQ(texts(svg, "//g[@class='legend']/text"),
            (std::vector<std::string>{"a<b", "activeState(off)", "say \"hi\" & 'bye'"}));
  EXPECT_EQ(texts(svg, "//text[@class='title']"), (std::vector<std::string>{"x & y <plot>"}));
  EXPECT_EQ(texts(svg, "//text[@class='axis-title']"), (std::vector<std::string>{"t<0>"}));
  EXPECT_TRUE(seriesNamed(svg, "say \"hi\" & 'bye'"));
}

TEST(RenderSvg, UnknownVariableSuggestsCloseNames) {
  auto result = makeResult({"time", "speed", "speedRef"}, {{0, 1, 2}});
  PlotOptions options;
  options.variables = {"speed", "sped"};
  EXPECT_EQ(errorOf(result, options), "no variable named 'sped' in the result; did you mean 'speed'?");
  options.variables = {"zzz"};
  result.modelName = "Drive";
  EXPECT_EQ(errorOf(result, options), "no variable named 'zzz' in the result of model 'Drive'");
}

TEST(RenderSvg, RefusesResultsWithNothingToDraw) {
  EXPECT_EQ(errorOf(makeResult({"time", "x"}, {})), "the result has no rows to plot");
  EXPECT_EQ(errorOf(makeResult({}, {})), "the result has no columns");
  EXPECT_EQ(errorOf(makeResult({"time"}, {{0}, {1}})),
            "nothing to plot: the result has only the column 'time'");
  EXPECT_EQ(errorOf(makeResult({"time", "x"}, {{0, 1}, {NAN, 2}})),
            "column 'time' is the x axis and must hold finite numbers, but row 2 holds nan");
  EXPECT_EQ(errorOf(makeResult({"time", "x"}, {{0, 1}, {1}})),
            "row 2 of the result has 1 values for 2 columns");
}

TEST(RenderSvg, RefusesSizesWithoutRoomForAPlot) {
  auto result = makeResult({"time", "x"}, {{0, 1}, {1, 2}});
  PlotOptions options;
  options.width = 120;
  EXPECT_EQ(errorOf(result, options), "the plot size 120x480 is too small for the axes, labels and legend");
  options.width = NAN;
  EXPECT_EQ(errorOf(result, options), "the plot size nanx480 is not a positive size in pixels");
}

TEST(RenderSvg, NanAndInfinityStartANewPolyline) {
  // Runs of finite samples: rows 0-2, 4-6 and 8-9. Non-integer values, so
  // no steps.
  std::vector<std::vector<double>> rows;
  for (int i = 0; i < 10; ++i) rows.push_back({double(i), i == 3 ? NAN : i == 7 ? INFINITY : i + 0.5});
  pugi::xml_document svg;
  ASSERT_TRUE(parseSvg(renderOrFail(makeResult({"time", "v"}, rows)), svg));
  pugi::xml_node series = seriesNamed(svg, "v");
  ASSERT_TRUE(series);
  std::vector<std::size_t> sizes;
  for (pugi::xml_node line : series.children("polyline")) sizes.push_back(polylinePoints(line).size());
  EXPECT_EQ(sizes, (std::vector<std::size_t>{3, 3, 2}));
}

TEST(RenderSvg, IntegerSeriesAreDrawnAsSteps) {
  auto result = makeResult({"time", "count", "level"},
                           {{0, 0, 0.5}, {1, 2, 1.5}, {2, 2, 0.25}, {3, -1, 1.0}});
  pugi::xml_document svg;
  ASSERT_TRUE(parseSvg(renderOrFail(result), svg));
  // Steps: every segment is horizontal or vertical; 4 samples with 2 value
  // changes after the first give 4 + 2 points.
  auto steps = polylinePoints(seriesNamed(svg, "count").child("polyline"));
  EXPECT_EQ(steps.size(), 6u);
  for (std::size_t i = 1; i < steps.size(); ++i) {
    EXPECT_TRUE(steps[i].first == steps[i - 1].first || steps[i].second == steps[i - 1].second) << i;
  }
  // The continuous series joins samples directly: diagonal segments.
  auto direct = polylinePoints(seriesNamed(svg, "level").child("polyline"));
  ASSERT_EQ(direct.size(), 4u);
  EXPECT_NE(direct[0].first, direct[1].first);
  EXPECT_NE(direct[0].second, direct[1].second);
}

TEST(RenderSvg, ConstantSeriesSitsMidwayOnAPaddedAxis) {
  auto result = makeResult({"time", "k"}, {{0, 5}, {1, 5}, {2, 5}});
  pugi::xml_document svg;
  ASSERT_TRUE(parseSvg(renderOrFail(result), svg));
  // 5 is padded by 10% to [4.5, 5.5]; step 0.1 would give 11 ticks.
  EXPECT_EQ(texts(svg, "//g[@class='y-axis']/text[not(@class)]"),
            (std::vector<std::string>{"4.6", "4.8", "5.0", "5.2", "5.4"}));
  Rect frame = plotFrame(svg);
  for (auto [x, y] : polylinePoints(seriesNamed(svg, "k").child("polyline"))) {
    EXPECT_NEAR(y, frame.y + frame.height / 2, 0.11);
  }
}

TEST(RenderSvg, SingleRowIsADotOnPaddedAxes) {
  auto result = makeResult({"time", "x"}, {{2, 0}});
  pugi::xml_document svg;
  ASSERT_TRUE(parseSvg(renderOrFail(result), svg));
  pugi::xml_node series = seriesNamed(svg, "x");
  EXPECT_FALSE(series.child("polyline"));
  pugi::xml_node dot = series.child("circle");
  ASSERT_TRUE(dot);
  // time 2 is padded to [1.8, 2.2], value 0 to [-1, 1]: the dot is centred.
  Rect frame = plotFrame(svg);
  EXPECT_NEAR(dot.attribute("cx").as_double(), frame.x + frame.width / 2, 0.11);
  EXPECT_NEAR(dot.attribute("cy").as_double(), frame.y + frame.height / 2, 0.11);
  EXPECT_GE(texts(svg, "//g[@class='x-axis']/text[not(@class)]").size(), 3u);
}

TEST(RenderSvg, AllNanSeriesStillGetsAxesAndALegendEntry) {
  auto result = makeResult({"time", "x"}, {{0, NAN}, {1, NAN}});
  pugi::xml_document svg;
  ASSERT_TRUE(parseSvg(renderOrFail(result), svg));
  EXPECT_FALSE(seriesNamed(svg, "x").child("polyline"));
  EXPECT_EQ(texts(svg, "//g[@class='legend']/text"), (std::vector<std::string>{"x"}));
}

TEST(RenderSvg, HundredThousandRowsStaySmallAndKeepASingleSampleSpike) {
  constexpr std::size_t count = 100000;
  constexpr std::size_t spike = 77777;
  std::vector<std::vector<double>> rows(count);
  for (std::size_t i = 0; i < count; ++i) {
    double t = 10.0 * static_cast<double>(i) / (count - 1);
    rows[i] = {t, i == spike ? 10.0 : std::sin(3 * t)};
  }
  std::string text = renderOrFail(makeResult({"time", "x"}, rows));
  EXPECT_LT(text.size(), 100'000u);
  pugi::xml_document svg;
  ASSERT_TRUE(parseSvg(text, svg));
  auto points = polylinePoints(seriesNamed(svg, "x").child("polyline"));
  EXPECT_LE(points.size(), 4u * 800u);  // at most four per pixel column
  // y in [-1, 10] is padded by 5% of 11 to [-1.55, 10.55]: the spike's
  // pixel lies 0.55/12.1 of the height below the frame's top.
  Rect frame = plotFrame(svg);
  double highest = std::min_element(points.begin(), points.end(), [](auto a, auto b) {
                     return a.second < b.second;
                   })->second;
  EXPECT_NEAR(highest, frame.y + frame.height * 0.55 / 12.1, 0.11);
}

TEST(RenderSvg, ColorsCycleWithADashPatternAfterTen) {
  std::vector<std::string> names = {"time"};
  std::vector<double> row = {0};
  for (int i = 0; i < 12; ++i) {
    names.push_back("s" + std::to_string(i));
    row.push_back(i + 0.5);
  }
  std::vector<double> next = row;
  next[0] = 1;
  pugi::xml_document svg;
  ASSERT_TRUE(parseSvg(renderOrFail(makeResult(names, {row, next})), svg));
  pugi::xml_node first = seriesNamed(svg, "s0"), eleventh = seriesNamed(svg, "s10");
  EXPECT_EQ(std::string(first.attribute("stroke").value()), eleventh.attribute("stroke").value());
  EXPECT_FALSE(first.attribute("stroke-dasharray"));
  EXPECT_TRUE(eleventh.attribute("stroke-dasharray"));
  std::vector<std::string> strokes;
  for (int i = 0; i < 10; ++i) strokes.push_back(seriesNamed(svg, "s" + std::to_string(i)).attribute("stroke").value());
  std::sort(strokes.begin(), strokes.end());
  EXPECT_EQ(std::unique(strokes.begin(), strokes.end()), strokes.end());
}

TEST(RenderSvg, LegendThatDoesNotFitSaysHowManyAreLeftOut) {
  std::vector<std::string> names = {"time"};
  std::vector<double> row = {0};
  for (int i = 0; i < 40; ++i) {
    names.push_back("s" + std::to_string(i));
    row.push_back(i);
  }
  std::vector<double> next = row;
  next[0] = 1;
  PlotOptions options;
  options.height = 300;
  pugi::xml_document svg;
  ASSERT_TRUE(parseSvg(renderOrFail(makeResult(names, {row, next}), options), svg));
  // The plot is 300 - 14 - 52 = 234 pixels high: 13 rows of 18 pixels,
  // 12 names and the summary.
  std::vector<std::string> legend = texts(svg, "//g[@class='legend']/text");
  ASSERT_EQ(legend.size(), 13u);
  EXPECT_EQ(legend.back(), "\u2026 and 28 more");
  EXPECT_EQ(svg.select_nodes("//g[@class='series']").size(), 40u);  // all are drawn
}

TEST(RenderSvg, LongNamesAreShortenedFromTheFrontInTheLegend) {
  std::string name = "a" + std::string(200, 'b') + ".tail";
  pugi::xml_document svg;
  ASSERT_TRUE(parseSvg(renderOrFail(makeResult({"time", name}, {{0, 1}, {1, 2}})), svg));
  std::vector<std::string> legend = texts(svg, "//g[@class='legend']/text");
  ASSERT_EQ(legend.size(), 1u);
  EXPECT_LT(legend[0].size(), name.size());
  EXPECT_EQ(legend[0].rfind("\u2026", 0), 0u);
  EXPECT_EQ(legend[0].substr(legend[0].size() - 5), ".tail");
  EXPECT_TRUE(seriesNamed(svg, name));  // the tooltip keeps the whole name
}
